#!/usr/bin/env python3
"""Decode the frames of an Oops, a BUG or a Call Trace to file:line.

    decode-oops [--vmlinux VMLINUX] [--module OBJ ...] [--module-dir DIR ...]
                [--cross PREFIX] [--strip DIR ...] LOG

reads a console log (LOG, or - for stdin) and prints each line that
names a code address, followed by the source line it is at:

    EIP is at oops_deref+0x8/0x10 [oops]
        oops_deref at qemu-test/modules/oops.c:25
     [<c01a2b3c>] sysfs_write_file+0x9c/0xe0
        sysfs_write_file at fs/sysfs/inode.c:212

as later kernels' decode_stacktrace.sh does.  A frame of the
kernel is looked up by its address in VMLINUX (addr2line of the
architecture's binutils: --cross is the CROSS_COMPILE prefix); a frame
of a module ("NAME+0xOFF/0xSIZE [MOD]", as kallsyms prints it) by its
symbol in the module's object, so no load address is needed: the object
is --module OBJ whose name is MOD.o, or MOD.o under a --module-dir.
Without kallsyms (the cross arches' configs) a frame is a bare address,
several to a line on ppc ("Call trace: [c0012345] [c0023456]"), and
ppc's "NIP: C0012345 LR: C0023456" names two: an address inside a
module is found by the section addresses the log shows, lines
"/sys/module/MOD/sections/SECTION: 0xADDR" (a case's `cat` of them,
feature/module-sysfs-sections.patch), and the section's size in the
object; any other by its address in VMLINUX.
A Call Trace entry is a return address: the line shown is that of the
call, one byte before it (EIP's is the faulting instruction itself).
Inlined functions are shown as "(inlined by)" lines.  Without debug
information (CONFIG_DEBUG_INFO, compat/debug-info.patch) addr2line says
"??:0", and so does this.  Paths are shown relative to each --strip DIR.

As a module (import decode_oops): decode(lines, ...) returns the
decoded lines, has_oops(lines) says whether there is anything to decode.
"""

import argparse
import os
import re
import subprocess
import sys

# " [<c0123456>] name+0x12/0x40 [mod]", "EIP is at name+0x12/0x40 [mod]",
# "EIP:    0060:[<c0123456>]    Not tainted", ppc's "NIP [c0012345] ...".
ADDR_RE = re.compile(r"\[<?([0-9a-fA-F]{8,16})>?\]")
SYM_RE = re.compile(r"([A-Za-z_.$][\w.$]*)\+0x([0-9a-f]+)/0x([0-9a-f]+)"
                    r"(?: \[([\w-]+)\])?")
# Every address of a line: ADDR_RE's, and ppc's and sparc64's named
# registers ("NIP: C0012345 LR: C0023456").
ALL_ADDR_RE = re.compile(ADDR_RE.pattern +
                         r"|\b(NIP|LR|TPC|RPC): ?\[?<?([0-9a-fA-F]{8,16})\b")
# Before an address, what makes it the fault itself, not a return
# address: i386's EIP, ppc's NIP, sparc64's TPC, ia64's "ip  :".
FAULT_RE = re.compile(r"EIP|NIP|PC|TPC|\bip\s*:")
# What starts an Oops, a BUG or a trace in 2.5.50's consoles.
OOPS_RE = re.compile(r"Oops|kernel BUG|Unable to handle kernel|Call [Tt]race|"
                     r"EIP is at|Call backtrace|Kernel panic")
MAX_LINES = 400
# A section's address, as a case's `cat` of it prints it.
SECTION_RE = re.compile(r"^/sys/module/([\w-]+)/sections/(\S+): 0x([0-9a-fA-F]+)$")


def has_oops(lines):
    return any(OOPS_RE.search(l) for l in lines)


class Objects:
    """Module objects by module name, symbol tables, addr2line calls."""

    def __init__(self, cross="", modules=(), module_dirs=(), strip=()):
        self.cross = cross
        self.mods = {}
        for m in modules:
            self._add(m)
        for d in module_dirs:
            for root, dirs, files in os.walk(d):
                dirs.sort()
                for f in sorted(files):
                    if f.endswith(".o"):
                        self._add(os.path.join(root, f), keep=True)
        self.symtabs = {}
        self.sizes = {}
        self.bases = {}
        self.lines = {}
        self.strip = [os.path.abspath(s).rstrip("/") + "/" for s in strip]

    def _add(self, path, keep=False):
        name = os.path.basename(path)[:-2].replace("-", "_")
        if not (keep and name in self.mods):
            self.mods[name] = path

    def module(self, name):
        return self.mods.get(name.replace("-", "_"))

    def objdump(self, flag, obj):
        """The lines of objdump FLAG OBJ, or none."""
        try:
            return subprocess.run([self.cross + "objdump", flag, obj],
                                  capture_output=True, text=True).stdout.splitlines()
        except OSError:
            return []

    def symbols(self, obj):
        """{name: (section, value)} of OBJ's defined symbols."""
        if obj not in self.symtabs:
            tab = {}
            # "00000000 g     F .text	00000010 oops_deref"
            for l in self.objdump("-t", obj):
                m = re.match(r"([0-9a-f]+) .{7} (\S+)\s+[0-9a-f]+\s+(\S+)$", l)
                if m and m.group(2) not in ("*UND*", "*ABS*", "*COM*"):
                    tab.setdefault(m.group(3), (m.group(2), int(m.group(1), 16)))
            self.symtabs[obj] = tab
        return self.symtabs[obj]

    def section_sizes(self, obj):
        """{section: size} of OBJ's sections."""
        if obj not in self.sizes:
            # "  0 .text         00000010  00000000  00000000  00000040  2**4"
            self.sizes[obj] = {m.group(1): int(m.group(2), 16)
                               for m in (re.match(r"\s*\d+ (\S+)\s+([0-9a-f]+) ", l)
                                         for l in self.objdump("-h", obj)) if m}
        return self.sizes[obj]

    def learn(self, lines):
        """Note the section addresses the log shows."""
        for l in lines:
            m = SECTION_RE.match(l.strip())
            if m:
                self.bases[(m.group(1).replace("-", "_"), m.group(2))] = \
                    int(m.group(3), 16)

    def locate(self, addr):
        """(object, section, offset) of a module's ADDR, or None."""
        for (mod, sec), base in sorted(self.bases.items()):
            obj = self.module(mod)
            if obj and base <= addr < base + self.section_sizes(obj).get(sec, 0):
                return obj, sec, addr - base
        return None

    def addr2line(self, obj, addr, section=None):
        """[(function, "file:line"), ...] innermost first, or []."""
        key = (obj, addr, section)
        if key not in self.lines:
            self.lines[key] = self._addr2line(obj, addr, section)
        return self.lines[key]

    def _addr2line(self, obj, addr, section):
        cmd = [self.cross + "addr2line", "-f", "-i", "-e", obj]
        if section:
            cmd += ["-j", section]
        try:
            out = subprocess.run(cmd + ["0x%x" % addr], capture_output=True,
                                 text=True).stdout.split("\n")
        except OSError:
            return []
        res = []
        for i in range(0, len(out) - 1, 2):
            res.append((out[i], self.path(out[i + 1].split(" (")[0])))
        return res

    def path(self, where):
        # compat/debug-info.patch maps the tree to "." in the debug
        # information: addr2line then says ./kernel/module.c
        if where.startswith("./"):
            return where[2:]
        for s in self.strip:
            if where.startswith(s):
                return where[len(s):]
        return where


def frame(line):
    """(address or None, symbol or None, offset, module or None, is_return)."""
    a = ADDR_RE.search(line)
    s = SYM_RE.search(line)
    addr = int(a.group(1), 16) if a else None
    ret = not FAULT_RE.search(line)
    if s:
        return addr, s.group(1), int(s.group(2), 16), s.group(4), ret
    return addr, None, 0, None, ret


def raw_frames(line):
    """[(address, is_return), ...] of a line that names no symbol."""
    res = []
    for m in ALL_ADDR_RE.finditer(line):
        if m.group(1):
            ret = not FAULT_RE.search(line[:m.start()])
            res.append((int(m.group(1), 16), ret))
        else:
            res.append((int(m.group(3), 16), m.group(2) in ("LR", "RPC")))
    return res


def where_raw(addr, ret, vmlinux, objects):
    """[(function, "file:line"), ...] of a bare ADDR: a module's or the kernel's."""
    back = 1 if ret else 0
    hit = objects.locate(addr - back)
    if hit:
        obj, sec, off = hit
        return objects.addr2line(obj, off, sec)
    if vmlinux:
        return objects.addr2line(vmlinux, addr - back)
    return []


def decode(lines, vmlinux=None, objects=None, indent="    "):
    objects = objects or Objects()
    lines = [l.replace("\r", "") for l in lines]	# two CPUs' consoles cut in
    objects.learn(lines)
    out = []
    started = False
    # An Oops that repeats (a reboot that Oopses in turn, until the
    # emulator is stopped) is decoded once: the same line again is
    # left out, and so is everything after MAX_LINES.
    seen = set()
    # i386 says where EIP is twice: "EIP:    0060:[<c0123456>]" and
    # "EIP is at NAME+0xOFF/0xSIZE"; the second is decoded.
    eip_at = any("EIP is at" in l for l in lines)
    for line in lines:
        if eip_at and re.match(r"EIP:\s+[0-9a-f]{4}:\[<", line):
            continue
        if line in seen:
            continue
        seen.add(line)
        if len(out) >= MAX_LINES:
            out.append("(decode-oops: more than %d lines, the rest left out)"
                       % MAX_LINES)
            break
        if OOPS_RE.search(line):
            started = True
        if not started:
            continue
        addr, sym, off, mod, ret = frame(line)
        if sym is None:
            # no kallsyms: bare addresses, maybe several
            frames = raw_frames(line)
            many = len(frames) > 1
            decoded = []
            for a, r in frames:
                for i, (fn, fl) in enumerate(where_raw(a, r, vmlinux, objects)):
                    if "??" in fn and fl.startswith("??"):
                        continue
                    decoded.append("%s%s%s%s at %s" % (
                        indent, "[%x] " % a if many and not i else "",
                        "(inlined by) " if i else "", fn, fl))
            if decoded:
                out.append(line.rstrip())
                out.extend(decoded)
            continue
        back = 1 if ret else 0
        where = []
        if mod:
            obj = objects.module(mod)
            if not obj:
                where = [(sym, "(no object for module %s)" % mod)]
            elif sym not in objects.symbols(obj):
                where = [(sym, "(%s not in %s)" % (sym, obj))]
            else:
                sec, val = objects.symbols(obj)[sym]
                where = objects.addr2line(obj, max(val + off - back, val), sec)
        elif addr is None and vmlinux and sym in objects.symbols(vmlinux):
            # "EIP is at NAME+0xOFF/0xSIZE": the kernel's, by its symbol
            sec, val = objects.symbols(vmlinux)[sym]
            where = objects.addr2line(vmlinux, val + off - back)
        elif addr is not None and vmlinux:
            if off == 0 and back:
                back = 0	# the first byte of a function: not after a call
            where = objects.addr2line(vmlinux, addr - back)
        if not where:
            continue
        out.append(line.rstrip())
        for i, (fn, fl) in enumerate(where):
            out.append("%s%s%s at %s" % (indent, "(inlined by) " if i else "", fn, fl))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--vmlinux")
    ap.add_argument("--module", action="append", default=[], metavar="OBJ")
    ap.add_argument("--module-dir", action="append", default=[], metavar="DIR")
    ap.add_argument("--cross", default="", metavar="PREFIX")
    ap.add_argument("--strip", action="append", default=[], metavar="DIR")
    ap.add_argument("log")
    a = ap.parse_args(argv)
    f = sys.stdin if a.log == "-" else open(a.log, errors="replace")
    lines = f.read().splitlines()
    if not has_oops(lines):
        print("decode-oops: no Oops, BUG or Call Trace in %s" % a.log)
        return 1
    objs = Objects(a.cross, a.module, a.module_dir, a.strip)
    out = decode(lines, a.vmlinux, objs)
    print("\n".join(out) if out else "decode-oops: no frame could be decoded")
    return 0 if out else 1


if __name__ == "__main__":
    sys.exit(main())
