#!/usr/bin/env python3
"""Run the harness's Python unit tests (tests/unit/test_*.py, python3's
unittest) and print each result as make check's lines
(tests/lib-test.sh): "PASS: unit ID", "FAIL: unit ID: why" with the
traceback after it as "    | " lines, "SKIP: unit ID: why", "XFAIL:
unit ID: why" (unittest.expectedFailure); a failing subTest is a FAIL
of its own, "ID [its parameters]".  Last: "N passed, N failed, N
skipped" and the seconds.  Exits 1 when any failed.

    tests/unit/run.py [PATTERN]     (default test_*.py)

No KSRC, kernel or QEMU is needed; each module names what it tests.
"""
import os
import sys
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


class Lines(unittest.TestResult):
    def __init__(self):
        super().__init__()
        self.n = dict.fromkeys(("pass", "fail", "skip", "xfail"), 0)

    def line(self, kind, test, why=None, err=None):
        self.n[kind.lower()] += 1
        name = "unit " + test.id()
        if why:
            why = " ".join(str(why).split())[:300]
        print("%s: %s%s" % (kind, name, ": " + why if why else ""))
        if err:
            # unittest's own rendering: its frames left out
            for l in self._exc_info_to_string(err, test).rstrip().splitlines():
                print("    | " + l)
        sys.stdout.flush()

    @staticmethod
    def why(err):
        return "%s: %s" % (err[0].__name__, err[1])

    def addSuccess(self, test):
        super().addSuccess(test)
        self.line("PASS", test)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self.line("FAIL", test, self.why(err), err)

    def addError(self, test, err):
        super().addError(test, err)
        self.line("FAIL", test, self.why(err), err)

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            self.line("FAIL", subtest, self.why(err), err)

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self.line("SKIP", test, reason)

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self.line("XFAIL", test, self.why(err))

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self.line("FAIL", test, "passed, but is marked as an expected failure")


def main(argv):
    t0 = time.time()
    pattern = argv[0] if argv else "test_*.py"
    suite = unittest.defaultTestLoader.discover(HERE, pattern=pattern, top_level_dir=HERE)
    result = Lines()
    suite.run(result)
    n = result.n
    if not sum(n.values()):
        print("FAIL: unit: no tests found in %s (%s)" % (HERE, pattern))
        n["fail"] += 1
    print("%d passed, %d failed, %d skipped%s (%d tests, %.1f s)"
          % (n["pass"], n["fail"], n["skip"],
             ", %d xfailed" % n["xfail"] if n["xfail"] else "",
             result.testsRun, time.time() - t0))
    return 1 if n["fail"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
