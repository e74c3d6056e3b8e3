#!/usr/bin/env python3
"""Boot a kernel under QEMU once per test case and check its console.

A case file (qemu-test/cases/*.case) holds lines of "key: value":

    # comment
    append: words added to the kernel command line (may repeat)
    step:   a line for the guest init's /steps (may repeat, in order)
    expect: a Python regex that some console line must match; expects
            match in order, each after the line the previous one matched
    absent: a regex that no console line of the kernel's (from its
            "Linux version" banner on) may match
    absent-after: MARKER => REGEX: no line after the first line that
            matches MARKER may match REGEX
    timeout: seconds for this boot (default 60)
    qemu:   more QEMU options for this boot, split like a shell's words
            ("-device rtl8139": the NIC a driver case probes; may repeat)
    needs:  NAME=VALUE: the case means something only on a guest with
            that property (below); elsewhere it is not booted and
            prints "SKIP: case NAME: why" (may repeat)
    xfail:  WHY: the case shows a kernel bug, reported and not fixed
            yet: its failure is an XFAIL naming WHY (never a pass), and
            still a FAIL where the kernel died (a fatal line, no
            shutdown, the emulator's exit status, no "init: done");
            once it passes, the bug is fixed: its PASS says to drop
            the line
    row:    N | INPUT | EXPECTED: a row of the case's table (may
            repeat): what one piece of the case feeds the kernel and
            what should come of it, printed with its verdict under the
            case's line
    checks: N: the expect and absent lines after it are row N's, up
            to the next checks line ("checks: -": the whole case's
            again); they count for the case as any others, and decide
            row N's verdict: where the guest marks rows (a console line
            "[N] ..."), row N's expects are looked for from its first
            marker to the next row's, else in the whole console

A key may carry a condition on the guest, "expect[long=64]:" or
"append[cmdline=512]:": the line counts only where the guest has that
property (--guest NAME=VALUE, which boot.sh takes from the arch's
scripts/arch/ARCH.sh, arch_guest; the names are GUEST_PROPERTIES'),
for input that means one thing on one arch and another elsewhere.

In append and step values, "{rep N TEXT}" stands for TEXT repeated N
times and "\\xNN" for the byte NN, so hostile input stays readable.

Every boot adds "console=ttyS0 root=/dev/ram0 panic=1" in front of the
case's own words; the initrd holds /sbin/init, /steps and the modules
given with --modules (as /m/NAME).  Each case prints "PASS: case NAME"
or "FAIL: case NAME: why" (then the console's last 30 lines and the
log's path); LOGDIR/NAME.log holds the QEMU command line ("qemu: ...",
printed too with --verbose), then the console.  --qemu-opts adds QEMU
options to every case; --gdb VMLINUX makes QEMU wait for gdb and prints
the gdb-multiarch command that attaches (with --gdb-script FILE and
--gdb-mods DIR, one that sources FILE and runs "mod-symbols DIR").  --jobs N boots N cases at a
time (boot.sh: BOOT_JOBS, default the host's CPUs; one with --gdb),
each with its own initrd and log; the verdicts come in the cases' order.

--append WORDS adds WORDS at the end of every case's command line and
fails a case in which no console line is "cmdline: ... WORDS" (what
the guest read from /proc/cmdline); a case's expect of the whole line,
"^cmdline: ...$", is taken to end in " WORDS".  --overlay DIR puts the tree DIR
(a userland: the busybox guest) under the initrd's own files, with 256
inodes and /dev/ttyS0, /dev/tty and /dev/null.

boot --cmd TEMPLATE runs a machine QEMU does not have (ia64: Ski)
instead of QEMU: shell words in which {kernel}, {initrd} and {append}
(the whole command line, one word) or {append:N} (its first N bytes)
are replaced; scripts/arch/ARCH.sh's arch_boot_cmd gives it.

As a module (PYTHONPATH=scripts; import run_cases): parse_case, check,
findings, rows, verdict, run_case (a Result), make_initrd,
console_lines, qemu_command.  As a command:

    run_cases.py boot [options] CASE...   boot each case (scripts/boot.sh);
                                          --results FILE: their Results
                                          as JSON (boot.sh: BOOT_RESULTS)
    run_cases.py verdict FILE             of such a FILE, "PASS" (no case
                                          failed) or "FAIL" and, on a second
                                          line, the first failed case's line
                                          (exit 0); no FILE: exit 2
    run_cases.py shell [options] --image IMG
                                          the guest with no steps, QEMU on
                                          this terminal (scripts/shell.sh)
"""
import argparse
import concurrent.futures
import dataclasses
import json
import os
import re
import shlex
import shutil
import struct
import subprocess
import sys
import tempfile
import time

BASE_APPEND = "console=ttyS0 root=/dev/ram0 panic=1"
# The RAM disk the kernel-configs give (CONFIG_BLK_DEV_RAM_SIZE), in kB:
# a bigger image (the busybox root with modules built -g) is booted
# with ramdisk_size= its size, or the kernel cannot mount it.
RAMDISK_KB = 4096


def ramdisk_words(img):
    kb = (os.path.getsize(img) + 1023) // 1024
    return [b"ramdisk_size=%d" % kb] if kb > RAMDISK_KB else []


# The first line of every case's log, before the QEMU command line that
# booted it (the initrd named there is gone once the case ends).
HEADER = "qemu: "
# Lines of a failing case's console printed with its verdict.
TAIL = 30
# Lines that mean the kernel died, whatever the case expects.
FATAL = [r"Kernel panic", r"Oops", r"kernel BUG", r"Unable to handle kernel",
         r"general protection fault",
         r"sleeping function called from illegal context"]


# The first line of the kernel's own console output.
KERNEL_BANNER = re.compile(r"^Linux version \d")
# The guest init's last line (qemu-test/init.c): it ran to its end.
INIT_DONE = re.compile(r"^init: done")
# A row's marker in the console: the guest's "echo [N] ..." (row:).
ROW_MARK = re.compile(r"^\[(\d+)\] ")
# What a failure is (findings(), run_case()): the kinds that mean the
# kernel or the boot died, whatever the case expects (an xfail: case
# that dies is a FAIL).
DEATH = ("fatal", "boot")

# Guest properties that case lines may be conditional on; each arch's
# values are its scripts/arch/ARCH.sh's arch_guest.
GUEST_PROPERTIES = {"long": "the bits of a C long",
                    "cmdline": "the bytes of the kernel's command line buffer",
                    "cmdparse": "cut where the kernel parses the cmdline-1 "
                                "bytes it keeps (and shows); whole where "
                                "it parses the boot loader's whole line",
                    "smp": "yes where the guest runs on two CPUs "
                           "(scripts/arch/i386-smp.sh), else no",
                    "kallsyms": "yes where an Oops names functions "
                                "(CONFIG_KALLSYMS and print_symbol()), else no",
                    "slabstats": "yes where /proc/slabinfo has DEBUG_SLAB's "
                                 "statistics (objects allocated and freed: "
                                 "exact counts), else no",
                    "oops": "yes where a task that Oopses dies and the "
                            "guest goes on (oops-raw.case), else no"}


class CaseError(Exception):
    pass


def expand(text):
    """Expand {rep N TEXT} and \\xNN; returns bytes."""
    def rep(m):
        n = int(m.group(1))
        if n < 0 or n > 1 << 20:
            raise CaseError("repeat count out of range: %d" % n)
        return m.group(2) * n
    text = re.sub(r"\{rep (\d+) ([^}]*)\}", rep, text)
    out = bytearray()
    i = 0
    while i < len(text):
        if text.startswith("\\x", i) and re.match(r"[0-9a-fA-F]{2}", text[i + 2:i + 4]):
            out.append(int(text[i + 2:i + 4], 16))
            i += 4
        else:
            out += text[i].encode()
            i += 1
    return bytes(out)


def parse_case(path, guest=None):
    """The case in file path, for a guest with the given properties (a
    dict); with none, its lines that name a property count for no guest
    (a syntax check)."""
    case = {"append": [], "step": [], "expect": [], "absent": [],
            "absent-after": [], "timeout": 60,
            "allow-fatal": False, "qemu": [], "needs": [],
            "xfail": None, "row": [], "checks": {}}
    group = None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            key, sep, val = line.partition(":")
            key = key.strip()
            val = val[1:] if val.startswith(" ") else val
            m = re.match(r"^([a-z-]+)\[([a-z]+)=(\w+)\]$", key)
            other_abi = False
            if m:
                key = m.group(1)
                if m.group(2) not in GUEST_PROPERTIES:
                    raise CaseError("%s:%d: no guest property %r (known: %s)"
                                    % (path, n, m.group(2),
                                       ", ".join(sorted(GUEST_PROPERTIES))))
                if guest is not None and m.group(2) not in guest:
                    raise CaseError("%s:%d: the guest's %r is not given (its "
                                    "scripts/arch/ARCH.sh, arch_guest)"
                                    % (path, n, m.group(2)))
                other_abi = guest is None or guest[m.group(2)] != m.group(3)
            if not sep or key not in case:
                raise CaseError("%s:%d: not a 'key: value' line with a known key"
                                % (path, n))
            if key == "timeout":
                case[key] = int(val)
            elif key == "allow-fatal":
                case[key] = val.strip() == "yes"
            elif key == "xfail":
                if not val.strip():
                    raise CaseError("%s:%d: xfail needs WHY (the bug it shows)"
                                    % (path, n))
                case[key] = val.strip()
            elif key == "row":
                cells = [c.strip() for c in val.split(" | ", 2)]
                if len(cells) != 3 or not re.match(r"^\d+$", cells[0]):
                    raise CaseError("%s:%d: row needs 'N | INPUT | EXPECTED'"
                                    % (path, n))
                if not other_abi:
                    case[key].append(tuple(cells))
            elif key == "checks":
                group = val.strip()
                if not re.match(r"^(\d+|-)$", group):
                    raise CaseError("%s:%d: checks needs a row's N or -"
                                    % (path, n))
                group = None if group == "-" else group
            elif key == "needs":
                k, eq, v = val.strip().partition("=")
                if not eq or k not in GUEST_PROPERTIES:
                    raise CaseError("%s:%d: needs NAME=VALUE, NAME one of %s"
                                    % (path, n, ", ".join(sorted(GUEST_PROPERTIES))))
                if guest is not None and k not in guest:
                    raise CaseError("%s:%d: the guest's %r is not given (its "
                                    "scripts/arch/ARCH.sh, arch_guest)" % (path, n, k))
                case[key].append((k, v))
            else:
                if key == "absent-after":
                    if " => " not in val:
                        raise CaseError("%s:%d: absent-after needs 'MARKER => REGEX'"
                                        % (path, n))
                    val = tuple(val.split(" => ", 1))
                for r in (val if isinstance(val, tuple) else
                          (val,) if key in ("expect", "absent") else ()):
                    try:
                        re.compile(r)
                    except re.error as e:
                        raise CaseError("%s:%d: bad regex: %s" % (path, n, e))
                if not other_abi:
                    case[key].append(val)
                    if group is not None and key in ("expect", "absent"):
                        case["checks"].setdefault(group, []).append((key, val))
    unknown = sorted(set(case["checks"]) - {r[0] for r in case["row"]}, key=int)
    if unknown:
        raise CaseError("%s: checks of rows with no row line: %s"
                        % (path, ", ".join(unknown)))
    return case


def make_initrd(case, init, modules, workdir, overlay=None):
    root = os.path.join(workdir, "root")
    if overlay:
        # A userland (the busybox guest, scripts/build-busybox.sh): its
        # files first, then ours; more inodes, and its terminal nodes.
        shutil.copytree(overlay, root, symlinks=True)
    for d in ("sbin", "proc", "sys", "dev", "m"):
        os.makedirs(os.path.join(root, d), exist_ok=True)
    shutil.copy(init, os.path.join(root, "sbin", "init"))
    for m in modules:
        shutil.copy(m, os.path.join(root, "m", os.path.basename(m)))
    with open(os.path.join(root, "steps"), "wb") as f:
        for s in case["step"]:
            f.write(expand(s) + b"\n")
    size_kb = 256 + sum(os.lstat(os.path.join(dp, fn)).st_size for dp, _, fns in
                        os.walk(root) for fn in fns) // 1024 * 2
    # A big userland (make allmodules' roots) gets an inode for each file.
    nfiles = sum(len(fns) + len(ds) for _, ds, fns in os.walk(root))
    img = os.path.join(workdir, "initrd.img")
    # 2.5.50's ext2: revision 1 with 128-byte inodes, no newer features.
    subprocess.run(["mke2fs", "-q", "-t", "ext2", "-r", "1", "-I", "128",
                    "-O", "none,sparse_super,filetype", "-b", "1024",
                    "-N", str(max(256, nfiles + 64)) if overlay else "128",
                    "-d", root, "-F", img, str(size_kb)],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cmds = os.path.join(workdir, "debugfs.cmds")
    with open(cmds, "w") as f:
        f.write("cd /dev\nmknod console c 5 1\n")
        if overlay:
            f.write("mknod ttyS0 c 4 64\nmknod tty c 5 0\nmknod null c 1 3\n")
    subprocess.run(["debugfs", "-w", "-f", cmds, img], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return img


def check(case, lines):
    """Returns a list of failures (empty when the case passed)."""
    return [text for _, text in findings(case, lines)]


def findings(case, lines):
    """The case's failures on the console lines, each (KIND, text):
    KIND "expect", "absent", "absent-after", or "fatal" (a FATAL line:
    the kernel died)."""
    fails = []
    pos = 0
    for e in case["expect"]:
        r = re.compile(e)
        for i in range(pos, len(lines)):
            if r.search(lines[i]):
                pos = i + 1
                break
        else:
            seen = any(r.search(l) for l in lines)
            fails.append(("expect", "expected %r%s" % (e, " (only earlier, out of order)"
                                                       if seen else "")))
    # What the firmware prints before the kernel starts (OpenBIOS echoes
    # the whole -append line) is not the kernel's: absent patterns and
    # the fatal ones look from the kernel's banner on.
    banner = next((i for i, l in enumerate(lines) if KERNEL_BANNER.search(l)), 0)
    for kind, a in [("absent", a) for a in case["absent"]] + \
            ([] if case["allow-fatal"] else [("fatal", f) for f in FATAL]):
        r = re.compile(a)
        for l in lines[banner:]:
            if r.search(l):
                fails.append((kind, "unexpected %r: %s" % (a, l.strip()[:200])))
                break
    for marker, a in case["absent-after"]:
        m, r = re.compile(marker), re.compile(a)
        start = next((i for i, l in enumerate(lines) if m.search(l)), None)
        if start is None:
            fails.append(("absent-after", "marker %r never seen" % marker))
            continue
        for l in lines[start + 1:]:
            if r.search(l):
                fails.append(("absent-after", "after %r, unexpected %r: %s"
                              % (marker, a, l.strip()[:200])))
                break
    return fails


def short(s, n):
    """s in at most n characters: a run of one character as C{N}."""
    s = re.sub(r"(.)\1{15,}", lambda m: "%s{%d}" % (m.group(1), len(m.group(0))), s)
    s = s.replace("\ufffd", "?")
    return s if len(s) <= n else s[:n - 3] + "..."


@dataclasses.dataclass
class Row:
    """A row of a case's table (row:) and what came of it: verdict "ok",
    "FAIL", "XFAIL" (a failing row of an xfail: case) or "-" (no checks
    lines: not checked)."""
    n: str
    input: str
    expected: str
    actual: str = ""
    verdict: str = "-"


def rows(case, lines):
    """The case's rows (row:), each judged by its checks (checks: N) on
    the console lines: a list of Row."""
    out = []
    marked = any(ROW_MARK.match(l) for l in lines)
    for n, inp, exp in case.get("row", []):
        seg = lines
        if marked:
            start = next((i for i, l in enumerate(lines)
                          if l.startswith("[%s] " % n)), None)
            if start is None:
                seg = []
            else:
                end = next((i for i in range(start + 1, len(lines))
                            if ROW_MARK.match(lines[i]) and
                            not lines[i].startswith("[%s] " % n)), len(lines))
                seg = lines[start:end]
        seen, ok, pos, stop = [], True, 0, False
        checks = case.get("checks", {}).get(n, [])
        for k, r in checks:
            rx = re.compile(r)
            if k == "absent":
                hit = next((l for l in lines if rx.search(l)), None)
                if hit is not None:
                    ok = False
                    seen.append("present: " + short(hit.strip(), 40))
                continue
            # What follows a row's "good again" marker (the good load
            # after a refused one) is not what the row's input gave.
            if "good again" in r:
                stop = True
            i = next((i for i in range(pos, len(seg)) if rx.search(seg[i])), None)
            if i is None:
                ok = False
                seen.append("missing /%s/" % short(r, 40))
                continue
            pos = i + 1
            l = seg[i].strip()
            if not stop and not ROW_MARK.match(l) and \
               not l.startswith(("unload ", "init: done")):
                seen.append(re.sub(r"^load \S+: (-?\d+)$", r"ret \1", l))
        if not checks:
            out.append(Row(n, inp, exp, "(not checked)", "-"))
        else:
            out.append(Row(n, inp, exp,
                           " / ".join(seen) if seen else "nothing of it seen",
                           "ok" if ok else ("XFAIL" if case.get("xfail") else "FAIL")))
    return out


@dataclasses.dataclass
class Result:
    """A case's whole verdict (run_case(), verdict()): "PASS", "FAIL",
    "XFAIL" (an xfail: case that failed and did not die) or "SKIP";
    why: its failures (a SKIP's reasons); died: a failure means the
    kernel or the boot died; rows: its table (Row), judged; log: its
    console's log (None: not booted)."""
    name: str
    verdict: str
    why: list = dataclasses.field(default_factory=list)
    seconds: float = 0.0
    notes: list = dataclasses.field(default_factory=list)
    xfail: str = None
    died: bool = False
    rows: list = dataclasses.field(default_factory=list)
    log: str = None

    @property
    def failed(self):
        return self.verdict == "FAIL"

    def line(self):
        """The case's result line (tests/lib-test.sh's kinds)."""
        if self.verdict == "SKIP":
            return "SKIP: case %s: %s" % (self.name, "; ".join(self.why))
        rows = ", %d rows" % len(self.rows) if self.rows else ""
        if self.verdict == "PASS":
            fixed = (": the kernel bug it shows is fixed: drop its xfail: line"
                     if self.xfail else "")
            return "PASS: case %s (%.1f s boot%s%s)%s" % (
                self.name, self.seconds, "".join("; " + n for n in self.notes),
                rows, fixed)
        if self.verdict == "XFAIL":
            return "XFAIL: case %s (%.1f s%s): known kernel bug, reported, not " \
                   "fixed yet: %s (%s)" % (self.name, self.seconds, rows,
                                           short(self.xfail, 160),
                                           short("; ".join(self.why), 200))
        return "FAIL: case %s (%.1f s): %s" % (self.name, self.seconds,
                                              "; ".join(self.notes + self.why))

    def table(self):
        """The case's table, a line each, to print under its name."""
        if not self.rows:
            return []
        cells = [(r.n, short(r.input, 40), short(r.expected, 48),
                  short(r.actual, 64), r.verdict) for r in self.rows]
        if self.failed or self.verdict == "XFAIL":
            if all(r.verdict not in ("FAIL", "XFAIL") for r in self.rows):
                cells.append(("-", "(whole case)", "", short("; ".join(self.why), 64),
                              self.verdict))
        head = ("N", "input", "expected", "actual", "verdict")
        w = [max([len(h)] + [len(c[i]) for c in cells]) for i, h in enumerate(head)]
        fmt = "      %%%ds  %%-%ds  %%-%ds  %%-%ds  %%s" % tuple(w[:4])
        return ["      %s:" % self.name, fmt % head] + [(fmt % c).rstrip() for c in cells]


def verdict(name, case, lines, boot_fails=(), seconds=0.0, notes=(), log=None):
    """The Result of a case booted: its console lines, and the failures
    of the boot itself (each (KIND, text); "boot": it did not end well,
    "append": --append's words did not reach the guest)."""
    fails = list(boot_fails) + findings(case, lines)
    xfail = case.get("xfail")
    died = any(k in DEATH for k, _ in fails) or \
        not any(INIT_DONE.match(l) for l in lines)
    v = "PASS" if not fails else ("XFAIL" if xfail and not died else "FAIL")
    return Result(name, v, [t for _, t in fails], seconds, list(notes), xfail,
                  bool(fails) and died, rows(case, lines), log)


def qemu_command(args, initrd, append, monitor=False):
    """QEMU booting args.kernel with initrd and the command line append:
    64 MB, the console on stdio, no NIC, no reboot; then the arch's
    options (args.qemu_opt) and make's QEMU_OPTS (args.qemu_opts).  With
    monitor, QEMU's monitor shares the terminal (Ctrl-A c)."""
    return [args.qemu, "-kernel", args.kernel, "-initrd", initrd,
            "-append", append, "-m", "64", "-nographic"] + \
           ([] if monitor else ["-monitor", "none"]) + \
           ["-no-reboot", "-nic", "none"] + args.qemu_opt + \
           shlex.split(args.qemu_opts)


def emulator_command(args, initrd, append):
    """args.cmd, for a machine QEMU does not have (ia64: Ski, from
    scripts/arch/ARCH.sh's arch_boot_cmd): shell words in which {kernel},
    {initrd} and {append} (the kernel's command line, one word) or
    {append:N} (its first N bytes) are replaced."""
    def word(w):
        m = re.match(r"^\{append(?::(\d+))?\}$", w)
        if m:
            return append[:int(m.group(1))] if m.group(1) else append
        return {"{kernel}": args.kernel, "{initrd}": initrd}.get(w, w)
    return [word(w) for w in shlex.split(args.cmd)]


def command_line(cmd):
    """A QEMU command as a shell would take it (the -append bytes that
    are not UTF-8 as \\xNN)."""
    return shlex.join(c if isinstance(c, str) else
                      c.decode("utf-8", "backslashreplace") for c in cmd)


def has_debug_info(elf):
    """Has the ELF file elf a .debug_info section?"""
    try:
        with open(elf, "rb") as f:
            data = f.read()
    except OSError:
        return False
    if data[:4] != b"\x7fELF":
        return False
    e = "<" if data[5] == 1 else ">"
    if data[4] == 2:
        shoff, = struct.unpack_from(e + "Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", data, 0x3A)
        off_at = 0x18
        fmt = e + "Q"
    else:
        shoff, = struct.unpack_from(e + "I", data, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", data, 0x2E)
        off_at = 0x10
        fmt = e + "I"
    try:
        stroff, = struct.unpack_from(fmt, data, shoff + shstrndx * shentsize + off_at)
        for i in range(shnum):
            n, = struct.unpack_from(e + "I", data, shoff + i * shentsize)
            if data[stroff + n:stroff + n + 12] == b".debug_info\0":
                return True
    except struct.error:
        pass
    return False


def sysrq_dump(p):
    """A guest that ran into its timeout: before it is killed, ask its
    kernel (CONFIG_MAGIC_SYSRQ) for the registers of the CPU that takes
    the break and for every task's state and stack, so that the log
    shows where it hung.  The console is QEMU's multiplexed stdio
    (qemu_command(): the monitor is on it, never used), where Ctrl-a b
    is a break on the serial line, and the key after a break is a SysRq
    command.  A kernel without SysRq, or a dead guest, prints nothing."""
    try:
        for key in (b"p", b"t"):
            p.stdin.write(b"\x01b")
            p.stdin.flush()
            time.sleep(0.5)
            p.stdin.write(key)
            p.stdin.flush()
            time.sleep(2)
    except OSError:
        pass


# A boot whose console shows a FATAL line the case does not allow, or
# one of its absent: lines (but in a case with rows or xfail:, whose
# verdict needs the rest of the console), has failed whatever follows
# (findings()).  It goes on for FATAL_GRACE seconds more (the rest of
# the Oops, what the guest says after), then its tasks are dumped
# (sysrq_dump()) and it is ended, where it would otherwise run on to
# its timeout: a guest whose Oops left a lock held waits for it until
# then (minutes, in the bug-back runs).
FATAL_GRACE = 10


# The kernel's banner anywhere in a line: SeaBIOS leaves "Booting from
# ROM.." before it on i386 (where findings() then looks from the first
# line; nothing before the kernel prints an Oops there).
BANNER_ANYWHERE = re.compile(r"Linux version \d")


class FatalWatch:
    """Reads a case's log as it grows: the first line, from the kernel's
    banner on (BANNER_ANYWHERE), that one of patterns finds, or None."""

    def __init__(self, log, patterns):
        self.f = open(log, "rb")
        self.rest = ""
        self.banner = False
        self.fatal = None
        self.r = []
        for f in patterns:
            try:
                self.r.append(re.compile(f))
            except re.error:
                pass

    def poll(self):
        if self.fatal is None:
            data = self.f.read().decode("utf-8", "replace").replace("\r", "")
            *whole, self.rest = (self.rest + data).split("\n")
            for l in whole:
                if not self.banner:
                    self.banner = bool(BANNER_ANYWHERE.search(l))
                if self.banner and any(r.search(l) for r in self.r):
                    self.fatal = l.strip()[:120]
                    break
        return self.fatal

    def close(self):
        self.f.close()


def wait_boot(p, log, timeout, patterns):
    """Waits for the emulator p: (its exit status, None), or (None,
    NOTE) where it was not done by timeout seconds (None: no limit) or
    FATAL_GRACE seconds after the first line of its log that one of
    patterns finds; NOTE says which line, or is None."""
    try:
        w = FatalWatch(log, patterns) if patterns else None
    except OSError:
        w = None
    end = None if timeout is None else time.time() + timeout
    try:
        while True:
            step = None if end is None else end - time.time()
            if step is not None and step <= 0:
                break
            if w:
                step = 1.0 if step is None else min(step, 1.0)
            try:
                return p.wait(timeout=step), None
            except subprocess.TimeoutExpired:
                pass
            if w and w.fatal is None and w.poll() is not None:
                grace = time.time() + FATAL_GRACE
                end = grace if end is None else min(end, grace)
        if w and w.fatal is not None:
            return None, ("ended %d s after a line that fails it whatever "
                          "follows (%s)" % (FATAL_GRACE, w.fatal))
        return None, None
    finally:
        if w:
            w.close()


def console_lines(log):
    """The console lines of a case's log: what follows its first line,
    the QEMU command line (HEADER)."""
    with open(log, "rb") as f:
        lines = f.read().decode("utf-8", "replace").replace("\r", "").split("\n")
    return lines[1:] if lines and lines[0].startswith(HEADER) else lines


def run_case(path, args):
    """Boots one case: its Result (a SKIP where the guest lacks what it
    needs, a FAIL where it cannot be booted).  What there is to say of
    the boot besides its verdict is in the Result's notes."""
    name = os.path.basename(path)[:-len(".case")]
    notes = []
    try:
        case = parse_case(path, args.guest)
    except (CaseError, ValueError) as e:
        return Result(name, "FAIL", ["bad case file: %s" % e], died=True)
    unmet = ["needs %s=%s, this guest has %s=%s" % (k, v, k, args.guest[k])
             for k, v in case["needs"] if args.guest[k] != v]
    if unmet:
        return Result(name, "SKIP", ["; ".join(unmet)])
    if args.append:
        # A case's expect of the whole command line now ends in the words.
        tail = re.escape(" " + args.append) + "$"
        case["expect"] = [e[:-1] + tail if e.startswith("^cmdline: ") and
                          e.endswith("$") and not e.endswith("\\$") else e
                          for e in case["expect"]]
    log = os.path.join(args.logdir, name + ".log")
    with tempfile.TemporaryDirectory(prefix="case-") as work:
        try:
            img = make_initrd(case, args.init, args.modules, work, args.overlay)
            append = b" ".join([BASE_APPEND.encode()] + ramdisk_words(img) +
                               [expand(a) for a in case["append"]] +
                               ([args.append.encode()] if args.append else []))
        except (CaseError, subprocess.CalledProcessError, OSError) as e:
            return Result(name, "FAIL", ["initrd: %s" % e], died=True)
        if args.cmd:
            if case["qemu"]:
                return Result(name, "FAIL", ["the case needs QEMU options (qemu: "
                                             "lines), and this machine is not QEMU"],
                              died=True)
            cmd = emulator_command(args, img, append)
        else:
            cmd = qemu_command(args, img, append, monitor=True) + \
                  [o for q in case["qemu"] for o in shlex.split(q)]
        timeout = case["timeout"]
        if args.gdb:
            # QEMU stops before the first instruction and waits for gdb;
            # a person at a debugger takes as long as they take.
            cmd += ["-gdb", "tcp::%d" % args.gdb_port, "-S"]
            timeout = None
            attach = "gdb-multiarch %s -ex 'target remote :%d'" % (
                shlex.quote(args.gdb), args.gdb_port)
            if args.gdb_script:
                attach += " -x %s -ex %s" % (
                    shlex.quote(args.gdb_script),
                    shlex.quote("mod-symbols %s" % args.gdb_mods))
            print("gdb: QEMU waits for gdb; attach with:\n  %s" % attach)
            if args.gdb_script:
                print("gdb: that sources %s: mod-symbols loads each module's"
                      " symbols from %s, at every load"
                      % (args.gdb_script, args.gdb_mods))
                if not has_debug_info(args.gdb):
                    print("gdb: %s has no debug information: mod-symbols"
                          " needs CONFIG_DEBUG_INFO (KCONFIG=i386-smp)"
                          % args.gdb)
            print("gdb: the console goes to %s (tail -f it)" % log)
            sys.stdout.flush()
        t0 = time.time()
        fails = []
        line = command_line(cmd)
        if args.verbose:
            print("qemu: %s" % line)
            sys.stdout.flush()
        # An emulator killed by a signal (QEMU 7.2's multi-threaded TCG
        # segfaulted once in some hundred two-CPU boots here) crashed
        # itself, whatever the guest did: that boot is done once more,
        # and the case's line says so.  A second crash fails the case.
        ended = None
        for attempt in (1, 2):
            with open(log, "wb") as out:
                out.write((HEADER + line + "\n").encode("utf-8", "surrogateescape"))
                out.flush()
                # QEMU's console takes keys at a timeout (sysrq_dump());
                # another emulator (Ski) reads nothing, as before.
                p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL if args.cmd
                                     else subprocess.PIPE)
                try:
                    rc, ended = wait_boot(p, log, timeout, [] if args.gdb else
                                          ([] if case["row"] or case["xfail"]
                                           else case["absent"]) +
                                          ([] if case["allow-fatal"] else FATAL))
                    if rc is None:
                        if not args.cmd:
                            sysrq_dump(p)
                        p.kill()
                        p.wait()
                finally:
                    if p.stdin:
                        try:
                            p.stdin.close()
                        except OSError:
                            pass
            if rc is None or rc >= 0 or attempt == 2 or args.gdb:
                break
            notes.append("%s crashed (signal %d), booted again"
                         % (os.path.basename(cmd[0]), -rc))
        if rc is None and ended:
            notes.append(ended)
        elif rc is None:
            fails.append(("boot", "no shutdown within %d s" % case["timeout"]))
        elif rc != 0:
            fails.append(("boot", "%s exited with %d" % (
                os.path.basename(cmd[0]) if args.cmd else "qemu", rc)))
        dt = time.time() - t0
    lines = console_lines(log)
    if args.append:
        # --append: the words must reach the guest, at the command
        # line's end (the guest prints it as "cmdline: ...").
        r = re.compile(r"^cmdline: .*" + re.escape(" " + args.append) + r"$")
        if not any(r.search(l) for l in lines):
            fails.append(("append", "--append %r never reached /proc/cmdline (no line "
                          "'cmdline: ... %s'; the case must print it: step: cmdline)"
                          % (args.append, args.append)))
    return verdict(name, case, lines, fails, dt, notes, log)


def shell(args):
    """The guest with no steps (its own init then starts a shell), QEMU
    on this terminal; the image is kept in args.image."""
    with tempfile.TemporaryDirectory(prefix="shell-") as work:
        shutil.move(make_initrd({"step": []}, args.init, args.modules, work,
                                overlay=args.overlay), args.image)
    append = b" ".join([BASE_APPEND.encode()] + ramdisk_words(args.image)).decode() + \
        (" " + args.append if args.append else "")
    cmd = qemu_command(args, args.image, append, monitor=True)
    print(">>> command line: %s" % append)
    print(">>> qemu: %s" % command_line(cmd))
    sys.stdout.flush()
    os.execvp(cmd[0], cmd)


def decoded(lines, args):
    """Under a FAIL: the Oops's frames at file:line (--decode)."""
    if not args.decode or not os.path.exists(args.decode):
        return
    import decode_oops
    if not decode_oops.has_oops(lines):
        return
    objs = decode_oops.Objects(args.cross, args.modules, strip=args.strip)
    out = decode_oops.decode(lines, args.decode, objs)
    if out:
        print("      Oops decoded (scripts/decode-oops):")
        for l in out:
            print("      > %s" % l)


def results_verdict(path):
    """What a --results FILE says: ("PASS" or "FAIL", the first failed
    case's line or None)."""
    with open(path, encoding="utf-8") as f:
        rs = [Result(**r) for r in json.load(f)]
    for r in rs:
        r.rows = [Row(**x) for x in r.rows]
    bad = [r for r in rs if r.failed]
    return ("FAIL", bad[0].line()) if bad else ("PASS", None)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["verdict"]:
        if len(argv) != 2:
            sys.exit("usage: run_cases.py verdict FILE")
        try:
            v, line = results_verdict(argv[1])
        except (OSError, ValueError, TypeError) as e:
            sys.stderr.write("*** run_cases.py verdict: %s\n" % e)
            return 2
        print(v)
        if line:
            print(line)
        return 0
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--kernel", required=True)
    common.add_argument("--init", required=True)
    common.add_argument("--modules", nargs="*", default=[])
    common.add_argument("--qemu", help="the QEMU that boots the kernel")
    common.add_argument("--qemu-pkg", help="the Debian package of --qemu")
    common.add_argument("--qemu-opt", action="append", default=[],
                        help="an option word for QEMU (the arch's; may repeat)")
    common.add_argument("--qemu-opts", default="", metavar="WORDS",
                        help="more QEMU options, split like a shell's words, after "
                             "the arch's and before a case's own (make QEMU_OPTS=)")
    common.add_argument("--append", default="", metavar="WORDS",
                        help="words added to every case's command line, checked to "
                             "reach the guest's /proc/cmdline")
    common.add_argument("--decode", metavar="VMLINUX",
                        help="under a FAIL whose console has an Oops, its frames "
                             "to file:line (decode_oops.py) with this vmlinux and "
                             "the --modules objects")
    common.add_argument("--cross", default="", metavar="PREFIX",
                        help="the arch's binutils prefix (CROSS_COMPILE), for --decode")
    common.add_argument("--strip", action="append", default=[], metavar="DIR",
                        help="paths decoded are shown relative to DIR (may repeat)")
    common.add_argument("--overlay", metavar="DIR",
                        help="a root tree for the guest (its userland) under ours")
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    bp = sub.add_parser("boot", parents=[common], help="boot each case")
    bp.add_argument("--logdir", required=True)
    bp.add_argument("--show", action="store_true", help="print each console log")
    bp.add_argument("--guest", action="append", default=[], metavar="NAME=VALUE",
                    help="a property of the guest, for KEY[NAME=VALUE] lines")
    bp.add_argument("--gdb", metavar="VMLINUX",
                    help="QEMU waits for gdb (-gdb tcp::PORT -S) and no "
                         "timeout applies; VMLINUX is the ELF gdb reads (make GDB=1)")
    bp.add_argument("--gdb-port", type=int, default=1234, metavar="PORT")
    bp.add_argument("--gdb-script", metavar="FILE",
                    help="with --gdb: the attach line sources FILE "
                         "(scripts/gdb/module-symbols.py) and runs "
                         "mod-symbols --gdb-mods")
    bp.add_argument("--gdb-mods", metavar="DIR",
                    help="the modules' objects, for mod-symbols")
    bp.add_argument("--verbose", action="store_true",
                    help="print each QEMU command line (make V=1)")
    bp.add_argument("--cmd", metavar="TEMPLATE",
                    help="run this instead of QEMU (shell words; {kernel}, "
                         "{initrd}, {append} and {append:N} are replaced)")
    bp.add_argument("--jobs", type=int, default=1, metavar="N",
                    help="boot N cases at a time (one with --gdb)")
    bp.add_argument("--results", metavar="FILE",
                    help="the cases' Results, as a JSON list, to FILE")
    bp.add_argument("cases", nargs="+")
    sp = sub.add_parser("shell", parents=[common],
                        help="the guest with a shell on this terminal")
    sp.add_argument("--image", required=True, help="where the guest image goes")
    args = ap.parse_args(argv)
    if args.command != "boot":
        args.cmd = None
    if args.cmd and args.gdb:
        ap.error("--gdb needs QEMU, and --cmd runs something else")
    if not args.cmd and not args.qemu:
        ap.error("--qemu (or, booting, --cmd) is needed")
    emulator = shlex.split(args.cmd)[0] if args.cmd else args.qemu
    for tool in (emulator, "mke2fs", "debugfs"):
        if not shutil.which(tool):
            sys.exit("*** error: %s not found; install with: apt-get install %s" %
                     (tool, "e2fsprogs" if tool != emulator else
                      args.qemu_pkg or "the package that has it"))
    for f in [args.kernel, args.init] + args.modules:
        if not os.path.isfile(f):
            sys.exit("*** error: %s does not exist" % f)
    if args.overlay and not os.path.isdir(args.overlay):
        sys.exit("*** error: --overlay %s is not a directory" % args.overlay)
    if args.command == "shell":
        args.append = " ".join(args.append.split())
        shell(args)
    guest = {}
    for g in args.guest:
        k, sep, v = g.partition("=")
        if not sep or k not in GUEST_PROPERTIES:
            ap.error("--guest %s: not NAME=VALUE with NAME one of %s"
                     % (g, ", ".join(sorted(GUEST_PROPERTIES))))
        guest[k] = v
    args.guest = guest
    args.append = " ".join(args.append.split())
    os.makedirs(args.logdir, exist_ok=True)
    failed = 0
    jobs = 1 if args.gdb else max(1, min(args.jobs, len(args.cases)))
    pool = concurrent.futures.ThreadPoolExecutor(jobs)
    # Each verdict as soon as it and those of the cases before it are in.
    done = []
    for r in pool.map(lambda c: run_case(c, args), args.cases):
        done.append(r)
        log = r.log
        if args.show and log and os.path.exists(log):
            sys.stdout.write("\n".join(console_lines(log)) + "\n")
        for l in r.table():
            print(l)
        print(r.line())
        failed += r.failed
        if r.verdict in ("FAIL", "XFAIL") and log and os.path.exists(log):
            if r.failed and not args.show:
                lines = console_lines(log)
                while lines and not lines[-1].strip():
                    lines.pop()
                print("      console, its last %d lines:" % min(TAIL, len(lines)))
                for l in lines[-TAIL:]:
                    print("      | %s" % l)
            if r.failed:
                decoded(console_lines(log), args)
            print("      console: %s" % log)
        sys.stdout.flush()
    pool.shutdown()
    if args.results:
        with open(args.results, "w", encoding="utf-8") as f:
            json.dump([dataclasses.asdict(r) for r in done], f, indent=1)
            f.write("\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
