#!/bin/bash
# Module names and device tables, checked on the objects kbuild builds
# from qemu-test/modules against the patched tree.
. "$(dirname "$0")/lib-test.sh"
export ARCH=i386
need_tree_or_skip "modules: test modules build" "modules: names" \
	"modules: shared object has no name" "modules: no_module_init gone" \
	"modtables: pcimap" "modtables: usbmap" "modtables: bad input"

quiet make -s -C "$TOP" modules || { fail "modules: test modules do not build"; exit 0; }
pass "modules: test modules build with kbuild (SUBDIRS=), warning-free"
M=$BUILD/$ARCH/guest/mods

# Each module: one .gnu.linkonce.modname section holding its own name.
for m in hello multipart divas eicon noinit devtable; do
	n=$(readelf -SW "$M/$m.o" | grep -c '\.gnu\.linkonce\.modname')
	name=$(section_bytes "$M/$m.o" .gnu.linkonce.modname | tr -d '\0')
	size=$(section_size "$M/$m.o" .gnu.linkonce.modname)
	if [ "$n" = 1 ] && [ "$name" = "$m" ] && [ "$size" = 60 ]; then
		pass "modules: $m.o carries its name once (.gnu.linkonce.modname = \"$name\", 60 bytes)"
	else
		fail "modules: $m.o: $n modname sections, name \"$name\", size $size (want 1, \"$m\", 60)"
	fi
done
if readelf -SW "$M/shared_common.o" | grep modname > /dev/null; then
	fail "modules: shared_common.o (linked into divas and eicon) carries a module name"
else
	pass "modules: shared_common.o, linked into two modules, carries no name"
fi
if grep -q "shared_common\.c *$" "$BUILD/$ARCH/modules.log" &&
   ! grep "shared_common\.c *$" "$BUILD/$ARCH/modules.log" | grep KBUILD_MODNAME > /dev/null; then
	pass "modules: kbuild compiles the shared object without KBUILD_MODNAME"
else
	fail "modules: shared_common.o compiled with a KBUILD_MODNAME"
fi
left=$(cd "$TREE" && grep -rl --include='*.[chS]' -e 'no_module_init' -e '"\.modulename"' \
	-e '__DEFINE_MODULE_NAME' . 2>/dev/null | grep -v '^\./\.pc/')
if [ -z "$left" ]; then
	pass "modules: no no_module_init, .modulename or __DEFINE_MODULE_NAME left in the tree"
else
	fail "modules: left in the tree: $left"
fi

# modtables reads the tables from the object, no relocation; compare with
# what the module's C source says (derived from the source, not the .o).
T=$BUILD/$ARCH/modtables
gcc -O2 -Wall -Wextra -Werror -o "$T" "$TOP/scripts/modtables.c" ||
	{ fail "modtables: does not build"; exit 0; }
for k in pcimap usbmap; do
	want=$(python3 "$TOP/tests/helpers/devtable-expect.py" $k "$TOP/qemu-test/modules/devtable.c" "$TREE")
	got=$("$T" $k "$M/devtable.o")
	entries=$(echo "$want" | grep -vc '^#')
	if [ "$want" = "$got" ] && [ "$entries" -ge 2 ]; then
		pass "modtables: $k lines of devtable.o match its source ($entries entries)"
	else
		fail "modtables: $k differs from the source:"
		diff <(echo "$want") <(echo "$got") | sed 's/^/    | /'
	fi
done
# devtable.c is built with -ftoplevel-reorder: the old depmod's pointer
# and size must survive through __attribute_used__ alone.
syms=$(nm "$M/devtable.o")
if grep -q " __module_pci_device_table$" <<< "$syms" &&
   grep -q " __module_usb_device_size$" <<< "$syms" &&
   grep -q " D __mod_pci_device_table$" <<< "$syms"; then
	pass "modules: devtable.o keeps the old table pointer and size beside the __mod_ alias"
else
	fail "modules: devtable.o lost __module_*_table/_size or __mod_pci_device_table"
fi
if [ "$("$T" pcimap "$M/hello.o" | wc -l)" = 1 ]; then
	pass "modtables: a module without a table gives only the header"
else
	fail "modtables: hello.o has no table but got entries"
fi
if ! "$T" pcimap "$TOP/README" > /dev/null 2>&1 && ! "$T" bogus "$M/hello.o" > /dev/null 2>&1; then
	pass "modtables: a non-ELF file or bad map name is an error"
else
	fail "modtables: bad input accepted"
fi

# What a module says about itself (module-modinfo.patch): kmod's
# modinfo of every test module shows what its sources declare, shared
# objects' strings included (shared_common.c's author in divas and
# eicon, multi_b.c's description in multipart); built-in code leaves no
# .modinfo in vmlinux.
if ! grep -q '__MODULE_INFO' "$TREE/include/linux/moduleparam.h"; then
	skip "modinfo: the series has no .modinfo strings (module-modinfo.patch)"
	exit 0
fi
for o in $(grep -Ev '/(modinfo|kept|secname)-[^/]*\.o$' "$BUILD/$ARCH/guest/modules.list"); do
	m=$(basename "$o" .o)
	check_modinfo "modinfo i386: $m.o" "$o" $(module_sources "$TREE" "$o")
done
if [ -f "$TREE/vmlinux" ]; then
	if readelf -SW "$TREE/vmlinux" | grep '\.modinfo' > /dev/null; then
		fail "modinfo: vmlinux has a .modinfo section: built-in code must leave none"
	else
		pass "modinfo: vmlinux has no .modinfo: built-in code's MODULE_LICENSEs leave nothing"
	fi
else
	skip "modinfo: no vmlinux in $TREE to check for .modinfo"
fi
exit 0
