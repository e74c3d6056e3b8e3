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

# Patch files may have changed since they were pushed, and the series
# may have new patches in the middle.  Pop back to the last applied patch
# that is still the same patch file at the same place in the series
# (quilt restores from its own backups), so unchanged files keep their
# times and the kernel build stays incremental.  quilt's own "applied"
# refuses to answer when the series changed: read its state file.  A
# changed patch no longer reverses, so pop with -f: quilt then puts back
# the files it saved at push time, which is exactly the unpatched state.
# With --upto, patches after PATCH are popped too.
stamp=$TREE/.harness-pushed
pushed_same "$upto"
keep=$SAME_TOP
if [ -n "$APPLIED_TOP" ]; then
	if [ -z "$keep" ]; then
		q pop -f -a -q >/dev/null
	elif [ "$keep" != "$APPLIED_TOP" ]; then
		q pop -f -q "$keep" >/dev/null
	fi || die "quilt pop failed in $TREE"
fi

log=$BUILD/$ARCH/quilt-push.log
if [ -n "$keep" ] && [ "$keep" = "${upto:-$SERIES_TOP}" ]; then
	# Nothing to push, nothing changed: the tree is left alone.
	echo "File series fully applied, up to $keep" > "$log"
	msg "applied $SAME_N patches, top: $keep (unchanged)"
	exit 0
elif [ -n "$upto" ]; then
	q push "$upto" > "$log" 2>&1
else
	q push -a > "$log" 2>&1
fi
rc=$?
# "File series fully applied" only means there was nothing left to push.
grep -q "fully applied" "$log" && rc=0
if grep -E "$UNCLEAN_APPLY" "$log" >&2; then
	die "patches do not apply cleanly (see above; log in $log)"
fi
[ $rc -eq 0 ] || { cat "$log" >&2; die "quilt push failed"; }
top=$(cat "$TREE/.pc/applied-patches")
(cd "$PATCHES" && sha1sum $top) | awk '{ print $1, $2 }' > "$stamp.tmp" && mv "$stamp.tmp" "$stamp" ||
	die "cannot write $stamp"
msg "applied $(echo "$top" | wc -l) patches, top: $(echo "$top" | tail -1)"
