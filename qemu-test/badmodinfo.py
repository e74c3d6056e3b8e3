#!/usr/bin/env python3
"""Make broken copies of a module's .modinfo for the loader to refuse:
    badmodinfo.py MODULE.o OUTDIR
writes OUTDIR/modinfo-KIND.o for each KIND below (ELF32 or ELF64, either
byte order: the module of any architecture).  qemu-test/cases/
modinfo-hostile.case loads them.  MODULE.o must have a .modinfo whose
first string is its licence.

  nonul         the section's last byte is not a NUL
  straddle      the section runs past the end of the file
  huge          sh_size 0xffffff00
  nobits        SHT_NOBITS: no bytes in the file at all
  last          the strings moved to the very end of the file (valid)
  last-nonul    the same, without the final NUL
  badlicense    the licence "GPL" cut to "GP" (valid, proprietary)
  empty         sh_size 0 (valid, no licence: proprietary)
"""
import os
import struct
import sys


class Elf:
    def __init__(self, data):
        if data[:4] != b"\x7fELF":
            sys.exit("%s: not ELF" % sys.argv[1])
        self.data = bytearray(data)
        self.is64 = data[4] == 2
        self.end = "<" if data[5] == 1 else ">"
        if self.is64:
            self.shoff, = struct.unpack_from(self.end + "Q", data, 0x28)
            self.shentsize, self.shnum, self.shstrndx = struct.unpack_from(
                self.end + "HHH", data, 0x3A)
            self.shfmt = self.end + "IIQQQQIIQQ"
        else:
            self.shoff, = struct.unpack_from(self.end + "I", data, 0x20)
            self.shentsize, self.shnum, self.shstrndx = struct.unpack_from(
                self.end + "HHH", data, 0x2E)
            self.shfmt = self.end + "IIIIIIIIII"

    def shdr(self, i):
        return list(struct.unpack_from(self.shfmt, self.data,
                                       self.shoff + i * self.shentsize))

    def set_shdr(self, i, fields):
        struct.pack_into(self.shfmt, self.data,
                         self.shoff + i * self.shentsize, *fields)

    def find(self, name):
        strtab = self.shdr(self.shstrndx)
        names = self.data[strtab[4]:strtab[4] + strtab[5]]
        for i in range(1, self.shnum):
            sh = self.shdr(i)
            n = names[sh[0]:names.index(b"\0", sh[0])].decode()
            if n == name:
                return i
        sys.exit("%s: no %s section" % (sys.argv[1], name))


# Fields of a section header: 1 sh_type, 4 sh_offset, 5 sh_size.
TYPE, OFFSET, SIZE = 1, 4, 5
SHT_NOBITS = 8


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: badmodinfo.py MODULE.o OUTDIR")
    orig = open(sys.argv[1], "rb").read()
    outdir = sys.argv[2]
    base = Elf(orig)
    idx = base.find(".modinfo")
    sh = base.shdr(idx)
    strings = bytes(base.data[sh[OFFSET]:sh[OFFSET] + sh[SIZE]])
    if not strings.startswith(b"license=GPL\0"):
        sys.exit("%s: .modinfo must start with license=GPL" % sys.argv[1])

    def make(kind, change):
        e = Elf(orig)
        s = e.shdr(idx)
        change(e, s)
        e.set_shdr(idx, s)
        with open(os.path.join(outdir, "modinfo-%s.o" % kind), "wb") as f:
            f.write(e.data)

    def nonul(e, s):
        e.data[s[OFFSET] + s[SIZE] - 1] = ord("X")

    def straddle(e, s):
        s[OFFSET] = len(e.data) - s[SIZE] // 2

    def huge(e, s):
        s[SIZE] = 0xFFFFFF00

    def nobits(e, s):
        s[TYPE] = SHT_NOBITS

    def last(e, s):
        s[OFFSET] = len(e.data)
        e.data += strings

    def last_nonul(e, s):
        s[OFFSET] = len(e.data)
        s[SIZE] = len(b"license=GPL")
        e.data += b"license=GPL"

    def badlicense(e, s):
        e.data[s[OFFSET] + len("license=GP")] = 0

    def empty(e, s):
        s[SIZE] = 0

    for kind, change in (("nonul", nonul), ("straddle", straddle),
                         ("huge", huge), ("nobits", nobits), ("last", last),
                         ("last-nonul", last_nonul),
                         ("badlicense", badlicense), ("empty", empty)):
        make(kind, change)


main()
