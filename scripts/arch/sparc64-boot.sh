# Sourced by scripts/boot.sh for ARCH=sparc64: QEMU's sun4u (Ultra 5/10
# class, UltraSPARC-IIi) with its OpenBIOS.  QEMU loads vmlinux and
# writes the initrd's place into the kernel's "HdrS" header itself.
# No VGA, so OpenBIOS and the kernel both talk on ttya (the "su" port).
# QEMU runs through scripts/arch/sparc64-qemu, which shortens OpenBIOS's
# echo of the whole command line (a firmware line, not the kernel's).
need_tools qemu-system-sparc64:qemu-system-sparc
qemu=$TOP/scripts/arch/sparc64-qemu qemu_pkg=qemu-system-sparc kernel=$TREE/vmlinux
qemu_opts=(-M sun4u -vga none)
long_bits=64
