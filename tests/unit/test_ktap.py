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


if __name__ == "__main__":
    unittest.main()
