#!/bin/bash
# make bench: the instructions parse_args() executes, the patched tree's
# kernel/params.c against the seed's (doc/bench.md).  Both are built for
# the host by tests/bench/Makefile with 2.5.50's own lib/string.c and
# lib/ctype.c, and run on the workloads of tests/bench/bench.c under
# valgrind's callgrind, which counts only what runs inside parse_args()
# (and what it calls).  The counts do not depend on the host's speed or
# load: one run of each is the figure.
#
# The seed's kernel/params.c and <linux/moduleparam.h> are cut out of
# $SEEDS/003-patch-module-parameters-1-3.patch at run time into
# $BUILD/bench/seed; the project holds no copy.  SEEDS defaults to
# ../shared/seeds beside the clone, else shared/seeds beside KSRC.
#
# Prints one table: workload, the seed's count, the project's, their
# ratio, and the project's instructions per argument; the same as
# tab-separated lines in $BENCH_OUT/results.tsv.  Exits 1 if a
# workload fails or the project executes more instructions than the
# seed in any row.
#
# PARAMS_C=FILE measures FILE instead of the tree's kernel/params.c, and
# BENCH_OUT=DIR (default $BUILD/bench) keeps its build and results apart
# (tests/31-bench.sh measures the parser before the change that brought
# it under the seed's count).
. "$(dirname "$0")/lib.sh"

SEED_NAME=003-patch-module-parameters-1-3.patch
if [ -z "${SEEDS:-}" ]; then
	for SEEDS in "$TOP/../shared/seeds" "$(dirname "$KSRC")/shared/seeds"; do
		[ -f "$SEEDS/$SEED_NAME" ] && break
	done
fi
seed_patch=$SEEDS/$SEED_NAME
[ -f "$seed_patch" ] || die "no seed patch $seed_patch (SEEDS=DIR names the seeds' directory)"
need_tools gcc:gcc valgrind:valgrind
need_ksrc
"$TOP/scripts/prepare-tree.sh" > /dev/null || die "the patched tree could not be prepared (make tree)"
[ -f "$TREE/kernel/params.c" ] || die "the series has no kernel/params.c"

PARAMS_C=${PARAMS_C:-$TREE/kernel/params.c}
[ -f "$PARAMS_C" ] || die "no $PARAMS_C"
O=${BENCH_OUT:-$BUILD/bench}
res=$O/results.tsv
mkdir -p "$O/seed/kernel" "$O/seed/include/linux"
rm -f "$res"

# seed_file PATH: the new file PATH of the seed patch, as it is.  Its
# one hunk must be "@@ -0,0 +1,N @@" and give N lines.
seed_file() {
	awk -v path="$1" '
		/^diff / { take = 0; next }
		/^\+\+\+ / { take = ($2 ~ ("/" path "$")); next }
		take && /^@@ -0,0 \+1,[0-9]+ @@/ { want = $3; sub(/^\+1,/, "", want); body = 1; next }
		take && body && /^\+/ { print substr($0, 2); n++ }
		END { if (!n || n != want) exit 1 }' "$seed_patch"
}
for f in kernel/params.c include/linux/moduleparam.h; do
	seed_file "$f" > "$O/seed/$f.tmp" ||
		die "$seed_patch: no new file $f in it (or not whole)"
	# Unchanged files keep their times: make rebuilds only what changed.
	cmp -s "$O/seed/$f.tmp" "$O/seed/$f" && rm "$O/seed/$f.tmp" ||
		mv "$O/seed/$f.tmp" "$O/seed/$f"
done

log=$O/build.log
make -C "$TOP/tests/bench" TREE="$TREE" SEED="$O/seed" KSRC="$KSRC" O="$O" \
	PARAMS_project="$PARAMS_C" all \
	> "$log" 2>&1 || { tail -n 20 "$log" >&2; die "the bench does not build (log $log)"; }

# count PROGRAM WORKLOAD: the instructions callgrind counts inside
# parse_args() for one run; the program itself checks that every
# argument reached its setter or the unknown handler.
count() {
	local out=$O/callgrind.$(basename "$1").$2
	valgrind --tool=callgrind --collect-atstart=no --toggle-collect=parse_args \
		--callgrind-out-file="$out" "$1" "$2" > "$out.log" 2>&1 ||
		{ sed -n '/^==/!p' "$out.log" | head -3 >&2; return 1; }
	awk '/^totals:/ { print $2; f = 1 } END { exit !f }' "$out"
}

: > "$res.tmp"
bad=0
printf '%-56s %10s %10s %6s %8s\n' workload seed project ratio "per arg"
while read -r w nargs what; do
	s=$(count "$O/bench-seed" "$w") || { warn "seed: workload $w fails"; bad=1; continue; }
	p=$(count "$O/bench-project" "$w") || { warn "project: workload $w fails"; bad=1; continue; }
	ratio=$(awk -v p="$p" -v s="$s" 'BEGIN { printf "%.3f", p / s }')
	per=$(awk -v p="$p" -v n="$nargs" 'BEGIN { printf "%.1f", p / n }')
	printf '%-56s %10s %10s %6s %8s\n' "$w  $what" "$s" "$p" "$ratio" "$per"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$w" "$nargs" "$s" "$p" "$ratio" "$per" "$what" >> "$res.tmp"
	[ "$p" -le "$s" ] || { warn "workload $w: the project's parse_args executes $p instructions, the seed's $s"; bad=1; }
done < <("$O/bench-project" list)
mv "$res.tmp" "$res"
[ -s "$res" ] || die "no workload ran"
msg "callgrind, instructions inside parse_args(); gcc -O2 -fno-builtin, 2.5.50's lib/string.c; $(uname -m)"
exit $bad
