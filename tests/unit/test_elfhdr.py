"""qemu-test/elfhdr.py, the ELF header reading and writing that
badkept.py, badmodinfo.py and badsecnames.py share: on small objects
built here by hand (ELF32 little-endian as i386's, ELF64 big-endian as
sparc64's and ppc64's), checked against the bytes where elf() put each
field and, where binutils are installed, against readelf."""
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest

import common

sys.path.insert(0, os.path.join(common.TOP, "qemu-test"))
import elfhdr  # noqa: E402

# name, sh_type, sh_flags, contents (bytes; an int: the size of NOBITS)
SECTIONS = [(".text", 1, 6, b"\x90" * 16),
            (".data", 1, 3, b"\1\2\3\4"),
            (".bss", 8, 3, 0),
            (".sbss", 8, 3, 8),
            (".rodata.str1.1", 1, 0x32, b"hello\0"),
            (".exit.text", 1, 6, b"\xc3")]


def elf(is64, end):
    """A relocatable object: the null section, SECTIONS, .shstrtab last;
    the section headers at the end.  Returns the bytes and, for each
    section, its header fields as elf() wrote them."""
    names = [s[0] for s in SECTIONS] + [".shstrtab"]
    shstr = b"\0"
    name_off = []
    for n in names:
        name_off.append(len(shstr))
        shstr += n.encode() + b"\0"
    ehsize, shentsize = (64, 64) if is64 else (52, 40)
    shfmt = end + ("IIQQQQIIQQ" if is64 else "IIIIIIIIII")
    data = bytearray(ehsize)
    heads = [[0] * 10]
    for (name, typ, flags, contents), off in zip(SECTIONS, name_off):
        data += bytes(-len(data) % 4)
        size = contents if typ == 8 else len(contents)
        heads.append([off, typ, flags, 0, len(data), size, 0, 0, 4, 0])
        if typ != 8:
            data += contents
    heads.append([name_off[-1], 3, 0, 0, len(data), len(shstr), 0, 0, 1, 0])
    data += shstr
    data += bytes(-len(data) % 8)
    shoff, shnum, shstrndx = len(data), len(heads), len(heads) - 1
    for h in heads:
        data += struct.pack(shfmt, *h)
    ident = (b"\x7fELF" + bytes([2 if is64 else 1, 1 if end == "<" else 2, 1])
             + bytes(9))
    # e_type REL, e_machine (sparcv9 or i386), e_version, e_entry,
    # e_phoff, e_shoff, e_flags, e_ehsize, e_phentsize, e_phnum,
    # e_shentsize, e_shnum, e_shstrndx
    if is64:
        hdr = struct.pack(end + "HHIQQQIHHHHHH", 1, 43, 1, 0, 0, shoff, 0,
                          ehsize, 0, 0, shentsize, shnum, shstrndx)
    else:
        hdr = struct.pack(end + "HHIIIIIHHHHHH", 1, 3, 1, 0, 0, shoff, 0,
                          ehsize, 0, 0, shentsize, shnum, shstrndx)
    data[:ehsize] = ident + hdr
    return bytes(data), heads


class ElfHdr(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.dir)

    def check(self, is64, end):
        obj, heads = elf(is64, end)
        e = elfhdr.Elf(obj, "m.o")
        self.assertEqual((e.is64, e.end), (is64, end))
        self.assertEqual((e.shnum, e.shstrndx, e.shentsize),
                         (len(heads), len(heads) - 1, 64 if is64 else 40))
        for i, h in enumerate(heads):
            self.assertEqual(e.shdr(i), h, i)
        names = [s[0] for s in SECTIONS] + [".shstrtab"]
        self.assertEqual([e.name(i) for i in range(1, e.shnum)], names)
        for i, n in enumerate(names, 1):
            self.assertEqual(e.find(n), i, n)
        self.assertEqual(e.find(".rodata.str1.*"), 5)
        self.assertEqual(e.find(".text"), 1)    # not .exit.text
        self.assertEqual(e.nobits(), 4)         # .bss is empty: .sbss
        self.assertEqual(bytes(e.data), obj)    # reading changed nothing

        # set_shdr() writes one header, where shdr() read it
        h = e.shdr(2)
        h[elfhdr.FLAGS] &= ~elfhdr.SHF_ALLOC
        h[elfhdr.SIZE] = 0x12345678
        e.set_shdr(2, h)
        at = e.shoff + 2 * e.shentsize
        changed = [k for k in range(len(obj)) if e.data[k] != obj[k]]
        self.assertTrue(changed)
        self.assertTrue(all(at <= k < at + e.shentsize for k in changed))
        self.assertEqual(e.shdr(2), h)
        self.assertEqual(e.shdr(3), heads[3])

        # set_ehdr(): the header table moved to the end of the file,
        # one header more (a copy of .data's), as a new Elf reads it
        old = [e.shdr(i) for i in range(e.shnum)] + [heads[2]]
        e.data += bytes(len(old) * e.shentsize)
        e.set_ehdr(len(obj), len(old))
        for i, h in enumerate(old):
            e.set_shdr(i, h)
        again = elfhdr.Elf(bytes(e.data), "m.o")
        self.assertEqual((again.shoff, again.shnum), (len(obj), len(old)))
        self.assertEqual([again.shdr(i) for i in range(len(old))], old)
        self.assertEqual(again.name(len(old) - 1), ".data")

        # write(): the bytes as they are
        path = os.path.join(self.dir, "out.o")
        e.write(path)
        with open(path, "rb") as f:
            self.assertEqual(f.read(), bytes(e.data))

        # messages name the file
        with self.assertRaises(SystemExit) as c:
            e.find(".modinfo")
        self.assertEqual(str(c.exception), "m.o: no .modinfo section")
        return obj

    def readelf(self, obj):
        """readelf -SW's (name, type number, offset, size) of obj."""
        path = os.path.join(self.dir, "m.o")
        with open(path, "wb") as f:
            f.write(obj)
        out = subprocess.run(["readelf", "-SW", path], capture_output=True,
                             text=True, check=True).stdout
        types = {"PROGBITS": 1, "STRTAB": 3, "NOBITS": 8}
        rows = re.findall(r"\]\s+(\S+)\s+(PROGBITS|STRTAB|NOBITS)\s+\S+\s+"
                          r"(\S+)\s+(\S+)", out)
        return [(n, types[t], int(o, 16), int(s, 16)) for n, t, o, s in rows]

    def against_readelf(self, obj):
        if not shutil.which("readelf"):
            self.skipTest("no readelf (binutils)")
        e = elfhdr.Elf(obj, "m.o")
        mine = [(e.name(i),) + tuple(e.shdr(i)[k] for k in
                                     (elfhdr.TYPE, elfhdr.OFFSET, elfhdr.SIZE))
                for i in range(1, e.shnum)]
        self.assertEqual(mine, self.readelf(obj))

    def test_elf32_little_endian(self):
        self.check(False, "<")

    def test_elf64_big_endian(self):
        self.check(True, ">")

    def test_elf32_little_endian_as_readelf_reads_it(self):
        self.against_readelf(elf(False, "<")[0])

    def test_elf64_big_endian_as_readelf_reads_it(self):
        self.against_readelf(elf(True, ">")[0])

    def test_refuses_what_is_not_elf(self):
        with self.assertRaises(SystemExit) as c:
            elfhdr.Elf(b"not an object", "x.o")
        self.assertEqual(str(c.exception), "x.o: not ELF")


if __name__ == "__main__":
    unittest.main()
