# Sourced by scripts/boot.sh for ARCH=ppc64: QEMU's pSeries machine
# (PAPR guest) with its SLOF firmware, a PowerPC 970 CPU, TCG.  QEMU
# loads vmlinux (ELF) and the initrd and tells SLOF where they are; the
# console is the hypervisor's virtual terminal (H_PUT_TERM_CHAR /
# H_GET_TERM_CHAR), which the 2.5.50 port's hvc console drives.
qemu=qemu-system-ppc64 qemu_pkg=qemu-system-ppc kernel=$TREE/vmlinux
# SLOF wants a real mode area of at least 80MB: more memory than the
# harness's default 64MB (a later -m wins).
qemu_opts=(-M pseries -cpu 970 -vga none -m 256)
guest=(long=64 cmdline=512)
