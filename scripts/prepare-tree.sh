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

# Patch files may have changed since they were pushed.  Pop back to the
# first applied patch whose file differs from what was pushed (quilt
# restores from its own backups), so unchanged files keep their times and
# the kernel build stays incremental.
stamp=$TREE/.harness-pushed
first_changed=
while read -r sum name; do
	if [ "$(sha1sum < "$PATCHES/$name" 2>/dev/null | cut -d' ' -f1)" != "$sum" ]; then
		first_changed=$name
		break
	fi
done < <(cat "$stamp" 2>/dev/null)
series_names=$(grep -v '^#' "$PATCHES/series" | awk 'NF { print $1 }')
applied=$(q applied 2>/dev/null)
if [ -n "$applied" ]; then
	# Applied patches must be a prefix of the series, else start over.
	if [ "$applied" != "$(echo "$series_names" | head -n "$(echo "$applied" | wc -l)")" ]; then
		first_changed=$(echo "$applied" | head -1)
	fi
	if [ -n "$first_changed" ]; then
		if [ "$first_changed" = "$(echo "$applied" | head -1)" ]; then
			q pop -a -q >/dev/null
		else
			prev=$(echo "$applied" | grep -x -B1 -F "$first_changed" | head -1)
			q pop -q "$prev" >/dev/null
		fi || die "quilt pop failed in $TREE"
	fi
	if [ -n "$upto" ] && [ -n "$(q applied 2>/dev/null)" ]; then
		q pop -a -q >/dev/null || die "quilt pop -a failed in $TREE"
	fi
fi

log=$BUILD/$ARCH/quilt-push.log
if [ -n "$upto" ]; then
	q push "$upto" > "$log" 2>&1
else
	q push -a > "$log" 2>&1
fi
rc=$?
# "File series fully applied" only means there was nothing left to push.
grep -q "fully applied" "$log" && rc=0
if grep -E 'fuzz|offset|FAILED|saving rejects' "$log" >&2; then
	die "patches do not apply cleanly (see above; log in $log)"
fi
[ $rc -eq 0 ] || { cat "$log" >&2; die "quilt push failed"; }
rm -f "$stamp"
for name in $(q applied 2>/dev/null); do
	echo "$(sha1sum < "$PATCHES/$name" | cut -d' ' -f1) $name" >> "$stamp"
done
msg "applied $(q applied | wc -l) patches, top: $(q top)"
