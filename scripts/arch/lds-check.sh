#!/bin/bash
# For arches whose kernel cannot be compiled here (ia64: no Debian cross
# compiler and no QEMU; ppc64: 2.5.50's port does not build at all), the
# strongest check that runs: patch a copy of the tree (prepare-tree, no
# build), preprocess arch/$ARCH/vmlinux.lds.S with the host cpp (the
# headers it includes, with an empty stand-in <asm/offsets.h> and a
# two-line autoconf.h), assemble a small object with the cross as that
# fills .init.setup, .initcall*.init, __ex_table and, when the series
# adds it, .param.init (two 40-byte entries), link it with the cross ld
# and run check-vmlinux.py plus an order check.
# Proves: the patched script preprocesses, today's ld accepts it, and
# the section and its symbols land where the C code expects them.
# Does not prove: that the arch's 2.5.50 compiles, how gcc lays out
# struct kernel_param there (40 is the LP64 size of 5 pointer-sized
# members), or anything at run time.
# Usage: lds-check.sh ia64|ppc64
export ARCH=${1:?usage: lds-check.sh ia64|ppc64}
. "$(dirname "$0")/../lib.sh"
case $ARCH in
ia64)	x=ia64-linux-gnu; pkg=binutils-ia64-linux-gnu; d8=data8; nop="nop.i 0" ;;
ppc64)	x=powerpc64-linux-gnu; pkg=binutils-powerpc64-linux-gnu; d8=.quad; nop=nop ;;
*)	die "lds-check.sh: no settings for $ARCH" ;;
esac
say() { echo "$1: $ARCH linker script: $2"; }
for t in $x-as $x-ld $x-readelf $x-nm; do
	command -v $t > /dev/null ||
		{ say SKIP "no $t (apt-get install $pkg)"; exit 0; }
done
command -v cpp > /dev/null || { say SKIP "no host cpp (apt-get install cpp)"; exit 0; }
"$TOP/scripts/prepare-tree.sh" > "$BUILD/$ARCH.prepare.log" 2>&1 ||
	{ say FAIL "patches do not apply (log $BUILD/$ARCH.prepare.log)"; exit 0; }
w=$BUILD/$ARCH/lds-check
rm -rf "$w"; mkdir -p "$w/inc/linux" "$w/inc/asm"
for f in "$TREE"/include/asm-$ARCH/*; do ln -s "$f" "$w/inc/asm/"; done
rm -f "$w/inc/asm/offsets.h"
echo '/* stand-in: vmlinux.lds.S uses no asm-offsets */' > "$w/inc/asm/offsets.h"
printf '#define CONFIG_IA64_PAGE_SIZE_16KB 1\n#define CONFIG_IA64_L1_CACHE_SHIFT 7\n' \
	> "$w/inc/linux/autoconf.h"
if ! cpp -P -undef -D__ASSEMBLY__ -D__KERNEL__ -I"$w/inc" -I"$TREE/include" \
	"$TREE/arch/$ARCH/vmlinux.lds.S" -o "$w/vmlinux.lds.s" 2> "$w/cpp.err"; then
	say FAIL "host cpp: $(head -3 "$w/cpp.err" | tr '\n' ' ')"; exit 0
fi
params=
if grep -q '\.param\.init' "$w/vmlinux.lds.s"; then params=1; fi
{
	echo '.text'; echo '.globl _start'; echo "_start: $nop"
	echo '.data'; echo '.globl jiffies_64'; echo "jiffies_64: $d8 0"
	echo '.section __ex_table,"a"'; echo "$d8 1,2"
	echo '.section .init.setup,"aw"'; echo "$d8 1,2"
	echo '.section .initcall1.init,"aw"'; echo "$d8 3"
	echo '.section .initcall6.init,"aw"'; echo "$d8 4"
	if [ -n "$params" ]; then
		echo '.section .param.init,"aw"'
		echo "$d8 5,6,7,8,9"; echo "$d8 10,11,12,13,14"
	fi
} > "$w/t.s"
$x-as "$w/t.s" -o "$w/t.o" 2> "$w/as.err" ||
	{ say FAIL "as: $(head -2 "$w/as.err" | tr '\n' ' ')"; exit 0; }
$x-ld -T "$w/vmlinux.lds.s" "$w/t.o" -o "$w/t.elf" 2> "$w/ld.err" ||
	{ say FAIL "ld: $(head -3 "$w/ld.err" | tr '\n' ' ')"; exit 0; }
say PASS "patched vmlinux.lds.S preprocesses and links a test object (ld $($x-ld --version | head -1 | awk '{print $NF}'))"
python3 "$TOP/scripts/arch/check-vmlinux.py" $ARCH "$w/t.elf" $x-readelf ${params:+40}
if [ -n "$params" ]; then
	# The parameter table sits right after the __setup table.
	se=$($x-nm "$w/t.elf" | awk '$3 == "__setup_end" { print $1 }')
	ps=$($x-nm "$w/t.elf" | awk '$3 == "__param_start" { print $1 }')
	pe=$($x-nm "$w/t.elf" | awk '$3 == "__param_end" { print $1 }')
	is=$($x-nm "$w/t.elf" | awk '$3 == "__initcall_start" { print $1 }')
	if [ -n "$ps" ] && [ $((16#$se)) -le $((16#$ps)) ] && [ $((16#$pe)) -le $((16#$is)) ]; then
		say PASS "order __setup_end <= __param_start < __param_end <= __initcall_start"
	else
		say FAIL "order: __setup_end=$se __param_start=$ps __param_end=$pe __initcall_start=$is"
	fi
fi
exit 0
