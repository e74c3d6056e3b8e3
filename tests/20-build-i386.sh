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
# Warnings in any C file or header that a feature patch touches: touch
# the feature .c files so this build compiles each of them again.
files=$(for p in $(series_list feature); do
	grep '^+++ ' "$PATCHES/$p" | sed 's|^+++ b/||; s/\t.*//'
done | sort -u | grep -E '\.[ch]$')
if [ -z "$files" ]; then
	skip "build i386: feature files warning-free: no feature patches in the series yet"
	exit 0
fi
for f in $files; do
	case "$f" in *.c) [ -f "$TREE/$f" ] && touch "$TREE/$f" ;; esac
done
quiet "$TOP/scripts/build-kernel.sh" || { fail "build i386: rebuild of feature files"; exit 0; }
compiled=0
bad=
for f in $files; do
	case "$f" in
	*.c) o=${f%.c}.o
	     grep -q -- "-o $o $f" "$BUILD/$ARCH/build.log" && compiled=$((compiled + 1)) ;;
	esac
	grep -q -E "^(In file included from )?$f:[0-9]+(:[0-9]+)?: warning" "$BUILD/$ARCH/build.log" && bad="$bad $f"
done
if [ -n "$bad" ]; then
	fail "build i386: warnings in files of the feature series:$bad"
	grep -A3 -E "^($(echo $bad | tr ' ' '|')):[0-9]+(:[0-9]+)?: warning" "$BUILD/$ARCH/build.log" | head -20 | sed 's/^/    | /'
elif [ "$compiled" -eq 0 ]; then
	fail "build i386: none of the feature .c files was compiled"
else
	pass "build i386: $compiled feature .c files recompiled, no warnings in any of the $(echo $files | wc -w) feature files"
fi
exit 0
