#!/bin/bash
# The other architectures (issue 6): cross-build the patched tree for
# ppc and sparc64 with Debian's cross compilers, check the linked vmlinux
# (scripts/arch/check-vmlinux.py), boot what boots under QEMU.  ia64
# (issue 18): Debian has no ia64 gcc, so scripts/build-cross-gcc.sh
# builds one from gcc-12-source (cached outside the clone; about 15 min
# the first time); no QEMU runs ia64: it boots under Ski, the IA-64
# simulator (issue 31; scripts/build-ski.sh builds it from the shared
# vendor archive, cached), with the ia64 module loader of
# compat/ia64-module-loader.patch, and its test modules' tables are
# checked as well.  Where Ski cannot be had, ia64's boot is a SKIP that
# says why.  Where that compiler cannot be had, ia64 falls back, with a
# SKIP, to the linker-script check with binutils alone
# (scripts/arch/lds-check.sh).
# ppc64 (issue 17) builds with the ppc64-* compat patches and boots
# under QEMU's pSeries machine (SLOF, PPC970) like ppc and sparc64
# (doc/cross-ppc64.md).
# Ends with a table.  CROSS_ARCHES="ppc" limits the built arches; builds
# are incremental.
. "$(dirname "$0")/lib-test.sh"
# ia64 builds the compiler first when it is missing (doc/cross-ia64.md).
arches=${CROSS_ARCHES:-ppc sparc64 ppc64 ia64}
need_tree_or_skip $(for a in $arches; do echo "build $a"; done)

declare -A built linked booted cases lds
cross_of() { arch_load "$1"; echo "${arch_cross%-}"; }
cc_of() { arch_load "$1"; echo "$arch_cc"; }
pkg_of() { arch_load "$1"; echo "$arch_pkg"; }
lds_arches=
case " $arches " in
*" ia64 "*) ;;
*)	skip "build ia64: not in CROSS_ARCHES=\"$arches\": ONLY the linker script is checked, with binutils alone"
	lds_arches="$lds_arches ia64" ;;
esac

# struct_size TREE CC NM HEADER STRUCT: sizeof(struct STRUCT) for ARCH,
# from the tree's own <linux/HEADER> and the cross compiler, in the
# kernel's C dialect (ia64's <asm/pal.h> names a parameter "restrict");
# empty when it cannot be measured.
struct_size() {
	local tree=$1 cc=$2 nm=$3 tmp sz
	tmp=$(mktemp -d)
	printf '#include <linux/%s>\nchar struct_size[sizeof(struct %s)];\n' "$4" "$5" |
		$cc -D__KERNEL__ -std=gnu89 -nostdinc \
			-isystem "$($cc -print-file-name=include)" \
			-I"$tree/include" -c -xc - -o "$tmp/s.o" 2>"$tmp/err" &&
		sz=$($nm -S "$tmp/s.o" | awk '$4 == "struct_size" { print $2 }')
	rm -rf "$tmp"
	[ -n "$sz" ] && echo $((16#$sz))
}

# sizeof(struct kernel_param); empty when the tree has no
# <linux/moduleparam.h>.
param_size() {
	[ -f "$1/include/linux/moduleparam.h" ] || return 0
	struct_size "$1" "$2" "$3" moduleparam.h kernel_param
}

# guest_modinfo ARCH TREE LIST: kmod's modinfo of each test module in
# LIST (one object a line; the modinfo-* fixtures are tests 40's), as
# declared in its sources, once the series has .modinfo.
guest_modinfo() {
	local o
	grep -q '__MODULE_INFO' "$2/include/linux/moduleparam.h" || return 0
	for o in $(grep -v '/modinfo-[^/]*\.o$' "$3"); do
		check_modinfo "modinfo $1: $(basename "$o")" "$o" $(module_sources "$2" "$o")
	done
}

# ia64's test modules, beside the boot (the ia64 gcc is not Debian's:
# their tables are checked here as tests 35 and 40 check i386's, with
# entry sizes measured with the ia64 gcc).  KP is sizeof(struct
# kernel_param); the modules are in $BUILD/ia64/guest/mods.
ia64_module_tables() {
	local kp=$1 mtree=$BUILD/ia64/linux-2.5.50 M=$BUILD/ia64/guest/mods op m c o want got vars lost relocs names
	for m in hello multipart divas eicon noinit devtable; do
		got=$($x-objcopy -O binary -j .gnu.linkonce.modname "$M/$m.o" /dev/stdout 2>/dev/null | tr -d '\0')
		if [ "$got" = "$m" ]; then
			pass "modules ia64: $m.o carries its name (.gnu.linkonce.modname = \"$got\")"
		else
			fail "modules ia64: $m.o: .gnu.linkonce.modname is \"$got\", want \"$m\""
		fi
	done
	if [ -z "$kp" ]; then
		fail "param table ia64: sizeof(struct kernel_param) not measured"
	else
		for m in parmtest oldparm; do
			check_param_init "param table ia64" "$M/$m.o" "$TOP/qemu-test/modules/$m.c" "$kp"
		done
	fi
	# Every relocation the compiler put in an allocated section of a
	# test module is one compat/ia64-module-loader.patch applies.
	local known seen t missing=
	known=$(sed -n '/^+apply_relocate_add /,/^+}/s/^+[[:space:]]*case R_IA64_\([A-Z0-9_]*\):.*/\1/p' \
		"$PATCHES/compat/ia64-module-loader.patch" | sort -u)
	seen=$(for o in $(cat "$BUILD/ia64/guest/modules.list"); do
		$x-readelf -rW "$o" | awk '
			/^Relocation section/ { s = $3; gsub(/\x27/, "", s); skip = (s ~ /^\.rela\.debug/) }
			!skip && $3 ~ /^R_IA64_/ { sub(/^R_IA64_/, "", $3); print $3 }'
	done | sort -u)
	for t in $seen; do
		echo "$known" | grep -qx "$t" || missing="$missing $t"
	done
	if [ -z "$seen" ]; then
		fail "modules ia64: no relocations found in the test modules"
	elif [ -n "$missing" ]; then
		fail "modules ia64: relocations the loader does not apply:$missing (seen: $(echo $seen))"
	else
		pass "modules ia64: every relocation type in the test modules is one the loader applies: $(echo $seen)"
	fi
	op=$(struct_size "$mtree" "$cc" "$x-nm" module.h obsolete_modparm)
	if [ -z "$op" ]; then
		fail "param table ia64: sizeof(struct obsolete_modparm) could not be measured"
		return
	fi
	for m in oldparm lateparm badparm; do
		c=$TOP/qemu-test/modules/$m.c o=$M/$m.o
		vars=$(sed -n 's/^MODULE_PARM(\([A-Za-z0-9_]*\),.*/\1/p' "$c")
		want=$(($(echo "$vars" | wc -l) * op))
		got=$(section_size "$o" .obsparm)
		names=$(obsparm_names "$o" "$op" "$x-")
		lost=$(obsparm_missing "$o" "$op" "$x-" | tr '\n' ' ')
		# badparm.c's typo, and only it, names no variable.
		[ $m = badparm ] && lost=${lost/#cuont /}
		relocs=$($x-readelf -rW "$o" | grep -c "^Relocation section '\.rela*\.obsparm'")
		if [ "$got" = "$want" ] && [ "$(echo $names)" = "$(echo $vars)" ] && [ -z "$lost" ] && [ "$relocs" = 0 ]; then
			pass "param table ia64: $m.o .obsparm holds its $(echo $vars | wc -w) MODULE_PARM entries ($op bytes each), unrelocated, and their variables are in the object"
		else
			fail "param table ia64: $m.o .obsparm is $got bytes (want $want), names '$(echo $names)' (want '$(echo $vars)'), $relocs relocation section(s) (want 0); variables missing:${lost:- none}"
		fi
	done
}

# Does the series add .param.init to arch/$1/vmlinux.lds.S?
series_has_params() {
	local p
	for p in $(grep -v '^#' "$PATCHES/series" | awk 'NF { print $1 }'); do
		awk -v f="arch/$1/vmlinux.lds.S" '
			/^\+\+\+ / { on = index($2, f) > 0 }
			on && /^\+.*\.param\.init/ { found = 1 }
			END { exit !found }' "$PATCHES/$p" && return 0
	done
	return 1
}

for a in $arches; do
	built[$a]=no linked[$a]=- booted[$a]=- cases[$a]=-
	x=$(cross_of "$a") cc=$(cc_of "$a")
	# The cached compiler counts only with its stamp (a whole build).
	if [ "$a" = ia64 ] && ! "$TOP/scripts/build-cross-gcc.sh" --path > /dev/null 2>&1; then
		echo "    ... ia64: no cross gcc yet: scripts/build-cross-gcc.sh builds it (about 15 min on 2 cores, once; cached)"
		if ! "$TOP/scripts/build-cross-gcc.sh" 2>&1 >/dev/null | sed 's/^/    /'; then
			skip "build ia64: the ia64 cross gcc cannot be built here (above; apt-get install $(pkg_of ia64)): ONLY the linker script is checked, with binutils alone"
			built[$a]=skipped lds_arches="$lds_arches ia64"
			continue
		fi
	fi
	if ! command -v "$cc" > /dev/null; then
		skip "build $a: no $cc (apt-get install $(pkg_of "$a"))"
		built[$a]=skipped
		continue
	fi
	export ARCH=$a
	tree=$BUILD/$a/linux-2.5.50
	echo "    ... $a: tree and kernel build (incremental; log $BUILD/$a/build.log)"
	if ! quiet "$TOP/scripts/prepare-tree.sh"; then
		fail "build $a: patches do not apply"
		continue
	fi
	t0=$(now)
	if ! quiet "$TOP/scripts/build-kernel.sh"; then
		fail "build $a: vmlinux does not build ($(elapsed "$t0") s, log $BUILD/$a/build.log)"
		# What failed (doc/cross-ia64.md lists ia64's).
		[ "$a" = ia64 ] && grep -o '\*\*\* \[[^]]*\]' "$BUILD/$a/build.log" | sort -u | sed 's/^/    failed: /'
		continue
	fi
	pass "build $a: vmlinux ($(elapsed "$t0") s)"
	built[$a]=yes

	sz=$(param_size "$tree" "$cc" "$x-nm")
	if series_has_params "$a" && [ -z "$sz" ]; then
		fail "link $a: the series adds .param.init but sizeof(struct kernel_param) could not be measured"
	fi
	series_has_params "$a" || sz=
	if python3 "$TOP/scripts/arch/check-vmlinux.py" "$a" "$tree/vmlinux" "$x-readelf" $sz; then
		linked[$a]=yes
	else
		linked[$a]=FAILED
	fi

	# An arch QEMU does not run has boot_setup in scripts/arch/$a.sh
	# (ia64: Ski); it says why where it cannot boot.
	arch_load "$a"
	if declare -F boot_setup > /dev/null; then
		echo "    ... $a: the emulator (scripts/arch/$a.sh boot_setup)"
		if ! why=$(boot_setup 2>&1 >/dev/null); then
			echo "$why" | tail -5 | sed 's/^/    /'
			skip "boot $a: its emulator cannot be had here (above)"
			booted[$a]=skipped
			unset -f boot_setup
			continue
		fi
		unset -f boot_setup
	else
		read -r qemu qpkg <<< "$(boot_qemu "$a")"
		if [ -z "$qemu" ]; then
			skip "boot $a: no QEMU machine that boots 2.5.50 $a (README, section Other architectures)"
			booted[$a]=no
			continue
		fi
		if ! command -v $qemu > /dev/null; then
			skip "boot $a: $qemu missing (apt-get install $qpkg)"
			booted[$a]=skipped
			continue
		fi
	fi
	if ! quiet make -s -C "$TOP" ARCH=$a modules init; then
		fail "boot $a: test modules or guest init do not build"
		continue
	fi
	[ "$a" = ia64 ] && ia64_module_tables "$sz"
	# kmod's modinfo reads this architecture's objects as it reads
	# i386's (tests/40-module-objects.sh): ELF32/64, either byte order.
	guest_modinfo "$a" "$tree" "$BUILD/$a/guest/modules.list"
	# Every case, with the same command lines as i386 (the few values
	# that depend on the size of long have [long=64] lines: sparc64, ppc64).
	all=$(ls "$TOP"/qemu-test/cases/*.case)
	out=$("$TOP/scripts/boot.sh" $all 2>&1 | grep -a -E '^(PASS|FAIL|SKIP|      console)')
	echo "$out" | sed "s/^\(PASS\|FAIL\|SKIP\): case /\1: qemu $a: case /"
	np=$(echo "$out" | grep -c '^PASS')
	cases[$a]="$np/$(echo $all | wc -w)"
	booted[$a]=yes
done
unset ARCH

# ia64 without its cross compiler: only binutils.
for a in $lds_arches; do
	out=$("$TOP/scripts/arch/lds-check.sh" $a)
	echo "$out"
	if echo "$out" | grep -q '^FAIL'; then lds[$a]=FAILED
	elif echo "$out" | grep -q '^PASS'; then lds[$a]="lds only"
	else lds[$a]=skipped; fi
done

# Every arch/*/ linker script with a __setup table must carry the
# parameter table (issue 13): scripts/arch/lds-params.sh preprocesses
# each, links two entries with the arch's Debian binutils and checks the
# bounds, in a light tree of the patched series (scripts/arch/lds-tree.sh).
# It must refuse a script without the table: pristine arch/alpha's.
ldsout=
if ltree=$("$TOP/scripts/arch/lds-tree.sh" 2> "$BUILD/lds-params.log"); then
	ldsout=$("$TOP/scripts/arch/lds-params.sh" "$ltree")
	echo "$ldsout" | grep -E '^(PASS|FAIL|SKIP): '
else
	fail "lds-params: the patched tree cannot be made (log $BUILD/lds-params.log)"
fi
if command -v alpha-linux-gnu-ld > /dev/null; then
	neg=$(LDS_WORK=$BUILD/lds-params/pristine "$TOP/scripts/arch/lds-params.sh" "$KSRC" alpha)
	if echo "$neg" | grep -q '^FAIL: .*has no parameter table'; then
		pass "lds-params refuses a script without the table (pristine arch/alpha/vmlinux.lds.S)"
	else
		fail "lds-params accepts pristine arch/alpha/vmlinux.lds.S, which has no parameter table"
	fi
else
	skip "lds-params on a script without the table: no alpha-linux-gnu-ld (apt-get install binutils-alpha-linux-gnu)"
fi

echo
printf '%-8s %-8s %-14s %-14s %s\n' arch built linked-checked booted "test cases passed"
for a in $arches; do
	case " $lds_arches " in *" $a "*) continue ;; esac
	printf '%-8s %-8s %-14s %-14s %s\n' "$a" "${built[$a]}" "${linked[$a]}" "${booted[$a]}" "${cases[$a]}"
done
for a in $lds_arches; do
	printf '%-8s %-8s %-14s %-14s %s\n' $a no "${lds[$a]}" no -
done
if [ -n "$ldsout" ]; then
	echo
	echo "The parameter table in every linker script with a __setup table (binutils only):"
	echo "$ldsout" | sed -n '/^arch  *script /,$p'
fi
exit 0
