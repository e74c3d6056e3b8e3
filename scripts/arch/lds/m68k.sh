# Sourced by lds_arch_load() in scripts/lib.sh: what linking arch/m68k's
# linker script with binutils alone takes (scripts/arch/lds-params.sh).
# The harness builds and boots no m68k kernel.
arch_binutils=m68k-linux-gnu
arch_ptr=4
arch_asm_ptr=.long
