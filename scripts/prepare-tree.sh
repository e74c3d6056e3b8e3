#!/bin/bash
# Copy the pristine tree to $TREE (once) and bring it to the top of
# patches/series with quilt.  Any hunk that needs fuzz or an offset fails.
# Usage: prepare-tree.sh [--upto PATCH]
. "$(dirname "$0")/lib.sh"

upto=
[ "${1:-}" = --upto ] && upto=$2

need_tools quilt:quilt patch:patch diff:diffutils
need_ksrc

if [ -d "$TREE" ] && [ ! -f "$TREE/.harness-copy" ]; then
	die "$TREE exists but was not made by this harness; remove it"
fi
if [ ! -d "$TREE" ]; then
	msg "copying $KSRC to $TREE"
	mkdir -p "$(dirname "$TREE")"
	cp -a "$KSRC" "$TREE.tmp" && mv "$TREE.tmp" "$TREE" ||
		die "copy failed"
	echo "$KSRC" > "$TREE/.harness-copy"
fi

# Patch files may have changed since they were pushed: pop everything
# (quilt restores from its own backups), then push the series again.
if [ -n "$(q applied 2>/dev/null)" ]; then
	q pop -a -q >/dev/null || die "quilt pop -a failed in $TREE"
fi

log=$BUILD/$ARCH/quilt-push.log
if [ -n "$upto" ]; then
	q push -q "$upto" > "$log" 2>&1
else
	q push -a -q > "$log" 2>&1
fi
rc=$?
if grep -E 'fuzz|offset|FAILED|saving rejects' "$log" >&2; then
	die "patches do not apply cleanly (see above; log in $log)"
fi
[ $rc -eq 0 ] || { cat "$log" >&2; die "quilt push failed"; }
msg "applied $(q applied | wc -l) patches, top: $(q top)"
