#!/bin/bash
# Exported symbols' names out of line (feature/module-ksymtab-strings.patch):
# struct kernel_symbol is { value, const char *name }, the names in
# __ksymtab_strings, where depmod reads a module's exports.  On i386's
# vmlinux every __ksymtab and __gpl_ksymtab entry is the one its
# __ksymtab_X symbol names, with X's address and the name "X" from
# __ksymtab_strings, which holds nothing else and no padding; each test
# module that exports has exactly its names there.  The cross arches'
# vmlinux the same: tests/60-cross.sh checks each where it builds it,
# so that its part of make check needs no other (make check SHARD=k/n,
# doc/ci-matrix.md); on ia64 an exported function's value is its
# function descriptor.  The check must fail on an object with 2.5.50's
# entries (char name[60], no strings section).
. "$(dirname "$0")/lib-test.sh"
export ARCH=i386
need_tree_or_skip "ksymtab: i386 vmlinux" "ksymtab: test modules" "ksymtab: old layout refused"
C="python3 $TOP/tests/helpers/ksymtab-check.py"

quiet make -s -C "$TOP" modules || { fail "ksymtab: kernel or test modules do not build"; exit 0; }
if out=$($C vmlinux "$TREE/vmlinux" 2>&1); then
	pass "ksymtab: i386 vmlinux: ${out#ok: }"
else
	fail "ksymtab: i386 vmlinux: $(echo "$out" | head -3 | tr '\n' ' ')"
fi
n=0
for o in $(cat "$BUILD/$ARCH/guest/modules.list"); do
	nm "$o" 2>/dev/null | grep ' __ksymtab_' > /dev/null || continue
	n=$((n + 1))
	if out=$($C module "$o" 2>&1); then
		pass "ksymtab: $(basename "$o"): ${out#ok: }"
	else
		fail "ksymtab: $(basename "$o"): $(echo "$out" | head -3 | tr '\n' ' ')"
	fi
done
[ $n -ge 2 ] || fail "ksymtab: only $n test modules export symbols (noinit, stressa, licgpl do)"

# The check itself: 2.5.50's layout must fail it.
T=$(mktemp -d)
cat > "$T/old.c" <<'EOC'
struct kernel_symbol { unsigned long value; char name[64 - sizeof(unsigned long)]; };
int old_value;
const struct kernel_symbol __ksymtab_old_value
	__attribute__((section("__ksymtab"))) = { (unsigned long)&old_value, "old_value" };
EOC
if ! gcc -c -o "$T/old.o" "$T/old.c"; then
	fail "ksymtab: old layout refused: the probe object does not compile"
elif out=$($C module "$T/old.o" 2>&1); then
	fail "ksymtab: old layout refused: 2.5.50's char name[60] entry passes the check: $out"
else
	pass "ksymtab: old layout refused: an object with 2.5.50's entries fails the check (${out#*: })"
fi
rm -rf "$T"
exit 0
