#!/bin/bash
# What this host can do for the harness, said at the top of make check
# (and by install-deps.sh), so that a reader of a CI log sees at once
# why a part was skipped.  One line a capability: "have" or "lack",
# what was found, and for a lack the consequence and what to do.  It
# never fails: a lack is for the tests to skip, loudly.
. "$(dirname "$0")/lib.sh"

line() { printf '    %-5s %-19s %s\n' "$1" "$2" "$3"; }

# 32-bit execution: the params unit test's -m32 binary.
w=$(host32_way)
case $w in
native)		line have "32-bit programs" "native (this kernel runs i386 programs)" ;;
qemu-i386)	if b=$(host32_binfmt_qemu) && [ -n "$b" ]; then
			line have "32-bit programs" "under qemu-i386 (this kernel hands them to $b through binfmt_misc); LeakSanitizer off there"
		else
			line have "32-bit programs" "under qemu-i386 -L / (this kernel runs no i386 programs); LeakSanitizer off there"
		fi ;;
*)		line lack "32-bit programs" "${w#none: }: the 32-bit params unit test is skipped" ;;
esac

# QEMU: each boot script names its emulator; the harness runs TCG
# (software emulation) only, so /dev/kvm is neither needed nor used.
for a in $(known_arches); do
	q=$(boot_qemu "$a")
	[ -n "$q" ] || continue
	set -- $q
	if command -v "$1" > /dev/null; then
		line have "$1" "$("$1" --version | head -1 | sed 's/ (.*//'), TCG"
	else
		line lack "$1" "no boot tests for $a (apt-get install $2)"
	fi
done
if command -v gdb-multiarch > /dev/null; then
	line have "gdb-multiarch" "$(gdb-multiarch --version | head -1 | sed 's/^GNU gdb ([^)]*) //'): make boot GDB=1 attaches"
else
	line lack "gdb-multiarch" "make boot GDB=1 waits for a gdb this host lacks; the gdb test is skipped (apt-get install gdb-multiarch)"
fi
if [ -e /dev/kvm ]; then
	line note "/dev/kvm" "present, not used (every boot is TCG, the same on every host)"
else
	line note "/dev/kvm" "absent: no matter, every boot is TCG"
fi

# Cross compilers: scripts/arch/A.sh names each, and how it is had:
# installed (arch_pkg), or built (arch_cc_build, after arch_pkg).
for a in $(known_arches); do
	if ! err=$(arch_load "$a" 2>&1 > /dev/null); then
		line lack "$a" "${err#\*\*\* }"
		continue
	fi
	arch_load "$a"
	if command -v "$arch_cc" > /dev/null; then
		line have "$a compiler" "$arch_cc ($("$arch_cc" -dumpfullversion))"
	elif [ -n "$arch_cc_build" ] && how=$("$arch_cc_build" --can 2> /dev/null); then
		line note "$a compiler" "not built yet: tests/60-cross.sh builds it ($how)"
	else
		line lack "$a compiler" "no $arch_cc: $a is not built (apt-get install $arch_pkg${arch_cc_build:+, then ${arch_cc_build#$TOP/}})"
	fi
done

# What else an arch needs that the host may lack (arch_caps: ia64's Ski).
for a in $(known_arches); do
	arch_load "$a" 2> /dev/null && declare -F arch_caps > /dev/null && arch_caps
done

# The busybox guest: i386 musl and busybox's Debian source package.
if command -v i386-linux-musl-gcc > /dev/null; then
	line have "i386 musl" "i386-linux-musl-gcc"
else
	line lack "i386 musl" "no i386-linux-musl-gcc: the busybox tests are skipped (scripts/install-shell-deps.sh, as root)"
fi
if [ -d "$BUILD/busybox/src" ] || apt-cache showsrc busybox 2> /dev/null | grep '^Package: busybox' > /dev/null; then
	line have "busybox source" "apt-get source busybox"
else
	line lack "busybox source" "no deb-src entry for busybox: the busybox tests are skipped (scripts/install-shell-deps.sh, as root)"
fi
# kmod for that guest (scripts/build-kmod.sh, doc/kmod.md), and the
# host's depmod (tests/42-depmod.sh).
kv=$(apt-cache showsrc kmod 2> /dev/null | sed -n 's/^Version: //p' | sort -V | tail -1)
if [ -n "$kv" ]; then
	line have "kmod source" "apt-get source kmod ($kv; built once into ${KMOD_CACHE:-/var/tmp/kmod-guest})"
else
	line lack "kmod source" "no deb-src entry for kmod: the kmod cases are skipped (scripts/install-shell-deps.sh, as root)"
fi
if PATH=$PATH:/sbin:/usr/sbin command -v depmod > /dev/null; then
	line have depmod "$(PATH=$PATH:/sbin:/usr/sbin command -v depmod)"
else
	line lack depmod "no depmod: tests/42-depmod.sh is skipped (apt-get install kmod)"
fi

# The rest a fresh machine may lack.
if [ -t 0 ] || [ -t 1 ]; then
	line have terminal "(not needed: QEMU reads /dev/null, writes a file)"
else
	line note terminal "none: no matter, QEMU reads /dev/null and writes a file"
fi
t=${TMPDIR:-/tmp}
line have "scratch space" "$t, $(df -Pm "$t" | awk 'NR == 2 { print $4 }') MB free"
mkdir -p "$BUILD"
free=$(df -Pm "$BUILD" | awk 'NR == 2 { print $4 }')
if [ "$free" -lt 3000 ]; then
	line lack "build space" "$BUILD: only $free MB free; make check needs about 3000 MB (set BUILD=)"
else
	line have "build space" "$BUILD, $free MB free"
fi
if [ -n "${HOME:-}" ]; then
	line have HOME "$HOME (not needed: quilt and git get their settings from the harness)"
else
	line note HOME "unset: no matter"
fi
line note user "uid $(id -u), umask $(umask); as root only install-deps.sh needs to run"
exit 0
