#!/bin/bash
# Boot the built kernel with the given cases; one case shows its console.
. "$(dirname "$0")/lib.sh"
# scripts/arch/$ARCH-boot.sh may set qemu, qemu_pkg, kernel, qemu_opts
# and guest (properties for the cases' KEY[NAME=VALUE] lines).
qemu=qemu-system-i386 qemu_pkg=qemu-system-x86 kernel=$TREE/arch/i386/boot/bzImage
qemu_opts=()
guest=()	# run-cases.py's GUEST_DEFAULTS are i386's
[ -f "$TOP/scripts/arch/$ARCH-boot.sh" ] && . "$TOP/scripts/arch/$ARCH-boot.sh"
# An arch QEMU cannot run (ia64: Ski) says so in scripts/arch/$ARCH.sh:
# boot_setup prints its command line for run-cases.py --cmd, or fails
# saying why.
cmd=() emu=$qemu:$qemu_pkg
arch_load
if declare -F boot_setup > /dev/null; then
	c=$(boot_setup) || die "no emulator for $ARCH (above)"
	cmd=(--cmd "$c") emu=
fi
need_tools $emu mke2fs:e2fsprogs debugfs:e2fsprogs python3:python3
[ $# -gt 0 ] || die "usage: boot.sh CASE..."
G=$BUILD/$ARCH/guest
[ -f "$kernel" ] || die "no $kernel: run make kernel"
show=
[ $# -eq 1 ] && show=--show
t0=$(now)
# APPEND: words for every case's command line (make boot APPEND=...).
# GUEST_ROOT: a userland under the initrd, with its own init
# (scripts/build-busybox.sh's root; tests/52-busybox.sh).
init=$G/init overlay=()
if [ -n "${GUEST_ROOT:-}" ]; then
	init=$GUEST_ROOT/sbin/init overlay=(--overlay "$GUEST_ROOT")
fi
[ -n "${APPEND:-}" ] && msg "APPEND: adding to the command line: $APPEND"
python3 "$TOP/scripts/run-cases.py" $show --kernel "$kernel" --init "$init" \
	"${overlay[@]}" --append "${APPEND:-}" --qemu "$qemu" "${cmd[@]}" "${qemu_opts[@]/#/--qemu-opt=}" "${guest[@]/#/--guest=}" \
	--modules $(cat "$G/modules.list" 2>/dev/null) \
	--logdir "$BUILD/$ARCH/logs" "$@"
rc=$?
if [ $rc -eq 0 ]; then
	msg "VERDICT: PASS ($# case(s), $(elapsed "$t0") s)"
else
	msg "VERDICT: FAIL ($(elapsed "$t0") s)"
fi
exit $rc
