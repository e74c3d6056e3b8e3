# Sourced by lds_arch_load() in scripts/lib.sh: what linking arch/arm's
# linker script with binutils alone takes (scripts/arch/lds-params.sh).
# The harness builds and boots no arm kernel.
arch_binutils=arm-linux-gnueabi
arch_ptr=4
arch_asm_ptr=.word
arch_lds_cppflags="-DTEXTADDR=0xc0008000 -DDATAADDR=."
