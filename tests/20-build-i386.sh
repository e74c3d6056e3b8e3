#!/bin/bash
# The patched tree builds a bzImage for i386 with today's gcc and
# binutils; files the feature patches touch compile without warnings.
. "$(dirname "$0")/lib-test.sh"
export ARCH=i386
need_tree_or_skip "build i386: bzImage" "build i386: feature files warning-free"

quiet "$TOP/scripts/prepare-tree.sh" || { fail "build i386: tree"; exit 0; }
t0=$(now)
if quiet "$TOP/scripts/build-kernel.sh"; then
	pass "build i386: bzImage ($(elapsed "$t0") s, incremental where possible)"
else
	fail "build i386: bzImage does not build"
	exit 0
fi
# Warnings in any C file or header that a feature patch touches.
files=$(for p in $(grep -v '^#' "$PATCHES/series" | grep -v -e '^compat' -e '^test/' | awk 'NF{print $1}'); do
	lsdiff --strip=1 "$PATCHES/$p" 2>/dev/null || grep '^+++ ' "$PATCHES/$p" | sed 's|^+++ b/||; s/\t.*//'
done | sort -u | grep -E '\.[ch]$')
bad=
for f in $files; do
	grep -q -E "^(In file included from )?$f:[0-9]+(:[0-9]+)?: warning" "$BUILD/$ARCH/build.log" && bad="$bad $f"
done
if [ -n "$files" ] && [ -n "$bad" ]; then
	fail "build i386: warnings in files of the feature series:$bad"
elif [ -n "$files" ]; then
	pass "build i386: $(echo $files | wc -w) files of the feature series compile without warnings"
else
	skip "build i386: feature files warning-free: no feature patches in the series yet"
fi
exit 0
