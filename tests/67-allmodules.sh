#!/bin/bash
# make allmodules' share (doc/allmodules.md, scripts/allmodules.sh
# --share): 2.5.50's own modules, a fixed sample of the allmodconfig
# tree (every K-th module of the sorted list, K = modules / 110) and
# the chains of issue 39 (scripts/allmodules-share.py), each built by
# its own kbuild target with what it needs, loaded and removed with
# kmod's modprobe in the busybox guest.
#   ALLMODULES=series  on the whole series' kernel only: the pass rule
#                      (no Oops, panic or hang but the known 2.5.50 bugs,
#                      nothing left loaded but what the kernel says
#                      cannot unload, MemFree), and that rule shown to
#                      fail without the known bugs' file
#   ALLMODULES=share   the same on the compat patches' kernel too, and
#                      the outcomes compared module by module
# Unset: make check's choice, DEFAULT below: the series' kernel.
#   ALLMODULES=none    skipped, saying so
. "$(dirname "$0")/lib-test.sh"
DEFAULT=series
mode=${ALLMODULES-$DEFAULT}
case $mode in
share)	labels="allmodules before: build|allmodules after: build|allmodules before: load|allmodules after: load|allmodules before: known bugs|allmodules after: known bugs|allmodules: differences"
	trees="before after" ;;
series|none)
	labels="allmodules after: build|allmodules after: load|allmodules after: known bugs"
	trees=after ;;
*)	fail "allmodules: ALLMODULES=$mode: series, share or none"
	exit 0 ;;
esac
why=$(i386_guest_why)
# Its cost (doc/allmodules.md, "make check's share"): the series' share
# from an empty $(BUILD) with a cold compiler cache, 524 CPU-seconds
# (a new machine's make check); on a machine that built it before, its
# products are kept (build-allmodules.sh's products_store) and only the
# boots are left.  Paid for by run_cases.py's end of a boot that has
# already failed (tests/58: 328 s to 55 s).
if [ -z "$why" ] && [ "$mode" = none ]; then
	why="ALLMODULES=none"
fi
if [ -n "$why" ]; then
	IFS='|'; for l in $labels; do skip "$l: $why"; done; unset IFS
	exit 0
fi
"$TOP/scripts/allmodules.sh" --share $trees 2>&1 |
	grep -a -E '^(PASS|FAIL|SKIP|>>>|    \|)' | sed -u 's/^>>>/    >>>/'
exit 0
