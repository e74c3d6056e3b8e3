# Sourced by scripts/boot.sh for ARCH=ppc: QEMU's Power Macintosh G3
# (Beige) with its OpenBIOS, which loads vmlinux (ELF) and the initrd
# itself.  No VGA: OpenBIOS then has no display node, so prom_init
# skips the palette code, and everything goes to the ESCC (ttyS0).
qemu=qemu-system-ppc qemu_pkg=qemu-system-ppc kernel=$TREE/vmlinux
qemu_opts=(-M g3beige -vga none)
guest=(long=32 cmdline=512)
