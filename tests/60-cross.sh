#!/bin/bash
# The other architectures (issue 6): cross-build the patched tree for
# ppc and sparc64 with Debian's cross compilers, check the linked vmlinux
# (scripts/arch/check-vmlinux.py), boot what boots under QEMU.  ppc64
# (2.5.50's port does not build with any compiler) and ia64 (no cross
# compiler, no emulator) get a linker-script check with binutils alone
# (scripts/arch/lds-check.sh).  Ends with a table.  CROSS_ARCHES="ppc"
# limits the built arches; builds are incremental.
. "$(dirname "$0")/lib-test.sh"
arches=${CROSS_ARCHES:-ppc sparc64}
need_tree_or_skip $(for a in $arches; do echo "build $a"; done) "ppc64 linker script" "ia64 linker script"

declare -A built linked booted cases lds
cross_of() { arch_load "$1"; echo "${arch_cross%-}"; }
pkg_of() { arch_load "$1"; echo "$arch_pkg"; }

# sizeof(struct kernel_param) for ARCH, from the tree's own header and
# the cross compiler; empty when the tree has no <linux/moduleparam.h>.
param_size() {
	local tree=$1 cc=$2 nm=$3 tmp sz
	[ -f "$tree/include/linux/moduleparam.h" ] || return 0
	tmp=$(mktemp -d)
	printf '#include <linux/moduleparam.h>\nchar kp_size[sizeof(struct kernel_param)];\n' |
		$cc -D__KERNEL__ -nostdinc -isystem "$($cc -print-file-name=include)" \
			-I"$tree/include" -c -xc - -o "$tmp/kp.o" 2>"$tmp/err" &&
		sz=$($nm -S "$tmp/kp.o" | awk '$4 == "kp_size" { print $2 }')
	rm -rf "$tmp"
	[ -n "$sz" ] && echo $((16#$sz))
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
	x=$(cross_of "$a")
	if ! command -v "$x-gcc" > /dev/null; then
		skip "build $a: no $x-gcc (apt-get install $(pkg_of "$a"))"
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
		continue
	fi
	pass "build $a: vmlinux ($(elapsed "$t0") s)"
	built[$a]=yes

	sz=$(param_size "$tree" "$x-gcc" "$x-nm")
	if series_has_params "$a" && [ -z "$sz" ]; then
		fail "link $a: the series adds .param.init but sizeof(struct kernel_param) could not be measured"
	fi
	series_has_params "$a" || sz=
	if python3 "$TOP/scripts/arch/check-vmlinux.py" "$a" "$tree/vmlinux" "$x-readelf" $sz; then
		linked[$a]=yes
	else
		linked[$a]=FAILED
	fi

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
	if ! quiet make -s -C "$TOP" ARCH=$a modules init; then
		fail "boot $a: test modules or guest init do not build"
		continue
	fi
	# kmod's modinfo reads this architecture's objects as it reads
	# i386's (tests/40-module-objects.sh): ELF32/64, either byte order.
	if grep -q '__MODULE_INFO' "$tree/include/linux/moduleparam.h"; then
		for o in $(grep -v '/modinfo-[^/]*\.o$' "$BUILD/$a/guest/modules.list"); do
			check_modinfo "modinfo $a: $(basename "$o")" "$o" $(module_sources "$tree" "$o")
		done
	fi
	# Every case, with the same command lines as i386 (the few values
	# that depend on the size of long have [long=64] lines: sparc64).
	all=$(ls "$TOP"/qemu-test/cases/*.case)
	out=$("$TOP/scripts/boot.sh" $all 2>&1 | grep -a -E '^(PASS|FAIL|SKIP|      console)')
	echo "$out" | sed "s/^\(PASS\|FAIL\|SKIP\): case /\1: qemu $a: case /"
	np=$(echo "$out" | grep -c '^PASS')
	cases[$a]="$np/$(echo $all | wc -w)"
	booted[$a]=yes
done
unset ARCH

# ppc64: 2.5.50's ppc64 code lags the generic kernel (do_fork() takes
# two more arguments, CLONE_SETTID and pci_dev->name are gone, no port of
# the new module loader): it does not build with any compiler.
skip "build ppc64: the 2.5.50 ppc64 port itself does not compile (README, section Other architectures)"
# ia64: no cross compiler and no emulator; only binutils.
for a in ppc64 ia64; do
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
	printf '%-8s %-8s %-14s %-14s %s\n' "$a" "${built[$a]}" "${linked[$a]}" "${booted[$a]}" "${cases[$a]}"
done
for a in ppc64 ia64; do
	printf '%-8s %-8s %-14s %-14s %s\n' $a no "${lds[$a]}" no -
done
if [ -n "$ldsout" ]; then
	echo
	echo "The parameter table in every linker script with a __setup table (binutils only):"
	echo "$ldsout" | sed -n '/^arch  *script /,$p'
fi
exit 0
