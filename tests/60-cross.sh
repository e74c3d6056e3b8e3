#!/bin/bash
# The other architectures (issue 6): cross-build the patched tree for
# ppc and sparc64 with Debian's cross compilers, check the linked vmlinux
# (scripts/arch/check-vmlinux.py), boot what boots under QEMU.  ia64
# (issue 18): Debian has no ia64 gcc, so scripts/build-cross-gcc.sh
# builds one from gcc-12-source (cached outside the clone; about 15 min
# the first time); no QEMU runs ia64: it boots under Ski, the IA-64
# simulator (issue 31; scripts/arch/ia64.sh's arch_boot_cmd, Ski built
# by scripts/build-ski.sh, cached), or SKIPs saying why Ski cannot be
# had; its test modules' tables are checked, and every relocation in
# them must be one its loader (compat/ia64-module-loader.patch)
# applies.  Where that compiler cannot be had, ia64 falls back, with a
# SKIP, to the linker-script check with binutils alone
# (scripts/arch/lds-check.sh).
# ppc64 (issue 17) builds with the ppc64-* compat patches and boots
# under QEMU's pSeries machine (SLOF, PPC970) like ppc and sparc64
# (doc/cross-ppc64.md).
# Each arch's vmlinux has its exported symbols' names out of line
# (tests/64-ksymtab.sh checks i386's).
# Ends with a table.  CROSS_ARCHES="ppc" limits the built arches; builds
# are incremental.
#
# make check runs it a part at a time (scripts/check.sh), each part a
# unit of its own for make check ARCHES= and SHARD= (doc/ci-matrix.md):
# one part per cross arch (every arch of scripts/arch/ but the base,
# scripts/lib.sh's cross_arches), and "lds-params", the linker scripts
# of every arch (binutils only; the base arch's).  CHECK_LIST_UNITS=1
# lists them, "PART ARCH" a line; CHECK_UNIT=PART runs only that part,
# and says nothing of the others.
# check-units: yes
. "$(dirname "$0")/lib-test.sh"
if [ -n "${CHECK_LIST_UNITS:-}" ]; then
	for a in $(cross_arches); do echo "$a $a"; done
	echo "lds-params $(base_arch)"
	exit 0
fi
# ia64 builds the compiler first when it is missing (doc/cross-ia64.md).
lds_params=lds-params
case ${CHECK_UNIT:-} in
"")	arches=${CROSS_ARCHES:-$(cross_arches | tr '\n' ' ')} ;;
lds-params)
	arches= ;;
*)	if ! cross_arches | grep -x -- "$CHECK_UNIT" > /dev/null; then
		fail "60-cross: CHECK_UNIT=$CHECK_UNIT: no such part (the parts: $(cross_arches | tr '\n' ' ')lds-params)"
		exit 1
	fi
	arches=$CHECK_UNIT lds_params= ;;
esac
need_tree_or_skip $(for a in $arches; do echo "build $a"; done) $lds_params

declare -A built linked booted cases lds
# Arches whose linker script is checked with binutils alone when they
# are not built (scripts/arch/A.sh, arch_lds_fallback).
# (make check's parts say nothing of the others: other parts run them.)
lds_arches=
for a in $(known_arches); do
	[ -z "${CHECK_UNIT:-}" ] || break
	arch_load "$a"
	case " $arches " in *" $a "*) continue ;; esac
	if [ -n "$arch_lds_fallback" ]; then
		skip "build $a: not in CROSS_ARCHES=\"$arches\": ONLY the linker script is checked, with binutils alone"
		lds_arches="$lds_arches $a"
	fi
done

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
# LIST (one object a line; not the modinfo-*, kept-* and secname-*
# fixtures), as declared in its sources, once the series has .modinfo.
guest_modinfo() {
	local o
	grep -q '__MODULE_INFO' "$2/include/linux/moduleparam.h" || return 0
	for o in $(grep -Ev '/(modinfo|kept|secname)-[^/]*\.o$' "$3"); do
		check_modinfo "modinfo $1: $(basename "$o")" "$o" $(module_sources "$2" "$o")
	done
}

# module_tables A KP TREE GUEST: the test modules in GUEST/mods (built in
# TREE), checked as tests 35 and 40 check i386's, with entry sizes (KP:
# sizeof(struct kernel_param)) measured with the arch's gcc: their names,
# .param.init and .obsparm; and, for an arch whose module loader
# is a compat patch (arch_module_loader), that every relocation type in
# their allocated sections is one its apply_relocate_add() applies (the
# case labels of its definition, "int apply_relocate_add(" or, on a
# line of its own, "apply_relocate_add (").
module_tables() {
	local a=$1 kp=$2 mtree=$3 M=$4/mods list=$4/modules.list
	local op m c o want got vars lost relocs names known seen t missing=
	for m in hello multipart divas eicon noinit devtable; do
		got=$(section_bytes "$M/$m.o" .gnu.linkonce.modname "$x-" | tr -d '\0')
		if [ "$got" = "$m" ]; then
			pass "modules $a: $m.o carries its name (.gnu.linkonce.modname = \"$got\")"
		else
			fail "modules $a: $m.o: .gnu.linkonce.modname is \"$got\", want \"$m\""
		fi
	done
	if [ -z "$kp" ]; then
		fail "param table $a: sizeof(struct kernel_param) not measured"
	else
		for m in parmtest oldparm; do
			check_param_init "param table $a" "$M/$m.o" "$TOP/qemu-test/modules/$m.c" "$kp"
		done
	fi
	if [ -n "$arch_module_loader" ]; then
		known=$(sed -n '/^+\([a-z][a-z0-9_ *]*[ *]\)\{0,1\}apply_relocate_add *(/,/^+}/s/^+[[:space:]]*case R_[A-Z0-9]*_\([A-Z0-9_]*\):.*/\1/p' \
			"$PATCHES/$arch_module_loader" | sort -u)
		seen=$(for o in $(cat "$list"); do
			$x-readelf -rW "$o" | awk '
				/^Relocation section/ { s = $3; gsub(/\x27/, "", s); skip = (s ~ /^\.rela?\.debug/) }
				!skip && $3 ~ /^R_[A-Z0-9]+_/ { sub(/^R_[A-Z0-9]+_/, "", $3); print $3 }'
		done | sort -u)
		for t in $seen; do
			grep -qx "$t" <<< "$known" || missing="$missing $t"
		done
		if [ -z "$seen" ] || [ -z "$known" ]; then
			fail "modules $a: no relocations found in the test modules ($(echo $seen)) or in $arch_module_loader's apply_relocate_add ($(echo $known))"
		elif [ -n "$missing" ]; then
			fail "modules $a: relocations $arch_module_loader does not apply:$missing (seen: $(echo $seen))"
		else
			pass "modules $a: every relocation type in the test modules is one $arch_module_loader applies: $(echo $seen)"
		fi
	fi
	op=$(struct_size "$mtree" "$cc" "$x-nm" module.h obsolete_modparm)
	if [ -z "$op" ]; then
		fail "param table $a: sizeof(struct obsolete_modparm) could not be measured"
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
			pass "param table $a: $m.o .obsparm holds its $(echo $vars | wc -w) MODULE_PARM entries ($op bytes each), unrelocated, and their variables are in the object"
		else
			fail "param table $a: $m.o .obsparm is $got bytes (want $want), names '$(echo $names)' (want '$(echo $vars)'), $relocs relocation section(s) (want 0); variables missing:${lost:- none}"
		fi
	done
}

# Does the series add .param.init to arch/$1/vmlinux.lds.S?
series_has_params() {
	local p
	for p in $(series_list); do
		awk -v f="arch/$1/vmlinux.lds.S" '
			/^\+\+\+ / { on = index($2, f) > 0 }
			on && /^\+.*\.param\.init/ { found = 1 }
			END { exit !found }' "$PATCHES/$p" && return 0
	done
	return 1
}

for a in $arches; do
	built[$a]=no linked[$a]=- booted[$a]=- cases[$a]=-
	arch_load "$a"
	x=${arch_cross%-} cc=$arch_cc
	# A compiler the harness builds (arch_cc_build) counts only with
	# its stamp (a whole build).
	if [ -n "$arch_cc_build" ] && ! "$arch_cc_build" --path > /dev/null 2>&1; then
		echo "    ... $a: no cross gcc yet: $arch_cc_build builds it (about 15 min on 2 cores, once; cached)"
		if ! "$arch_cc_build" 2>&1 >/dev/null | sed 's/^/    /'; then
			if [ -n "$arch_lds_fallback" ]; then
				skip "build $a: the $a cross gcc cannot be built here (above; apt-get install $arch_pkg): ONLY the linker script is checked, with binutils alone"
				lds_arches="$lds_arches $a"
			else
				skip "build $a: the $a cross gcc cannot be built here (above; apt-get install $arch_pkg)"
			fi
			built[$a]=skipped
			continue
		fi
	fi
	if ! command -v "$cc" > /dev/null; then
		skip "build $a: no $cc (apt-get install $arch_pkg)"
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
		# What failed (doc/cross-A.md lists them).
		grep -o '\*\*\* \[[^]]*\]' "$BUILD/$a/build.log" | sort -u | sed 's/^/    failed: /'
		continue
	fi
	pass "build $a: vmlinux ($(elapsed "$t0") s)"
	built[$a]=yes

	sz=$(param_size "$tree" "$cc" "$x-nm")
	if series_has_params "$a" && [ -z "$sz" ]; then
		fail "link $a: the series adds .param.init but sizeof(struct kernel_param) could not be measured"
	fi
	series_has_params "$a" || sz=
	if python3 "$TOP/scripts/arch/check-vmlinux.py" ${arch_load_at_stext:+--load-at-stext} \
		"$a" "$tree/vmlinux" "$x-readelf" $sz; then
		linked[$a]=yes
	else
		linked[$a]=FAILED
	fi
	if out=$(python3 "$TOP/tests/helpers/ksymtab-check.py" vmlinux "$tree/vmlinux" 2>&1); then
		pass "ksymtab: $a vmlinux: ${out#ok: }"
	else
		fail "ksymtab: $a vmlinux: $(echo "$out" | head -3 | tr '\n' ' ')"
	fi

	# The test modules and the guest init need only the arch's gcc:
	# checked wherever it boots or not.
	if ! quiet make -s -C "$TOP" ARCH=$a modules init; then
		fail "modules $a: the test modules or the guest init do not build"
		continue
	fi
	[ -n "$arch_module_loader" ] &&
		module_tables "$a" "$sz" "$tree" "$BUILD/$a/guest"
	# kmod's modinfo reads this architecture's objects as it reads
	# i386's (tests/40-module-objects.sh): ELF32/64, either byte order.
	guest_modinfo "$a" "$tree" "$BUILD/$a/guest/modules.list"
	# pltalign.case loads modules whose core and init end at every
	# offset modulo 4 (qemu-test/modules/pltpad.h): do they, with this
	# arch's gcc?
	ends=$(for n in 1 2 3 4; do module_ends "$BUILD/$a/guest/mods/pltpad$n.o" "$x-"; done)
	if [ "$(cut -d' ' -f1 <<< "$ends" | sort -u | tr -d '\n')" = 0123 ] &&
	   [ "$(cut -d' ' -f2 <<< "$ends" | sort -u | tr -d '\n')" = 0123 ]; then
		pass "modules $a: pltpad1-4 end core and init at every offset modulo 4"
	else
		fail "modules $a: pltpad1-4 end core, init at $(echo $ends | sed 's/\([0-3]\) \([0-3]\)/\1,\2/g'), not every offset modulo 4"
	fi
	if declare -F arch_boot_cmd > /dev/null; then
		# A machine QEMU does not have (ia64: Ski): it says why where
		# it cannot be had (building it the first time).
		echo "    ... $a: its emulator (scripts/arch/$a.sh, arch_boot_cmd)"
		if ! why=$(arch_boot_cmd "$tree/$arch_imagefile" 2>&1 >/dev/null); then
			echo "$why" | tail -5 | sed 's/^/    /'
			skip "boot $a: its emulator cannot be had here (above)"
			booted[$a]=skipped
			continue
		fi
	elif [ -z "$arch_qemu" ]; then
		skip "boot $a: no QEMU machine that boots 2.5.50 $a (doc/cross.md)"
		booted[$a]=no
		continue
	elif ! command -v $arch_qemu > /dev/null; then
		skip "boot $a: $arch_qemu missing (apt-get install $arch_qemu_pkg)"
		booted[$a]=skipped
		continue
	fi
	# Every case, with the same command lines as i386 (the few values
	# that depend on the size of long have [long=64] lines: sparc64, ppc64).
	all=$(ls "$TOP"/qemu-test/cases/*.case)
	out=$("$TOP/scripts/boot.sh" $all 2>&1 | result_lines)
	echo "$out" | case_lines "qemu $a:"
	np=$(echo "$out" | grep -c '^PASS')
	ns=$(echo "$out" | grep -c '^SKIP')
	cases[$a]="$np/$(echo $all | wc -w)"
	# a case that needs what this guest lacks (needs: kallsyms=yes)
	[ "$ns" -gt 0 ] && cases[$a]="${cases[$a]} ($ns skipped)"
	booted[$a]=yes
	# An Oops's backtrace goes on through module code to the kernel
	# (ia64: the loader registers the module's unwind tables).
	[ -f "$BUILD/$a/logs/oops-raw.log" ] &&	# (not where the case needs oops=yes)
	case $(trace_past_module "$BUILD/$a/logs/oops-raw.log" "$BUILD/$a/guest/mods/oops.o") in
	past)	pass "trace $a: oops-raw's Call Trace goes on past the module's frames into the kernel" ;;
	stops)	fail "trace $a: oops-raw's Call Trace stops at the module's frames (no unwind table for it?)" ;;
	*)	echo "    ... trace $a: no module frame in oops-raw's Call Trace (it starts past them): not checked" ;;
	esac
	# Where the arch boots two CPUs: did the second come up?
	if [ -n "$arch_smp_up" ]; then
		# (the hvc console ends its lines with CR LF)
		up=$(tr -d '\r' < "$BUILD/$a/logs/boot.log" | grep -a -m1 -E "$arch_smp_up")
		if [ -n "$up" ]; then
			pass "smp $a: the second CPU came up in boot.case ($up)"
		else
			fail "smp $a: boot.case's console has no '$arch_smp_up' (log $BUILD/$a/logs/boot.log)"
		fi
	fi
done
unset ARCH

# Arches with arch_lds_fallback, not built: only binutils.
for a in $lds_arches; do
	out=$("$TOP/scripts/arch/lds-check.sh" $a)
	echo "$out"
	if grep -q '^FAIL' <<< "$out"; then lds[$a]=FAILED
	elif grep -q '^PASS' <<< "$out"; then lds[$a]="lds only"
	else lds[$a]=skipped; fi
done

# Every arch/*/ linker script with a __setup table must carry the
# parameter table (issue 13): scripts/arch/lds-params.sh preprocesses
# each, links two entries with the arch's Debian binutils and checks the
# bounds, in a light tree of the patched series (scripts/arch/lds-tree.sh).
# It must refuse a script without the table: pristine arch/alpha's.
# Its answer depends only on the light tree (the patches' sums, in its
# .lds-tree), the scripts, and the host's cpp, gcc and cross tools: kept
# under that key ($HARNESS_CACHE/lds-params/KEY) when it failed nothing
# (about 2 minutes at each run otherwise).
ldsout=
if [ -z "$lds_params" ]; then
	:
elif ltree=$("$TOP/scripts/arch/lds-tree.sh" 2> "$BUILD/lds-params.log"); then
	lkey=$( { cat "$ltree/.lds-tree"; echo "KSRC $KSRC"
		script_sums arch/lds-params.sh arch/lds-tree.sh lib.sh
		stat -L -c '%n %s %Y %i' $(command -v cpp gcc) /usr/bin/*-linux-gnu*; } 2>&1 |
		sha1sum | cut -c1-16)
	lcache=$HARNESS_CACHE/lds-params/$lkey
	if [ -f "$lcache" ]; then
		ldsout=$(cat "$lcache")
		echo "    ... lds-params: the same tree, scripts and tools as a run that passed: its answer ($lcache)"
	else
		ldsout=$("$TOP/scripts/arch/lds-params.sh" "$ltree")
		if [ $? = 0 ] && ! grep -q '^FAIL' <<< "$ldsout"; then
			mkdir -p "${lcache%/*}" && echo "$ldsout" > "$lcache.tmp.$$" &&
				mv "$lcache.tmp.$$" "$lcache"
		fi
	fi
	echo "$ldsout" | grep -a -E "$RESULT_RE"
else
	fail "lds-params: the patched tree cannot be made (log $BUILD/lds-params.log)"
fi
if [ -z "$lds_params" ]; then
	:
elif command -v alpha-linux-gnu-ld > /dev/null; then
	neg=$(LDS_WORK=$BUILD/lds-params/pristine "$TOP/scripts/arch/lds-params.sh" "$KSRC" alpha)
	if grep -q '^FAIL: .*has no parameter table' <<< "$neg"; then
		pass "lds-params refuses a script without the table (pristine arch/alpha/vmlinux.lds.S)"
	else
		fail "lds-params accepts pristine arch/alpha/vmlinux.lds.S, which has no parameter table"
	fi
else
	skip "lds-params on a script without the table: no alpha-linux-gnu-ld (apt-get install binutils-alpha-linux-gnu)"
fi

[ -n "$arches$lds_arches" ] && echo &&
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
