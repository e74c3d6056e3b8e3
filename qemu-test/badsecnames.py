#!/usr/bin/env python3
"""Make copies of modules with section names that cannot be file names
in /sys/module/NAME/sections (module-sysfs-sections.patch):
    badsecnames.py PARMTEST.o SECTEST.o OUTDIR
writes (ELF32 or ELF64, either byte order: the module of any
architecture)

  OUTDIR/secname-bad.o  parmtest.o with .data, .bss (or .sbss where
                     .bss is empty: ia64 puts parmtest's variables
                     there), the first .rodata.str1.* and .exit.text
                     named "a/b", "", "." and "..", in the order the
                     sections come (the loader's messages come in
                     that order, whatever the arch's section order)
  OUTDIR/secname-dup.o  sectest.o with .exit.text named ".text", after the
                     real .text: a second section of that name

The loader does not look these sections up by name, so both load and
work; sections/ must leave the names out, with a message, and keep the
real .text's address (sectest's init compares it with its own).
qemu-test/cases/sysfs-sections.case loads them.  The section name table
is moved to the end of the file, with the new names added to it.
"""
import os
import struct
import sys

# Fields of a section header.
NAME, TYPE, FLAGS, ADDR, OFFSET, SIZE = 0, 1, 2, 3, 4, 5


class Elf:
    def __init__(self, path):
        data = open(path, "rb").read()
        if data[:4] != b"\x7fELF":
            sys.exit("%s: not ELF" % path)
        self.path = path
        self.data = bytearray(data)
        is64 = data[4] == 2
        self.end = "<" if data[5] == 1 else ">"
        if is64:
            self.shoff, = struct.unpack_from(self.end + "Q", data, 0x28)
            self.shentsize, self.shnum, self.shstrndx = struct.unpack_from(
                self.end + "HHH", data, 0x3A)
            self.shfmt = self.end + "IIQQQQIIQQ"
        else:
            self.shoff, = struct.unpack_from(self.end + "I", data, 0x20)
            self.shentsize, self.shnum, self.shstrndx = struct.unpack_from(
                self.end + "HHH", data, 0x2E)
            self.shfmt = self.end + "IIIIIIIIII"
        s = self.shdr(self.shstrndx)
        self.names = bytes(self.data[s[OFFSET]:s[OFFSET] + s[SIZE]])

    def shdr(self, i):
        return list(struct.unpack_from(self.shfmt, self.data,
                                       self.shoff + i * self.shentsize))

    def set_shdr(self, i, fields):
        struct.pack_into(self.shfmt, self.data,
                         self.shoff + i * self.shentsize, *fields)

    def name(self, i):
        off = self.shdr(i)[NAME]
        return self.names[off:self.names.index(b"\0", off)].decode()

    def find(self, name):
        """Section name, or the first whose name starts with name if it
        ends with '*'."""
        for i in range(1, self.shnum):
            n = self.name(i)
            if n == name or (name.endswith("*") and n.startswith(name[:-1])):
                return i
        sys.exit("%s: no %s section" % (self.path, name))

    def nobits(self):
        """.bss, or .sbss where .bss is empty (ia64)."""
        i = self.find(".bss")
        if self.shdr(i)[SIZE] == 0:
            i = self.find(".sbss")
        return i

    def rename(self, renames):
        """renames: {section index: new name}; the name table goes to
        the end of the file with the new names after the old ones."""
        names = bytearray(self.names)
        for i, new in renames.items():
            s = self.shdr(i)
            s[NAME] = len(names)
            names += new.encode() + b"\0"
            self.set_shdr(i, s)
        s = self.shdr(self.shstrndx)
        s[OFFSET] = len(self.data)
        s[SIZE] = len(names)
        self.set_shdr(self.shstrndx, s)
        self.data += names

    def write(self, path):
        with open(path, "wb") as f:
            f.write(self.data)


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: badsecnames.py PARMTEST.o SECTEST.o OUTDIR")
    e = Elf(sys.argv[1])
    secs = sorted([e.find(".data"), e.nobits(), e.find(".rodata.str1.*"),
                   e.find(".exit.text")])
    e.rename(dict(zip(secs, ["a/b", "", ".", ".."])))
    e.write(os.path.join(sys.argv[3], "secname-bad.o"))
    e = Elf(sys.argv[2])
    if e.find(".exit.text") < e.find(".text"):
        sys.exit("%s: .exit.text before .text" % sys.argv[2])
    e.rename({e.find(".exit.text"): ".text"})
    e.write(os.path.join(sys.argv[3], "secname-dup.o"))


main()
