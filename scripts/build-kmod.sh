#!/bin/bash
# kmod for the busybox guest (doc/kmod.md): Debian's source package
# (apt-get source kmod), built static with Debian's i386 musl into one
# program, kmod, whose names insmod, rmmod, lsmod, modinfo, modprobe and
# depmod are links to it (scripts/build-busybox.sh makes them).
#
# Cached outside the clone, keyed on the source package's version and
# on this script (the build recipe):
#   KMOD_CACHE (default /var/tmp/kmod-guest)
#     /kmod-<source version>-i386-musl/kmod
# A stamp (.built, holding this script's checksum) is written only after
# a whole, successful build: a second run costs nothing, a broken or an
# outdated one is redone.  Prints the program's path on its last line.
#
# kmod's own build (autotools, libtool, gtk-doc) is not used: the
# program is its sources compiled with a config.h of our own, written
# below for musl and without compressed or signed modules, which a 2.5
# kernel never has.  That needs no autoreconf and takes seconds.
#
# Exit status 2 (with the reason) when kmod cannot be had: no i386 musl,
# no deb-src entry, apt-get source failing; 1 on a build failure.
. "$(dirname "$0")/lib.sh"
CACHE=${KMOD_CACHE:-/var/tmp/kmod-guest}
cantget() { printf '*** %s\n' "$@" >&2; exit 2; }

command -v i386-linux-musl-gcc > /dev/null ||
	cantget "no i386-linux-musl-gcc: run scripts/install-deps.sh as root" \
		"(dpkg --add-architecture i386; apt-get install musl-dev:i386 musl-tools)"
need_tools flock:util-linux sha1sum:coreutils

# The version apt offers now; without one (no deb-src entry, or apt's
# lists gone), the newest build already in the cache.
ver=$(apt-cache showsrc kmod 2> /dev/null | sed -n 's/^Version: //p' | sort -V | tail -1)
recipe=$(sha1sum < "$0" | cut -d' ' -f1)
if [ -z "$ver" ]; then
	d=$(ls -d "$CACHE"/kmod-*-i386-musl 2> /dev/null | sort -V | tail -1)
	if [ -n "$d" ] && [ -x "$d/kmod" ] && [ "$(cat "$d/.built" 2>/dev/null)" = "$recipe" ]; then
		echo "$d/kmod"
		exit 0
	fi
	cantget "apt-cache showsrc kmod found no source package: it needs a deb-src" \
		"entry and apt-get update; scripts/install-deps.sh (as root) derives one"
fi
OUT=$CACHE/kmod-$ver-i386-musl
built() { [ -x "$OUT/kmod" ] && [ "$(cat "$OUT/.built" 2>/dev/null)" = "$recipe" ]; }
if built; then
	echo "$OUT/kmod"
	exit 0
fi

# A cache this user cannot write (another user's, under umask 077):
# build into $BUILD instead, saying so.
if ! mkdir -p "$CACHE" 2> /dev/null || ! [ -w "$CACHE" ]; then
	warn "kmod: cannot write $CACHE; building into $BUILD/kmod-cache"
	CACHE=$BUILD/kmod-cache
	OUT=$CACHE/kmod-$ver-i386-musl
	if built; then
		echo "$OUT/kmod"
		exit 0
	fi
	mkdir -p "$CACHE"
fi
# One build at a time per version: a second caller waits, then finds it.
exec 9> "$CACHE/.lock-kmod-$ver"
if ! flock -n 9; then
	msg "kmod: another build of $OUT is running; waiting for it" >&2
	flock 9
fi
if built; then
	echo "$OUT/kmod"
	exit 0
fi
command -v dpkg-source > /dev/null ||
	cantget "no dpkg-source: run scripts/install-deps.sh as root (apt-get install dpkg-dev)"

work=$CACHE/.work-kmod-$ver
rm -rf "$work" "$OUT"
mkdir -p "$work/src" "$work/obj"
log=$work/build.log
t0=$(now)
msg "kmod: apt-get source kmod=$ver (into $work/src)" >&2
if ! (cd "$work/src" && apt-get source -qq "kmod=$ver") > "$log" 2>&1; then
	sed 's/^/    | /' "$log" | tail -8 >&2
	cantget "apt-get source kmod=$ver failed: it needs a deb-src entry and" \
		"apt-get update; scripts/install-deps.sh (as root) derives one"
fi
src=$(ls -d "$work"/src/kmod-*/ 2>/dev/null | head -1)
[ -n "$src" ] && [ -f "$src/libkmod/libkmod.c" ] && [ -f "$src/tools/kmod.c" ] ||
	cantget "apt-get source kmod unpacked no kmod tree (log: $log)"
src=${src%/}
# The package's version as kmod prints it (kmod --version): configure.ac's.
kver=$(sed -n '/^AC_INIT/,/)/s/^[[:space:]]*\[\([0-9][0-9.]*\)\],$/\1/p' "$src/configure.ac" | head -1)
[ -n "$kver" ] || die "no version in $src/configure.ac (log: $log)"

# config.h: what configure would find for i386 musl 1.2 with every
# optional library off (no zstd, xz, zlib or openssl: a 2.5 kernel has
# neither compressed nor signed modules).  musl has secure_getenv,
# be32toh and st_mtim, not strndupa (kmod's shared/missing.h has one)
# nor finit_module(), which kmod then calls by its number (ENOSYS on a
# kernel without it, like 2.5.50, and kmod falls back to init_module).
cat > "$work/obj/config.h" <<EOF
#define PACKAGE "kmod"
#define VERSION "$kver"
#define KMOD_FEATURES "-ZSTD -XZ -ZLIB -LIBCRYPTO"
#define ENABLE_LOGGING 1
#define HAVE_SECURE_GETENV 1
#define HAVE_STATIC_ASSERT 1
#define HAVE_NORETURN 1
#define HAVE_STRUCT_STAT_ST_MTIM 1
#define HAVE_DECL_STRNDUPA 0
#define HAVE_DECL_BE32TOH 1
#define HAVE___BUILTIN_CLZ 1
#define HAVE___BUILTIN_TYPES_COMPATIBLE_P 1
#define HAVE___BUILTIN_UADDL_OVERFLOW 1
#define HAVE___BUILTIN_UADDLL_OVERFLOW 1
#define _GNU_SOURCE 1
#define _FILE_OFFSET_BITS 64
EOF
# The sources of Makefile.am's tools/kmod: libshared, libkmod, the tools.
srcs=$(cd "$src" && ls shared/*.c libkmod/libkmod*.c tools/*.c)
[ "$(echo "$srcs" | wc -l)" -gt 20 ] || die "kmod's sources are not where Makefile.am has them ($src)"
msg "kmod: building $(basename "$src") static with i386 musl ($JOBS jobs), log in $log" >&2
cc1() {	# cc1 SRC: one object
	i386-linux-musl-gcc -Os -std=gnu99 -fno-common -include "$work/obj/config.h" \
		-I"$src" -DSYSCONFDIR='"/etc"' -c "$src/$1" -o "$work/obj/$(echo "$1" | tr / _).o"
}
export -f cc1
export src work
if ! echo "$srcs" | xargs -P "$JOBS" -I{} bash -c 'cc1 "$1"' _ {} >> "$log" 2>&1 ||
   ! i386-linux-musl-gcc -static -s -o "$work/kmod" "$work"/obj/*.o >> "$log" 2>&1; then
	tail -25 "$log" >&2
	die "building kmod failed (log: $log)"
fi
file "$work/kmod" | grep 'ELF 32-bit.*Intel 80386.*statically linked' > /dev/null ||
	die "$work/kmod is not a static i386 program: $(file -b "$work/kmod")"
mkdir -p "$OUT"
mv "$work/kmod" "$OUT/kmod"
cp "$log" "$OUT/build.log"
echo "$ver" > "$OUT/source-version"
echo "$recipe" > "$OUT/.built"
chmod -R a+rX "$OUT"	# every user may use it, whatever the umask
chmod a+rx "$CACHE" 2> /dev/null || :
rm -rf "$work"
msg "kmod $kver built in $(elapsed "$t0") s: $(stat -c %s "$OUT/kmod") bytes, $OUT/kmod" >&2
echo "$OUT/kmod"
