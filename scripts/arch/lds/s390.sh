# Sourced by lds_arch_load() in scripts/lib.sh: what linking arch/s390's
# linker script with binutils alone takes (scripts/arch/lds-params.sh).
# The harness builds and boots no s390 kernel.
# s390x's binutils in 31-bit mode.
arch_binutils=s390x-linux-gnu
arch_ptr=4
arch_asm_ptr=.long
arch_lds_asflags=-m31
arch_lds_ldflags="-m elf_s390"
# Today's bfd reads OUTPUT_ARCH(s390) as s390:64-bit; 2.5.50's
# binutils read it as 31-bit.  Not the table's business: say 31-bit.
arch_lds_fix='s/^OUTPUT_ARCH(s390)/OUTPUT_ARCH(s390:31-bit)/'
