#!/bin/bash
# Build the guest side: "init" (our libc-free /sbin/init) or "modules"
# (qemu-test/modules, built with kbuild against the patched tree).
. "$(dirname "$0")/lib.sh"

G=$BUILD/$ARCH/guest
mkdir -p "$G"
case "${1:-}" in
init)
	# qemu-test/init.c with the arch's system calls and _start
	# (qemu-test/arch/$ARCH/syscalls.h), by its compiler and the flags
	# scripts/arch/$ARCH.sh gives (arch_init_cflags).
	arch_need
	inc=$TOP/qemu-test/arch/$ARCH
	[ -f "$inc/syscalls.h" ] || die "no guest init port for $ARCH ($inc/syscalls.h)"
	need_tools "$arch_cc:$arch_pkg${arch_cc_build:+, then ${arch_cc_build#$TOP/}}"
	# Static, no libc, no PIE: the kernel's ELF loader is from 2002.
	$arch_cc $arch_init_cflags -O2 -Wall -Wextra -Werror -ffreestanding \
		-fno-pie -no-pie -fno-stack-protector -fno-asynchronous-unwind-tables \
		-nostdlib -static -Wl,--build-id=none -Wl,-z,noexecstack \
		-I"$inc" -o "$G/init.tmp" "$TOP/qemu-test/init.c" $arch_init_libs ||
		die "building qemu-test/init.c for $ARCH failed (is $arch_pkg installed?)"
	mv "$G/init.tmp" "$G/init"
	msg "guest init ($ARCH): $G/init"
	;;
modules)
	[ -d "$TREE/.pc" ] || die "no patched tree: run make tree"
	# Built already after the kernel's last build (build-kernel.sh's
	# .harness-built), with nothing in the tree changed since, from the
	# same sources and scripts: kept.
	key=$(cd "$TOP" && sha1sum qemu-test/modules/* qemu-test/badmodinfo.py qemu-test/badkept.py qemu-test/badsecnames.py qemu-test/elfhdr.py \
		scripts/build-guest.sh scripts/lib.sh scripts/arch/$ARCH.sh 2>&1)
	if [ -f "$TREE/.harness-built" ] && [ "$G/modules.built" -nt "$TREE/.harness-built" ] &&
	   [ -z "$(tree_newer "$TREE/.harness-built")" ] &&
	   [ "$key" = "$(cat "$G/modules.built")" ] && [ -f "$G/modules.list" ] &&
	   ! (xargs ls -d -- < "$G/modules.list" 2>&1 >/dev/null | grep . > /dev/null); then
		msg "test modules: up to date (built after the kernel from the same sources: $G/modules.built)"
		exit 0
	fi
	rm -f "$G/modules.built"
	rm -rf "$G/mods"
	cp -a "$TOP/qemu-test/modules" "$G/mods"
	log=$BUILD/$ARCH/modules.log
	# kbuild compiles them by their absolute path (SUBDIRS=), which is in
	# ccache's key: CCACHE_BASEDIR makes ccache give gcc the path
	# relative to the tree (../guest/mods/NAME.c), the same in every
	# clone and BUILD, so that one finds the objects another compiled
	# (without it they were compiled again in each tree: 30 files,
	# 15 s).  gcc's warnings then name them by that path.
	if ! CCACHE_BASEDIR=$BUILD/$ARCH kmake SUBDIRS="$G/mods" modules > "$log" 2>&1; then
		grep -E 'error|Error|warning' "$log" | head -40 >&2
		die "building the test modules failed (log: $log)"
	fi
	if grep -E "^($G|\.\./guest)/mods/.*warning" "$log" >&2; then
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
	if readelf -SW "$G/mods/hello.o" | grep ' \.modinfo ' > /dev/null; then
		python3 "$TOP/qemu-test/badmodinfo.py" "$G/mods/hello.o" "$G/mods" ||
			die "qemu-test/badmodinfo.py failed on $G/mods/hello.o"
		bad=$(ls "$G/mods"/modinfo-*.o)
	fi
	# Copies of parmtest.o whose kept image points at what the loader
	# drops (qemu-test/badkept.py) for elf-kept.case.
	python3 "$TOP/qemu-test/badkept.py" "$G/mods/parmtest.o" "$G/mods" ||
		die "qemu-test/badkept.py failed on $G/mods/parmtest.o"
	bad="$bad $(ls "$G/mods"/kept-*.o)"
	# Copies of parmtest.o and sectest.o with section names that cannot
	# be files in sections/ (qemu-test/badsecnames.py), for
	# sysfs-sections.case.
	python3 "$TOP/qemu-test/badsecnames.py" "$G/mods/parmtest.o" "$G/mods/sectest.o" "$G/mods" ||
		die "qemu-test/badsecnames.py failed on $G/mods/parmtest.o, sectest.o"
	bad="$bad $G/mods/secname-bad.o $G/mods/secname-dup.o"
	list_modules "$G/modules.list" $(for m in $mods; do echo "$G/mods/$m"; done) $bad
	echo "$key" > "$G/modules.built"
	msg "test modules: $(echo $mods)"
	;;
*)	die "usage: build-guest.sh init|modules" ;;
esac
