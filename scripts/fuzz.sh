#!/bin/bash
# make fuzz: the long libFuzzer run over kernel/params.c of the patched
# tree: FUZZ_RUNS executions (default ten million), at most FUZZ_SECONDS.
# FUZZ_SEED=N repeats a run (the same seed, corpus and runs); without it
# a seed is drawn and printed.  FUZZ_TARGET=modinfo fuzzes the loader's
# .modinfo reading instead (tests/fuzz/modinfo-fuzz.c), FUZZ_TARGET=elf
# its ELF checks (tests/fuzz/elf-fuzz.c).
. "$(dirname "$0")/lib.sh"
# tests/fuzz/Makefile names each target's run, corpus and artifacts
# with the same suffix: run, corpus/ / run-modinfo, corpus-modinfo/.
case ${FUZZ_TARGET:-params} in
params)	sfx= what=params.c ;;
modinfo) sfx=-modinfo what="the .modinfo reading of kernel/module.c" ;;
elf)	sfx=-elf what="the ELF checks of kernel/module.c" ;;
*)	die "FUZZ_TARGET=$FUZZ_TARGET: want params, modinfo or elf" ;;
esac
runs=${FUZZ_RUNS:-10000000}
secs=${FUZZ_SECONDS:-1800}
seed=${FUZZ_SEED:-$(( $(od -An -N4 -tu4 /dev/urandom) % 2147483647 + 1 ))}
case "$seed" in *[!0-9]*|0|"") die "FUZZ_SEED=$seed: want a number from 1 to 2147483647" ;; esac
need_tools clang:clang
"$TOP/scripts/prepare-tree.sh" || exit 1
[ -f "$TREE/kernel/params.c" ] || die "the series has no kernel/params.c"
O=$BUILD/fuzz
log=$BUILD/fuzz.log
msg "fuzzing $what: $runs runs or $secs s, seed $seed (FUZZ_SEED=$seed repeats it), corpus in $O/corpus$sfx"
rm -rf "$O/corpus$sfx" "$O/artifacts$sfx"
t0=$(now)
make -s -C "$TOP/tests/fuzz" TREE="$TREE" O="$O" RUNS="$runs" SECONDS="$secs" SEED="$seed" run$sfx \
	> "$log" 2>&1
rc=$?
# No seed line: libFuzzer never started, the fuzzer did not build.
if [ $rc -ne 0 ] && [ -z "$(fuzz_stat "$log" seed)" ]; then
	grep -E '^\*\*\*|error' "$log" | head >&2
	die "the fuzzer of $what does not build (log $log)"
fi
grep -E '^#[0-9]+.*(pulse|DONE)' "$log" | tail -3
grep '^stat::' "$log"
if [ $rc -ne 0 ] || [ -n "$(ls -A "$O/artifacts$sfx" 2>/dev/null)" ]; then
	grep -E 'ERROR|SUMMARY|runtime error' "$log" | head
	die "fuzzer found a crash (seed $seed): inputs in $O/artifacts$sfx; add each to tests/fuzz/corpus$sfx/ and a unit test"
fi
msg "seed $seed: no crash in $(fuzz_stat "$log" runs) executions ($(elapsed "$t0") s), edge coverage $(fuzz_stat "$log" cov)"
