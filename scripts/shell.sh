#!/bin/bash
# make shell: boot the kernel with the busybox guest
# (scripts/build-busybox.sh) and an interactive shell on the serial
# console, here on this terminal.  APPEND: words for the command line;
# QEMU_OPTS: more QEMU options.  reboot -f in the guest, or Ctrl-A x,
# ends it.  Where scripts/arch/$ARCH.sh sets arch_shell (the busybox
# guest is built for it: i386).  doc/shell.md.
. "$(dirname "$0")/lib.sh"
arch_need
[ -n "$arch_shell" ] ||
	die "make shell: no busybox guest for $ARCH (scripts/arch/$ARCH.sh has no arch_shell); it keeps the libc-free init (doc/shell.md says what a shell there would need)"
need_tools "$arch_qemu:$arch_qemu_pkg" mke2fs:e2fsprogs debugfs:e2fsprogs python3:python3
kernel=$TREE/$arch_imagefile
G=$BUILD/$ARCH/guest
[ -f "$kernel" ] || die "no $kernel: run make kernel"
root=$("$TOP/scripts/build-busybox.sh" | tail -1)
[ -n "$root" ] && [ -d "$root" ] || exit 1
msg "shell on the console; the modules are in /m and /lib/modules/2.5.50; reboot -f or Ctrl-A x ends it"
# The image run_cases.py makes for a case with no steps: the busybox
# init then starts the shell.
PYTHONPATH=$TOP/scripts exec python3 -m run_cases shell --image "$BUILD/$ARCH/busybox/shell.img" \
	--kernel "$kernel" --init "$root/sbin/init" --overlay "$root" --append "${APPEND:-}" \
	--qemu "$arch_qemu" --qemu-pkg "$arch_qemu_pkg" "${arch_qemu_opts[@]/#/--qemu-opt=}" \
	--qemu-opts "${QEMU_OPTS:-}" --modules $(cat "$G/modules.list")
