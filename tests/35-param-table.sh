#!/bin/bash
# The parameter tables of the linked vmlinux and of the test modules:
# .param.init is bounded by __param_start/__param_end and holds exactly
# N * sizeof(struct kernel_param), one entry per declared parameter, even
# for objects built with -ftoplevel-reorder (gcc drops unreferenced
# statics that are not marked used: the seed's tables came out empty).
. "$(dirname "$0")/lib-test.sh"
export ARCH=i386
need_tree_or_skip "param table: vmlinux .param.init bounds" \
	"param table: vmlinux entries" "param table: module objects"

quiet make -s -C "$TOP" modules || { fail "param table: kernel or test modules do not build"; exit 0; }
V=$TREE/vmlinux
M=$BUILD/$ARCH/guest/mods

hex() { echo $((16#${1:-0})); }

sym() { nm "$V" | awk -v s="$1" '$3 == s { print $1 }'; }
start=$(hex "$(sym __param_start)")
end=$(hex "$(sym __param_end)")
read -r saddr ssize < <(readelf -SW "$V" |
	sed -n 's/.*\] \.param\.init *PROGBITS *\([0-9a-f]*\) [0-9a-f]* \([0-9a-f]*\) .*/\1 \2/p')
if [ "$start" = 0 ] || [ "$end" = 0 ]; then
	fail "param table: vmlinux has no __param_start/__param_end"
	exit 0
elif [ -z "$saddr" ]; then
	if [ "$start" = "$end" ]; then
		fail "param table: vmlinux has no .param.init section (every parameter was dropped?)"
	else
		fail "param table: vmlinux has no .param.init section but __param_end - __param_start = $((end - start))"
	fi
	exit 0
elif [ "$(hex "$saddr")" = "$start" ] && [ $(($(hex "$saddr") + $(hex "$ssize"))) = "$end" ]; then
	pass "param table: vmlinux .param.init is exactly [__param_start, __param_end) ($((end - start)) bytes)"
else
	fail "param table: .param.init at 0x$saddr+0x$ssize, but __param_start..end = $(printf '%#x..%#x' "$start" "$end")"
fi

# Every symbol inside the section is one entry; all are the same size.
entries=$(nm -S "$V" | awk -v a="$start" -v b="$end" '
	function h(x,  i, n, c) { n = 0; x = tolower(x)
		for (i = 1; i <= length(x); i++) { c = index("0123456789abcdef", substr(x, i, 1)) - 1; n = n * 16 + c }
		return n }
	NF == 4 && h($1) >= a && h($1) < b { print $4, h($2) }')
n=$(echo "$entries" | grep -c .)
sizes=$(echo "$entries" | awk '{ print $2 }' | sort -u)
if [ "$n" -gt 0 ] && [ "$(echo "$sizes" | wc -l)" = 1 ] && [ $((n * sizes)) = $((end - start)) ]; then
	pass "param table: vmlinux holds $n entries of sizeof(struct kernel_param) = $sizes bytes, nothing else"
else
	fail "param table: vmlinux .param.init: $n symbols, sizes $(echo $sizes), $((end - start)) bytes"
fi
src=$TREE/kernel/paramtest.c
if [ -f "$src" ]; then
	missing=
	for p in $(declared "$src"); do
		grep -q "^__param_$p " <<< "$entries" || missing="$missing $p"
	done
	if grep -q 'CFLAGS_paramtest.o.*-ftoplevel-reorder' "$TREE/kernel/Makefile" &&
	   [ -z "$missing" ]; then
		pass "param table: all $(declared "$src" | wc -l) parameters of kernel/paramtest.c (built with -ftoplevel-reorder) are in the table"
	else
		fail "param table: kernel/paramtest.c parameters missing from vmlinux:${missing:- (or not built with -ftoplevel-reorder)}"
	fi
else
	skip "param table: kernel/paramtest.c: not in the tree (test/paramtest-builtin.patch not applied)"
fi

# Test modules: .param.init of each holds its own parameters and no more.
for m in parmtest oldparm; do
	c=$TOP/qemu-test/modules/$m.c
	[ -f "$c" ] || continue
	check_param_init "param table" "$M/$m.o" "$c" "$sizes"
done

# MODULE_PARM(): one entry per MODULE_PARM in .obsparm, and none refers
# to its variable (no relocation of .obsparm), which is what lets it
# come before the declaration (lateparm.c); the loader finds the
# variable by name, so with the tree's flags every one must be a data
# symbol of the object.  badparm.c's "cuont" is the exception it tests.
for m in oldparm lateparm badparm; do
	c=$TOP/qemu-test/modules/$m.c o=$M/$m.o
	[ -f "$c" ] || continue
	vars=$(sed -n 's/^MODULE_PARM(\([A-Za-z0-9_]*\),.*/\1/p' "$c")
	want=$(($(echo "$vars" | wc -l) * 128))	# sizeof(struct obsolete_modparm), i386
	got=$(section_size "$o" .obsparm)
	lost=$(obsparm_missing "$o" | tr '\n' ' ')
	# badparm.c's typo, and only it, names no variable.
	[ $m = badparm ] && lost=${lost/#cuont /}
	relocs=$(readelf -rW "$o" | grep -c "^Relocation section '\.rel[a]*\.obsparm'")
	if [ "$got" = "$want" ] && [ -z "$lost" ] && [ "$relocs" = 0 ]; then
		pass "param table: $m.o .obsparm holds its $(echo $vars | wc -w) MODULE_PARM entries, unrelocated, and their variables are in the object"
	else
		fail "param table: $m.o .obsparm is $got bytes (want $want), $relocs relocation section(s) for it (want 0); variables missing:${lost:- none}"
	fi
done
exit 0
