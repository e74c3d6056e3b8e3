#!/bin/bash
# The kmod cases against the bugs of /sys/module/NAME put back (doc/kmod.md):
# tests/bugback/sysmod/sysfs-module-bugs.patch brings back one bug per
# bit of the boot parameter "sysmodbug=N"; on the kernel tests/54 builds
# with it ($BUILD/i386-sysmod-bugback), qemu-test/busybox/cases/
# kmod-bad.case (bad input: /sys/module must stay as it was),
# kmod-insmod.case and kmod-failnth.case (the fail-nth walk of modprobe:
# a dentry kept by a failed holders link; and 2.5.50's exec freeing the
# mm of a binary that fails past its point of no return, put back by
# tests/bugback/sysmod/exec-mm-bug.patch), and exec-failnth.case (the
# walk of an exec whose signal table is shared: exec's late error paths,
# put back by tests/bugback/sysmod/fs-exec-late-bug.patch) must fail on
# each bug they are for, at the line that checks it, and pass with
# sysmodbug=0.  The kernel is tests/54's
# (sysmod_bugback_tree), rebuilt here only where something changed.
. "$(dirname "$0")/lib-test.sh"
export ARCH=i386
# bit|what|case|a piece of run_cases.py's FAIL line that that bug gives
bugs='
1|no directory without a visible parameter|kmod-insmod|expected '\''^live$'\''
2|refcnt always 0|kmod-bad|Module licgpl is in use
8|a failed init leaves its directory|kmod-bad|unexpected '\''Oops
16|a long name cut to 15 characters, so not its directory|kmod-bad|expected '\''^live$'\''
32|the directory removed before a refused unload|kmod-bad|unexpected '\''^sysfs: changed'\''
1024|a failed link keeps its dentry|kmod-failnth|expected '\''^failnth modprobe holder: slab caches with more objects: 0$'\''
8192|exec frees the mm past the point of no return|kmod-failnth|written after its free
16384|a static binary failing in flush_old_exec puts a NULL file|exec-failnth|unexpected '\''Oops
32768|the private signal table allocated after the old mm is gone|exec-failnth|the private signal table must be refused
65536|setup_arg_pages failing leaks the program headers|exec-failnth|expected '\''^failnth exec: slab caches with more objects: 0$'\''
131072|an exec leaves a shared signal table shared|exec-failnth|handler reset
'
bits=(sysmodbug=0 $(echo "$bugs" | cut -d'|' -f1 | sed '/^$/d; s/^/sysmodbug=/'))
labels=("${bits[@]/#/kmod bug-back }")
need_i386_guest "kmod bug-back" "${bits[@]}"
CASES=$TOP/qemu-test/busybox/cases

busybox_root "$BUILD/i386/busybox-build.out" kmod "${labels[@]}" || exit 0
export GUEST_ROOT=$BB_ROOT
# From here BUILD is the bug-back tree's (bugback_tree exports it).
sysmod_bugback_tree "kmod bug-back" || exit 0

# Every boot first, $JOBS at a time, then the verdicts in order.
APPEND="sysmodbug=0" boot_bg "$BUILD/kmod-bugback-0.out" "$CASES/kmod-bad.case" "$CASES/kmod-insmod.case" \
	"$CASES/kmod-failnth.case" "$CASES/exec-failnth.case"
while IFS='|' read -r bit what case sign; do
	[ -n "$bit" ] || continue
	APPEND="sysmodbug=$bit" boot_bg "$BUILD/kmod-bugback-$bit.out" "$CASES/$case.case"
done <<< "$bugs"
boot_wait
out=$BUILD/kmod-bugback-0.out
if [ "$(boot_verdict "$out")" = PASS ]; then
	pass "kmod bug-back sysmodbug=0: kmod-bad, kmod-insmod, kmod-failnth and exec-failnth pass on the bug-back kernel without a bug"
else
	fail "kmod bug-back sysmodbug=0: fails without a bug: $(grep -a -m1 '^FAIL' "$out" | cut -c1-200)"
fi
while IFS='|' read -r bit what case sign; do
	[ -n "$bit" ] || continue
	bugback_verdict "kmod bug-back sysmodbug=$bit ($what): $case" "$BUILD/kmod-bugback-$bit.out" "$sign"
done <<< "$bugs"
exit 0
