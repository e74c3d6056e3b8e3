#!/bin/bash
# Build a C-only, libc-free ia64-linux-gnu cross gcc (gcc and libgcc)
# from Debian's gcc-12-source against Debian's binutils-ia64-linux-gnu.
# Debian ships no ia64 gcc; gcc 12 still has the ia64 back end.
#
# Cached outside the clone, keyed on the source package's version:
#   CROSS_GCC_CACHE (default /var/tmp/cross-gcc)
#     /ia64-linux-gnu-<gcc-12-source version>/bin/ia64-linux-gnu-gcc
# A stamp file (.built) is written only after a whole, successful build,
# so a second run costs nothing and a broken one is redone.
#
#   scripts/build-cross-gcc.sh          build when missing, print the path
#   scripts/build-cross-gcc.sh --path   print the path only (no build);
#                                       exit 1 when it is not built
#   scripts/build-cross-gcc.sh --can    whether it can be built here:
#                                       prints how long and where, or
#                                       exits 1 (no gcc-12 source)
# Needs: gcc-12-source libgmp-dev libmpfr-dev libmpc-dev g++ xz-utils
#        binutils-ia64-linux-gnu (scripts/install-deps.sh).
set -e -o pipefail
. "$(dirname "$0")/lib.sh"

TARGET=ia64-linux-gnu
CACHE=${CROSS_GCC_CACHE:-/var/tmp/cross-gcc}
SRCDIR=/usr/src/gcc-12

if [ "${1:-}" = --can ]; then
	ls $SRCDIR/gcc-*.tar.xz > /dev/null 2>&1 || exit 1
	echo "scripts/build-cross-gcc.sh, about 15 min idle, cached in $CACHE"
	exit 0
fi

ver=$(dpkg-query -W -f='${Version}' gcc-12-source 2>/dev/null || true)
if [ -z "$ver" ]; then
	echo "*** gcc-12-source is not installed (apt-get install gcc-12-source)" >&2
	exit 2
fi
PREFIX=$CACHE/$TARGET-$ver
CC_PATH=$PREFIX/bin/$TARGET-gcc

if [ -f "$PREFIX/.built" ] && [ -x "$CC_PATH" ]; then
	echo "$CC_PATH"
	exit 0
fi
[ "${1:-}" = --path ] && exit 1

for t in /usr/bin/$TARGET-as /usr/bin/$TARGET-ld; do
	[ -x "$t" ] || { echo "*** no $t (apt-get install binutils-$TARGET)" >&2; exit 2; }
done
for h in gmp.h mpfr.h mpc.h; do
	[ -f /usr/include/$h ] || [ -f /usr/include/x86_64-linux-gnu/$h ] ||
		{ echo "*** no $h (apt-get install libgmp-dev libmpfr-dev libmpc-dev)" >&2; exit 2; }
done
# gcc 12 is written in C++; its tarball is xz-compressed.
need_tools g++:g++ xz:xz-utils flock:util-linux
tarball=$(ls "$SRCDIR"/gcc-*.tar.xz 2>/dev/null | grep -v gm2 | head -1)
[ -n "$tarball" ] || { echo "*** no gcc tarball in $SRCDIR" >&2; exit 2; }

mkdir -p "$CACHE"
# One build at a time per version: a second caller waits, then finds it.
exec 9> "$CACHE/.lock-$TARGET-$ver"
if ! flock -n 9; then
	echo ">>> cross-gcc: another build of $PREFIX is running; waiting for it" >&2
	flock 9
fi
if [ -f "$PREFIX/.built" ] && [ -x "$CC_PATH" ]; then
	echo "$CC_PATH"
	exit 0
fi
work=$CACHE/.work-$TARGET-$ver
rm -rf "$work" "$PREFIX"
mkdir -p "$work/obj"
log=$work/build.log
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
[ "$jobs" -gt 2 ] && jobs=2

t0=$(date +%s)
step() { build_step cross-gcc "$log" "$@"; }	# lib.sh
# Progress while make runs: a line a minute with the number of objects.
progress() {
	while sleep 60; do
		echo ">>> cross-gcc: still building, $(( $(date +%s) - t0 )) s," \
		     "$(find "$work/obj" -name '*.o' 2>/dev/null | wc -l) objects" >&2
	done
}

echo ">>> cross-gcc: building $TARGET gcc from $tarball (gcc-12-source $ver)" >&2
echo ">>> cross-gcc: into $PREFIX, log $log (about 15 min on 2 cores)" >&2
step unpack tar -xJf "$tarball" -C "$work"
src=$(ls -d "$work"/gcc-*/ | head -1)
cd "$work/obj"
step configure "$src/configure" --prefix="$PREFIX" --target=$TARGET \
	--enable-languages=c --disable-shared --disable-threads \
	--without-headers --with-newlib --disable-libssp --disable-libquadmath \
	--disable-libgomp --disable-libatomic --disable-libitm --disable-libvtv \
	--disable-libsanitizer --disable-multilib --disable-nls \
	--disable-bootstrap --disable-werror \
	--with-as=/usr/bin/$TARGET-as --with-ld=/usr/bin/$TARGET-ld
progress & ppid=$!
trap 'kill $ppid 2>/dev/null || true' EXIT
step "make all-gcc" nice make -j"$jobs" all-gcc MAKEINFO=true
step "make all-target-libgcc" nice make -j"$jobs" all-target-libgcc MAKEINFO=true
kill $ppid 2>/dev/null || true
# The docs are not wanted: MAKEINFO=true skips them, but install-gcc
# still runs the s-tm-texi check, which fails on Debian's source
# ("genhooks: No place specified to document hook
# TARGET_ASM_OPEN_PAREN"; measured 2026-12-04).  The stamp says it ran.
step "skip the tm.texi check" touch gcc/s-tm-texi
step install make install-gcc install-target-libgcc MAKEINFO=true
# Debian's binutils for the target live in /usr/bin; the driver finds
# as and ld through --with-as/--with-ld.
"$CC_PATH" --version | head -1 >&2
cp "$log" "$PREFIX/build.log"
touch "$PREFIX/.built"
cd /
rm -rf "$work"
echo ">>> cross-gcc: built in $(( $(date +%s) - t0 )) s" >&2
echo "$CC_PATH"
