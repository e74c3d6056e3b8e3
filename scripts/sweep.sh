#!/bin/bash
# make sweep: every pristine 2.5.50 .c file with a MODULE_PARM( in it
# (scripts/sweep-files.py: less other architectures' directories),
# compiled as a module (-c only, warnings ignored) in two trees under
# $BUILD/sweep:
#   before  pristine + the compat patches (the series up to its first
#           patch that is not compat/)
#   after   the whole series
# both configured alike: allmodconfig, less SMP (the compat patches make
# the UP kernel build; SMP headers do not compile with gcc 12), with every
# option that uncovers answered m (or y), as allmodconfig would.  The
# compile command of each file is kbuild's own (make -n V=1 FILE.o in that
# tree: its CFLAGS, EXTRA_CFLAGS, KBUILD_MODNAME), with -DMODULE added
# where kbuild would build the object into the kernel.
# A file that compiles before and not after is newly broken: the sweep
# lists it with its first error and exits 1.
# Results are cached per tree under $HARNESS_CACHE/sweep/KEY (the
# machine's results cache, shared by every clone: scripts/lib.sh), KEY a
# hash of the tree's patches (names and diffs), the recipe, the scripts
# that make the tree and the commands (this one, lib.sh, prepare-tree.sh,
# quiltrc), KSRC's path and the compiler (toolchain_id): a rerun with
# unchanged patches, in this clone or another, compiles nothing, and a
# tree whose files all have their results is not even prepared.  Each
# result is written under a temporary name and renamed, so that sweeps
# of two clones at once can share a KEY.
# Usage: sweep.sh [--risky] [--list FILE]
#   --risky    only the files sweep-files.py calls risky (MODULE_PARM
#              before its variable, or naming none): the make check subset
#   --list F   only the files listed in F (paths relative to KSRC)
. "$(dirname "$0")/lib.sh"

mode=all list=
while [ $# -gt 0 ]; do
	case "$1" in
	--risky) mode=risky ;;
	--list) mode=list; list=$2; shift ;;
	*) die "usage: $0 [--risky] [--list FILE]" ;;
	esac
	shift
done

ARCH=i386
need_tools gcc:gcc-12-multilib make:make quilt:quilt python3:python3 sha1sum:coreutils flock:util-linux
need_ksrc
SW=$BUILD/sweep
mkdir -p "$SW"
# One sweep at a time per BUILD (make check and make sweep share it).
exec 9> "$SW/lock"
if ! flock -n 9; then
	msg "sweep: another sweep is running in $SW; waiting for it"
	flock 9
fi
t0=$(now)

# Bump when the way a file is compiled changes: it is part of every key.
RECIPE="sweep-1 allmodconfig -SMP, kbuild make -n V=1 command, -DMODULE forced, -c -o /dev/null"

# A snapshot of the patches, so that one being edited meanwhile cannot
# end up in a tree under another's key.
snap=$SW/patches.snap
rm -rf "$snap"
cp -rL "$PATCHES" "$snap" || die "cannot copy $PATCHES to $snap"
PATCHES=$snap
export PATCHES_DIR=$snap

# The series: the compat section is its non-comment lines up to the
# first that is not compat/.
series=$(series_list)
compat=$(series_list compat-head)
last_compat=$(echo "$compat" | tail -1)
[ -n "$last_compat" ] || die "no compat patches at the top of $PATCHES/series"
[ "$(series_list compat | wc -l)" = "$(echo "$compat" | wc -l)" ] ||
	die "$PATCHES/series has compat/ patches after the first other one"

# KEY of PATCH...: hash of the patches (their diffs: a header edit
# changes no tree), the recipe, the scripts, KSRC's path and the
# compiler.  (The patches' sums in one process: a process a patch took
# seconds on a busy host.)
key_common=$(echo "$RECIPE"; echo "KSRC $KSRC"; toolchain_id gcc
	script_sums sweep.sh lib.sh prepare-tree.sh quiltrc)
declare -A patch_sum=()
while read -r name sum; do
	patch_sum[$name]=$sum
done < <(python3 - "$PATCHES" $series <<'PY'
import hashlib, os, sys
for name in sys.argv[2:]:
    lines = open(os.path.join(sys.argv[1], name), "rb").read().splitlines(True)
    start = next((i for i, l in enumerate(lines) if l.startswith(b"--- ")), len(lines))
    print(name, hashlib.sha1(b"".join(lines[start:])).hexdigest())
PY
)
key_of() {
	{
		echo "$key_common"
		for p in "$@"; do
			echo "$p ${patch_sum[$p]:?no sum of $p}"
		done
	} | sha1sum | cut -c1-16
}
key_before=$(key_of $compat)
key_after=$(key_of $series)
RES=$HARNESS_CACHE/sweep

# The files.
case $mode in
all)	files=$("$TOP/scripts/sweep-files.py" "$KSRC" all) ;;
risky)	files=$("$TOP/scripts/sweep-files.py" "$KSRC" risky | cut -f1) ;;
list)	files=$(grep -v '^#' "$list" | awk 'NF { print $1 }') ;;
esac
[ -n "$files" ] || die "no files to sweep"
nfiles=$(echo "$files" | wc -l)
nexcl=$("$TOP/scripts/sweep-files.py" "$KSRC" excluded | wc -l)
msg "sweep: $nfiles files with MODULE_PARM ($mode; $nexcl in other architectures' directories left out)"

# A file's name in the results directories: its path with / as %
# (${f//\//%}: no process per file, 613 files and two trees a run).

# prepare NAME KEY [--upto PATCH]: the tree $SW/NAME, configured.
prepare() {
	local name=$1 key=$2 tree=$SW/$1/$ARCH/linux-2.5.50
	shift 2
	[ "$(cat "$tree/.sweep-key" 2>/dev/null)" = "$key" ] && return 0
	rm -f "$tree/.sweep-key"
	msg "sweep: preparing the $name tree ($SW/$name)"
	BUILD=$SW/$name "$TOP/scripts/prepare-tree.sh" "$@" > "$SW/$name.prepare.log" 2>&1 ||
		{ cat "$SW/$name.prepare.log" >&2; die "sweep: the $name tree does not prepare"; }
	if [ "$name" = before ]; then
		configure "$tree" || die "sweep: configuring the before tree failed (logs in $SW)"
	else
		cp "$SW/config" "$tree/.config"
		TREE=$tree kmake oldconfig < /dev/null > "$SW/$name.oldconfig.log" 2>&1 ||
			die "sweep: oldconfig failed in the $name tree ($SW/$name.oldconfig.log)"
	fi
	TREE=$tree kmake prepare > "$SW/$name.prepare-make.log" 2>&1 ||
		die "sweep: make prepare failed in the $name tree ($SW/$name.prepare-make.log)"
	echo "$key" > "$tree/.sweep-key"
}

# configure TREE: allmodconfig less SMP; the options that SMP=n uncovers
# answered as allmodconfig would (m if tristate, else y), until oldconfig
# asks nothing new.  The result is $SW/config, used for both trees.
configure() {
	local tree=$1
	TREE=$tree kmake allmodconfig < /dev/null > "$SW/allmodconfig.log" 2>&1 || return 1
	sed -i 's/^CONFIG_SMP=y$/# CONFIG_SMP is not set/' "$tree/.config"
	# gcc -g (compat/debug-info.patch) only slows every compile down
	sed -i 's/^CONFIG_DEBUG_INFO=y$/# CONFIG_DEBUG_INFO is not set/' "$tree/.config"
	oldconfig_new "$tree" "$SW/oldconfig.log" || return 1
	grep -q '^CONFIG_SMP=y' "$tree/.config" && return 1
	cp "$tree/.config" "$SW/config"
}

# commands NAME CMDDIR FILE...: kbuild's compile command for each file,
# as CMDDIR/ENC.cmd (run from the tree's top).
commands() {
	local name=$1 res=$2 tree=$SW/$1/$ARCH/linux-2.5.50
	shift 2
	(cd "$tree" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make -n -k V=1 ARCH=$ARCH $(for f in "$@"; do echo "${f%.c}.o"; done)) \
		> "$res/make-n.log" 2>&1
	python3 - "$res" "$@" <<'PY'
import os, re, sys
res, files = sys.argv[1], sys.argv[2:]
log = open(os.path.join(res, "make-n.log"), errors="replace")
want = set(files)
cmds = {}
for line in log:
    m = re.match(r"set -e; echo '  (gcc .*?)'; gcc ", line)
    if not m:
        continue
    cmd = m.group(1).replace("'\\''", "'")
    m = re.search(r" -c -o (\S+) (\S+)$", cmd)
    if not m or m.group(2) not in want:
        continue
    src = m.group(2)
    base = os.path.basename(src)[:-2]
    cmd = re.sub(r"-Wp,-MD,\S+ ", "", cmd)
    cmd = re.sub(r" -c -o \S+ \S+$", "", cmd)
    if not re.search(r"(^| )-DMODULE( |$)", cmd):
        cmd += " -DMODULE"
    if "-DKBUILD_MODNAME=" not in cmd:
        cmd += " -DKBUILD_MODNAME=" + base
    if "-DKBUILD_BASENAME=" not in cmd:
        cmd += " -DKBUILD_BASENAME=" + base
    cmds[src] = cmd + " -c -o /dev/null " + src
for f in files:
    with open(os.path.join(res, f.replace("/", "%") + ".cmd"), "w") as out:
        if f in cmds:
            out.write(cmds[f] + "\n")
        else:
            out.write("echo 'sweep: kbuild gave no compile command for %s' >&2; exit 99\n" % f)
PY
}

# todo KEY: the files with no result under $RES/KEY.
todo() {
	local f res=$RES/$1
	for f in $files; do
		[ -f "$res/${f//\//%}.rc" ] || echo "$f"
	done
}

# compile NAME KEY TODO: the files TODO (not yet in $RES/KEY), in
# parallel; each file's .err, then its .rc (a result is there when its
# .rc is), written under a temporary name and renamed.
compile() {
	local name=$1 res=$RES/$2 cmds=$SW/cmds/$2 tree=$SW/$1/$ARCH/linux-2.5.50 todo=$3 n done_ pid had
	n=$(echo "$todo" | grep -c .)
	if [ "$n" -eq 0 ]; then
		msg "sweep: $name: all $nfiles results cached ($res)"
		return 0
	fi
	mkdir -p "$res" "$cmds" || die "sweep: cannot make $res and $cmds"
	had=$(ls "$res" | grep -c '\.rc$')
	commands "$name" "$cmds" $todo
	msg "sweep: $name: compiling $n files ($JOBS jobs)"
	local t1
	t1=$(now)
	echo "$todo" | tr / % | (cd "$tree" && xargs -P "$JOBS" -I@ \
		sh -c 'sh "$0/@.cmd" > "$1/@.err.$$" 2>&1; echo $? > "$1/@.rc.$$" &&
			mv "$1/@.err.$$" "$1/@.err" && mv "$1/@.rc.$$" "$1/@.rc"' "$cmds" "$res") &
	pid=$!
	while kill -0 $pid 2>/dev/null; do
		sleep 20
		done_=$(($(ls "$res" | grep -c '\.rc$') - had))
		kill -0 $pid 2>/dev/null && msg "sweep: $name: $done_/$n ($(elapsed "$t1") s)"
	done
	wait $pid
	msg "sweep: $name: $n files compiled in $(elapsed "$t1") s"
}

# A tree is prepared only where a file has no result yet.  The after
# tree is configured from the before tree's config: kept with the
# before tree's results, else the before tree is prepared for it.
todo_before=$(todo "$key_before")
todo_after=$(todo "$key_after")
need_before=
[ -n "$todo_before" ] && need_before=yes
[ -n "$todo_after" ] && [ ! -f "$RES/$key_before/.config" ] && need_before=yes
if [ -n "$need_before" ]; then
	prepare before "$key_before" --upto "$last_compat"
	if [ ! -f "$RES/$key_before/.config" ]; then
		mkdir -p "$RES/$key_before" && cp "$SW/config" "$RES/$key_before/.config.tmp.$$" &&
			mv "$RES/$key_before/.config.tmp.$$" "$RES/$key_before/.config" ||
			die "sweep: cannot keep the config in $RES/$key_before"
	fi
fi
if [ -n "$todo_after" ]; then
	if [ -z "$need_before" ]; then
		cp "$RES/$key_before/.config" "$SW/config" ||
			die "sweep: cannot copy $RES/$key_before/.config"
	fi
	prepare after "$key_after"
	if ! diff <(grep '^CONFIG' "$SW/config") <(grep '^CONFIG' "$SW/after/$ARCH/linux-2.5.50/.config") \
		> "$SW/config.diff"; then
		if grep -q '^<' "$SW/config.diff"; then
			cat "$SW/config.diff" >&2
			die "sweep: the after tree lost options of the before tree's config (above)"
		fi
	fi
fi
compile before "$key_before" "$todo_before"
compile after "$key_after" "$todo_after"

# Summary.
rb=$RES/$key_before ra=$RES/$key_after
ok_b=0 ok_a=0 broken= fixed= nb=0 nf=0
for f in $files; do
	e=${f//\//%}
	read -r b < "$rb/$e.rc"
	read -r a < "$ra/$e.rc"
	[ "$b" = 0 ] && ok_b=$((ok_b + 1))
	[ "$a" = 0 ] && ok_a=$((ok_a + 1))
	if [ "$b" = 0 ] && [ "$a" != 0 ]; then
		nb=$((nb + 1))
		broken="$broken$f: $(grep -m1 -E 'error|Error' "$ra/$e.err")"$'\n'
	elif [ "$b" != 0 ] && [ "$a" = 0 ]; then
		nf=$((nf + 1))
		fixed="$fixed$f"$'\n'
	fi
done
{
	echo "sweep ($mode) of $(date -u '+%Y-%m-%d %H:%M UTC'), results in $RES: before=$key_before after=$key_after"
	echo "files tried:     $nfiles"
	echo "compile before:  $ok_b"
	echo "compile after:   $ok_a"
	echo "newly broken:    $nb"
	[ -n "$broken" ] && printf '%s' "$broken" | sed 's/^/    /'
	echo "newly fixed:     $nf"
	[ -n "$fixed" ] && printf '%s' "$fixed" | sed 's/^/    /'
	echo "took $(elapsed "$t0") s"
} | tee "$SW/summary-$mode.txt"
echo "(not compiling before, with their first errors: $SW/not-before-$mode.txt)"
for f in $files; do
	e=${f//\//%}
	read -r b < "$rb/$e.rc"
	[ "$b" = 0 ] || echo "$f: $(grep -m1 -E 'error|Error' "$rb/$e.err")"
done > "$SW/not-before-$mode.txt"
[ "$nb" -eq 0 ]
