#!/bin/bash
# The series on two CPUs, with preemption and 2.5.50's debug options
# (issue 33; kernel-config/i386-smp: SMP, PREEMPT, DEBUG_SLAB,
# DEBUG_SPINLOCK, DEBUG_SPINLOCK_SLEEP, MAGIC_SYSRQ), in its own tree
# ($BUILD/i386-smp), booted with two CPUs (scripts/arch/i386-smp.sh):
#  - every qemu-test case, smp-stress.case's 12000 concurrent operations
#    among them, and the busybox guest's cases;
#  - the bug put back: the series with tests/bugback/*.patch on top
#    ($BUILD/i386-smp-bugback) must fail smp-stress.case and
#    sysfs-params.case, or the stress shows nothing.
. "$(dirname "$0")/lib-test.sh"
export ARCH=i386
OUTER=$BUILD
cases=$(ls "$TOP"/qemu-test/cases/*.case)
bb_cases=$(ls "$TOP"/qemu-test/busybox/cases/*.case 2>/dev/null)
export BUILD=$OUTER/i386-smp KCONFIG=i386-smp
need_i386_guest smp $cases
log=$BUILD/i386/logs/boot.log

# Every case, two CPUs.
"$TOP/scripts/boot.sh" $cases | grep -a -E '^(PASS|FAIL|SKIP|XFAIL|      )' |
	sed 's/^\(PASS\|FAIL\|SKIP\|XFAIL\): case /\1: smp case /'
if grep -q '^Total of 2 processors activated' "$log"; then
	pass "smp: two CPUs up ($(grep -m1 '^Total of 2 processors' "$log"))"
else
	fail "smp: boot.case did not bring up two CPUs (log: $log)"
fi

# The busybox guest's cases (its root is built once, in $OUTER).
root=$(BUILD=$OUTER "$TOP/scripts/build-busybox.sh" 2> "$BUILD/busybox-build.out" | tail -1)
rc=$?
if [ $rc -eq 2 ]; then
	why=$(grep '^\*\*\* ' "$BUILD/busybox-build.out" | head -1 | sed 's/^\*\*\* //')
	for c in $bb_cases; do skip "smp busybox $(basename "$c" .case): busybox cannot be had: $why"; done
elif [ $rc -ne 0 ] || [ ! -x "$root/bin/busybox" ]; then
	fail "smp busybox: scripts/build-busybox.sh failed (log: $BUILD/busybox-build.out)"
else
	GUEST_ROOT=$root "$TOP/scripts/boot.sh" $bb_cases | grep -a -E '^(PASS|FAIL|SKIP|XFAIL|      )' |
		sed 's/^\(PASS\|FAIL\|SKIP\|XFAIL\): case /\1: smp busybox case /'
fi

# The bug put back: the same tree and config with a test patch on top.
P=$OUTER/i386-smp-bugback/patches
rm -rf "$P"
mkdir -p "$P"
cp -a "$TOP"/patches/. "$P"/
for b in "$TOP"/tests/bugback/*.patch; do
	cp "$b" "$P/"
	echo "$(basename "$b")" >> "$P/series"
done
export BUILD=$OUTER/i386-smp-bugback PATCHES_DIR=$P
if ! quiet make -s -C "$TOP" ARCH=i386 modules init; then
	fail "smp bug-back: the series with tests/bugback/*.patch does not build"
	exit 0
fi
for c in smp-stress sysfs-params; do
	"$TOP/scripts/boot.sh" "$TOP/qemu-test/cases/$c.case" > "$BUILD/$c.out" 2>&1
	why=$(grep -a -m1 -E 'Oops|kernel BUG|Unable to handle|unexpected|no shutdown' \
		"$BUILD/i386/logs/$c.log" "$BUILD/$c.out" | cut -c1-120 | sed 's/^[^:]*: *//')
	if grep -q 'VERDICT: FAIL' "$BUILD/$c.out"; then
		pass "smp bug-back: $c fails with the double removal put back (${why:-failed})"
	else
		fail "smp bug-back: $c passes with the double removal put back: it cannot find that bug"
	fi
done
exit 0
