"""scripts/decode_oops.py on an object gcc -g builds here: a module's
frame by its symbol, a return address by the call before it, a frame
of no known object left out."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts"))
import decode_oops  # noqa: E402

SRC = """\
int where;
int __attribute__((noinline)) fault(void)
{
	return *(volatile int *)where;		/* line 4 */
}
int __attribute__((noinline)) caller(void)
{
	int v = fault();			/* line 8 */
	return v + 1;
}
"""


@unittest.skipUnless(shutil.which("gcc") and shutil.which("addr2line"),
                     "needs gcc and binutils")
class DecodeModule(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp()
        src = os.path.join(cls.dir, "tmod.c")
        with open(src, "w") as f:
            f.write(SRC)
        cls.obj = os.path.join(cls.dir, "tmod.o")
        subprocess.run(["gcc", "-g", "-O2", "-fno-inline", "-c", src, "-o", cls.obj],
                       check=True)
        out = subprocess.run(["objdump", "-d", cls.obj], capture_output=True,
                             text=True).stdout
        # the offset in caller() just after its call of fault()
        lines = out.split("<caller>:")[1].splitlines()
        call = [l for l in lines if "call" in l][0]
        nxt = lines[lines.index(call) + 1]
        cls.ret = int(nxt.split(":")[0].strip(), 16)
        base = int(out.split("<caller>:")[0].splitlines()[-1].split()[0], 16)
        cls.ret -= base

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir)

    def decode(self, log):
        objs = decode_oops.Objects(modules=[self.obj], strip=[self.dir])
        return decode_oops.decode(log.splitlines(), None, objs)

    def test_eip_and_trace(self):
        out = self.decode("Unable to handle kernel paging request\n"
                          "EIP is at fault+0x0/0x10 [tmod]\n"
                          "Call Trace:\n"
                          " [<c4800040>] caller+0x%x/0x20 [tmod]\n" % self.ret)
        self.assertIn("    fault at tmod.c:4", out)
        # a return address: the call's line, not the next one's
        self.assertIn("    caller at tmod.c:8", out)

    def test_nothing_before_an_oops(self):
        self.assertEqual(self.decode(" [<c4800040>] caller+0x1/0x20 [tmod]\n"), [])

    def test_unknown_module(self):
        out = self.decode("Call Trace:\n [<c4800040>] f+0x1/0x20 [nosuch]\n")
        self.assertIn("    f at (no object for module nosuch)", out)

    def test_bare_addresses(self):
        # ppc without kallsyms: NIP and LR, a trace of several to a line;
        # the module found by the section address the log showed
        objs = decode_oops.Objects(modules=[self.obj], strip=[self.dir])
        syms = objs.symbols(self.obj)
        base = 0xc4800000
        fault = base + syms["fault"][1]
        ret = base + syms["caller"][1] + self.ret
        log = ("/sys/module/tmod/sections/.text: 0x%x\n"
               "Oops: kernel access of bad area, sig: 11\n"
               "NIP: %08X LR: %08X SP: C7E5BE30 REGS: c7e5bd80 TRAP: 0300\n"
               "Call trace: [%08x] [c0001234]\n" % (base, fault, ret, ret))
        out = decode_oops.decode(log.splitlines(), None, objs)
        self.assertIn("NIP: %08X LR: %08X SP: C7E5BE30 REGS: c7e5bd80 TRAP: 0300"
                      % (fault, ret), out)
        i = out.index("Call trace: [%08x] [c0001234]" % ret)
        # NIP is the fault itself, LR a return address: the call's line
        self.assertEqual(out[1:i], ["    [%x] fault at tmod.c:4" % fault,
                                    "    [%x] caller at tmod.c:8" % ret])
        # an address in no known object, and no vmlinux: left out
        self.assertEqual(out[i + 1:], ["    [%x] caller at tmod.c:8" % ret])

    def test_bare_address_outside_the_section(self):
        # past the end of .text: not the module's
        objs = decode_oops.Objects(modules=[self.obj])
        size = objs.section_sizes(self.obj)[".text"]
        log = ("/sys/module/tmod/sections/.text: 0xc4800000\n"
               "Oops: x\nCall trace: [%08x]\n" % (0xc4800000 + size + 1))
        self.assertEqual(decode_oops.decode(log.splitlines(), None, objs), [])

    def test_repeated_oops_decoded_once(self):
        # a reboot that Oopses in turn, 2000 times: one decoding, one
        # addr2line run per address
        objs = decode_oops.Objects(modules=[self.obj], strip=[self.dir])
        calls = []
        real = objs._addr2line
        objs._addr2line = lambda *a: calls.append(a) or real(*a)
        one = ("Unable to handle kernel paging request\n"
               "EIP is at fault+0x0/0x10 [tmod]\n"
               "Call Trace:\n"
               " [<c4800040>] caller+0x%x/0x20 [tmod]\n" % self.ret)
        out = decode_oops.decode((one * 2000).splitlines(), None, objs)
        self.assertEqual(out, decode_oops.decode(one.splitlines(), None,
                                                 decode_oops.Objects(
                                                     modules=[self.obj],
                                                     strip=[self.dir])))
        self.assertEqual(len(calls), 2)

    def test_has_oops(self):
        self.assertTrue(decode_oops.has_oops(["kernel BUG at x.c:1!"]))
        self.assertFalse(decode_oops.has_oops(["init: done"]))


if __name__ == "__main__":
    unittest.main()
