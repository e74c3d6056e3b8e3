#!/bin/bash
# The harness itself, without a kernel tree: tree checks, case files,
# the case runner's matching, the guest init.
. "$(dirname "$0")/lib-test.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A tree that is not 2.5.50 is refused, and the message says what to do.
mkdir -p "$tmp/fake/kernel" "$tmp/fake/arch/i386"
printf 'VERSION = 2\nPATCHLEVEL = 6\nSUBLEVEL = 0\nEXTRAVERSION =\n' > "$tmp/fake/Makefile"
touch "$tmp/fake/kernel/module.c" "$tmp/fake/arch/i386/vmlinux.lds.S"
if make -s -C "$TOP" tree KSRC="$tmp/fake" BUILD="$tmp/b" > "$tmp/o" 2>&1; then
	fail "harness: 2.6.0 tree accepted as KSRC"
elif grep -q "is Linux 2.6.0, not 2.5.50" "$tmp/o" && grep -q "archive --prefix=linux-2.5.50/" "$tmp/o"; then
	pass "harness: wrong tree version refused with instructions"
else
	fail "harness: wrong tree refused without a clear message: $(head -3 "$tmp/o")"
fi
sed -i 's/PATCHLEVEL = 6/PATCHLEVEL = 5/; s/SUBLEVEL = 0/SUBLEVEL = 50/' "$tmp/fake/Makefile"
if check_ksrc "$tmp/fake" 2>/dev/null; then
	pass "harness: a 2.5.50 Makefile with kernel/module.c is taken as a tree"
else
	fail "harness: 2.5.50 tree refused"
fi
touch "$tmp/fake/.config"
if check_ksrc "$tmp/fake" 2>/dev/null; then
	fail "harness: a configured (not pristine) tree accepted"
else
	pass "harness: a tree with .config is not pristine"
fi
if make -s -C "$TOP" tree KSRC="$tmp/none" BUILD="$tmp/b" > "$tmp/o" 2>&1; then
	fail "harness: missing KSRC accepted"
elif grep -q "not a pristine Linux 2.5.50 tree" "$tmp/o"; then
	pass "harness: missing KSRC refused with instructions"
else
	fail "harness: missing KSRC: unclear message"
fi
[ -e "$tmp/b" ] && fail "harness: build dir created for a bad KSRC" ||
	pass "harness: nothing written for a bad KSRC"

# Every case file parses; the matcher passes and fails as it should.
if python3 - "$TOP" <<'PY'
import sys, glob, importlib.util
top = sys.argv[1]
spec = importlib.util.spec_from_file_location("rc", top + "/scripts/run-cases.py")
rc = importlib.util.module_from_spec(spec); spec.loader.exec_module(rc)
for c in glob.glob(top + "/qemu-test/cases/*.case"):
    rc.parse_case(c)
assert rc.expand("a{rep 3 xy}b\\x41\\xff") == b"axyxyxyb" + b"A\xff"
case = {"expect": ["^a$", "^b$"], "absent": ["bad"], "absent-after": [("^b$", "^a$")],
        "allow-fatal": False}
assert rc.check(case, ["a", "b"]) == []
assert rc.check(case, ["b", "a"]) != []            # order matters
assert rc.check(case, ["a", "b", "bad"]) != []     # absent
assert rc.check(case, ["a", "b", "a"]) != []       # absent-after
assert rc.check(case, ["a", "b", "Kernel panic - not syncing"]) != []
PY
then pass "harness: case files parse, matcher is strict"
else fail "harness: case parser/matcher self-test"
fi

# The guest init builds and is a static i386 executable without libc.
if quiet make -s -C "$TOP" init BUILD="$tmp/b"; then
	f=$tmp/b/i386/guest/init
	if file "$f" | grep -q "ELF 32-bit LSB executable, Intel 80386.*statically linked" &&
	   ! readelf -d "$f" 2>/dev/null | grep -q NEEDED &&
	   [ -z "$(nm -u "$f")" ]; then
		pass "guest init: static i386 ELF, no undefined symbols"
	else
		fail "guest init: not a self-contained static i386 ELF"
	fi
else
	fail "guest init: does not build"
fi
exit 0
