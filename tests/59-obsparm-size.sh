#!/bin/bash
# MODULE_PARM() variables of other sizes than their types say (issue 38;
# feature/module-param-obsolete.patch: obsolete_fit(),
# obsolete_check_size()).  qemu-test/cases/params-obsolete-size.case,
# booted on the series by tests/50 (and 57, 60), loads
# qemu-test/modules/obsize.c with too many values for its variables and
# a parameter too small for its type, and wants the guards after them
# intact.  Here the same case boots on a kernel without the size limit
# (tests/bugback/obsparm-no-size-cap.patch on a copy of the built tree,
# $BUILD/i386-obsparm-bugback): it must fail, big=1,2,3 writing over
# big's guard, or the case could not tell the limit from its absence.
. "$(dirname "$0")/lib-test.sh"
export ARCH=i386
case=$TOP/qemu-test/cases/params-obsolete-size.case
need_i386_guest "obsparm-size bug-back" "$case"
bugback_tree "obsparm-size bug-back" "$BUILD" "$BUILD/i386-obsparm-bugback" \
	kernel/module.c "unsigned long n = type ? ~0UL : 0;" \
	"$TOP/tests/bugback/obsparm-no-size-cap.patch" || exit 0
out=$BUILD/obsparm-size.out
rm -f "$out.json"
BOOT_JOBS=1 BOOT_LOGDIR=$out.logs BOOT_RESULTS=$out.json "$TOP/scripts/boot.sh" "$case" > "$out" 2>&1
bugback_verdict "obsparm-size bug-back: params-obsolete-size without the size limit" \
	"$out" "unexpected '^obsize: guards CHANGED'"
exit 0
