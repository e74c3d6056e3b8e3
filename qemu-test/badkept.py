#!/usr/bin/env python3
"""Make copies of a module whose offsets are all right but whose kept
image points at what the loader drops, for the loader to refuse (issue
38; module-elf-checks.patch, elf_check_kept() and check_param_calls()):
    badkept.py MODULE.o OUTDIR
writes OUTDIR/kept-KIND.o for each KIND below (ELF32 or ELF64, either
byte order, REL or RELA: the module of any architecture).
qemu-test/cases/elf-kept.case loads them.  MODULE.o must have
.rodata.str1.N, .data and .bss, all relocated against, a relocation
table for .init.text, a module_param() table with a parameter num and
a .comment section (parmtest.o has;
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
  paramargnull  the relocation of num's arg dropped (and the field
                zeroed, REL keeps the addend there): param_set_int()
                and param_get_int() with a NULL arg
  shndx-reserved  a file of 0xff01 sections whose last, index 0xff00
                (SHN_LOPROC), is .data without SHF_ALLOC; .data's
                symbols name it.  Only the headers up to .shstrtab's and
                the last are in the file: init's loadwide step puts
                the 0xff00 - N zero (SHT_NULL) headers between them,
                so that the file stays small (its table alone is 2.5MB
                on 32 bits, 4MB on 64)
  group         a section group (SHT_GROUP, .group, not SHF_ALLOC,
                entries of 4 bytes) of .comment, as gcc makes COMDAT
                groups: a module the loader must take
  group-alloc   the same group with SHF_ALLOC: refused
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import elfhdr  # noqa: E402  (qemu-test/elfhdr.py)
from elfhdr import (TYPE, FLAGS, OFFSET, SIZE, LINK, INFO,  # noqa: E402
                    SHT_SYMTAB, SHT_RELA, SHT_REL, SHT_GROUP,
                    SHF_ALLOC, SHF_GROUP, GRP_COMDAT, SHN_LOPROC)


class Elf(elfhdr.Elf):
    """qemu-test/elfhdr.py's, with the symbol table, relocation tables
    and new sections."""

    def symbols(self):
        """(symbol table index, [(offset of the entry, name, shndx,
        value)])."""
        st = next(i for i in range(1, self.shnum)
                  if self.shdr(i)[TYPE] == SHT_SYMTAB)
        sh = self.shdr(st)
        strs = self.shdr(sh[LINK])
        size = 24 if self.is64 else 16
        out = []
        for off in range(sh[OFFSET], sh[OFFSET] + sh[SIZE], size):
            if self.is64:
                name, _, _, shndx, value = struct.unpack_from(
                    self.end + "IBBHQ", self.data, off)
            else:
                name, value, _, _, _, shndx = struct.unpack_from(
                    self.end + "IIIBBH", self.data, off)
            n = self.data[strs[OFFSET] + name:
                          self.data.index(b"\0", strs[OFFSET] + name)]
            out.append((off, n.decode(), shndx, value))
        return st, out

    def set_shndx(self, off, shndx):
        struct.pack_into(self.end + "H", self.data, off + (6 if self.is64
                                                           else 14), shndx)

    def align(self, a):
        self.data += bytes(-len(self.data) % a)

    def append_sections(self, new):
        """Add sections (name, shdr fields, contents) after the last:
        their contents, a new section name table and a new header
        table at the end of the file.  Returns their indices."""
        table = self.names()
        heads = [self.shdr(i) for i in range(self.shnum)]
        first = self.shnum
        for name, fields, contents in new:
            self.align(8)
            fields = list(fields)
            fields[0] = len(table)
            fields[OFFSET], fields[SIZE] = len(self.data), len(contents)
            table += name.encode() + b"\0"
            self.data += contents
            heads.append(fields)
        heads[self.shstrndx][OFFSET] = len(self.data)
        heads[self.shstrndx][SIZE] = len(table)
        self.data += table
        self.align(8)
        self.set_ehdr(len(self.data), len(heads))
        self.data += bytes(len(heads) * self.shentsize)
        for i, h in enumerate(heads):
            self.set_shdr(i, h)
        return range(first, len(heads))

    def reltab(self, target):
        """The relocation table of section target."""
        for i in range(1, self.shnum):
            sh = self.shdr(i)
            if sh[TYPE] in (SHT_REL, SHT_RELA) and sh[INFO] == target:
                return i
        sys.exit("%s: section %u has no relocation table"
                 % (self.path, target))


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: badkept.py MODULE.o OUTDIR")
    orig = open(sys.argv[1], "rb").read()
    outdir = sys.argv[2]

    def make(kind, change):
        e = Elf(orig, sys.argv[1])
        change(e)
        e.write(os.path.join(outdir, "kept-%s.o" % kind))

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

    def paramargnull(e):
        # __param_num, num's struct kernel_param: its arg (the fifth
        # field, pointers aligned) loses its relocation and its value
        i = e.find(".param.init")
        w = 8 if e.is64 else 4
        entry = next(v for _, n, x, v in e.symbols()[1]
                     if n == "__param_num" and x == i)
        place = entry + 4 * w
        r = e.reltab(i)
        s = e.shdr(r)
        esz = (2 + (s[TYPE] == SHT_RELA)) * w
        fmt = e.end + ("Q" if e.is64 else "I")
        rels = [bytes(e.data[s[OFFSET] + k:s[OFFSET] + k + esz])
                for k in range(0, s[SIZE], esz)]
        kept = [x for x in rels if struct.unpack_from(fmt, x)[0] != place]
        if len(kept) != len(rels) - 1:
            sys.exit("%s: num's arg has %d relocations"
                     % (sys.argv[1], len(rels) - len(kept)))
        e.data[s[OFFSET]:s[OFFSET] + s[SIZE]] = (b"".join(kept)
                                                + bytes(esz))
        s[SIZE] -= esz
        e.set_shdr(r, s)
        p = e.shdr(i)[OFFSET] + place
        e.data[p:p + w] = bytes(w)

    def shndx_reserved(e):
        # A copy of .data's header, unloaded, at index 0xff00; .data's
        # symbols (the section's, which the relocations use, and the
        # variables) point there.  The headers 1 to 0xfeff past the
        # file's own are left out: zeros, put back by init's loadwide.
        d = e.find(".data")
        copy = e.shdr(d)
        copy[FLAGS] &= ~SHF_ALLOC
        for off, _, shndx, _ in e.symbols()[1]:
            if shndx == d:
                e.set_shndx(off, SHN_LOPROC)
        heads = [e.shdr(i) for i in range(e.shnum)] + [copy]
        e.align(8)
        shoff = len(e.data)
        e.data += bytes(len(heads) * e.shentsize)
        e.set_ehdr(shoff, SHN_LOPROC + 1)
        for i, h in enumerate(heads):
            e.set_shdr(i, h)

    def group(flags):
        def change(e):
            st = e.symbols()[0]
            member = e.find(".comment")
            s = e.shdr(member)
            s[FLAGS] |= SHF_GROUP
            e.set_shdr(member, s)
            # sh_link the symbol table, sh_info the signature (a local
            # symbol: symbol 1, the file's name)
            fields = [0, SHT_GROUP, flags, 0, 0, 0, st, 1, 4, 4]
            e.append_sections([(".group", fields,
                                struct.pack(e.end + "II", GRP_COMDAT,
                                            member))])
        return change

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
                         ("paramargnull", paramargnull),
                         ("shndx-reserved", shndx_reserved),
                         ("group", group(0)),
                         ("group-alloc", group(SHF_ALLOC)),
                         ("name-empty", modname(b"")),
                         ("name-dot", modname(b".")),
                         ("name-dotdot", modname(b"..")),
                         ("name-slash", modname(b"a/b")),
                         ("name-unended", modname(b"x" * 4096))):
        make(kind, change)


main()
