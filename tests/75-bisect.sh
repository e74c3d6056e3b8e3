#!/bin/bash
# Bisectability (make lint, full): the i386 kernel builds after the
# compat patches and after each feature patch in turn.  And the lint
# can fail: a probe series whose second patch breaks the build and whose
# third mends it (the top of that series builds) must be refused at the
# broken step.  Each step's build is cached by a key of all it depends
# on (scripts/lint-series.sh; tests/05-lint-keys.sh checks the keys),
# in the machine's results cache (scripts/lib.sh, HARNESS_CACHE): a
# rerun with nothing changed, in this clone or another, builds nothing.
# The probe's first patch is new at every run, so every run shows a
# changed patch built and the unchanged compat patches not.  About 6
# minutes from nothing on 2 idle cores; about a minute with nothing
# changed (the probe's kernel, built whole in a fresh clone).
. "$(dirname "$0")/lib-test.sh"
need_tree_or_skip "bisect: the kernel builds after every feature patch" \
	"bisect: a series broken in the middle is refused" \
	"bisect: the build cache"
L=$TOP/scripts/lint-series.sh
tmp=$(mktemp -d)
on_exit 'rm -rf "$tmp"'

nfeat=$(series_list feature | wc -l)
echo "    ... make lint: building i386 after each of $((nfeat + 1)) steps"
if "$L" > "$tmp/out" 2>&1 &&
   grep -q "builds after each of the $((nfeat + 1)) steps" "$tmp/out"; then
	pass "bisect: the kernel builds after compat/ and after each of the $nfeat feature patches $(grep -o '([^()]* s)$' "$tmp/out" | tail -1)"
else
	fail "bisect: make lint fails: $(grep -E 'error|FAILED' "$tmp/out" | head -3 | tr '\n' ' ')"
fi

# The probe: the compat patches, then three feature patches with full
# headers: a harmless one, one that breaks init/version.c, one that
# mends it again.  The harmless one says when it was made: a patch not
# seen before, whose step must be built, unlike the compat step before it.
P=$tmp/patches
mkdir -p "$P/feature"
ln -s "$PATCHES/compat" "$P/compat"
series_list compat > "$P/series"
probe() {	# name subject old-line new-line
	cat > "$P/feature/$1.patch" <<PATCH
$2

Name: $1
Author: the harness
Status: Test only
D: A probe of tests/75-bisect.sh.

--- a/init/version.c
+++ b/init/version.c
@@ -1,3 +1,3 @@
-$3
+$4
  *  linux/init/version.c
  *
PATCH
	echo "feature/$1.patch" >> "$P/series"
}
made="probe $(date -u +%s.%N) $$"
probe probe-1 "Bisect probe, a harmless comment" "/*" "/* $made"
probe probe-2 "Bisect probe, breaks the build" "/* $made" "#error bisect probe"
probe probe-3 "Bisect probe, mends the build" "#error bisect probe" "/*"
echo "    ... make lint of a probe series broken at its second patch"
if PATCHES_DIR=$P BUILD=$BUILD/bisect-probe "$L" > "$tmp/out" 2>&1; then
	fail "bisect: a series that does not build after its second patch passed the lint"
elif grep -q 'does not build after feature/probe-2.patch' "$tmp/out" &&
     grep -q 'building i386 after feature/probe-1.patch ... ok' "$tmp/out"; then
	pass "bisect: a series broken at its second patch (and mended by its third) is refused at that patch"
	# The compat step is the main series' (cached above); probe-1 is new.
	if grep -q 'building i386 after compat/ ([0-9]* patches) ... ok (cached: ' "$tmp/out" &&
	   grep -q 'building i386 after feature/probe-1.patch ... ok ([0-9.]* s)$' "$tmp/out"; then
		pass "bisect: the build cache: the unchanged compat patches are not built again, a new patch is ($(grep -o 'probe-1.patch ... ok.*' "$tmp/out"))"
	else
		fail "bisect: the build cache: want the compat step cached and feature/probe-1.patch built: $(grep -a -E '^>>> lint: \[' "$tmp/out" | cut -c1-90 | tr '\n' '|')"
	fi
else
	fail "bisect: the probe series failed for another reason: $(grep -E 'error' "$tmp/out" | head -3 | tr '\n' ' ')"
fi
exit 0
