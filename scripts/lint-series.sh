#!/bin/bash
# make lint: check the feature series the way upstream will get it.
#  1. headers: a subject line, Name:/Author:/Status: lines, a description
#  2. the feature patches apply with patch -p1, no fuzz, no offset, in
#     order: alone on the pristine tree (as upstream applies them), and
#     on top of the compat patches (as we build them)
#  3. bisectability: the i386 kernel builds after the compat patches and
#     after each feature patch, in a tree of its own under $BUILD/lint.
#     A step that built is remembered under $HARNESS_CACHE/lint/KEY, KEY
#     a hash of all it depends on (lint_keys below): the patches up to
#     that step (their diffs), the kernel config, the toolchain, KSRC's
#     path and the harness scripts of the build.  A rerun builds only
#     the steps whose key it has not seen, from the first such step on
#     (the tree is brought there with quilt, incrementally).  The cache
#     is the machine's (scripts/lib.sh): another clone of the same
#     series builds nothing.
# Usage: lint-series.sh [--no-build | --keys]
#   --no-build  only 1 and 2, fast
#   --keys      only print each step's KEY and whether it is cached
. "$(dirname "$0")/lib.sh"

build=yes
case "${1:-}" in
--no-build) build= ;;
--keys) build=keys ;;
"") ;;
*) die "usage: $0 [--no-build | --keys]" ;;
esac

series=$(series_list)
compat=$(series_list compat)
feature=$(series_list feature)
[ -n "$feature" ] || die "no feature patches in $PATCHES/series"
nfeat=$(echo "$feature" | wc -l)

# The steps: the compat patches, then each feature patch (with what
# comes before it in the series: quilt push NAME pushes that).
last_compat=$(echo "$compat" | tail -1)
[ -n "$last_compat" ] || die "no compat patches in $PATCHES/series"
steps=$((nfeat + 1))
step_top=("$last_compat" $feature)
step_name=("compat/ ($(echo "$compat" | wc -l) patches)" $feature)

# lint_keys: key[N], the hash of everything the build after step N
# (0: the compat patches) depends on: the kernel config, the harness
# scripts of the build, the toolchain, KSRC's path, and the name and
# diff of each patch up to the step's.  A change to any of it is another
# key, so the step is built again; a patch's Name:/Author: header or
# description is not in it (it changes no tree): its lines from the
# first that can start a diff on are.
lint_keys() {
	local cfg=${KCONFIG:-i386}
	{
		echo "lint-build-1: build-kernel.sh after quilt push, incremental"
		echo "KSRC $KSRC"
		echo "config $cfg $(sha1sum < "$TOP/kernel-config/$cfg")"
		script_sums lint-series.sh build-kernel.sh prepare-tree.sh lib.sh quiltrc \
			arch/i386.sh arch/$cfg.sh
		toolchain_id gcc
	} > "$BUILD/lint-key.common" || die "lint: cannot write $BUILD/lint-key.common"
	key=($(SERIES=$series python3 - "$PATCHES" "$BUILD/lint-key.common" "${step_top[@]}" <<'PY'
import hashlib, os, re, sys
patches, common, tops = sys.argv[1], sys.argv[2], sys.argv[3:]
DIFF = re.compile(rb"^(--- |\+\+\+ |\*\*\* |@@ |diff |Index: )")
h = hashlib.sha1(open(common, "rb").read())
keys = {}
for name in os.environ["SERIES"].split():
    lines = open(os.path.join(patches, name), "rb").read().splitlines(True)
    start = next((i for i, l in enumerate(lines) if DIFF.match(l)), len(lines))
    h.update(("%s %s\n" % (name, hashlib.sha1(b"".join(lines[start:])).hexdigest())).encode())
    keys[name] = h.hexdigest()[:16]
print(" ".join(keys[t] for t in tops))
PY
	)) && [ ${#key[@]} = "$steps" ] || die "lint: cannot compute the steps' keys"
}
LINT_CACHE=$HARNESS_CACHE/lint
if [ "$build" = keys ]; then
	mkdir -p "$BUILD"
	lint_keys
	for ((i = 0; i < steps; i++)); do
		c=new
		[ -f "$LINT_CACHE/${key[$i]}" ] && c=cached
		echo "$((i + 1)) ${key[$i]} $c ${step_name[$i]}"
	done
	exit 0
fi

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

# copy_touched DIR PATCH...: the pristine files the patches touch, to DIR
# (one cp for them all: a process a file took a minute on a busy host).
copy_touched() {
	local dir=$1 f
	shift
	mkdir -p "$dir"
	sed -n 's,^\(---\|+++\) [^/[:space:]]*/\([^[:space:]]*\).*,\2,p' "$@" | sort -u |
		while read -r f; do [ -f "$KSRC/$f" ] && printf '%s\0' "$f"; done |
		(cd "$KSRC" && xargs -0 -r cp -p --parents -t "$dir")
}

# apply_clean DIR PATCH: patch -p1 with no fuzz and no offset, or say why.
apply_clean() {
	local out rc l
	out=$(patch -p1 --fuzz=0 -N -t --no-backup-if-mismatch -r - -d "$1" -i "$PATCHES/$2" 2>&1)
	rc=$?
	while IFS= read -r l; do
		[[ -z $l || $l == "patching file "* ]] || rc=1
	done <<< "$out"
	if [ $rc -ne 0 ]; then
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

# 3. Bisectability: build after compat, then after each feature patch,
# but for the first steps whose key is cached: from the first that is
# not, in order.
export ARCH=i386
export BUILD=$BUILD/lint
TREE=$BUILD/$ARCH/linux-2.5.50
t0=$(now)
mkdir -p "$BUILD"
lint_keys
first=
for ((i = 0; i < steps; i++)); do
	[ -f "$LINT_CACHE/${key[$i]}" ] && continue
	first=$i
	break
done
for ((i = 0; i < ${first:-$steps}; i++)); do
	printf '>>> lint: [%d/%d] building i386 after %s ... ok (cached: %s)\n' \
		$((i + 1)) "$steps" "${step_name[$i]}" "${key[$i]}"
done
if [ -z "$first" ]; then
	msg "lint: the i386 kernel builds after each of the $steps steps (all cached, $(elapsed "$t0") s)"
	exit 0
fi
# Bring the tree to step FIRST: quilt pops what changed (and touches
# the files it puts back) and pushes the rest, so the build is
# incremental.
"$TOP/scripts/prepare-tree.sh" --upto "${step_top[$first]}" ||
	die "lint: the series up to ${step_top[$first]} does not apply"

lint_build() {
	local t1
	t1=$(now)
	printf '>>> lint: [%d/%d] building i386 after %s ... ' $(($1 + 1)) "$steps" "${step_name[$1]}"
	if "$TOP/scripts/build-kernel.sh" > "$BUILD/$ARCH/lint-step.log" 2>&1; then
		echo "ok ($(elapsed "$t1") s)"
		mkdir -p "$LINT_CACHE"
		echo "built $(date -u '+%Y-%m-%d %H:%M UTC') after ${step_name[$1]}" \
			> "$LINT_CACHE/${key[$1]}.tmp.$$" &&
			mv "$LINT_CACHE/${key[$1]}.tmp.$$" "$LINT_CACHE/${key[$1]}"
	else
		echo "FAILED ($(elapsed "$t1") s)"
		grep -v '^>>>' "$BUILD/$ARCH/lint-step.log" | sed 's/^/    | /' >&2
		die "lint: the kernel does not build after ${step_name[$1]}: the series is not bisectable (log: $BUILD/$ARCH/build.log)"
	fi
}
lint_build "$first"
for ((i = first + 1; i < steps; i++)); do
	out=$(q push -q "${step_top[$i]}" 2>&1)
	if [ $? -ne 0 ] || grep -q -E "$UNCLEAN_APPLY" <<< "$out"; then
		echo "$out" >&2
		die "lint: ${step_top[$i]} does not push cleanly in $TREE"
	fi
	lint_build "$i"
done
msg "lint: the i386 kernel builds after each of the $steps steps ($((steps - first)) built, $(elapsed "$t0") s)"
