#!/usr/bin/env python3
"""List the pristine .c files the tree sweep compiles (scripts/sweep.sh).

Usage: sweep-files.py KSRC all|risky|excluded

all       every .c file under KSRC with a MODULE_PARM( in it, less the
          ones for other architectures (EXCLUDE below)
risky     of those, the files where a MODULE_PARM(var, ...) names a var
          that the file mentions first after the MODULE_PARM line (the
          macro comes before the variable's declaration), or nowhere
          else at all (a variable the file never defines), comments
          stripped.  A superset: a variable declared in a header also
          counts.  Each line: FILE<TAB>why
excluded  the files left out of "all", with the rule that left them out
"""
import os
import re
import sys

# Directories whose code is for another architecture (or bus) only.
EXCLUDE = [
    ("arch/", "arch/ other than arch/i386"),
    ("drivers/acorn/", "ARM (Acorn) only"),
    ("drivers/s390/", "S/390 only"),
    ("drivers/sbus/", "SPARC SBus only"),
    ("drivers/macintosh/", "PowerMac/m68k Mac only"),
    ("drivers/sgi/", "SGI MIPS only"),
    ("drivers/tc/", "DECstation TURBOchannel only"),
    ("drivers/zorro/", "Amiga only"),
    ("drivers/nubus/", "m68k Mac only"),
    ("drivers/dio/", "HP300 only"),
    ("drivers/parisc/", "PA-RISC only"),
    ("sound/arm/", "ARM only"),
    ("sound/ppc/", "PowerMac only"),
    ("sound/sparc/", "SPARC only"),
]


def excluded(path):
    if path.startswith("arch/i386/"):
        return None
    for prefix, why in EXCLUDE:
        if path.startswith(prefix):
            return why
    return None


def candidates(ksrc):
    out = []
    for root, dirs, files in os.walk(ksrc):
        dirs.sort()
        for f in sorted(files):
            if not f.endswith(".c"):
                continue
            p = os.path.join(root, f)
            with open(p, "rb") as fh:
                if b"MODULE_PARM(" in fh.read():
                    out.append(os.path.relpath(p, ksrc))
    return out


# Comments, string and character literals, #include lines: a variable
# named io is not declared by <asm/io.h>.
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'"
                     r"|^[ \t]*#[ \t]*include[^\n]*", re.S | re.M)
PARM = re.compile(r"\bMODULE_PARM\s*\(\s*([A-Za-z_][A-Za-z_0-9]*)\s*,")


def risky(ksrc, path):
    with open(os.path.join(ksrc, path), encoding="latin-1") as fh:
        text = fh.read()
    # Keep the line numbers: what is stripped becomes as many newlines.
    text = COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    lines = text.split("\n")
    why = []
    for n, line in enumerate(lines):
        for m in PARM.finditer(line):
            var = m.group(1)
            word = re.compile(r"\b%s\b" % re.escape(var))
            first = None
            for k, other in enumerate(lines):
                if "MODULE_PARM" in other:
                    continue
                if word.search(other):
                    first = k
                    break
            if first is None:
                why.append("%s: never defined" % var)
            elif first > n:
                why.append("%s: MODULE_PARM line %d, first use line %d"
                           % (var, n + 1, first + 1))
    return why


def main():
    ksrc, what = sys.argv[1], sys.argv[2]
    files = candidates(ksrc)
    if what == "excluded":
        for p in files:
            e = excluded(p)
            if e:
                print("%s\t%s" % (p, e))
        return
    files = [p for p in files if not excluded(p)]
    if what == "all":
        for p in files:
            print(p)
    elif what == "risky":
        for p in files:
            w = risky(ksrc, p)
            if w:
                print("%s\t%s" % (p, "; ".join(sorted(set(w)))))
    else:
        sys.exit("usage: sweep-files.py KSRC all|risky|excluded")


main()
