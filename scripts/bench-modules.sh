#!/bin/bash
# make bench, the module loads (doc/bench.md): the instructions of each
# module's modprobe and removal, the series' kernel against 2.5.50's
# loader (the compat patches alone), under QEMU's -icount shift=0, over
# every module make allmodules builds (scripts/bench-modules.py).
#
# The trees and guest roots are make allmodules' (built here if need
# be, no loads).  The kernels booted:
#   before   make allmodules' compat-only bzImage, as it is;
#   series   a copy of its "after" tree less the test patches that come
#            after the last one that changes a header (test/ is never
#            mailed; test/slab-poison-exact.patch alone doubles what
#            DEBUG_SLAB costs each allocation).  The ones before it
#            stay: the modules were built against their headers
#            (failnth's task_struct), and each costs a test of a field;
#   phases   series with tests/bench/module-phases.patch: the loader's
#            instructions by phase, printed on the console ("what costs
#            most");
#   phases-2.5.50  before with tests/bench/module-phases-2.5.50.patch:
#            the same marks in 2.5.50's loader, for a phase-by-phase
#            comparison.
# Only the bzImage of a copy is built (the modules are after's); a
# copy is kept, keyed by after's tree and the patches taken out or put
# on.  BENCH_KEEP_TEST=1 boots after's own kernel, test patches and all,
# as "series": the goal must then fail (the check can fail; doc/bench.md).
# BENCH_MODULES=FILE: only the modules named there (one a line).
# BENCH_NOHOTPLUG=1: the guests run with no /sbin/hotplug for the
# kernel's kobject events (empty /proc/sys/kernel/hotplug), to weigh them.
. "$(dirname "$0")/lib.sh"
export ARCH=i386
AM=$BUILD/allmodules
OUT=${BENCH_MODULES_OUT:-$AM/bench}
t0=$(now)
# make allmodules' lock (scripts/allmodules.sh): it rebuilds the roots
# this reads
mkdir -p "$AM"
exec 8> "$AM/run.lock"
flock -n 8 || { msg "bench: another run uses $AM; waiting for it"; flock 8; }
export AM_LOCKED=1

# The bench's kernels are built in copies of after's tree: a tree that
# is only make allmodules' kept products (bzImage, modules) is built.
if [ -f "$AM/after/.key" ] && [ ! -f "$AM/after/i386/linux-2.5.50/Makefile" ]; then
	msg "bench: after's tree is only its kept products: building the tree"
	rm -f "$AM/after/.key"
	"$TOP/scripts/build-allmodules.sh" --kernel after &&
		"$TOP/scripts/build-allmodules.sh" after || die "bench: after's tree does not build"
fi
AM_ROOTS_ONLY=1 "$TOP/scripts/allmodules.sh" before after > "$AM/bench-roots.out" 2>&1 || {
	grep -E '^(FAIL|SKIP)' "$AM/bench-roots.out" >&2
	die "bench: make allmodules' trees and roots (log: $AM/bench-roots.out)"
}
grep -q '^SKIP' "$AM/bench-roots.out" && {
	grep '^SKIP' "$AM/bench-roots.out"
	echo "SKIP: bench: module loads: no guest to load them in"
	exit 0
}
msg "bench: trees and roots ready ($(elapsed "$t0") s)"

# The test patches after the last one that changes a header, last
# first (the order to take them out).
notest=$(series_list test | awk -v P="$PATCHES" '
	{ p[NR] = $1; h = 0
	  f = P "/" $1
	  while ((getline l < f) > 0) if (l ~ /^\+\+\+ .*\.h([ \t]|$)/) h = 1
	  close(f)
	  if (h) last = NR }
	END { for (i = NR; i > last; i--) print p[i] }')

# copy NAME FROM STRIP PROBE...: $OUT/NAME/linux-2.5.50, a copy of
# make allmodules' FROM tree (after, before), less the patches of
# $notest if STRIP is yes, with PROBE... put on; its bzImage built.
copy() {
	local name=$1 from=$2 strip=$3 dir=$OUT/$1 key p less=
	shift 3
	[ "$strip" = yes ] && less=$notest
	key=$( {
		cat "$AM/$from/.key"
		for p in $less; do echo "- $p $(sha1sum < "$PATCHES/$p")"; done
		for p; do echo "+ $p $(sha1sum < "$p")"; done
	} | sha1sum | cut -c1-16)
	if [ "$(cat "$dir/key" 2> /dev/null)" = "$key" ] &&
	   [ -f "$dir/linux-2.5.50/arch/i386/boot/bzImage" ]; then
		msg "bench: $name kernel: built before (key $key)"
		return 0
	fi
	rm -rf "$dir"
	mkdir -p "$dir"
	cp -a "$AM/$from/i386/linux-2.5.50" "$dir/"
	for p in $less; do
		patch -R -p1 -s -d "$dir/linux-2.5.50" < "$PATCHES/$p" ||
			die "bench: $name: $p does not come out of $from's tree"
	done
	for p; do
		patch -p1 -s -d "$dir/linux-2.5.50" < "$p" || die "bench: $name: $p does not go on"
	done
	msg "bench: $name kernel: $from's${less:+ less ${less//$'\n'/ }}${*:+, with $*}: bzImage, log in $dir/kernel.log"
	TREE=$dir/linux-2.5.50 kmake -j"${JOBS:-2}" bzImage > "$dir/kernel.log" 2>&1 ||
		die "bench: $name: bzImage does not build (log: $dir/kernel.log)"
	echo "$key" > "$dir/key"
}
mkdir -p "$OUT"
if [ -n "${BENCH_KEEP_TEST:-}" ]; then
	series_k=$AM/after/i386/linux-2.5.50
	msg "bench: BENCH_KEEP_TEST: the series' kernel with its test patches"
else
	copy series after yes
	series_k=$OUT/series/linux-2.5.50
fi
copy phases after yes "$TOP/tests/bench/module-phases.patch"
copy phases-2.5.50 before no "$TOP/tests/bench/module-phases-2.5.50.patch"
python3 "$TOP/scripts/bench-modules.py" --am "$AM" --out "$OUT" \
	--series "$series_k/arch/i386/boot/bzImage" \
	--phases "$OUT/phases/linux-2.5.50/arch/i386/boot/bzImage" \
	--phases-before "$OUT/phases-2.5.50/linux-2.5.50/arch/i386/boot/bzImage" \
	${BENCH_MODULES:+--modules "$BENCH_MODULES"} \
	--note "series: after less ${notest//$'\n'/ }${BENCH_KEEP_TEST:+ (BENCH_KEEP_TEST: none taken out)}"
rc=$?
msg "bench: module loads: $(elapsed "$t0") s in all"
exit $rc
