#!/bin/bash
# make lint: check the feature series the way upstream will get it.
#  1. headers: a subject line, Name:/Author:/Status: lines, a description
#  2. the feature patches apply with patch -p1, no fuzz, no offset, in
#     order: alone on the pristine tree (as upstream applies them), and
#     on top of the compat patches (as we build them)
#  3. bisectability: the i386 kernel builds after the compat patches and
#     after each feature patch, in a tree of its own under $BUILD/lint
# Usage: lint-series.sh [--no-build]     (--no-build: only 1 and 2, fast)
. "$(dirname "$0")/lib.sh"

build=yes
case "${1:-}" in
--no-build) build= ;;
"") ;;
*) die "usage: $0 [--no-build]" ;;
esac

series=$(grep -v '^#' "$PATCHES/series" | awk 'NF { print $1 }')
compat=$(echo "$series" | grep '^compat/')
feature=$(echo "$series" | grep -v -e '^compat/' -e '^test/')
[ -n "$feature" ] || die "no feature patches in $PATCHES/series"
nfeat=$(echo "$feature" | wc -l)

# 1. Headers.
need_tools python3:python3 diffstat:diffstat
if ! "$TOP/scripts/mail-series.py" --check; then
	die "fix the patch headers above (doc/mail.md says what a header needs)"
fi
msg "lint: headers of the $nfeat feature patches are complete"

# 2. Applies cleanly, in a copy of just the files the patches touch.
need_tools patch:patch diff:diffutils
need_ksrc
mkdir -p "$BUILD"
tmp=$(mktemp -d "$BUILD/lint-apply.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# copy_touched DIR PATCH...: the pristine files the patches touch, to DIR.
copy_touched() {
	local dir=$1 f
	shift
	mkdir -p "$dir"
	for f in $(sed -n 's,^\(---\|+++\) [^/[:space:]]*/\([^[:space:]]*\).*,\2,p' "$@" | sort -u); do
		[ -f "$KSRC/$f" ] || continue
		mkdir -p "$dir/$(dirname "$f")"
		cp -p "$KSRC/$f" "$dir/$f"
	done
}

# apply_clean DIR PATCH: patch -p1 with no fuzz and no offset, or say why.
apply_clean() {
	local out rc
	out=$(patch -p1 --fuzz=0 -N -t --no-backup-if-mismatch -r - -d "$1" -i "$PATCHES/$2" 2>&1)
	rc=$?
	if [ $rc -ne 0 ] || echo "$out" | grep -q -v '^patching file '; then
		echo "$out" | grep -v '^patching file ' | sed 's/^/    | /' >&2
		return 1
	fi
}

bad=
copy_touched "$tmp/alone" $(for p in $feature; do echo "$PATCHES/$p"; done)
for p in $feature; do
	apply_clean "$tmp/alone" "$p" && continue
	warn "lint: $p does not apply cleanly to pristine 2.5.50 after the feature patches before it"
	bad=1
	break
done
copy_touched "$tmp/compat" $(for p in $compat $feature; do echo "$PATCHES/$p"; done)
for p in $compat; do
	apply_clean "$tmp/compat" "$p" ||
		die "lint: compat patch $p does not apply cleanly (make tree says more)"
done
for p in $feature; do
	apply_clean "$tmp/compat" "$p" && continue
	warn "lint: $p does not apply cleanly on top of compat/ and the feature patches before it"
	bad=1
	break
done
[ -z "$bad" ] || die "refresh the patch (quilt refresh) against the tree it must apply to"
msg "lint: the feature series applies with no fuzz or offset, alone and on top of compat"
[ -n "$build" ] || exit 0

# 3. Bisectability: build after compat, then after each feature patch.
export ARCH=i386
export BUILD=$BUILD/lint
TREE=$BUILD/$ARCH/linux-2.5.50
last_compat=$(echo "$compat" | tail -1)
[ -n "$last_compat" ] || die "no compat patches in $PATCHES/series"
# A previous run left patches applied: pop them all, and touch what they
# touched, so that no object built from a patched file looks up to date
# (quilt 0.66 touches what it restores; older ones kept the old times).
if [ -d "$TREE/.pc" ] && [ -n "$(q applied 2>/dev/null)" ]; then
	files=$(for p in $(q applied); do q files "$p"; done | sort -u)
	if ! q pop -a -q > /dev/null 2>&1; then
		warn "lint: quilt pop -a failed in $TREE; starting from a fresh copy"
		rm -rf "$TREE"
	fi
fi
# quilt keeps the patches dir of the first push in .pc, over QUILT_PATCHES:
# forget it, as this run's PATCHES_DIR may be another one.
rm -f "$TREE/.pc/.quilt_patches" "$TREE/.pc/.quilt_series"
"$TOP/scripts/prepare-tree.sh" --upto "$last_compat" || die "lint: the compat patches do not apply"
for f in ${files:-}; do
	[ -f "$TREE/$f" ] && touch "$TREE/$f"
done

step=0
steps=$((nfeat + 1))
t0=$(now)
build_step() {
	local t1
	t1=$(now)
	step=$((step + 1))
	printf '>>> lint: [%d/%d] building i386 after %s ... ' "$step" "$steps" "$1"
	if "$TOP/scripts/build-kernel.sh" > "$BUILD/$ARCH/lint-step.log" 2>&1; then
		echo "ok ($(elapsed "$t1") s)"
	else
		echo "FAILED ($(elapsed "$t1") s)"
		grep -v '^>>>' "$BUILD/$ARCH/lint-step.log" | sed 's/^/    | /' >&2
		die "lint: the kernel does not build after $1: the series is not bisectable (log: $BUILD/$ARCH/build.log)"
	fi
}
build_step "compat/ ($(echo "$compat" | wc -l) patches)"
for p in $feature; do
	out=$(q push -q "$p" 2>&1)
	if [ $? -ne 0 ] || echo "$out" | grep -q -E "$UNCLEAN_APPLY"; then
		echo "$out" >&2
		die "lint: $p does not push cleanly in $TREE"
	fi
	build_step "$p"
done
msg "lint: the i386 kernel builds after each of the $steps steps ($(elapsed "$t0") s)"
