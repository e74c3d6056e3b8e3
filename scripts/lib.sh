# Shared settings and helpers for the harness scripts.  Sourced, not run.
#
# Environment (all have defaults; the Makefile passes its own):
#   KSRC   pristine Linux 2.5.50 tree, never written to
#   BUILD  where the patched copies and all build output go
#   ARCH   i386 (default), or another scripts/arch/ARCH.sh

set -o pipefail
# The harness reads tools' messages: the same words on every host.
export LC_ALL=C

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KSRC=${KSRC:-/work/linux-2.5.50}
BUILD=${BUILD:-$TOP/build}
ARCH=${ARCH:-i386}
case "$BUILD" in /*) ;; *) BUILD=$TOP/$BUILD ;; esac
TREE=$BUILD/$ARCH/linux-2.5.50
PATCHES=${PATCHES_DIR:-$TOP/patches}
# Results kept by what they depend on, keyed by the content of every
# input (make lint's builds: lint_keys in scripts/lint-series.sh; the
# sweep's compiles: scripts/sweep.sh; lds-params: tests/60-cross.sh):
# HARNESS_CACHE, by default /var/tmp/harness-linux-2.5.50 beside the
# compiler cache, outside the clone and shared by every clone on the
# machine (a second clone finds what the first one built), else, where
# that cannot be written, $BUILD/cache.  Only results that are a
# function of their key are kept there, never a boot's verdict (a boot
# is the test).  Each entry is written to a temporary name and renamed,
# so that clones running at once never read half of one.  Exported, so
# that a step run with a BUILD of its own (make lint's tree, a test's
# probe) shares them; never in the clone's tracked files.
if [ -z "${HARNESS_CACHE:-}" ]; then
	HARNESS_CACHE=/var/tmp/harness-linux-2.5.50
	if ! mkdir -p "$HARNESS_CACHE" 2> /dev/null || ! [ -w "$HARNESS_CACHE" ]; then
		HARNESS_CACHE=$BUILD/cache
	fi
fi
export HARNESS_CACHE
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}

# Scratch files (mktemp, Python's tempfile) go to TMPDIR, else /tmp; on
# a host where neither is a writable directory they go to $BUILD/tmp.
if ! [ -d "${TMPDIR:-/tmp}" ] || ! [ -w "${TMPDIR:-/tmp}" ] ||
   ! [ -x "${TMPDIR:-/tmp}" ]; then
	export TMPDIR=$BUILD/tmp
	mkdir -p "$TMPDIR" 2> /dev/null
fi

# A test's result line (tests/lib-test.sh): the prefix of scripts/ktap.py's
# LINE, its one definition (tests/unit/test_ktap.py checks they agree).
RESULT_RE='^(PASS|FAIL|SKIP|XFAIL): '

# A command that is not found is a shell error, recorded (a line
# "LINE: NAME: command not found") in the file SHELL_ERRORS names, where
# it names one, as well as said on stderr as bash says it: make check
# (scripts/check.sh, exporting this function to every test script and
# its bash children) and tests/lib-test.sh's exit status know of it by
# the record, not by reading the message.
command_not_found_handle() {
	printf '%s: line %s: %s: command not found\n' "$0" "${BASH_LINENO[0]}" "$1" >&2
	[ -n "${SHELL_ERRORS:-}" ] &&
		printf '%s: %s: command not found\n' "${BASH_LINENO[0]}" "$1" >> "$SHELL_ERRORS"
	return 127
}

msg()  { printf '>>> %s\n' "$*"; }
warn() { printf '*** %s\n' "$*" >&2; }
die()  { printf '*** error: %s\n' "$*" >&2; exit 1; }

# How to get the pristine tree, said wherever it is missing.
tree_help() {
	cat >&2 <<EOF
*** KSRC=$KSRC is not a pristine Linux 2.5.50 tree.
*** Get one (once per machine) and put it there, for example from a git
*** mirror of the Linux history that has the v2.5.50 tag:
***   git -C <mirror> archive --prefix=linux-2.5.50/ v2.5.50 | tar -x -C $(dirname "$KSRC")
*** or unpack linux-2.5.50.tar.bz2 there.  README, "The kernel tree", says more.
*** Then: make KSRC=/path/to/linux-2.5.50 ...
EOF
}

# Is $1 a Linux 2.5.50 source tree?  Prints why not.
check_ksrc() {
	local mk=$1/Makefile v p s e
	if [ ! -f "$mk" ]; then
		warn "no $mk"
		return 1
	fi
	v=$(sed -n 's/^VERSION *= *//p' "$mk" | head -1)
	p=$(sed -n 's/^PATCHLEVEL *= *//p' "$mk" | head -1)
	s=$(sed -n 's/^SUBLEVEL *= *//p' "$mk" | head -1)
	e=$(sed -n 's/^EXTRAVERSION *= *//p' "$mk" | head -1)
	if [ "$v.$p.$s$e" != "2.5.50" ]; then
		warn "$1 is Linux $v.$p.$s$e, not 2.5.50"
		return 1
	fi
	if [ ! -f "$1/kernel/module.c" ] || [ ! -f "$1/arch/i386/vmlinux.lds.S" ]; then
		warn "$1 is incomplete (no kernel/module.c or arch/i386/vmlinux.lds.S)"
		return 1
	fi
	if [ -d "$1/.pc" ] || [ -f "$1/.config" ]; then
		warn "$1 is not pristine (it has .pc/ or .config)"
		return 1
	fi
	return 0
}

need_ksrc() {
	check_ksrc "$KSRC" || { tree_help; exit 1; }
}

# Commands a step needs; names the Debian package to install.
need_tools() {
	local t pkg missing=
	for t in "$@"; do
		pkg=${t#*:}
		t=${t%%:*}
		command -v "$t" >/dev/null 2>&1 || missing="$missing $pkg"
	done
	[ -z "$missing" ] || die "missing tools; install with: apt-get install$missing"
}

# What patch(1) and quilt say when a patch does not apply exactly: a
# hunk with fuzz or at an offset, a failed hunk, rejects.  Matched by
# the messages, never by a word that a file name may hold (a patch of
# print_offsets.awk applies exactly).
UNCLEAN_APPLY='^Hunk #[0-9]+ (FAILED|succeeded at [0-9]+ (with fuzz|\(offset))|saving rejects|^Patch .* does not apply'

# quilt, run in the build tree against our patches directory.
# quilt records the patches directory of a tree's first push in
# .pc/.quilt_patches and .quilt_series and prefers them to QUILT_PATCHES:
# a tree pushed from another clone (a shared BUILD, a moved clone, the
# bug-back copies) would take that clone's series.  Name ours each time.
q() {
	if [ -d "$TREE/.pc" ]; then
		echo "$PATCHES" > "$TREE/.pc/.quilt_patches"
		echo "$PATCHES/series" > "$TREE/.pc/.quilt_series"
	fi
	(cd "$TREE" && QUILT_PATCHES=$PATCHES QUILT_SERIES=$PATCHES/series \
		quilt --quiltrc "$TOP/scripts/quiltrc" "$@")
}

# pushed_same [UPTO]: of the patches quilt has applied to $TREE, the last
# up to which each is still the same file (its sum when pushed, in
# $TREE/.harness-pushed, as prepare-tree.sh writes it) at the same place
# in $PATCHES/series, going no further than UPTO: SAME_TOP (empty: not
# even the first), SAME_N how many; APPLIED_TOP, the last applied, and
# SERIES_TOP, the series' last.  (One sha1sum for all the patches.)
pushed_same() {
	local upto=${1:-} applied name sum i=0
	local -A pushed=() now=()
	local -a names
	applied=$(cat "$TREE/.pc/applied-patches" 2>/dev/null)
	while read -r sum name; do
		pushed[$name]=$sum
	done < <(cat "$TREE/.harness-pushed" 2>/dev/null)
	while read -r sum name; do
		now[$name]=$sum
	done < <(cd "$PATCHES" && sha1sum $applied 2>/dev/null)
	mapfile -t names < <(series_list)
	SAME_TOP= SAME_N=0 APPLIED_TOP=$(echo "$applied" | tail -1) SERIES_TOP=${names[-1]:-}
	for name in $applied; do
		[ "$name" = "${names[$i]:-}" ] || break
		i=$((i + 1))
		[ -n "${now[$name]:-}" ] && [ "${now[$name]}" = "${pushed[$name]:-}" ] || break
		SAME_TOP=$name SAME_N=$i
		[ "$name" = "$upto" ] && break
	done
}

# series_list [PART [DIR]]: the names in DIR/series ($PATCHES/series by
# default), in order, comments and blank lines left out: PART "all"
# (the default), "compat", "feature" or "test" (the patches of that
# directory), or "compat-head" (the compat/ patches before the first
# that is not).  The shell's one reading of a series file.
series_list() {
	local part=${1:-all} dir=${2:-$PATCHES}
	awk -v part="$part" '
		{ sub(/#.*/, "") }
		NF == 0 { next }
		part == "compat-head" { if ($1 !~ /^compat\//) exit; print $1; next }
		part == "all" || index($1, part "/") == 1 { print $1 }' "$dir/series"
}

# script_sums FILE...: "FILE SHA1" for each scripts/FILE there is: the
# harness's part of a cache key (build-kernel.sh, lint-series.sh,
# prepare-tree.sh's trees, sweep.sh's results, tests/60's lds-params).
script_sums() {
	local f
	for f; do
		[ -f "$TOP/scripts/$f" ] && echo "$f $(sha1sum < "$TOP/scripts/$f")"
	done
	return 0
}

# tree_current: $TREE has all of $PATCHES/series applied, each patch as
# it is now.
tree_current() {
	pushed_same
	[ -n "$SAME_TOP" ] && [ "$SAME_TOP" = "$SERIES_TOP" ] && [ "$APPLIED_TOP" = "$SERIES_TOP" ]
}

# arch_load [A]: what scripts/arch/A.sh (default $ARCH) says about the
# architecture, the one place that holds it.  Building:
#   arch_cross        the CROSS_COMPILE prefix
#   arch_cc, arch_pkg its compiler and the Debian package(s) that have it
#   arch_cc_build     a command that builds the compiler (none: packaged)
#   arch_image, arch_imagefile  the image target and its file in the tree
#   kmake_args        extra make variables for kbuild
#   arch_init_cflags  the guest init's compiler flags (qemu-test/init.c)
#   arch_init_libs    and the libraries it links with, after it
#   arch_module_loader  the compat patch that is its module loader: the
#                     test modules' tables are checked, and every
#                     relocation type in them must be one it applies
#                     (tests/60-cross.sh)
# Booting (boot.sh, run_cases.py):
#   arch_qemu, arch_qemu_pkg  the QEMU that boots it and its package
#                     (none, and no arch_boot_cmd: not booted)
#   arch_boot_cmd     (a function, called with the kernel's path) where
#                     QEMU has no such machine: prints run_cases.py's
#                     --cmd template for the emulator that boots it,
#                     building that first if needed, or fails saying why
#   arch_qemu_opts    its QEMU options (machine, memory, -smp ...); make's
#                     QEMU_OPTS come after them, a case's qemu: lines last
#   arch_guest        NAME=VALUE properties for the cases' KEY[NAME=VALUE]
#                     lines (run_cases.py: long, cmdline, kallsyms, smp)
#   arch_smp_up       a console line (regex) that says the second CPU
#                     came up, where arch_qemu_opts boot two (tests/60)
#   arch_shell        yes where make shell runs (the busybox guest)
#   arch_gdb_arg2     gdb's expression for a function's second argument
#                     at its first instruction
#   arch_lds_fallback yes: unbuilt, tests/60-cross.sh checks its linker
#                     script with binutils alone (scripts/arch/lds-check.sh)
# Linking its linker script with binutils alone (scripts/arch/lds-check.sh,
# lds-params.sh):
#   arch_binutils     the Debian binutils' target (as, ld, nm: its
#                     prefix; the package is binutils_pkg's)
#   arch_ptr          the bytes of a pointer
#   arch_asm_ptr      as's directive for pointer-sized data (.long, .quad)
#   arch_nop          an instruction that does nothing
#   arch_lds_asflags, arch_lds_ldflags, arch_lds_cppflags  what as, ld
#                     and cpp need beside (as's -32, the arch Makefile's -D)
#   arch_lds_conf     the lines of the stand-in <linux/autoconf.h>
#   arch_lds_fix      a sed command for the preprocessed script
#   arch_lds_cc       the compiler that lays out struct kernel_param,
#                     where it may be used (when installed)
# check-vmlinux.py:
#   arch_load_at_stext  yes: the first PT_LOAD must start at _stext
# host-caps.sh:
#   arch_caps         (a function) more lines of what the host can do
#                     for it (the emulator it builds), printed with line
# make check (scripts/check.sh, doc/ci-matrix.md):
#   arch_base         yes for the base arch, the one the test scripts
#                     build and boot by default; every other arch is a
#                     cross arch, a part of tests/60-cross.sh of its own
# A kernel config of its own (KCONFIG=NAME, kernel-config/NAME, as
# build-kernel.sh takes it) may have a scripts/arch/NAME.sh too, an
# overlay: it says arch_overlay_of=ARCH, and is sourced after ARCH's
# file when $ARCH is loaded with KCONFIG=NAME, adding to it (an SMP
# config: arch_qemu_opts+=(-smp 2)).  It is no arch of known_arches.
# ARCH_REQUIRED are what every arch's file must set (arch_guest too),
# maybe to nothing: arch_load refuses a file that lacks one, naming it.
# Kernel arches that the harness only links the linker script of
# (lds-params.sh: alpha, arm, ...) have a scripts/arch/lds/NAME.sh of
# the arch_binutils, arch_ptr, arch_asm_ptr and arch_lds_* facts
# (lds_arch_load).  Fails for an architecture with no such file.
ARCH_REQUIRED="arch_cross arch_cc arch_pkg arch_image arch_imagefile
	arch_binutils arch_ptr arch_asm_ptr arch_nop"
ARCH_VARS="$ARCH_REQUIRED arch_cc_build arch_init_cflags arch_init_libs
	arch_module_loader arch_qemu arch_qemu_pkg arch_shell arch_gdb_arg2
	arch_lds_fallback arch_smp_up arch_base arch_overlay_of
	arch_lds_asflags arch_lds_ldflags arch_lds_cppflags arch_lds_conf
	arch_lds_fix arch_lds_cc arch_load_at_stext"
ARCH_ARRAYS="kmake_args arch_qemu_opts arch_guest"
# (A required variable not set by the file keeps this value.)
ARCH_UNSET=$'\001unset'
arch_clear() {
	local v
	for v in $ARCH_VARS; do printf -v "$v" '%s' ''; done
	for v in $ARCH_REQUIRED; do printf -v "$v" '%s' "$ARCH_UNSET"; done
	for v in $ARCH_ARRAYS; do eval "$v=()"; done
	unset -f arch_boot_cmd arch_caps
}
# arch_missing FILE VAR...: each VAR still unset is an error naming it.
arch_missing() {
	local f=$1 v missing=
	shift
	for v; do
		if [ "${!v}" = "$ARCH_UNSET" ]; then
			missing="$missing $v"
			printf -v "$v" '%s' ''
		fi
	done
	[ -z "$missing" ] && return 0
	warn "$f sets no$missing (scripts/lib.sh, arch_load, says what each is)"
	return 1
}
arch_load() {
	local a=${1:-$ARCH} f
	f=$TOP/scripts/arch/$a.sh
	arch_clear
	[ -f "$f" ] || return 1
	. "$f"
	# An overlay loaded as an arch: arch_need says so.
	[ -n "$arch_overlay_of" ] && { arch_missing "$f" $ARCH_REQUIRED 2> /dev/null; return 0; }
	arch_missing "$f" $ARCH_REQUIRED || return 1
	[ ${#arch_guest[@]} -gt 0 ] || { warn "$f sets no arch_guest"; return 1; }
	if [ "$a" = "$ARCH" ] && [ -n "${KCONFIG:-}" ] && [ "$KCONFIG" != "$a" ] &&
	   [ -f "$TOP/scripts/arch/$KCONFIG.sh" ]; then
		. "$TOP/scripts/arch/$KCONFIG.sh"
		arch_overlay_of=
	fi
	return 0
}

# lds_arch_load A: what linking kernel arch A's linker script with
# binutils takes: the arch's own file (arch_load), else its
# scripts/arch/lds/A.sh; fails where there is neither (no Debian
# binutils: cris, v850) or the file lacks a fact.
lds_arch_load() {
	local f=$TOP/scripts/arch/lds/$1.sh KCONFIG=
	if [ -f "$TOP/scripts/arch/$1.sh" ]; then
		arch_load "$1"
		return
	fi
	arch_clear
	[ -f "$f" ] || return 1
	. "$f"
	arch_missing "$f" arch_binutils arch_ptr arch_asm_ptr
}

# binutils_pkg TARGET: the Debian package of binutils for TARGET.
binutils_pkg() {
	echo "binutils-${1//_/-}"
}

# arch_need for the step's own $ARCH, or die saying why not: no such
# file, a file that lacks a fact, or a KCONFIG overlay given as ARCH.
arch_need() {
	[ -f "$TOP/scripts/arch/$ARCH.sh" ] ||
		die "ARCH=$ARCH is not supported (no scripts/arch/$ARCH.sh)"
	arch_load || die "ARCH=$ARCH: scripts/arch/$ARCH.sh is incomplete (above)"
	[ -z "$arch_overlay_of" ] || die "ARCH=$ARCH: scripts/arch/$ARCH.sh is a kernel config's overlay, not an architecture; use KCONFIG=$ARCH with its architecture (known: $(known_arches | tr '\n' ' '))"
}

# The architectures the harness knows: those with a scripts/arch/A.sh
# that is no overlay (the programs beside them, lds-*.sh, are
# executable; a file that lacks a fact is listed, and refused where it
# is loaded).
known_arches() {
	local f a
	for f in "$TOP"/scripts/arch/*.sh; do
		[ -x "$f" ] && continue
		a=${f##*/} a=${a%.sh}
		(arch_load "$a" 2> /dev/null; [ -z "$arch_overlay_of" ]) && echo "$a"
	done
}

# The base arch (arch_base=yes: i386), and the cross arches: every other
# one of known_arches (tests/60-cross.sh builds and boots each).
base_arch() {
	local a
	for a in $(known_arches); do
		(arch_load "$a" 2> /dev/null; [ "$arch_base" = yes ]) && echo "$a"
	done
}
cross_arches() {
	local a
	for a in $(known_arches); do
		(arch_load "$a" 2> /dev/null; [ "$arch_base" = yes ]) || echo "$a"
	done
}

# boot_qemu A: "QEMU PACKAGE" of the machine that boots architecture A
# (scripts/arch/A.sh), or nothing where none boots it.
boot_qemu() {
	local $ARCH_VARS
	local -a $ARCH_ARRAYS
	arch_load "$1" && [ -n "$arch_qemu" ] && echo "$arch_qemu $arch_qemu_pkg"
}

# kcache: the compiler cache for kernel builds, where ccache is
# installed: KCACHE=ccache, and CCACHE_DIR (exported) its cache, outside
# the clone and shared by every clone on the machine:
# /var/tmp/ccache-linux-2.5.50 unless the user set CCACHE_DIR.  Else
# (no ccache, or a cache directory that cannot be written) KCACHE is
# empty and the compilers run as they are.  ccache keys an object by
# its own rules: the compiler (its size and time), the command line and
# the preprocessed source; kbuild compiles with paths relative to the
# tree, so a second clone, or another BUILD, finds the first one's
# objects.  CCACHE_DISABLE=1 (ccache's own switch) compiles without the
# cache: the commands stay the same, so kbuild rebuilds nothing for it.
kcache() {
	KCACHE=
	command -v ccache > /dev/null 2>&1 || return 0
	export CCACHE_DIR=${CCACHE_DIR:-/var/tmp/ccache-linux-2.5.50}
	if ! mkdir -p "$CCACHE_DIR" 2> /dev/null || ! [ -w "$CCACHE_DIR" ]; then
		warn "ccache: cannot write CCACHE_DIR=$CCACHE_DIR; building without the cache"
		return 0
	fi
	KCACHE=ccache
}

# kmake_cc: the make variables that put kbuild's compilers (CC: the
# arch's, as kmake_args or CROSS_COMPILE name it; HOSTCC: gcc) behind
# $KCACHE, after kmake_args so that they win; nothing without one.
# Only the command changes: what a build is made from (build-kernel.sh's
# .harness-built, lint-series.sh's keys: toolchain_id of the compiler
# itself) does not.
kmake_cc() {
	local a cc=${arch_cross}gcc
	[ -n "$KCACHE" ] || return 0
	for a in "${kmake_args[@]}"; do
		case $a in CC=*) cc=${a#CC=} ;; esac
	done
	printf '%s\n' "CC=$KCACHE $cc" "HOSTCC=$KCACHE gcc"
}

# kbuild make in the tree for $ARCH (the arch's settings stay local),
# its compilers through kcache.
kmake() {
	local $ARCH_VARS KCACHE
	local -a $ARCH_ARRAYS cc
	arch_need
	kcache
	mapfile -t cc < <(kmake_cc)
	# base_dir: the tree (or the caller's, above it: build-guest.sh's),
	# so that ccache leaves the working directory out of a debug
	# object's hash (compat/debug-info.patch maps it to "." with
	# -fdebug-prefix-map): one clone's cache serves another.
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(cd "$TREE" && pwd -P)}" \
		make -C "$TREE" ARCH="$ARCH" \
		${arch_cross:+CROSS_COMPILE=$arch_cross} "${kmake_args[@]}" \
		${cc[@]+"${cc[@]}"} "$@"
}

# oldconfig_new TREE LOG [OFF...]: make oldconfig in TREE (its output in
# LOG) until it asks nothing new, each new option answered as
# allmodconfig would (m where it can be a module, else y), or not set
# where it is one of OFF; at most 8 rounds.  Fails where oldconfig
# fails or still asks.  For the allmodconfig trees of scripts/sweep.sh
# and scripts/build-allmodules.sh.
oldconfig_new() {
	local tree=$1 log=$2 i new
	shift 2
	for i in 1 2 3 4 5 6 7 8; do
		TREE=$tree kmake oldconfig < /dev/null > "$log" 2>&1 || return 1
		# "Prompt (SYM) [N/m/y/?] (NEW) " (several can share a line)
		new=$(grep -o '([A-Z0-9_]*) \[[^]]*\] (NEW)' "$log" |
			sed 's/^(\([A-Z0-9_]*\)) \[\([^]]*\)\].*/\1 \2/')
		[ -n "$new" ] || break
		echo "$new" | while read -r sym choices; do
			case "/$choices/" in
			*/[mM]/*) v=m ;;
			*/[yY]/*) v=y ;;
			*) continue ;;
			esac
			sed -i "/^# CONFIG_$sym is not set\$/d; /^CONFIG_$sym=/d" "$tree/.config"
			case " $* " in
			*" CONFIG_$sym "*) echo "# CONFIG_$sym is not set" ;;
			*) echo "CONFIG_$sym=$v" ;;
			esac >> "$tree/.config"
		done
	done
	! grep -q '(NEW)' "$log"
}

# list_modules LIST MODULE...: the modules boot.sh puts into the
# initrd's /m, one path a line; each must have been built.
list_modules() {
	local list=$1 m
	shift
	: > "$list.tmp"
	for m in "$@"; do
		[ -f "$m" ] || die "module $m was not built"
		echo "$m" >> "$list.tmp"
	done
	mv "$list.tmp" "$list"
}

# apt_update: refresh the package indexes.  One that cannot be had (a
# mirror in mid-sync: "File has unexpected size", an unreachable source)
# is a warning, not a failure: apt keeps what it has, and what matters is
# whether the packages then install (apt_install says).  Returns 0.
apt_update() {
	local log
	log=$(mktemp)
	if ! apt-get update -qq > "$log" 2>&1; then
		warn "apt-get update failed for some package indexes; going on with what apt has:"
		grep '^[EW]: ' "$log" | head -5 | sed 's/^/***   /' >&2
	fi
	rm -f "$log"
	return 0
}

# apt_install LOG PACKAGE...: install them (no recommends); on failure
# show the end of LOG and return 1.  This is the step that can fail.
apt_install() {
	local log=$1
	shift
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" > "$log" 2>&1 && return 0
	tail -30 "$log" >&2
	warn "apt-get install $* failed (log: $log)"
	return 1
}

# How this host runs i386 programs built with gcc -m32 (the params unit
# test): "native" where its kernel executes them, "qemu-i386" (Debian's
# qemu-user, with -L / for the 32-bit loader and libraries) where it
# refuses them (a kernel with ia32 emulation off: "Exec format error")
# or hands them to qemu-i386 itself through binfmt_misc (qemu-user-binfmt,
# qemu-user-static: they run, but as under qemu-i386), else "none: why".
# HOST32=native|qemu-i386|none forces one way (the harness's own tests
# use it).  Prints the way; cached per run.
#
# The probe is the program's output ("32"), never its exit status alone:
# a program that ran is told from one that did not by what it printed.
host32_way() {
	local tmp way
	if [ -n "${HOST32_WAY:-}" ]; then
		echo "$HOST32_WAY"
		return
	fi
	tmp=$(mktemp -d)
	printf '#include <stdio.h>
int main(void) { printf("%%d\\n", (int)(sizeof(long) * 8)); return 0; }
' > "$tmp/t.c"
	if ! gcc -m32 -o "$tmp/t" "$tmp/t.c" 2> /dev/null; then
		way="none: gcc -m32 cannot link a program (apt-get install gcc-12-multilib)"
	else
		way="none: this kernel does not run i386 programs and there is no qemu-i386 (apt-get install qemu-user)"
		case ${HOST32:-auto} in
		auto)
			if [ "$(timeout 30 "$tmp/t" 2> /dev/null)" = 32 ]; then
				if [ -n "$(host32_binfmt_qemu)" ]; then
					way=qemu-i386
				else
					way=native
				fi
			elif command -v qemu-i386 > /dev/null &&
			     [ "$(timeout 30 qemu-i386 -L / "$tmp/t" 2> /dev/null)" = 32 ]; then
				way=qemu-i386
			fi ;;
		native)
			[ "$(timeout 30 "$tmp/t" 2> /dev/null)" = 32 ] && way=native ||
				way="none: HOST32=native, but this kernel does not run i386 programs" ;;
		qemu-i386)
			if [ "$(timeout 30 qemu-i386 -L / "$tmp/t" 2> /dev/null)" = 32 ]; then
				way=qemu-i386
			else
				way="none: HOST32=qemu-i386, but qemu-i386 -L / does not run an i386 program (apt-get install qemu-user)"
			fi ;;
		none)	way="none: HOST32=none" ;;
		*)	way="none: HOST32=$HOST32 is none of native, qemu-i386, none" ;;
		esac
	fi
	rm -rf "$tmp"
	HOST32_WAY=$way
	echo "$way"
}

# The interpreter of an enabled binfmt_misc entry that hands i386 ELF
# programs (e_machine 3, bytes 18-19 of the magic) to a qemu-i386, or
# nothing.  Such a kernel "runs" i386 programs, but under qemu-user.
host32_binfmt_qemu() {
	local f
	for f in "${BINFMT_MISC:-/proc/sys/fs/binfmt_misc}"/*; do
		[ -f "$f" ] || continue
		awk 'NR == 1 && $1 != "enabled" { exit }
		     $1 == "interpreter" { i = $2 }
		     $1 == "offset" { o = $2 }
		     $1 == "magic" { m = $2 }
		     END { if (o == 0 && m ~ /^7f454c460101/ && substr(m, 37, 4) == "0300" &&
			       i ~ /qemu-i386[^\/]*$/) print i }' "$f" 2> /dev/null
	done | head -1
}

# run32 PROGRAM ARGS...: run an i386 program the way host32_way found,
# killed after RUN32_TIMEOUT seconds (600).
# Under qemu-i386 LeakSanitizer is off: its stop-the-world ptraces the
# program's threads, which qemu-user does not emulate, and the program
# spins at exit for ever (measured with QEMU 7.2: a hello world built
# with -fsanitize=address never ends; with detect_leaks=0 it does).
run32() {
	case $(host32_way) in
	native)		timeout "${RUN32_TIMEOUT:-600}" "$@" ;;
	qemu-i386)	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
			timeout "${RUN32_TIMEOUT:-600}" qemu-i386 -L / "$@" ;;
	*)		echo "run32: $(host32_way)" >&2; return 126 ;;
	esac
}

# third_party COMMAND...: COMMAND, someone else's build (gcc's, Ski's,
# busybox's), without command_not_found_handle and SHELL_ERRORS in its
# environment: its configure scripts run commands that may be missing on
# purpose, to see, and those are no shell errors of the test that
# happens to build it (make check counts them: tests/lib-test.sh).
third_party() {
	(
		unset -f command_not_found_handle
		unset SHELL_ERRORS
		"$@"
	)
}

# build_step TAG LOG NAME COMMAND...: run COMMAND with its output
# appended to LOG; say on stderr how long it took, or, when it fails,
# its last lines, and exit (the cached builds: build-cross-gcc.sh,
# build-ski.sh).
build_step() {
	local tag=$1 log=$2 name=$3 s=$(date +%s)
	shift 3
	echo ">>> $tag: $name ..." >&2
	if ! third_party "$@" >> "$log" 2>&1; then
		echo "*** $tag: $name failed; last lines of $log:" >&2
		tail -20 "$log" >&2
		exit 1
	fi
	echo ">>> $tag: $name done in $(( $(date +%s) - s )) s" >&2
}

# toolchain_id CC: what tells one compiler and its binutils from
# another: CC's version line, and the path, size, time and inode of each
# program that a kernel build runs (the driver, cc1, as, ld, objcopy,
# make; as ccache tells compilers apart), so that another build of the
# same version, or a reinstalled one, is another toolchain.
toolchain_id() {
	local cc=$1 p f
	$cc --version 2>&1 | head -1
	for p in "$cc" "$($cc -print-prog-name=cc1)" "$($cc -print-prog-name=as)" \
		"$($cc -print-prog-name=ld)" "${cc%gcc}objcopy" make; do
		f=$(command -v "$p") && echo "$p $f $(stat -L -c '%s %Y %i' "$f")" || echo "$p: none"
	done
}

# tree_newer STAMP: the first file under $TREE newer than STAMP (the
# harness's own .harness-* notes aside), or nothing.
tree_newer() {
	find "$TREE" -newer "$1" ! -type d ! -name '.harness-*' -print -quit 2> /dev/null
}

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# What libFuzzer said of its run in log $1: "runs" (executions), "seed"
# or "cov" (edge coverage at the end).
fuzz_stat() {
	case $2 in
	runs)	sed -n 's/^stat::number_of_executed_units: *//p' "$1" ;;
	seed)	sed -n 's/^INFO: Seed: //p' "$1" ;;
	cov)	grep -o 'DONE *cov: [0-9]*' "$1" | grep -o '[0-9]*$' ;;
	esac
}
