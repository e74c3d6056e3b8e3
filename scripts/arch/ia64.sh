# Sourced by arch_load() in scripts/lib.sh for ARCH=ia64.
# Toolchain: Debian has no ia64 gcc.  scripts/build-cross-gcc.sh builds
# one (C only, no libc: gcc and libgcc) from Debian's gcc-12-source
# against Debian's binutils-ia64-linux-gnu 2.40, cached outside the clone
# in $CROSS_GCC_CACHE (default /var/tmp/cross-gcc), keyed on the
# gcc-12-source version.  as, ld, objcopy, nm are Debian's (/usr/bin).
# No QEMU machine runs ia64: the kernel is built and link-checked only.
arch_cross=ia64-linux-gnu-
arch_cc=${CROSS_GCC_CACHE:-/var/tmp/cross-gcc}/ia64-linux-gnu-$(dpkg-query -W -f='${Version}' gcc-12-source 2>/dev/null || echo none)/bin/ia64-linux-gnu-gcc
arch_pkg="gcc-12-source libgmp-dev libmpfr-dev libmpc-dev g++ xz-utils binutils-ia64-linux-gnu, then scripts/build-cross-gcc.sh"
arch_image=vmlinux
arch_imagefile=vmlinux
# The compiler is not on PATH and not named $(CROSS_COMPILE)gcc's way
# there: a command-line CC wins over the Makefile's.
kmake_args+=("CC=$arch_cc")
#
# Its compiler is built, not installed: this builds it where it is
# missing ("--path": prints it, or fails when there is none yet).
arch_cc_build=$TOP/scripts/build-cross-gcc.sh
# 2.5.50 has no ia64 module loader (arch/ia64/kernel/module.c came in
# 2.5.6x), so kernel-config/ia64 has CONFIG_MODULES off; the test modules
# are built in a second tree configured from kernel-config/ia64-modules
# (tests/60-cross.sh).
arch_modules_config=ia64-modules
# Not booted; where the cross compiler cannot be had, or ia64 is left
# out of CROSS_ARCHES, tests/60-cross.sh checks the linker script with
# binutils alone (scripts/arch/lds-check.sh).
arch_noboot="no QEMU machine emulates ia64"
arch_lds_fallback=yes
