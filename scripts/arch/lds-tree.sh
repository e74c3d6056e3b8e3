#!/bin/bash
# A light patched tree for lds-params.sh: the pristine arch/ and include/
# (plus whatever else the patches touch), with the compat and feature
# patches of patches/series applied by patch -p1, no fuzz, no offset.
# Prints the tree's path.  Rebuilt only when the patches change.
# Usage: lds-tree.sh [OUT]        (default $BUILD/lds-params/linux-2.5.50)
. "$(dirname "$0")/../lib.sh"
out=${1:-$BUILD/lds-params/linux-2.5.50}
need_tools patch:patch
need_ksrc
series=$(series_list | grep -v '^test/')
stamp=$(for p in $series; do echo "$p $(sha1sum < "$PATCHES/$p")"; done)
if [ -f "$out/.lds-tree" ] && [ "$(cat "$out/.lds-tree")" = "$stamp" ]; then
	echo "$out"; exit 0
fi
rm -rf "$out" "$out.tmp"
mkdir -p "$out.tmp"
cp -a "$KSRC/arch" "$KSRC/include" "$out.tmp/" || die "copy failed"
for f in $(for p in $series; do sed -n 's,^+++ [^/[:space:]]*/\([^[:space:]]*\).*,\1,p' "$PATCHES/$p"; done | sort -u); do
	[ -f "$KSRC/$f" ] && [ ! -e "$out.tmp/$f" ] || continue
	mkdir -p "$out.tmp/$(dirname "$f")"
	cp -p "$KSRC/$f" "$out.tmp/$f"
done
for p in $series; do
	o=$(patch -p1 --fuzz=0 -N -t --no-backup-if-mismatch -r - -d "$out.tmp" -i "$PATCHES/$p" 2>&1)
	if [ $? -ne 0 ] || echo "$o" | grep -v '^patching file ' > /dev/null; then
		echo "$o" | grep -v '^patching file ' | sed 's/^/    | /' >&2
		die "lds-tree: $p does not apply cleanly (no fuzz, no offset)"
	fi
done
echo "$stamp" > "$out.tmp/.lds-tree"
mv "$out.tmp" "$out"
echo "$out"
