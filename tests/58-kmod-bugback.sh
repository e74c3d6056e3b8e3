#!/bin/bash
# The kmod cases against the bugs of /sys/module/NAME put back (doc/kmod.md):
# tests/bugback/sysmod/sysfs-module-bugs.patch brings back one bug per
# bit of the boot parameter "sysmodbug=N"; on the kernel tests/54 builds
# with it ($BUILD/i386-sysmod-bugback), qemu-test/busybox/cases/
# kmod-bad.case (bad input: /sys/module must stay as it was) and
# kmod-insmod.case must fail on each bug they are for, at the line that
# checks it, and pass with sysmodbug=0.  tests/54 runs first in make
# check; run alone, this runs it to build that kernel.
. "$(dirname "$0")/lib-test.sh"
export ARCH=i386
# bit|what|case|a piece of run_cases.py's FAIL line that that bug gives
bugs='
1|no directory without a visible parameter|kmod-insmod|expected '\''^live$'\''
2|refcnt always 0|kmod-bad|Module licgpl is in use
8|a failed init leaves its directory|kmod-bad|unexpected '\''Oops
16|a long name cut to 15 characters|kmod-bad|expected '\''^sysparm_long_name: name longer than 15 characters'\''
32|the directory removed before a refused unload|kmod-bad|unexpected '\''^sysfs: changed'\''
'
labels="kmod bug-back sysmodbug=0 $(echo "$bugs" | cut -d'|' -f1 | sed '/^$/d; s/^/sysmodbug=/' | tr '\n' ' ')"
need_i386_guest "kmod bug-back" $labels
CASES=$TOP/qemu-test/busybox/cases

root=$("$TOP/scripts/build-busybox.sh" 2> /dev/null | tail -1)
if [ ! -x "$root/bin/kmod" ]; then
	why=$(tr '\n' ' ' < "$root/kmod-missing" 2>/dev/null)
	for l in $labels; do skip "kmod bug-back $l: kmod or busybox cannot be had: ${why:-see tests/52-busybox.sh}"; done
	exit 0
fi

B=$BUILD/i386-sysmod-bugback
img=$B/i386/linux-2.5.50/arch/i386/boot/bzImage
if [ ! -f "$img" ] || [ -n "$(find "$TOP/patches" "$TOP/tests/bugback/sysmod" -newer "$img" -name '*.patch' 2>/dev/null | head -1)" ] ||
   [ "$TOP/patches/series" -nt "$img" ]; then
	quiet bash "$TOP/tests/54-sysfs-module.sh"
fi
if [ ! -f "$img" ] || ! grep -q ' sysmodbug$' "$B/i386/linux-2.5.50/System.map" 2>/dev/null; then
	fail "kmod bug-back: no bug-back kernel ($img with sysmodbug): tests/54-sysfs-module.sh did not build it"
	exit 0
fi

out=$B/kmod-bugback-0.out
APPEND="sysmodbug=0" BUILD=$B GUEST_ROOT=$root "$TOP/scripts/boot.sh" \
	"$CASES/kmod-bad.case" "$CASES/kmod-insmod.case" > "$out" 2>&1
if grep -q 'VERDICT: PASS' "$out"; then
	pass "kmod bug-back sysmodbug=0: kmod-bad and kmod-insmod pass on the bug-back kernel without a bug"
else
	fail "kmod bug-back sysmodbug=0: fails without a bug: $(grep -a -m1 '^FAIL' "$out" | cut -c1-200)"
fi
echo "$bugs" | while IFS='|' read -r bit what case sign; do
	[ -n "$bit" ] || continue
	out=$B/kmod-bugback-$bit.out
	APPEND="sysmodbug=$bit" BUILD=$B GUEST_ROOT=$root "$TOP/scripts/boot.sh" "$CASES/$case.case" > "$out" 2>&1
	bugback_verdict "kmod bug-back sysmodbug=$bit ($what): $case" "$out" "$sign"
done
exit 0
