#!/bin/bash
# The ia64 module loader (patches/compat/ia64-module-loader.patch)
# writes immediates into instruction bundles: addl's 22 bits (GOT and
# gp-relative offsets), movl's 64 (its call stubs) and br.call's 21-bit
# displacement.  Its functions, cut out of the patch and compiled for
# this host, patch bundles that binutils' ia64 as assembled with zero
# immediates; the result must be, bit for bit, what as assembles with
# the real values, in every slot, at both ends of each range; the stub
# template must be as's "movl gp; movl r16; mov b6=r16; br.few b6"; and
# a value out of range must be refused.  Needs binutils-ia64-linux-gnu
# only (no ia64 gcc, no simulator).
# make check ARCHES=, SHARD= (doc/ci-matrix.md): a unit of ia64's.
# check-arch: ia64
. "$(dirname "$0")/lib-test.sh"
as=ia64-linux-gnu-as objcopy=ia64-linux-gnu-objcopy
if ! command -v $as > /dev/null; then
	skip "ia64 loader bundles: no $as (apt-get install binutils-ia64-linux-gnu)"
	exit 0
fi
patch=$PATCHES/compat/ia64-module-loader.patch
tmp=$(mktemp -d)
on_exit 'rm -rf "$tmp"'

# The loader's functions, from the patch's new module.c.
sed -n '/^+++ b\/arch\/ia64\/kernel\/module.c/,/^--- /s/^+//p' "$patch" > "$tmp/module.c"
python3 - "$tmp/module.c" > "$tmp/insn.h" <<'EOF' || { fail "ia64 loader bundles: cannot cut the functions out of $patch"; exit 0; }
import re, sys
src = open(sys.argv[1]).read()
out = []
for name in ("patch_slot", "put_imm22", "put_imm64", "put_imm21b"):
    m = re.search(r"\n(static [a-z ]*\n%s \(.*?\n}\n)" % name, src, re.S)
    if not m:
        sys.exit("no %s" % name)
    out.append(m.group(1))
m = re.search(r"\n(static const unsigned long plt_template.*?\n};\n)", src, re.S)
if not m:
    sys.exit("no plt_template")
out.append(m.group(1))
print("\n".join(out))
EOF

# Reference instructions: each line "VALUES" assembled twice, with the
# values and with zeros.  addl in slots 0, 1 and 2 (an M, I, I bundle),
# movl (slot 2 with slot 1), br.call (slot 2) 0x100 bundles away.
imm22="0 1 -1 1234567 -1000000 2097151 -2097152 0x155555 -0x1aaaab"
imm64="0x0123456789abcdef 0xfedcba9876543210 0x8000000000000000 0x7fffffffffffffff 1 0xffffffffffffffff 0xa000000000012340"
bundles() {	# bundles ZERO: the reference program (ZERO=1: immediates 0)
	local v z=$1 i=0
	echo '	.text'
	for v in $imm22; do
		[ $z = 1 ] && v=0
		printf '\t{ .mii\n\t  addl r14 = %s, r1\n\t  addl r15 = %s, r2\n\t  addl r16 = %s, r3\n\t}\n' $v $v $v
	done
	for v in $imm64; do
		[ $z = 1 ] && v=0
		printf '\t{ .mlx\n\t  nop.m 0\n\t  movl r%d = %s\n\t}\n' $((8 + i++ % 24)) $v
	done
	for v in back fwd; do
		if [ $z = 1 ]; then
			printf '\t{ .mib\n\t  nop.m 0\n\t  nop.i 0\n\t  br.call.sptk.many b0 = .\n\t}\n'
		elif [ $v = back ]; then
			printf '\t{ .mib\n\t  nop.m 0\n\t  nop.i 0\n\t  br.call.sptk.many b0 = .-0x1000\n\t}\n'
		else
			printf '\t{ .mib\n\t  nop.m 0\n\t  nop.i 0\n\t  br.call.sptk.many b0 = .+0xff0\n\t}\n'
		fi
	done
	# the call stub
	if [ $z = 1 ]; then set -- 0 0; else set -- 0x0123456789abcdef 0xfedcba9876543210; fi
	printf '\t{ .mlx\n\t  nop.m 0\n\t  movl gp = %s\n\t}\n' $1
	printf '\t{ .mlx\n\t  nop.m 0\n\t  movl r16 = %s\n\t}\n' $2
	printf '\t{ .mib\n\t  nop.m 0\n\t  mov b6 = r16\n\t  br.few b6\n\t  ;;\n\t}\n'
}
for z in 0 1; do
	bundles $z > "$tmp/ref$z.s"
	# as warns of the bundles' directive placement only; the bits are checked
	if ! $as -o "$tmp/ref$z.o" "$tmp/ref$z.s" 2> "$tmp/as.log" ||
	   ! $objcopy -O binary -j .text "$tmp/ref$z.o" "$tmp/ref$z.bin"; then
		fail "ia64 loader bundles: $as refuses the reference ($(grep -m1 -i error "$tmp/as.log"))"
		exit 0
	fi
done

cat > "$tmp/t.c" <<EOF
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct module { const char *name; };
#define KERN_ERR ""
#define printk(...) 0
#define GP_REACH (1UL << 21)
#include "insn.h"
static unsigned long ref[4096][2], zero[4096][2];
static int bad;
static void check(const char *what, int i)
{
	if (memcmp(ref[i], zero[i], 16)) {
		printf("bundle %d (%s): %016lx %016lx, as: %016lx %016lx\n", i,
		       what, zero[i][1], zero[i][0], ref[i][1], ref[i][0]);
		bad = 1;
	}
}
int main(void)
{
	struct module m = { "t" };
	long v22[] = { $(echo $imm22 | sed 's/ /, /g') };
	unsigned long v64[] = { $(echo $imm64 | sed 's/\([^ ]*\)/\1UL/g; s/ /, /g') };
	FILE *f;
	int i = 0, n, s;

	f = fopen("ref0.bin", "rb"); fread(ref, 1, sizeof(ref), f); fclose(f);
	f = fopen("ref1.bin", "rb"); fread(zero, 1, sizeof(zero), f); fclose(f);
	for (n = 0; n < (int)(sizeof(v22) / sizeof(*v22)); n++, i++) {
		for (s = 0; s < 3; s++)
			if (!put_imm22(&m, (unsigned long)zero[i] + s, v22[n]))
				bad = 1, printf("addl %ld refused\n", v22[n]);
		check("addl", i);
	}
	for (n = 0; n < (int)(sizeof(v64) / sizeof(*v64)); n++, i++) {
		/* binutils names slot 1; slot 2 is taken too */
		put_imm64(&m, (unsigned long)zero[i] + 1 + (n & 1), v64[n]);
		check("movl", i);
	}
	put_imm21b((unsigned long)zero[i] + 2, -0x100); check("br.call back", i++);
	put_imm21b((unsigned long)zero[i] + 2, 0xff); check("br.call forward", i++);
	if (memcmp(zero[i], plt_template, sizeof(plt_template)))
		bad = 1, printf("the stub template is not as's\n");
	memcpy(zero[i], plt_template, sizeof(plt_template));
	put_imm64(&m, (unsigned long)zero[i] + 2, 0x0123456789abcdefUL);
	put_imm64(&m, (unsigned long)zero[i + 1] + 2, 0xfedcba9876543210UL);
	check("stub movl gp", i); check("stub movl r16", i + 1); check("stub br", i + 2);
	if (put_imm22(&m, (unsigned long)zero[0], 2097152) ||
	    put_imm22(&m, (unsigned long)zero[0], -2097153) ||
	    put_imm21b((unsigned long)zero[0] + 2, 1L << 20) ||
	    put_imm21b((unsigned long)zero[0] + 2, -(1L << 20) - 1) ||
	    put_imm64(&m, (unsigned long)zero[0], 0))
		bad = 1, printf("a value out of range was taken\n");
	printf("%d bundles\n", i + 3);
	return bad;
}
EOF
if ! gcc -O2 -Wall -Wno-unused-result -o "$tmp/t" "$tmp/t.c" 2> "$tmp/cc.log"; then
	fail "ia64 loader bundles: the loader's functions do not compile on the host ($(head -1 "$tmp/cc.log"))"
	exit 0
fi
if out=$(cd "$tmp" && ./t); then
	pass "ia64 loader bundles: addl (9 values x 3 slots), movl (7 values), br.call (both ways) and the call stub patched as binutils assembles them, $(echo "$out" | tail -1); out-of-range values refused"
else
	fail "ia64 loader bundles: $(echo "$out" | head -5 | tr '\n' ';')"
fi
