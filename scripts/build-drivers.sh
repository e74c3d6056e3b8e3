#!/bin/bash
# Build the "real drivers" kernel (doc/drivers.md): the series in
# its own tree, $BUILD/i386-drivers/i386/linux-2.5.50, configured from
# kernel-config/i386-drivers (NIC drivers, loop, usbcore and usblp as
# modules), its modules and the guest init.  The modules the cases load
# are listed in $BUILD/i386-drivers/i386/guest/modules.list, so that
#   BUILD=$BUILD/i386-drivers scripts/boot.sh qemu-test/drivers/*.case
# puts them into the initrd's /m.  The default tree is not touched.
. "$(dirname "$0")/lib.sh"

[ "$ARCH" = i386 ] || die "the drivers kernel is i386 only (ARCH=$ARCH)"
export BUILD=$BUILD/i386-drivers KCONFIG=i386-drivers ARCH
TREE=$BUILD/$ARCH/linux-2.5.50
G=$BUILD/$ARCH/guest

# Path in the tree of every module the cases load: dependencies first.
MODULES="lib/crc32.o drivers/net/mii.o drivers/net/8390.o
	drivers/net/8139too.o drivers/net/ne2k-pci.o drivers/net/pcnet32.o
	drivers/net/eepro100.o drivers/net/e100/e100.o
	drivers/net/tulip/tulip.o drivers/block/loop.o
	drivers/usb/core/usbcore.o drivers/usb/class/usblp.o"

"$TOP/scripts/prepare-tree.sh" || exit 1
"$TOP/scripts/build-kernel.sh" || exit 1
log=$BUILD/$ARCH/drivers-modules.log
msg "building the driver modules, log in $log"
t0=$(now)
if ! kmake -j"$JOBS" modules > "$log" 2>&1; then
	grep -E 'error|Error' "$log" | head -40 >&2
	die "building the driver modules failed after $(elapsed "$t0") s (log: $log)"
fi
mkdir -p "$G"
list_modules "$G/modules.list" $(for m in $MODULES; do echo "$TREE/$m"; done)
msg "driver modules built in $(elapsed "$t0") s: $(for m in $MODULES; do basename $m; done | tr '\n' ' ')"
"$TOP/scripts/build-guest.sh" init
