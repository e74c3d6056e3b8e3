#!/bin/bash
# Build the guest side: "init" (our libc-free /sbin/init) or "modules"
# (qemu-test/modules, built with kbuild against the patched tree).
. "$(dirname "$0")/lib.sh"

G=$BUILD/$ARCH/guest
mkdir -p "$G"
case "${1:-}" in
init)
	# Other arches: the same init with their system calls, cross compiled.
	[ "$ARCH" = i386 ] || exec "$TOP/scripts/arch/build-init.sh" "$G/init"
	need_tools gcc:gcc-12-multilib
	# Static, no libc, no PIE: the kernel's ELF loader is from 2002.
	gcc -m32 -O2 -Wall -Wextra -Werror -ffreestanding -fno-pie -no-pie \
		-fno-stack-protector -fno-asynchronous-unwind-tables \
		-fcf-protection=none -nostdlib -static -Wl,--build-id=none \
		-Wl,-z,noexecstack -I"$TOP/qemu-test/arch/i386" \
		-o "$G/init.tmp" "$TOP/qemu-test/init.c" ||
		die "building qemu-test/init.c failed (is gcc-12-multilib installed?)"
	mv "$G/init.tmp" "$G/init"
	msg "guest init: $G/init"
	;;
modules)
	[ -d "$TREE/.pc" ] || die "no patched tree: run make tree"
	rm -rf "$G/mods"
	cp -a "$TOP/qemu-test/modules" "$G/mods"
	log=$BUILD/$ARCH/modules.log
	if ! kmake SUBDIRS="$G/mods" modules > "$log" 2>&1; then
		grep -E 'error|Error|warning' "$log" | head -40 >&2
		die "building the test modules failed (log: $log)"
	fi
	if grep -E "^$G/mods/.*warning" "$log" >&2; then
		die "the test modules must build without warnings (log: $log)"
	fi
	mods=$(make -s --no-print-directory -C "$G/mods" -f Makefile -f - print-obj-m <<'MK'
print-obj-m:
	@echo $(obj-m)
MK
)
	# Broken copies of hello.o's .modinfo (qemu-test/badmodinfo.py) for
	# modinfo-hostile.case, once the series gives modules a .modinfo.
	bad=
	if readelf -SW "$G/mods/hello.o" | grep -q ' \.modinfo '; then
		python3 "$TOP/qemu-test/badmodinfo.py" "$G/mods/hello.o" "$G/mods" ||
			die "qemu-test/badmodinfo.py failed on $G/mods/hello.o"
		bad=$(ls "$G/mods"/modinfo-*.o)
	fi
	list_modules "$G/modules.list" $(for m in $mods; do echo "$G/mods/$m"; done) $bad
	msg "test modules: $(echo $mods)"
	;;
*)	die "usage: build-guest.sh init|modules" ;;
esac
