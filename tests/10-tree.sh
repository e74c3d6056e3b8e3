#!/bin/bash
# The series applies to the pristine tree with quilt, with no fuzz and no
# offset; quilt pop -a gives back the pristine tree; a patch that would
# need fuzz is refused.  A new tree may be a copy of the same series
# pushed before on this machine (scripts/prepare-tree.sh keeps one, by
# the patches' sums, only after a push with no fuzz and no offset): the
# same answer; the pop -a and diff are done on it all the same.
. "$(dirname "$0")/lib-test.sh"
need_tree_or_skip "tree: series applies" "tree: unpatch equals pristine" \
	"tree: fuzzy patch refused" "tree: exact patch of a file named *offset* accepted"

if quiet "$TOP/scripts/prepare-tree.sh"; then
	pass "tree: all $(q series | wc -l) patches of patches/series apply without fuzz or offset"
else
	fail "tree: patches/series does not apply cleanly"
fi

# Unpatch in a separate build dir so the main build stays.
tmp=$(mktemp -d "$BUILD/unpatch.XXXXXX")
on_exit 'rm -rf "$tmp"'
if quiet env BUILD="$tmp" "$TOP/scripts/prepare-tree.sh" &&
   quiet env BUILD="$tmp" "$TOP/scripts/unpatch.sh"; then
	pass "tree: quilt pop -a leaves a tree identical to KSRC (diff -r)"
else
	fail "tree: unpatched tree differs from KSRC"
fi

# A copy of the series whose first patch has a shifted hunk must fail.
# The two probe series below touch only that patch's files and one new
# one: they get a KSRC of just those (and what check_ksrc looks for),
# not a copy of the whole tree each.
fake=$tmp/patches
mkdir -p "$fake/compat"
first=$(series_list all "$TOP/patches" | head -n 1)
mini=$tmp/mini-ksrc
mkdir -p "$mini"
for f in Makefile kernel/module.c arch/i386/vmlinux.lds.S \
	$(sed -n 's,^+++ b/\([^[:space:]]*\).*,\1,p' "$TOP/patches/$first" | sort -u); do
	[ -f "$KSRC/$f" ] && (cd "$KSRC" && cp -a --parents "$f" "$mini/")
done
# Shift every hunk of the first patch by 3 lines: quilt then needs an offset.
perl -pe 's/^@@ -(\d+)(,\d+)? \+(\d+)/"@@ -".($1+3).$2." +".($3+3)/e' \
	"$TOP/patches/$first" > "$fake/$first"
echo "$first" > "$fake/series"
if env BUILD="$tmp/off" KSRC="$mini" PATCHES_DIR="$fake" "$TOP/scripts/prepare-tree.sh" > "$tmp/o" 2>&1; then
	fail "tree: a patch that needs an offset was accepted"
elif grep -q "do not apply cleanly" "$tmp/o"; then
	pass "tree: a hunk that needs an offset fails the build loudly"
else
	fail "tree: offset patch failed without the expected message: $(tail -2 "$tmp/o")"
fi

# ...and one that applies exactly is accepted whatever its files are
# called (print_offsets.awk once failed the grep for "offset").
mkdir -p "$fake/named"
cat > "$fake/named/offset-fuzz.patch" <<'EOF2'
--- /dev/null
+++ b/Documentation/offset-fuzz-FAILED.txt
@@ -0,0 +1 @@
+A file whose name holds the words prepare-tree.sh looks for.
EOF2
echo named/offset-fuzz.patch > "$fake/series"
if env BUILD="$tmp/named" KSRC="$mini" PATCHES_DIR="$fake" "$TOP/scripts/prepare-tree.sh" > "$tmp/n" 2>&1; then
	pass "tree: a patch that applies exactly is accepted, though its file is named offset-fuzz-FAILED"
else
	fail "tree: an exact patch of a file named offset-fuzz-FAILED was refused: $(tail -2 "$tmp/n")"
fi
exit 0
