#!/usr/bin/env python3
"""Compare depmod's modules.dep with what the modules' symbols need.

    depmod-check.py LABEL MODDIR SYSTEM_MAP DEPMOD_LOG

MODDIR is the lib/modules/VERSION that `depmod -e -b ... -F SYSTEM_MAP`
just wrote (its modules as NAME.ko), DEPMOD_LOG what depmod printed.
The expectation is computed here, without kmod, from nm's view of the
objects: a module exports NAME where it has a symbol __ksymtab_NAME (so
does vmlinux, in System.map); a module needs the exporter of each symbol
it leaves undefined; vmlinux's exports need nothing; modules.dep lists
for each module every module it needs, directly or through another.  A
symbol nobody exports is one depmod -e must report ("needs unknown
symbol"), and only those (the loader's own __this_module is none).
Prints PASS/FAIL lines (tests/lib-test.sh).
"""
import os
import re
import subprocess
import sys

PREFIX = "__ksymtab_"
# Symbols no module exports and vmlinux resolves all the same: 2.5.50's
# loader fakes up __this_module (kernel/module.c: "We fake up
# "__this_module""), every module that uses THIS_MODULE leaves it
# undefined.
LOADER = {"__this_module"}


def nm(path):
    """(defined exports, undefined strong, undefined weak) of an object."""
    out = subprocess.run(["nm", path], check=True, capture_output=True,
                         text=True).stdout
    exports, undef, weak = set(), set(), set()
    for line in out.splitlines():
        f = line.split()
        if len(f) == 2 and f[0] == "U":
            undef.add(f[1])
        elif len(f) == 2 and f[0] in ("w", "v"):
            weak.add(f[1])
        elif len(f) == 3 and f[2].startswith(PREFIX) and f[1] not in "Uwv":
            exports.add(f[2][len(PREFIX):])
    return exports, undef, weak


def main():
    label, moddir, sysmap, log = sys.argv[1:5]
    fails = []
    mods = {}
    for dp, _, fns in os.walk(moddir):
        for fn in fns:
            if fn.endswith(".ko"):
                p = os.path.join(dp, fn)
                mods[os.path.relpath(p, moddir)] = nm(p)
    if not mods:
        print("FAIL: depmod %s: no NAME.ko under %s" % (label, moddir))
        return
    kernel = set()
    with open(sysmap) as f:
        for line in f:
            x = line.split()
            if len(x) == 3 and x[2].startswith(PREFIX):
                kernel.add(x[2][len(PREFIX):])
    owners = {}
    for m, (exp, _, _) in mods.items():
        for s in exp:
            owners.setdefault(s, set()).add(m)
    dup = {s: o for s, o in owners.items() if len(o) > 1 and s not in kernel}
    if dup:
        fails.append("exported by more than one module: " +
                     ", ".join("%s (%s)" % (s, " ".join(sorted(o))) for s, o in sorted(dup.items())))

    direct, unknown = {}, set()
    for m, (_, undef, weak) in mods.items():
        d = set()
        for s in undef | weak:
            if s in kernel or s in LOADER:
                continue
            o = owners.get(s, set()) - {m}
            if o:
                d |= o
            elif s in undef:
                unknown.add((m, s))
        direct[m] = d
    want = {}
    for m in mods:
        seen, todo = set(), list(direct[m])
        while todo:
            x = todo.pop()
            if x not in seen and x != m:
                seen.add(x)
                todo.extend(direct[x])
        want[m] = seen
    if not any(want.values()):
        fails.append("no module uses another's export: nothing to compare (nm found %d exports)"
                     % len(owners))

    got = {}
    depfile = os.path.join(moddir, "modules.dep")
    try:
        with open(depfile) as f:
            for line in f:
                m, _, rest = line.rstrip("\n").partition(":")
                got[m] = set(rest.split())
    except OSError as e:
        fails.append("no modules.dep: %s" % e)
    for m in sorted(set(mods) | set(got)):
        if m not in got:
            fails.append("%s not in modules.dep" % m)
        elif m not in mods:
            fails.append("modules.dep names %s, which is no module here" % m)
        elif got[m] != want[m]:
            miss = sorted(want[m] - got[m])
            extra = sorted(got[m] - want[m])
            fails.append("%s: %s%s" % (m, "missing " + " ".join(miss) if miss else "",
                                       (" extra " if miss else "extra ") + " ".join(extra) if extra else ""))

    said = set()
    r = re.compile(r"^depmod: WARNING: (\S+) needs unknown symbol (\S+)$")
    with open(log) as f:
        for line in f:
            x = r.match(line.strip())
            if x:
                said.add((os.path.relpath(x.group(1), moddir), x.group(2)))
    for m, s in sorted(unknown - said):
        fails.append("depmod -e did not report %s's unknown %s" % (m, s))
    for m, s in sorted(said - unknown):
        fails.append("depmod -e says %s needs unknown %s, which %s exports" %
                     (m, s, " ".join(sorted(owners.get(s, {"vmlinux"})))))

    ndeps = sum(len(v) for v in want.values())
    if fails:
        print("FAIL: depmod %s: modules.dep differs from the modules' symbols: %s%s"
              % (label, "; ".join(fails[:6]), " (and %d more)" % (len(fails) - 6) if len(fails) > 6 else ""))
    else:
        pairs = ", ".join("%s->%s" % (os.path.basename(m)[:-3], " ".join(os.path.basename(d)[:-3] for d in sorted(v)))
                          for m, v in sorted(want.items()) if v)
        print("PASS: depmod %s: modules.dep of %d modules is what their symbols need"
              " (%d dependencies: %s; %d unknown symbols, all reported)"
              % (label, len(mods), ndeps, pairs, len(unknown)))


main()
