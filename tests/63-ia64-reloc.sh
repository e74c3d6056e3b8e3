#!/bin/bash
# The ia64 module loader (patches/compat/ia64-module-loader.patch) on
# the host, without a simulator: its module.c, cut out of the patch,
# is compiled for this machine with a small stand-in for the kernel
# (tests/ia64/loader-shim.h) and relocates an ia64 object that binutils'
# as makes from tests/ia64/reloc-module.s (the relocation types gcc 12
# and gas 2.40 emit in kbuild modules) the way 2.5.50's load_module()
# drives it (tests/ia64/loader-host.c: sizes, sections, symbols, every
# RELA section, module_finalize()); tests/ia64/reloc-check.py then reads
# the result back through binutils' objdump: call stubs, GOT entries,
# descriptors, gp-relative values, the exception and unwind tables.
# An object with a TLS relocation must be refused, and so must copies
# whose relocation names a symbol past the table, a place outside its
# section or a call to no symbol (tests/ia64/reloc-mutate.py); the
# last bundle of a section is a place inside it.  Needs
# binutils-ia64-linux-gnu and the host gcc.
# make check ARCHES=, SHARD= (doc/ci-matrix.md): a unit of ia64's.
# check-arch: ia64
. "$(dirname "$0")/lib-test.sh"
p=ia64-linux-gnu-
if ! command -v ${p}as > /dev/null; then
	skip "ia64 loader relocations: no ${p}as (apt-get install binutils-ia64-linux-gnu)"
	exit 0
fi
patch=$PATCHES/compat/ia64-module-loader.patch
src=$TOP/tests/ia64
tmp=$(mktemp -d)
on_exit 'rm -rf "$tmp"'
sed -n '/^+++ b\/arch\/ia64\/kernel\/module.c/,/^--- /{/^+++ /d;s/^+//p}' "$patch" |
	sed '/^#include/d' > "$tmp/loader.c"
sed -n '/^+++ b\/include\/asm-ia64\/module.h/,/^--- /{/^+++ /d;s/^[+ ]//p}' "$patch" |
	sed -n '/^struct mod_arch_specific/,/^};/p' > "$tmp/arch.h"
cp "$src/loader-shim.h" "$src/loader-host.c" "$tmp/"
if ! [ -s "$tmp/loader.c" ] || ! [ -s "$tmp/arch.h" ] ||
   ! gcc -O1 -Wall -Wno-unused-result -o "$tmp/load" "$tmp/loader-host.c" 2> "$tmp/cc.log"; then
	fail "ia64 loader relocations: the loader does not compile on the host ($(grep -m1 error "$tmp/cc.log"))"
	exit 0
fi
for s in reloc-module reloc-tls; do
	if ! ${p}as -o "$tmp/$s.o" "$src/$s.s" 2> "$tmp/as.log"; then
		fail "ia64 loader relocations: ${p}as refuses tests/ia64/$s.s ($(grep -m1 Error "$tmp/as.log"))"
		exit 0
	fi
done
types=$(${p}readelf -rW "$tmp/reloc-module.o" | awk '/R_IA64_/ { print $3 }' | sort -u | sed 's/R_IA64_//' | tr '\n' ' ')
if ! out=$(cd "$tmp" && ./load reloc-module.o 2>&1); then
	fail "ia64 loader relocations: loading tests/ia64/reloc-module.s failed: $out"
elif res=$(python3 "$src/reloc-check.py" "$tmp" ${p}objdump); then
	pass "ia64 loader relocations: $(echo "$res" | wc -l) checks of $types($src/reloc-module.s) read back through ${p}objdump"
else
	fail "ia64 loader relocations: $(echo "$res" | grep -v '^ok' | tr '\n' ';')"
fi
if out=$(cd "$tmp" && ./load reloc-tls.o 2>&1); then
	fail "ia64 loader relocations: a TPREL22 (TLS) relocation was taken"
elif grep -q 'relocation type 0x92 (TLS) .* is not supported' <<< "$out"; then
	pass "ia64 loader relocations: a TLS relocation is refused ($(echo "$out" | head -1))"
else
	fail "ia64 loader relocations: a TLS relocation is refused without the message: $out"
fi
mkdir "$tmp/mut"
if ! muts=$(python3 "$src/reloc-mutate.py" "$tmp/reloc-module.o" "$tmp/mut"); then
	fail "ia64 loader relocations: tests/ia64/reloc-mutate.py: $muts"
	exit 0
fi
bad=
while read -r m say; do
	out=$(cd "$tmp" && ./load "mut/$m.o" 2>&1)
	rc=$?
	if [ "$say" = - ]; then
		[ $rc -eq 0 ] || bad="$bad; $m: refused ($out)"
	elif [ $rc -eq 0 ]; then
		bad="$bad; $m: loaded"
	elif ! grep -qF "$say" <<< "$out"; then
		bad="$bad; $m: refused without '$say' ($out)"
	fi
done <<< "$muts"
if [ -z "$bad" ]; then
	pass "ia64 loader relocations: damaged relocations refused, each with its message ($(echo "$muts" | awk '$2 != "-" { printf "%s ", $1 }')), the section's last bundle taken"
else
	fail "ia64 loader relocations:${bad#;}"
fi

# One slot for both: reloc_inside() checks the slot of r_offset and
# patch_slot() patches that of the address; in a code section aligned
# below 16 (here 8, after an 8-byte .rodata.a) they differed and the
# relocation (a call in slot 1 of the bundle at 0x20) was patched in
# "slot 9": not applied, or other bits.  It must be refused.
printf '\t.section .rodata.a,"a",@progbits\n\t.align 8\n\tdata8 0\n\t.section .text.b,"ax",@progbits\n\t.align 16\n\t.global f#\n\t.proc f#\nf:\n\tnop.m 0\n\tnop.i 0\n\tnop.i 0\n\t;;\n\talloc r2 = ar.pfs, 0, 0, 0, 0\n\tbr.call.sptk.many b0 = printk#\n\t;;\n\tbr.ret.sptk.many b0\n\t.endp f#\n' > "$tmp/align.s"
if ! ${p}as -o "$tmp/align.o" "$tmp/align.s" 2> "$tmp/as.log"; then
	fail "ia64 loader slot: ${p}as: $(grep -m1 Error "$tmp/as.log")"
elif ! python3 - "$tmp/align.o" "$tmp/align8.o" <<'PY'
import struct, sys
d = bytearray(open(sys.argv[1], "rb").read())
shoff, = struct.unpack_from("<Q", d, 0x28)
ent, num, strndx = struct.unpack_from("<HHH", d, 0x3a)
names = struct.unpack_from("<Q", d, shoff + strndx * ent + 24)[0]
for i in range(num):
    at = shoff + i * ent
    n = d[names + struct.unpack_from("<I", d, at)[0]:]
    if n[:n.index(0)] == b".text.b":
        struct.pack_into("<Q", d, at + 48, 8)       # sh_addralign
        open(sys.argv[2], "wb").write(d)
        sys.exit(0)
sys.exit("no .text.b")
PY
then
	fail "ia64 loader slot: could not make the copy aligned to 8"
elif ! out=$(cd "$tmp" && ./load align.o 2>&1); then
	fail "ia64 loader slot: the call in a 16-aligned .text.b is refused: $out"
elif out=$(cd "$tmp" && ./load align8.o 2>&1); then
	fail "ia64 loader slot: a call in a code section copied to an address 8 mod 16 was taken (patched in the address's slot, not r_offset's)"
elif grep -q 'offset 33 outside section' <<< "$out"; then
	pass "ia64 loader slot: a relocation in a code section aligned below 16 (copied at 8 mod 16) is refused ($(echo "$out" | head -1)); aligned to 16 it loads"
else
	fail "ia64 loader slot: refused without 'offset 33 outside section': $out"
fi

# gp's reach: the module's gp is the middle of its core, rounded down to
# 16 bytes, and every byte of the core must be within addl's signed
# 22 bits of it.  A core just under 4MB whose last bytes are a GOT entry
# (an LTOFF22 to the kernel's kvar) must either load or be refused when
# its size is known, never pass the size check and then fail on its own
# GOT entry.  The sizes step by 16 across the limit.
reach_bad= loaded= refused=
for d in -64 -48 -32 -16 0 16 32; do
	n=$(( (1 << 22) - 80 + d ))
	printf '\t.text\n\t.global f#\n\t.proc f#\nf:\n\taddl r2 = @ltoff(kvar#), gp\n\t;;\n\tld8 r2 = [r2]\n\tbr.ret.sptk.many b0\n\t.endp f#\n\t.bss\n\t.skip %d\n' \
		"$n" > "$tmp/reach.s"
	if ! ${p}as -o "$tmp/reach.o" "$tmp/reach.s" 2> "$tmp/as.log"; then
		reach_bad="$reach_bad; ${p}as: $(grep -m1 Error "$tmp/as.log")"
		break
	fi
	out=$(cd "$tmp" && ./load reach.o 2>&1)
	case $?:$out in
	0:*)	loaded="$loaded $n" ;;
	*"beyond gp's reach"*)	refused="$refused $n" ;;
	*)	reach_bad="$reach_bad; .bss of $n bytes: $out" ;;
	esac
done
if [ -n "$reach_bad" ]; then
	fail "ia64 loader gp reach:${reach_bad#;}"
elif [ -z "$loaded" ] || [ -z "$refused" ]; then
	fail "ia64 loader gp reach: the limit is not among the sizes tried (loaded:${loaded:- none}; refused:${refused:- none})"
else
	pass "ia64 loader gp reach: a core just under 4MB loads with its last GOT entry in reach (.bss of$loaded bytes), a larger one is refused by its size (.bss of$refused)"
fi
