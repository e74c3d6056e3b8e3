#!/bin/bash
# The module fuzzer in the i386 guest (doc/module-fuzz.md), a share of
# make fuzz-modules: MODFUZZ_CHECK_RUNS damaged copies of the test
# modules (default 2000), a fresh seed each run, section flags and types
# damaged too (printed: MODFUZZ_SEED=N MODFUZZ_FLAGS=yes make
# fuzz-modules repeats it).  Every other booted arch runs a fixed
# share with qemu-test/cases/modfuzz.case (tests/50, tests/60).
. "$(dirname "$0")/lib-test.sh"
need_i386_guest "modfuzz:" "i386 guest"
runs=${MODFUZZ_CHECK_RUNS:-2000}
log=$BUILD/modfuzz-check.log
if ARCH=i386 MODFUZZ_FLAGS=yes MODFUZZ_RUNS=$runs "$TOP/scripts/modfuzz.sh" > "$log" 2>&1; then
	pass "modfuzz: i386: $(sed -n 's/^>>> seed \([0-9]*\): \([0-9]*\) inputs, .*(\(.*\) s)$/\2 damaged modules, seed \1, in \3 s/p' "$log"): no Oops, panic, reset or hang, each refused with an errno or loaded and unloaded, $(grep -a -o 'lost -\?[0-9]* kB' "$log" | tail -1) of MemFree"
else
	fail "modfuzz: i386: $(grep -a -E '^\*\*\* ' "$log" | head -1 | cut -c5-) (log $log)"
	grep -a -E '^(FAIL|    \||\*\*\*)' "$log" | head -12 | sed 's/^/    | /'
fi
exit 0
