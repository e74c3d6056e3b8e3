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
      With --status FILE (scripts/check.sh), the script's verdict is
      whole only where its exit status and its lines agree: FILE,
      read once its output has ended, holds "exit N" (its status),
      "error TEXT" (a shell error, recorded by lib.sh's
      command_not_found_handle) and "fail TEXT" (the harness's own
      failures of it) lines, and harness_fails() adds a FAIL of its
      own where they say it is not (tests/lib-test.sh's exit status:
      0 passed, 1 FAIL lines, 2 or more it did not run as a test
      should).

  ktap.py report FILE [--notes NOTES] [--json OUT]
      make check's end (scripts/check.sh): reads the document FILE
      once and writes what follows it: its "# Totals:" line, what was
      skipped, expected to fail and failed ("# " lines), the lines of
      the file NOTES as "# " lines, and, last, "N passed, N failed, N
      skipped" (", N xfailed"); with --json, the tree and counts to
      OUT.  Exits 1 after any failure, 0 else; 2, saying why, where
      FILE is not KTAP.

  ktap.py parse FILE [--json OUT]
      Reads a KTAP document (FILE, - for stdin) back and prints the
      counts of its leaf tests (those without subtests) as
      "pass:N fail:N xfail:N skip:N"; with --json, writes the whole
      tree and the counts to OUT.  Exits 1, saying why, where the
      document is not KTAP: no version line first, numbers that do not
      run 1, 2, ..., a plan that does not match, or a "# Totals:" line
      that does not match the counts.

  ktap.py merge [--partial] FILE...
      Makes one document of the KTAP documents of shares of make check
      (make check SHARD=K/N or ARCHES=..., each its check.ktap;
      doc/ci-matrix.md) and writes it: its tests in name order (as a
      whole run orders them), numbered again, the first document's
      host lines, "# Totals:", the summary (what was skipped, expected
      to fail and failed; seconds per unit) and, last, "N passed, N
      failed, N skipped" (", N xfailed"), as scripts/check.sh prints.
      Exits 1 after any failure, as make check does; 2, saying why,
      where a document is not KTAP, a test is in two documents, the
      shares are of different runs ("# Share:" lines, scripts/shard.py)
      or, without --partial, some of the run's units are in none.

As a module: subtest(), harness_fails(), parse(), counts(), summary(),
last_line(), merge().
"""
import argparse
import io
import json
import re
import sys

VERSION = "KTAP version 1"
KINDS = ("pass", "fail", "xfail", "skip")
# What a test script prints (tests/lib-test.sh): the one definition of
# a result line (scripts/lib.sh's RESULT_RE is its prefix, checked by
# tests/unit/test_ktap.py).
LINE = re.compile(r"^(PASS|FAIL|SKIP|XFAIL): (.*)$")
RESULT = re.compile(r"^(ok|not ok) (\d+)(?: (.*))?$")
PLAN = re.compile(r"^1\.\.(\d+)")
VERSION_LINE = re.compile(r"^K?TAP version \d+$")
TOTALS = re.compile(r"^# Totals: (.*)$")


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


class Status:
    """How a test script ended (ktap.py subtest --status FILE): its
    exit status, the shell errors recorded while it ran, the harness's
    own failures of it (a /dev file it changed)."""

    def __init__(self, exit=0, errors=(), fails=()):
        self.exit, self.errors, self.fails = exit, list(errors), list(fails)

    @classmethod
    def read(cls, path):
        st = cls(exit=None)
        with open(path, encoding="utf-8", errors="replace") as f:
            for l in f:
                word, _, rest = l.rstrip("\n").partition(" ")
                if word == "exit":
                    st.exit = int(rest)
                elif word == "error":
                    st.errors.append(rest)
                elif word == "fail":
                    st.fails.append(rest)
        if st.exit is None:
            st.fails.append("no exit status recorded (%s)" % path)
            st.exit = 0
        return st


def harness_fails(name, c, status):
    """The failures the harness adds to a script whose counts of lines
    are c (a FAIL each, named "NAME: why"): its own (status.fails), and
    one where its verdict is not whole, first of: it did not end as a
    test should (exit status 2 or more, or 1 with no FAIL line: it
    crashed, died or hit a shell error: tests/lib-test.sh); it said
    nothing (no result line); a shell error (a command not found,
    status.errors: recorded, not read from its text) in a script that
    exited 0 or 1; a FAIL line and exit status 0 (no lib-test.sh EXIT
    trap)."""
    fails = ["%s: %s" % (name, f) for f in status.fails]
    rc, nfail, said = status.exit, c["fail"], sum(c.values())
    err = ": a shell error: %s" % status.errors[0] if status.errors else ""
    if rc >= 2 or (rc != 0 and not nfail):
        fails.append("%s: exited with %d%s" % (name, rc, err))
    elif not said:
        fails.append("%s: said nothing (no PASS, FAIL, SKIP or XFAIL line)" % name)
    elif err:
        fails.append(name + err)
    elif rc == 0 and nfail:
        fails.append("%s: exited 0 after %d FAIL line(s) (no lib-test.sh EXIT trap?)"
                     % (name, nfail))
    return fails


def subtest(n, name, inp, out, depth=1, status=None):
    """Copies a test script's lines from inp to out as KTAP (module
    docstring); returns its counts.  status: a Status, or a function
    that gives it once inp has ended (its exit status is known only
    then); its harness_fails() are results of the subtest too."""
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
    if callable(status):
        status = status()
    if status is not None:
        for f in harness_fails(name, c, status):
            k += 1
            c["fail"] += 1
            out.write(pad + result_line(k, "FAIL", f) + "\n")
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


SHARE = re.compile(r"^# Share: units=(\d+)/(\d+) set=(\S+) shard=(\S+) arches=(\S+)")
TOOK = re.compile(r"^# (\S+) took ([0-9.]+) s$")
RUN_TOOK = re.compile(r"^# make check took ([0-9.]+) s$")


def segments(lines):
    """A check.sh document's lines cut up: (preamble, blocks, trailer).
    preamble: the top-level lines after the version and plan lines,
    before the first test's; blocks: [(name, lines)], a top-level test
    each: its "# NAME" header, its subtest's lines, its result line,
    its "# NAME took S s"; trailer: what follows the last block (the
    totals and summary)."""
    lines = [l.rstrip("\n") for l in lines]
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    i += 1                                  # the version line
    if i < len(lines) and PLAN.match(lines[i]):
        i += 1
    preamble, blocks, pending, body = [], [], [], []
    for raw in lines[i:]:
        if raw.startswith(" ") or not raw:
            body.append(raw)
            continue
        m = RESULT.match(raw)
        if not m:
            t = TOOK.match(raw)
            if t and blocks and t.group(1) == blocks[-1][0] and not body and not pending:
                blocks[-1][1].append(raw)
            else:
                pending.append(raw)
            continue
        name = split_result(m.group(3))[0]
        head = []
        if pending and pending[-1] == "# " + name:
            head = [pending.pop()]
        if blocks:
            head = pending + head
        else:
            preamble = pending
        pending = []
        blocks.append((name, head + body + [raw]))
        body = []
    return preamble, blocks, pending + body


def leaves(tests):
    for t in tests:
        if t["subtests"] is None:
            yield t
        else:
            yield from leaves(t["subtests"])


def summary(tests):
    """What make check says after its "# Totals:" line of these tests
    (parse()'s), without the "# ": the leaves skipped, expected to
    fail and failed, each kind under a line that counts them."""
    c = counts(tests)
    lv = list(leaves(tests))
    s = []

    def said(t):
        return t["name"] + (": " + t["diagnostic"] if t["diagnostic"] else "")
    if c["skip"]:
        s.append("*** %d test(s) SKIPPED (not counted as passed):" % c["skip"])
        s.extend("SKIP: " + said(t) for t in lv if kind(t) == "skip")
    if c["xfail"]:
        s.append("*** %d expected failure(s), known bugs (XFAIL, not counted as passed):" % c["xfail"])
        s.extend("XFAIL: " + said(t) for t in lv if kind(t) == "xfail")
    if c["fail"]:
        s.append("*** failures:")
        s.extend("FAIL: " + said(t) for t in lv if kind(t) == "fail")
    return s


def last_line(c):
    """make check's last line: "N passed, N failed, N skipped" (", N
    xfailed")."""
    last = "%d passed, %d failed, %d skipped" % (c["pass"], c["fail"], c["skip"])
    if c["xfail"]:
        last += ", %d xfailed" % c["xfail"]
    return last


def report(lines, out, notes=()):
    """make check's end (module docstring, ktap.py report) of the
    document lines, written to out; returns (tests, counts)."""
    tests = parse(lines)
    c = counts(tests)
    w = [totals_line(c)] + ["# " + l for l in summary(tests) + list(notes)]
    # What is written must read back to the same counts.
    if counts(parse(list(lines) + w)) != c:
        raise KtapError("the document and its totals do not read back to %s" % c)
    out.write("\n".join(w + [last_line(c)]) + "\n")
    return tests, c


def merge(docs, out, partial=False):
    """docs: [(label, lines)], each a document of make check (a share);
    writes the merged document to out (module docstring) and returns
    its counts.  Raises KtapError where they do not make one."""
    blocks, shares, took, seen = [], [], [], {}
    preamble = None
    for label, lines in docs:
        lines = list(lines)
        try:
            tests = parse(lines)
        except KtapError as e:
            raise KtapError("%s: not KTAP: %s" % (label, e))
        pre, blks, trailer = segments(lines)
        if len(blks) != len(tests):
            raise KtapError("%s: %d tests, but %d of make check's blocks"
                            % (label, len(tests), len(blks)))
        share = None
        for l in pre:
            m = SHARE.match(l)
            if m:
                share = m
        if share:
            shares.append((label, share))
        if preamble is None:
            preamble = [l for l in pre if not SHARE.match(l)]
        for l in trailer:
            m = RUN_TOOK.match(l)
            if m:
                took.append(float(m.group(1)))
        for (name, blines), test in zip(blks, tests):
            if name in seen:
                raise KtapError("%s is in %s and in %s: shares of one run "
                                "have no unit in common" % (name, seen[name], label))
            seen[name] = label
            blocks.append((name, blines, test))
    if shares and len(shares) != len(docs):
        raise KtapError("some documents have a \"# Share:\" line and some not")
    total = key = None
    if shares:
        keys = {(m.group(2), m.group(3)) for _, m in shares}
        if len(keys) > 1:
            raise KtapError("the shares are of different runs (the units, "
                            "set=: %s)" % ", ".join("%s: %s/%s" % (l, m.group(2), m.group(3))
                                                   for l, m in shares))
        total, key = keys.pop()
        total = int(total)
        if len(blocks) != total and not partial:
            raise KtapError("%d of the run's %d units (shares: %s): a share "
                            "is missing" % (len(blocks), total, ", ".join(
                                "%s %s arches=%s" % (l, m.group(4), m.group(5))
                                for l, m in shares)))
    blocks.sort(key=lambda b: b[0])
    tests = [b[2] for b in blocks]
    c = counts(tests)
    w = []
    w.append(VERSION)
    w.append("1..%d" % len(blocks))
    if shares:
        w.append("# Share: units=%d/%d set=%s shard=%s arches=%s" % (
            len(blocks), total, key, "all" if len(blocks) == total else "merged",
            "all" if len(blocks) == total else "merged"))
    w.append("# ktap.py merge of %d documents: %s" % (len(docs), ", ".join(
        "%s (%s)" % (l, "shard=%s arches=%s" % (m.group(4), m.group(5)))
        for l, m in shares) if shares else ", ".join(l for l, _ in docs)))
    w.extend(preamble or [])
    secs = []
    for n, (name, blines, test) in enumerate(blocks, 1):
        for l in blines:
            m = RESULT.match(l)
            if m and not l.startswith(" "):
                l = "%s %d%s" % (m.group(1), n, l[m.end(2):])
            t = TOOK.match(l)
            if t:
                secs.append((float(t.group(2)), t.group(1)))
            w.append(l)
    w.append(totals_line(c))
    notes = ["seconds per script, slowest first:"]
    notes.extend("  %7.1f  %s" % (sec, name) for sec, name in sorted(secs, key=lambda x: (-x[0], x[1])))
    if took:
        notes.append("the shares took %s s (the longest %.1f s, all %.1f s)"
                     % (", ".join("%.1f" % t for t in took), max(took), sum(took)))
    w.extend("# " + l for l in summary(tests) + notes)
    w.append(last_line(c))
    # What is written must read back to the same counts.
    if counts(parse(w[:-1])) != c:
        raise KtapError("the merged document does not read back to %s" % c)
    out.write("\n".join(w) + "\n")
    return c


def main(argv):
    if argv and argv[0] == "merge":
        files = argv[1:]
        partial = "--partial" in files
        files = [f for f in files if f != "--partial"]
        if not files:
            sys.stderr.write(__doc__)
            return 2
        docs = []
        try:
            for f in files:
                with open(f, encoding="utf-8", errors="replace") as fh:
                    docs.append((f, fh.readlines()))
        except OSError as e:
            sys.stderr.write("*** ktap.py merge: %s\n" % e)
            return 2
        out = io.StringIO()
        try:
            c = merge(docs, out, partial)
        except KtapError as e:
            sys.stderr.write("*** ktap.py merge: %s\n" % e)
            return 2
        sys.stdout.write(out.getvalue())
        return 1 if c["fail"] else 0
    if argv and argv[0] == "report":
        ap = argparse.ArgumentParser(prog="ktap.py report")
        ap.add_argument("file")
        ap.add_argument("--notes")
        ap.add_argument("--json")
        a = ap.parse_args(argv[1:])
        try:
            with open(a.file, encoding="utf-8", errors="replace") as f:
                lines = f.readlines()
            notes = []
            if a.notes:
                with open(a.notes, encoding="utf-8", errors="replace") as f:
                    notes = f.read().splitlines()
        except OSError as e:
            sys.stderr.write("*** ktap.py report: %s\n" % e)
            return 2
        out = io.StringIO()
        try:
            tests, c = report(lines, out, notes)
        except KtapError as e:
            sys.stderr.write("*** %s: not KTAP: %s\n" % (a.file, e))
            return 2
        if a.json:
            with open(a.json, "w", encoding="utf-8") as j:
                json.dump({"counts": c, "tests": tests}, j, indent=1)
                j.write("\n")
        sys.stdout.write(out.getvalue())
        return 1 if c["fail"] else 0
    if argv and argv[0] == "subtest":
        ap = argparse.ArgumentParser(prog="ktap.py subtest")
        ap.add_argument("n", type=int)
        ap.add_argument("name")
        ap.add_argument("depth", type=int, nargs="?", default=1)
        ap.add_argument("--status", metavar="FILE")
        a = ap.parse_args(argv[1:])
        subtest(a.n, a.name, sys.stdin, sys.stdout, a.depth,
                (lambda: Status.read(a.status)) if a.status else None)
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
