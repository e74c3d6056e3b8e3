# Sourced by lds_arch_load() in scripts/lib.sh: what linking arch/alpha's
# linker script with binutils alone takes (scripts/arch/lds-params.sh).
# The harness builds and boots no alpha kernel.
arch_binutils=alpha-linux-gnu
arch_ptr=8
arch_asm_ptr=.quad
