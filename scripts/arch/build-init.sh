#!/bin/bash
# Build the guest /sbin/init for a non-i386 ARCH: qemu-test/init.c with
# that arch's system calls and _start, qemu-test/arch/$ARCH/syscalls.h,
# by its cross compiler.
# Usage: build-init.sh OUTPUT   (sourced settings from scripts/lib.sh)
. "$(dirname "$0")/../lib.sh"
out=${1:?usage: build-init.sh OUTPUT}
inc=$TOP/qemu-test/arch/$ARCH
[ -f "$inc/syscalls.h" ] || die "no guest init port for $ARCH ($inc/syscalls.h)"
case "$ARCH" in
ppc)	cc=powerpc-linux-gnu-gcc; pkg=gcc-powerpc-linux-gnu; flags="-msoft-float -mno-sdata" ;;
ppc64)	cc=powerpc64-linux-gnu-gcc; pkg=gcc-powerpc64-linux-gnu; flags="-m64 -mno-sdata" ;;
sparc64) cc=sparc64-linux-gnu-gcc; pkg=gcc-sparc64-linux-gnu; flags="-m64 -mcmodel=medlow" ;;
ia64)	arch_load; cc=$arch_cc; pkg=$arch_pkg; flags= libs=-lgcc ;;
*)	die "no guest init port for $ARCH" ;;
esac
need_tools "$cc:$pkg"
$cc -O2 -Wall -Wextra -Werror -ffreestanding -fno-pie -no-pie \
	-fno-stack-protector -fno-asynchronous-unwind-tables $flags \
	-nostdlib -static -Wl,--build-id=none -Wl,-z,noexecstack \
	-I"$inc" -o "$out.tmp" "$TOP/qemu-test/init.c" ${libs:-} ||
	die "building the $ARCH guest init failed"
mv "$out.tmp" "$out"
msg "guest init ($ARCH): $out"
