#!/usr/bin/env python3
"""The MODULE_PARM() type strings of a kernel tree, read from its sources:
   obsparm-types.py KSRC [types|decls|unresolved]

types       (default) each distinct type string, as the compiler sees it,
            one a line: TYPE<TAB>how many declarations<TAB>one FILE:VAR
decls       every declaration: FILE<TAB>VAR<TAB>TYPE
unresolved  the declarations whose type could not be worked out (a
            macro defined nowhere this script looks), FILE<TAB>VAR<TAB>text

A type is a concatenation of string literals, __MODULE_STRING(X) or
__stringify(X), and macros standing for such a concatenation: X is
replaced as the preprocessor would, by the text of "#define X text"
(recursively, whitespace squeezed, no arithmetic: 2.4's insmod and the
kernel both read the string the compiler made), or by its own name if
it is defined nowhere (lp486e's MAX_UNITS: "1-MAX_UNITSi").  Defines
are looked for in the file, then in the files it includes with "" (its
own directory), then as -DX=V in its directory's Makefile (V may be a
$(CONFIG_Y) with a Kconfig default), then in every header under include/.  Declarations inside
a #define (wrapper macros such as INT_MODULE_PARM(n, v)) are left out:
their type is a macro argument; the wrappers' uses are not MODULE_PARMs.
Comments are stripped first.  Every .c and .h file of the tree counts,
other architectures' too.
"""
import os
import re
import sys

COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)(?![\w(])[ \t]*(.*)$", re.M)
INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', re.M)
PARM = re.compile(r"\bMODULE_PARM\s*\(\s*([A-Za-z_]\w*)\s*,")
TOKEN = re.compile(r'"((?:[^"\\\n]|\\.)*)"|(?:__MODULE_STRING|__stringify)\s*\(\s*([^()]*?)\s*\)'
                   r'|([A-Za-z_]\w*)|(\S)')


def read(path):
    with open(path, encoding="latin-1") as fh:
        text = fh.read()
    text = COMMENT.sub(lambda m: " " + "\n" * m.group(0).count("\n"), text)
    # a #define continued over lines is one line (line numbers do not
    # matter here)
    return text.replace("\\\n", " ")


def defines_of(text):
    d = {}
    for m in DEFINE.finditer(text):
        d.setdefault(m.group(1), m.group(2).strip())
    return d


def makefile_defines(ksrc, d):
    """-DX=V in the directory's Makefile; V = $(CONFIG_Y) is Y's Kconfig
    default (hisax's HISAX_MAX_CARDS)."""
    out = {}
    mk = os.path.join(d, "Makefile")
    if not os.path.isfile(mk):
        return out
    with open(mk, encoding="latin-1") as fh:
        for name, val in re.findall(r"-D([A-Za-z_]\w*)=(\S+)", fh.read()):
            m = re.fullmatch(r"\$\(CONFIG_(\w+)\)", val)
            if m:
                kc = os.path.join(d, "Kconfig")
                val = None
                if os.path.isfile(kc):
                    with open(kc, encoding="latin-1") as fh2:
                        k = re.search(r"^config %s\n(?:[ \t].*\n)*?[ \t]+default[ \t]+(\S+)"
                                      % m.group(1), fh2.read(), re.M)
                    if k:
                        val = k.group(1).strip("\"")
            if val is not None:
                out.setdefault(name, val)
    return out


def expand(word, scopes, depth=0):
    """The text word expands to, as # would print it after expansion."""
    if depth > 8:
        return None
    for d in scopes:
        if word in d:
            val = d[word]
            # each macro of the text replaced in place; # squeezes blanks
            out = val
            for tok in sorted(set(t for t in re.findall(r"[A-Za-z_]\w*", val)
                                  if any(t in s for s in scopes)), key=len, reverse=True):
                sub = expand(tok, scopes, depth + 1)
                if sub is None:
                    return None
                out = re.sub(r"\b%s\b" % tok, lambda m: sub, out)
            return re.sub(r"\s+", " ", out).strip()
    # defined nowhere: # gives its own name
    return word


def type_string(arg, scopes, depth=0):
    out = ""
    for m in TOKEN.finditer(arg):
        if m.group(1) is not None:
            out += bytes(m.group(1), "latin-1").decode("unicode_escape")
        elif m.group(2) is not None:
            inner = m.group(2)
            if re.fullmatch(r"[A-Za-z_]\w*", inner):
                val = expand(inner, scopes)
            elif re.fullmatch(r"[0-9]\w*", inner):
                val = inner
            else:
                val = None
            if val is None:
                return None
            out += val
        elif m.group(3) is not None and depth < 8 and any(m.group(3) in d for d in scopes):
            # a macro standing for the type: #define PARM_PARA "1-" ... "i"
            d = next(d for d in scopes if m.group(3) in d)
            val = type_string(d[m.group(3)], scopes, depth + 1)
            if val is None:
                return None
            out += val
        else:
            return None
    return out


def call_arg(text, start):
    """The text from start up to the ) closing MODULE_PARM(."""
    depth = 1
    i = start
    while i < len(text):
        c = text[i]
        if c == '"':
            j = i + 1
            while j < len(text) and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            i = j
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return text[start:i]
        i += 1
    return None


def main():
    ksrc = sys.argv[1]
    what = sys.argv[2] if len(sys.argv) > 2 else "types"
    files = []
    for root, dirs, names in os.walk(ksrc):
        dirs.sort()
        for n in sorted(names):
            if n.endswith((".c", ".h")):
                files.append(os.path.join(root, n))
    glob_defs = {}
    cache = {}
    for p in files:
        rel = os.path.relpath(p, ksrc)
        if rel.startswith("include/") and rel.endswith(".h"):
            text = read(p)
            cache[p] = text
            for k, v in defines_of(text).items():
                glob_defs.setdefault(k, v)
    decls, unresolved = [], []
    for p in files:
        with open(p, "rb") as fh:
            if b"MODULE_PARM" not in fh.read():
                continue
        text = cache.get(p) or read(p)
        rel = os.path.relpath(p, ksrc)
        local = [defines_of(text)]
        for inc in INCLUDE.findall(text):
            q = os.path.join(os.path.dirname(p), inc)
            if os.path.isfile(q):
                local.append(defines_of(read(q)))
        scopes = local + [makefile_defines(ksrc, os.path.dirname(p)), glob_defs]
        for m in PARM.finditer(text):
            line_start = text.rfind("\n", 0, m.start()) + 1
            if re.match(r"[ \t]*#", text[line_start:m.start()]):
                continue	# a wrapper's or the macro's own #define
            arg = call_arg(text, m.end())
            if arg is None:
                continue
            t = type_string(arg, scopes)
            if t is None:
                unresolved.append((rel, m.group(1), re.sub(r"\s+", " ", arg.strip())))
            else:
                decls.append((rel, m.group(1), t))
    if what == "decls":
        for d in decls:
            print("%s\t%s\t%s" % d)
    elif what == "unresolved":
        for d in unresolved:
            print("%s\t%s\t%s" % d)
    elif what == "types":
        seen = {}
        for f, v, t in decls:
            if t not in seen:
                seen[t] = [0, "%s:%s" % (f, v)]
            seen[t][0] += 1
        for t in sorted(seen):
            print("%s\t%d\t%s" % (t, seen[t][0], seen[t][1]))
    else:
        sys.exit(__doc__)


main()
