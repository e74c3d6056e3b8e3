# Sourced by arch_load() in scripts/lib.sh for ARCH=i386: all the harness
# knows of this architecture (the variables are described there).
# Toolchain: the host's gcc with -m32 (Debian gcc-12-multilib).
arch_cross=
arch_cc=gcc
arch_pkg=gcc-12-multilib
# The base arch: the test scripts' own; the others are cross arches
# (tests/60-cross.sh, make check ARCHES=, doc/ci-matrix.md).
arch_base=yes
arch_image=bzImage
arch_imagefile=arch/i386/boot/bzImage
arch_init_cflags="-m32 -fcf-protection=none"
# Its linker script, linked with binutils alone (scripts/arch/lds-params.sh):
# the host's x86-64 binutils in 32-bit mode.
arch_binutils=x86_64-linux-gnu
arch_ptr=4
arch_asm_ptr=.long
arch_nop=nop
arch_lds_asflags=--32
arch_lds_ldflags="-m elf_i386"
arch_lds_cc="gcc -m32"
#
# Boot: QEMU's PC (SeaBIOS) loads the bzImage and the initrd itself.
arch_qemu=qemu-system-i386
arch_qemu_pkg=qemu-system-x86
arch_qemu_opts=()
# kallsyms: every kernel-config/i386* has CONFIG_KALLSYMS, and i386's
# Oops names EIP and each Call Trace entry with print_symbol().
# slabstats: kernel-config/i386 and i386-smp have DEBUG_SLAB, whose
# /proc/slabinfo counts the objects allocated and freed (the failnth
# cases' exact slab checks); i386-drivers, which lacks it, boots only
# qemu-test/drivers/ and the kmod cases.
arch_guest=(long=32 cmdline=256 cmdparse=cut kallsyms=yes smp=no slabstats=yes oops=yes)
# make shell: scripts/build-busybox.sh builds an i386 musl busybox.
arch_shell=yes
# gdb: a function's second argument at its first instruction (cdecl:
# the return address at $esp, then the arguments; 2.5.50 has no
# -mregparm) -- tests/56-qemu-tools.sh reads parse_args's with it.
arch_gdb_arg2='*(char **)($esp+8)'
