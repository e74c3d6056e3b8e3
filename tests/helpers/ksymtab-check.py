#!/usr/bin/env python3
"""Check the exported-symbol tables of a kernel or module object
(feature/module-ksymtab-strings.patch): struct kernel_symbol is
{ unsigned long value; const char *name; }, each name in
__ksymtab_strings, as depmod reads them.

    ksymtab-check.py vmlinux FILE   a linked kernel: every entry of
        __ksymtab and __gpl_ksymtab is the one its __ksymtab_X symbol
        names, its value X's address (or that of a function descriptor
        whose first word is X's), its name "X" in __ksymtab_strings;
        every string there is some entry's, none padded.
    ksymtab-check.py module FILE    a module object: __ksymtab_strings
        holds exactly the names X of its __ksymtab_X entries.

Prints "ok: ..." and exits 0, or prints what is wrong and exits 1.
Any ELF class and byte order: the cross arches' files too."""
import struct
import sys


class Elf:
    def __init__(self, path):
        self.data = open(path, "rb").read()
        d = self.data
        if d[:4] != b"\x7fELF":
            raise SystemExit("%s: not ELF" % path)
        self.bits = 64 if d[4] == 2 else 32
        self.end = "<" if d[5] == 1 else ">"
        e = self.end
        if self.bits == 32:
            (self.type,) = struct.unpack_from(e + "H", d, 16)
            shoff, = struct.unpack_from(e + "I", d, 32)
            shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", d, 46)
            fmt = e + "IIIIIIIIII"
        else:
            (self.type,) = struct.unpack_from(e + "H", d, 16)
            shoff, = struct.unpack_from(e + "Q", d, 40)
            shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", d, 58)
            fmt = e + "IIQQQQIIQQ"
        self.sections = []
        for i in range(shnum):
            (name, stype, flags, addr, off, size, link, info, align,
             entsize) = struct.unpack_from(fmt, d, shoff + i * shentsize)
            self.sections.append(dict(name=name, type=stype, addr=addr,
                                      off=off, size=size, link=link))
        strs = self.sections[shstrndx]
        for s in self.sections:
            s["name"] = self.cstr(strs["off"] + s["name"])

    def cstr(self, off):
        return self.data[off:self.data.index(b"\0", off)].decode("latin-1")

    def section(self, name):
        return next((s for s in self.sections if s["name"] == name), None)

    def symbols(self):
        """(name, value, section index) of every symbol."""
        out = []
        for s in self.sections:
            if s["type"] != 2:          # SHT_SYMTAB
                continue
            strtab = self.sections[s["link"]]
            size = 16 if self.bits == 32 else 24
            for i in range(s["size"] // size):
                o = s["off"] + i * size
                if self.bits == 32:
                    name, value, _, _, _, shndx = struct.unpack_from(
                        self.end + "IIIBBH", self.data, o)
                else:
                    name, _, _, shndx, value, _ = struct.unpack_from(
                        self.end + "IBBHQQ", self.data, o)
                out.append((self.cstr(strtab["off"] + name), value, shndx))
        return out

    def word_at(self, addr):
        """The word at address addr of the loaded image, or None."""
        w = self.bits // 8
        for s in self.sections:
            if s["type"] != 8 and s["addr"] and \
               s["addr"] <= addr <= s["addr"] + s["size"] - w:
                return struct.unpack_from(self.end + ("I" if w == 4 else "Q"),
                                          self.data,
                                          s["off"] + addr - s["addr"])[0]
        return None

    def words(self, sec):
        w = self.bits // 8
        fmt = self.end + ("I" if w == 4 else "Q")
        return [struct.unpack_from(fmt, self.data, sec["off"] + i)[0]
                for i in range(0, sec["size"], w)]


def strings_of(elf, sec):
    raw = elf.data[sec["off"]:sec["off"] + sec["size"]]
    return [s.decode("latin-1") for s in raw.split(b"\0")[:-1]]


def check_module(elf):
    tabs = [s for s in ("__ksymtab", "__gpl_ksymtab") if elf.section(s)]
    exported = sorted(n[len("__ksymtab_"):] for n, v, x in elf.symbols()
                      if n.startswith("__ksymtab_")
                      and x < len(elf.sections)
                      and elf.sections[x]["name"] in tabs)
    strs = elf.section("__ksymtab_strings")
    if not exported:
        return ["no exported symbol (no __ksymtab_X symbol)"]
    if not strs:
        return ["%d exported symbols, no __ksymtab_strings section"
                % len(exported)]
    names = sorted(strings_of(elf, strs))
    if names != exported:
        return ["__ksymtab_strings has %s, the entries are %s"
                % (names, exported)]
    print("ok: %d exported names in __ksymtab_strings: %s"
          % (len(names), " ".join(names)))
    return []


def check_vmlinux(elf):
    strs = elf.section("__ksymtab_strings")
    if not strs:
        return ["no __ksymtab_strings section"]
    syms = elf.symbols()
    addr = {}
    for n, v, x in syms:
        addr.setdefault(n, set()).add(v)
    entry_name = {v: n[len("__ksymtab_"):] for n, v, x in syms
                  if n.startswith("__ksymtab_")}
    errs, used, count = [], {}, 0
    w = elf.bits // 8
    for tab in ("__ksymtab", "__gpl_ksymtab"):
        sec = elf.section(tab)
        if not sec:
            continue
        if sec["size"] % (2 * w):
            errs.append("%s: %d bytes, not a multiple of %d"
                        % (tab, sec["size"], 2 * w))
            continue
        words = elf.words(sec)
        for i in range(0, len(words), 2):
            value, name = words[i], words[i + 1]
            here = sec["addr"] + i * w
            count += 1
            if not strs["addr"] <= name < strs["addr"] + strs["size"]:
                errs.append("%s entry at %#x: name %#x not in __ksymtab_strings"
                            % (tab, here, name))
                continue
            s = elf.cstr(strs["off"] + name - strs["addr"])
            used[name] = s
            if entry_name.get(here) != s:
                errs.append("%s entry at %#x: name \"%s\", but it is __ksymtab_%s"
                            % (tab, here, s, entry_name.get(here)))
            elif s in addr and value not in addr[s] and \
                    elf.word_at(value) not in addr[s]:
                # (nor the address of a function descriptor whose
                # first word is X's: ia64's exported functions)
                errs.append("%s entry \"%s\": value %#x, %s is at %s"
                            % (tab, s, value, s, [hex(a) for a in addr[s]]))
    # Every string some entry's, one after the other without padding.
    o = strs["addr"]
    while o < strs["addr"] + strs["size"]:
        s = elf.cstr(strs["off"] + o - strs["addr"])
        if used.get(o) != s:
            errs.append("__ksymtab_strings at %#x: \"%s\" is no entry's name"
                        % (o, s))
            break
        o += len(s) + 1
    if not errs:
        print("ok: %d entries, each named by its __ksymtab_X, value X's, "
              "its name in __ksymtab_strings (%d bytes, no padding)"
              % (count, strs["size"]))
    return errs


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("vmlinux", "module"):
        raise SystemExit(__doc__)
    elf = Elf(sys.argv[2])
    errs = (check_vmlinux if sys.argv[1] == "vmlinux" else check_module)(elf)
    for e in errs[:10]:
        print("%s: %s" % (sys.argv[2], e))
    if len(errs) > 10:
        print("%s: ... %d more" % (sys.argv[2], len(errs) - 10))
    sys.exit(1 if errs else 0)


main()
