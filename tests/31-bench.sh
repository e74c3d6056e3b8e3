#!/bin/bash
# make bench once (doc/bench.md): for each workload, the instructions
# parse_args() of the series executes must not exceed the seed's
# (callgrind; both built with 2.5.50's lib/string.c).  Then the probe:
# the same bench on the parser as it was before it was brought under the
# seed's count (tests/bench/slow-parser.patch put on a copy of the
# tree's kernel/params.c) must fail, or the check shows nothing.
. "$(dirname "$0")/lib-test.sh"
need_tree_or_skip "bench: parse_args at or under the seed's instructions" \
	"bench: probe: the slow parser put back fails"
if ! command -v valgrind > /dev/null; then
	skip "bench: valgrind missing (apt-get install valgrind): parse_args is not measured"
	exit 0
fi
out=$BUILD/bench.out
"$TOP/scripts/bench.sh" > "$out" 2>&1
rc=$?
res=$BUILD/bench/results.tsv
if grep -q 'no seed patch' "$out"; then
	skip "bench: $(sed -n 's/^\*\*\* error: //p' "$out")"
	exit 0
fi
sed 's/^/    | /' "$out"
if [ ! -s "$res" ]; then
	fail "bench: did not run: $(grep -m1 '^\*\*\*' "$out")"
	exit 0
fi
n=0
while IFS=$'\t' read -r w nargs s p ratio per what; do
	n=$((n + 1))
	if [ "$p" -le "$s" ]; then
		pass "bench: $w ($what): parse_args $p instructions, the seed's $s (ratio $ratio, $per per argument)"
	else
		fail "bench: $w ($what): parse_args $p instructions, above the seed's $s (ratio $ratio)"
	fi
done < "$res"
[ "$n" -ge 5 ] || fail "bench: $n workloads measured, want 5: $(grep -m1 '^\*\*\*' "$out")"
if [ $rc -ne 0 ] && [ -z "$(awk -F'\t' '$4 > $3' "$res")" ]; then
	fail "bench: scripts/bench.sh exited $rc: $(grep -m1 '^\*\*\*' "$out")"
fi

# The probe: the parser before the change, on a copy.
tmp=$(mktemp -d)
on_exit 'rm -rf "$tmp"'
mkdir -p "$tmp/kernel"
cp "$TREE/kernel/params.c" "$tmp/kernel/params.c"
if ! patch -s -p1 -d "$tmp" --dry-run < "$TOP/tests/bench/slow-parser.patch" > /dev/null 2>&1 ||
   ! patch -s -p1 -d "$tmp" < "$TOP/tests/bench/slow-parser.patch" > /dev/null 2>&1; then
	fail "bench: probe: tests/bench/slow-parser.patch does not apply to the tree's kernel/params.c (refresh it)"
	exit 0
fi
PARAMS_C=$tmp/kernel/params.c BENCH_OUT=$BUILD/bench-probe "$TOP/scripts/bench.sh" > "$out.probe" 2>&1
prc=$?
above=$(awk -F'\t' '$4 > $3 { printf "%s%s %s", s, $1, $5; s = ", " }' "$BUILD/bench-probe/results.tsv" 2>/dev/null)
if [ $prc -ne 0 ] && [ -n "$above" ]; then
	pass "bench: probe: the parser before the change is above the seed's count ($above), and the bench fails"
else
	fail "bench: probe: the slow parser put back passes the bench (exit $prc; rows above the seed: ${above:-none})"
fi
exit 0
