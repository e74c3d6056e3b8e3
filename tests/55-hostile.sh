#!/bin/bash
# Hostile input (issue 3): boot the patched i386 kernel with every
# qemu-test/cases/hostile-*.case (hostile module arguments and boot
# command lines; 50-qemu-i386.sh leaves these to us).  Each case's
# table (its row: lines: input, expected) is printed by
# scripts/run_cases.py, each row with what came of it and its verdict,
# above the case's own line; run_cases.py owns the whole verdict: a
# case with an "xfail: WHY" line shows a kernel bug that is reported and
# not fixed yet, and its failure is an XFAIL naming the bug (never a
# pass), a FAIL where the kernel died (doc/cases.md).
. "$(dirname "$0")/lib-test.sh"
export ARCH=i386
cases=$(ls "$TOP"/qemu-test/cases/hostile-*.case 2>/dev/null)
[ -n "$cases" ] || { fail "hostile: no qemu-test/cases/hostile-*.case"; exit 0; }
need_i386_guest hostile $cases
# boot.sh's status is this script's: 1 after a FAIL line; else, where
# it died, lib-test.sh's exit makes it a crash (2).
"$TOP/scripts/boot.sh" $cases 2>&1 | tee "$BUILD/$ARCH/hostile.out" | case_lines hostile
exit "${PIPESTATUS[0]}"
