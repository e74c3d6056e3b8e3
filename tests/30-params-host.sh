#!/bin/bash
# kernel/params.c of the patched tree, compiled in user space against the
# shims of tests/host (ASan + UBSan, long of 64 and 32 bits) and unit
# tested; moduleparam.h's compile-time type checks; the parameter table
# surviving gcc's -ftoplevel-reorder.
. "$(dirname "$0")/lib-test.sh"
H=$TOP/tests/host
need_tree_or_skip "params host: unit test (64-bit long)" \
	"params host: unit test (32-bit long)" "params host: type checks" \
	"params host: table kept with -ftoplevel-reorder"

quiet "$TOP/scripts/prepare-tree.sh" || { fail "params host: tree"; exit 0; }
if [ ! -f "$TREE/kernel/params.c" ] || [ ! -f "$TREE/include/linux/moduleparam.h" ]; then
	fail "params host: no kernel/params.c or moduleparam.h in $TREE (is feature/module-param-core.patch in the series?)"
	exit 0
fi
O=$BUILD/$ARCH/host-params
mkdir -p "$O"
tmp=$(mktemp -d)
on_exit 'rm -rf "$tmp"'

# 1. The unit test, one line per group; it ends with "done" unless a
#    check crashed or a sanitizer stopped it.
if quiet make -s -C "$H" TREE="$TREE" O="$O" all; then
	# The 32-bit one runs natively, or under qemu-i386 on a host whose
	# kernel runs no i386 programs; each line says which.
	way32=$(host32_way)
	for bits in 64 32; do
		how=
		if [ $bits = 32 ]; then
			case $way32 in
			none*)	skip "params host (32-bit long): unit test: cannot run an i386 program here (${way32#none: })"
				continue ;;
			qemu-i386) how=", qemu-i386, leak check off" ;;
			*)	how=", $way32" ;;
			esac
			run32 "$O/params-test-$bits" > "$tmp/out" 2>&1
		else
			"$O/params-test-$bits" > "$tmp/out" 2>&1
		fi
		grep -E '^(PASS|FAIL): ' "$tmp/out" | sed "s/^\([A-Z]*: params host ($bits-bit long\)/\1$how/"
		if ! grep -qx done "$tmp/out"; then
			fail "params host ($bits-bit long$how): unit test stopped early: $(grep -v -E '^(PASS|FAIL): ' "$tmp/out" | head -3 | tr '\n' ' ')"
		fi
	done
else
	fail "params host: kernel/params.c or tests/host/params-test.c does not build in user space"
fi

# Compile a snippet of C against moduleparam.h as the unit test does.
cc_snippet() {	# bits file [extra flags]
	local bits=$1 f=$2
	shift 2
	gcc -m"$bits" -O2 -Wall -Werror -I"$H/include" \
		-DKTREE_MODULEPARAM_H="\"${MODULEPARAM_H:-$TREE/include/linux/moduleparam.h}\"" \
		-DKTREE_COMPILER_H="\"$TREE/include/linux/compiler.h\"" \
		-DKTREE_STRINGIFY_H="\"$TREE/include/linux/stringify.h\"" \
		-DKTREE_CTYPE_H="\"$TREE/include/linux/ctype.h\"" \
		-DKBUILD_MODNAME=snippet "$@" -c -o "${f%.c}.o" "$f"
}

# 2. Compile-time type checks: each type takes its own variable type,
#    and refuses the wrong one.
cat > "$tmp/good.c" <<'EOF'
#include <linux/kernel.h>
#include <linux/moduleparam.h>
static short a;
static unsigned short b;
static int c;
static unsigned int d;
static long e;
static unsigned long f;
static char *g;
static int h, i;
static int j[3 + 2] = { 0, 2 };
static char k[4];
module_param(a, short, 0);
module_param(b, ushort, 0);
module_param(c, int, 0);
module_param(d, uint, 0);
module_param(e, long, 0);
module_param(f, ulong, 0);
module_param(g, charp, 0);
module_param(h, bool, 0);
module_param(i, invbool, 0);
module_param(j, intarray, 0);
module_param_string(k, k, sizeof(k), 0);
module_param_named(other, c, int, 0);
EOF
if cc_snippet 32 "$tmp/good.c" 2> "$tmp/err"; then
	good=1
else
	good=
	fail "params host: type checks: correctly typed parameters do not compile warning-free: $(grep -m1 -E 'error|warning' "$tmp/err")"
fi
bad=
nbad=0
while IFS='|' read -r decl type; do
	printf '#include <linux/kernel.h>\n#include <linux/moduleparam.h>\n%s\nmodule_param(x, %s, 0);\n' \
		"$decl" "$type" > "$tmp/bad.c"
	nbad=$((nbad + 1))
	cc_snippet 32 "$tmp/bad.c" 2>/dev/null && bad="$bad [$decl as $type]"
done <<'EOF'
static long x;|int
static unsigned int x;|int
static int x;|uint
static short x;|int
static int x;|short
static unsigned char x;|ushort
static int x;|long
static long x;|ulong
static int x;|charp
static char x[4];|charp
static char *x;|int
static short x;|bool
static long x;|invbool
static int x;|intarray
static char *x[4];|intarray
static unsigned int x[5];|intarray
EOF
if [ -n "$good" ] && [ -z "$bad" ]; then
	pass "params host: type checks: every type compiles with its own variable, $nbad mismatches refused"
elif [ -n "$bad" ]; then
	fail "params host: type checks: wrong variable types accepted:$bad"
fi

# 3. The table entries are referenced by nothing but their section: with
#    gcc's default -ftoplevel-reorder they survive only if marked used.
#    The section must hold exactly N entries of sizeof(struct kernel_param)
#    (no padding between them either, on a 64-bit host).  The seed's
#    __attribute__((unused)) must fail the same check.
cat > "$tmp/table.c" <<'EOF'
#include <linux/kernel.h>
#include <linux/moduleparam.h>
static int a, c[3 + 2] = { 0, 2 };
static unsigned long b;
static char *d;
static char e[8];
module_param(a, int, 0);
module_param(b, ulong, 0);
module_param(c, intarray, 0);
module_param(d, charp, 0);
module_param_string(e, e, sizeof(e), 0);
module_param_named(f, a, int, 0);
char kp_size_probe[sizeof(struct kernel_param)];
EOF
ntable=6
seed_h=$tmp/seed-moduleparam.h
sed 's/__attribute_used__/__attribute__((unused))/' "$TREE/include/linux/moduleparam.h" > "$seed_h"
ok=1
for bits in 32 64; do
	if ! cc_snippet $bits "$tmp/table.c" -ftoplevel-reorder 2> "$tmp/err"; then
		fail "params host: table.c (-m$bits) does not build: $(grep -m1 error "$tmp/err")"
		ok=
		continue
	fi
	kp=$(nm -S "$tmp/table.o" | awk '$4 == "kp_size_probe" { print $2 }')
	kp=$((16#${kp:-0}))
	got=$(section_size "$tmp/table.o" .param.init)
	if [ "$got" != $((ntable * kp)) ]; then
		fail "params host: -m$bits -ftoplevel-reorder: .param.init is $got bytes, want $ntable x $kp"
		ok=
	fi
	cp "$tmp/table.c" "$tmp/seed.c"
	MODULEPARAM_H=$seed_h cc_snippet $bits "$tmp/seed.c" -ftoplevel-reorder 2>/dev/null
	seed=$(section_size "$tmp/seed.o" .param.init)
	if [ "$seed" = $((ntable * kp)) ]; then
		fail "params host: the table check does not notice the seed's unused attribute (-m$bits)"
		ok=
	fi
done
[ -n "$ok" ] && pass "params host: with -ftoplevel-reorder .param.init keeps all $ntable entries, unpadded, for -m32 and -m64 (the seed's 'unused' loses them)"

# 4. MODULE_PARM()'s type strings, every distinct one of the tree (read
#    from KSRC now, macros expanded: tests/helpers/obsparm-types.py)
#    through set_obsolete() and get_obsolete() of the patched
#    kernel/module.c (tests/host/obsparm-test.c), then variables of
#    other sizes than their types say.  Bug-backs: the same with
#    tests/bugback/obsparm-no-chars.patch in a copy of module.c must
#    fail the cN types; with tests/bugback/obsparm-no-size-cap.patch,
#    the variable sizes.
obsparm_run() {	# bits program: the unit test's lines
	if [ "$1" = 32 ]; then
		run32 "$2" < "$O/obsparm-types.txt"
	else
		"$2" < "$O/obsparm-types.txt"
	fi
}
if ! python3 "$TOP/tests/helpers/obsparm-types.py" "$KSRC" > "$O/obsparm-types.txt" ||
   [ ! -s "$O/obsparm-types.txt" ]; then
	fail "obsparm host: no MODULE_PARM type strings read from $KSRC"
elif ! quiet make -s -C "$H" TREE="$TREE" O="$O" obsparm; then
	fail "obsparm host: set_obsolete()/get_obsolete() of $TREE/kernel/module.c do not build in user space (is feature/module-param-sysfs.patch in the series?)"
else
	way32=$(host32_way)
	for bits in 64 32; do
		how=
		if [ $bits = 32 ]; then
			case $way32 in
			none*)	skip "obsparm host (32-bit long): cannot run an i386 program here (${way32#none: })"
				continue ;;
			qemu-i386) how=", qemu-i386, leak check off" ;;
			*)	how=", $way32" ;;
			esac
		fi
		obsparm_run $bits "$O/obsparm-test-$bits" > "$tmp/obs" 2>&1
		grep -E '^(PASS|FAIL|# )' "$tmp/obs" | sed "s/^\([A-Z#]*:* *obsparm host ($bits-bit long\)/\1$how/"
		grep -qx done "$tmp/obs" ||
			fail "obsparm host ($bits-bit long$how): stopped early: $(grep -v -E '^(PASS|FAIL|# )' "$tmp/obs" | head -3 | tr '\n' ' ')"
	done
	# obsparm_bugback NAME: the 64-bit unit test built from a copy of
	# module.c with tests/bugback/NAME.patch, its lines in $tmp/obs;
	# fails (prints why) when it does not apply or build.
	obsparm_bugback() {
		local bb=$O/bugback-$1
		mkdir -p "$bb"
		cp "$TREE/kernel/module.c" "$bb/module.c"
		if ! patch -s -F0 "$bb/module.c" < "$TOP/tests/bugback/$1.patch" > "$tmp/bbpatch" 2>&1; then
			fail "obsparm host: bug-back: tests/bugback/$1.patch does not apply: $(head -2 "$tmp/bbpatch" | tr '\n' ' ')"
			return 1
		elif ! quiet make -s -C "$H" TREE="$TREE" O="$bb" MODULE_C="$bb/module.c" \
			HOST_CFLAGS="-g -O1 -Wall -Werror -Wno-unused-function -fno-omit-frame-pointer" "$bb/obsparm-test-64"; then
			fail "obsparm host: bug-back $1: does not build"
			return 1
		fi
		cp "$O/obsparm-types.txt" "$bb/"
		O=$bb obsparm_run 64 "$bb/obsparm-test-64" > "$tmp/obs" 2>&1
		return 0	# it fails, as it must: the caller reads how
	}
	if obsparm_bugback obsparm-no-chars; then
		nc=$(grep -c '^c[0-9]\|^[0-9-]*c[0-9]' "$O/obsparm-types.txt")
		nf=$(grep -c '^FAIL: obsparm host (64-bit long): type "[0-9-]*c[0-9]*"' "$tmp/obs")
		if [ "$nc" -gt 0 ] && [ "$nf" = "$nc" ]; then
			pass "obsparm host: bug-back (no cN case in set_obsolete): all $nc cN types of the tree fail, as they must"
		else
			fail "obsparm host: bug-back (no cN case in set_obsolete): $nf of the $nc cN types fail, want all"
		fi
	fi
	if obsparm_bugback obsparm-no-size-cap; then
		# Every case but those where the type and the variable agree.
		# (a value read past a char array may be any byte: grep -a)
		sum=$(grep -a '^FAIL: obsparm host (64-bit long): variable sizes: [0-9]* of' "$tmp/obs")
		sum=${sum#*variable sizes: }
		nf=$(grep -a -c '^FAIL: obsparm host (64-bit long): variable sizes: "' "$tmp/obs")
		if [ -n "$sum" ] && [ "$nf" -ge 20 ] && grep -a -qx done "$tmp/obs"; then
			pass "obsparm host: bug-back (no size limit): ${sum% (lines above)}: writes and reads past the variable, too small ones taken"
		else
			fail "obsparm host: bug-back (no size limit): $nf variable size cases fail, want at least 20, and the test must end: $(grep -v '^PASS' "$tmp/obs" | head -2 | tr '\n' ' ')"
		fi
	fi
fi
exit 0
