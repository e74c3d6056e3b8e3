# Sourced by lds_arch_load() in scripts/lib.sh: what linking arch/x86_64's
# linker script with binutils alone takes (scripts/arch/lds-params.sh).
# The harness builds and boots no x86_64 kernel.
arch_binutils=x86_64-linux-gnu
arch_ptr=8
arch_asm_ptr=.quad
arch_lds_cc=gcc
