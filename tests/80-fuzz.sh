#!/bin/bash
# A short libFuzzer run over kernel/params.c (make fuzz runs the long
# one), then every file of tests/fuzz/corpus once: the seeds and every
# crash found so far; the same for the loader's .modinfo reading
# (tests/fuzz/modinfo-fuzz.c, corpus-modinfo).
. "$(dirname "$0")/lib-test.sh"
need_tree_or_skip "fuzz: params.c short run" "fuzz: corpus regression" \
	"fuzz: .modinfo reading short run" "fuzz: .modinfo corpus regression"
SECS=${FUZZ_CHECK_SECONDS:-15}
if ! command -v clang >/dev/null; then
	skip "fuzz: params.c: clang missing (apt-get install clang libclang-rt-14-dev)"
	exit 0
fi
quiet "$TOP/scripts/prepare-tree.sh" || { fail "fuzz: tree"; exit 0; }
if [ ! -f "$TREE/kernel/params.c" ]; then
	skip "fuzz: params.c: the series has no kernel/params.c yet"
	exit 0
fi
O=$BUILD/fuzz
rm -rf "$O/corpus" "$O/artifacts"
log=$BUILD/fuzz-check.log
if make -s -C "$TOP/tests/fuzz" TREE="$TREE" O="$O" SECONDS="$SECS" run > "$log" 2>&1 &&
   [ -z "$(ls -A "$O/artifacts" 2>/dev/null)" ]; then
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	cov=$(grep -o 'DONE *cov: [0-9]*' "$log" | grep -o '[0-9]*$')
	seed=$(sed -n 's/^INFO: Seed: //p' "$log")
	pass "fuzz: params.c: $runs executions in $SECS s (seed $seed), no crash, leak or sanitizer report (edge coverage $cov)"
else
	fail "fuzz: params.c: crash or sanitizer report, seed $(sed -n 's/^INFO: Seed: //p' "$log") (log $log, inputs in $O/artifacts)"
	grep -E 'ERROR|SUMMARY|runtime error' "$log" | head -5 | sed 's/^/    | /'
fi
if make -s -C "$TOP/tests/fuzz" TREE="$TREE" O="$O" regress > "$log.regress" 2>&1; then
	pass "fuzz: all $(ls "$TOP/tests/fuzz/corpus" | wc -l) corpus inputs (seeds and past crashes) run clean"
else
	fail "fuzz: a corpus input crashes (log $log.regress)"
fi

# The loader's .modinfo reading (module-license.patch).
if ! grep -q '^/\* The licences of 2.4 that are GPL-compatible' "$TREE/kernel/module.c"; then
	skip "fuzz: .modinfo reading: the series does not read .modinfo (module-license.patch)"
	exit 0
fi
rm -rf "$O/corpus-modinfo" "$O/artifacts-modinfo"
if make -s -C "$TOP/tests/fuzz" TREE="$TREE" O="$O" SECONDS="$SECS" run-modinfo > "$log.modinfo" 2>&1 &&
   [ -z "$(ls -A "$O/artifacts-modinfo" 2>/dev/null)" ]; then
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log.modinfo")
	seed=$(sed -n 's/^INFO: Seed: //p' "$log.modinfo")
	pass "fuzz: .modinfo reading: $runs executions in $SECS s (seed $seed), no crash, over-read or wrong answer"
else
	fail "fuzz: .modinfo reading: crash or report, seed $(sed -n 's/^INFO: Seed: //p' "$log.modinfo") (log $log.modinfo, inputs in $O/artifacts-modinfo)"
	grep -E 'ERROR|SUMMARY|runtime error|deadly' "$log.modinfo" | head -5 | sed 's/^/    | /'
fi
if make -s -C "$TOP/tests/fuzz" TREE="$TREE" O="$O" regress-modinfo > "$log.modinfo-regress" 2>&1; then
	pass "fuzz: all $(ls "$TOP/tests/fuzz/corpus-modinfo" | wc -l) .modinfo corpus inputs run clean"
else
	fail "fuzz: a .modinfo corpus input fails (log $log.modinfo-regress)"
fi
exit 0
