# Sourced by lds_arch_load() in scripts/lib.sh: what linking arch/um's
# linker script with binutils alone takes (scripts/arch/lds-params.sh).
# The harness builds and boots no um kernel.
# i386's (scripts/arch/i386.sh): the host's x86-64 binutils in 32-bit
# mode, gcc -m32; and the arch Makefile's -D values.
. "$TOP/scripts/arch/i386.sh"
arch_lds_cppflags="-DSTART=0xa0000000 -DELF_ARCH=i386 -DELF_FORMAT=\"elf32-i386\""
