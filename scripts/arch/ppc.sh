# Sourced by kmake() in scripts/lib.sh for ARCH=ppc; adds make variables.
# Toolchain: Debian gcc-powerpc-linux-gnu (gcc 12.2, binutils 2.40).
#
# binutils >= 2.37 no longer accepts every opcode by default, and the
# 6xx "checkbin" test in arch/ppc/Makefile runs the bare assembler on
# "dssall" (AltiVec), then refuses to build.  gcc itself already passes
# -many to the assembler for .c and .S files, so this only matters where
# the kernel calls $(AS) directly.
kmake_args+=("AS=powerpc-linux-gnu-as -many")
