#!/bin/bash
# make allmodules (doc/allmodules.md): 2.5.50's own modules loaded with
# kmod's modprobe in the busybox guest, on the whole series' kernel
# ("after") and on the compat patches' alone ("before", 2.5.50's own
# loader), and the outcomes compared module by module.
#   allmodules.sh [--share] [before|after]...
# --share: make check's share (scripts/allmodules-share.py's rule),
# built target by target; without it every module `make -k modules`
# builds.  Prints PASS/FAIL lines:
#   allmodules NAME: build   the kernel and at least one module built
#   allmodules NAME: load    no Oops, panic or hang (but for the modules
#                            named in qemu-test/allmodules/known-2.5.50-bugs.txt),
#                            nothing left loaded at the end of a boot but
#                            modules the kernel says cannot unload
#                            ([permanent], [unsafe] in /proc/modules) and
#                            what only they use, MemFree within 4 MB
#   allmodules NAME: known bugs  the same rule, judged again without the
#                            known bugs' file, fails on each of its
#                            modules that crashed here (the rule can fail)
#   allmodules NAME: known bugs reproduced  each entry of that file whose
#                            module is in this set, booted alone by its
#                            repro: line, Oopses or hangs as it says
#   allmodules: differences  every module whose outcome differs between
#                            the two kernels is named in
#                            qemu-test/allmodules/differences.txt with its
#                            cause (a fix of the series, or a finding)
. "$(dirname "$0")/lib.sh"
export ARCH=i386
share= sfx=
[ "${1:-}" = --share ] && { share=--share sfx=-share; shift; }
# Trees to build and load (default both; the comparison only when both
# are loaded).
names=${*:-before after}
AM=$BUILD/allmodules
# AM_KNOWN: another known bugs' file (a scratch copy less a module: the
# run must then fail on it; doc/allmodules.md).
KNOWN=${AM_KNOWN:-$TOP/qemu-test/allmodules/known-2.5.50-bugs.txt}
DIFFS=$TOP/qemu-test/allmodules/differences.txt
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; }
t0=$(now)
# One run at a time on $(BUILD)/allmodules: the guest roots and the load
# directories are rebuilt under a run that reads them (make bench's
# module loads hold the lock themselves: AM_LOCKED).
mkdir -p "$AM"
if [ -z "${AM_LOCKED:-}" ]; then
	exec 8> "$AM/run.lock"
	flock -n 8 || { msg "allmodules: another run uses $AM; waiting for it"; flock 8; }
fi

"$TOP/scripts/build-allmodules.sh" $share $names || {
	fail "allmodules: build: scripts/build-allmodules.sh failed"
	exit 1
}
msg "allmodules: built in $(elapsed "$t0") s"
rc=0
for name in $names; do
	out=$AM/$name
	tree=$out/i386/linux-2.5.50
	n=$(wc -l < "$out/built$sfx.txt")
	if [ "$n" -eq 0 ]; then
		fail "allmodules $name: build: no module built"
		rc=1
		continue
	fi
	pass "allmodules $name: build: $n modules built, $(wc -l < "$out/notbuilt$sfx.txt") not ($out/notbuilt$sfx.txt)"
	t1=$(now)
	# depmod refuses modules whose exports need each other (2.5.50's
	# IDE core as modules: ide_io -> ide_taskfile -> ide_io): no
	# modprobe can load them.  They leave the list, named, with the
	# cycle depmod saw ($out/cycles$sfx.txt), and the root is built
	# again without them, up to three times.
	cp "$out/modules$sfx.list" "$out/loadable$sfx.list"
	: > "$out/cycles$sfx.txt"
	for try in 1 2 3; do
		root=$("$TOP/scripts/build-busybox.sh" "$out/root$sfx" "$out/loadable$sfx.list" "$tree/System.map" \
			2> "$out/busybox$sfx.log" | tail -1)
		st=$?
		cyc=$(sed -n 's/^depmod: ERROR: Cycle detected: //p' "$out/busybox$sfx.log")
		[ "$st" != 0 ] && [ -n "$cyc" ] && [ $try -lt 3 ] || break
		echo "$cyc" >> "$out/cycles$sfx.txt"
		for m in $(echo "$cyc" | tr -s ' >-' '\n' | sort -u); do
			grep -v -E "/${m//_/[-_]}\.o\$" "$out/loadable$sfx.list" > "$out/loadable$sfx.tmp"
			mv "$out/loadable$sfx.tmp" "$out/loadable$sfx.list"
		done
		msg "allmodules: $name: left out, in a dependency cycle (depmod): $(echo "$cyc" | tr '\n' ';')"
	done
	case $st in
	0)	;;
	2)	echo "SKIP: allmodules $name: load: busybox cannot be had: $(grep '^\*\*\* ' "$out/busybox$sfx.log" | head -1)"
		continue ;;
	*)	fail "allmodules $name: load: the busybox root does not build ($out/busybox$sfx.log)"
		rc=1; continue ;;
	esac
	[ -x "$root/bin/kmod" ] || {
		echo "SKIP: allmodules $name: load: no kmod in the guest: $(cat "$root/kmod-missing")"
		continue
	}
	# AM_ROOTS_ONLY=1: the trees and their guest roots, no loads (make
	# bench's module loads, scripts/bench-modules.sh).
	[ -n "${AM_ROOTS_ONLY:-}" ] && continue
	sed 's|.*/||; s|\.o$||' "$out/loadable$sfx.list" | sort > "$out/load$sfx.txt"
	[ -s "$out/cycles$sfx.txt" ] &&
		echo "    | not loaded, in a dependency cycle: $(tr '\n' ';' < "$out/cycles$sfx.txt")"
	# 2.5.50's loader gives no module a /sys/module directory: kmod
	# cannot remove them there, and the comparison names each.
	base=
	[ "$name" = before ] && base=--baseline
	msg "allmodules: $name: loading $(wc -l < "$out/load$sfx.txt") modules"
	if python3 "$TOP/scripts/allmodules-load.py" --root "$root" --map "$tree/System.map" \
		--kernel "$tree/arch/i386/boot/bzImage" --out "$out/load$sfx" \
		--modules "$out/load$sfx.txt" --known "$KNOWN" $base > "$out/load$sfx.out" 2>&1; then
		pass "allmodules $name: load: $(grep '^>>> allmodules: [0-9]* modules,' "$out/load$sfx.out" | sed 's/^>>> allmodules: //') ($(elapsed "$t1") s)"
	else
		cat "$out/load$sfx.out" | grep '^\*\*\*' | head -20 | sed 's/^/    | /'
		fail "allmodules $name: load: $(grep -c '^\*\*\*' "$out/load$sfx.out") problems ($out/load$sfx.out)"
		rc=1
	fi
	# The rule can fail: judged again with no known bugs, the Oopses of
	# the modules named in known-2.5.50-bugs.txt must each be a problem.
	kn=$(awk '$2 == "oops" || $2 == "killed" || $2 == "hang" { print $1 }' "$out/load$sfx/results.txt" |
		grep -x -F -f <(sed -n 's/^module: //p' "$KNOWN" | tr - _) | tr '\n' ' ')
	if [ -z "$kn" ]; then
		echo "SKIP: allmodules $name: known bugs: no module of that file crashed in this set"
	elif python3 "$TOP/scripts/allmodules-load.py" --judge "$out/load$sfx" --known /dev/null $base > "$out/judge$sfx.out" 2>&1; then
		fail "allmodules $name: known bugs: the rule passes without $(basename "$KNOWN") although ${kn% } crashed ($out/judge$sfx.out)"
		rc=1
	else
		miss=$(for m in $kn; do grep -q "^\*\*\* $m: " "$out/judge$sfx.out" || echo "$m"; done)
		if [ -n "$miss" ]; then
			fail "allmodules $name: known bugs: without $(basename "$KNOWN") the rule does not name $(echo $miss)"
			rc=1
		else
			pass "allmodules $name: known bugs: the rule fails without $(basename "$KNOWN"), on ${kn% }"
		fi
	fi
	# Each known bug of this set, alone in a boot, by its repro: line:
	# on both kernels it must do what the entry says (an Oops, a hang),
	# or it is no bug of 2.5.50.
	rm -rf "$out/repro$sfx"
	if python3 "$TOP/scripts/allmodules-load.py" --repro --root "$root" --map "$tree/System.map" \
		--kernel "$tree/arch/i386/boot/bzImage" --out "$out/repro$sfx" \
		--modules "$out/load$sfx.txt" --known "$KNOWN" > "$out/repro$sfx.out" 2>&1; then
		grep -q '^>>> allmodules: repro: no known bug' "$out/repro$sfx.out" &&
			echo "SKIP: allmodules $name: known bugs reproduced: none of this set has a repro: line" ||
		pass "allmodules $name: known bugs reproduced: $(sed -n 's/^>>> allmodules: repro: //p' "$out/repro$sfx.out")"
	else
		grep '^\*\*\*' "$out/repro$sfx.out" | head -20 | sed 's/^/    | /'
		fail "allmodules $name: known bugs reproduced: $(sed -n 's/^>>> allmodules: repro: //p' "$out/repro$sfx.out") ($out/repro$sfx.out)"
		rc=1
	fi
done

# The differences, module by module: outcome (ok, the errno, oops, hang)
# and what was seen of it (listed, /sys/module, left behind).
# Only when this run loaded both (make check's share loads the series'
# kernel alone: tests/67).
b=$AM/before/load$sfx/results.txt a=$AM/after/load$sfx/results.txt
if [ -z "${AM_ROOTS_ONLY:-}" ] && [ -f "$b" ] && [ -f "$a" ] && [[ " $names " == *" before "* ]] && [[ " $names " == *" after "* ]]; then
	python3 - "$b" "$a" "$DIFFS" > "$AM/differences$sfx.txt" <<'PY'
import re, sys
def rd(f):
    return {l.split()[0]: l.split()[1:] for l in open(f) if l.strip()}
b, a = rd(sys.argv[1]), rd(sys.argv[2])
why = {}
for l in open(sys.argv[3]):
    m = re.match(r"^(\S+)\s+(.*)$", l)
    if m and not l.startswith("#"):
        why[m.group(1)] = m.group(2)
def key(r):
    # chain:... lists what was loaded: the same on both unless it differs
    return [x for x in r if not x.startswith("chain:")]
print("%-22s %-34s %-34s %s" % ("module", "2.5.50 loader (before)", "series (after)", "why"))
bad = 0
for n in sorted(set(b) & set(a)):
    if key(b[n]) != key(a[n]):
        w = why.get(n, "UNEXPLAINED")
        bad += w == "UNEXPLAINED"
        print("%-22s %-34s %-34s %s" % (n, " ".join(key(b[n])), " ".join(key(a[n])), w))
print("# %d differences, %d unexplained" % (sum(1 for n in set(b) & set(a) if key(b[n]) != key(a[n])), bad))
PY
	nd=$(tail -1 "$AM/differences$sfx.txt")
	cat "$AM/differences$sfx.txt"
	if grep -q ', 0 unexplained' <<< "$nd"; then
		pass "allmodules: differences: ${nd#\# } ($AM/differences$sfx.txt)"
	else
		fail "allmodules: differences: ${nd#\# }: name each in qemu-test/allmodules/differences.txt"
		rc=1
	fi
fi
msg "allmodules: $(elapsed "$t0") s in all"
exit $rc
