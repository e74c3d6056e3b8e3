# Sourced by arch_load() in scripts/lib.sh for ARCH=ppc: all the harness
# knows of this architecture (the variables are described there).
# Toolchain: Debian gcc-powerpc-linux-gnu (gcc 12.2, binutils 2.40).
arch_cross=powerpc-linux-gnu-
arch_cc=powerpc-linux-gnu-gcc
arch_pkg=gcc-powerpc-linux-gnu
arch_image=vmlinux
arch_imagefile=vmlinux
arch_init_cflags="-msoft-float -mno-sdata"
arch_binutils=powerpc-linux-gnu
arch_ptr=4
arch_asm_ptr=.long
arch_nop=nop
arch_lds_cc=$arch_cc
# Its linked vmlinux loads no ELF headers a page below the kernel
# (scripts/arch/check-vmlinux.py).
arch_load_at_stext=yes
#
# binutils >= 2.37 no longer accepts every opcode by default, and the
# 6xx "checkbin" test in arch/ppc/Makefile runs the bare assembler on
# "dssall" (AltiVec), then refuses to build.  gcc itself already passes
# -many to the assembler for .c and .S files, so this only matters where
# the kernel calls $(AS) directly.
kmake_args+=("AS=powerpc-linux-gnu-as -many")
#
# Boot: QEMU's Power Macintosh G3 (Beige) with its OpenBIOS, which loads
# vmlinux (ELF) and the initrd itself.  No VGA: OpenBIOS then has no
# display node, so prom_init skips the palette code, and everything goes
# to the ESCC (ttyS0).
arch_qemu=qemu-system-ppc
arch_qemu_pkg=qemu-system-ppc
arch_qemu_opts=(-M g3beige -vga none)
# kallsyms=no: kernel-config/ppc has no CONFIG_KALLSYMS, and its Oops
# prints NIP as a bare address (only show_stack() uses print_symbol()).
arch_guest=(long=32 cmdline=512 cmdparse=cut kallsyms=no smp=no slabstats=no oops=yes)
# gdb: a function's second argument at its first instruction is in r4
# (SVR4 ABI); `x/s $r4` at parse_args shows the command line (tried
# 2026-12-05 with make boot ARCH=ppc GDB=1 and gdb-multiarch 13.1).
arch_gdb_arg2='$r4'
