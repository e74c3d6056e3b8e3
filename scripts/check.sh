#!/bin/bash
# make check: run every tests/NN-*.sh in order.  Each test script prints
# "PASS: what", "FAIL: what: why", "SKIP: what: why" or "XFAIL: what:
# why" lines (tests/lib-test.sh) and exits 0, 1 after a FAIL line, 2 or
# more where it did not run to its end as a test; scripts/ktap.py turns
# them into KTAP and counts them, once.  A skip is never a pass, and
# neither is an expected failure (a known kernel bug).
#
# The output is one KTAP document (Documentation/dev-tools/ktap.rst,
# scripts/ktap.py): version line, plan, each test script a subtest with
# its lines as results and everything else as "# " diagnostics, the
# "# Totals:" line; then, last, the plain "N passed, N failed, N skipped"
# line; make check's exit status is ktap.py report's (1 after a
# failure).  Copies: $BUILD/check.ktap (the document), $BUILD/check.json
# (its tree of results and the counts, as ktap.py report read it),
# $BUILD/check.out (the scripts' own lines), $BUILD/check.times (each script's seconds, also
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

# A test script's lines, then (ktap.py subtest --status) how it ended:
# its exit status, the shell errors it hit (a command not found,
# recorded by lib.sh's command_not_found_handle, exported here to it and
# its bash children) and the harness's own failures of it; from these
# and its lines, ktap.py's harness_fails() adds a FAIL where its verdict
# is not whole: it did not end as a test should (tests/lib-test.sh's
# exit status 2 or more, or 1 with no FAIL line: it crashed or died),
# it said nothing at all (a script that cannot source
# tests/lib-test.sh runs on, every helper "not found"), it hit a shell
# error, or it printed a FAIL line and exited 0 (lib-test.sh's EXIT
# trap makes such a script exit 1; one that does not source it, or
# replaces that trap, does not).
#
# The harness's own failure of a script: it changed the host's /dev:
# stdin, stdout, stderr and null are what they were before it ran
# (objcopy, given /dev/stdout as its output file, left a regular file
# there on a CI host run as root, and every later section read gave
# that file's stale bytes).  CHECK_DEV_FILES names others
# (tests/04-ktap.sh).
dev_files=${CHECK_DEV_FILES:-/dev/null /dev/stdin /dev/stdout /dev/stderr}
dev_state() { local f; for f in $dev_files; do stat -c '%n: %F' "$f" 2>&1; done; }
export -f command_not_found_handle
status=$BUILD/check.status errors=$BUILD/check.errors
run_one() {
	local rc name=$1 dev0 dev1 t=$dir/${1%%:*} unit=
	[[ $name == *:* ]] && unit=${name#*:}
	dev0=$(dev_state)
	: > "$errors"
	CHECK_UNIT=$unit SHELL_ERRORS=$errors "$t" 2>&1
	rc=$?
	dev1=$(dev_state)
	{
		echo "exit $rc"
		sed 's/^/error /' "$errors"
		[ "$dev0" = "$dev1" ] ||
			echo "fail changed the host's $(echo "$dev1" | grep -vxF "$dev0" | tr '\n' ' ')(was: $(echo "$dev0" | grep -vxF "$dev1" | tr '\n' ' ' | sed 's/ $//'))"
	} > "$status"
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
		rm -f "$status"
		run_one "$t" | tee -a "$out" |
			python3 "$TOP/scripts/ktap.py" subtest $i "$t" --status "$status"
		t1=$(elapsed "$t1")
		echo "# $t took $t1 s"
		echo "$t1 $t" >> "$times"
	done
}
document | tee "$ktap"
# The end: what ktap.py makes of the document, read once: its totals,
# what was skipped, expected to fail and failed, these notes, the last
# line; and make check's exit status.
notes=$BUILD/check.notes
{
	echo "seconds per script, slowest first (also $times):"
	sort -k1,1 -g -r "$times" | awk '{ printf "  %7.1f  %s\n", $1, $2 }'
	echo "make check took $(elapsed "$t0") s"
	if [ -n "$partial" ]; then
		[[ $share_line =~ units=[0-9]+/([0-9]+) ]]
		echo "*** a share of make check ($partial): ${#scripts[@]} of its ${BASH_REMATCH[1]} units;"
		echo "*** scripts/ktap.py merge makes one document of the shares' check.ktap (doc/ci-matrix.md)"
	fi
} > "$notes"
python3 "$TOP/scripts/ktap.py" report "$ktap" --notes "$notes" --json "$BUILD/check.json" > "$BUILD/check.end"
rc=$?
if [ $rc -gt 1 ]; then
	echo "*** make check: $ktap cannot be counted (above)"
	exit 2
fi
head -n -1 "$BUILD/check.end" >> "$ktap"
cat "$BUILD/check.end"
exit $rc
