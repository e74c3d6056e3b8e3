#!/usr/bin/env python3
"""Check what the ia64 loader made of tests/ia64/reloc-module.s.

Reads DIR/map, DIR/core.bin and DIR/init.bin (tests/ia64/loader-host.c)
and disassembles the two areas with binutils' ia64 objdump, so the
instructions are read by binutils, not by the loader's own encoders.
Prints one line per check, "ok: ..." or "bad: ...".
"""
import re
import struct
import subprocess
import sys

d, objdump = sys.argv[1], sys.argv[2]
sym, sec, area = {}, {}, {}
for line in open(d + "/map"):
    w = line.split()
    if w[0] == "sym":
        sym[w[1]] = int(w[2], 16)
    elif w[0] == "sec":
        sec[w[1]] = int(w[2], 16)
    elif w[0] in ("core", "init"):
        area[w[0]] = (int(w[1], 16), int(w[2], 16))
    elif w[0] == "gp":
        gp = int(w[1], 16)
    elif w[0] == "printk":
        pk_fd, pk_ip, pk_gp = (int(x, 16) for x in w[1:])
    elif w[0] == "kvar":
        kvar = int(w[1], 16)
    elif w[0] == "initfd":
        initfd = int(w[1], 16)

mem, insn = {}, {}
for name in ("core", "init"):
    base, size = area[name]
    mem[name] = open("%s/%s.bin" % (d, name), "rb").read()
    out = subprocess.run([objdump, "-D", "-z", "-b", "binary", "-m", "ia64",
                          "--adjust-vma=%#x" % base, "%s/%s.bin" % (d, name)],
                         check=True, capture_output=True, text=True).stdout
    for line in out.split("\n"):
        m = re.match(r"^\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} )+\s*(?:\[\w+\])?\s*(.*)$", line)
        if m and m.group(2).strip() and int(m.group(1), 16) & 0xf in (0, 6, 0xc):
            a = int(m.group(1), 16)
            insn[(a & ~0xf, {0: 0, 6: 1, 0xc: 2}[a & 0xf])] = m.group(2).strip()


def u64(a):
    for name, (base, size) in area.items():
        if base <= a and a + 8 <= base + size:
            return struct.unpack_from("<Q", mem[name], a - base)[0]
    raise KeyError("%#x is in no area" % a)


def s32(a):
    base, size = area["core"]
    return struct.unpack_from("<i", mem["core"], a - base)[0]


def inside(name, a):
    base, size = area[name]
    return base <= a < base + size


def at(a, slot):
    return insn.get((a, slot), "?")


def target(a):
    """Where the br.call in bundle A goes (gas puts it in slot 1 or 2)."""
    for slot in (0, 1, 2):
        m = re.search(r"br\.call\S* b0=(0x)?([0-9a-f]+)", at(a, slot))
        if m:
            return int(m.group(2), 16)
    return None


def movl(a, reg):
    m = re.match(r"movl %s=(0x[0-9a-f]+|\d+)" % reg, at(a, 1))
    return int(m.group(1), 0) if m else None


def addl(a, slot, reg):
    m = re.match(r"addl %s=(-?\d+),r1" % reg, at(a, slot))
    return int(m.group(1)) if m else None


def stub(t):
    """(ip, gp) a call stub at T loads, or None if T is no stub."""
    if t is None or not re.match(r"mov b6=r16", at(t + 32, 1)) or \
       not re.match(r"br\.few b6", at(t + 32, 2)):
        return None
    return movl(t + 16, "r16"), movl(t, "r1")


checks = []


def check(what, good):
    checks.append(good)
    print("%s: %s" % ("ok" if good else "bad", what))


t = target(sym["call_ext"])
check("PCREL21B to the kernel: a stub in the core loading printk's ip and gp",
      t is not None and inside("core", t) and stub(t) == (pk_ip, pk_gp))
check("PCREL21B within the module: straight to fn_local",
      target(sym["call_int"]) == sym["fn_local"])
n = addl(sym["ltoffx"], 0, "r14")
check("LTOFF22X: gp + imm is a GOT entry holding kvar (LDXMOV leaves the ld8)",
      n is not None and u64(gp + n) == kvar and at(sym["ltoffx"], 1).startswith("ld8 r14=[r14]"))
check("LTOFF22: the same GOT entry as LTOFF22X for the same value",
      addl(sym["ltoff"], 0, "r18") == n)
n = addl(sym["fptr_loc"], 0, "r15")
fd = u64(gp + n) if n is not None else None
check("LTOFF_FPTR22, own function: a GOT entry holding a descriptor (fn_local, the module's gp)",
      fd is not None and inside("core", fd) and u64(fd) == sym["fn_local"] and u64(fd + 8) == gp)
n = addl(sym["fptr_ext"], 0, "r16")
check("LTOFF_FPTR22, kernel function: a GOT entry holding printk's own descriptor",
      n is not None and u64(gp + n) == pk_fd)
n = addl(sym["gprel"], 0, "r17")
check("GPREL22: gp + imm is sdata_var", n is not None and gp + n == sym["sdata_var"])
v = movl(sym["gprel64"], "r19")
check("GPREL64I (relocation at slot 1): movl's value is sdata_var - gp",
      v == (sym["sdata_var"] - gp) & (2**64 - 1))
t = target(sym["init_ext"])
check("PCREL21B from .init.text to the kernel: a stub in the init area",
      t is not None and inside("init", t) and stub(t) == (pk_ip, pk_gp))
t = target(sym["init_int"])
check("PCREL21B from .init.text to the core: direct, or a stub with the module's gp",
      t == sym["fn_local"] or (t is not None and stub(t) == (sym["fn_local"], gp)))
check("FPTR64LSB, own function: the descriptor LTOFF_FPTR22 made (one per function)",
      u64(sym["data_fptr_loc"]) == fd)
check("FPTR64LSB, kernel function: printk's descriptor", u64(sym["data_fptr_ext"]) == pk_fd)
check("DIR64LSB: kvar; with an addend: mod_main + 16",
      u64(sym["data_dir"]) == kvar and u64(sym["data_dir_add"]) == sym["mod_main"] + 16)
check("GPREL32LSB (__ex_table): entries + gp are mod_main and fn_local",
      s32(sym["ex_table"]) + gp == sym["mod_main"] and s32(sym["ex_table"] + 4) + gp == sym["fn_local"])
uw = sec[".IA_64.unwind"]
check("SEGREL64LSB (.IA_64.unwind, segment base 0): mod_main's start and end, its unwind info",
      u64(uw) == sym["mod_main"] and sym["mod_main"] < u64(uw + 8) <= sym["mod_main"] + 0x100
      and u64(uw + 16) == sec[".IA_64.unwind_info"])
check("init (__initfn) became a descriptor (init_fn, the module's gp)",
      inside("core", initfd) and u64(initfd) == sym["init_fn"] and u64(initfd + 8) == gp)
check("gp reaches the whole core (middle, 16-byte aligned)",
      gp % 16 == 0 and abs(gp - area["core"][0]) < 2**21 and
      abs(area["core"][0] + area["core"][1] - gp) < 2**21)
sys.exit(0 if all(checks) else 1)
