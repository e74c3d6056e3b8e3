# Sourced by lds_arch_load() in scripts/lib.sh: what linking arch/parisc's
# linker script with binutils alone takes (scripts/arch/lds-params.sh).
# The harness builds and boots no parisc kernel.
arch_binutils=hppa-linux-gnu
arch_ptr=4
arch_asm_ptr=.word
