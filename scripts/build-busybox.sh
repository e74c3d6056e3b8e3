#!/bin/bash
# The busybox guest (doc/shell.md, doc/kmod.md), i386 only: busybox
# from Debian's source package, built once, static with Debian's i386
# musl, from allnoconfig plus qemu-test/busybox/config; kmod likewise
# (scripts/build-kmod.sh); then the guest's root overlay (redone every
# time, cheap):
#   /bin/busybox and its applet links, /sbin/init (qemu-test/busybox/init),
#   /bin/failnth-modprobe, /bin/sigshare and /bin/dyntrue with musl's
#   dynamic loader (the fail-nth walks), /bin/icount (make bench),
#   /bin/kmod with insmod, rmmod, lsmod, modinfo, modprobe and depmod in
#   /sbin linked to it (busybox's applets of those names stay as
#   `busybox NAME`), the modules as NAME.ko under /lib/modules/2.5.50
#   (the test modules in extra/, a kernel tree's at their path under
#   kernel/) with the modules.dep and indexes that depmod computes from
#   them, and /boot/System.map-2.5.50 (vmlinux's __ksymtab_ lines, for
#   depmod -F); run_cases.py puts the modules in /m too, as NAME.o.
#
#   build-busybox.sh [ROOT MODULES-LIST SYSTEM.MAP]
# Defaults: $BUILD/i386/busybox/root, the test modules
# ($BUILD/i386/guest/modules.list), the tree's System.map; the drivers
# kernel's guest passes its own (tests/53-drivers.sh).
# Prints the root's path on its last line.
#
# Exit status 2 (with the reason) when busybox cannot be had: no i386
# musl, no deb-src entry, apt-get source failing; 1 on a build failure.
# Without kmod (build-kmod.sh cannot have it) the root has busybox's
# module applets under their names and no /bin/kmod, and says why in
# /kmod-missing.
. "$(dirname "$0")/lib.sh"
[ "$ARCH" = i386 ] ||
	die "the busybox guest is i386 only (Debian has no musl for $ARCH; doc/shell.md)"
BB=$BUILD/i386/busybox
CONF=$TOP/qemu-test/busybox/config
G=$BUILD/i386/guest
R=${1:-$BB/root}
LIST=${2:-$G/modules.list}
MAP=${3:-$TREE/System.map}
cantget() { printf '*** %s\n' "$@" >&2; exit 2; }

command -v i386-linux-musl-gcc > /dev/null ||
	cantget "no i386-linux-musl-gcc: run scripts/install-deps.sh as root" \
		"(dpkg --add-architecture i386; apt-get install musl-dev:i386 musl-tools)"
[ -f "$LIST" ] || die "no $LIST: run make modules (ARCH=i386)"
[ -f "$MAP" ] || die "no $MAP: run make kernel (ARCH=i386)"

# Built once per machine: BUSYBOX_CACHE (default /var/tmp/busybox-guest,
# beside kmod's; $BUILD/busybox-cache where that cannot be written)
# holds busybox-VERSION-KEY/{busybox,busybox.links}, VERSION the source
# package's that apt offers (apt-cache showsrc), KEY a hash of our config,
# this script's build part (all above the kmod part) and the compilers
# (toolchain_id of i386-linux-musl-gcc and gcc): another clone, or
# another BUILD, takes it from there (a build from the source package
# took a minute).  Written to a temporary directory and renamed.
mkdir -p "$BB" || die "cannot make $BB"
CACHE=${BUSYBOX_CACHE:-/var/tmp/busybox-guest}
if ! mkdir -p "$CACHE" 2> /dev/null || ! [ -w "$CACHE" ]; then
	CACHE=$BUILD/busybox-cache
	mkdir -p "$CACHE"
fi
recipe=$(sed '/^# kmod, from its own cache/,$d' "$0" | cat - "$CONF" | sha1sum | cut -d' ' -f1)
ver=$(apt-cache showsrc busybox 2> /dev/null | sed -n 's/^Version: //p' | sort -V | tail -1)
OUT=
if [ -n "$ver" ]; then
	key=$( { echo "$recipe"; toolchain_id i386-linux-musl-gcc; toolchain_id gcc; } |
		sha1sum | cut -c1-12)
	OUT=$CACHE/busybox-${ver//:/_}-$key
fi
if [ -n "$OUT" ] && [ -x "$OUT/busybox" ] && [ -f "$OUT/busybox.links" ]; then
	bb_bin=$OUT/busybox bb_links=$OUT/busybox.links
	msg "busybox: built before on this machine ($OUT)"
else
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

	# Build once; again only when our config or this script's build part
	# (all above the kmod part) changed: the stamp holds their checksum.
	stamp=$BB/built.stamp
	if [ ! -x "$src/busybox" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$recipe" ]; then
		msg "busybox: building $(basename "$src") static with i386 musl ($JOBS jobs), log in $BB/build.log"
		t0=$(now)
		bbmake() {
			third_party env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$src" \
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
		file "$src/busybox" | grep 'ELF 32-bit.*Intel 80386.*statically linked' > /dev/null ||
			die "$src/busybox is not a static i386 program: $(file -b "$src/busybox")"
		echo "$recipe" > "$stamp"
		msg "busybox built in $(elapsed "$t0") s: $(stat -c %s "$src/busybox") bytes, $(wc -l < "$src/busybox.links") applets"
	fi
	bb_bin=$src/busybox bb_links=$src/busybox.links
	# Into the machine's cache, when it is the version apt offers.
	if [ -n "$OUT" ] && [ ! -d "$OUT" ] &&
	   [ "$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version 2> /dev/null)" = "$ver" ]; then
		t=$CACHE/.tmp.$$
		rm -rf "$t"
		if mkdir -p "$t" && cp "$bb_bin" "$bb_links" "$t/" && mv -T "$t" "$OUT" 2> /dev/null; then
			msg "busybox: kept for this machine in $OUT"
		fi
		rm -rf "$t"
	fi
fi

# kmod, from its own cache (outside the clone).
kmod=$("$TOP/scripts/build-kmod.sh" 2> "$BB/kmod.log" | tail -1)
case $? in
0)	;;
2)	kmod= ;;
*)	tail -20 "$BB/kmod.log" >&2; die "building kmod failed (log: $BB/kmod.log)" ;;
esac

# The root overlay.
KV=2.5.50
rm -rf "$R"
mkdir -p "$R/bin" "$R/sbin" "$R/etc" "$R/lib/modules/$KV" "$R/tmp" "$R/boot"
cp "$bb_bin" "$R/bin/busybox"
while read -r l; do
	[ "$l" = /bin/busybox ] || [ "$l" = /sbin/init ] || [ "$l" = /linuxrc ] && continue
	mkdir -p "$R$(dirname "$l")"
	ln -s /bin/busybox "$R$l"
done < "$bb_links"
install -m 755 "$TOP/qemu-test/busybox/init" "$R/sbin/init"
# kmod-failnth.case's walk (doc/fault-injection.md).
install -m 755 "$TOP/qemu-test/busybox/failnth-modprobe" "$R/bin/failnth-modprobe"
# exec-failnth.case's exec with a shared signal table, and a program
# with an interpreter (musl's dynamic loader, the host's i386 one).
i386-linux-musl-gcc -static -Os -Wall -o "$R/bin/sigshare" "$TOP/qemu-test/busybox/sigshare.c" ||
	die "qemu-test/busybox/sigshare.c does not build"
i386-linux-musl-gcc -static -Os -Wall -o "$R/bin/icount" "$TOP/qemu-test/allmodules/icount.c" ||
	die "qemu-test/allmodules/icount.c does not build"
echo 'int main(void) { return 0; }' |
	i386-linux-musl-gcc -x c -no-pie -Os -o "$R/bin/dyntrue" - ||
	die "i386-linux-musl-gcc cannot link a dynamic program"
interp=$(readelf -lW "$R/bin/dyntrue" | sed -n 's/.*program interpreter: \(.*\)]$/\1/p')
[ -n "$interp" ] && [ -f "$interp" ] ||
	die "no dynamic loader '$interp' for i386 musl on this host (musl:i386)"
mkdir -p "$R$(dirname "$interp")"
cp -L "$interp" "$R$interp"
if [ -n "$kmod" ]; then
	cp "$kmod" "$R/bin/kmod"
	for t in insmod rmmod lsmod modinfo modprobe depmod; do
		ln -sfn /bin/kmod "$R/sbin/$t"
	done
else
	grep '^\*\*\* ' "$BB/kmod.log" | sed 's/^\*\*\* //' > "$R/kmod-missing"
	warn "no kmod in the guest: $(tr '\n' ' ' < "$R/kmod-missing")"
fi
# The modules as depmod wants them: NAME.ko files (2.5.50's kbuild
# makes NAME.o; the kernel reads the name from the module, never from
# the file).  The broken .modinfo copies of modinfo-hostile.case stay
# in /m only, and so does kept-shndx-reserved.o (its section header
# table ends past the file: depmod cannot open it).
while read -r m; do
	case $(basename "$m") in modinfo-*|kept-shndx-reserved.o) continue ;; esac
	rel=${m#*/linux-2.5.50/}
	if [ "$rel" != "$m" ]; then
		dst=kernel/${rel%.o}.ko
	else
		dst=extra/$(basename "${m%.o}").ko
	fi
	mkdir -p "$R/lib/modules/$KV/$(dirname "$dst")"
	cp "$m" "$R/lib/modules/$KV/$dst"
	echo "$dst" >> "$R/lib/modules/$KV/modules.order"
done < "$LIST"
# What kbuild of today writes beside them: modules.order (the list's
# order, which depmod keeps), and no built-in modules (2.5.50 has no
# modules.builtin; empty files say so, and depmod stops warning).
: > "$R/lib/modules/$KV/modules.builtin"
: > "$R/lib/modules/$KV/modules.builtin.modinfo"
# vmlinux's exports, as depmod -F reads them ("ADDR TYPE __ksymtab_NAME").
grep ' __ksymtab_' "$MAP" > "$R/boot/System.map-$KV" ||
	die "$MAP has no __ksymtab_ symbol"
# modules.dep and the indexes, by the host's depmod (Debian's kmod, the
# same version as the guest's): -e lists the symbols that neither
# vmlinux nor another module exports (in $R.depmod.log).
depmod=$(PATH=$PATH:/sbin:/usr/sbin command -v depmod) ||
	die "no depmod on this host: apt-get install kmod (scripts/install-deps.sh)"
"$depmod" -e -b "$R" -F "$R/boot/System.map-$KV" "$KV" > "$R.depmod.log" 2>&1 || {
	cat "$R.depmod.log" >&2
	die "depmod -b $R failed"
}
[ -s "$R/lib/modules/$KV/modules.dep" ] || die "depmod wrote no $R/lib/modules/$KV/modules.dep"
echo "$R"
