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

# A new tree is a copy of one pushed before on this machine, where there
# is one: $HARNESS_CACHE/trees/KEY (scripts/lib.sh), KEY a hash of the
# name and sum of each patch up to the target, in the series' order,
# KSRC's path, quilt's and patch's versions and the scripts that push
# (this one, lib.sh, quiltrc); else of the longest start of the series
# kept, and quilt pushes the rest.  A second (cp -a) instead of the copy
# of KSRC and a hundred quilt pushes (15 s on an idle host; every kernel
# tree of make check: i386, i386-smp, the drivers', each cross arch's,
# make lint's).  Only trees of the clone's own series, just pushed from
# KSRC, are kept there (not a probe's series), the newest $TREE_KEEP
# (3); each is written under a temporary name and renamed.
TREES=$HARNESS_CACHE/trees
TREE_KEEP=${TREE_KEEP:-3}
# tree_keys: "KEY PATCH" for each patch of the series up to the target,
# KEY that of the series up to PATCH; the target's last.
tree_keys() {
	local target=${upto:-$(series_list | tail -n 1)}
	{
		echo "prepare-tree 1 KSRC $KSRC"
		quilt --version 2>&1 | head -1
		patch --version 2>&1 | head -1
		script_sums prepare-tree.sh lib.sh quiltrc
	} > "$BUILD/$ARCH/tree-key.common" 2>&1
	series_list | awk -v t="$target" '{ print } $1 == t { exit }' |
		python3 -c '
import hashlib, os, sys
h = hashlib.sha1(open(sys.argv[1], "rb").read())
for name in sys.stdin.read().split():
    try:
        s = hashlib.sha1(open(os.path.join(sys.argv[2], name), "rb").read()).hexdigest()
    except OSError:
        s = "unreadable"
    h.update(("%s %s\n" % (s, name)).encode())
    print(h.hexdigest()[:16], name)
' "$BUILD/$ARCH/tree-key.common" "$PATCHES"
}
fresh=
if [ ! -d "$TREE" ]; then
	mkdir -p "$(dirname "$TREE")"
	rm -rf "$TREE.tmp"
	keys=$(tree_keys)
	key=$(tail -1 <<< "$keys" | cut -d' ' -f1)
	from=
	for k in $(tac <<< "$keys" | cut -d' ' -f1); do
		[ -f "$TREES/$k/.harness-pushed" ] || continue
		cp -a "$TREES/$k" "$TREE.tmp" 2> /dev/null && mv "$TREE.tmp" "$TREE" && from=$k
		break
	done
	if [ -n "$from" ]; then
		touch "$TREES/$from" 2> /dev/null
		msg "copied $TREES/$from (up to $(grep "^$from " <<< "$keys" | cut -d' ' -f2), pushed before on this machine) to $TREE"
		[ "$from" = "$key" ] || fresh=yes
	else
		rm -rf "$TREE.tmp"
		msg "copying $KSRC to $TREE"
		cp -a "$KSRC" "$TREE.tmp" && mv "$TREE.tmp" "$TREE" ||
			die "copy failed"
		echo "$KSRC" > "$TREE/.harness-copy"
		fresh=yes
	fi
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

# Keep it for the next new tree of this series (see above): a tree
# new in this run and pushed to its target just now, of the clone's
# own patches.
if [ -n "$fresh" ] && [ "$PATCHES" = "$TOP/patches" ] && [ "$TREE_KEEP" -gt 0 ] &&
   [ "$(tree_keys | tail -1 | cut -d' ' -f1)" = "$key" ] && [ ! -d "$TREES/$key" ] &&
   mkdir -p "$TREES" 2> /dev/null; then
	t=$TREES/.tmp.$$
	rm -rf "$t"
	if cp -a "$TREE" "$t" 2> /dev/null && mv -T "$t" "$TREES/$key" 2> /dev/null; then
		# The oldest beyond TREE_KEEP go (renamed first: a copy being
		# made from one fails, and that prepare-tree.sh pushes instead).
		ls -dt "$TREES"/*/ 2> /dev/null | tail -n +$((TREE_KEEP + 1)) |
			while read -r old; do
				mv -T "${old%/}" "$TREES/.old.$$" 2> /dev/null && rm -rf "$TREES/.old.$$"
			done
	fi
	rm -rf "$t"
fi
