#!/bin/bash
# A module whose kept image points at what the loader drops (issue 38;
# feature/module-elf-checks.patch: elf_check_kept(), check_param_calls(),
# elf_known_type(), elf_check_symbols()' reserved indices, section
# groups).  qemu-test/cases/elf-kept.case, booted on the series by
# tests/50 (and 57, 60), loads copies of parmtest.o made by
# qemu-test/badkept.py and wants each refused (and kept-group.o
# loaded).  Here each copy is loaded, in a boot of its own, on a kernel
# without those checks (tests/bugback/elf-kept.patch on a copy of the
# built tree, $BUILD/i386-elf-bugback): each must take the kernel down
# (an Oops) there, or the case could not tell the checks from their
# absence; kept-group.o, which the series takes, must be refused there
# (that kernel refuses every group, as the series did before issue 38's
# review).
. "$(dirname "$0")/lib-test.sh"
export ARCH=i386
cases=$TOP/qemu-test/cases
# the copy, the guest's step, the load's arguments, what the bug-back
# kernel must do (oops, or refuse: -8), and why
kinds='
rodata|load||oops|init prints a string of the freed copy
data|load||oops|init reads variables of the freed copy
bss|load||oops|variables past the copy
reltype-user|load||oops|unrelocated code, called at unload
reltype-os|load||oops|unrelocated code, called at unload
paramnull|load|num=5|oops|parse_args() calls a NULL set
paramargnull|load|num=5|oops|param_set_int() writes through a NULL arg
shndx-reserved|loadwide||oops|.data taken from section 0xff00, the freed copy
group|load||refuse|a section group refused
'
need_i386_guest "elf-kept bug-back" "$cases/elf-kept.case"
bugback_tree "elf-kept bug-back" "$BUILD" "$BUILD/i386-elf-bugback" \
	kernel/module.c "TEST ONLY (tests/bugback/elf-kept.patch)" \
	"$TOP/tests/bugback/elf-kept.patch" || exit 0

while IFS='|' read -r k step args want what; do
	[ -n "$k" ] || continue
	c=$BUILD/elf-kept-$k.case
	{
		echo "# tests/66: kept-$k.o on the bug-back kernel ($what)"
		echo "timeout: 60"
		echo "step: $step /m/kept-$k.o${args:+ $args}"
		echo "step: unload parmtest"
		# what the series does with it, as elf-kept.case wants (it
		# takes what the bug-back kernel must refuse)
		if [ "$want" = refuse ]; then
			echo "expect: ^$step /m/kept-$k\\.o: 0\$"
		else
			echo "expect: ^$step /m/kept-$k\\.o: -8\$"
		fi
		echo "expect: ^init: done\$"
	} > "$c"
	boot_bg "$BUILD/elf-kept-$k.out" "$c"
done <<< "$kinds"
boot_wait
while IFS='|' read -r k step args want what; do
	[ -n "$k" ] || continue
	out=$BUILD/elf-kept-$k.out
	log=$(cat "$out".logs/*.log 2>/dev/null | tr -d '\r')
	oops=$(grep -a -m1 -E 'Unable to handle kernel|^Oops|Kernel panic' <<< "$log")
	if [ "$(boot_verdict "$out")" = PASS ]; then
		fail "elf-kept bug-back: kept-$k.o is $([ "$want" = oops ] && echo refused || echo taken) without the checks: the case cannot tell"
	elif [ "$want" = refuse ]; then
		if [ -z "$oops" ] && grep -aq "^$step /m/kept-$k\.o: -8\$" <<< "$log"; then
			pass "elf-kept bug-back: kept-$k.o ($what) is refused without the fix: $(grep -a -m1 '^module: ' <<< "$log")"
		else
			fail "elf-kept bug-back: kept-$k.o, not refused without the fix as it should be: ${oops:-$(grep -a -m1 '^FAIL' "$out" | cut -c1-200)}"
		fi
	elif [ -z "$oops" ]; then
		fail "elf-kept bug-back: kept-$k.o fails without the checks, but with no Oops: $(grep -a -m1 '^FAIL' "$out" | cut -c1-200)"
	else
		pass "elf-kept bug-back: kept-$k.o ($what) Oopses without the checks: $oops"
	fi
done <<< "$kinds"
exit 0
