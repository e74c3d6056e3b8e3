#!/bin/bash
# Boot the patched i386 kernel under QEMU once per qemu-test/cases/*.case
# (but hostile-*.case: 55-hostile.sh runs those and prints their table).
. "$(dirname "$0")/lib-test.sh"
export ARCH=i386
cases=$(ls "$TOP"/qemu-test/cases/*.case | grep -v '/hostile-[^/]*\.case$')
need_i386_guest case $cases
"$TOP/scripts/boot.sh" $cases | result_lines
exit 0
