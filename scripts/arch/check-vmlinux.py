#!/usr/bin/env python3
"""Link checks on a cross-built vmlinux; prints PASS:/FAIL: lines.

    check-vmlinux.py [--load-at-stext] ARCH VMLINUX READELF [PARAM_SIZE]

Checks, from `readelf -W -S -s -l -h`:
  * each start/stop symbol pair bounds its section exactly:
      __start___ex_table/__stop___ex_table   __ex_table
      __setup_start/__setup_end              .init.setup
      __initcall_start/__initcall_end        .initcall.init
    (a start symbol taken before the section's alignment, as ld does
    today, makes search_exception_table() read every entry off by a few
    bytes: that broke ppc);
  * .param.init: with PARAM_SIZE (sizeof(struct kernel_param) measured
    with the cross compiler from the tree's <linux/moduleparam.h>),
    __param_start/__param_end must bound it, and its size must be a whole
    number of PARAM_SIZE; without PARAM_SIZE (no parameter patch in the
    series) the section and both symbols must be absent;
  * with --load-at-stext (the arch's arch_load_at_stext, scripts/arch/
    ARCH.sh: ppc): the first PT_LOAD starts at _stext (no ELF headers
    loaded a page below the kernel).
Exit status 1 when any check failed.
"""
import subprocess
import sys


def main():
    argv = sys.argv[1:]
    load_at_stext = "--load-at-stext" in argv
    argv = [a for a in argv if a != "--load-at-stext"]
    arch, vmlinux, readelf = argv[0:3]
    param_size = int(argv[3]) if len(argv) > 3 and argv[3] else None
    out = subprocess.run([readelf, "-W", "-S", "-s", "-l", "-h", vmlinux],
                         check=True, capture_output=True, text=True).stdout
    sections, syms, loads = {}, {}, []
    elfclass = None
    for line in out.splitlines():
        f = line.split()
        if line.strip().startswith("Class:"):
            elfclass = f[-1]
        # [Nr] Name Type Address Off Size ...
        if line.lstrip().startswith("[") and "]" in line:
            rest = line.split("]", 1)[1].split()
            if len(rest) >= 5 and rest[0] != "Name":
                try:
                    sections[rest[0]] = (int(rest[2], 16), int(rest[4], 16))
                except ValueError:
                    pass
        # Num: Value Size Type Bind Vis Ndx Name
        if len(f) >= 8 and f[0].endswith(":") and f[0][:-1].isdigit():
            syms.setdefault(f[7], int(f[1], 16))
        if f and f[0] == "LOAD":
            loads.append(int(f[2], 16))
    failed = 0

    def check(ok, what, why):
        nonlocal failed
        if ok:
            print("PASS: link %s: %s" % (arch, what))
        else:
            print("FAIL: link %s: %s: %s" % (arch, what, why))
            failed = 1

    def bounds(start, stop, sec):
        if sec not in sections:
            check(False, "%s..%s bound %s" % (start, stop, sec), "no section %s" % sec)
            return None
        addr, size = sections[sec]
        a, b = syms.get(start), syms.get(stop)
        ok = a == addr and b == addr + size
        check(ok, "%s..%s bound %s (%#x, %d bytes)" % (start, stop, sec, addr, size),
              "%s=%s %s=%s, section at %#x size %d" %
              (start, hex(a) if a is not None else "absent",
               stop, hex(b) if b is not None else "absent", addr, size))
        return size if ok else None

    bounds("__start___ex_table", "__stop___ex_table", "__ex_table")
    bounds("__setup_start", "__setup_end", ".init.setup")
    bounds("__initcall_start", "__initcall_end", ".initcall.init")
    if param_size:
        size = bounds("__param_start", "__param_end", ".param.init")
        if size is not None:
            check(size % param_size == 0,
                  ".param.init holds %d whole struct kernel_param of %d bytes (%s)"
                  % (size // param_size, param_size, elfclass),
                  "%d bytes is not a multiple of %d" % (size, param_size))
    else:
        absent = (".param.init" not in sections and "__param_start" not in syms
                  and "__param_end" not in syms)
        check(absent, "no .param.init, __param_start, __param_end (no parameter patch in the series)",
              "found some of them without the parameter patch")
    if load_at_stext:
        st = syms.get("_stext")
        check(bool(loads) and loads[0] == st,
              "first PT_LOAD starts at _stext (%s)" % (hex(st) if st else "?"),
              "first PT_LOAD at %s" % (hex(loads[0]) if loads else "none"))
    return failed


if __name__ == "__main__":
    sys.exit(main())
