#!/bin/bash
# quilt pop -a, then prove the build tree equals the pristine one.
. "$(dirname "$0")/lib.sh"
need_ksrc
[ -d "$TREE" ] || die "no build tree $TREE (run make tree first)"
if [ -n "$(q applied 2>/dev/null)" ]; then
	q pop -a -q >/dev/null || die "quilt pop -a failed"
fi
# kbuild output (objects, .config, generated files) is not a difference
# in the source: compare against a fresh "make mrproper" would need the
# tree writable, so compare only files the pristine tree has, plus any
# source file the series added and quilt failed to remove.
kmake -s mrproper >/dev/null 2>&1
if diff -r -q -x .pc -x '.harness-*' -x .config.harness "$KSRC" "$TREE"; then
	msg "unpatched tree is identical to $KSRC"
else
	die "unpatched tree differs from $KSRC"
fi
