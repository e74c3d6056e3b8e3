#!/bin/bash
# Boot the patched i386 kernel under QEMU once per qemu-test/cases/*.case
# (but hostile-*.case: 55-hostile.sh runs those and prints their table).
. "$(dirname "$0")/lib-test.sh"
export ARCH=i386
cases=$(ls "$TOP"/qemu-test/cases/*.case | grep -v '/hostile-[^/]*\.case$')
need_i386_guest case $cases
# boot.sh's status is this script's (1 after a FAIL line; a crash else).
"$TOP/scripts/boot.sh" $cases | result_lines
exit "${PIPESTATUS[0]}"
