#!/usr/bin/env python3
"""make bench, its second half (doc/bench.md): the instructions each
module's load and removal cost on the whole series' kernel against the
compat patches' alone (2.5.50's own loader), measured in the guest under
QEMU's -icount shift=0, where the TSC counts instructions: the figures
do not depend on the host.

bench-modules.py --am DIR --series BZIMAGE [--phases BZIMAGE] [--out DIR]
                 [--known FILE] [--batch N] [--modules NAMES] [--note TEXT]

DIR is make allmodules' $(BUILD)/allmodules: its "after" and "before"
trees (modules, the busybox roots; before's kernel).  --series is the
series' kernel to boot (scripts/bench-modules.sh: after's less its test
patches), --phases the same with tests/bench/module-phases.patch.  The
modules: those that loaded (ok) in make allmodules' last run on after's
kernel (else every one of its guest root), built in both trees at the
same path with what they need, and not named in the known bugs' file;
or NAMES (a file, one a line).  Each batch boots
once a kernel (two boots at a time); qemu-test/allmodules/bench.sh loads
each module with modprobe and removes what it added with busybox rmmod,
twice, timing each command with /bin/icount.  Both kernels' roots are
the same but for the modules' objects: modules.dep and its indexes are
depmod's of the series' tree (2.5.50's depmod sees no export, so its
own would load no dependency: issue 32 item 2), and the compat-only
root has its own tree's objects at the same paths.

The figure of a module is the lesser of its second and third load, and
of their removals (the first reads the module's file into the page
cache; a kernel thread's turn can fall into one), load + unload; the ratio is
series / 2.5.50.  Only modules that loaded and were removed on both
kernels with the same modules added count.  Prints the table
(DIR/bench/ratios.tsv), the median and 95th percentile, and each module
over 1.50; exits 1 if the median is over 1.10 or a module is over 1.50
and not named in qemu-test/allmodules/bench-reasons.txt.
"""
import argparse, importlib.util, os, re, shutil, subprocess, sys, time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location("allmodules_load",
                                               os.path.join(TOP, "scripts/allmodules-load.py"))
AL = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(AL)
KV = AL.KV
QEMU = "-m 256 -icount shift=0,sleep=off"


def parse(log):
    """{name: (rc, l1, u1, l2, u2, new, left)}, the module it stopped at;
    l2 and u2 the lesser of the second and third pairs."""
    res, cur = {}, None
    if not os.path.exists(log):
        return res, None
    with open(log, errors="replace") as f:
        for l in f:
            l = l.rstrip("\r\n")
            i = l.find("bm: ")
            if i < 0:
                continue
            w = l[i + 4:].split()
            if w[:1] == ["load"] and len(w) > 1:
                cur = w[1]
            elif w[:1] == ["res"] and len(w) == 11:
                try:
                    n1, u1, n2, u2, n3, u3 = [None if x == "-" else int(x) for x in w[3:9]]
                    # the warm pairs, 2 and 3: the lesser of each, so that
                    # a kernel thread's turn (pdflush every 5 s of the
                    # guest's time) inside one of them does not count
                    lo = lambda a, b: None if a is None or b is None else min(a, b)
                    res[w[1]] = (int(w[2]), n1, u1, lo(n2, n3), lo(u2, u3),
                                 w[9].strip(","), w[10].strip(","))
                except ValueError:
                    pass    # a line the console mangled: the module is left out
                cur = None
            elif w[:1] == ["done"]:
                cur = None
    return res, cur


def run_kernel(kind, kernel, am, out, want, deps, batch, objs="after"):
    """Load WANT on KERNEL (KIND names its directory under OUT), in
    batches, with OBJS's module objects (after, before); {name: result}."""
    after_root = os.path.join(am, "after/root")
    before_mods = os.path.join(am, "before/root/lib/modules", KV)
    mapf = os.path.join(am, "after/i386/linux-2.5.50/System.map")
    kout = os.path.join(out, kind)
    # a run's own logs only (read_phases reads the directory)
    shutil.rmtree(os.path.join(kout, "logs"), ignore_errors=True)
    os.makedirs(kout, exist_ok=True)
    todo = [want[i:i + batch] for i in range(0, len(want), batch)]
    results, nb, t0 = {}, 0, time.time()
    while todo:
        names, todo, nb = AL.next_round(todo, "bm", nb)
        mods = [n for b in names.values() for n in b]
        root = os.path.join(kout, "root")
        AL.make_root(after_root, root, mods, deps, mapf, names)
        shutil.copy(os.path.join(TOP, "qemu-test/allmodules/bench.sh"), os.path.join(root, "bench.sh"))
        if os.environ.get("BENCH_NOHOTPLUG"):
            open(os.path.join(root, "bench-nohotplug"), "w").close()
        if objs == "before":
            md = os.path.join(root, "lib/modules", KV)
            for n in AL.closure(mods, deps):
                shutil.copy(os.path.join(before_mods, deps[n][0]), os.path.join(md, deps[n][0]))
        AL.boot_lists(kout, names, kernel, "bench.sh", lambda c, b: 120 + 10 * len(b),
                      "make bench: module loads under -icount, batch", QEMU)
        for c, b in names.items():
            r, stop = parse(os.path.join(kout, "logs", c + ".log"))
            results.update({k: v for k, v in r.items() if k in b})
            done = [n for n in b if n in r]
            rest = [n for n in b if n not in r]
            if rest:
                # the boot ended early: the module it stopped at is out
                bad = stop if stop in rest else rest[0]
                results[bad] = None
                rest.remove(bad)
                if rest:
                    todo.append(rest)
        print(">>> bench: %s: %d of %d modules, %d boots (%.0f s)"
              % (kind, len(results), len(want), nb, time.time() - t0), flush=True)
    return results


def pct(v, p):
    v = sorted(v)
    k = (len(v) - 1) * p
    i = int(k)
    return v[i] if i + 1 >= len(v) else v[i] + (v[i + 1] - v[i]) * (k - i)


def compare(b, a):
    """Rows (name, before, after, ratio, load ratio, unload ratio) of the
    modules measured on both with the same modules added; and the
    names left out with why."""
    rows, out = [], {}
    for n in sorted(set(a) | set(b)):
        ra, rb = a.get(n), b.get(n)
        if not ra or not rb:
            out[n] = "ended its boot"
            continue
        if ra[0] or rb[0]:
            out[n] = "load failed (%d, %d)" % (rb[0], ra[0])
            continue
        if None in ra[3:5] or None in rb[3:5]:
            out[n] = "not removed (stays: %s)" % (ra[6] or rb[6] or "?")
            continue
        if ra[5] != rb[5]:
            out[n] = "other modules added (%s, %s)" % (rb[5], ra[5])
            continue
        tb, ta = rb[3] + rb[4], ra[3] + ra[4]
        rows.append((n, tb, ta, ta / tb, ra[3] / rb[3], ra[4] / rb[4]))
    return rows, out


PHASES = ("copy", "elf", "layout", "symbols", "reloc", "checks", "params", "sections",
          "init", "refs", "sysfs", "exit", "free", "other")
# The series' own work, not 2.5.50's loader's: ELF checks, the names'
# checks, /sys/module (the directory, parameters, holders; sections/),
# its removal.
NEW = ("elf", "checks", "params", "sections", "sysfs")


def read_phases(logdir, names):
    """{name: {phase: ticks}} of the last "modphase: load|unload NAME"
    lines of each module (its second load and removal), load and unload
    summed."""
    last = {}
    logs = [f for f in os.listdir(logdir) if f.endswith(".log")] if os.path.isdir(logdir) else []
    # in the order of the boots: bm.2 before bm.10
    for fn in sorted(logs, key=lambda f: [int(x) if x.isdigit() else x
                                          for x in re.split(r"(\d+)", f)]):
        with open(os.path.join(logdir, fn), errors="replace") as f:
            for l in f:
                i = l.find("modphase: ")
                if i < 0:
                    continue
                w = l[i + 10:].split()
                if len(w) < 2 or w[0] not in ("load", "unload"):
                    continue
                d = {}
                for kv in w[2:]:
                    k, _, v = kv.partition("=")
                    if k in PHASES and v.isdigit():
                        d[k] = int(v)
                last[(w[1], w[0])] = d
    out = {}
    for n in names:
        if (n, "load") in last and (n, "unload") in last:
            d = dict(last[(n, "load")])
            for k, v in last[(n, "unload")].items():
                d[k] = d.get(k, 0) + v
            out[n] = d
    return out


def read_reasons(path):
    why = {}
    if os.path.exists(path):
        with open(path) as f:
            for l in f:
                if l.strip() and not l.startswith("#"):
                    w = l.split(None, 1)
                    why[w[0]] = w[1].strip() if len(w) > 1 else ""
    return why


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--am", required=True)
    ap.add_argument("--series", required=True, help="the series' bzImage")
    ap.add_argument("--phases", help="the series' bzImage with module-phases.patch")
    ap.add_argument("--phases-before", help="before's bzImage with module-phases-2.5.50.patch")
    ap.add_argument("--note", default="")
    ap.add_argument("--out")
    ap.add_argument("--known", default=os.path.join(TOP, "qemu-test/allmodules/known-2.5.50-bugs.txt"))
    ap.add_argument("--reasons", default=os.path.join(TOP, "qemu-test/allmodules/bench-reasons.txt"))
    ap.add_argument("--batch", type=int, default=50)
    ap.add_argument("--modules")
    args = ap.parse_args()
    out = args.out or os.path.join(args.am, "bench")
    known = AL.read_known(args.known)
    deps = AL.read_dep(os.path.join(args.am, "after/root"))
    bdeps = AL.read_dep(os.path.join(args.am, "before/root"))
    if args.modules:
        want = [AL.modname(l.split()[0]) for l in open(args.modules) if l.strip()]
    else:
        # make allmodules' last run on after's kernel says which load: a
        # module that fails there fails on both and is left out anyway
        res = os.path.join(args.am, "after/load/results.txt")
        if os.path.exists(res):
            with open(res) as f:
                want = [l.split()[0] for l in f if l.split()[1:2] == ["ok"]]
        else:
            want = sorted(deps)
    # both trees must have the module and all it needs, at the same path
    want = [n for n in want if n not in known and n in deps and
            all(m in bdeps and bdeps[m][0] == deps[m][0] for m in AL.closure([n], deps))]
    print(">>> bench: %d modules, each on both kernels under %s" % (len(want), QEMU), flush=True)
    t0 = time.time()
    a = run_kernel("after", args.series, args.am, out, want, deps, args.batch)
    b = run_kernel("before", os.path.join(args.am, "before/i386/linux-2.5.50/arch/i386/boot/bzImage"),
                   args.am, out, want, deps, args.batch, "before")
    rows, left = compare(b, a)
    with open(os.path.join(out, "ratios.tsv"), "w") as f:
        f.write("module\tbefore\tafter\tratio\tload\tunload\n")
        for r in rows:
            f.write("%s\t%d\t%d\t%.3f\t%.3f\t%.3f\n" % r)
    with open(os.path.join(out, "left-out.txt"), "w") as f:
        for n, w in sorted(left.items()):
            f.write("%s %s\n" % (n, w))
    print("%-20s %12s %12s %6s %6s %6s" % ("module", "2.5.50", "series", "ratio", "load", "unload"))
    for r in sorted(rows, key=lambda r: -r[3]):
        print("%-20s %12d %12d %6.3f %6.3f %6.3f" % r)
    if not rows:
        print("*** bench: no module measured on both kernels")
        return 1
    ratios = [r[3] for r in rows]
    med, p95 = pct(ratios, 0.5), pct(ratios, 0.95)
    why = read_reasons(args.reasons)
    print(">>> bench: %d modules measured, %d left out (%s); ratio series/2.5.50 "
          "(load + unload, instructions): median %.3f, 95th percentile %.3f, max %.3f; "
          "load median %.3f, unload median %.3f (%.0f s)" % (
              len(rows), len(left), os.path.join(out, "left-out.txt"), med, p95, max(ratios),
              pct([r[4] for r in rows], 0.5), pct([r[5] for r in rows], 0.5), time.time() - t0))
    if args.note:
        print(">>> bench: " + args.note)
    if args.phases:
        # The same loads on the probe kernel: where the series' loader
        # spends its instructions, over the modules measured.
        names = [r[0] for r in rows]
        run_kernel("phases", args.phases, args.am, out, names, deps, args.batch)
        ph = read_phases(os.path.join(out, "phases", "logs"), names)
        tot = {k: sum(d.get(k, 0) for d in ph.values()) for k in PHASES}
        # init and exit are the modules' own code (and their sleeps:
        # under -icount an idle guest's clock runs on), not the loader's
        all_ = sum(v for k, v in tot.items() if k not in ("init", "exit")) or 1
        extra = sum(r[2] - r[1] for r in rows if r[0] in ph)
        with open(os.path.join(out, "phases.tsv"), "w") as f:
            f.write("phase\tinstructions\tshare of the loader's\n")
            for k in PHASES:
                f.write("%s\t%d\t%s\n" % (k, tot[k], "-" if k in ("init", "exit")
                                            else "%.3f" % (tot[k] / all_)))
        print(">>> bench: the loader's phases over %d modules (load + unload, kernel only, "
              "tests/bench/module-phases.patch; the modules' init and exit left out): %d "
              "instructions, %s" % (len(ph), all_, ", ".join(
                  "%s %.1f%%" % (k, 100.0 * tot[k] / all_)
                  for k in sorted(PHASES, key=lambda k: -tot[k])
                  if tot[k] and k not in ("init", "exit"))))
        print(">>> bench: the series' own phases (%s): %d instructions, %.0f%% of what the "
              "series costs more than 2.5.50 over those modules (%d); the most: %s" % (
                  ", ".join(NEW), sum(tot[k] for k in NEW),
                  100.0 * sum(tot[k] for k in NEW) / extra if extra > 0 else 0, extra,
                  max(NEW, key=lambda k: tot[k])))
        if args.phases_before:
            # 2.5.50's loader with the same marks: phase by phase, over
            # the modules both probes measured
            run_kernel("phases-2.5.50", args.phases_before, args.am, out, names, deps,
                       args.batch, "before")
            pb = read_phases(os.path.join(out, "phases-2.5.50", "logs"), names)
            both = [n for n in ph if n in pb]
            ta = {k: sum(ph[n].get(k, 0) for n in both) for k in PHASES}
            tb = {k: sum(pb[n].get(k, 0) for n in both) for k in PHASES}
            loader = [k for k in PHASES if k not in ("init", "exit")]
            more = sum(ta[k] - tb[k] for k in loader)
            with open(os.path.join(out, "phases-compared.tsv"), "w") as f:
                f.write("phase\t2.5.50\tseries\tmore\n")
                for k in PHASES:
                    f.write("%s\t%d\t%d\t%d\n" % (k, tb[k], ta[k], ta[k] - tb[k]))
            print(">>> bench: the loaders phase by phase over %d modules (kernel only, init and "
                  "exit left out): 2.5.50 %d, series %d instructions, %+d; of it: %s" % (
                      len(both), sum(tb[k] for k in loader), sum(ta[k] for k in loader), more,
                      ", ".join("%s %+d" % (k, ta[k] - tb[k])
                                for k in sorted(loader, key=lambda k: -(ta[k] - tb[k]))
                                if ta[k] != tb[k])))
    return verdict([r[3] for r in rows], [r[0] for r in rows], why, args.reasons, print)


def verdict(ratios, names, why, reasons, say):
    """1 if the median of RATIOS is over 1.10 or a module is over 1.50
    and not named in WHY (the reasons' file REASONS); each said."""
    rc = 0
    med = pct(ratios, 0.5)
    if med > 1.10:
        say("*** bench: median %.3f over 1.10" % med)
        rc = 1
    for n, r in zip(names, ratios):
        if r <= 1.50:
            continue
        if n in why:
            say("=== bench: %s %.3f over 1.50: %s" % (n, r, why[n]))
        else:
            say("*** bench: %s %.3f over 1.50, no reason named in %s" % (n, r, reasons))
            rc = 1
    return rc

if __name__ == "__main__":
    sys.exit(main())
