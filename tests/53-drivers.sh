#!/bin/bash
# Real 2.5.50 drivers as modules (doc/drivers.md): build the
# kernel-config/i386-drivers kernel in its own tree (scripts/build-drivers.sh),
# check the module objects, then boot qemu-test/drivers/*.case, each with
# the NIC QEMU emulates, loading the drivers with good and bad parameters;
# then qemu-test/busybox/drivers/*.case: kmod's modprobe on them in the
# busybox guest (doc/kmod.md).
. "$(dirname "$0")/lib-test.sh"
export ARCH=i386
cases=$(ls "$TOP"/qemu-test/drivers/*.case)
checks="drivers: build|drivers: memcmp exported and called|drivers: MODULE_PARM variables"
why=$(i386_guest_why)
if [ -n "$why" ]; then
	IFS='|'; for c in $checks; do skip "$c: $why"; done; unset IFS
	for c in $cases "$TOP"/qemu-test/busybox/drivers/*.case; do skip "drivers case $(basename "$c" .case): $why"; done
	exit 0
fi

DB=$BUILD/i386-drivers
DT=$DB/i386/linux-2.5.50
if quiet "$TOP/scripts/build-drivers.sh"; then
	pass "drivers: build (kernel-config/i386-drivers, $(wc -l < "$DB/i386/guest/modules.list") modules)"
else
	fail "drivers: build: the drivers kernel or its modules do not build"
	exit 0
fi
mods=$(cat "$DB/i386/guest/modules.list")

# gcc 12 calls memcmp out of line (compat/i386-export-memcmp.patch):
# e100 and usbcore need it, so the kernel must export it.
callers=$(for m in $mods; do nm -u "$m" | grep -w memcmp > /dev/null && basename "$m"; done | tr '\n' ' ')
if ! grep -q ' __ksymtab_memcmp$' "$DT/System.map"; then
	fail "drivers: memcmp exported and called: vmlinux has no __ksymtab_memcmp (callers: $callers)"
elif [ -z "$callers" ]; then
	fail "drivers: memcmp exported and called: no module calls memcmp any more (drop the compat patch?)"
else
	pass "drivers: memcmp exported and called: __ksymtab_memcmp in vmlinux, called by ${callers% }"
fi

# The loader finds a MODULE_PARM's variable by name among the module's
# own symbols: every name in .obsparm must be a data symbol the object
# defines (a static gcc dropped would make the parameter unknown).
bad= n=0
for m in $mods; do
	miss=$(obsparm_missing "$m")
	[ "$miss" = - ] && continue
	n=$((n + $(section_size "$m" .obsparm) / 128))
	for p in $miss; do bad="$bad $(basename "$m"):$p"; done
done
if [ "$n" = 0 ]; then
	fail "drivers: MODULE_PARM variables: no .obsparm entry in any module"
elif [ -n "$bad" ]; then
	fail "drivers: MODULE_PARM variables: not in the object:$bad"
else
	pass "drivers: MODULE_PARM variables: all $n of the modules' MODULE_PARM()s name a variable the object defines"
fi

# What the real drivers say about themselves (module-modinfo.patch):
# kmod's modinfo shows each one's own licence, authors, description and
# parameters with their descriptions and types, as its sources declare.
if grep -q '__MODULE_INFO' "$DT/include/linux/moduleparam.h"; then
	for m in $mods; do
		check_modinfo "drivers: modinfo $(basename "$m")" "$m" $(module_sources "$DT" "$m")
	done
fi

BUILD=$DB "$TOP/scripts/boot.sh" $cases | case_lines drivers

# kmod's modprobe on the drivers (doc/kmod.md): the busybox guest with
# these modules under /lib/modules/2.5.50/kernel/ and the modules.dep
# depmod computed from them, booted with this kernel.
kcases=$(ls "$TOP"/qemu-test/busybox/drivers/*.case)
labels=()
for c in $kcases; do labels+=("drivers case $(basename "$c" .case)"); done
BB_ARGS=("$DB/i386/busybox-root" "$DB/i386/guest/modules.list" "$DT/System.map")
busybox_root "$DB/i386/busybox-build.out" kmod "${labels[@]}" || exit 0
BUILD=$DB GUEST_ROOT=$BB_ROOT "$TOP/scripts/boot.sh" $kcases | case_lines drivers
exit 0
