# Sourced by lds_arch_load() in scripts/lib.sh: what linking arch/sh's
# linker script with binutils alone takes (scripts/arch/lds-params.sh).
# The harness builds and boots no sh kernel.
arch_binutils=sh4-linux-gnu
arch_ptr=4
arch_asm_ptr=.long
arch_lds_conf='#define CONFIG_CPU_LITTLE_ENDIAN 1
#define CONFIG_MEMORY_START 0x08000000'
