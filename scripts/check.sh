#!/bin/bash
# make check: run every tests/NN-*.sh in order.  Each test script prints
# "PASS: what", "FAIL: what: why" or "SKIP: what: why" lines; this sums
# them up.  A skip is never a pass.
. "$(dirname "$0")/lib.sh"

out=$BUILD/check.out
mkdir -p "$BUILD"
: > "$out"
t0=$(now)
echo "What this host can do (scripts/host-caps.sh):"
"$TOP/scripts/host-caps.sh"
if ! check_ksrc "$KSRC" 2>/dev/null; then
	echo "*************************************************************"
	echo "*** No pristine 2.5.50 tree at KSRC=$KSRC: every test that"
	echo "*** needs the kernel tree is SKIPPED below (not passed)."
	tree_help 2>&1
	echo "*************************************************************"
fi
for t in "$TOP"/tests/[0-9][0-9]-*.sh; do
	[ -x "$t" ] || continue
	msg "$(basename "$t")"
	t1=$(now)
	"$t" 2>&1 | tee -a "$out"
	rc=${PIPESTATUS[0]}
	if [ "$rc" -ne 0 ] && ! grep -q "^FAIL: " <(tail -n 50 "$out"); then
		echo "FAIL: $(basename "$t"): exited with $rc" | tee -a "$out"
	fi
	msg "$(basename "$t") took $(elapsed "$t1") s"
done
pass=$(grep -c '^PASS: ' "$out")
fail=$(grep -c '^FAIL: ' "$out")
skip=$(grep -c '^SKIP: ' "$out")
echo
if [ "$skip" -gt 0 ]; then
	echo "*** $skip test(s) SKIPPED:"
	grep '^SKIP: ' "$out"
fi
if [ "$fail" -gt 0 ]; then
	echo "*** failures:"
	grep '^FAIL: ' "$out"
fi
echo "make check took $(elapsed "$t0") s"
[ "$skip" -gt 0 ] && echo "$skip skipped (listed above; not counted as passed)"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
