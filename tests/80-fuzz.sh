#!/bin/bash
# A short libFuzzer run over kernel/params.c (make fuzz runs the long
# one), then every file of tests/fuzz/corpus once: the seeds and every
# crash found so far; the same for the loader's .modinfo reading
# (tests/fuzz/modinfo-fuzz.c, corpus-modinfo) and its ELF checks
# (tests/fuzz/elf-fuzz.c, corpus-elf).
. "$(dirname "$0")/lib-test.sh"
need_tree_or_skip "fuzz: params.c short run" "fuzz: corpus regression" \
	"fuzz: .modinfo reading short run" "fuzz: .modinfo corpus regression" \
	"fuzz: ELF checks short run" "fuzz: ELF checks corpus regression"
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

# fuzz_target SFX NAME CLEAN: a SECS-second run of tests/fuzz's target
# run$SFX (scratch corpus$SFX, artifacts$SFX beside it), then each input
# of tests/fuzz/corpus$SFX once (target regress$SFX).  CLEAN says what a
# clean run proves.
fuzz_target() {
	local sfx=$1 name=$2 clean=$3 log=$BUILD/fuzz-check$1.log
	rm -rf "$O/corpus$sfx" "$O/artifacts$sfx"
	if make -s -C "$TOP/tests/fuzz" TREE="$TREE" O="$O" SECONDS="$SECS" run$sfx > "$log" 2>&1 &&
	   [ -z "$(ls -A "$O/artifacts$sfx" 2>/dev/null)" ]; then
		pass "fuzz: $name: $(fuzz_stat "$log" runs) executions in $SECS s (seed $(fuzz_stat "$log" seed)), $clean (edge coverage $(fuzz_stat "$log" cov))"
	elif [ -z "$(fuzz_stat "$log" seed)" ]; then
		# No seed line: libFuzzer never started.
		fail "fuzz: $name: the fuzzer does not build (log $log)"
		grep -E '^\*\*\*|error' "$log" | head -5 | sed 's/^/    | /'
	else
		fail "fuzz: $name: crash or report, seed $(fuzz_stat "$log" seed) (log $log, inputs in $O/artifacts$sfx)"
		grep -E 'ERROR|SUMMARY|runtime error|deadly' "$log" | head -5 | sed 's/^/    | /'
	fi
	if make -s -C "$TOP/tests/fuzz" TREE="$TREE" O="$O" regress$sfx > "$log.regress" 2>&1; then
		pass "fuzz: $name: all $(ls "$TOP/tests/fuzz/corpus$sfx" | wc -l) corpus$sfx inputs (seeds and past crashes) run clean"
	else
		fail "fuzz: $name: a corpus$sfx input fails (log $log.regress)"
	fi
}

fuzz_target "" params.c "no crash, leak or sanitizer report"
# The loader's .modinfo reading (module-license.patch).
if ! grep -q '^/\* The licences of 2.4 that are GPL-compatible' "$TREE/kernel/module.c"; then
	skip "fuzz: .modinfo reading: the series does not read .modinfo (module-license.patch)"
	exit 0
fi
fuzz_target -modinfo ".modinfo reading" "no crash, over-read or wrong answer"
# The loader's ELF checks (module-elf-checks.patch).
if ! grep -q "^/\* The module file's ELF checks" "$TREE/kernel/module.c"; then
	skip "fuzz: ELF checks: the series does not check the ELF file (module-elf-checks.patch)"
	exit 0
fi
fuzz_target -elf "ELF checks" "no crash, over-read or file accepted that the loader would misread"
exit 0
