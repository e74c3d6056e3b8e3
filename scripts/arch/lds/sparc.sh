# Sourced by lds_arch_load() in scripts/lib.sh: what linking arch/sparc's
# linker script with binutils alone takes (scripts/arch/lds-params.sh).
# The harness builds and boots no sparc kernel.
# 32-bit sparc: sparc64's binutils (scripts/arch/sparc64.sh) in
# 32-bit mode, and no compiler to measure struct kernel_param with.
. "$TOP/scripts/arch/sparc64.sh"
arch_ptr=4
arch_asm_ptr=.word
arch_lds_asflags=-32
arch_lds_ldflags="-m elf32_sparc"
arch_lds_cc=
