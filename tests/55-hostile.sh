#!/bin/bash
# Hostile input (issue 3): boot the patched i386 kernel with every
# qemu-test/cases/hostile-*.case (hostile module arguments and boot
# command lines; 50-qemu-i386.sh leaves these to us) and print, for each
# case, its table: input, expected result, actual, verdict.
#
# A case file's table is its comment lines "# N | input | expected"; the
# expect/absent lines of row N follow the comment "# [N]" in its body
# ("# [-]": the whole case).  Where the guest marks rows ("echo [N] ..."),
# row N's expects are looked for from that marker to the next one; else
# in the whole console.
#
# A case whose first line is "# xfail: WHY" shows a kernel bug that is
# reported and not fixed yet: its failure is an XFAIL naming the bug (never
# a pass), and a FAIL if the kernel died (Oops, panic, no "init: done").
# Once it passes, the bug is fixed: drop the xfail line.
. "$(dirname "$0")/lib-test.sh"
export ARCH=i386
cases=$(ls "$TOP"/qemu-test/cases/hostile-*.case 2>/dev/null)
[ -n "$cases" ] || { fail "hostile: no qemu-test/cases/hostile-*.case"; exit 0; }
need_i386_guest hostile $cases
out=$BUILD/$ARCH/hostile.out
"$TOP/scripts/boot.sh" $cases > "$out" 2>&1
arch_load
PYTHONPATH=$TOP/scripts python3 - "$BUILD/$ARCH/logs" "$out" "${arch_guest[*]}" $cases <<'PY'
import re, sys
import run_cases

logdir, bootout, cases = sys.argv[1], sys.argv[2], sys.argv[4:]
# The guest's properties, for KEY[NAME=VALUE] lines (scripts/arch/i386.sh).
GUEST = dict(g.split("=", 1) for g in sys.argv[3].split())
ROW = re.compile(r"^#\s*(\d+) \| (.*?) \| (.*)$")
GROUP = re.compile(r"^#\s*\[(\d+|-)\]")
MARK = re.compile(r"^\[(\d+)\] ")
DEATH = re.compile(r"unexpected '(Kernel panic|Oops|kernel BUG|Unable to handle"
                   r" kernel|general protection fault)'|no shutdown|qemu exited"
                   r"|init: done")

# What boot.sh (run_cases.py) said of each case: the whole-case verdict.
said = {}
for l in open(bootout, encoding="utf-8", errors="replace"):
    m = re.match(r"^(PASS|FAIL): case (\S+)(?: \([^)]*\))?:? ?(.*)$", l.rstrip("\n"))
    if m:
        said[m.group(2)] = (m.group(1), m.group(3))


def short(s, n):
    s = re.sub(r"(.)\1{15,}", lambda m: "%s{%d}" % (m.group(1), len(m.group(0))), s)
    s = s.replace("\ufffd", "?")
    return s if len(s) <= n else s[:n - 3] + "..."


def table(name, rows):
    w = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in
         enumerate(("N", "input", "expected", "actual", "verdict"))]
    fmt = "    %%%ds  %%-%ds  %%-%ds  %%-%ds  %%s" % tuple(w[:4])
    print("    %s:" % name)
    print(fmt % ("N", "input", "expected", "actual", "verdict"))
    for r in rows:
        print(fmt % r)


for path in cases:
    name = path.rsplit("/", 1)[-1][:-len(".case")]
    text = open(path, encoding="utf-8").read().split("\n")
    xfail = text[0][len("# xfail:"):].strip() if text[0].startswith("# xfail:") else None
    rows, groups, cur = [], {}, None
    for l in text:
        m = ROW.match(l)
        if m:
            rows.append((m.group(1), m.group(2), m.group(3)))
            continue
        m = GROUP.match(l)
        if m:
            cur = None if m.group(1) == "-" else m.group(1)
            continue
        k, _, v = l.partition(":")
        v = v[1:] if v.startswith(" ") else v
        m = re.match(r"^(expect|absent)\[(\w+)=(\w+)\]$", k)
        if m:
            if GUEST.get(m.group(2)) != m.group(3):
                continue
            k = m.group(1)
        if cur and k in ("expect", "absent"):
            groups.setdefault(cur, []).append((k, v))
    try:
        log = run_cases.console_lines("%s/%s.log" % (logdir, name))
    except OSError:
        log = []
    marked = any(MARK.match(l) for l in log)
    verdict, why = said.get(name, ("FAIL", "not run (see %s)" % bootout))
    out = []
    for n, inp, exp in rows:
        seg = log
        if marked:
            start = next((i for i, l in enumerate(log) if l.startswith("[%s] " % n)), None)
            if start is None:
                seg = []
            else:
                end = next((i for i in range(start + 1, len(log))
                            if MARK.match(log[i]) and not log[i].startswith("[%s] " % n)),
                           len(log))
                seg = log[start:end]
        seen, ok, pos = [], True, 0
        checks = groups.get(n, [])
        stop = False
        for k, r in checks:
            rx = re.compile(r)
            if k == "absent":
                hit = next((l for l in log if rx.search(l)), None)
                if hit is not None:
                    ok = False
                    seen.append("present: " + short(hit.strip(), 40))
                continue
            if "good again" in r:
                stop = True
            i = next((i for i in range(pos, len(seg)) if rx.search(seg[i])), None)
            if i is None:
                ok = False
                seen.append("missing /%s/" % short(r, 40))
                continue
            pos = i + 1
            l = seg[i].strip()
            if not stop and not MARK.match(l) and not l.startswith(("unload ", "init: done")):
                seen.append(re.sub(r"^load \S+: (-?\d+)$", r"ret \1", l))
        if not checks:
            act, v = "(not checked)", "-"
        else:
            act = short(" / ".join(seen) if seen else "nothing of it seen", 64)
            v = "ok" if ok else ("XFAIL" if xfail else "FAIL")
        out.append((n, short(inp, 40), short(exp, 48), act, v))
    if verdict == "FAIL" and all(r[4] != "FAIL" and r[4] != "XFAIL" for r in out):
        out.append(("-", "(whole case)", "", short(why, 64), "XFAIL" if xfail else "FAIL"))
    table(name, out)
    if verdict == "PASS":
        if xfail:
            print("PASS: hostile %s: the kernel bug it shows is fixed: drop its '# xfail:' line" % name)
        else:
            print("PASS: hostile %s (%d rows)" % (name, len(rows)))
    elif xfail and not DEATH.search(why):
        print("XFAIL: hostile %s: known kernel bug, reported, not fixed yet: %s" % (name, short(xfail, 160)))
    else:
        print("FAIL: hostile %s: %s" % (name, short(why, 300)))
        print("      console: %s/%s.log" % (logdir, name))
    sys.stdout.flush()
PY
exit 0
