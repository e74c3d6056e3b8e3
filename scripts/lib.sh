# Shared settings and helpers for the harness scripts.  Sourced, not run.
#
# Environment (all have defaults; the Makefile passes its own):
#   KSRC   pristine Linux 2.5.50 tree, never written to
#   BUILD  where the patched copies and all build output go
#   ARCH   i386 (default), ppc, ppc64, sparc64

set -o pipefail

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KSRC=${KSRC:-/work/linux-2.5.50}
BUILD=${BUILD:-$TOP/build}
ARCH=${ARCH:-i386}
case "$BUILD" in /*) ;; *) BUILD=$TOP/$BUILD ;; esac
TREE=$BUILD/$ARCH/linux-2.5.50
PATCHES=${PATCHES_DIR:-$TOP/patches}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}

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

# quilt, run in the build tree against our patches directory.
q() {
	(cd "$TREE" && QUILT_PATCHES=$PATCHES QUILT_SERIES=$PATCHES/series \
		quilt --quiltrc "$TOP/scripts/quiltrc" "$@")
}

# kbuild make in the tree for $ARCH.
kmake() {
	local cross=
	case "$ARCH" in
	i386)	;;
	ppc)	cross="CROSS_COMPILE=powerpc-linux-gnu-" ;;
	ppc64)	cross="CROSS_COMPILE=powerpc64-linux-gnu-" ;;
	sparc64) cross="CROSS_COMPILE=sparc64-linux-gnu-" ;;
	esac
	# scripts/arch/$ARCH.sh may add make variables to kmake_args.
	local -a kmake_args=()
	[ -f "$TOP/scripts/arch/$ARCH.sh" ] && . "$TOP/scripts/arch/$ARCH.sh"
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$TREE" ARCH="$ARCH" $cross "${kmake_args[@]}" "$@"
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

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
