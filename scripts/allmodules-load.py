#!/usr/bin/env python3
"""Load modules in the busybox guest, in batches (doc/allmodules.md).

allmodules-load.py --root ROOT --map SYSTEM.MAP --kernel BZIMAGE
                   --out DIR --modules NAMES [--batch N] [--known FILE]
allmodules-load.py --judge DIR [--known FILE]
allmodules-load.py --repro --root ROOT --map SYSTEM.MAP --kernel BZIMAGE
                   --out DIR --modules NAMES --known FILE

ROOT is scripts/build-busybox.sh's root with every built module under
lib/modules/2.5.50/kernel/ and depmod's modules.dep.  NAMES is a file of
module names (one a line) to load, in order.  They are cut into batches
of N; each batch boots once (scripts/boot.sh, two at a time), its root
holding the batch's modules and what modules.dep says they need (depmod
run again there), qemu-test/allmodules/am.sh as its step.  A batch whose
boot hangs or Oopses at a module goes on, in another boot, after it
(am.sh ends a boot at once when an Oops kills its modprobe).

Writes DIR/results.txt ("NAME OUTCOME [flags]"; outcomes ok, errno
words, oops, killed, hang) and DIR/boots.txt (per boot: MemFree at start
and end, what was left loaded), DIR/state.json (all of it, for --judge),
and prints a summary.  Exit 0 when the pass rule holds: no Oops, panic
or hang but for modules named in --known; at the end of each completed
boot nothing loaded but modules the kernel says cannot unload (their
/proc/modules line says [permanent], no exit function, or [unsafe],
MOD_INC_USE_COUNT and the like: sys_delete_module refuses both with
EBUSY) and the modules only those use; nothing more in /sys/module than
at the start; MemFree at most 4 MB below its start; and each such boot
ends (its last rmmod round neither Oopses, but in a known module, nor
hangs).

--judge DIR applies the pass rule again to DIR/state.json, with another
--known (tests/67 shows the rule fails without the known bugs' file).

A module whose entry in --known says "expect: hang" is not loaded in a
batch (outcome known-hang): --repro boots it alone.

--repro boots each entry of --known that has a repro: line, and whose
module is in NAMES, alone (qemu-test/allmodules/repro.sh), and exits 0
when each does what its expect: says (an Oops, by default, or a hang).
make allmodules runs it on both kernels: the proof that the bug is
2.5.50's.  A module whose entry says poisons: ends its batch.
"""
import argparse, json, os, re, shutil, subprocess, sys, time

KV = "2.5.50"
TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OOPS = re.compile(r"Oops|Unable to handle kernel|kernel BUG|Kernel panic|"
                  r"general protection fault|invalid operand|double fault")


def modname(path):
    return os.path.basename(path).split(".")[0].replace("-", "_")


def read_dep(root):
    """name -> (path relative to lib/modules/KV, [dependency names])."""
    deps = {}
    with open(os.path.join(root, "lib/modules", KV, "modules.dep")) as f:
        for line in f:
            if ":" not in line:
                continue
            m, rest = line.split(":", 1)
            deps[modname(m)] = (m, [modname(d) for d in rest.split()])
    return deps


def closure(names, deps):
    out, todo = [], list(names)
    while todo:
        n = todo.pop()
        if n in out or n not in deps:
            continue
        out.append(n)
        todo.extend(deps[n][1])
    return out


def make_root(base, dst, names, deps, mapf, lists):
    """A copy of base with only names' closure as modules."""
    if os.path.exists(dst):
        shutil.rmtree(dst)
    shutil.copytree(base, dst, symlinks=True,
                    ignore=shutil.ignore_patterns("kernel", "modules.*"))
    md = os.path.join(dst, "lib/modules", KV)
    order = []
    for n in closure(names, deps):
        rel = deps[n][0]
        os.makedirs(os.path.join(md, os.path.dirname(rel)), exist_ok=True)
        shutil.copy(os.path.join(base, "lib/modules", KV, rel), os.path.join(md, rel))
        order.append(rel)
    with open(os.path.join(md, "modules.order"), "w") as f:
        f.write("".join(r + "\n" for r in order))
    for e in ("modules.builtin", "modules.builtin.modinfo"):
        open(os.path.join(md, e), "w").close()
    depmod = shutil.which("depmod") or "/sbin/depmod"
    subprocess.run([depmod, "-b", dst, "-F", mapf, KV], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for name, mods in lists.items():
        with open(os.path.join(dst, name), "w") as f:
            f.write("".join(m + "\n" for m in mods))
    for g in ("am.sh", "repro.sh"):
        shutil.copy(os.path.join(TOP, "qemu-test/allmodules", g), os.path.join(dst, g))


def parse(log, mods):
    """Results of one boot's console: {name: (outcome, flags)}, the
    module at which it stopped (or None), its boot summary."""
    res, cur, info, stop, oops, owner = {}, None, {}, None, [], []
    with open(log, errors="replace") as f:
        lines = f.read().splitlines()
    for l in lines:
        l = l.rstrip("\r")
        m = re.search(r"am: (\w+) (.*)$", l)
        if not m:
            if cur and OOPS.search(l):
                oops.append(l.strip())
            elif OOPS.search(l):
                # between modules: the end of the boot's rmmod
                res.setdefault("@final", {}).setdefault("oops", []).append(l.strip())
            elif oops and not owner:
                # The module whose code the Oops is in: the first
                # "[<addr>] fn+off/len [NAME]" of its trace.
                t = re.search(r"\] \S+ \[(\w+)\]$", l.strip())
                if t:
                    owner.append(t.group(1))
            continue
        kind, rest = m.groups()
        if kind == "load":
            cur = rest.strip()
            info = {"flags": []}
            oops, owner = [], []
        elif kind == "mem":
            k, v = (rest.split() + [""])[:2]
            res.setdefault("@mem", {})[k] = v
        elif kind == "start":
            w = rest.split()
            res.setdefault("@final", {})["start"] = w[1:]
        elif kind == "final":
            w = rest.split()
            if w and w[0] == "mod":
                res.setdefault("@final", {}).setdefault("mod", []).append(w[1:])
            elif w:
                res.setdefault("@final", {})[w[0]] = w[1:]
        elif cur:
            w = rest.split(None, 2)
            if kind == "rc":
                info["rc"] = w[1]
                info["msg"] = w[2] if len(w) > 2 else ""
            elif kind in ("listed", "sysfs"):
                info[kind] = w[1]
            elif kind == "unload":
                info["unload"] = w[1]
                info["umsg"] = w[2] if len(w) > 2 else ""
            elif kind in ("new", "left"):
                info[kind] = rest.split()[1:]
            elif kind == "killed":
                # am.sh ends the boot: a command of it died of a signal
                info["killed"] = w[1]
            elif kind == "done":
                if oops or "killed" in info:
                    res[cur] = (("oops", ["in:" + (owner or ["?"])[0], oops[0].replace(" ", "_")])
                                if oops else ("killed", ["status:" + info["killed"]]))
                    stop = cur
                    break
                res[cur] = classify(info)
                cur = None
    else:
        if cur:
            res[cur] = (("oops", ["in:" + (owner or ["?"])[0], oops[0].replace(" ", "_")])
                        if oops else ("hang", []))
            stop = cur
    return res, stop


ERRNO = {"No such device": "ENODEV", "I/O error": "EIO", "Invalid argument": "EINVAL",
         "No such device or address": "ENXIO", "Resource busy": "EBUSY",
         "Device or resource busy": "EBUSY", "Out of memory": "ENOMEM",
         "Operation not permitted": "EPERM", "Function not implemented": "ENOSYS",
         "Resource temporarily unavailable": "EAGAIN", "Bad address": "EFAULT",
         "Module already in kernel": "EEXIST", "File exists": "EEXIST",
         "Operation not supported": "EOPNOTSUPP", "No such file or directory": "ENOENT",
         "Unknown symbol in module, or unknown parameter (see dmesg)": "ENOENT",
         "Not supported": "EOPNOTSUPP", "Timer expired": "ETIME",
         "Connection timed out": "ETIMEDOUT", "Protocol not supported": "EPROTONOSUPPORT",
         "Address family not supported by protocol": "EAFNOSUPPORT",
         "Address in use": "EADDRINUSE", "No space left on device": "ENOSPC",
         "Try again": "EAGAIN", "Invalid exchange": "EBADE"}


def classify(i):
    flags = []
    if i.get("rc") == "0":
        out = "ok"
        if i.get("listed") != "yes":
            flags.append("not-listed")
        if i.get("sysfs") != "yes":
            flags.append("no-sysfs")
        if i.get("unload") != "0":
            flags.append("unload-failed:" + i.get("umsg", "").replace(" ", "_"))
    else:
        msg = i.get("msg", "")
        m = re.search(r": ([^:]+)$", msg)
        word = m.group(1).strip() if m else msg
        out = ERRNO.get(word, "error:" + word.replace(" ", "_"))
        if i.get("listed") == "yes":
            flags.append("listed-after-failure")
        if i.get("sysfs") == "yes":
            flags.append("sysfs-after-failure")
    if i.get("left"):
        flags.append("left:" + ",".join(i["left"]))
    if i.get("new") and len(i["new"]) > 1:
        flags.append("chain:" + ",".join(i["new"]))
    return out, flags


def excused(lines):
    """The modules left at the end of a boot that the kernel says cannot
    unload: /proc/modules lines (split in words: NAME SIZE REFCOUNT
    USERS... [unsafe] [permanent]) marked [permanent] or [unsafe], and
    the modules whose every user is one of those (rmmod gives them
    EWOULDBLOCK until their users go)."""
    mods = {}
    for w in lines:
        if len(w) < 3:
            continue
        flags = [x for x in w[3:] if x.startswith("[")]
        users = [x for x in w[3:] if not x.startswith("[")]
        mods[w[0]] = (flags, users)
    out = set(n for n, (f, u) in mods.items() if "[permanent]" in f or "[unsafe]" in f)
    more = True
    while more:
        more = False
        for n, (f, u) in mods.items():
            if n not in out and u and all(x in out for x in u):
                out.add(n)
                more = True
    return out


def judge(st, known, baseline=False):
    """The pass rule over a run's state: the list of problems.  BASELINE
    (the compat-only kernel, 2.5.50's loader): a module left loaded with
    no /sys/module directory is no problem, kmod cannot see it there to
    remove it (issue 32 item 1; the comparison names each)."""
    bad = []
    for c, n, stop, mem, final in st["boots"]:
        held = excused(final.get("mod", []))
        if baseline:
            held |= set(m for m in final.get("proc", []) if m not in final.get("sys", []))
        left = [m for m in final.get("proc", []) if m not in held]
        lsys = [m for m in final.get("sys", [])
                if m not in held and m not in final.get("start", [])]
        s, e = mem.get("START"), mem.get("END")
        k = final.get("killed", [])
        if not stop and (k or final.get("oops")):
            if not (k and k[0] in known):
                bad.append("%s: at the end of the boot: %s" % (
                    c, ("rmmod %s died of a signal (%s) " % (k[0], k[1]) if len(k) > 1 else "") +
                    " ".join(final.get("oops", [])[:1])))
            continue
        if not stop and not e:
            bad.append("%s: the boot did not end (no MemFree at the end: a hang in its last rmmod?)" % c)
            continue
        if not stop and (left or lsys):
            bad.append("%s: left loaded: %s" % (c, " ".join(sorted(set(left + lsys)))))
        if not stop and s and e and int(s) - int(e) > 4096:
            bad.append("%s: MemFree %s -> %s kB (over 4096 kB less)" % (c, s, e))
    results = st["results"]
    kd = known if isinstance(known, dict) else {}
    for c, v in sorted(st.get("poisoners", {}).items()):
        if not ("poisons" in kd.get(c, {}) and "repro" in kd.get(c, {})):
            bad.append("%s: poisons the kernel: %s crashed after it in a boot, and not alone "
                       "(name it in the known bugs' file, with poisons: and a repro: line)" % (c, v))
    for n in st["want"]:
        o, fl = results.get(n, ("missing", []))
        inmod = fl[0][3:] if fl and fl[0].startswith("in:") else ""
        if o in ("oops", "killed", "hang", "missing") and n not in known and inmod not in known:
            bad.append("%s: %s %s" % (n, o, " ".join(fl)))
        elif o == "known-hang" and not (kd.get(n, {}).get("expect") == "hang" and "repro" in kd.get(n, {})):
            # not loaded on the word of an entry that must be proved
            bad.append("%s: known-hang, but no entry with expect: hang and a repro: line" % n)
    return bad


def read_known(path):
    """known-2.5.50-bugs.txt: {name: entry}.  An entry is a "module:
    NAME" line and the indented lines under it; of those the harness
    reads "repro: STEPS" (--repro), "expect: oops|hang" and "poisons:"
    (the module leaves the kernel damaged for later loads without a
    crash of its own: its batch ends after it, so the module after it
    is judged on a kernel it did not damage)."""
    known, cur = {}, None
    if path and os.path.exists(path):
        with open(path) as f:
            for l in f:
                m = re.match(r"^module: (\S+)", l)
                if m:
                    cur = known.setdefault(m.group(1).replace("-", "_"), {})
                    continue
                m = re.match(r"^\s+(repro|expect|poisons):\s*(.*?)\s*$", l)
                if m and cur is not None:
                    cur[m.group(1)] = m.group(2)
    return known


def batches(want, size, known):
    """WANT cut into batches of SIZE; a module that poisons the kernel
    (known) ends its batch."""
    out, cur = [], []
    for n in want:
        cur.append(n)
        if len(cur) == size or "poisons" in known.get(n, {}):
            out.append(cur)
            cur = []
    return out + ([cur] if cur else [])


def repro_tokens(entry):
    """(op, module) of each step of an entry's repro: line; ValueError
    for a step that is not +NAME, -NAME or .NAME."""
    out = []
    for t in entry.get("repro", "").split():
        if t[0] not in "+-." or len(t) < 2:
            raise ValueError("repro step %r: not +NAME, -NAME or .NAME" % t)
        out.append((t[0], t[1:].replace("-", "_")))
    return out


def repro_steps(entry, deps):
    """An entry's repro: line as guest commands, and the modules its root
    needs.  +NAME: insmod NAME's object; -NAME: busybox rmmod NAME (kmod
    asks /sys/module, which 2.5.50's loader does not make); .NAME: in
    the root only (asked for by the kernel's request_module).  Each
    module's dependencies are named by the line: 2.5.50's depmod sees
    no export, so the line is the same on both kernels."""
    cmds, mods = [], []
    for op, n in repro_tokens(entry):
        if n not in deps:
            raise ValueError("repro step %r: no such module in modules.dep" % (op + n))
        mods.append(n)
        if op == "+":
            cmds.append("insmod /lib/modules/%s/%s" % (KV, deps[n][0]))
        elif op == "-":
            cmds.append("busybox rmmod " + n)
    return cmds, mods


def missing_steps(entry, deps):
    """The modules an entry's repro: line names that this set did not
    build (make check's share builds a few): it cannot be reproduced
    here, and its module is loaded like any other."""
    try:
        return [n for op, n in repro_tokens(entry) if n not in deps]
    except ValueError:
        return []    # repro() refuses the line, saying why


def repro_outcome(log):
    """oops (and its first line), hang (a command never returned), or
    clean (every command ran)."""
    if not os.path.exists(log):
        return "no-console", ""
    with open(log, errors="replace") as f:
        lines = [l.rstrip("\r") for l in f.read().splitlines()]
    # what the boot said before the first command is not the repro's
    first = next((i for i, l in enumerate(lines) if "am: run " in l), len(lines))
    lines = lines[first:]
    for l in lines:
        if OOPS.search(l):
            return "oops", l.strip()
    runs = [l for l in lines if re.search(r"am: (run|rc) ", l)]
    if any("am: repro done" in l for l in lines):
        return "clean", ""
    if runs and "am: run " in runs[-1]:
        # a hang is a live kernel with the load blocked in it: repro.sh's
        # SysRq t after 12 s shows the tasks, a sys_init_module among them
        last = max(i for i, l in enumerate(lines) if "am: run " in l)
        tail = lines[last:]
        if any("SysRq" in l for l in tail) and any("sys_init_module" in l for l in tail):
            return "hang", runs[-1][runs[-1].index("am: run ") + 8:]
        return "silent", runs[-1][runs[-1].index("am: run ") + 8:]
    return "no-console", ""


def repro(args, known, want):
    """--repro: each known bug with a repro: line whose module is in
    --modules, a boot of its own on this kernel; its outcome must be the
    entry's expect:.  Run on both kernels, this is the proof that the
    bug is 2.5.50's."""
    deps = read_dep(args.root)
    todo, lists, refused, wrong = [], {}, [], []
    for n, e in sorted(known.items()):
        if "repro" not in e or n not in want:
            continue
        miss = missing_steps(e, deps)
        if miss:
            print("--- %s: not reproduced in this set: %s not built" % (n, " ".join(miss)))
            continue
        try:
            cmds, mods = repro_steps(e, deps)
        except ValueError as x:
            print("*** %s: its repro: line: %s" % (n, x))
            refused.append(n)
            continue
        todo.append((n, e.get("expect", "oops"), cmds, mods))
        lists["rp." + n] = cmds
    if not todo:
        print(">>> allmodules: repro: no known bug of this set has a repro: line")
        return 1 if refused else 0
    os.makedirs(args.out, exist_ok=True)
    root = os.path.join(args.out, "root")
    make_root(args.root, root, sorted(set(m for t in todo for m in t[3])), deps, args.map, lists)
    t0 = time.time()
    hang = set(t[0] for t in todo if t[1] == "hang")
    cases = boot_lists(args.out, {"rp." + t[0]: t[2] for t in todo}, args.kernel, "repro.sh",
                       lambda c, b: 20 if c[3:] in hang else 60,
                       "make allmodules: a known bug reproduced")
    for n, exp, cmds, mods in todo:
        got, line = repro_outcome(os.path.join(args.out, "logs", "rp.%s.log" % n))
        print("%s %s: %s %s%s" % ("===" if got == exp else "***", n, got, line,
                                  "" if got == exp else " (want %s)" % exp))
        if got != exp:
            wrong.append(n)
    print(">>> allmodules: repro: %d known bugs, %d as expected, %d not, %d repro: lines refused, "
          "%d boots, %.0f s" % (len(todo), len(todo) - len(wrong), len(wrong),
                                len(refused), len(cases), time.time() - t0))
    return 1 if wrong or refused else 0


def next_round(todo, prefix, nb):
    """The next round of boots: up to two batches off TODO (two boots
    run at a time), named PREFIX.N from N = NB + 1 on; (names, the
    rest of TODO, the last N)."""
    names = {}
    for b in todo[:2]:
        nb += 1
        names["%s.%d" % (prefix, nb)] = b
    return names, todo[2:], nb


def boot_lists(d, names, kernel, script, timeout, what, qemu=None):
    """Boot a case for each list of NAMES ({case: [line...]}, written
    into the root D/root by the caller's make_root), two at a time:
    each runs `sh /SCRIPT < /CASE` (init runs steps with < /dev/null,
    so the step redirects from the list file) with TIMEOUT(case, list)
    seconds.  Consoles in D/logs/CASE.log.  QEMU: its options (default
    AM_QEMU_OPTS, else -m 256)."""
    cases = []
    for c, b in names.items():
        cf = os.path.join(d, "%s.case" % c)
        with open(cf, "w") as f:
            f.write("# %s %s: %d lines\n" % (what, c, len(b)))
            f.write("timeout: %d\n" % timeout(c, b))
            f.write("append: ramdisk_size=65536\n")
            f.write("step: sh /%s < /%s\n" % (script, c))
            f.write("expect: ^init: done$\n")
        cases.append(cf)
    env = dict(os.environ, GUEST_ROOT=os.path.join(d, "root"), BOOT_KERNEL=kernel,
               BOOT_LOGDIR=os.path.join(d, "logs"), BOOT_JOBS="2",
               QEMU_OPTS=qemu or os.environ.get("AM_QEMU_OPTS", "-m 256"), ARCH="i386",
               BUILD=os.path.join(d, "boot"))
    subprocess.run([os.path.join(TOP, "scripts/boot.sh")] + cases, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return cases


def boot_round(args, deps, names, tag=""):
    """Boot each batch of NAMES ({case: [module...]}), two at a time, in
    one root: {case: (results, the module it stopped at, MemFree,
    the end of the boot)}.  TAG: a directory of its own under --out."""
    d = os.path.join(args.out, tag) if tag else args.out
    os.makedirs(d, exist_ok=True)
    make_root(args.root, os.path.join(d, "root"), [n for b in names.values() for n in b],
              deps, args.map, names)
    boot_lists(d, names, args.kernel, "am.sh", lambda c, b: 60 + 8 * len(b),
               "make allmodules batch")
    out = {}
    for c, b in names.items():
        log = os.path.join(d, "logs", c + ".log")
        r, stop = (parse(log, b) if os.path.exists(log) else ({}, b[0]))
        mem = r.pop("@mem", {})
        final = r.pop("@final", {})
        out[c] = (r, stop, mem, final)
    return out


CRASH = ("oops", "killed", "hang")


def find_poisoners(args, deps, results, prior, known):
    """A module that crashed after others in its boot may be their
    victim: a module before it left a freed object on a kernel list
    (sk_mca's net_devices, synclink's pci_driver).  Each such module,
    unless known, boots again alone; if it does not crash there, the
    modules before it are bisected (each try a boot of a prefix of them
    and the module) to the first after which it crashes: the poisoner.
    Its result then is its own, flagged victim-of:POISONER.  First the
    whole prefix and the module boot again: a crash that does not come
    back is no victim's (flag not-reproduced, the crash stands); a boot
    that does not reach the module (a module before it crashed) stops
    the search (flag bisect-inconclusive).  Returns {poisoner: victim}."""
    found = {}
    for n, p in sorted(prior.items()):
        o, fl = results.get(n, ("missing", []))
        inmod = fl[0][3:] if fl and fl[0].startswith("in:") else ""
        if o not in CRASH or n in known or inmod in known or not p:
            continue

        def outcome(pre, tag):
            """N's outcome after PRE in a boot, None if not reached."""
            r = boot_round(args, deps, {tag: pre + [n]}, "victims")[tag]
            return r[0].get(n)

        def stays(flag):
            results[n] = (o, fl + [flag])

        full = outcome(p, "full.%s" % n)
        if full is None:
            stays("bisect-inconclusive")
            continue
        if full[0] not in CRASH:
            stays("not-reproduced")
            continue
        alone = outcome([], "alone.%s" % n)
        if alone is None or alone[0] in CRASH:
            continue
        lo, hi = 1, len(p)
        while lo < hi:
            mid = (lo + hi) // 2
            r = outcome(p[:mid], "bisect.%s.%d" % (n, mid))
            if r is None:
                break
            if r[0] in CRASH:
                hi = mid
            else:
                lo = mid + 1
        if lo < hi:
            stays("bisect-inconclusive")
            continue
        culprit = p[hi - 1]
        results[n] = (alone[0], alone[1] + ["victim-of:" + culprit])
        found[culprit] = n
        print(">>> allmodules: %s crashed after %s, not alone: %s poisons the kernel"
              % (n, culprit, culprit), flush=True)
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root")
    ap.add_argument("--map")
    ap.add_argument("--kernel")
    ap.add_argument("--out")
    ap.add_argument("--modules")
    ap.add_argument("--batch", type=int, default=25)
    ap.add_argument("--known", default="")
    ap.add_argument("--judge", metavar="DIR", help="the pass rule again over DIR/state.json")
    ap.add_argument("--repro", action="store_true",
                    help="boot each known bug's repro: line instead of loading")
    ap.add_argument("--baseline", action="store_true",
                    help="2.5.50's loader: what has no /sys/module may stay loaded")
    args = ap.parse_args()
    known = read_known(args.known)
    if args.judge:
        with open(os.path.join(args.judge, "state.json")) as f:
            st = json.load(f)
        bad = judge(st, known, args.baseline)
        counts = {}
        for n in st["want"]:
            o = st["results"].get(n, ("missing",))[0]
            counts[o] = counts.get(o, 0) + 1
        print(">>> allmodules: judged again: %d modules, %s" % (
            len(st["want"]), ", ".join("%s %d" % kv for kv in sorted(counts.items(), key=lambda kv: -kv[1]))))
        for b in bad:
            print("*** " + b)
        return 1 if bad else 0
    for a in ("root", "map", "kernel", "out", "modules"):
        if not getattr(args, a):
            ap.error("--%s is needed (or --judge DIR)" % a)
    deps = read_dep(args.root)
    want = [modname(l.split()[0]) for l in open(args.modules) if l.strip()]
    missing = [n for n in want if n not in deps]
    want = [n for n in want if n in deps]
    if args.repro:
        return repro(args, known, want)
    os.makedirs(args.out, exist_ok=True)
    # A known bug that hangs its boot would cost a batch its whole
    # timeout: --repro boots it alone, with a short one, on each kernel.
    hangs = [n for n in want if known.get(n, {}).get("expect") == "hang"
             and not missing_steps(known[n], deps)]
    todo = batches([n for n in want if n not in hangs], args.batch, known)
    results, boots, nb, t0 = {}, [], 0, time.time()
    for n in hangs:
        results[n] = ("known-hang", ["repro"])
    prior = {}
    while todo:
        names, todo, nb = next_round(todo, "am", nb)
        for c, (r, stop, mem, final) in boot_round(args, deps, names).items():
            b = names[c]
            results.update({k: v for k, v in r.items() if k in b})
            if stop:
                if stop not in results:
                    results[stop] = ("hang", ["no console"])
                if stop in b:
                    prior[stop] = b[:b.index(stop)]
                rest = b[b.index(stop) + 1:] if stop in b else []
                if rest:
                    todo.append(rest)
            boots.append((c, len(b), stop, mem, final))
        print(">>> allmodules: %d of %d modules done, %d boots (%.0f s)"
              % (len(results), len(want), len(boots), time.time() - t0), flush=True)
    poisoners = find_poisoners(args, deps, results, prior, known)
    with open(os.path.join(args.out, "results.txt"), "w") as f:
        for n in want:
            o, fl = results.get(n, ("missing", []))
            f.write("%s %s %s\n" % (n, o, " ".join(fl)))
        for n in missing:
            f.write("%s not-in-modules.dep\n" % n)
    with open(os.path.join(args.out, "boots.txt"), "w") as f:
        for c, n, stop, mem, final in boots:
            f.write("%s modules=%d stop=%s memfree=%s..%s proc=%s sys=%s\n"
                    % (c, n, stop or "-", mem.get("START"), mem.get("END"),
                       ",".join(final.get("proc", [])), ",".join(final.get("sys", []))))
    st = {"want": want, "results": results, "boots": boots, "missing": missing,
          "poisoners": poisoners}
    with open(os.path.join(args.out, "state.json"), "w") as f:
        json.dump(st, f)
    bad = judge(st, known, args.baseline)
    counts = {}
    for n in want:
        o = results.get(n, ("missing",))[0]
        counts[o] = counts.get(o, 0) + 1
    print(">>> allmodules: %d modules, %d boots, %.0f s: %s" % (
        len(want), len(boots), time.time() - t0,
        ", ".join("%s %d" % kv for kv in sorted(counts.items(), key=lambda kv: -kv[1]))))
    for b in bad:
        print("*** " + b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
