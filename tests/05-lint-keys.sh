#!/bin/bash
# make lint's build cache (scripts/lint-series.sh, tests/75-bisect.sh)
# never hides a change: each step's key must change with the patches up
# to that step, the kernel config, a harness script of the build and
# the toolchain, and stay the same when none of them changes.  In a copy
# of the harness, with a cache of its own; no kernel is built (the
# --keys answers are what the build decides on: a step is built when
# its key is not in the cache).
. "$(dirname "$0")/lib-test.sh"
tmp=$(mktemp -d)
on_exit 'rm -rf "$tmp"'
H=$tmp/h
mkdir -p "$H"
cp -r "$TOP/scripts" "$TOP/kernel-config" "$TOP/patches" "$H/"
export HARNESS_CACHE=$tmp/cache BUILD=$tmp/b
unset PATCHES_DIR KCONFIG
keys() { "$H/scripts/lint-series.sh" --keys; }
# mark: the cache holds every step's key, as after a run that built them.
mark() { mkdir -p "$HARNESS_CACHE/lint"; keys | while read -r n k c rest; do touch "$HARNESS_CACHE/lint/$k"; done; }
# states: "new" or "cached" for each step, on one line.
states() { keys | awk '{ printf "%s%s", s, $3; s = " " }'; }

k0=$(keys) || { fail "lint keys: lint-series.sh --keys fails: $k0"; exit 0; }
n=$(echo "$k0" | wc -l)
nfeat=$(series_list feature "$TOP/patches" | wc -l)
if [ "$n" = $((nfeat + 1)) ] && [ "$(keys)" = "$k0" ] &&
   [ "$(echo "$k0" | awk '{ print $2 }' | sort -u | wc -l)" = "$n" ] &&
   [ "$(HARNESS_CACHE=$tmp/cache "$TOP/scripts/lint-series.sh" --keys)" = "$k0" ]; then
	pass "lint keys: $n steps, $n different keys, the same on a second look and from the clone itself"
else
	fail "lint keys: $n steps (want $((nfeat + 1))), or the keys differ between two looks or from the clone's"
fi
mark
all_cached=$(for i in $(seq $n); do echo cached; done | tr '\n' ' ' | sed 's/ $//')
all_new=${all_cached//cached/new}
if [ "$(states)" = "$all_cached" ]; then
	pass "lint keys: nothing changed: all $n steps cached, none would be built"
else
	fail "lint keys: nothing changed, yet steps would be built: $(states)"
fi

# A changed hunk in the third feature patch: steps 1-3 (compat, the
# first two feature patches) stay cached, step 4 on is new.
third=$(series_list feature "$H/patches" | sed -n 3p)
cp "$H/patches/$third" "$tmp/saved"
sed -i '0,/^+[^+]/s/^+\([^+].*\)$/+\1 /' "$H/patches/$third"
want=$(for i in $(seq $n); do [ $i -le 3 ] && echo cached || echo new; done | tr '\n' ' ' | sed 's/ $//')
if ! cmp -s "$tmp/saved" "$H/patches/$third" && [ "$(states)" = "$want" ]; then
	pass "lint keys: a changed line in $third: the 3 steps before it cached, the $((n - 3)) from it on built again"
else
	fail "lint keys: a changed line in $third: steps $(states), want $want"
fi
cp "$tmp/saved" "$H/patches/$third"

# Its description alone changes no tree: still cached.
sed -i '2s/$/ (reworded)/' "$H/patches/$third"
if [ "$(states)" = "$all_cached" ]; then
	pass "lint keys: a reworded description of $third builds nothing (the diff is the same)"
else
	fail "lint keys: a reworded description would rebuild: $(states)"
fi
cp "$tmp/saved" "$H/patches/$third"

# The config, a harness script, the toolchain: every step new.
whole() {	# what changed
	if [ "$(states)" = "$all_new" ]; then
		pass "lint keys: $1: all $n steps built again"
	else
		fail "lint keys: $1: steps $(states), want all new"
	fi
}
cp "$H/kernel-config/i386" "$tmp/cfg"
sed -i 's/^CONFIG_DEBUG_SLAB=y$/# CONFIG_DEBUG_SLAB is not set/' "$H/kernel-config/i386"
cmp -s "$tmp/cfg" "$H/kernel-config/i386" || whole "kernel-config/i386 changed (DEBUG_SLAB off)"
cmp -s "$tmp/cfg" "$H/kernel-config/i386" && fail "lint keys: kernel-config/i386 has no CONFIG_DEBUG_SLAB=y to change"
cp "$tmp/cfg" "$H/kernel-config/i386"
KCONFIG=i386-smp whole "another config (KCONFIG=i386-smp)"
echo '# changed' >> "$H/scripts/build-kernel.sh"
whole "scripts/build-kernel.sh changed"
sed -i '$d' "$H/scripts/build-kernel.sh"
echo '# changed' >> "$H/scripts/arch/i386.sh"
whole "scripts/arch/i386.sh changed"
sed -i '$d' "$H/scripts/arch/i386.sh"
# Another gcc of the same name first in PATH (a wrapper: another program).
mkdir -p "$tmp/bin"
printf '#!/bin/sh\nexec %s "$@"\n' "$(command -v gcc)" > "$tmp/bin/gcc"
chmod +x "$tmp/bin/gcc"
PATH=$tmp/bin:$PATH whole "another gcc program first in PATH (same version)"
if [ "$(states)" = "$all_cached" ]; then
	pass "lint keys: all put back: all $n steps cached again"
else
	fail "lint keys: all put back, yet steps $(states)"
fi
exit 0
