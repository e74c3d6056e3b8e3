#!/usr/bin/env python3
"""Damage the first relocation of .rela.text in an ia64 ET_REL object
(tests/63-ia64-reloc.sh): the loader must refuse each copy, as the other
arches' loaders do (doc/module-fuzz.md).  Usage:
reloc-mutate.py IN.o OUTDIR; writes OUTDIR/NAME.o for each damage and
prints "NAME what-the-loader-must-say" a line.

The first entry of reloc-module.s's .rela.text is a PCREL21B (a call to
printk) in slot 2 of the bundle at 0x30."""
import struct
import sys

R_IA64_PCREL21B = 0x49


def main():
    src, out = sys.argv[1], sys.argv[2]
    data = bytearray(open(src, "rb").read())
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3a)
    sh = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
          for i in range(shnum)]
    names = sh[shstrndx][4]

    def name(s):
        n = data[names + s[0]:]
        return n[:n.index(0)].decode()

    rela = [s for s in sh if name(s) == ".rela.text"][0]
    text = sh[rela[7]]
    at = rela[4]                      # the first Elf64_Rela
    off, info, addend = struct.unpack_from("<QQq", data, at)
    if info & 0xffffffff != R_IA64_PCREL21B:
        sys.exit("reloc-mutate: the first relocation of .rela.text is "
                 "type %#x, not PCREL21B" % (info & 0xffffffff))
    nsyms = [s for s in sh if s[1] == 2][0][5] // 24
    damages = [
        # a symbol index at the table's end, and far past it
        ("sym-end", off, (nsyms << 32) | R_IA64_PCREL21B, addend,
         "symbol %d out of range" % nsyms),
        ("sym-max", off, (0xffffffff << 32) | R_IA64_PCREL21B, addend,
         "symbol 4294967295 out of range"),
        # an instruction's bundle past the section's end, or slot 3
        ("bundle-past", text[5], info, addend, "offset %d outside" % text[5]),
        ("bundle-last", (text[5] - 16) | 2, info, addend, None),
        ("slot-3", (off & ~0xf) | 3, info, addend,
         "offset %d outside" % ((off & ~0xf) | 3)),
        # a call to an imported function (printk) at an offset: the
        # symbol's value is a descriptor, the offset would read past it
        ("call-addend", off, info, 16,
         "a call to printk+16: an imported function has no offset"),
        # a call through symbol 0 (no symbol): to the address 0x1000
        ("call-nosym", off, R_IA64_PCREL21B, 0x1000,
         "a call to 0x1000, neither in the module nor a symbol it imports"),
    ]
    for nm, o, i, a, say in damages:
        d = bytearray(data)
        struct.pack_into("<QQq", d, at, o, i, a)
        open("%s/%s.o" % (out, nm), "wb").write(d)
        print("%s %s" % (nm, say or "-"))


main()
