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

    def test_has_oops(self):
        self.assertTrue(decode_oops.has_oops(["kernel BUG at x.c:1!"]))
        self.assertFalse(decode_oops.has_oops(["init: done"]))


if __name__ == "__main__":
    unittest.main()
