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
for p in $(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$PATCHES/series"); do
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
