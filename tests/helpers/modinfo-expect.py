#!/usr/bin/env python3
"""What kmod's modinfo must print for a module, read from its C sources:
   modinfo-expect.py FILE.c...
prints "license: L", "author: A", "description: D" (one line for each
MODULE_LICENSE/AUTHOR/DESCRIPTION, in any order) and "parm: NAME:DESC
(TYPE)" or "parm: NAME:TYPE" for each module_param(), module_param_named(),
module_param_string() and MODULE_PARM(), sorted.  String arguments may be
concatenations of literals; a macro inside one (__MODULE_STRING(X)) is
replaced by the value of "#define X value" in the same file."""
import glob
import os
import re
import sys

STR = r'((?:"(?:[^"\\]|\\.)*"|__MODULE_STRING\(\w+\)|\b[A-Z_][A-Z0-9_]*\b|\s)+)'


def cstring(text, defines, depth=0):
    out = ""
    for m in re.finditer(r'"((?:[^"\\]|\\.)*)"|__MODULE_STRING\((\w+)\)|\b([A-Z_][A-Z0-9_]*)\b', text):
        if m.group(1) is not None:
            out += bytes(m.group(1), "latin-1").decode("unicode_escape")
        elif m.group(2) is not None:
            out += defines.get(m.group(2), m.group(2))
        elif depth < 4 and m.group(3) in defines:
            # a macro standing for a string: #define DRV_DESC "..."
            out += cstring(defines[m.group(3)], defines, depth + 1)
    return out


def uncomment(text):
    # comments out, so that prose naming a macro does not count; line
    # continuations joined, so that a #define is one line
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return text.replace("\\\n", " ")


def expand_wrappers(src):
    """Expand the file's function-like macros that wrap the declarations
    (e100's E100_PARAM(X, S): a variable, MODULE_PARM and
    MODULE_PARM_DESC) where they are used, arguments substituted."""
    for m in re.finditer(r"^#\s*define\s+(\w+)\(([\w\s,]*)\)(.*)$", src, re.M):
        name, params, body = m.group(1), [a.strip() for a in m.group(2).split(",")], m.group(3)
        if not re.search(r"\b(MODULE_PARM|MODULE_PARM_DESC|module_param\w*|MODULE_LICENSE|MODULE_AUTHOR|MODULE_DESCRIPTION)\b", body):
            continue
        def subst(call):
            args = [a.strip() for a in re.findall(r'(?:"(?:[^"\\]|\\.)*"|[^,"])+', call.group(1))]
            if len(args) != len(params):
                return call.group(0)
            out = body
            for p, a in zip(params, args):
                out = re.sub(r"(?<![\w#])%s\b" % re.escape(p), lambda _: a, out)
            return out
        rest = src[m.end():]
        rest = re.sub(r"(?<![\w#])%s\s*\(((?:\"(?:[^\"\\\\]|\\\\.)*\"|[^()\"])*)\)" % name, subst, rest)
        src = src[:m.end()] + rest
    # the wrappers' own bodies declare nothing
    return re.sub(r"^#\s*define\s+\w+\([\w\s,]*\).*$", "", src, flags=re.M)


def with_includes(path, depth=0):
    """The file's text, each #include "FILE" of a file beside it put in
    its place (qemu-test/modules/pltpad1.c is pltpad.h's declarations)."""
    text = open(path, encoding="latin-1").read()
    here = os.path.dirname(os.path.abspath(path))

    def include(m):
        inc = os.path.join(here, m.group(1))
        if depth < 4 and os.path.isfile(inc):
            return with_includes(inc, depth + 1)
        return m.group(0)
    return re.sub(r'^#\s*include\s+"([^"]+)"', include, text, flags=re.M)


def main():
    lines, parms, descs = [], {}, {}
    for path in sys.argv[1:]:
        src = uncomment(with_includes(path))
        # object-like macros of the file and of the headers beside it
        # (e100.h's E100_MAX_NIC), the file's own winning
        defines = {}
        here = os.path.dirname(os.path.abspath(path))
        for h in sorted(glob.glob(os.path.join(here, "*.h"))) + [None]:
            text = src if h is None else uncomment(open(h, encoding="latin-1").read())
            defines.update(re.findall(r"^#\s*define\s+(\w+)[ \t]+(.+?)\s*$", text, re.M))
        src = expand_wrappers(src)
        for tag, key in (("LICENSE", "license"), ("AUTHOR", "author"),
                         ("DESCRIPTION", "description")):
            for m in re.finditer(r"\bMODULE_%s\s*\(%s\)" % (tag, STR), src):
                lines.append("%s: %s" % (key, cstring(m.group(1), defines)))
        for m in re.finditer(r"\bmodule_param\s*\(\s*(\w+),\s*(\w+),", src):
            parms[m.group(1)] = m.group(2)
        for m in re.finditer(r"\bmodule_param_named\((\w+),\s*\w+,\s*(\w+),", src):
            parms[m.group(1)] = m.group(2)
        for m in re.finditer(r"\bmodule_param_string\((\w+),", src):
            parms[m.group(1)] = "string"
        for m in re.finditer(r"\bMODULE_PARM\s*\(\s*(\w+)\s*,%s\)" % STR, src):
            parms[m.group(1)] = cstring(m.group(2), defines)
        for m in re.finditer(r"\bMODULE_PARM_DESC\s*\(\s*(\w+)\s*,%s\)" % STR, src):
            descs[m.group(1)] = cstring(m.group(2), defines)
    for name in sorted(set(parms) | set(descs)):
        if name in descs and name in parms:
            lines.append("parm: %s:%s (%s)" % (name, descs[name], parms[name]))
        elif name in parms:
            lines.append("parm: %s:%s" % (name, parms[name]))
        else:
            lines.append("parm: %s:%s" % (name, descs[name]))
    print("\n".join(sorted(lines)))


main()
