# Sourced by arch_load() in scripts/lib.sh for ARCH=sparc64: all the
# harness knows of this architecture (the variables are described there).
# Toolchain: Debian gcc-sparc64-linux-gnu (gcc 12.2, binutils 2.40).
arch_cross=sparc64-linux-gnu-
arch_cc=sparc64-linux-gnu-gcc
arch_pkg=gcc-sparc64-linux-gnu
arch_image=vmlinux
arch_imagefile=vmlinux
arch_init_cflags="-m64 -mcmodel=medlow"
arch_binutils=sparc64-linux-gnu
arch_ptr=8
arch_asm_ptr=.xword
arch_nop=nop
arch_lds_cc=$arch_cc
#
# arch/sparc64/Makefile picks "gcc" as CC whenever the host gcc accepts
# -m64 (true on every x86-64 host), else sparc64-linux-gcc: neither is
# the Debian cross compiler.  A command-line CC wins over its ":=".
kmake_args+=("CC=sparc64-linux-gnu-gcc")
#
# Boot: QEMU's sun4u (Ultra 5/10 class, UltraSPARC-IIi) with its
# OpenBIOS.  QEMU loads vmlinux and writes the initrd's place into the
# kernel's "HdrS" header itself.  No VGA, so OpenBIOS and the kernel
# both talk on ttya (the "su" port).
arch_qemu=qemu-system-sparc64
arch_qemu_pkg=qemu-system-sparc
arch_qemu_opts=(-M sun4u -vga none)
# kallsyms=no: no CONFIG_KALLSYMS, and 2.5.50's sparc64 Oops prints bare
# addresses (no print_symbol() in arch/sparc64).
arch_guest=(long=64 cmdline=256 cmdparse=cut kallsyms=no smp=no slabstats=no oops=yes)
