#!/bin/bash
# make shell: boot the i386 kernel with the busybox guest
# (scripts/build-busybox.sh) and an interactive shell on the serial
# console, here on this terminal.  APPEND: words for the command line.
# reboot -f in the guest, or Ctrl-A x, ends it.  README, "A shell in the
# guest".
. "$(dirname "$0")/lib.sh"
[ "$ARCH" = i386 ] ||
	die "make shell is i386 only: $ARCH keeps the libc-free init (README, \"A shell in the guest\", says what a shell there would need)"
need_tools qemu-system-i386:qemu-system-x86 mke2fs:e2fsprogs debugfs:e2fsprogs python3:python3
kernel=$TREE/arch/i386/boot/bzImage
G=$BUILD/i386/guest
[ -f "$kernel" ] || die "no $kernel: run make kernel"
root=$("$TOP/scripts/build-busybox.sh" | tail -1)
[ -n "$root" ] && [ -d "$root" ] || exit 1
img=$BUILD/i386/busybox/shell.img
rm -f "$img"
# The image run-cases.py makes for a case with no steps: the busybox
# init then starts the shell.
RUN_CASES=$TOP/scripts/run-cases.py python3 - "$root" "$img" $(cat "$G/modules.list") <<'PY' ||
import importlib.util, os, shutil, sys, tempfile
spec = importlib.util.spec_from_file_location("run_cases", os.environ["RUN_CASES"])
rc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rc)
root, img, modules = sys.argv[1], sys.argv[2], sys.argv[3:]
case = {"step": []}
with tempfile.TemporaryDirectory(prefix="shell-") as work:
    shutil.move(rc.make_initrd(case, os.path.join(root, "sbin", "init"),
                               modules, work, overlay=root), img)
PY
	die "making the guest image failed"
base=$(python3 -c 'import importlib.util,sys; s=importlib.util.spec_from_file_location("r",sys.argv[1]); m=importlib.util.module_from_spec(s); s.loader.exec_module(m); print(m.BASE_APPEND)' "$TOP/scripts/run-cases.py")
append=$base${APPEND:+ $APPEND}
msg "command line: $append"
msg "shell on ttyS0; the modules are in /m and /lib/modules/2.5.50; reboot -f or Ctrl-A x ends it"
exec qemu-system-i386 -kernel "$kernel" -initrd "$img" -append "$append" \
	-m 64 -nographic -no-reboot -nic none
