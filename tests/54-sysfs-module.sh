#!/bin/bash
# /sys/module/NAME for every module (feature/module-sysfs-state.patch):
# qemu-test/cases/sysfs-module.case must catch each of the bugs that
# tests/bugback/sysmod/sysfs-module-bugs.patch puts back, one bit of the
# boot parameter "sysmodbug=N" each, at the line that checks it; so must
# sysfs-holders.case those of holders/ (module-sysfs-holders.patch); and
# sysfs-faults.case and use-unloading.case the lifetime bugs of issue 38
# (a failed setup's removal, a failed link's dentry, a use of a module
# being unloaded; with test/module-lifetime-hooks.patch's knobs); and
# sysfs-sections.case the lifetime bug of sections/ a file held open
# across rmmod finds (module-sysfs-sections.patch: under DEBUG_SLAB, the
# freed table reads 0x5a5a5a5a).
# The cases themselves, on the series, are booted by tests/50 (and 57,
# 60).  The bug-back tree is a copy of $BUILD/i386 with that patch on top
# ($BUILD/i386-sysmod-bugback; only what the patch touches is rebuilt).
. "$(dirname "$0")/lib-test.sh"
export ARCH=i386
OUTER=$BUILD
cases=$TOP/qemu-test/cases
# bit, the case, and a piece of run_cases.py's FAIL line that only that
# bug gives (it quotes the expected regex with repr(): \/ shows as \\/).
bugs='
1|no directory without a visible parameter|sysfs-module|sysstate\\/refcnt: 0$
2|refcnt always 0|sysfs-module|stressa\\/refcnt: 1$
4|initstate "live" while init runs|sysfs-module|initstate=coming$
8|a failed init leaves its directory|sysfs-module|dircheck /sys/module: added sysfail
16|a long name cut to 15 characters|sysfs-module|sysparm_long_name\\/parameters\\/value: 1$
32|the directory removed before a refused unload|sysfs-module|dircheck /sys/module: gone stressa
64|a file held open across rmmod reads the freed module|sysfs-module|readheld: -19$
128|a link stays after the user has gone|sysfs-holders|holders: gone holder$
256|the links made after init, not before|sysfs-holders|initstate through the link=coming$
512|a failed setup removes files it never made|sysfs-faults|load \\/m\\/stressp\\.o: 0$
1024|a failed link keeps its dentry|sysfs-faults|at most 6: ok$
2048|a module being unloaded used with no reference|use-unloading|load \\/m\\/stressb\\.o: -16$
2048|the same, the unload an O_NONBLOCK one|use-unloading-nonblock|load \\/m\\/stressb\\.o: -16$
4096|a section file held open across rmmod reads the freed table|sysfs-sections|held: 0x5a5a5a5a
'
zero='sysfs-module sysfs-holders sysfs-faults use-unloading use-unloading-nonblock sysfs-sections'
need_i386_guest "sysfs-module bug-back" "$cases/sysfs-module.case" \
	"$cases/sysfs-holders.case" "$cases/sysfs-faults.case" \
	"$cases/use-unloading.case" "$cases/use-unloading-nonblock.case" \
	"$cases/sysfs-sections.case"

sysmod_bugback_tree "sysfs-module bug-back" || exit 0

# No bit set: the bug-back kernel is the series' and the cases pass.
# Every boot first, $JOBS at a time, then the verdicts in order.
for c in $zero; do
	APPEND="sysmodbug=0" boot_bg "$BUILD/$c-0.out" "$cases/$c.case"
done
while IFS='|' read -r bit what c sign; do
	[ -n "$bit" ] || continue
	APPEND="sysmodbug=$bit" boot_bg "$BUILD/$c-$bit.out" "$cases/$c.case"
done <<< "$bugs"
boot_wait
for c in $zero; do
	out=$BUILD/$c-0.out
	if [ "$(boot_verdict "$out")" = PASS ]; then
		pass "sysfs-module bug-back: sysmodbug=0 (no bug) passes $c"
	else
		fail "sysfs-module bug-back: sysmodbug=0 (no bug) fails $c: $(grep -a -m1 '^FAIL' "$out" | cut -c1-200)"
	fi
done
while IFS='|' read -r bit what c sign; do
	[ -n "$bit" ] || continue
	bugback_verdict "sysfs-module bug-back: sysmodbug=$bit ($what)" "$BUILD/$c-$bit.out" "$sign"
done <<< "$bugs"
exit 0
