#!/bin/bash
# The busybox guest (doc/shell.md), i386 only: busybox
# from Debian's source package, built once, static with Debian's i386
# musl, from allnoconfig plus qemu-test/busybox/config; then the guest's
# root overlay in $BUILD/i386/busybox/root (redone every time, cheap):
#   /bin/busybox and its applet links, /sbin/init (qemu-test/busybox/init),
#   the test modules in /lib/modules/2.5.50 with modules.dep
#   (qemu-test/busybox/modules.dep); run_cases.py puts them in /m too.
# Prints the root's path on its last line.
#
# Exit status 2 (with the reason) when busybox cannot be had: no i386
# musl, no deb-src entry, apt-get source failing; 1 on a build failure.
. "$(dirname "$0")/lib.sh"
[ "$ARCH" = i386 ] ||
	die "the busybox guest is i386 only (Debian has no musl for $ARCH; doc/shell.md)"
BB=$BUILD/i386/busybox
CONF=$TOP/qemu-test/busybox/config
G=$BUILD/i386/guest
cantget() { printf '*** %s\n' "$@" >&2; exit 2; }

command -v i386-linux-musl-gcc > /dev/null ||
	cantget "no i386-linux-musl-gcc: run scripts/install-deps.sh as root" \
		"(dpkg --add-architecture i386; apt-get install musl-dev:i386 musl-tools)"
[ -f "$G/modules.list" ] || die "no $G/modules.list: run make modules (ARCH=i386)"

# The source: Debian's package, unpacked (and its patches applied) by
# apt-get source into $BB/src, once.
src=$(ls -d "$BB"/src/busybox-*/ 2>/dev/null | head -1)
if [ -z "$src" ] || [ ! -f "$src/Makefile" ]; then
	command -v dpkg-source > /dev/null ||
		cantget "no dpkg-source: run scripts/install-deps.sh as root (apt-get install dpkg-dev)"
	rm -rf "$BB/src"
	mkdir -p "$BB/src"
	msg "busybox: apt-get source busybox (into $BB/src)"
	if ! (cd "$BB/src" && apt-get source -qq busybox) > "$BB/source.log" 2>&1; then
		sed 's/^/    | /' "$BB/source.log" | tail -8 >&2
		cantget "apt-get source busybox failed: it needs a deb-src entry and" \
			"apt-get update; scripts/install-deps.sh (as root) derives one"
	fi
	src=$(ls -d "$BB"/src/busybox-*/ 2>/dev/null | head -1)
	[ -n "$src" ] && [ -f "$src/Makefile" ] || cantget "apt-get source busybox unpacked nothing (log: $BB/source.log)"
fi
src=${src%/}

# Build once; again only when our config or this script changed.
stamp=$BB/built.stamp
if [ ! -x "$src/busybox" ] || [ ! -f "$stamp" ] ||
   [ "$CONF" -nt "$stamp" ] || [ "$0" -nt "$stamp" ]; then
	msg "busybox: building $(basename "$src") static with i386 musl ($JOBS jobs), log in $BB/build.log"
	t0=$(now)
	bbmake() {
		env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$src" \
			CC=i386-linux-musl-gcc HOSTCC=gcc "$@"
	}
	# Our lines (qemu-test/busybox/config, "# CONFIG_X is not set" too)
	# replace allnoconfig's for the same options; oldconfig does the rest.
	grep -E '^(CONFIG_|# CONFIG_[A-Z0-9_]+ is not set)' "$CONF" > "$BB/config.ours"
	sed -E 's/^# (CONFIG_[A-Z0-9_]+) is not set/\1/; s/=.*//' "$BB/config.ours" |
		sort -u > "$BB/config.names"
	{
		bbmake allnoconfig &&
		{ grep -v -w -F -f "$BB/config.names" "$src/.config"; cat "$BB/config.ours"; } \
			> "$BB/config.new" &&
		mv "$BB/config.new" "$src/.config" &&
		bbmake oldconfig < <(yes '') &&
		bbmake -j"$JOBS" busybox busybox.links
	} > "$BB/build.log" 2>&1 || {
		tail -25 "$BB/build.log" >&2
		die "building busybox failed (log: $BB/build.log)"
	}
	# What we asked for is what we got.
	while read -r l; do
		case "$l" in
		CONFIG_*=n) want="# ${l%=n} is not set" ;;
		*) want=$l ;;
		esac
		grep -qxF "$want" "$src/.config" ||
			die "busybox's .config lost \"$want\" (qemu-test/busybox/config; log: $BB/build.log)"
	done < <(sed -E 's/^# (CONFIG_[A-Z0-9_]+) is not set/\1=n/' "$BB/config.ours")
	file "$src/busybox" | grep -q 'ELF 32-bit.*Intel 80386.*statically linked' ||
		die "$src/busybox is not a static i386 program: $(file -b "$src/busybox")"
	touch "$stamp"
	msg "busybox built in $(elapsed "$t0") s: $(stat -c %s "$src/busybox") bytes, $(wc -l < "$src/busybox.links") applets"
fi

# The root overlay.
R=$BB/root
rm -rf "$R"
mkdir -p "$R/bin" "$R/sbin" "$R/etc" "$R/lib/modules/2.5.50" "$R/tmp"
cp "$src/busybox" "$R/bin/busybox"
while read -r l; do
	[ "$l" = /bin/busybox ] || [ "$l" = /sbin/init ] || [ "$l" = /linuxrc ] && continue
	mkdir -p "$R$(dirname "$l")"
	ln -s /bin/busybox "$R$l"
done < "$src/busybox.links"
install -m 755 "$TOP/qemu-test/busybox/init" "$R/sbin/init"
while read -r m; do
	cp "$m" "$R/lib/modules/2.5.50/"
done < "$G/modules.list"
# modules.dep is written by hand (no depmod for 2.5.50's .o modules);
# every module it names must exist.
grep -v '^#' "$TOP/qemu-test/busybox/modules.dep" > "$R/lib/modules/2.5.50/modules.dep"
for f in $(tr -d ':' < "$R/lib/modules/2.5.50/modules.dep"); do
	[ -f "$R/lib/modules/2.5.50/$f" ] ||
		die "qemu-test/busybox/modules.dep names $f, which is not among the test modules"
done
echo "$R"
