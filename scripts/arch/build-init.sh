#!/bin/bash
# Build the guest /sbin/init for a non-i386 ARCH from qemu-test/init.c:
# its i386 system-call block (from "#define __NR_exit" to "#define sys3")
# and its i386 _start (from "The kernel enters here" to the end) are
# replaced by scripts/arch/$ARCH-init.h.  Everything else is shared.
# Usage: build-init.sh OUTPUT   (sourced settings from scripts/lib.sh)
. "$(dirname "$0")/../lib.sh"
out=${1:?usage: build-init.sh OUTPUT}
hdr=$TOP/scripts/arch/$ARCH-init.h
src=$TOP/qemu-test/init.c
[ -f "$hdr" ] || die "no guest init port for $ARCH ($hdr)"
case "$ARCH" in
ppc)	cc=powerpc-linux-gnu-gcc; pkg=gcc-powerpc-linux-gnu; flags="-msoft-float -mno-sdata" ;;
ppc64)	cc=powerpc64-linux-gnu-gcc; pkg=gcc-powerpc64-linux-gnu; flags="-m64 -mno-sdata" ;;
sparc64) cc=sparc64-linux-gnu-gcc; pkg=gcc-sparc64-linux-gnu; flags="-m64 -mcmodel=medlow" ;;
*)	die "no guest init port for $ARCH" ;;
esac
need_tools $cc:$pkg
grep -q '^#define __NR_exit' "$src" && grep -q '^#define sys3' "$src" &&
	grep -q 'The kernel enters here' "$src" ||
	die "qemu-test/init.c no longer has the i386 blocks build-init.sh cuts out"
tmp=$(mktemp -d)
awk -v hdr="$hdr" '
	/^#define __NR_exit/ { while ((getline l < hdr) > 0) print l; skip = 1 }
	/The kernel enters here/ { exit }
	!skip { print }
	skip && /^#define sys3/ { skip = 0 }
' "$src" > "$tmp/init.c"
if ! $cc -O2 -Wall -Wextra -Werror -ffreestanding -fno-pie -no-pie \
	-fno-stack-protector -fno-asynchronous-unwind-tables $flags \
	-nostdlib -static -Wl,--build-id=none -Wl,-z,noexecstack \
	-o "$out.tmp" "$tmp/init.c"; then
	rm -rf "$tmp"
	die "building the $ARCH guest init failed"
fi
rm -rf "$tmp"
mv "$out.tmp" "$out"
msg "guest init ($ARCH): $out"
