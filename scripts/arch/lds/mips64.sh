# Sourced by lds_arch_load() in scripts/lib.sh: what linking arch/mips64's
# linker script with binutils alone takes (scripts/arch/lds-params.sh).
# The harness builds and boots no mips64 kernel.
arch_binutils=mips64-linux-gnuabi64
arch_ptr=8
arch_asm_ptr=.dword
arch_lds_cppflags='-imacros $tree/include/asm-mips64/sn/mapped_kernel.h'
