#!/bin/bash
# For arches whose kernel cannot be compiled here (ia64: no Debian cross
# compiler and no QEMU; ppc64: 2.5.50's port does not build at all), the
# strongest check that runs: patch a copy of the tree (prepare-tree, no
# build), preprocess arch/$ARCH/vmlinux.lds.S with the host cpp (the
# headers it includes, with an empty stand-in <asm/offsets.h> and a
# two-line autoconf.h), assemble a small object with the cross as that
# fills .init.setup, .initcall*.init, __ex_table and, when the series
# adds it, .param.init (two entries of 5 pointers), link it with the cross ld
# and run check-vmlinux.py plus an order check.
# Proves: the patched script preprocesses, today's ld accepts it, and
# the section and its symbols land where the C code expects them.
# Where the arch has a cross compiler (arch_lds_cc; ppc64), the table is
# compiled from the tree's <linux/moduleparam.h>, so its entry size is
# the ABI's; otherwise (ia64) 5 pointer-sized members are assumed (40
# bytes on LP64).  Does not prove: that the arch's 2.5.50 compiles, or
# anything at run time.  What it takes of the arch (binutils, data
# directive, nop, autoconf.h lines) is scripts/arch/ARCH.sh's.
# Usage: lds-check.sh ARCH         (ia64; any arch of scripts/arch/)
export ARCH=${1:?usage: lds-check.sh ARCH}
. "$(dirname "$0")/../lib.sh"
arch_need
x=$arch_binutils pkg=$(binutils_pkg "$arch_binutils") d8=$arch_asm_ptr nop=$arch_nop
cc=$arch_lds_cc
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
echo "$arch_lds_conf" > "$w/inc/linux/autoconf.h"
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
objs=$w/t.o
kpsize=${params:+$((5 * arch_ptr))}
# With a cross compiler (ppc64: its port does not build, but the compiler
# is there), the parameter table comes from C instead: the tree's own
# <linux/moduleparam.h> compiled for the arch, so the entry size and
# alignment are the real ABI's.  Its param_* references stay undefined.
if [ -n "$params" ] && [ -n "$cc" ] && command -v ${cc%% *} > /dev/null; then
	sed -i '/^\.section \.param\.init/,+2d' "$w/t.s"
	cat > "$w/p.c" <<'EOF'
#include <linux/moduleparam.h>
static int a;
static char *b;
static int c[3 + 2] = { 0, 2 };
module_param(a, int, 0);
module_param(b, charp, 0);
module_param(c, intarray, 0);
char kp_size[sizeof(struct kernel_param)];
EOF
	if ! $cc -D__KERNEL__ -DKBUILD_MODNAME=lds_check -nostdinc \
		-isystem "$($cc -print-file-name=include)" -I"$w/inc" \
		-I"$TREE/include" -O2 -Wall -Werror -c "$w/p.c" -o "$w/p.o" \
		2> "$w/cc.err"; then
		say FAIL "$cc: <linux/moduleparam.h> table: $(grep -m2 error "$w/cc.err" | tr '\n' ' ')"
		exit 0
	fi
	kpsize=$((16#$($x-nm -S "$w/p.o" | awk '$4 == "kp_size" { print $2 }')))
	objs="$objs $w/p.o"
	say PASS "$cc compiles a module_param() table from the tree's header (sizeof(struct kernel_param) = $kpsize)"
fi
$x-as $arch_lds_asflags "$w/t.s" -o "$w/t.o" 2> "$w/as.err" ||
	{ say FAIL "as: $(head -2 "$w/as.err" | tr '\n' ' ')"; exit 0; }
$x-ld $arch_lds_ldflags -T "$w/vmlinux.lds.s" --unresolved-symbols=ignore-all $objs -o "$w/t.elf" 2> "$w/ld.err" ||
	{ say FAIL "ld: $(head -3 "$w/ld.err" | tr '\n' ' ')"; exit 0; }
say PASS "patched vmlinux.lds.S preprocesses and links a test object (ld $($x-ld --version | head -1 | awk '{print $NF}'))"
python3 "$TOP/scripts/arch/check-vmlinux.py" ${arch_load_at_stext:+--load-at-stext} \
	$ARCH "$w/t.elf" $x-readelf $kpsize
if [ -n "$params" ]; then
	# The parameter table sits right after the __setup table.
	se=$($x-nm "$w/t.elf" | awk '$3 == "__setup_end" { print $1 }')
	ps=$($x-nm "$w/t.elf" | awk '$3 == "__param_start" { print $1 }')
	pe=$($x-nm "$w/t.elf" | awk '$3 == "__param_end" { print $1 }')
	is=$($x-nm "$w/t.elf" | awk '$3 == "__initcall_start" { print $1 }')
	want=$((2 * kpsize))
	[ -f "$w/p.o" ] && want=$((3 * kpsize))
	if [ -n "$ps" ] && [ $((16#$pe - 16#$ps)) = $want ]; then
		say PASS "the table holds exactly the $((want / kpsize)) entries the test object declares"
	else
		say FAIL "__param_end - __param_start is $((16#${pe:-0} - 16#${ps:-0})), want $want"
	fi
	if [ -n "$ps" ] && [ $((16#$se)) -le $((16#$ps)) ] && [ $((16#$pe)) -le $((16#$is)) ]; then
		say PASS "order __setup_end <= __param_start < __param_end <= __initcall_start"
	else
		say FAIL "order: __setup_end=$se __param_start=$ps __param_end=$pe __initcall_start=$is"
	fi
fi
exit 0
