# Sourced by scripts/boot.sh for ARCH=sparc64: QEMU's sun4u (Ultra 5/10
# class, UltraSPARC-IIi) with its OpenBIOS.  QEMU loads vmlinux and
# writes the initrd's place into the kernel's "HdrS" header itself.
# No VGA, so OpenBIOS and the kernel both talk on ttya (the "su" port).
qemu=qemu-system-sparc64 qemu_pkg=qemu-system-sparc kernel=$TREE/vmlinux
qemu_opts=(-M sun4u -vga none)
guest=(long=64 cmdline=256)
