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
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import elfhdr  # noqa: E402  (qemu-test/elfhdr.py)
from elfhdr import NAME, OFFSET, SIZE  # noqa: E402


class Elf(elfhdr.Elf):
    """qemu-test/elfhdr.py's, read from path, with sections renamed."""

    def __init__(self, path):
        super().__init__(open(path, "rb").read(), path)

    def rename(self, renames):
        """renames: {section index: new name}; the name table goes to
        the end of the file with the new names after the old ones."""
        names = bytearray(self.names())
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
