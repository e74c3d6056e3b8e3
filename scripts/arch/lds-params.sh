#!/bin/bash
# The parameter table in every arch's linker script (issue 13), checked
# with binutils alone.  For each arch/*/ linker script of TREE that has a
# __setup table (grep __setup_start; parisc's head*.S are not scripts):
#  1. preprocess it as kbuild does (host cpp -P -undef, the tree's
#     include/ and include/asm-ARCH, a stand-in autoconf.h and
#     asm/offsets.h, the arch Makefile's -D values); plain .lds/.ld
#     scripts are used as they are (m68knommu's fixed.ld through the
#     board's rom.ld, which INCLUDEs it);
#  2. assemble a small object with the arch's Debian cross as: two
#     __setup entries, two struct kernel_param entries in .param.init
#     (5 pointer-sized members each: 20 bytes on 32-bit, 40 on 64-bit;
#     measured with the cross gcc from the tree's <linux/moduleparam.h>
#     where both exist), an initcall; link it with the cross ld;
#  3. from nm: __param_start is the first entry, __param_end - __param_start
#     is exactly the two entries, __param_start == __setup_end (right after
#     the __setup table) and __param_end <= __initcall_start when the
#     initcalls follow.
# A script without the table fails 3.  Arches with no Debian binutils
# (cris, v850) are reported as such, never as passed.  Proves: the patched
# scripts preprocess and today's ld links the table where init/main.c
# expects it.  Does not prove: that any of these arches' 2.5.50 compiles,
# nor anything at run time.
# Prints a PASS:/FAIL:/SKIP: line and a table row per script, exits 0
# (the caller reads the lines).
# Usage: lds-params.sh TREE [ARCH...]     (work files: $LDS_WORK, default
#        $BUILD/lds-params/work; ARCH limits the arches checked)
. "$(dirname "$0")/../lib.sh"
tree=${1:?usage: lds-params.sh TREE [ARCH...]}
shift
only=" $* "
tree=$(cd "$tree" && pwd) || die "no tree $tree"
work=${LDS_WORK:-$BUILD/lds-params/work}
mkdir -p "$work"

# settings ARCH: x= tool prefix, pkg=, w= pointer-sized data directive,
# ptr= its size, asf=/ldf= extra as/ld flags, cppf= extra cpp flags
# (evaluated: may name $tree), conf= autoconf.h lines, fix= a sed
# command for the script, cc= the compiler that lays out struct
# kernel_param, where there is one: scripts/arch/ARCH.sh's, or
# scripts/arch/lds/ARCH.sh's (scripts/lib.sh, lds_arch_load).  x empty:
# no Debian binutils (no such file); bad= why a file is refused.
settings() {
	x= pkg= w= ptr= asf= ldf= cppf= conf= fix= cc= bad=
	local $ARCH_VARS
	local -a $ARCH_ARRAYS
	if ! lds_arch_load "$1" 2> "$work/settings.err"; then
		bad=$(sed 's/^\*\*\* //' "$work/settings.err" | tr '\n' ' ')
		return
	fi
	x=$arch_binutils w=$arch_asm_ptr ptr=$arch_ptr asf=$arch_lds_asflags
	ldf=$arch_lds_ldflags cppf=$arch_lds_cppflags conf=$arch_lds_conf
	fix=$arch_lds_fix cc=$arch_lds_cc
	[ -n "$x" ] && pkg=$(binutils_pkg "$x")
	[ -n "$cc" ] && ! command -v ${cc%% *} > /dev/null && cc=
	return 0
}

# sizeof(struct kernel_param) from the tree's header, or nothing.
measure() {
	[ -n "$cc" ] && [ -f "$tree/include/linux/moduleparam.h" ] || return 0
	printf '#include <linux/moduleparam.h>\nchar kp_size[sizeof(struct kernel_param)];\n' |
		$cc -D__KERNEL__ -nostdinc -isystem "$($cc -print-file-name=include)" \
			-I"$d/inc" -I"$tree/include" -c -xc - -o "$d/kp.o" 2> "$d/kp.err" || return 0
	local s
	s=$($x-nm -S "$d/kp.o" 2>/dev/null | awk '$4 == "kp_size" { print $2 }')
	[ -n "$s" ] && echo $((16#$s))
}

sym() { awk -v s="$1" '$3 == s { print $1; exit }' "$d/nm"; }

rows=
row() { rows="$rows$(printf '%-10s %-44s %-13s %-8s %s' "$a" "$f" "$1" "$2" "$3")
"; }

scripts=$(cd "$tree" && grep -rl __setup_start arch/ | grep -v '\.S$' ; cd "$tree" && grep -rl __setup_start arch/ | grep '\.lds\.S$')
for f in $(echo "$scripts" | sort -u); do
	a=$(echo "$f" | cut -d/ -f2)
	case $only in "  ") ;; *" $a "*) ;; *) continue ;; esac
	settings "$a"
	name="lds $a: ${f#arch/$a/}"
	if [ -n "$bad" ]; then
		echo "FAIL: $name: $bad"
		row - - "FAILED: incomplete arch file"
		continue
	fi
	if [ -z "$x" ]; then
		echo "SKIP: $name: no Debian binutils for $a (not checked)"
		row - - "no Debian binutils"
		continue
	fi
	missing=
	for t in as ld nm; do command -v $x-$t > /dev/null || missing="$missing $x-$t"; done
	if [ -n "$missing" ]; then
		echo "SKIP: $name: no$missing (apt-get install $pkg)"
		row - - "skipped: no $pkg"
		continue
	fi
	d=$work/$(echo "$f" | tr / _)
	rm -rf "$d"; mkdir -p "$d/inc/linux" "$d/inc/asm"
	for h in "$tree"/include/asm-$a/*; do [ -e "$h" ] && ln -s "$h" "$d/inc/asm/"; done
	rm -f "$d/inc/asm/offsets.h"
	echo '/* stand-in: no asm-offsets */' > "$d/inc/asm/offsets.h"
	echo "$conf" > "$d/inc/linux/autoconf.h"
	# 1. The script ld reads.
	lds=$d/script.lds pre=plain
	case $f in
	*.S|*.in)
		pre=yes
		if ! eval cpp -P -undef -D__ASSEMBLY__ -D__KERNEL__ $cppf -I"$d/inc" \
			-I"$tree/include" -x assembler-with-cpp "$tree/$f" -o "$lds" 2> "$d/cpp.err"; then
			echo "FAIL: $name: host cpp: $(head -2 "$d/cpp.err" | tr '\n' ' ')"
			row FAILED - -
			continue
		fi ;;
	*/fixed.ld)
		pre="plain (rom.ld)"
		lds=$tree/$(dirname "$f")/rom.ld ;;
	*)	cp "$tree/$f" "$lds" ;;
	esac
	# 2. A test object in the sections the script names.
	# v850 spells C symbols with a leading underscore: ___setup_end.
	us=__ cp=
	grep -q '___setup_end' "$tree/$f" && us=___ cp=_
	ssec=.init.setup
	grep -q '\*(\.init\.setup)' "$tree/$f" || ssec=.setup.init
	if [ -n "$fix" ]; then
		sed -i "$fix" "$lds"
		pre="$pre (+sed)"
	fi
	# Objects the script names (usr/built-in.o): empty stand-ins; ld
	# runs in $d, INCLUDE finds the tree's files through -L.
	: > "$d/empty.s"
	for o in $(grep -oE '(^|[[:space:]])[A-Za-z0-9_./-]+\.o[[:space:]]*\(' "$lds" | tr -d ' \t('); do
		mkdir -p "$d/$(dirname "$o")"
		$x-as $asf "$d/empty.s" -o "$d/$o" 2> /dev/null
	done
	kp=$(measure); how=measured
	[ -n "$kp" ] || { kp=$((5 * ptr)); how="5 x $ptr"; }
	{
		echo '.text'
		for s in _start __start stext _stext kernel_entry; do
			echo ".globl $cp$s"; echo "$cp$s:"
		done
		echo "$w 0"
		echo '.data'; echo ".globl ${cp}jiffies_64"; echo "${cp}jiffies_64: $w 0,0"
		echo ".section $ssec,\"aw\""; echo "$w 1,2"; echo "$w 3,4"
		echo '.section .param.init,"aw"'
		echo ".balign $ptr"
		echo '.globl lds_param_first'; echo 'lds_param_first:'
		echo "$w 5,6,7,8,9"
		[ "$kp" -gt $((5 * ptr)) ] && echo ".skip $((kp - 5 * ptr))"
		echo "$w 10,11,12,13,14"
		[ "$kp" -gt $((5 * ptr)) ] && echo ".skip $((kp - 5 * ptr))"
		echo '.section .initcall1.init,"aw"'; echo "$w 15"
	} > "$d/t.s"
	if ! $x-as $asf "$d/t.s" -o "$d/t.o" 2> "$d/as.err"; then
		echo "FAIL: $name: $x-as: $(head -2 "$d/as.err" | tr '\n' ' ')"
		row "$pre" FAILED -
		continue
	fi
	if ! (cd "$d" && $x-ld $ldf -L "$tree" -T "$lds" --unresolved-symbols=ignore-all \
		"$d/t.o" -o "$d/t.elf") 2> "$d/ld.err"; then
		echo "FAIL: $name: $x-ld: $(grep -v warning "$d/ld.err" | head -3 | tr '\n' ' ')"
		row "$pre" FAILED -
		continue
	fi
	linked="preprocessed ($pre${fix:+: $fix}), linked by $x-ld $($x-ld --version | head -1 | awk '{print $NF}')"
	# 3. The bounds.
	$x-nm "$d/t.elf" > "$d/nm"
	ps=$(sym ${us}param_start) pe=$(sym ${us}param_end) first=$(sym lds_param_first)
	ss=$(sym ${us}setup_start) se=$(sym ${us}setup_end) is=$(sym ${us}initcall_start)
	why=
	if [ -z "$ps" ] || [ -z "$pe" ]; then
		why="no ${us}param_start/${us}param_end: the script has no parameter table"
	elif [ $((16#$ps)) != $((16#$first)) ]; then
		why="${us}param_start=$ps is not the first entry ($first)"
	elif [ $((16#$pe - 16#$ps)) != $((2 * kp)) ]; then
		why="${us}param_end - ${us}param_start = $((16#$pe - 16#$ps)), want 2 entries of $kp"
	elif [ -z "$se" ] || [ $((16#$se - 16#$ss)) != $((4 * ptr)) ]; then
		why="the __setup table is not bounded (${us}setup_start=$ss ${us}setup_end=$se)"
	elif [ $((16#$ps)) != $((16#$se)) ]; then
		why="not right after the __setup table: ${us}setup_end=$se ${us}param_start=$ps"
	elif [ -n "$is" ] && [ $((16#$is)) -ge $((16#$ss)) ] && [ $((16#$is)) -lt $((16#$pe)) ]; then
		why="${us}initcall_start=$is lies inside the parameter table"
	fi
	note=
	[ $ssec = .setup.init ] && note=" (script names .setup.init; <linux/init.h> emits .init.setup)"
	if [ -n "$why" ]; then
		echo "FAIL: $name: $linked, but $why"
		row "$pre" yes "FAILED"
	else
		echo "PASS: $name: $linked; ${us}param_start..${us}param_end bound exactly the 2 entries ($kp bytes each, $how), right after ${us}setup_end$note"
		row "$pre" yes "yes"
	fi
done
echo
printf '%-10s %-44s %-13s %-8s %s\n' arch script preprocessed linked "bounds ok"
printf '%s' "$rows"
exit 0
