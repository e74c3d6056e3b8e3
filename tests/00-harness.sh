#!/bin/bash
# The harness itself, without a kernel tree: tree checks, case files,
# the case runner's matching, the guest init.
. "$(dirname "$0")/lib-test.sh"
tmp=$(mktemp -d)
on_exit 'rm -rf "$tmp"'

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
if PYTHONPATH=$TOP/scripts python3 - "$TOP" <<'PY'
import sys, glob
import run_cases as rc
top = sys.argv[1]
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
# needs: a guest without the property skips the case, unbooted.
import os, tempfile, types
with tempfile.TemporaryDirectory() as d:
    n = os.path.join(d, "n.case")
    with open(n, "w") as f:
        f.write("needs: kallsyms=yes\nstep: echo x\n")
    assert rc.parse_case(n)["needs"] == [("kallsyms", "yes")]
    r = rc.run_case(n, types.SimpleNamespace(guest={"kallsyms": "no"}))
    assert r.verdict == "SKIP" and "this guest has kallsyms=no" in r.why[0], r
PY
then pass "harness: case files parse, matcher is strict"
else fail "harness: case parser/matcher self-test"
fi

# The guest init builds and is a static i386 executable without libc.
if quiet make -s -C "$TOP" init BUILD="$tmp/b"; then
	f=$tmp/b/i386/guest/init
	if file "$f" | grep "ELF 32-bit LSB executable, Intel 80386.*statically linked" > /dev/null &&
	   ! readelf -d "$f" 2>/dev/null | grep NEEDED > /dev/null &&
	   [ -z "$(nm -u "$f")" ]; then
		pass "guest init: static i386 ELF, no undefined symbols"
	else
		fail "guest init: not a self-contained static i386 ELF"
	fi
else
	fail "guest init: does not build"
fi
# i386 host programs (the params unit test) run natively or under
# qemu-i386 (scripts/lib.sh, host32_way and run32); HOST32 forces a way,
# and one that cannot work is "none", which the tests skip, not pass.
printf '#include <stdio.h>\n#include <stdlib.h>\nint main(int c, char **v) { char *p = malloc(8); p[0] = 0; free(p); printf("%%d %%s\\n", (int)(sizeof(long) * 8), v[1]); return 3; }\n' > "$tmp/t32.c"
# run32_checks WHERE: what the harness makes of this host's way of
# running i386 programs, against what the kernel really does with one.
# The programs exit 3 by design: whether one ran is read from its output
# (t32plain: no sanitizer, whose leak check would hang it under qemu-user).
run32_checks() {
	local where=$1 way out rc native w
	way=$(unset HOST32_WAY; host32_way)
	out=$(timeout 60 "$tmp/t32plain" x 2> /dev/null)
	[ "$out" = "32 x" ] && native=yes || native=no
	case $native,$way,$(host32_binfmt_qemu) in
	yes,native,)	pass "run32 ($where): the kernel runs i386 programs itself and host32_way says native" ;;
	yes,qemu-i386,?*)
			pass "run32 ($where): the kernel hands i386 programs to $(host32_binfmt_qemu) (binfmt_misc) and host32_way says qemu-i386, LeakSanitizer off" ;;
	no,qemu-i386,|no,none*,)
			pass "run32 ($where): the kernel runs no i386 programs and host32_way says '$way'" ;;
	*)		fail "run32 ($where): the program ran: $native, binfmt qemu: '$(host32_binfmt_qemu)', but host32_way says '$way'" ;;
	esac
	case $way in
	none*)	skip "run32 ($where): ${way#none: }" ;;
	*)	# an ASan program ends (LeakSanitizer hangs it under
		# qemu-user), with its output and its exit code
		out=$(unset HOST32_WAY; RUN32_TIMEOUT=60 run32 "$tmp/t32" arg 2>&1); rc=$?
		if [ "$out" = "32 arg" ] && [ $rc = 3 ]; then
			pass "run32 ($where): an ASan+UBSan i386 program runs to its end ($way), output and exit code kept"
		else
			fail "run32 ($where, $way): exit $rc, output '$(echo "$out" | head -2 | tr '\n' ' ')'"
		fi ;;
	esac
	w=$(unset HOST32_WAY; HOST32=native host32_way)
	if { [ $native = yes ] && [ "$w" = native ]; } || { [ $native = no ] && [[ $w == none:* ]]; }; then
		pass "run32 ($where): HOST32=native is '$w' where this kernel runs i386 programs: $native"
	else
		fail "run32 ($where): HOST32=native is '$w' where this kernel runs i386 programs: $native"
	fi
}
# The other kind of host, made here: a user namespace with its own
# binfmt_misc (Linux 6.7 and later) where the kernel execs i386 programs
# (through qemu-i386, as qemu-user-binfmt sets up).  Nothing leaves the
# namespace.  Where this host already runs them, the host itself was
# that kind, and the namespace shows the other: the same checks.
I386_MAGIC='\x7fELF\x01\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x03\x00'
I386_MASK='\xff\xff\xff\xff\xff\xfe\xfe\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff'
binfmt_host() {
	mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc || return 1
	printf ':h32test:M::%s:%s:%s:F' "$I386_MAGIC" "$I386_MASK" "$(command -v qemu-i386)" \
		> /proc/sys/fs/binfmt_misc/register || return 1
	run32_checks "a host whose kernel execs i386 programs through binfmt_misc"
}
if ! gcc -m32 -fsanitize=address,undefined -o "$tmp/t32" "$tmp/t32.c" 2> "$tmp/err" ||
   ! gcc -m32 -o "$tmp/t32plain" "$tmp/t32.c" 2>> "$tmp/err"; then
	skip "run32: gcc -m32 -fsanitize=address cannot link ($(head -1 "$tmp/err")): apt-get install gcc-12-multilib"
else
	run32_checks "this host"
	if ! command -v qemu-i386 > /dev/null; then
		skip "run32: no qemu-i386 to make a binfmt_misc host with (apt-get install qemu-user)"
	elif ! unshare -Urm true 2> /dev/null; then
		skip "run32: no user namespaces here (unshare -Urm), so no binfmt_misc host can be made"
	else
		export -f run32_checks binfmt_host pass fail skip host32_way host32_binfmt_qemu run32
		export tmp I386_MAGIC I386_MASK
		unshare -Urm bash -c binfmt_host > "$tmp/ns" 2> "$tmp/nserr"; rc=$?
		if grep -q '^\(PASS\|FAIL\|SKIP\): ' "$tmp/ns"; then
			cat "$tmp/ns"
			grep -q '^FAIL: ' "$tmp/ns" && FAILED=1
		elif grep -q 'binfmt_misc' "$tmp/nserr" || [ $rc != 0 ]; then
			skip "run32: this kernel has no binfmt_misc of a user namespace's own (Linux 6.7+): $(head -1 "$tmp/nserr")"
		fi
	fi
fi
for f in none bogus; do
	w=$(unset HOST32_WAY; HOST32=$f host32_way)
	e=$(unset HOST32_WAY; HOST32=$f run32 /bin/true 2>&1); rc=$?
	if [[ $w == none:* ]] && [ $rc = 126 ] && [[ $e == *"$w"* ]]; then
		pass "run32: HOST32=$f is no way to run ('$w'), run32 refuses with it"
	else
		fail "run32: HOST32=$f gave '$w', run32 exit $rc"
	fi
done

# An emulator that crashes (killed by a signal) boots the case once more,
# and says so; one that crashes every time fails the case.
if command -v mke2fs > /dev/null && command -v debugfs > /dev/null; then
	printf 'step: echo hi\nexpect: ^guest ran$\n' > "$tmp/crash.case"
	printf '#!/bin/sh\n[ -e "$0.once" ] || { : > "$0.once"; kill -SEGV $$; }\necho guest ran\n' > "$tmp/crash-once"
	printf '#!/bin/sh\nkill -SEGV $$\n' > "$tmp/crash-always"
	chmod +x "$tmp/crash-once" "$tmp/crash-always"
	: > "$tmp/kernel"
	for q in once always; do
		(cd "$TOP/scripts" && python3 -m run_cases boot --kernel "$tmp/kernel" \
			--init "$tmp/crash-once" --qemu "$tmp/crash-$q" --logdir "$tmp/crashlogs" \
			"$tmp/crash.case") > "$tmp/crash-$q.out" 2>&1
	done
	if grep -q '^PASS: case crash (.*crash-once crashed (signal 11), booted again)' "$tmp/crash-once.out" &&
	   grep -q '^FAIL: case crash .*crash-always crashed (signal 11), booted again; qemu exited with -11' "$tmp/crash-always.out"; then
		pass "run_cases: an emulator that crashes once boots again and says so; twice fails"
	else
		fail "run_cases: emulator crashes: $(head -1 "$tmp/crash-once.out") / $(head -1 "$tmp/crash-always.out" | cut -c1-120)"
	fi
else
	skip "run_cases: emulator crashes: no mke2fs/debugfs (apt-get install e2fsprogs)"
fi

# An ARCH the harness has no file for, and a kernel config's overlay
# given as ARCH (it names no compiler), are refused saying which.
for a in nosuch:"ARCH=nosuch is not supported" \
	 i386-smp:"use KCONFIG=i386-smp with its architecture"; do
	if ARCH=${a%%:*} BUILD="$tmp/arch" "$TOP/scripts/build-guest.sh" init > "$tmp/o" 2>&1; then
		fail "harness: ARCH=${a%%:*} accepted"
	elif grep -qF "${a#*:}" "$tmp/o"; then
		pass "harness: ARCH=${a%%:*} refused: ${a#*:}"
	else
		fail "harness: ARCH=${a%%:*}: unclear message: $(head -2 "$tmp/o")"
	fi
done

# Kernel builds go through ccache where it is installed (kmake, in
# scripts/lib.sh): CC (the arch's own where kmake_args names one) and
# HOSTCC behind it, after kmake_args, and its cache in CCACHE_DIR,
# /var/tmp/ccache-linux-2.5.50 unless the user set one; where there is
# no ccache the make line is the same as without the cache.  Shown with
# a make that prints its arguments, on a PATH with or without a ccache.
mkdir -p "$tmp/kbin" "$tmp/kbin-cc"
printf '#!/bin/sh\necho "CCACHE_DIR=${CCACHE_DIR:-}"\nfor a; do echo "$a"; done\n' > "$tmp/kbin/make"
printf '#!/bin/sh\nexec "$@"\n' > "$tmp/kbin-cc/ccache"
chmod +x "$tmp/kbin/make" "$tmp/kbin-cc/ccache"
ln -s "$(command -v env)" "$(command -v mkdir)" "$tmp/kbin/"
# kargs ARCH PATH [CCACHE_DIR]: kmake's make arguments, one a line.
kargs() {
	(unset CCACHE_DIR; [ -n "${3:-}" ] && export CCACHE_DIR=$3
	 PATH=$2 ARCH=$1 TREE=/t kmake vmlinux)
}
kwant() {	# ARCH PATH [CCACHE_DIR] -- the lines wanted, after make's
	local a=$1 p=$2 d=${3:-}
	shift 3
	got=$(kargs "$a" "$p" "$d" | grep -E '^(CCACHE_DIR|CC|HOSTCC|CROSS_COMPILE)=' | tr '\n' ' ')
	[ "$got" = "$*" ] ||
		{ fail "ccache: ARCH=$a ${d:+CCACHE_DIR=$d }${p##*/}: make gets '$got', want '$*'"; return 1; }
}
ok=yes
# (The default directory is shared: where this user cannot write it, as
# tests/01's user nobody where root made it, kmake builds without it.)
d=/var/tmp/ccache-linux-2.5.50
if mkdir -p "$d" 2> /dev/null && [ -w "$d" ]; then
	kwant i386 "$tmp/kbin:$tmp/kbin-cc" "" "CCACHE_DIR=$d CC=ccache gcc HOSTCC=ccache gcc " || ok=no
else
	kwant i386 "$tmp/kbin:$tmp/kbin-cc" "" "CCACHE_DIR=$d " 2> /dev/null || ok=no
fi
kwant i386 "$tmp/kbin:$tmp/kbin-cc" "$tmp/mine" "CCACHE_DIR=$tmp/mine CC=ccache gcc HOSTCC=ccache gcc " || ok=no
kwant ppc "$tmp/kbin:$tmp/kbin-cc" "$tmp/mine" "CCACHE_DIR=$tmp/mine CROSS_COMPILE=powerpc-linux-gnu- CC=ccache powerpc-linux-gnu-gcc HOSTCC=ccache gcc " || ok=no
kwant sparc64 "$tmp/kbin:$tmp/kbin-cc" "$tmp/mine" "CCACHE_DIR=$tmp/mine CROSS_COMPILE=sparc64-linux-gnu- CC=sparc64-linux-gnu-gcc CC=ccache sparc64-linux-gnu-gcc HOSTCC=ccache gcc " || ok=no
kwant i386 "$tmp/kbin" "" "CCACHE_DIR= " || ok=no
kwant sparc64 "$tmp/kbin" "" "CCACHE_DIR= CROSS_COMPILE=sparc64-linux-gnu- CC=sparc64-linux-gnu-gcc " || ok=no
[ -d "$tmp/mine" ] || { fail "ccache: CCACHE_DIR=TMP/mine was not made"; ok=no; }
[ $ok = yes ] && pass "ccache: kmake puts CC (the arch's own, last) and HOSTCC behind ccache where there is one, the cache in CCACHE_DIR (default /var/tmp/ccache-linux-2.5.50); without ccache the make line is unchanged"

# The capability report runs anywhere and says something of each part.
if "$TOP/scripts/host-caps.sh" > "$tmp/caps" 2>&1 &&
   grep -q '32-bit programs' "$tmp/caps" && grep -q 'qemu-system-i386' "$tmp/caps" &&
   grep -q 'i386 compiler' "$tmp/caps" && grep -q 'i386 musl' "$tmp/caps" &&
   grep -Eq '^ +(have|note|lack) +ski ' "$tmp/caps"; then
	pass "host-caps: reports 32-bit execution, QEMU, compilers, musl, Ski"
else
	fail "host-caps: $(head -3 "$tmp/caps" | tr '\n' ' ')"
fi

# Where Ski cannot be had, ia64 is not booted and the reason is given
# (tests/60-cross.sh then SKIPs with it): no archive here; a kernel
# there (boot.sh asks for the kernel first).
mkdir -p "$tmp/b/ia64/linux-2.5.50" && : > "$tmp/b/ia64/linux-2.5.50/vmlinux"
if out=$(ARCH=ia64 SKI_ARCHIVE=$tmp/none.tar.xz SKI_CACHE=$tmp/ski BUILD=$tmp/b \
	"$TOP/scripts/boot.sh" "$TOP/qemu-test/cases/boot.case" 2>&1); then
	fail "boot ia64 without Ski: boot.sh went on ($out)"
elif grep -q 'no Ski source archive' <<< "$out" && grep -q 'no emulator for ia64' <<< "$out"; then
	# (the reason names a temporary path: tests/01 compares this
	# script's output between runs)
	pass "boot ia64 without Ski: refused, saying why ($(echo "$out" | head -1 | sed "s|$tmp|TMP|g"))"
else
	fail "boot ia64 without Ski: refused without the reason: $out"
fi

# lib.sh sets pipefail: "PRODUCER | grep -q X" then fails whenever grep
# exits at its match before the producer is done writing (SIGPIPE), as
# tests/60's "cross_arches | grep -qx ia64" did on a loaded CI host.
# grep reads all and > /dev/null instead (a script that turns pipefail
# off is exempt).
bad=$(cd "$TOP" && grep -n -E '(^|[^|])\|[[:space:]]*grep[[:space:]]+-q' tests/*.sh scripts/*.sh scripts/arch/*.sh 2>/dev/null |
	grep -v '<<<' | while IFS=: read -r f n rest; do
		grep -q 'set +o pipefail' "$TOP/$f" || echo "$f:$n"
	done)
if [ -z "$bad" ]; then
	pass "harness: no \"| grep -q\" under pipefail in tests/ and scripts/"
else
	fail "harness: \"| grep -q\" under pipefail (SIGPIPE makes it fail at random): $(echo $bad)"
fi

# The series is read in one place (lib.sh's series_list): comments,
# blank lines and trailing words left out, parts by directory, and the
# compat head stopping at the first patch that is not compat/.
mkdir -p "$tmp/ser"
printf '%s\n' '# head' 'compat/a.patch' '' 'compat/b.patch -p1' '  # indented' \
	'feature/c.patch # why' 'compat/late.patch' 'test/t.patch' > "$tmp/ser/series"
got=$(for p in all compat compat-head feature test; do echo "$p:" $(series_list $p "$tmp/ser"); done)
want='all: compat/a.patch compat/b.patch feature/c.patch compat/late.patch test/t.patch
compat: compat/a.patch compat/b.patch compat/late.patch
compat-head: compat/a.patch compat/b.patch
feature: feature/c.patch
test: test/t.patch'
if [ "$got" = "$want" ] && [ "$(series_list feature | head -n 1)" = feature/module-table-fix.patch ]; then
	pass "harness: series_list reads a series file's parts (and the real one's first feature patch)"
else
	fail "harness: series_list gives: $(echo $got)"
fi
# A third party's build (lib.sh's third_party, build_step) runs without
# the shell-error handler: configure's probes of missing commands are no
# shell errors of the test that builds it; our own commands still are.
errs=$tmp/shell-errors
: > "$errs"
(
	export -f command_not_found_handle
	export SHELL_ERRORS=$errs
	third_party bash -c 'no_such_command_3p' 2> /dev/null
	build_step t "$tmp/step.log" probe bash -c 'no_such_command_step; true' 2> /dev/null
	bash -c 'no_such_command_ours' 2> /dev/null
)
if [ "$(cut -d' ' -f2- "$errs")" = "no_such_command_ours: command not found" ]; then
	pass "harness: third_party and build_step keep a build's missing commands out of SHELL_ERRORS, ours in"
else
	fail "harness: SHELL_ERRORS after third_party, build_step and our own command: $(tr '\n' '|' < "$errs")"
fi
exit 0
