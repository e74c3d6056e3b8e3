#!/bin/bash
# A module whose kept image points at what the loader drops (issue 38;
# feature/module-elf-checks.patch: elf_check_kept(), check_param_calls(),
# elf_known_type()).  qemu-test/cases/elf-kept.case, booted on the
# series by tests/50 (and 57, 60), loads copies of parmtest.o made by
# qemu-test/badkept.py and wants each refused.  Here each copy is
# loaded, in a boot of its own, on a kernel without those checks
# (tests/bugback/elf-kept.patch on a copy of the built tree,
# $BUILD/i386-elf-bugback): each must take the kernel down (an Oops)
# there, or the case could not tell the checks from their absence.
. "$(dirname "$0")/lib-test.sh"
export ARCH=i386
cases=$TOP/qemu-test/cases
# the copy, the load's arguments, and what the guest does with it
kinds='
rodata||init prints a string of the freed copy
data||init reads variables of the freed copy
bss||variables past the copy
reltype-user||unrelocated code, called at unload
reltype-os||unrelocated code, called at unload
paramnull|num=5|parse_args() calls a NULL set
'
need_i386_guest "elf-kept bug-back" "$cases/elf-kept.case"
bugback_tree "elf-kept bug-back" "$BUILD" "$BUILD/i386-elf-bugback" \
	kernel/module.c "TEST ONLY (tests/bugback/elf-kept.patch)" \
	"$TOP/tests/bugback/elf-kept.patch" || exit 0

while IFS='|' read -r k args what; do
	[ -n "$k" ] || continue
	c=$BUILD/elf-kept-$k.case
	{
		echo "# tests/66: kept-$k.o on the bug-back kernel ($what)"
		echo "timeout: 60"
		echo "step: load /m/kept-$k.o${args:+ $args}"
		echo "step: unload parmtest"
		echo "expect: ^load /m/kept-$k\\.o: -8\$"
		echo "expect: ^init: done\$"
	} > "$c"
	boot_bg "$BUILD/elf-kept-$k.out" "$c"
done <<< "$kinds"
boot_wait
while IFS='|' read -r k args what; do
	[ -n "$k" ] || continue
	out=$BUILD/elf-kept-$k.out
	oops=$(cat "$out".logs/*.log 2>/dev/null | tr -d '\r' |
		grep -a -m1 -E 'Unable to handle kernel|^Oops|Kernel panic')
	if grep -q 'VERDICT: PASS' "$out"; then
		fail "elf-kept bug-back: kept-$k.o is refused without the checks: the case cannot tell"
	elif [ -z "$oops" ]; then
		fail "elf-kept bug-back: kept-$k.o fails without the checks, but with no Oops: $(grep -a -m1 '^FAIL' "$out" | cut -c1-200)"
	else
		pass "elf-kept bug-back: kept-$k.o ($what) Oopses without the checks: $oops"
	fi
done <<< "$kinds"
exit 0
