#!/bin/bash
# Boot the patched i386 kernel under QEMU once per qemu-test/cases/*.case
# (but hostile-*.case: 55-hostile.sh runs those and prints their table).
. "$(dirname "$0")/lib-test.sh"
export ARCH=i386
cases=$(ls "$TOP"/qemu-test/cases/*.case | grep -v '/hostile-[^/]*\.case$')
if ! check_ksrc "$KSRC" 2>/dev/null; then
	for c in $cases; do skip "case $(basename "$c" .case): no 2.5.50 tree at KSRC=$KSRC"; done
	exit 0
fi
if ! command -v qemu-system-i386 >/dev/null; then
	for c in $cases; do skip "case $(basename "$c" .case): qemu-system-i386 missing (apt-get install qemu-system-x86)"; done
	exit 0
fi
quiet make -s -C "$TOP" modules init || { fail "qemu i386: kernel, modules or init do not build"; exit 0; }
"$TOP/scripts/boot.sh" $cases | grep -a -E '^(PASS|FAIL|SKIP|      console)'
exit 0
