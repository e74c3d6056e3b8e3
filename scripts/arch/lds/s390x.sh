# Sourced by lds_arch_load() in scripts/lib.sh: what linking arch/s390x's
# linker script with binutils alone takes (scripts/arch/lds-params.sh).
# The harness builds and boots no s390x kernel.
arch_binutils=s390x-linux-gnu
arch_ptr=8
arch_asm_ptr=.quad
