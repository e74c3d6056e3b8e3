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
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from elfhdr import Elf, TYPE, OFFSET, SIZE, SHT_NOBITS  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: badmodinfo.py MODULE.o OUTDIR")
    orig = open(sys.argv[1], "rb").read()
    outdir = sys.argv[2]
    base = Elf(orig, sys.argv[1])
    idx = base.find(".modinfo")
    sh = base.shdr(idx)
    strings = bytes(base.data[sh[OFFSET]:sh[OFFSET] + sh[SIZE]])
    if not strings.startswith(b"license=GPL\0"):
        sys.exit("%s: .modinfo must start with license=GPL" % sys.argv[1])

    def make(kind, change):
        e = Elf(orig, sys.argv[1])
        s = e.shdr(idx)
        change(e, s)
        e.set_shdr(idx, s)
        e.write(os.path.join(outdir, "modinfo-%s.o" % kind))

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
