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
"$TOP/scripts/boot.sh" $cases | case_lines smp
if grep -a -q 'Total of 2 processors activated' "$log"; then
	pass "smp: two CPUs up (Total of 2 processors activated)"
else
	fail "smp: boot.case did not bring up two CPUs (log: $log)"
fi

# The busybox guest's cases, with this tree's modules in its root; the
# busybox binary does not depend on the kernel: tests/52's, if built.
mkdir -p "$BUILD/i386/busybox"
[ -d "$OUTER/i386/busybox/src" ] && [ ! -e "$BUILD/i386/busybox/src" ] &&
	ln -s "$OUTER/i386/busybox/src" "$BUILD/i386/busybox/src"
labels=()
for c in $bb_cases; do labels+=("smp busybox $(basename "$c" .case)"); done
if busybox_root "$BUILD/busybox-build.out" - "${labels[@]}"; then
	bb_runnable "smp busybox" $bb_cases
	GUEST_ROOT=$BB_ROOT "$TOP/scripts/boot.sh" $BB_RUN | case_lines "smp busybox"
fi

# The bug put back: the same tree and config with a test patch on top,
# in a copy of the built tree (only what the patch touches is rebuilt).
bugback_tree "smp bug-back" "$BUILD" "$OUTER/i386-smp-bugback" fs/sysfs/inode.c 'TEST ONLY' \
	"$TOP"/tests/bugback/*.patch || exit 0
for c in smp-stress sysfs-params; do
	boot_bg "$BUILD/$c.out" "$TOP/qemu-test/cases/$c.case"
done
boot_wait
for c in smp-stress sysfs-params; do
	why=$(cat "$BUILD/$c.out.logs/$c.log" "$BUILD/$c.out" 2> /dev/null |
		grep -a -m1 -E 'Oops|kernel BUG|Unable to handle|unexpected|no shutdown' | cut -c1-100)
	if grep -q 'VERDICT: FAIL' "$BUILD/$c.out"; then
		pass "smp bug-back: $c fails with the double removal put back (${why:-failed})"
	else
		fail "smp bug-back: $c passes with the double removal put back: it cannot find that bug"
	fi
done
exit 0
