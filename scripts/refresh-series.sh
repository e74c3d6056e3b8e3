#!/bin/bash
# Push patches/series one patch at a time in $TREE and quilt refresh each
# patch that applies only with an offset: after an earlier patch changed
# (or a merge of two branches that each changed patches of one file),
# the later patches' hunk headers are stale and prepare-tree.sh, like
# make lint, refuses them.  A hunk that needs fuzz or fails is not
# touched: that needs a person (the patch and quilt's output are named).
# Usage: refresh-series.sh      (make refresh)
. "$(dirname "$0")/lib.sh"

need_tools quilt:quilt patch:patch diff:diffutils
need_ksrc
# prepare-tree.sh copies the tree; its push may stop at a stale patch.
[ -d "$TREE" ] || "$TOP/scripts/prepare-tree.sh" > /dev/null 2>&1
[ -d "$TREE" ] || die "no $TREE: make tree"
[ -f "$TREE/.harness-copy" ] || die "$TREE was not made by this harness"

if [ -s "$TREE/.pc/applied-patches" ]; then
	q pop -f -a -q > /dev/null || die "quilt pop -a failed in $TREE"
fi
out=$(mktemp) || die "mktemp"
trap 'rm -f "$out"' EXIT
n=0 fixed=0
for p in $(series_list); do
	q push > "$out" 2>&1
	rc=$?
	n=$((n + 1))
	if grep -Eq 'FAILED|with fuzz|saving rejects|does not apply' "$out" ||
	   [ $rc -ne 0 ]; then
		cat "$out" >&2
		die "$p needs fuzz or does not apply: fix it by hand in $TREE"
	fi
	if grep -q '(offset' "$out"; then
		q refresh > /dev/null 2>&1 || die "quilt refresh $p failed"
		msg "refreshed $p (it applied with an offset)"
		fixed=$((fixed + 1))
	fi
done
rm -f "$TREE/.harness-pushed"
msg "pushed $n patches, refreshed $fixed"

# The bug-back patches (tests/bugback/) go on top of the whole series in
# a copy (tests/lib-test.sh bugback_tree), where quilt refuses an offset
# too: the same for each, on copies of the files it touches.  Its text
# before the first "--- a/" line is kept.
bb=0
for b in $(find "$TOP/tests/bugback" -name '*.patch' | sort); do
	d=$(mktemp -d) || die "mktemp"
	files=$(sed -n 's|^+++ b/||p' "$b")
	for f in $files; do
		mkdir -p "$d/a/${f%/*}" "$d/b/${f%/*}"
		cp "$TREE/$f" "$d/a/$f" && cp "$TREE/$f" "$d/b/$f" ||
			{ rm -rf "$d"; die "${b#$TOP/}: no $f in $TREE"; }
	done
	if ! (cd "$d/b" && patch -p1 -F0 --no-backup-if-mismatch) < "$b" > "$out" 2>&1 ||
	   grep -Eq 'FAILED|with fuzz' "$out"; then
		cat "$out" >&2
		rm -rf "$d"
		die "${b#$TOP/} does not apply to the series' top: fix it by hand"
	fi
	if grep -q '(offset' "$out"; then
		{ sed '/^--- a\//,$d' "$b"
		  for f in $files; do
			(cd "$d" && diff -u --label "a/$f" --label "b/$f" "a/$f" "b/$f")
		  done; } > "$d/new"
		mv "$d/new" "$b" || die "cannot write $b"
		msg "refreshed ${b#$TOP/} (it applied with an offset)"
		bb=$((bb + 1))
	fi
	rm -rf "$d"
done
msg "bug-back patches refreshed: $bb"
