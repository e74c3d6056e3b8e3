#!/bin/bash
# make allmodules-build (doc/allmodules.md): 2.5.50's own modules, as
# many as gcc 12 builds, for i386, in two trees under $BUILD/allmodules:
#   before  pristine + the compat patches (the series up to its first
#           patch that is not compat/): 2.5.50's own loader, the baseline
#   after   the whole series
# Both configured alike (scripts/sweep.sh's way): allmodconfig less SMP,
# what SMP=n uncovers answered as allmodconfig would; then every option
# kernel-config/i386 builds in (=y) and allmodconfig made a module is
# built in again, so that the kernel boots under QEMU's i386 machine
# (serial console, initrd on an ext2 ramdisk).  Each tree builds its
# bzImage (the kernel the modules load into) and `make -k modules`.
#
# Results go to $BUILD/allmodules/NAME/ (NAME before or after):
#   built.txt     the modules built, one path a line (relative to the tree)
#   notbuilt.txt  the modules kbuild would make and did not, each with the
#                 first error of its directory's objects ("PATH: error")
#   modules.list  the built modules' absolute paths (build-busybox.sh's LIST)
# cached by content like the sweep: $BUILD/allmodules/NAME/.key holds a
# hash of the tree's patches (names and diffs, not headers), the config
# recipe (this script's configure part and lib.sh's oldconfig_new,
# kernel-config/i386) and the compiler; a rerun with the same key builds
# nothing.
#
# Usage: build-allmodules.sh [--share] [before|after]...
#   --share  build only the modules of the make check share
#            (scripts/allmodules-share.py: every K-th module and the chains,
#            with what they need), each by its own kbuild target, not
#            `make -k modules`: its lists are built-share.txt and
#            notbuilt-share.txt, the full ones must exist first ... or not:
#            the share's candidates come from `make -n modules_install`.
# Defaults: both trees, the full build.  JOBS (default 2) compile jobs,
# at nice 10.
. "$(dirname "$0")/lib.sh"

share= kernel_only=
names=
while [ $# -gt 0 ]; do
	case "$1" in
	--share) share=1 ;;
	--kernel) kernel_only=1 ;;
	before|after) names="$names $1" ;;
	*) die "usage: $0 [--share] [before|after]..." ;;
	esac
	shift
done
names=${names:-before after}
export ARCH=i386
JOBS=${JOBS:-2}
need_tools gcc:gcc-12-multilib make:make quilt:quilt python3:python3 sha1sum:coreutils flock:util-linux
need_ksrc
AM=$BUILD/allmodules
# The machine is shared: this script and all it starts run at nice 10.
renice -n 10 $$ > /dev/null
mkdir -p "$AM"

# Bump when the way the trees are configured or built changes.
RECIPE="allmodules-1 allmodconfig -SMP +i386 built-ins, bzImage, make -k modules"

series=$(series_list)
compat=$(series_list compat-head)
last_compat=$(echo "$compat" | tail -1)
[ -n "$last_compat" ] || die "no compat patches at the top of $PATCHES/series"

# Built-in options allmodconfig turns on that the kernel cannot have
# here: each fails to build with gcc 12 and binutils 2.40 (the first
# error; 2.5.50 code, not the series'), or breaks the boot under QEMU.
OFF="
CONFIG_HUGETLB_PAGE
CONFIG_SOFTWARE_SUSPEND
CONFIG_X86_UP_IOAPIC
CONFIG_PNPBIOS
CONFIG_FB
CONFIG_MATH_EMULATION
CONFIG_ATM
CONFIG_DEVFS_FS
CONFIG_DEBUG_INFO
"
#	HUGETLB_PAGE      arch/i386/mm/hugetlbpage.c:610: unknown type name 'ctl_table'
#	SOFTWARE_SUSPEND  arch/i386/kernel/suspend_asm.S:6: junk at end of line
#	X86_UP_IOAPIC     drivers/pci/quirks.c:354: 'sis_apic_bug' undeclared
#	PNPBIOS           drivers/pnp/pnpbios/core.c:1512: lvalue required
#	FB                drivers/video/fbcon.c:1872: lvalue required (fbcon is
#	                  built in with FB=y; every fb driver module needs it)
#	MATH_EMULATION    arch/i386/math-emu/errors.c:294: conflicting types
#	ATM               net/atm/resources.c:169: lvalue required (the ATM
#	                  core is bool: built in; its drivers need it)
#	DEVFS_FS          the boot: with devfs, 2.5.50's do_mounts.c finds no
#	                  /dev/initrd ("VFS: Cannot open root device ram0")
#	DEBUG_INFO        builds, but gcc -g (compat/debug-info.patch) makes
#	                  every object several times bigger: for gdb and
#	                  decode-oops only (kernel-config/i386-smp)

# Tristates allmodconfig makes modules that a built-in part needs: built in.
IN="
CONFIG_INPUT
"
#	INPUT  the VT keyboard (drivers/char/keyboard.c, VT is bool) calls
#	       input_event(): vmlinux does not link with INPUT=m

key_of() {
	{
		echo "$RECIPE" $OFF $IN
		gcc --version | head -1
		sha1sum < "$TOP/kernel-config/i386"
		sed -n '/^# configure TREE/,/^}/p' "$0" | sha1sum
		declare -f oldconfig_new | sha1sum
		for p in "$@"; do
			echo "$p $(sed -n '/^--- /,$p' "$PATCHES/$p" | sha1sum)"
		done
	} | sha1sum | cut -c1-16
}

# configure TREE LOGDIR: allmodconfig less SMP, options uncovered answered
# m (or y), then kernel-config/i386's built-ins built in again.
configure() {
	local tree=$1 log=$2 sym
	TREE=$tree kmake allmodconfig < /dev/null > "$log/allmodconfig.log" 2>&1 || return 1
	sed -i 's/^CONFIG_SMP=y$/# CONFIG_SMP is not set/' "$tree/.config"
	# kernel-config/i386's =y where allmodconfig says m: the boot needs
	# them in the kernel (8250 console, ramdisk, initrd, ext2).
	for sym in $(sed -n 's/^\(CONFIG_[A-Z0-9_]*\)=y$/\1/p' "$TOP/kernel-config/i386") $IN; do
		grep -qx "$sym=m" "$tree/.config" && sed -i "s/^$sym=m\$/$sym=y/" "$tree/.config"
	done
	# What gcc 12 cannot build in, or QEMU's i386 machine cannot boot.
	for sym in $OFF; do
		sed -i "s/^$sym=[ym]\$/# $sym is not set/" "$tree/.config"
	done
	oldconfig_new "$tree" "$log/oldconfig.log" $OFF || return 1
	grep -q '^CONFIG_SMP=y' "$tree/.config" && return 1
	for sym in $OFF; do
		grep -q "^$sym=" "$tree/.config" && { echo "$sym is on" >&2; return 1; }
	done
	for sym in CONFIG_SERIAL_8250 CONFIG_SERIAL_8250_CONSOLE CONFIG_BLK_DEV_RAM \
		CONFIG_BLK_DEV_INITRD CONFIG_EXT2_FS CONFIG_MODULE_UNLOAD; do
		grep -qx "$sym=y" "$tree/.config" || { echo "$sym is not y" >&2; return 1; }
	done
}

# modules_of TREE: every module kbuild makes (make -n modules_install:
# its obj-m, whether built or not), paths relative to the tree.
modules_of() {
	(cd "$1" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -n -k ARCH=i386 \
		INSTALL_MOD_PATH=/nonexistent modules_install 2>/dev/null) |
		awk '/cp .* \/nonexistent/ { for (i = 1; i <= NF; i++) if ($i ~ /\.o$/) print $i }' |
		sort -u
}

# lists NAME TREE SUFFIX LOG: built and not built, with first errors.
lists() {
	local name=$1 tree=$2 sfx=$3 log=$4 out=$AM/$1
	modules_of "$tree" > "$out/all$sfx.txt"
	python3 - "$tree" "$out/all$sfx.txt" "$log" "$out/built$sfx.txt" "$out/notbuilt$sfx.txt" \
		"${SHARE_LIST:-}" <<'PY'
import os, re, sys
tree, allf, logf, builtf, notf, sharef = sys.argv[1:7]
mods = [l.strip() for l in open(allf) if l.strip()]
if sharef:
    want = set(l.split()[0] for l in open(sharef) if l.strip() and not l.startswith("#"))
    mods = [m for m in mods if m in want]
log = open(logf, errors="replace").read().splitlines()
# First error of each file, and of each directory, in the log's order.
first_file, first_dir = {}, {}
for l in log:
    m = re.match(r"^([\w./+-]+\.[chS]):\d+(:\d+)?: (fatal )?error: ", l) or \
        re.match(r"^([\w./+-]+\.[chS]):\d+(:\d+)?: (undefined reference|.*: Error: )", l)
    if m:
        f = os.path.normpath(m.group(1))
        first_file.setdefault(f, l.strip())
        continue
    m = re.search(r"\*\*\* \[[^\]]*?:? ?([\w./+-]+\.o)\] Error", l)
    if m:
        o = os.path.normpath(m.group(1))
        first_dir.setdefault(os.path.dirname(o), "%s (%s)" % (l.strip(), o))
with open(builtf, "w") as b, open(notf, "w") as n:
    for m in mods:
        if os.path.exists(os.path.join(tree, m)):
            b.write(m + "\n")
            continue
        src = m[:-2] + ".c"
        d = os.path.dirname(m)
        why = first_file.get(src)
        if not why:
            for f, e in first_file.items():
                if os.path.dirname(f) == d:
                    why = e
                    break
        if not why:
            why = first_dir.get(d)
        if not why:
            for f, e in first_file.items():
                if f.startswith(d + "/") or d.startswith(os.path.dirname(f) + "/"):
                    why = e
                    break
        n.write("%s: %s\n" % (m, why or "not built, no error of its own in the log"))
PY
	sed "s|^|$tree/|" "$out/built$sfx.txt" > "$out/modules$sfx.list"
}

# share_build TREE OUT: OUT/share.txt's modules, each by its own kbuild
# target (scripts/Makefile.build in its directory, as the top Makefile's
# %.o rule does; targets.mk gives composite modules the same), then the
# modules whose sources export what they leave undefined and neither
# vmlinux nor a module of the list exports, added to share.txt, up to
# three rounds.  A round's make is given only that round's new modules
# (each target is a make of its directory: some 180 of them cost a
# minute or two even with nothing to build).
share_build() {
	local tree=$1 out=$2 i syms more new t
	printf '%s\n' '# make allmodules: a module by its path, composite or not' \
		'am/%: scripts FORCE' \
		'	$(Q)$(MAKE) -f scripts/Makefile.build obj=$(patsubst %/,%,$(dir $*)) $*' \
		> "$out/targets.mk"
	new=$(cat "$out/share.txt")
	for i in 1 2 3 4; do
		t=$(now)
		TREE=$tree kmake -k -j"$JOBS" -f Makefile -f "$out/targets.mk" \
			$(echo "$new" | sed 's|^|am/|')
		echo ">>> round $i: $(echo "$new" | wc -l) modules made in $(elapsed "$t") s"
		[ $i = 4 ] && break
		t=$(now)
		# One nm over every built module of the list (an nm each, twice,
		# took 80 s a round here): what they leave undefined less what
		# vmlinux and they export.
		(cd "$tree" && for m in $(cat "$out/share.txt"); do [ -f "$m" ] && echo "$m"; done |
			xargs -r nm -A) > "$out/share.nm" 2> /dev/null
		syms=$(awk '$(NF-1) == "U" { print $NF }' "$out/share.nm" | sort -u | comm -23 - <(
				{ sed -n 's/.* __ksymtab_//p' "$tree/System.map"
				  sed -n 's/.* __ksymtab_//p' "$out/share.nm"; } | sort -u))
		[ -n "$syms" ] || break
		more=$(python3 "$TOP/scripts/allmodules-share.py" exporters "$tree" "$out/all.txt" $syms |
			grep -v -x -F -f "$out/share.txt")
		echo ">>> round $i: undefined: $(echo $syms); their modules: $(echo $more) (symbols: $(elapsed "$t") s)"
		[ -n "$more" ] || break
		echo "$more" >> "$out/share.txt"
		new=$more
	done
}

# What a build made that the loads read, kept per machine by its key
# (HARNESS_CACHE, lib.sh: a function of the key, never a boot's
# verdict): $HARNESS_CACHE/allmodules/NAME-KEY[-share]/ holds built and
# notbuilt lists and, under tree/, the bzImage, System.map and every
# module built, at their paths in the tree.  A clone with an empty
# $BUILD on a machine that built the same key takes them and builds
# nothing (the tree is prepared again only where a build needs it).
products_dir() { echo "$HARNESS_CACHE/allmodules/$1-$2$3"; }

# products_store NAME KEY SFX OUT TREE
products_store() {
	local d tmp
	d=$(products_dir "$1" "$2" "$3")
	[ -f "$d/built$3.txt" ] && return 0
	tmp=$d.tmp.$$
	rm -rf "$tmp"
	mkdir -p "$tmp/tree" &&
	(cd "$5" && cp --parents arch/i386/boot/bzImage System.map $(cat "$4/built$3.txt") "$tmp/tree/") &&
	cp "$4/built$3.txt" "$4/notbuilt$3.txt" "$tmp/" &&
	rm -rf "$d" && mv "$tmp" "$d" ||
		{ rm -rf "$tmp"; warn "allmodules: $1: could not keep its products in $d"; }
	return 0
}

# products_restore NAME KEY SFX OUT TREE: 0 where they were kept.
products_restore() {
	local d
	d=$(products_dir "$1" "$2" "$3")
	[ -f "$d/built$3.txt" ] || return 1
	mkdir -p "$5" && cp -a "$d/tree/." "$5/" &&
		cp "$d/built$3.txt" "$d/notbuilt$3.txt" "$4/" || return 1
	sed "s|^|$5/|" "$4/built$3.txt" > "$4/modules$3.list"
	echo "$2" > "$4/.key$3"
	msg "allmodules: $1: $(wc -l < "$4/built$3.txt") modules built before on this machine (key $2, $d)"
}

build() {
	local name=$1 key=$2 out=$AM/$1 tree=$AM/$1/i386/linux-2.5.50 t0 pid sfx= tgt
	shift 2
	mkdir -p "$out"
	# One build of a tree at a time (the other tree may build meanwhile).
	exec 9> "$AM/$name.lock"
	if ! flock -n 9; then
		msg "allmodules: another build of $name is running; waiting for it"
		flock 9
	fi
	[ -n "$share" ] && sfx=-share
	if [ "$(cat "$out/.key$sfx" 2>/dev/null)" = "$key" ] &&
	   [ -f "$out/built$sfx.txt" ] && [ -f "$tree/arch/i386/boot/bzImage" ]; then
		msg "allmodules: $name: cached ($(wc -l < "$out/built$sfx.txt") modules built, key $key)"
		return 0
	fi
	# The other build's lists (full or share) stay good if its key is
	# this one: the tree is only added to.
	for k in .key .key-share; do
		[ "$(cat "$out/$k" 2>/dev/null)" = "$key" ] || rm -f "$out/$k"
	done
	[ -z "$kernel_only" ] && [ ! -f "$tree/.allmod-config-key" ] &&
		products_restore "$name" "$key" "$sfx" "$out" "$tree" && return 0
	t0=$(now)
	if [ "$(cat "$tree/.allmod-config-key" 2>/dev/null)" != "$key" ]; then
		msg "allmodules: $name: preparing and configuring $tree"
		# Kept products (products_restore) are no tree to build in.
		[ -d "$tree/.pc" ] || rm -rf "$tree"
		BUILD=$out "$TOP/scripts/prepare-tree.sh" "$@" > "$out/prepare.log" 2>&1 ||
			{ tail "$out/prepare.log" >&2; die "allmodules: the $name tree does not prepare"; }
		configure "$tree" "$out" || die "allmodules: configuring $name failed (logs in $out)"
		echo "$key" > "$tree/.allmod-config-key"
	fi
	msg "allmodules: $name: bzImage ($JOBS jobs, nice 10), log in $out/kernel.log"
	TREE=$tree kmake -j"$JOBS" bzImage > "$out/kernel.log" 2>&1 ||
		{ grep -E 'error|Error' "$out/kernel.log" | head -20 >&2; die "allmodules: $name: bzImage does not build (log: $out/kernel.log)"; }
	msg "allmodules: $name: bzImage in $(elapsed "$t0") s"
	[ -n "$kernel_only" ] && return 0
	if [ -n "$share" ]; then
		modules_of "$tree" > "$out/all.txt"
		python3 "$TOP/scripts/allmodules-share.py" targets "$out/all.txt" > "$out/share.txt"
		msg "allmodules: $name: the share's $(wc -l < "$out/share.txt") modules and what they need, log in $out/modules$sfx.log"
		share_build "$tree" "$out" > "$out/modules$sfx.log" 2>&1 &
	else
		msg "allmodules: $name: make -k modules ($JOBS jobs, nice 10), log in $out/modules.log"
		TREE=$tree kmake -k -j"$JOBS" modules > "$out/modules.log" 2>&1 &
	fi
	pid=$!
	while kill -0 $pid 2> /dev/null; do
		sleep 30
		kill -0 $pid 2> /dev/null &&
			msg "allmodules: $name: $(find "$tree" -name '*.o' -newer "$tree/vmlinux" | wc -l) objects so far ($(elapsed "$t0") s)"
	done
	wait $pid
	SHARE_LIST=${share:+$out/share.txt} lists "$name" "$tree" "$sfx" "$out/modules$sfx.log"
	msg "allmodules: $name: $(wc -l < "$out/built$sfx.txt") modules built, $(wc -l < "$out/notbuilt$sfx.txt") not, in $(elapsed "$t0") s"
	echo "$key" > "$out/.key$sfx"
	products_store "$name" "$key" "$sfx" "$out" "$tree"
}

for name in $names; do
	case $name in
	before) build before "$(key_of $compat)" --upto "$last_compat" ;;
	after) build after "$(key_of $series)" ;;
	esac
done
