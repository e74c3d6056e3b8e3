# Sourced by arch_load() in scripts/lib.sh for ARCH=ia64: all the
# harness knows of this architecture (the variables are described there).
# Toolchain: Debian has no ia64 gcc.  scripts/build-cross-gcc.sh builds
# one (C only, no libc: gcc and libgcc) from Debian's gcc-12-source
# against Debian's binutils-ia64-linux-gnu 2.40, cached outside the clone
# in $CROSS_GCC_CACHE (default /var/tmp/cross-gcc), keyed on the
# gcc-12-source version.  as, ld, objcopy, nm are Debian's (/usr/bin).
arch_cross=ia64-linux-gnu-
arch_cc=${CROSS_GCC_CACHE:-/var/tmp/cross-gcc}/ia64-linux-gnu-$(dpkg-query -W -f='${Version}' gcc-12-source 2>/dev/null || echo none)/bin/ia64-linux-gnu-gcc
# What arch_cc_build needs (then it builds the compiler).
arch_pkg="gcc-12-source libgmp-dev libmpfr-dev libmpc-dev g++ xz-utils binutils-ia64-linux-gnu"
arch_image=vmlinux
arch_imagefile=vmlinux
arch_binutils=ia64-linux-gnu
arch_ptr=8
arch_asm_ptr=data8
arch_nop="nop.i 0"
# What its vmlinux.lds.S reads of the config.
arch_lds_conf='#define CONFIG_IA64_PAGE_SIZE_16KB 1
#define CONFIG_IA64_L1_CACHE_SHIFT 7'
# The compiler is not on PATH and not named $(CROSS_COMPILE)gcc's way
# there: a command-line CC wins over the Makefile's.
kmake_args+=("CC=$arch_cc")
#
# Its compiler is built, not installed: this builds it where it is
# missing ("--path": prints it, or fails when there is none yet;
# "--can": says how long and where, or fails where it cannot be built).
arch_cc_build=$TOP/scripts/build-cross-gcc.sh
# The guest init: no libc, so libgcc for the divisions (ia64 has no
# integer divide instruction).
arch_init_libs=-lgcc
# 2.5.50 has no ia64 module loader; this compat patch is one (after
# 2.5.67's), so the test modules' tables and relocations are checked.
arch_module_loader=compat/ia64-module-loader.patch
# Where the cross compiler cannot be had, or ia64 is left out of
# CROSS_ARCHES, tests/60-cross.sh checks the linker script with binutils
# alone (scripts/arch/lds-check.sh).
arch_lds_fallback=yes
#
# Boot: no QEMU machine runs ia64.  The kernel is the HP simulator's
# (CONFIG_IA64_HP_SIM) and runs under Ski, the IA-64 simulator, in batch
# mode with the console on stdout (bski -noconsole), loaded by Ski's own
# boot loader (ski-bootloader, in the same archive), which loads the
# vmlinux ELF as it is and hands over the initrd (-initramfs).  A reboot
# (or panic=1) ends Ski.  scripts/build-ski.sh builds both, cached;
# doc/cross-ia64.md says why this loader and not arch/ia64/boot.
# long is 64 bits; COMMAND_LINE_SIZE is 512 (arch/ia64/kernel/setup.c).
# cmdparse=whole: setup_arch() keeps 511 bytes in saved_command_line
# ("Kernel command line:", /proc/cmdline) but hands start_kernel() the
# boot loader's line itself, which parse_options() parses whole.
# kallsyms=no: kernel-config/ia64 has no CONFIG_KALLSYMS (the Oops prints
# "ip is at" with a bare address).  smp=no: the HP simulator's config is
# uniprocessor (CONFIG_SMP off; Ski simulates one CPU).
arch_guest=(long=64 cmdline=512 cmdparse=whole kallsyms=no smp=no slabstats=no oops=yes)
# arch_boot_cmd KERNEL: run_cases.py's --cmd, building Ski first if
# needed; fails, saying why, where Ski cannot be had.  Ski copies the
# words after the loader into 1024 bytes, each followed by a blank, and
# drops a word that does not fit: the kernel's command line is cut to
# what fits beside the kernel's path (the kernel keeps 511 bytes of it).
arch_boot_cmd() {
	local d
	d=$("$TOP/scripts/build-ski.sh") || return 1
	echo "$d/bin/bski -noconsole -initramfs {initrd} $d/ski-bootloader {kernel} {append:$((1024 - 3 - ${#1}))}"
}
# arch_caps: what host-caps.sh says of Ski, the simulator it boots
# under (scripts/build-ski.sh builds it from the shared vendor archive;
# Debian has none).
arch_caps() {
	local d
	if d=$("$TOP/scripts/build-ski.sh" --path 2> /dev/null); then
		line have "ski" "$d/bin/bski and its boot loader (scripts/build-ski.sh)"
	elif ! ls ${SKI_ARCHIVE:-${SKI_VENDOR:-/work/shared/vendor}/ski-*.tar.xz} > /dev/null 2>&1; then
		line lack "ski" "no Ski source archive (${SKI_ARCHIVE:-${SKI_VENDOR:-/work/shared/vendor}/ski-*.tar.xz}; SKI_ARCHIVE=): ia64 is not booted"
	elif ! command -v gperf > /dev/null || ! [ -f /usr/include/libelf.h ]; then
		line lack "ski" "cannot be built: ia64 is not booted (apt-get install autoconf-archive automake gperf libelf-dev)"
	else
		line note "ski" "not built yet: tests/60-cross.sh builds it (scripts/build-ski.sh, about 1 min, with the ia64 gcc; cached in ${SKI_CACHE:-/var/tmp/ski})"
	fi
}
