"""scripts/ktap.py: a test script's lines as a KTAP subtest, and a KTAP
document read back (make check's output, tests/04-ktap.sh end to end)."""
import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
import unittest

import common
import ktap


def subtest(text, n=1, name="t.sh", depth=1):
    out = io.StringIO()
    c = ktap.subtest(n, name, io.StringIO(text), out, depth)
    return out.getvalue(), c


def document(*subtests, totals=None):
    """A whole document of the given test scripts' outputs."""
    out = io.StringIO()
    out.write("KTAP version 1\n1..%d\n" % len(subtests))
    c = dict.fromkeys(ktap.KINDS, 0)
    for i, text in enumerate(subtests, 1):
        for k, v in ktap.subtest(i, "s%d.sh" % i, io.StringIO(text), out).items():
            c[k] += v
    out.write((totals or ktap.totals_line(c)) + "\n")
    return out.getvalue().splitlines(True), c


class ResultLine(unittest.TestCase):
    def test_kinds(self):
        self.assertEqual(ktap.result_line(1, "PASS", "a: b"), "ok 1 a: b")
        self.assertEqual(ktap.result_line(2, "FAIL", "a: b"), "not ok 2 a: b")
        self.assertEqual(ktap.result_line(3, "SKIP", "a: no tool"), "ok 3 a # SKIP no tool")
        self.assertEqual(ktap.result_line(4, "XFAIL", "a: known"), "ok 4 a # XFAIL known")
        self.assertEqual(ktap.result_line(5, "SKIP", "bare"), "ok 5 bare # SKIP")

    def test_hash_escaped(self):
        """A "#" in a description is TAP 13's "\\#", not a directive."""
        self.assertEqual(ktap.result_line(1, "PASS", "issue #3"), "ok 1 issue \\#3")
        self.assertEqual(ktap.split_result("issue \\#3"), ("issue #3", None, None))


class Subtest(unittest.TestCase):
    def test_lines_and_counts(self):
        text, c = subtest("PASS: one\nnoise\nFAIL: two: broke\nSKIP: three: why\n"
                          "XFAIL: four: bug\n")
        self.assertEqual(c, {"pass": 1, "fail": 1, "xfail": 1, "skip": 1})
        self.assertEqual(text.splitlines(), [
            "  KTAP version 1", "  ok 1 one", "  # noise", "  not ok 2 two: broke",
            "  ok 3 three # SKIP why", "  ok 4 four # XFAIL bug", "not ok 1 t.sh"])

    def test_all_skipped(self):
        text, _ = subtest("SKIP: a: x\nSKIP: b: y\n", n=3)
        self.assertEqual(text.splitlines()[-1], "ok 3 t.sh # SKIP all 2 skipped")

    def test_pass_and_skip_is_ok(self):
        text, _ = subtest("PASS: a\nSKIP: b: y\n")
        self.assertEqual(text.splitlines()[-1], "ok 1 t.sh")

    def test_result_prefix_needs_its_space(self):
        """Only "PASS: " at a line's start is a result: "PASSED" or an
        indented "    | FAIL: x" (a console quoted) is a diagnostic."""
        _, c = subtest("PASSED: x\n    | FAIL: quoted\nFAIL:nospace\n")
        self.assertEqual(c, dict.fromkeys(ktap.KINDS, 0))

    def test_depth(self):
        text, _ = subtest("PASS: a\n", depth=2)
        self.assertEqual(text.splitlines(), ["    KTAP version 1", "    ok 1 a", "  ok 1 t.sh"])

    def test_empty_diagnostic_no_trailing_space(self):
        text, _ = subtest("\nPASS: a\n")
        self.assertIn("  #\n", text)


class Verdict(unittest.TestCase):
    """A script's exit status and its lines: harness_fails() adds a FAIL
    where they disagree or it did not end as a test (tests/lib-test.sh:
    0, 1 after a FAIL line, 2 or more)."""

    def fails(self, text, **st):
        out, c = io.StringIO(), None
        c = ktap.subtest(1, "t.sh", io.StringIO(text), out, 1, ktap.Status(**st))
        return [l.strip() for l in out.getvalue().splitlines()
                if l.startswith("  not ok")], c, out.getvalue().splitlines()[-1]

    def test_whole(self):
        for text, rc in (("PASS: a\n", 0), ("PASS: a\nFAIL: b\n", 1),
                         ("SKIP: a: why\n", 0), ("XFAIL: a: bug\n", 0)):
            with self.subTest(text=text, rc=rc):
                f, _, _ = self.fails(text, exit=rc)
                self.assertEqual(f, ["not ok 2 b"] if rc else [])

    def test_exit_1_without_fail(self):
        f, c, top = self.fails("PASS: a\n", exit=1)
        self.assertEqual(f, ["not ok 2 t.sh: exited with 1"])
        self.assertEqual((c["pass"], c["fail"], top), (1, 1, "not ok 1 t.sh"))

    def test_fail_and_exit_0(self):
        f, c, _ = self.fails("FAIL: a\n", exit=0)
        self.assertEqual(f, ["not ok 1 a", "not ok 2 t.sh: exited 0 after 1 FAIL line(s) "
                                           "(no lib-test.sh EXIT trap?)"])
        self.assertEqual(c["fail"], 2)

    def test_crash_after_fail_told_apart(self):
        """Exit 2 or more: it did not run to its end, FAIL lines or not."""
        f, c, _ = self.fails("FAIL: a\n", exit=3)
        self.assertEqual(f, ["not ok 1 a", "not ok 2 t.sh: exited with 3"])

    def test_said_nothing(self):
        f, c, _ = self.fails("noise\n", exit=0)
        self.assertEqual(f, ["not ok 1 t.sh: said nothing (no PASS, FAIL, SKIP or XFAIL line)"])

    def test_shell_error_recorded(self):
        f, _, _ = self.fails("PASS: a\n", exit=0, errors=["3: foo: command not found"])
        self.assertEqual(f, ["not ok 2 t.sh: a shell error: 3: foo: command not found"])
        f, _, _ = self.fails("PASS: a\n", exit=2, errors=["3: foo: command not found"])
        self.assertEqual(f, ["not ok 2 t.sh: exited with 2: a shell error: 3: foo: command not found"])

    def test_harness_fails_first(self):
        f, c, _ = self.fails("PASS: a\n", exit=0, fails=["changed the host's /dev/stdout"])
        self.assertEqual(f, ["not ok 2 t.sh: changed the host's /dev/stdout"])

    def test_status_file(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "st")
            with open(p, "w") as f:
                f.write("exit 2\nerror 4: x: command not found\nfail changed y\n")
            st = ktap.Status.read(p)
            self.assertEqual((st.exit, st.errors, st.fails),
                             (2, ["4: x: command not found"], ["changed y"]))
            with open(p, "w") as f:
                f.write("")
            st = ktap.Status.read(p)
            self.assertEqual(st.exit, 0)
            self.assertIn("no exit status recorded", st.fails[0])

    def test_status_read_at_the_end(self):
        """subtest --status: the file is read once the script's output
        has ended (only then is its exit status known)."""
        seen = []

        def late():
            seen.append(True)
            return ktap.Status(exit=1)

        def lines():
            for l in ("PASS: a\n", "PASS: b\n"):
                self.assertEqual(seen, [])
                yield l
        out = io.StringIO()
        ktap.subtest(1, "t.sh", lines(), out, 1, late)
        self.assertEqual(seen, [True])
        self.assertIn("not ok 3 t.sh: exited with 1", out.getvalue())


class Report(unittest.TestCase):
    """make check's end: one parse of the document gives its totals,
    summary, last line and exit status (ktap.py report)."""

    def test_report(self):
        lines, c = document("PASS: a\nFAIL: b: x\n", "SKIP: c: y\n", "XFAIL: d: z\n")
        lines = lines[:-1]                  # check.sh's document: no totals yet
        out = io.StringIO()
        tests, rc = ktap.report(lines, out, ["note one"])
        w = out.getvalue().splitlines()
        self.assertEqual(rc, c)
        self.assertEqual(w, [ktap.totals_line(c),
                             "# *** 1 test(s) SKIPPED (not counted as passed):",
                             "# SKIP: c: y",
                             "# *** 1 expected failure(s), known bugs (XFAIL, not counted as passed):",
                             "# XFAIL: d: z",
                             "# *** failures:", "# FAIL: b: x", "# note one",
                             "1 passed, 1 failed, 1 skipped, 1 xfailed"])
        self.assertEqual(ktap.counts(ktap.parse(lines + [l + "\n" for l in w[:-1]])), c)

    def test_main_exit_status(self):
        with tempfile.TemporaryDirectory() as d:
            doc, js = os.path.join(d, "doc"), os.path.join(d, "j.json")
            for text, want in (("PASS: a\n", 0), ("PASS: a\nFAIL: b\n", 1)):
                lines, c = document(text)
                with open(doc, "w") as f:
                    f.writelines(lines[:-1])
                r = subprocess.run([sys.executable, os.path.join(common.SCRIPTS, "ktap.py"),
                                    "report", doc, "--json", js], capture_output=True, text=True)
                self.assertEqual(r.returncode, want, r.stderr)
                self.assertEqual(r.stdout.splitlines()[-1], ktap.last_line(c))
                with open(js) as f:
                    self.assertEqual(json.load(f)["counts"], c)
            with open(doc, "w") as f:
                f.write("not ktap\n")
            r = subprocess.run([sys.executable, os.path.join(common.SCRIPTS, "ktap.py"),
                                "report", doc], capture_output=True, text=True)
            self.assertEqual(r.returncode, 2)
            self.assertIn("not KTAP", r.stderr)


class OneResultLine(unittest.TestCase):
    def test_shell_prefix_is_ktaps(self):
        """scripts/lib.sh's RESULT_RE is ktap.LINE's prefix: the result
        line is defined once per language, and the two agree."""
        r = subprocess.run(["bash", "-c", '. "$1/lib.sh"; printf %s "$RESULT_RE"', "-",
                            common.SCRIPTS], capture_output=True, text=True)
        self.assertEqual(r.stdout + "(.*)$", ktap.LINE.pattern)


class Parse(unittest.TestCase):
    def test_round_trip(self):
        lines, c = document("PASS: a\nFAIL: b: x\n", "SKIP: c: y\nSKIP: d: w\n",
                            "PASS: e #1\nXFAIL: f: z\n")
        tests = ktap.parse(lines)
        self.assertEqual(ktap.counts(tests), c)
        self.assertEqual(c, {"pass": 2, "fail": 1, "xfail": 1, "skip": 2})
        self.assertEqual([t["result"] for t in tests], ["not ok", "ok", "ok"])
        self.assertEqual([t["directive"] for t in tests], [None, "SKIP", None])
        self.assertEqual(tests[2]["subtests"][0]["name"], "e #1")
        self.assertEqual(tests[2]["subtests"][1]["directive"], "XFAIL")
        self.assertEqual(tests[2]["subtests"][1]["diagnostic"], "z")

    def test_counts_are_the_leaves(self):
        """A script's own line is not counted: only its subtests are."""
        lines, _ = document("PASS: a\nPASS: b\n")
        self.assertEqual(ktap.counts(ktap.parse(lines)),
                         {"pass": 2, "fail": 0, "xfail": 0, "skip": 0})

    def test_refused(self):
        bad = {
            "no version": "ok 1 a\n",
            "short plan": "KTAP version 1\n1..2\nok 1 a\n",
            "wrong number": "KTAP version 1\n1..1\nok 2 a\n",
            "wrong totals": "KTAP version 1\n1..1\nok 1 a\n# Totals: pass:2 fail:0\n",
            "subtest plan": "KTAP version 1\n1..1\n  KTAP version 1\n  1..2\n"
                            "  ok 1 x\nok 1 a\n",
            "empty": "",
            "indented version": "  KTAP version 1\n",
        }
        for what, text in bad.items():
            with self.subTest(what):
                with self.assertRaises(ktap.KtapError):
                    ktap.parse(io.StringIO(text))

    def test_tap13_version_and_unknown_lines(self):
        """TAP version 13 is taken; a line of odd indentation and other
        text are ignored, as KTAP allows."""
        tests = ktap.parse(io.StringIO("TAP version 13\n1..1\n   odd\nfoo\nok 1 a\n"))
        self.assertEqual(ktap.counts(tests)["pass"], 1)

    def test_main_parse_and_json(self):
        lines, c = document("PASS: a\nFAIL: b\n")
        with tempfile.TemporaryDirectory() as d:
            doc, js = os.path.join(d, "doc"), os.path.join(d, "j.json")
            with open(doc, "w") as f:
                f.writelines(lines)
            r = subprocess.run([sys.executable, os.path.join(common.SCRIPTS, "ktap.py"),
                                "parse", doc, "--json", js], capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(r.stdout, "pass:1 fail:1 xfail:0 skip:0\n")
            with open(js) as f:
                self.assertEqual(json.load(f)["counts"], c)
            with open(doc, "a") as f:
                f.write("ok 2 extra\n")     # no longer matches its plan
            r = subprocess.run([sys.executable, os.path.join(common.SCRIPTS, "ktap.py"),
                                "parse", doc], capture_output=True, text=True)
            self.assertEqual(r.returncode, 1)
            self.assertIn("not KTAP", r.stderr)

    def test_main_usage(self):
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            self.assertEqual(ktap.main(["nonsense"]), 2)
        self.assertIn("ktap.py subtest N NAME", err.getvalue())


def check_doc(units, share="all", total=None, key="abc123"):
    """A document as scripts/check.sh writes it, of units {name: the
    script's output} (in name order), with its "# Share:" line."""
    out = io.StringIO()
    names = sorted(units)
    out.write("KTAP version 1\n1..%d\n" % len(names))
    out.write("# Share: units=%d/%d set=%s shard=%s arches=all\n"
              % (len(names), total or len(names), key, share))
    out.write("# What this host can do (scripts/host-caps.sh):\n#     have  x\n")
    c = dict.fromkeys(ktap.KINDS, 0)
    for i, n in enumerate(names, 1):
        out.write("# %s\n" % n)
        for k, v in ktap.subtest(i, n, io.StringIO(units[n]), out).items():
            c[k] += v
        out.write("# %s took %d.5 s\n" % (n, i))
    out.write(ktap.totals_line(c) + "\n# seconds per script ...\n# make check took 9.0 s\n")
    out.write("%d passed, %d failed, %d skipped\n" % (c["pass"], c["fail"], c["skip"]))
    return out.getvalue().splitlines(True), c


UNITS = {"10-a.sh": "PASS: a1\nnoise\nSKIP: a2: no tool\n",
         "20-b.sh": "PASS: b1\nXFAIL: b2: known bug\n",
         "60-c.sh:ppc": "PASS: c ppc\nFAIL: c ppc2: broke\n",
         "60-c.sh:sparc64": "PASS: c sparc64\n",
         "70-d.sh": "PASS: d #1\n"}


def merged(*docs, partial=False):
    out = io.StringIO()
    c = ktap.merge([("d%d" % i, d) for i, d in enumerate(docs)], out, partial)
    return out.getvalue().splitlines(), c


def body(lines):
    """The tests' lines, their "took" lines left out."""
    lines = [l.rstrip("\n") for l in lines]
    a = lines.index("# 10-a.sh")
    z = [i for i, l in enumerate(lines) if l.startswith("# Totals:")][0]
    return [l for l in lines[a:z + 1] if not l.endswith(" s") or " took " not in l]


class Merge(unittest.TestCase):
    def shares(self, *groups):
        total = sum(len(g) for g in groups)
        return [check_doc({n: UNITS[n] for n in g}, "%d/%d" % (k, len(groups)), total)[0]
                for k, g in enumerate(groups, 1)]

    def test_same_as_whole_run(self):
        whole, c = check_doc(UNITS)
        parts = self.shares(["20-b.sh", "60-c.sh:sparc64"], ["10-a.sh", "70-d.sh"],
                            ["60-c.sh:ppc"])
        lines, mc = merged(*parts)
        self.assertEqual(mc, c)
        self.assertEqual(body(lines), body(whole))
        self.assertEqual(lines[-1], "5 passed, 1 failed, 1 skipped, 1 xfailed")
        self.assertEqual(lines[:2], ["KTAP version 1", "1..5"])
        self.assertIn("# Share: units=5/5 set=abc123 shard=all arches=all", lines)
        self.assertIn("# SKIP: a2: no tool", lines)
        self.assertIn("# XFAIL: b2: known bug", lines)
        self.assertIn("# FAIL: c ppc2: broke", lines)
        self.assertEqual(ktap.counts(ktap.parse(lines)), c)
        # its seconds per unit, slowest first
        i = lines.index("# seconds per script, slowest first:")
        secs = [float(l.split()[1]) for l in lines[i + 1:i + 6]]
        self.assertEqual(secs, sorted(secs, reverse=True))
        self.assertEqual(sorted(l.split()[2] for l in lines[i + 1:i + 6]), sorted(UNITS))

    def test_order_of_documents(self):
        parts = self.shares(["20-b.sh", "60-c.sh:sparc64"], ["10-a.sh", "70-d.sh", "60-c.sh:ppc"])
        a, _ = merged(*parts)
        b, _ = merged(*reversed(parts))
        self.assertEqual(body(a), body(b))

    def test_whole_run_alone(self):
        whole, c = check_doc(UNITS)
        lines, mc = merged(whole)
        self.assertEqual((body(lines), mc), (body(whole), c))

    def test_a_unit_twice(self):
        parts = self.shares(["10-a.sh", "20-b.sh"], ["20-b.sh", "60-c.sh:ppc", "60-c.sh:sparc64", "70-d.sh"])
        with self.assertRaisesRegex(ktap.KtapError, "20-b.sh is in d0 and in d1"):
            merged(*parts)

    def test_a_share_missing(self):
        parts = self.shares(["10-a.sh", "20-b.sh"], ["60-c.sh:ppc"], ["60-c.sh:sparc64", "70-d.sh"])
        with self.assertRaisesRegex(ktap.KtapError, "4 of the run's 5 units \\(shares: d0 1/3 arches=all, d1 3/3"):
            merged(parts[0], parts[2])
        lines, c = merged(parts[0], parts[2], partial=True)
        self.assertEqual(c["pass"], 4)
        self.assertIn("# Share: units=4/5 set=abc123 shard=merged arches=merged", lines)

    def test_different_runs(self):
        a = check_doc({"10-a.sh": UNITS["10-a.sh"]}, "1/2", 2, key="one")[0]
        b = check_doc({"20-b.sh": UNITS["20-b.sh"]}, "2/2", 2, key="two")[0]
        with self.assertRaisesRegex(ktap.KtapError, "different runs"):
            merged(a, b)

    def test_not_ktap(self):
        with self.assertRaisesRegex(ktap.KtapError, "d1: not KTAP"):
            merged(check_doc(UNITS)[0], ["ok 1 a\n"])

    def test_main(self):
        parts = self.shares(["10-a.sh", "20-b.sh"], ["60-c.sh:ppc", "60-c.sh:sparc64", "70-d.sh"])
        with tempfile.TemporaryDirectory() as d:
            files = []
            for i, p in enumerate(parts):
                files.append(os.path.join(d, "s%d.ktap" % i))
                with open(files[-1], "w") as f:
                    f.writelines(p)
            cmd = [sys.executable, os.path.join(common.SCRIPTS, "ktap.py"), "merge"]
            r = subprocess.run(cmd + files, capture_output=True, text=True)
            self.assertEqual(r.returncode, 1, r.stderr)     # a FAIL: as make check
            self.assertEqual(r.stdout.splitlines()[-1], "5 passed, 1 failed, 1 skipped, 1 xfailed")
            r = subprocess.run(cmd + files[:1], capture_output=True, text=True)
            self.assertEqual(r.returncode, 2)
            self.assertIn("2 of the run's 5 units", r.stderr)
            r = subprocess.run(cmd + ["--partial"] + files[:1], capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(r.stdout.splitlines()[-1], "2 passed, 0 failed, 1 skipped, 1 xfailed")


if __name__ == "__main__":
    unittest.main()
