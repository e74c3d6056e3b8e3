#!/usr/bin/env python3
"""make check's results as KTAP, version 1 (the kernel's
Documentation/dev-tools/ktap.rst; kselftest's ktap_helpers.sh writes
the same lines).

  ktap.py subtest N NAME [DEPTH]
      Reads one test script's output on stdin (its "PASS: what",
      "FAIL: what: why", "SKIP: what: why" and "XFAIL: what: why" lines
      among anything else) and writes it, as it comes, as the KTAP
      subtest of test N: a version line, one result line per PASS/FAIL/
      SKIP/XFAIL line ("ok K what", "not ok K what: why",
      "ok K what # SKIP why", "ok K what # XFAIL why"), every other line
      as a diagnostic ("# ..."), all indented by DEPTH levels (default
      1, two spaces each); then, one level up, the script's own result:
      "not ok N NAME" if any line failed, "ok N NAME # SKIP ..." if all
      were skipped, else "ok N NAME".  A "#" in a description is
      written "\\#" (TAP 13's escape).

  ktap.py parse FILE [--json OUT]
      Reads a KTAP document (FILE, - for stdin) back and prints the
      counts of its leaf tests (those without subtests) as
      "pass:N fail:N xfail:N skip:N"; with --json, writes the whole
      tree and the counts to OUT.  Exits 1, saying why, where the
      document is not KTAP: no version line first, numbers that do not
      run 1, 2, ..., a plan that does not match, or a "# Totals:" line
      that does not match the counts.

As a module: subtest(), parse(), counts().
"""
import json
import re
import sys

VERSION = "KTAP version 1"
# What a test script prints (tests/lib-test.sh).
LINE = re.compile(r"^(PASS|FAIL|SKIP|XFAIL): (.*)$")
RESULT = re.compile(r"^(ok|not ok) (\d+)(?: (.*))?$")
PLAN = re.compile(r"^1\.\.(\d+)")
VERSION_LINE = re.compile(r"^K?TAP version \d+$")
TOTALS = re.compile(r"^# Totals: (.*)$")
KINDS = ("pass", "fail", "xfail", "skip")


def escape(text):
    return text.replace("#", "\\#")


def result_line(k, kind, text):
    """The KTAP result line of a PASS/FAIL/SKIP/XFAIL line's text."""
    if kind == "PASS":
        return "ok %d %s" % (k, escape(text))
    if kind == "FAIL":
        return "not ok %d %s" % (k, escape(text))
    what, sep, why = text.partition(": ")
    return "ok %d %s # %s%s" % (k, escape(what), kind, " " + why if sep else "")


def subtest(n, name, inp, out, depth=1):
    """Copies a test script's lines from inp to out as KTAP (module
    docstring); returns its counts."""
    pad = "  " * depth
    out.write(pad + VERSION + "\n")
    out.flush()
    k = 0
    c = dict.fromkeys(KINDS, 0)
    for line in inp:
        line = line.rstrip("\n")
        m = LINE.match(line)
        if m:
            k += 1
            c[m.group(1).lower()] += 1
            out.write(pad + result_line(k, m.group(1), m.group(2)) + "\n")
        else:
            out.write(pad + ("# " + line).rstrip() + "\n")
        out.flush()
    up = "  " * (depth - 1)
    if c["fail"]:
        out.write("%snot ok %d %s\n" % (up, n, escape(name)))
    elif k and c["skip"] == k:
        out.write("%sok %d %s # SKIP all %d skipped\n" % (up, n, escape(name), k))
    else:
        out.write("%sok %d %s\n" % (up, n, escape(name)))
    out.flush()
    return c


def totals_line(c):
    """kselftest's totals line (ktap_print_totals)."""
    return ("# Totals: pass:%d fail:%d xfail:%d xpass:0 skip:%d error:0"
            % (c["pass"], c["fail"], c["xfail"], c["skip"]))


class KtapError(Exception):
    pass


def split_result(rest):
    """'desc # DIRECTIVE diag' into (desc, directive, diagnostic)."""
    m = re.search(r"(?<!\\)#", rest or "")
    if not m:
        return (rest or "").replace("\\#", "#").strip(), None, None
    desc = rest[:m.start()].replace("\\#", "#").strip()
    tail = rest[m.end():].strip()
    word, _, diag = tail.partition(" ")
    if word.upper() in ("SKIP", "XFAIL", "TODO", "TIMEOUT", "ERROR"):
        return desc, word.upper(), diag.strip() or None
    return desc, None, tail or None


def parse(lines):
    """The tests of a KTAP document, as a list of dicts: number, name,
    result ("ok"/"not ok"), directive, diagnostic, subtests (None for a
    leaf).  Raises KtapError where it is not KTAP."""
    levels = {}     # depth -> tests seen at it not yet taken by a parent
    plans = {}      # depth -> the plan of the test list open at it
    totals = None
    seen_version = False
    for n, raw in enumerate(lines, 1):
        raw = raw.rstrip("\n")
        text = raw.lstrip(" ")
        indent = len(raw) - len(text)
        if not text:
            continue
        if not seen_version:
            if not VERSION_LINE.match(text) or indent:
                raise KtapError("line %d: a KTAP document starts with its "
                                "version line, not %r" % (n, raw[:80]))
            seen_version = True
            levels[0] = []
            continue
        if indent % 2:
            continue                # an unknown line: allowed, ignored
        d = indent // 2
        if VERSION_LINE.match(text):
            levels[d] = []
            plans.pop(d, None)
            continue
        m = PLAN.match(text)
        if m and d in levels:
            plans[d] = int(m.group(1))
            continue
        m = TOTALS.match(text)
        if m and d == 0:
            totals = dict(kv.split(":", 1) for kv in m.group(1).split())
            continue
        m = RESULT.match(text)
        if not m:
            continue                # a diagnostic or unknown line
        if d not in levels:
            raise KtapError("line %d: a result at depth %d with no version "
                            "line before it" % (n, d))
        desc, directive, diag = split_result(m.group(3))
        test = {"number": int(m.group(2)), "name": desc, "result": m.group(1),
                "directive": directive, "diagnostic": diag,
                "subtests": levels.pop(d + 1, None)}
        if test["subtests"] is not None and (d + 1) in plans and \
           plans.pop(d + 1) != len(test["subtests"]):
            raise KtapError("line %d: %s has %d subtests, its plan said "
                            "otherwise" % (n, desc, len(test["subtests"])))
        want = len(levels[d]) + 1
        if test["number"] != want:
            raise KtapError("line %d: test number %d, want %d"
                            % (n, test["number"], want))
        levels[d].append(test)
    if not seen_version:
        raise KtapError("empty document")
    top = levels.get(0, [])
    if 0 in plans and plans[0] != len(top):
        raise KtapError("the plan says %d tests, the document has %d"
                        % (plans[0], len(top)))
    if totals is not None:
        c = counts(top)
        for k in KINDS:
            if k in totals and int(totals[k]) != c[k]:
                raise KtapError("# Totals: says %s:%s, the results count %d"
                                % (k, totals[k], c[k]))
    return top


def kind(test):
    if test["directive"] == "SKIP":
        return "skip"
    if test["directive"] == "XFAIL":
        return "xfail"
    return "pass" if test["result"] == "ok" else "fail"


def counts(tests):
    """pass/fail/xfail/skip counts of the leaves under tests."""
    c = dict.fromkeys(KINDS, 0)
    for t in tests:
        if t["subtests"] is None:
            c[kind(t)] += 1
        else:
            for k, v in counts(t["subtests"]).items():
                c[k] += v
    return c


def main(argv):
    if len(argv) >= 3 and argv[0] == "subtest":
        subtest(int(argv[1]), argv[2], sys.stdin, sys.stdout,
                int(argv[3]) if len(argv) > 3 else 1)
        return 0
    if len(argv) in (2, 4) and argv[0] == "parse" and \
       (len(argv) == 2 or argv[2] == "--json"):
        f = sys.stdin if argv[1] == "-" else open(argv[1], encoding="utf-8",
                                                  errors="replace")
        try:
            tests = parse(f)
        except KtapError as e:
            sys.stderr.write("*** %s: not KTAP: %s\n" % (argv[1], e))
            return 1
        c = counts(tests)
        if len(argv) == 4:
            with open(argv[3], "w", encoding="utf-8") as j:
                json.dump({"counts": c, "tests": tests}, j, indent=1)
                j.write("\n")
        print(" ".join("%s:%d" % (k, c[k]) for k in KINDS))
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
