"""scripts/run_cases.py: case files, the console matcher, the emulator's
command line, and a whole case run against a made-up emulator (a shell
script that prints a console; no QEMU, no kernel)."""
import contextlib
import glob
import io
import os
import re
import shutil
import tempfile
import time
import types
import unittest

import common
import run_cases as rc


def arch_guests():
    """Each arch's guest properties, as scripts/arch/ARCH.sh's arch_guest
    gives them (with a kernel config's overlay, NAME.sh that names no
    compiler, added to its arch's: i386-smp)."""
    d = os.path.join(common.SCRIPTS, "arch")
    base, overlays = {}, {}
    for path in sorted(glob.glob(os.path.join(d, "*.sh"))):
        name = os.path.basename(path)[:-3]
        with open(path) as f:
            text = f.read()
        props = {}
        for m in re.finditer(r"^arch_guest\+?=\(([^)]*)\)", text, re.M):
            props.update(w.split("=", 1) for w in m.group(1).split())
        if re.search(r"^arch_cc=", text, re.M):
            base[name] = props
        elif props:
            overlays[name] = props
    guests = dict(base)
    for name, props in overlays.items():
        arch = next(a for a in base if name.startswith(a + "-"))
        guests[name] = dict(base[arch], **props)
    return guests


class CaseDir:
    """A temporary directory for case files, parsed by case()."""

    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.dir)

    def case(self, text, guest=None):
        path = os.path.join(self.dir, "t.case")
        with open(path, "w") as f:
            f.write(text)
        return rc.parse_case(path, guest)


class CaseFile(CaseDir, unittest.TestCase):
    def test_keys(self):
        c = self.case("# comment\n\nappend: a=1\nappend: b\nstep: echo x\n"
                      "expect: ^x$\nabsent: bad\nabsent-after: ^m$ => ^n$\n"
                      "timeout: 9\nallow-fatal: yes\nqemu: -device rtl8139\n"
                      "needs: smp=yes\n")
        self.assertEqual(c["append"], ["a=1", "b"])
        self.assertEqual(c["step"], ["echo x"])
        self.assertEqual(c["expect"], ["^x$"])
        self.assertEqual(c["absent"], ["bad"])
        self.assertEqual(c["absent-after"], [("^m$", "^n$")])
        self.assertEqual((c["timeout"], c["allow-fatal"]), (9, True))
        self.assertEqual(c["qemu"], ["-device rtl8139"])
        self.assertEqual(c["needs"], [("smp", "yes")])

    def test_value_keeps_inner_spaces(self):
        """Only the one space after the colon goes: "step:  x" keeps one."""
        self.assertEqual(self.case("step:  two\n")["step"], [" two"])

    def test_conditions(self):
        text = "expect[long=64]: ^big$\nexpect[long=32]: ^small$\nexpect: ^all$\n"
        self.assertEqual(self.case(text, {"long": "64"})["expect"], ["^big$", "^all$"])
        self.assertEqual(self.case(text, {"long": "32"})["expect"], ["^small$", "^all$"])
        # No guest (a syntax check): a conditional line counts for none.
        self.assertEqual(self.case(text)["expect"], ["^all$"])

    def test_refused(self):
        bad = {"unknown key": "frob: x\n",
               "no colon": "expect\n",
               "bad regex": "expect: (\n",
               "absent-after without =>": "absent-after: a b\n",
               "unknown property": "expect[colour=red]: x\n",
               "needs unknown property": "needs: colour=red\n",
               "needs without =": "needs: smp\n",
               "bad timeout": "timeout: soon\n"}
        for what, text in bad.items():
            with self.subTest(what):
                with self.assertRaises((rc.CaseError, ValueError)):
                    self.case(text)
        # A property the guest does not give is an error, not a no.
        with self.assertRaises(rc.CaseError):
            self.case("expect[long=64]: x\n", {"cmdline": "256"})
        with self.assertRaises(rc.CaseError):
            self.case("needs: smp=yes\n", {"long": "32"})

    def test_every_case_file_for_every_guest(self):
        """Every case of the harness parses, for each arch's guest; every
        arch gives every property a case can name."""
        guests = arch_guests()
        self.assertIn("i386", guests)
        self.assertEqual(guests["i386-smp"]["smp"], "yes")
        for name, g in guests.items():
            self.assertEqual(sorted(g), sorted(rc.GUEST_PROPERTIES), name)
        cases = [c for d in ("qemu-test/cases", "qemu-test/drivers",
                             "qemu-test/busybox/cases", "qemu-test/busybox/drivers")
                 for c in glob.glob(os.path.join(common.TOP, d, "*.case"))]
        self.assertGreater(len(cases), 40)
        for c in cases:
            for name, g in guests.items():
                with self.subTest(case=os.path.basename(c), guest=name):
                    rc.parse_case(c, g)


class Expand(unittest.TestCase):
    def test_rep_and_bytes(self):
        self.assertEqual(rc.expand("a{rep 3 xy}b\\x41\\xff"), b"axyxyxyb" + b"A\xff")
        self.assertEqual(rc.expand("{rep 0 z}"), b"")
        self.assertEqual(rc.expand("\\xZZ"), b"\\xZZ")        # not hex: kept
        self.assertEqual(rc.expand("\u00e9"), "\u00e9".encode())

    def test_rep_out_of_range(self):
        with self.assertRaises(rc.CaseError):
            rc.expand("{rep 9999999 x}")


class Check(unittest.TestCase):
    def case(self, **kw):
        c = {"expect": [], "absent": [], "absent-after": [], "allow-fatal": False}
        c.update(kw)
        return c

    def test_expect_in_order(self):
        c = self.case(expect=["^a$", "^b$"])
        self.assertEqual(rc.check(c, ["a", "b"]), [])
        self.assertEqual(rc.check(c, ["x", "a", "y", "b"]), [])
        fails = rc.check(c, ["b", "a"])
        self.assertEqual(len(fails), 1)
        self.assertIn("only earlier, out of order", fails[0])
        self.assertEqual(rc.check(c, ["a"]), ["expected '^b$'"])

    def test_absent_only_from_the_banner(self):
        """What the firmware echoes before the kernel's banner (OpenBIOS
        prints the -append line) is not the kernel's."""
        c = self.case(absent=["bad"])
        self.assertEqual(rc.check(c, ["bad word", "Linux version 2.5.50", "ok"]), [])
        self.assertNotEqual(rc.check(c, ["Linux version 2.5.50", "bad word"]), [])
        self.assertNotEqual(rc.check(c, ["bad word"]), [])      # no banner: all

    def test_fatal(self):
        for line in ["Kernel panic - not syncing: x", "Oops: 0002", "kernel BUG at x.c:1!",
                     "Unable to handle kernel paging request", "general protection fault: 0",
                     "Debug: sleeping function called from illegal context at x.c:1"]:
            with self.subTest(line):
                self.assertNotEqual(rc.check(self.case(), ["Linux version 2.5.50", line]), [])
                self.assertEqual(rc.check(self.case(**{"allow-fatal": True}),
                                          ["Linux version 2.5.50", line]), [])

    def test_absent_after(self):
        c = self.case(**{"absent-after": [("^m$", "^x$")]})
        self.assertEqual(rc.check(c, ["x", "m", "y"]), [])
        self.assertNotEqual(rc.check(c, ["m", "x"]), [])
        self.assertEqual(rc.check(c, ["x"]), ["marker '^m$' never seen"])


class Verdict(CaseDir, unittest.TestCase):
    """A case's whole verdict: xfail:, its rows (row:, checks:) and the
    Result run_case() gives (what tests/55-hostile.sh printed from
    boot.sh's text before)."""

    def case(self, text, guest=None):
        return CaseDir.case(self, text, guest or {"long": "32"})

    TABLE = ("row: 1 | parmtest: num=1 | 0, num=1\n"
             "#    | (a comment under the row)\n"
             "row: 2 | parmtest: = | -ENOENT\n"
             "row: 3 | nothing | not checked\n"
             "step: echo [1] one\nstep: echo [2] two\n"
             "checks: 1\nexpect: ^load /m/parmtest.o: 0$\n"
             "checks: 2\nexpect: ^load /m/parmtest.o: -2$\n"
             "expect[long=64]: ^never on 32$\n"
             "checks: -\nexpect: ^init: done$\n")
    GOOD = ["Linux version 2.5.50", "[1] one", "load /m/parmtest.o: 0",
            "[2] two", "load /m/parmtest.o: -2", "init: done"]

    def test_keys(self):
        c = self.case("xfail: a bug, reported\n" + self.TABLE)
        self.assertEqual(c["xfail"], "a bug, reported")
        self.assertEqual(c["row"], [("1", "parmtest: num=1", "0, num=1"),
                                    ("2", "parmtest: =", "-ENOENT"),
                                    ("3", "nothing", "not checked")])
        self.assertEqual(c["checks"], {"1": [("expect", "^load /m/parmtest.o: 0$")],
                                       "2": [("expect", "^load /m/parmtest.o: -2$")]})
        # the rows' expects are the case's too, in order
        self.assertEqual(c["expect"], ["^load /m/parmtest.o: 0$", "^load /m/parmtest.o: -2$",
                                       "^init: done$"])
        c64 = self.case(self.TABLE, {"long": "64"})
        self.assertEqual(c64["checks"]["2"][-1], ("expect", "^never on 32$"))

    def test_refused(self):
        for text in ("xfail:\n", "row: x | a | b\n", "row: 1 | a\n", "checks: one\n",
                     "row: 1 | a | b\nchecks: 2\nexpect: x\n"):
            with self.subTest(text):
                with self.assertRaises(rc.CaseError):
                    self.case(text)

    def test_rows(self):
        c = self.case(self.TABLE)
        r = rc.verdict("t", c, self.GOOD)
        self.assertEqual((r.verdict, r.why, r.died), ("PASS", [], False))
        self.assertEqual([(x.n, x.actual, x.verdict) for x in r.rows],
                         [("1", "ret 0", "ok"), ("2", "ret -2", "ok"),
                          ("3", "(not checked)", "-")])
        self.assertEqual(r.line(), "PASS: case t (0.0 s boot, 3 rows)")
        table = r.table()
        self.assertEqual(table[0], "      t:")
        self.assertTrue(all(l.startswith("      ") for l in table))
        self.assertRegex(table[2], r"^ +1  parmtest: num=1  0, num=1 +ret 0 +ok$")

    def test_row_looked_for_in_its_own_part(self):
        """Where the guest marks rows, row 1's expect is not met by a
        line under row 2's marker."""
        c = self.case(self.TABLE)
        lines = ["Linux version 2.5.50", "[1] one", "[2] two", "load /m/parmtest.o: 0",
                 "load /m/parmtest.o: -2", "init: done"]
        r = rc.verdict("t", c, lines)
        self.assertEqual([x.verdict for x in r.rows], ["FAIL", "ok", "-"])
        self.assertEqual(r.rows[0].actual, "missing /^load /m/parmtest.o: 0$/")

    def test_fail_whole_case_row(self):
        c = self.case(self.TABLE + "absent: ^bad$\n")
        r = rc.verdict("t", c, self.GOOD + ["bad"])
        self.assertEqual(r.verdict, "FAIL")
        self.assertEqual(r.table()[-1].split()[:3], ["-", "(whole", "case)"])
        self.assertEqual(r.table()[-1].split()[-1], "FAIL")

    def test_xfail(self):
        """An xfail: case that fails is an XFAIL naming the bug; its
        failing rows XFAIL too; one that passes says to drop the line."""
        c = self.case("xfail: the bug\n" + self.TABLE)
        bad = [l for l in self.GOOD if l != "load /m/parmtest.o: -2"]
        r = rc.verdict("t", c, bad)
        self.assertEqual((r.verdict, r.failed), ("XFAIL", False))
        self.assertEqual([x.verdict for x in r.rows], ["ok", "XFAIL", "-"])
        self.assertTrue(r.line().startswith(
            "XFAIL: case t (0.0 s, 3 rows): known kernel bug, reported, not fixed yet: the bug ("))
        r = rc.verdict("t", c, self.GOOD)
        self.assertEqual(r.verdict, "PASS")
        self.assertIn("drop its xfail: line", r.line())

    def test_xfail_that_died_fails(self):
        """The kernel died: every FATAL line (the list is run_cases.FATAL,
        "sleeping function called from illegal context" too), no
        shutdown, the emulator's status, no "init: done"."""
        c = self.case("xfail: the bug\n" + self.TABLE)
        bad = [l for l in self.GOOD if l != "load /m/parmtest.o: -2"]
        for line in ["Kernel panic - not syncing: x", "Oops: 0002", "kernel BUG at x.c:1!",
                     "Unable to handle kernel paging request", "general protection fault: 0",
                     "Debug: sleeping function called from illegal context at x.c:1"]:
            with self.subTest(line):
                r = rc.verdict("t", c, bad[:-1] + [line, "init: done"])
                self.assertEqual((r.verdict, r.died), ("FAIL", True))
        r = rc.verdict("t", c, bad[:-1])
        self.assertEqual((r.verdict, r.died), ("FAIL", True))
        r = rc.verdict("t", c, bad, [("boot", "no shutdown within 60 s")])
        self.assertEqual(r.verdict, "FAIL")
        self.assertTrue(r.line().startswith("FAIL: case t (0.0 s): no shutdown within 60 s; "))

    def test_hostile_cases_have_rows(self):
        """The hostile-*.case tables are row: lines now (not comments a
        test reads): every row-less one is named here."""
        for path in sorted(glob.glob(os.path.join(common.TOP, "qemu-test", "cases",
                                                  "hostile-*.case"))):
            with self.subTest(os.path.basename(path)):
                c = rc.parse_case(path, arch_guests()["i386"])
                if os.path.basename(path) != "hostile-modname.case":
                    self.assertTrue(c["row"])
                    self.assertTrue(c["checks"])


class Commands(unittest.TestCase):
    def args(self, **kw):
        a = types.SimpleNamespace(qemu="qemu-system-i386", kernel="K", qemu_opt=["-M", "pc"],
                                  qemu_opts="-smp 2", cmd=None)
        a.__dict__.update(kw)
        return a

    def test_qemu_command_order(self):
        """The harness's options, then the arch's, then make's QEMU_OPTS
        (a case's own come after, in run_case): a later one wins."""
        cmd = rc.qemu_command(self.args(), "I", "console=ttyS0")
        self.assertEqual(cmd[:7], ["qemu-system-i386", "-kernel", "K", "-initrd", "I",
                                   "-append", "console=ttyS0"])
        self.assertEqual(cmd[-4:], ["-M", "pc", "-smp", "2"])
        self.assertIn("-no-reboot", cmd)
        self.assertEqual(cmd[cmd.index("-monitor") + 1], "none")
        self.assertNotIn("-monitor", rc.qemu_command(self.args(), "I", "x", monitor=True))

    def test_emulator_command(self):
        a = self.args(cmd="bski -initramfs {initrd} loader {kernel} {append:5} x{kernel}")
        self.assertEqual(rc.emulator_command(a, "I", b"abcdefgh"),
                         ["bski", "-initramfs", "I", "loader", "K", b"abcde", "x{kernel}"])
        a = self.args(cmd="e {append}")
        self.assertEqual(rc.emulator_command(a, "I", b"a b"), ["e", b"a b"])

    def test_command_line_quotes_bytes(self):
        self.assertEqual(rc.command_line(["q", "-append", b"a=\xff b"]),
                         "q -append 'a=\\xff b'")

    def test_console_lines(self):
        with tempfile.NamedTemporaryFile("wb", delete=False) as f:
            f.write(b"qemu: q -kernel K\r\nline 1\r\nline\xff2\n")
        self.addCleanup(os.unlink, f.name)
        self.assertEqual(rc.console_lines(f.name), ["line 1", "line\ufffd2", ""])


@unittest.skipUnless(shutil.which("mke2fs") and shutil.which("debugfs"),
                     "no mke2fs/debugfs (apt-get install e2fsprogs)")
class RunCase(unittest.TestCase):
    """run_case() end to end, the emulator a shell script that prints
    what a guest would (its command line as /proc/cmdline)."""

    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.dir)
        self.emu = os.path.join(self.dir, "emu")
        with open(self.emu, "w") as f:
            f.write('#!/bin/sh\n'
                    'while [ "$1" != -append ]; do shift; done\n'
                    'echo "Linux version 2.5.50"\necho "cmdline: $2"\necho "${EXTRA:-}"\n')
        os.chmod(self.emu, 0o755)
        self.init = os.path.join(self.dir, "init")
        open(self.init, "w").close()

    def run_one(self, text, append="", guest=None):
        path = os.path.join(self.dir, "c.case")
        with open(path, "w") as f:
            f.write(text)
        args = types.SimpleNamespace(
            guest=guest or {"long": "32"}, append=append, logdir=self.dir,
            init=self.init, modules=[], overlay=None, cmd=None, qemu=self.emu,
            kernel="K", qemu_opt=[], qemu_opts="", gdb=None, verbose=False)
        return rc.run_case(path, args)

    def test_pass_and_fail(self):
        r = self.run_one("append: x=1\nexpect: ^cmdline: .* x=1$\n")
        self.assertEqual((r.name, r.verdict, r.why), ("c", "PASS", []))
        self.assertTrue(r.line().startswith("PASS: case c ("))
        r = self.run_one("expect: ^never$\n")
        self.assertEqual((r.verdict, r.why), ("FAIL", ["expected '^never$'"]))
        self.assertTrue(r.failed)
        self.assertTrue(r.line().startswith("FAIL: case c ("))
        self.assertTrue(r.line().endswith("): expected '^never$'"))
        with open(os.path.join(self.dir, "c.log")) as f:
            self.assertTrue(f.readline().startswith("qemu: " + self.emu))

    def test_append_must_reach_the_guest(self):
        """--append WORDS: the case's whole-line expect ends in them, and
        a console without them fails."""
        fails = self.run_one("expect: ^cmdline: console=ttyS0 root=/dev/ram0 panic=1$\n",
                             append="w=1").why
        self.assertEqual(fails, [])
        with open(self.emu) as f:
            text = f.read().replace('echo "cmdline: $2"', 'echo "cmdline: cut"')
        with open(self.emu, "w") as f:
            f.write(text)
        fails = self.run_one("step: x\n", append="w=1").why
        self.assertEqual(len(fails), 1)
        self.assertIn("never reached /proc/cmdline", fails[0])

    def test_fatal_and_exit_status(self):
        os.environ["EXTRA"] = "Oops: 0000"
        self.addCleanup(os.environ.pop, "EXTRA")
        fails = self.run_one("step: x\n").why
        self.assertEqual(len(fails), 1)
        self.assertIn("Oops", fails[0])
        with open(self.emu, "a") as f:
            f.write("exit 3\n")
        fails = self.run_one("allow-fatal: yes\n").why
        self.assertEqual(fails, ["qemu exited with 3"])

    def test_fatal_ends_a_hung_boot(self):
        """A guest that Oopses, or prints an absent: line, and then
        hangs is ended FATAL_GRACE seconds after, not at its timeout, and
        fails on that line; an "Oops" before the kernel's banner
        (firmware echoing the command line) and one the case allows end
        nothing."""
        grace = rc.FATAL_GRACE
        rc.FATAL_GRACE = 1
        self.addCleanup(setattr, rc, "FATAL_GRACE", grace)
        dump = rc.sysrq_dump
        rc.sysrq_dump = lambda p: None
        self.addCleanup(setattr, rc, "sysrq_dump", dump)
        with open(self.emu) as f:
            text = f.read()
        with open(self.emu, "w") as f:
            f.write(text.replace('echo "Linux version 2.5.50"',
                                 'echo "${PRE:-}"; echo "${BANNER-Booting from ROM..}Linux version 2.5.50"')
                    + 'echo "Call Trace: [<c0100000>]"\nexec sleep ${HANG:-0}\n')
        for k, v in (("EXTRA", "Oops: 0002"), ("HANG", "30")):
            os.environ[k] = v
            self.addCleanup(os.environ.pop, k)
        t0 = time.time()
        r = self.run_one("timeout: 20\nstep: x\n")
        self.assertLess(time.time() - t0, 8)
        self.assertEqual(r.verdict, "FAIL")
        self.assertEqual(len(r.why), 1)
        self.assertIn("unexpected 'Oops': Oops: 0002", r.why[0])
        self.assertIn("ended 1 s after a line that fails it whatever follows (Oops: 0002)",
                      " ".join(r.notes))
        with open(os.path.join(self.dir, "c.log")) as f:
            self.assertIn("Call Trace", f.read())
        os.environ["EXTRA"] = "sysfs: changed"
        t0 = time.time()
        r = self.run_one("timeout: 20\nabsent: ^sysfs: changed\n")
        self.assertLess(time.time() - t0, 8)
        self.assertEqual(r.why, ["unexpected '^sysfs: changed': sysfs: changed"])
        # Each pattern on its own: one with an inline flag, which a
        # regex joined from them all would refuse, still ends the boot.
        t0 = time.time()
        r = self.run_one("timeout: 20\nabsent: (?i)^SYSFS: changed\nabsent: ^x\n")
        self.assertLess(time.time() - t0, 8)
        self.assertEqual(r.why, ["unexpected '(?i)^SYSFS: changed': sysfs: changed"])
        # A case with rows (or xfail:) needs the rest of the console:
        # its absent: lines end nothing.
        t0 = time.time()
        r = self.run_one("timeout: 2\nrow: 1 | a | b\nabsent: ^sysfs: changed\n")
        self.assertGreaterEqual(time.time() - t0, 2)
        self.assertIn("no shutdown within 2 s", r.why)
        # Before the banner, or allowed: the boot runs to its timeout.
        os.environ["EXTRA"] = ""
        os.environ["PRE"] = "Oops in the firmware's echo"
        os.environ["BANNER"] = ""
        self.addCleanup(os.environ.pop, "PRE")
        self.addCleanup(os.environ.pop, "BANNER")
        t0 = time.time()
        r = self.run_one("timeout: 2\nstep: x\n")
        self.assertGreaterEqual(time.time() - t0, 2)
        self.assertEqual(r.why, ["no shutdown within 2 s"])
        os.environ["EXTRA"] = "Oops: 0002"
        os.environ["PRE"] = ""
        t0 = time.time()
        r = self.run_one("timeout: 2\nallow-fatal: yes\n")
        self.assertGreaterEqual(time.time() - t0, 2)
        self.assertEqual(r.why, ["no shutdown within 2 s"])

    def test_needs_skips_unbooted(self):
        r = self.run_one("needs: kallsyms=yes\n", guest={"kallsyms": "no"})
        self.assertEqual((r.verdict, r.why), ("SKIP", ["needs kallsyms=yes, this guest has kallsyms=no"]))
        self.assertEqual(r.line(), "SKIP: case c: needs kallsyms=yes, this guest has kallsyms=no")
        self.assertFalse(os.path.exists(os.path.join(self.dir, "c.log")))

    def test_main_results_and_verdict(self):
        """boot --results FILE: the Results as JSON; verdict FILE reads
        them back (tests read that, not the printed lines)."""
        good, bad = os.path.join(self.dir, "good.case"), os.path.join(self.dir, "bad.case")
        with open(good, "w") as f:
            f.write("expect: ^Linux version\n")
        with open(bad, "w") as f:
            f.write("expect: ^never$\n")
        js = os.path.join(self.dir, "r.json")
        for cases, want, code in (([good], ["PASS"], 0),
                                  ([good, bad], ["FAIL", "FAIL: case bad ("], 1)):
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                got = rc.main(["boot", "--kernel", self.init, "--init", self.init,
                               "--qemu", self.emu, "--logdir", self.dir,
                               "--results", js] + cases)
            self.assertEqual(got, code, out.getvalue())
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                self.assertEqual(rc.main(["verdict", js]), 0)
            lines = out.getvalue().splitlines()
            self.assertEqual(lines[0], want[0])
            if len(want) > 1:
                self.assertTrue(lines[1].startswith(want[1]), lines)
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            self.assertEqual(rc.main(["verdict", os.path.join(self.dir, "none.json")]), 2)

    def test_bad_case_file_fails(self):
        r = self.run_one("nonsense\n")
        self.assertEqual((r.verdict, len(r.why)), ("FAIL", 1))
        self.assertTrue(r.why[0].startswith("bad case file: "))


class Main(unittest.TestCase):
    def test_bad_guest_property(self):
        err = io.StringIO()
        with tempfile.NamedTemporaryFile() as k, contextlib.redirect_stderr(err), \
                self.assertRaises(SystemExit) as e:
            rc.main(["boot", "--kernel", k.name, "--init", k.name, "--qemu", "sh",
                     "--logdir", "/nonexistent", "--guest", "colour=red", "x.case"])
        self.assertEqual(e.exception.code, 2)
        self.assertIn("--guest colour=red: not NAME=VALUE", err.getvalue())

    def test_missing_emulator(self):
        with self.assertRaises(SystemExit) as e:
            rc.main(["boot", "--kernel", "/", "--init", "/", "--qemu", "no-such-qemu-xyz",
                     "--qemu-pkg", "qemu-system-x86", "--logdir", "/nonexistent", "x.case"])
        self.assertIn("apt-get install qemu-system-x86", str(e.exception.code))


if __name__ == "__main__":
    unittest.main()


class RamdiskSize(unittest.TestCase):
    """An image bigger than the kernel-configs' RAM disk boots with
    ramdisk_size= its size in kB (the busybox root with -g modules)."""

    def words(self, kb):
        with tempfile.NamedTemporaryFile() as f:
            f.truncate(kb * 1024)
            return rc.ramdisk_words(f.name)

    def test_sizes(self):
        self.assertEqual(self.words(100), [])
        self.assertEqual(self.words(rc.RAMDISK_KB), [])
        self.assertEqual(self.words(rc.RAMDISK_KB + 1),
                         [b"ramdisk_size=%d" % (rc.RAMDISK_KB + 1)])


class SysrqDump(unittest.TestCase):
    """A QEMU guest that runs into its case's timeout is asked for its
    CPU's registers and every task's stack (SysRq p and t, each after a
    Ctrl-a b break on QEMU's multiplexed console) before it is killed;
    case boots put the monitor on the console for that."""

    class Stdin:
        def __init__(self, broken=False):
            self.data, self.broken = b"", broken

        def write(self, b):
            if self.broken:
                raise BrokenPipeError()
            self.data += b

        def flush(self):
            pass

    def run_dump(self, stdin):
        sleep = rc.time.sleep
        rc.time.sleep = lambda s: None
        try:
            rc.sysrq_dump(types.SimpleNamespace(stdin=stdin))
        finally:
            rc.time.sleep = sleep

    def test_keys(self):
        s = self.Stdin()
        self.run_dump(s)
        self.assertEqual(s.data, b"\x01bp\x01bt")

    def test_dead_guest(self):
        self.run_dump(self.Stdin(broken=True))
