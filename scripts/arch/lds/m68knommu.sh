# Sourced by lds_arch_load() in scripts/lib.sh: what linking arch/m68knommu's
# linker script with binutils alone takes (scripts/arch/lds-params.sh).
# The harness builds and boots no m68knommu kernel.
# m68k's binutils.
. "$TOP/scripts/arch/lds/m68k.sh"
