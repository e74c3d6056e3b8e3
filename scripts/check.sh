#!/bin/bash
# make check: run every tests/NN-*.sh in order.  Each test script prints
# "PASS: what", "FAIL: what: why", "SKIP: what: why" or "XFAIL: what:
# why" lines (tests/lib-test.sh); this sums them up.  A skip is never a
# pass, and neither is an expected failure (a known kernel bug).
#
# The output is one KTAP document (Documentation/dev-tools/ktap.rst,
# scripts/ktap.py): version line, plan, each test script a subtest with
# its lines as results and everything else as "# " diagnostics, the
# "# Totals:" line; then, last, the plain "N passed, N failed, N skipped"
# line.  Copies: $BUILD/check.ktap (the document), $BUILD/check.json
# (the same, read back by scripts/ktap.py parse), $BUILD/check.out (the
# scripts' own lines), $BUILD/check.times (each script's seconds, also
# in the summary, slowest first, so that a slow step shows).
# CHECK_TESTS=DIR runs DIR/NN-*.sh instead (tests/04-ktap.sh).
#
# A share of the run (doc/ci-matrix.md): ARCHES="A B" runs the units of
# those arches, SHARD=K/N the K-th of N shares, both cut by
# scripts/shard.py.  A unit is a test script, or a part of one that
# runs a part at a time ("# check-units: yes": tests/60-cross.sh, a
# part per cross arch): CHECK_LIST_UNITS=1 lists its parts ("PART
# ARCH" a line), CHECK_UNIT=PART runs one, named "SCRIPT:PART" here.  A
# script's arch is that of its "# check-arch: A" line, else the base
# arch (scripts/lib.sh, base_arch).  Units run in name order, the whole
# run as any share: scripts/ktap.py merge makes one document of the
# shares' check.ktap.  SHARD's cut is balanced by the seconds in
# CHECK_TIMES (default scripts/check.times).
. "$(dirname "$0")/lib.sh"

out=$BUILD/check.out
ktap=$BUILD/check.ktap
mkdir -p "$BUILD"
: > "$out"
times=$BUILD/check.times
: > "$times"
t0=$(now)
dir=${CHECK_TESTS:-$TOP/tests}
unset CHECK_UNIT CHECK_LIST_UNITS
# The run's units, "UNIT ARCH" a line, in name order.
base=$(base_arch)
units() {
	local t name part a
	for t in "$dir"/[0-9][0-9]-*.sh; do
		[ -x "$t" ] || continue
		name=$(basename "$t")
		if grep -qx '# check-units: yes' "$t"; then
			CHECK_LIST_UNITS=1 "$t" 2>&1 | while read -r part a; do
				echo "$name:$part $a"
			done
		else
			a=$(sed -n 's/^# check-arch: *\([^ ]*\) *$/\1/p' "$t" | head -1)
			echo "$name ${a:-$base}"
		fi
	done | LC_ALL=C sort -k1,1
}
if ! share=$(units | python3 "$TOP/scripts/shard.py" select \
		--known "$(known_arches | tr '\n' ' ')" --arches "${ARCHES:-}" \
		--shard "${SHARD:-}" --times "${CHECK_TIMES:-$TOP/scripts/check.times}"); then
	echo "*** make check: nothing run" >&2
	exit 2
fi
share_line=$(head -1 <<< "$share")
mapfile -t scripts < <(tail -n +2 <<< "$share")
partial=
[[ $share_line == *" shard=all arches=all" ]] || partial="ARCHES=${ARCHES:-all} SHARD=${SHARD:-all}"
# The scripts run whole: a make check inside one (tests/04) is not a share.
unset ARCHES SHARD CHECK_TIMES

# A test script's lines, and a FAIL of its own where its verdict is not
# whole: it exited non-zero without a FAIL line (it crashed, or died);
# it said nothing at all (a script that cannot source tests/lib-test.sh
# runs on, every helper "not found", and exits 0); it hit a
# shell error (a command or helper that does not exist); or its exit
# status and its lines disagree: it printed a FAIL line and exited 0
# (lib-test.sh's EXIT trap makes such a script exit 1; one that does not
# source it, or replaces that trap, does not).
#
# And a FAIL where the script changed the host's /dev: stdin, stdout,
# stderr and null are what they were before it ran (objcopy, given
# /dev/stdout as its output file, left a regular file there on a CI
# host run as root, and every later section read gave that file's
# stale bytes).  CHECK_DEV_FILES names others (tests/04-ktap.sh).
dev_files=${CHECK_DEV_FILES:-/dev/null /dev/stdin /dev/stdout /dev/stderr}
dev_state() { local f; for f in $dev_files; do stat -c '%n: %F' "$f" 2>&1; done; }
run_one() {
	local rc name=$1 err nfail dev0 dev1 t=$dir/${1%%:*} unit=
	[[ $name == *:* ]] && unit=${name#*:}
	dev0=$(dev_state)
	CHECK_UNIT=$unit "$t" 2>&1 | tee "$BUILD/check.last"
	rc=${PIPESTATUS[0]}
	dev1=$(dev_state)
	[ "$dev0" = "$dev1" ] ||
		echo "FAIL: $name: changed the host's $(echo "$dev1" | grep -vxF "$dev0" | tr '\n' ' ')(was: $(echo "$dev0" | grep -vxF "$dev1" | tr '\n' ' ' | sed 's/ $//'))"
	nfail=$(grep -a -c '^FAIL: ' "$BUILD/check.last")
	err=$(grep -a -m1 -E '^[^ ]*: line [0-9]+: .*(: command not found|lib-test\.sh: No such file or directory)$' "$BUILD/check.last")
	if [ "$rc" -ne 0 ] && [ "$nfail" -eq 0 ]; then
		echo "FAIL: $name: exited with $rc"
	elif ! grep -a -q -E '^(PASS|FAIL|SKIP|XFAIL): ' "$BUILD/check.last"; then
		echo "FAIL: $name: said nothing (no PASS, FAIL, SKIP or XFAIL line)"
	elif [ -n "$err" ]; then
		echo "FAIL: $name: a shell error: ${err##*: line }"
	elif [ "$rc" -eq 0 ] && [ "$nfail" -gt 0 ]; then
		echo "FAIL: $name: exited 0 after $nfail FAIL line(s) (no lib-test.sh EXIT trap?)"
	fi
}

document() {
	local i=0 t t1
	echo "KTAP version 1"
	echo "1..${#scripts[@]}"
	echo "# $share_line"
	echo "# What this host can do (scripts/host-caps.sh):"
	"$TOP/scripts/host-caps.sh" 2>&1 | sed 's/^/# /'
	if ! check_ksrc "$KSRC" 2>/dev/null; then
		{
		echo "*************************************************************"
		echo "*** No pristine 2.5.50 tree at KSRC=$KSRC: every test that"
		echo "*** needs the kernel tree is SKIPPED below (not passed)."
		tree_help 2>&1
		echo "*************************************************************"
		} 2>&1 | sed 's/^/# /'
	fi
	for t in "${scripts[@]}"; do
		i=$((i + 1))
		echo "# $t"
		t1=$(now)
		run_one "$t" | tee -a "$out" |
			python3 "$TOP/scripts/ktap.py" subtest $i "$t"
		t1=$(elapsed "$t1")
		echo "# $t took $t1 s"
		echo "$t1 $t" >> "$times"
	done
}
document | tee "$ktap"
count() { grep -c "^$1: " "$out"; }
pass=$(count PASS) fail=$(count FAIL) skip=$(count SKIP) xfail=$(count XFAIL)
{
	echo "# Totals: pass:$pass fail:$fail xfail:$xfail xpass:0 skip:$skip error:0"
	if [ "$skip" -gt 0 ]; then
		echo "*** $skip test(s) SKIPPED (not counted as passed):"
		grep '^SKIP: ' "$out"
	fi
	if [ "$xfail" -gt 0 ]; then
		echo "*** $xfail expected failure(s), known bugs (XFAIL, not counted as passed):"
		grep '^XFAIL: ' "$out"
	fi
	if [ "$fail" -gt 0 ]; then
		echo "*** failures:"
		grep '^FAIL: ' "$out"
	fi
	echo "seconds per script, slowest first (also $times):"
	sort -k1,1 -g -r "$times" | awk '{ printf "  %7.1f  %s\n", $1, $2 }'
	echo "make check took $(elapsed "$t0") s"
	if [ -n "$partial" ]; then
		[[ $share_line =~ units=[0-9]+/([0-9]+) ]]
		echo "*** a share of make check ($partial): ${#scripts[@]} of its ${BASH_REMATCH[1]} units;"
		echo "*** scripts/ktap.py merge makes one document of the shares' check.ktap (doc/ci-matrix.md)"
	fi
} | sed '2,$s/^/# /' | tee -a "$ktap"
# The document must read back to the same counts.
if ! back=$(python3 "$TOP/scripts/ktap.py" parse "$ktap" --json "$BUILD/check.json") ||
   [ "$back" != "pass:$pass fail:$fail xfail:$xfail skip:$skip" ]; then
	echo "# *** $ktap reads back as '$back', not pass:$pass fail:$fail xfail:$xfail skip:$skip"
	fail=$((fail + 1))
fi
last="$pass passed, $fail failed, $skip skipped"
[ "$xfail" -gt 0 ] && last="$last, $xfail xfailed"
echo "$last"
[ "$fail" -eq 0 ]
