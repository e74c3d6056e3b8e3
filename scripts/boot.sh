#!/bin/bash
# Boot the built kernel with the given cases; one case shows its console.
# What boots $ARCH (QEMU, its options, the guest's properties) is
# scripts/arch/$ARCH.sh's; scripts/run_cases.py boots and checks.
. "$(dirname "$0")/lib.sh"
arch_need
[ $# -gt 0 ] || die "usage: boot.sh CASE..."
G=$BUILD/$ARCH/guest
# BOOT_KERNEL: another image of the same arch (make fuzz-modules's).
kernel=${BOOT_KERNEL:-$TREE/$arch_imagefile}
# A machine QEMU does not have (ia64: Ski): arch_boot_cmd gives
# run_cases.py the command that runs it, or fails saying why.
emu=(--qemu "$arch_qemu" --qemu-pkg "$arch_qemu_pkg")
[ -f "$kernel" ] || die "no $kernel: run make kernel"
if declare -F arch_boot_cmd > /dev/null; then
	c=$(arch_boot_cmd "$kernel") || die "no emulator for $ARCH (above)"
	emu=(--cmd "$c")
else
	[ -n "$arch_qemu" ] || die "nothing boots $ARCH here: no QEMU machine in scripts/arch/$ARCH.sh"
	need_tools "$arch_qemu:$arch_qemu_pkg"
fi
need_tools mke2fs:e2fsprogs debugfs:e2fsprogs python3:python3
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
# QEMU_OPTS: more QEMU options for every case (make boot QEMU_OPTS='-smp 2').
[ -n "${QEMU_OPTS:-}" ] && msg "QEMU_OPTS: adding to QEMU's options: $QEMU_OPTS"
# GDB=1: QEMU waits for gdb on GDB_PORT (1234) and prints how to attach.
# V=1: print each QEMU command line (every case's log starts with it).
extra=()
# The attach line sources scripts/gdb/module-symbols.py: mod-symbols
# loads the modules' symbols from $G/mods at every load.
[ -n "${GDB:-}" ] && [ "$GDB" != 0 ] &&
	extra+=(--gdb "$TREE/vmlinux" --gdb-port "${GDB_PORT:-1234}"
		--gdb-script "$TOP/scripts/gdb/module-symbols.py" --gdb-mods "$G/mods")
[ "${V:-0}" != 0 ] && extra+=(--verbose)
# A failing case's Oops is decoded (scripts/decode-oops) with the tree's
# vmlinux and the modules' objects: file:line where the config has
# CONFIG_DEBUG_INFO, else function names only.
[ -f "$TREE/vmlinux" ] && [ -z "${BOOT_KERNEL:-}" ] &&
	extra+=(--decode "$TREE/vmlinux" --cross "$arch_cross" --strip "$TREE" --strip "$G/mods")
# BOOT_JOBS: cases booted at a time (default: the host's CPUs).
# BOOT_LOGDIR: where the consoles go (default $BUILD/$ARCH/logs; two
# boot.sh at once booting cases of the same name need one each).
extra+=(--jobs "${BOOT_JOBS:-$JOBS}")
# BOOT_RESULTS=FILE: the cases' verdicts (run_cases.py's Results) as
# JSON; tests read them with run_cases.py verdict, not the lines above.
[ -n "${BOOT_RESULTS:-}" ] && extra+=(--results "$BOOT_RESULTS")
PYTHONPATH=$TOP/scripts python3 -m run_cases boot $show "${extra[@]}" \
	--kernel "$kernel" --init "$init" "${overlay[@]}" --append "${APPEND:-}" \
	"${emu[@]}" "${arch_qemu_opts[@]/#/--qemu-opt=}" \
	--qemu-opts "${QEMU_OPTS:-}" "${arch_guest[@]/#/--guest=}" \
	--modules $(cat "$G/modules.list" 2>/dev/null) \
	--logdir "${BOOT_LOGDIR:-$BUILD/$ARCH/logs}" "$@"
rc=$?
if [ $rc -eq 0 ]; then
	msg "VERDICT: PASS ($# case(s), $(elapsed "$t0") s)"
else
	msg "VERDICT: FAIL ($(elapsed "$t0") s)"
fi
exit $rc
