#!/bin/bash
# Build Ski, the IA-64 instruction-set simulator that CONFIG_IA64_HP_SIM
# kernels run under (doc/cross-ia64.md), and Ski's boot loader for them,
# from the source archive in the shared vendor directory.  Debian has no
# IA-64 simulator.  Nothing from the archive enters the clone.
#
# Cached outside the clone, keyed on the archive's contents:
#   SKI_CACHE (default /var/tmp/ski)
#     /<first 16 hex digits of the archive's sha256>/
#        bin/ski, bin/bski        the simulator (bski: batch mode)
#        ski-bootloader           the boot loader (ia64 ELF, needs the
#                                 ia64 cross gcc: scripts/build-cross-gcc.sh)
# Stamp files (.built, .built-bootloader) are written only after a whole,
# successful build, so a second run costs nothing and a broken one is
# redone.  A flock keeps two callers from building at once.
#
#   scripts/build-ski.sh          build what is missing, print the directory
#   scripts/build-ski.sh --path   print the directory only (no build);
#                                 exit 1 when Ski or its boot loader is
#                                 not built
# The archive: SKI_ARCHIVE, else the one ski-*.tar.xz in SKI_VENDOR
# (default /work/shared/vendor, beside KSRC's /work/linux-2.5.50).
# Needs: autoconf autoconf-archive automake libtool pkg-config flex bison
#        gperf libelf-dev libncurses-dev make gcc xz-utils
#        (scripts/install-deps.sh); for the boot loader, the ia64 gcc.
set -e -o pipefail
. "$(dirname "$0")/lib.sh"

CACHE=${SKI_CACHE:-/var/tmp/ski}
VENDOR=${SKI_VENDOR:-/work/shared/vendor}
archive=${SKI_ARCHIVE:-$(ls "$VENDOR"/ski-*.tar.xz 2>/dev/null | tail -1 || true)}
if [ -z "$archive" ] || [ ! -f "$archive" ]; then
	echo "*** no Ski source archive (${SKI_ARCHIVE:-$VENDOR/ski-*.tar.xz}; set SKI_ARCHIVE=)" >&2
	exit 2
fi
key=$(sha256sum "$archive" | cut -c1-16)
PREFIX=$CACHE/$key

built() {
	[ -f "$PREFIX/.built" ] && [ -x "$PREFIX/bin/bski" ] &&
	[ -f "$PREFIX/.built-bootloader" ] && [ -f "$PREFIX/ski-bootloader" ]
}
if built; then
	echo "$PREFIX"
	exit 0
fi
[ "${1:-}" = --path ] && exit 1

need_tools xz:xz-utils make:make gcc:gcc flock:util-linux \
	autoreconf:autoconf automake:automake libtoolize:libtool \
	pkg-config:pkg-config flex:flex bison:bison gperf:gperf
for h in libelf.h:libelf-dev ncurses.h:libncurses-dev; do
	[ -f /usr/include/${h%%:*} ] ||
		{ echo "*** no /usr/include/${h%%:*} (apt-get install ${h#*:})" >&2; exit 2; }
done
# configure.ac's AX_CHECK_COMPILE_FLAG
ls /usr/share/aclocal/ax_check_compile_flag.m4 > /dev/null 2>&1 ||
	{ echo "*** no ax_check_compile_flag.m4 (apt-get install autoconf-archive)" >&2; exit 2; }

mkdir -p "$CACHE"
exec 9> "$CACHE/.lock-$key"
if ! flock -n 9; then
	echo ">>> ski: another build of $PREFIX is running; waiting for it" >&2
	flock 9
fi
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
[ "$jobs" -gt 2 ] && jobs=2
work=$CACHE/.work-$key
log=$CACHE/build-$key.log

step() { build_step ski "$log" "$@"; }	# lib.sh

if ! [ -f "$PREFIX/.built" ] || ! [ -x "$PREFIX/bin/bski" ]; then
	echo ">>> ski: building Ski from $archive into $PREFIX (log $log; about 1 min on 2 cores)" >&2
	rm -rf "$work" "$PREFIX"
	: > "$log"
	mkdir -p "$work"
	step unpack tar -xJf "$archive" -C "$work"
	src=$(ls -d "$work"/ski-*/ | head -1)
	cd "$src"
	step autogen ./autogen.sh
	step configure ./configure --prefix="$PREFIX"
	step make nice make -j"$jobs"
	step install make install
	"$PREFIX/bin/ski" -help 2>&1 | head -1 >> "$log" || true
	touch "$PREFIX/.built"
	cd /
fi

# The boot loader (ski-bootloader/ in the archive): an ia64 program,
# built with the ia64 cross gcc and Debian's ia64 binutils.
if ! [ -f "$PREFIX/.built-bootloader" ] || ! [ -f "$PREFIX/ski-bootloader" ]; then
	cc=$("$TOP/scripts/build-cross-gcc.sh" --path 2>/dev/null) || {
		echo "*** ski: the boot loader needs the ia64 cross gcc: run scripts/build-cross-gcc.sh" >&2
		exit 2
	}
	src=$(ls -d "$work"/ski-*/ 2>/dev/null | head -1)
	if [ -z "$src" ]; then
		rm -rf "$work"
		mkdir -p "$work"
		step unpack tar -xJf "$archive" -C "$work"
		src=$(ls -d "$work"/ski-*/ | head -1)
	fi
	step "ski-bootloader" make -C "$src/ski-bootloader" \
		CROSS_COMPILE=ia64-linux-gnu- CC="$cc" LD=ia64-linux-gnu-ld
	cp "$src/ski-bootloader/ski-bootloader" "$PREFIX/ski-bootloader"
	touch "$PREFIX/.built-bootloader"
fi
cp "$log" "$PREFIX/build.log"
rm -rf "$work"
echo "$PREFIX"
