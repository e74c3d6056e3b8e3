"""The ELF headers of a relocatable object, as qemu-test/badkept.py,
badmodinfo.py and badsecnames.py read and change them to make broken
copies of a module (ELF32 or ELF64, either byte order: the module of
any architecture).  Not a script: they import it, putting its
directory on sys.path first, so that they run from any directory.

Elf(DATA, PATH) holds the file's bytes (DATA, copied into .data, which
the scripts change and write out); PATH only names the file in the
messages it exits with.  A section header is a list of its ten fields,
indexed by NAME ... ENTSIZE below.
"""
import struct
import sys

# Fields of a section header.
NAME, TYPE, FLAGS, ADDR, OFFSET, SIZE, LINK, INFO, ADDRALIGN, ENTSIZE = \
    range(10)
# Their values: sh_type, sh_flags; a section group's flag; a section
# index (st_shndx) of the processor's range.
SHT_SYMTAB, SHT_RELA, SHT_NOBITS, SHT_REL, SHT_GROUP = 2, 4, 8, 9, 17
SHF_ALLOC, SHF_GROUP = 2, 0x200
GRP_COMDAT = 1
SHN_LOPROC = 0xff00


class Elf:
    def __init__(self, data, path):
        if data[:4] != b"\x7fELF":
            sys.exit("%s: not ELF" % path)
        self.path = path
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

    def set_ehdr(self, shoff, shnum):
        """e_shoff and e_shnum."""
        if self.is64:
            struct.pack_into(self.end + "Q", self.data, 0x28, shoff)
            struct.pack_into(self.end + "H", self.data, 0x3C, shnum)
        else:
            struct.pack_into(self.end + "I", self.data, 0x20, shoff)
            struct.pack_into(self.end + "H", self.data, 0x30, shnum)
        self.shoff, self.shnum = shoff, shnum

    def shdr(self, i):
        return list(struct.unpack_from(self.shfmt, self.data,
                                       self.shoff + i * self.shentsize))

    def set_shdr(self, i, fields):
        struct.pack_into(self.shfmt, self.data,
                         self.shoff + i * self.shentsize, *fields)

    def names(self):
        """The section name table's bytes, as it is now."""
        s = self.shdr(self.shstrndx)
        return bytes(self.data[s[OFFSET]:s[OFFSET] + s[SIZE]])

    def name(self, i):
        """Section i's name."""
        names = self.names()
        off = self.shdr(i)[NAME]
        return names[off:names.index(b"\0", off)].decode()

    def find(self, name):
        """Section name, or the first whose name starts with name
        if it ends with '*'."""
        for i in range(1, self.shnum):
            n = self.name(i)
            if n == name or (name.endswith("*")
                             and n.startswith(name[:-1])):
                return i
        sys.exit("%s: no %s section" % (self.path, name))

    def nobits(self):
        """.bss, or .sbss where .bss is empty (ia64)."""
        i = self.find(".bss")
        if self.shdr(i)[SIZE] == 0:
            i = self.find(".sbss")
        return i

    def write(self, path):
        with open(path, "wb") as f:
            f.write(self.data)
