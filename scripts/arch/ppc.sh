# Sourced by arch_load() in scripts/lib.sh for ARCH=ppc.
# Toolchain: Debian gcc-powerpc-linux-gnu (gcc 12.2, binutils 2.40).
arch_cross=powerpc-linux-gnu-
arch_cc=powerpc-linux-gnu-gcc
arch_pkg=gcc-powerpc-linux-gnu
arch_image=vmlinux
arch_imagefile=vmlinux
#
# binutils >= 2.37 no longer accepts every opcode by default, and the
# 6xx "checkbin" test in arch/ppc/Makefile runs the bare assembler on
# "dssall" (AltiVec), then refuses to build.  gcc itself already passes
# -many to the assembler for .c and .S files, so this only matters where
# the kernel calls $(AS) directly.
kmake_args+=("AS=powerpc-linux-gnu-as -many")
