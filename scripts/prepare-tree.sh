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
series_names=$(grep -v '^#' "$PATCHES/series" | awk 'NF { print $1 }')
applied=$(cat "$TREE/.pc/applied-patches" 2>/dev/null)
keep=
if [ -n "$applied" ]; then
	i=0
	for name in $applied; do
		i=$((i + 1))
		want=$(echo "$series_names" | sed -n "${i}p")
		sum=$(awk -v n="$name" '$2 == n { print $1 }' "$stamp" 2>/dev/null)
		[ "$name" = "$want" ] || break
		[ "$(sha1sum < "$PATCHES/$name" 2>/dev/null | cut -d' ' -f1)" = "$sum" ] || break
		keep=$name
		[ "$name" = "$upto" ] && break
	done
	if [ -z "$keep" ]; then
		q pop -f -a -q >/dev/null
	elif [ "$keep" != "$(echo "$applied" | tail -1)" ]; then
		q pop -f -q "$keep" >/dev/null
	fi || die "quilt pop failed in $TREE"
fi

log=$BUILD/$ARCH/quilt-push.log
if [ -n "$upto" ] && [ "$keep" = "$upto" ]; then
	echo "File series fully applied, up to $upto" > "$log"
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
rm -f "$stamp"
for name in $(q applied 2>/dev/null); do
	echo "$(sha1sum < "$PATCHES/$name" | cut -d' ' -f1) $name" >> "$stamp"
done
msg "applied $(q applied | wc -l) patches, top: $(q top)"
