#!/bin/bash
# kmod's depmod on the host (issue 32, item 4; doc/kmod.md): Debian's
# depmod, run with -b on a copy of the modules laid out as it wants them
# (NAME.ko under lib/modules/2.5.50) and -F System.map (2.5.50 has no
# other list of vmlinux's exports for it), must compute the dependencies
# that the modules' own symbols say: tests/helpers/depmod-check.py works
# them out with nm (undefined symbols; the exporters' __ksymtab_NAME
# entries) and compares them with modules.dep, and the symbols nobody
# exports with what depmod -e reports.  Two sets: the test modules
# (qemu-test/modules), and every module of the drivers kernel
# (kernel-config/i386-drivers, as its make modules_install lists them).
#
# depmod reads a module's exports from its __ksymtab_strings section;
# 2.5.50 keeps each name inside struct kernel_symbol, so before the
# series moves them out of line (feature patch, after 2.5.59's design)
# depmod sees no export of any module, and this test fails.
. "$(dirname "$0")/lib-test.sh"
export ARCH=i386
labels="depmod test modules|depmod drivers kernel modules"
skipall() { IFS='|'; for l in $labels; do skip "$l: $1"; done; unset IFS; exit 0; }
check_ksrc "$KSRC" 2> /dev/null || skipall "no 2.5.50 tree at KSRC=$KSRC"
DEPMOD=$(PATH=$PATH:/sbin:/usr/sbin command -v depmod) ||
	skipall "no depmod on this host (apt-get install kmod; scripts/install-deps.sh)"
command -v nm > /dev/null || skipall "no nm (apt-get install binutils)"
KV=2.5.50
tmp=$(mktemp -d)
on_exit 'rm -rf "$tmp"'

# depmod_check LABEL SYSTEM.MAP SUBDIR MODULE...: lay them out as
# lib/modules/2.5.50/SUBDIR/NAME.ko, run depmod, compare.
depmod_check() {
	local label=$1 map=$2 sub=$3 b=$tmp/${1// /-} m
	shift 3
	mkdir -p "$b/lib/modules/$KV/$sub"
	for m in "$@"; do
		cp "$m" "$b/lib/modules/$KV/$sub/$(basename "${m%.o}").ko"
	done
	if ! "$DEPMOD" -e -b "$b" -F "$map" "$KV" > "$tmp/$label.log" 2>&1; then
		fail "$label: depmod -e -b -F failed: $(head -3 "$tmp/$label.log" | tr '\n' ' ')"
		return
	fi
	python3 "$TOP/tests/helpers/depmod-check.py" "${label#depmod }" \
		"$b/lib/modules/$KV" "$map" "$tmp/$label.log"
}

# The test modules (the broken .modinfo copies of modinfo-hostile.case
# are hello.o again under other names: left out, as from the guest; so
# is kept-shndx-reserved.o, whose section header table ends past the
# file until init's loadwide step fills it in: no ELF reader opens it).
if quiet make -s -C "$TOP" modules; then
	depmod_check "depmod test modules" "$TREE/System.map" extra \
		$(grep -Ev '/(modinfo-[^/]*|kept-shndx-reserved)\.o$' "$BUILD/$ARCH/guest/modules.list")
else
	fail "depmod test modules: the test modules do not build"
fi

# The drivers kernel (scripts/build-drivers.sh): its modules_install
# says which objects are modules (its obj-m, copied flat to kernel/).
DB=$BUILD/i386-drivers
DT=$DB/$ARCH/linux-2.5.50
if ! quiet "$TOP/scripts/build-drivers.sh"; then
	fail "depmod drivers kernel modules: the drivers kernel or its modules do not build"
elif ! quiet env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$DT" ARCH=i386 \
		INSTALL_MOD_PATH="$tmp/inst" modules_install; then
	fail "depmod drivers kernel modules: make modules_install into $tmp/inst failed"
else
	n=$(ls "$tmp/inst/lib/modules/$KV/kernel" | wc -l)
	depmod_check "depmod drivers kernel modules" "$DT/System.map" kernel \
		"$tmp/inst/lib/modules/$KV"/kernel/*.o
	want=$(wc -l < "$DB/$ARCH/guest/modules.list")
	[ "$n" -ge "$want" ] ||
		fail "depmod drivers kernel modules: modules_install gave $n modules, fewer than the $want the cases load"
fi
exit 0
