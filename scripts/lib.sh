# Shared settings and helpers for the harness scripts.  Sourced, not run.
#
# Environment (all have defaults; the Makefile passes its own):
#   KSRC   pristine Linux 2.5.50 tree, never written to
#   BUILD  where the patched copies and all build output go
#   ARCH   i386 (default), ppc, ppc64, sparc64

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
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}

# Scratch files (mktemp, Python's tempfile) go to TMPDIR, else /tmp; on
# a host where neither is a writable directory they go to $BUILD/tmp.
if ! [ -d "${TMPDIR:-/tmp}" ] || ! [ -w "${TMPDIR:-/tmp}" ] ||
   ! [ -x "${TMPDIR:-/tmp}" ]; then
	export TMPDIR=$BUILD/tmp
	mkdir -p "$TMPDIR" 2> /dev/null
fi

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
q() {
	(cd "$TREE" && QUILT_PATCHES=$PATCHES QUILT_SERIES=$PATCHES/series \
		quilt --quiltrc "$TOP/scripts/quiltrc" "$@")
}

# arch_load [A]: what scripts/arch/A.sh (default $ARCH) says about the
# architecture: arch_cross (the CROSS_COMPILE prefix), arch_cc and its
# Debian package arch_pkg, the image target arch_image and its file
# arch_imagefile, and kmake_args (extra make variables).  Fails for an
# architecture with no such file.
arch_load() {
	local a=${1:-$ARCH}
	arch_cross= arch_cc= arch_pkg= arch_image= arch_imagefile=
	kmake_args=()
	[ -f "$TOP/scripts/arch/$a.sh" ] || return 1
	. "$TOP/scripts/arch/$a.sh"
}

# The architectures the harness knows: those with a scripts/arch/A.sh
# that names a compiler.
known_arches() {
	grep -l '^arch_cc=' "$TOP"/scripts/arch/*.sh | sed 's,.*/,,; s,\.sh$,,'
}

# boot_qemu A: "QEMU PACKAGE" of the machine that boots architecture A
# (scripts/boot.sh for i386, scripts/arch/A-boot.sh for the rest), or
# nothing where none boots it.
boot_qemu() {
	local f=$TOP/scripts/arch/$1-boot.sh
	[ "$1" = i386 ] && f=$TOP/scripts/boot.sh
	[ -f "$f" ] && sed -n 's/^qemu=\([^ ]*\) qemu_pkg=\([^ ]*\).*/\1 \2/p' "$f" | head -1
}

# kbuild make in the tree for $ARCH.
kmake() {
	local arch_cross arch_cc arch_pkg arch_image arch_imagefile
	local -a kmake_args
	arch_load || die "ARCH=$ARCH is not supported (no scripts/arch/$ARCH.sh)"
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$TREE" ARCH="$ARCH" \
		${arch_cross:+CROSS_COMPILE=$arch_cross} "${kmake_args[@]}" "$@"
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

# How this host runs i386 programs built with gcc -m32 (the params unit
# test): "native" where its kernel executes them, "qemu-i386" (Debian's
# qemu-user, with -L / for the 32-bit loader and libraries) where it
# refuses them (a kernel with ia32 emulation off: "Exec format error"),
# else "none: why".  HOST32=native|qemu-i386|none forces one way (the
# harness's own tests use it).  Prints the way; cached per run.
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
				way=native
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

# build_step TAG LOG NAME COMMAND...: run COMMAND with its output
# appended to LOG; say on stderr how long it took, or, when it fails,
# its last lines, and exit (the cached builds: build-cross-gcc.sh,
# build-ski.sh).
build_step() {
	local tag=$1 log=$2 name=$3 s=$(date +%s)
	shift 3
	echo ">>> $tag: $name ..." >&2
	if ! "$@" >> "$log" 2>&1; then
		echo "*** $tag: $name failed; last lines of $log:" >&2
		tail -20 "$log" >&2
		exit 1
	fi
	echo ">>> $tag: $name done in $(( $(date +%s) - s )) s" >&2
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
