#!/usr/bin/env python3
"""Make copies of a module whose offsets are all right but whose kept
image points at what the loader drops, for the loader to refuse (issue
38; module-elf-checks.patch, elf_check_kept() and check_param_calls()):
    badkept.py MODULE.o OUTDIR
writes OUTDIR/kept-KIND.o for each KIND below (ELF32 or ELF64, either
byte order, REL or RELA: the module of any architecture).
qemu-test/cases/elf-kept.case loads them.  MODULE.o must have
.rodata.str1.N, .data and .bss, all relocated against, a relocation
table for .init.text and a module_param() table (parmtest.o has;
.rodata.str1.8 on ppc64: the first .rodata.str1.* is taken).

  rodata        .rodata.str1.1 lost SHF_ALLOC: init prints a string of
                the temporary copy, freed by then
  data          .data lost SHF_ALLOC: variables in the freed copy
  bss           .bss lost SHF_ALLOC: NOBITS, so past the copy (.sbss
                where .bss is empty: ia64 puts small variables there)
  reltype-user  .init.text's relocation table of type 0x80000000 (user
                range): skipped, the code runs unrelocated
  reltype-os    the same with 0x60000000 (OS range, no GNU type)
  paramnull     .param.init's relocation table keeps only the names'
                entries: every set, get and arg NULL, names right
  name-empty    .gnu.linkonce.modname all NULs: the name ""
  name-dot      the name "."
  name-dotdot   the name ".."
  name-slash    the name "a/b"
  name-unended  the name fills its section with no NUL
(the name-* copies: a module name that is no file name in /sys/module,
or no string; elf_check_name() refuses them; "" made no directory and
the first file made in it Oopsed under module_mutex)
"""
import os
import struct
import sys

SHF_ALLOC = 2
SHT_RELA, SHT_REL = 4, 9


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
        """Section name, or the first whose name starts with name
        if it ends with '*'."""
        strtab = self.shdr(self.shstrndx)
        names = self.data[strtab[4]:strtab[4] + strtab[5]]
        for i in range(1, self.shnum):
            sh = self.shdr(i)
            n = names[sh[0]:names.index(b"\0", sh[0])].decode()
            if n == name or (name.endswith("*")
                             and n.startswith(name[:-1])):
                return i
        sys.exit("%s: no %s section" % (sys.argv[1], name))

    def nobits(self):
        """.bss, or .sbss where .bss is empty (ia64)."""
        i = self.find(".bss")
        if self.shdr(i)[SIZE] == 0:
            i = self.find(".sbss")
        return i

    def reltab(self, target):
        """The relocation table of section target."""
        for i in range(1, self.shnum):
            sh = self.shdr(i)
            if sh[TYPE] in (SHT_REL, SHT_RELA) and sh[INFO] == target:
                return i
        sys.exit("%s: section %u has no relocation table"
                 % (sys.argv[1], target))


# Fields of a section header.
TYPE, FLAGS, OFFSET, SIZE, INFO = 1, 2, 4, 5, 7


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: badkept.py MODULE.o OUTDIR")
    orig = open(sys.argv[1], "rb").read()
    outdir = sys.argv[2]

    def make(kind, change):
        e = Elf(orig)
        change(e)
        with open(os.path.join(outdir, "kept-%s.o" % kind), "wb") as f:
            f.write(e.data)

    def unalloc(name):
        def change(e):
            i = e.nobits() if name == ".bss" else e.find(name)
            s = e.shdr(i)
            s[FLAGS] &= ~SHF_ALLOC
            e.set_shdr(i, s)
        return change

    def reltype(t):
        def change(e):
            i = e.reltab(e.find(".init.text"))
            s = e.shdr(i)
            s[TYPE] = t
            e.set_shdr(i, s)
        return change

    def paramnull(e):
        i = e.reltab(e.find(".param.init"))
        s = e.shdr(i)
        w = 8 if e.is64 else 4
        # struct kernel_param: name, perm, set, get, arg (pointers
        # aligned): 5 words on 32 bits, 5 of 8 bytes on 64
        entsize = 5 * w
        esz = (2 + (s[TYPE] == SHT_RELA)) * w
        rels = [bytes(e.data[s[OFFSET] + k:s[OFFSET] + k + esz])
                for k in range(0, s[SIZE], esz)]
        fmt = e.end + ("Q" if e.is64 else "I")
        names = [r for r in rels
                 if struct.unpack_from(fmt, r)[0] % entsize == 0]
        e.data[s[OFFSET]:s[OFFSET] + len(names) * esz] = b"".join(names)
        s[SIZE] = len(names) * esz
        e.set_shdr(i, s)

    def modname(name):
        def change(e):
            s = e.shdr(e.find(".gnu.linkonce.modname"))
            fill = (name + b"\0" * s[SIZE])[:s[SIZE]]
            e.data[s[OFFSET]:s[OFFSET] + s[SIZE]] = fill
        return change

    for kind, change in (("rodata", unalloc(".rodata.str1.*")),
                         ("data", unalloc(".data")),
                         ("bss", unalloc(".bss")),
                         ("reltype-user", reltype(0x80000000)),
                         ("reltype-os", reltype(0x60000000)),
                         ("paramnull", paramnull),
                         ("name-empty", modname(b"")),
                         ("name-dot", modname(b".")),
                         ("name-dotdot", modname(b"..")),
                         ("name-slash", modname(b"a/b")),
                         ("name-unended", modname(b"x" * 4096))):
        make(kind, change)


main()
