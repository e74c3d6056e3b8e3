# Sourced by lds_arch_load() in scripts/lib.sh: what linking arch/mips's
# linker script with binutils alone takes (scripts/arch/lds-params.sh).
# The harness builds and boots no mips kernel.
arch_binutils=mips-linux-gnu
arch_ptr=4
arch_asm_ptr=.word
arch_lds_cppflags=-DLOADADDR=0x80100000
