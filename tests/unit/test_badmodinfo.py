"""qemu-test/badmodinfo.py: the broken copies of a module's .modinfo
that modinfo-hostile.case loads, made from a small ELF object built
here (ELF32 little-endian as i386's, ELF64 big-endian as sparc64's and
ppc64's), each checked against what its name promises."""
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest

import common

SCRIPT = os.path.join(common.TOP, "qemu-test", "badmodinfo.py")
MODINFO = b"license=GPL\0author=me\0"
KINDS = ("nonul", "straddle", "huge", "nobits", "last", "last-nonul",
         "badlicense", "empty")


def elf(is64, end, modinfo=MODINFO):
    """A relocatable object of three sections: the null one, .modinfo
    (PROGBITS) and .shstrtab; the section headers at the end."""
    shstr = b"\0.modinfo\0.shstrtab\0"
    ehsize, shentsize = (64, 64) if is64 else (52, 40)
    off_mi = ehsize
    off_str = off_mi + len(modinfo)
    shoff = (off_str + len(shstr) + 7) & ~7
    shnum = 3
    ident = b"\x7fELF" + bytes([2 if is64 else 1, 1 if end == "<" else 2, 1]) + bytes(9)
    if is64:
        hdr = struct.pack(end + "HHIQQQIHHHHHH", 1, 43, 1, 0, 0, shoff, 0, ehsize,
                          0, 0, shentsize, shnum, 2)
        shfmt = end + "IIQQQQIIQQ"
    else:
        hdr = struct.pack(end + "HHIIIIIHHHHHH", 1, 3, 1, 0, 0, shoff, 0, ehsize,
                          0, 0, shentsize, shnum, 2)
        shfmt = end + "IIIIIIIIII"
    data = bytearray(ident + hdr)
    data += modinfo + shstr
    data += bytes(shoff - len(data))
    # name, type, flags, addr, offset, size, link, info, addralign, entsize
    data += struct.pack(shfmt, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    data += struct.pack(shfmt, 1, 1, 2, 0, off_mi, len(modinfo), 0, 0, 1, 0)
    data += struct.pack(shfmt, 10, 3, 0, 0, off_str, len(shstr), 0, 0, 1, 0)
    return bytes(data), shfmt, shoff, shentsize


class BadModinfo(unittest.TestCase):
    def run_script(self, obj):
        d = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, d)
        path = os.path.join(d, "m.o")
        with open(path, "wb") as f:
            f.write(obj)
        r = subprocess.run([sys.executable, SCRIPT, path, d], capture_output=True, text=True)
        return r, d

    def copies(self, is64, end):
        obj, shfmt, shoff, shentsize = elf(is64, end)
        r, d = self.run_script(obj)
        self.assertEqual(r.returncode, 0, r.stderr)
        out = {}
        for k in KINDS:
            with open(os.path.join(d, "modinfo-%s.o" % k), "rb") as f:
                data = f.read()
            sh = struct.unpack_from(shfmt, data, shoff + shentsize)
            out[k] = (data, sh[1], sh[4], sh[5])        # type, offset, size
        return obj, out

    def check_copies(self, is64, end):
        obj, c = self.copies(is64, end)
        off, size = (64 if is64 else 52), len(MODINFO)   # where elf() put it
        self.assertEqual(obj[off:off + size], MODINFO)

        data, t, o, s = c["nonul"]
        self.assertEqual((t, o, s), (1, off, size))
        self.assertEqual(data[o + s - 1:o + s], b"X")
        data, t, o, s = c["straddle"]
        self.assertGreater(o + s, len(data))
        self.assertLess(o, len(data))
        self.assertEqual(c["huge"][3], 0xFFFFFF00)
        self.assertEqual(c["nobits"][1], 8)
        data, t, o, s = c["last"]
        self.assertEqual((o + s, data[o:]), (len(data), MODINFO))
        data, t, o, s = c["last-nonul"]
        self.assertEqual((o + s, data[o:]), (len(data), b"license=GPL"))
        data, t, o, s = c["badlicense"]
        self.assertEqual(data[o:o + s].split(b"\0")[0], b"license=GP")
        self.assertEqual(c["empty"][3], 0)
        # Nothing else of the object changed, but where the kind says.
        for k in ("huge", "nobits", "empty", "straddle"):
            data = c[k][0]
            self.assertEqual(len(data), len(obj), k)
            self.assertEqual(data[:off + size], obj[:off + size], k)

    def test_elf32_little_endian(self):
        self.check_copies(False, "<")

    def test_elf64_big_endian(self):
        self.check_copies(True, ">")

    def test_refuses_a_module_without_licence_first(self):
        obj = elf(False, "<", b"author=me\0license=GPL\0")[0]
        r, _ = self.run_script(obj)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("must start with license=GPL", r.stderr)

    def test_refuses_what_is_not_elf(self):
        r, _ = self.run_script(b"not an object")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("not ELF", r.stderr)


if __name__ == "__main__":
    unittest.main()
