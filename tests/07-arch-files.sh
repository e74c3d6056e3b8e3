#!/bin/bash
# One file per arch (issue 41): scripts/arch/ARCH.sh is all the harness
# knows of an arch, and every other place derives from it.  In a copy of
# the harness's scripts/ a seventh arch, fake64 (sparc64.sh with names
# of its own), is added as one file, and shown to reach: install-deps's
# package list, host-caps, the cross arches (tests/60-cross.sh's
# parts), lds-params's table (a linker script of a stand-in tree
# arch/fake64) and boot.sh's guest properties for run_cases.py.  An
# arch file that lacks a fact (arch_asm_ptr, arch_guest) is refused
# wherever it is loaded, naming the fact; so is a lds/ file.
# No KSRC, no kernel, no QEMU: seconds.
# ARCH_TEST_SCRIPTS: the scripts/ to copy (default the clone's; the
# scripts of a harness before issue 41 fail here).
. "$(dirname "$0")/lib-test.sh"
tmp=$(mktemp -d)
on_exit 'rm -rf "$tmp"'
src=${ARCH_TEST_SCRIPTS:-$TOP/scripts}
fake=fake64

# harness DIR: a copy of the harness's scripts/ in DIR/scripts, with
# scripts/arch/$fake.sh.
harness() {
	mkdir -p "$1"
	cp -a "$src" "$1/scripts"
	sed -e 's/^arch_cc=.*/arch_cc=fake64-linux-gnu-gcc/' \
	    -e 's/^arch_cross=.*/arch_cross=fake64-linux-gnu-/' \
	    -e 's/^arch_pkg=.*/arch_pkg=gcc-fake64-linux-gnu/' \
	    -e 's/^arch_qemu=.*/arch_qemu=qemu-system-fake64/' \
	    -e 's/^arch_qemu_pkg=.*/arch_qemu_pkg=qemu-system-fake/' \
	    -e 's/^arch_guest=.*/arch_guest=(long=64 cmdline=4096 cmdparse=whole kallsyms=no smp=no slabstats=no oops=yes)/' \
	    -e 's/sparc64-linux-gnu-gcc/fake64-linux-gnu-gcc/g' \
	    "$src/arch/sparc64.sh" > "$1/scripts/arch/$fake.sh"
}
H=$tmp/h
harness "$H"
grep -q 'fake64-linux-gnu-gcc' "$H/scripts/arch/$fake.sh" && grep -q 'cmdline=4096' "$H/scripts/arch/$fake.sh" ||
	fail "arch files: could not make fake64.sh from sparc64.sh"

# 1. install-deps.sh's package list.
if out=$("$H/scripts/install-deps.sh" --list 2>&1) &&
   grep -qx gcc-fake64-linux-gnu <<< "$out" && grep -qx qemu-system-fake <<< "$out"; then
	pass "arch files: install-deps.sh --list has fake64's compiler and QEMU packages (gcc-fake64-linux-gnu, qemu-system-fake)"
else
	fail "arch files: install-deps.sh --list lacks fake64's packages: $(echo "$out" | tail -3 | tr '\n' ' ')"
fi

# 2. host-caps.sh: its compiler and its QEMU, each with its package.
BUILD=$tmp/b "$H/scripts/host-caps.sh" > "$tmp/caps" 2>&1
if grep -Eq '^ +lack +fake64 compiler +no fake64-linux-gnu-gcc: .*apt-get install gcc-fake64-linux-gnu' "$tmp/caps" &&
   grep -Eq '^ +lack +qemu-system-fake64 +no boot tests for fake64 \(apt-get install qemu-system-fake\)' "$tmp/caps"; then
	pass "arch files: host-caps.sh reports fake64's compiler and QEMU, naming their packages"
else
	fail "arch files: host-caps.sh says nothing of fake64: $(grep -i fake "$tmp/caps" | tr '\n' ' ')"
fi

# 3. The arches: known, and a cross arch (a part of tests/60-cross.sh).
known=$(TOP=$H; . "$H/scripts/lib.sh"; known_arches | tr '\n' ' ')
cross=$(TOP=$H; . "$H/scripts/lib.sh"; cross_arches | tr '\n' ' ')
base=$(TOP=$H; . "$H/scripts/lib.sh"; base_arch)
if [[ " $known " == *" fake64 "* ]] && [[ " $cross " == *" fake64 "* ]] &&
   [ "$base" = "$(base_arch)" ] && [[ " $cross " != *" $base "* ]]; then
	pass "arch files: fake64 is a known arch and a cross arch (cross_arches: $cross)"
else
	fail "arch files: known_arches '$known', cross_arches '$cross', base '$base'"
fi

# 4. lds-params.sh's table: a tree with arch/fake64's linker script.
T=$tmp/tree
mkdir -p "$T/arch/fake64" "$T/include/asm-fake64" "$T/include/linux"
cat > "$T/arch/fake64/vmlinux.lds.S" <<'EOF'
SECTIONS
{
  . = 0x10000;
  .text : { *(.text) }
  .data : { *(.data) }
  . = ALIGN(8);
  __setup_start = .;
  .init.setup : { *(.init.setup) }
  __setup_end = .;
  __param_start = .;
  .param.init : { *(.param.init) }
  __param_end = .;
  __initcall_start = .;
  .initcall.init : { *(.initcall1.init) }
  __initcall_end = .;
}
EOF
out=$(BUILD=$tmp/b LDS_WORK=$tmp/lds "$H/scripts/arch/lds-params.sh" "$T" fake64 2>&1)
row=$(grep -E '^fake64 +arch/fake64/vmlinux.lds.S ' <<< "$out")
if command -v sparc64-linux-gnu-ld > /dev/null; then
	if grep -q '^PASS: lds fake64: vmlinux.lds.S: .*linked by sparc64-linux-gnu-ld.*(40 bytes each, 5 x 8)' <<< "$out" && [ -n "$row" ]; then
		pass "arch files: lds-params.sh links arch/fake64's script with fake64's binutils, data directive and pointer size ($(echo $row))"
	else
		fail "arch files: lds-params.sh on arch/fake64: $(echo "$out" | head -4 | tr '\n' ' ')"
	fi
elif grep -q '^SKIP: lds fake64: .*apt-get install binutils-sparc64-linux-gnu' <<< "$out" && [ -n "$row" ]; then
	pass "arch files: lds-params.sh takes arch/fake64's binutils from fake64.sh (not installed here: skipped, naming the package)"
else
	fail "arch files: lds-params.sh on arch/fake64: $(echo "$out" | head -4 | tr '\n' ' ')"
fi

# 5. boot.sh hands run_cases.py fake64's guest properties (a python3
# that records its arguments; the emulator is never run), and
# run_cases.py knows each of their names.
mkdir -p "$tmp/bin" "$tmp/b/fake64/linux-2.5.50"
: > "$tmp/b/fake64/linux-2.5.50/vmlinux"
printf '#!/bin/sh\nfor a; do echo "$a"; done > %s/args\n' "$tmp" > "$tmp/bin/python3"
printf '#!/bin/sh\nexit 1\n' > "$tmp/bin/qemu-system-fake64"
chmod +x "$tmp/bin/python3" "$tmp/bin/qemu-system-fake64"
PATH=$tmp/bin:$PATH:/sbin:/usr/sbin ARCH=fake64 BUILD=$tmp/b KCONFIG= \
	"$H/scripts/boot.sh" "$TOP/qemu-test/cases/boot.case" > "$tmp/boot" 2>&1
guest=$(sed -n 's/^--guest=//p' "$tmp/args" 2> /dev/null | tr '\n' ' ')
unknown=$(cd "$TOP/scripts" && python3 -c '
import sys, run_cases
print(" ".join(g for g in sys.argv[1:] if g.partition("=")[0] not in run_cases.GUEST_PROPERTIES))' $guest)
if [ "$guest" = "long=64 cmdline=4096 cmdparse=whole kallsyms=no smp=no slabstats=no oops=yes " ] &&
   [ -z "$unknown" ] && grep -qx -- '--qemu=qemu-system-fake64\|qemu-system-fake64' "$tmp/args"; then
	pass "arch files: boot.sh gives run_cases.py fake64's QEMU and guest properties ($guest), each a GUEST_PROPERTIES name"
else
	fail "arch files: boot.sh ARCH=fake64: guest '$guest' (unknown to run_cases.py: '$unknown'); $(head -3 "$tmp/boot" | tr '\n' ' ')"
fi

# 6. A file that lacks a fact is refused, naming it: by arch_load (so
# boot.sh, install-deps.sh, host-caps.sh); a lds/ file by lds-params.sh.
refused() {	# NAME VAR: fake64.sh without VAR's line
	local d=$tmp/$1 out ok=yes
	harness "$d"
	sed -i "/^$2=/d" "$d/scripts/arch/$fake.sh"
	out=$(TOP=$d; . "$d/scripts/lib.sh"; arch_load fake64 2>&1 && echo loaded)
	grep -q "fake64.sh sets no $2" <<< "$out" || { ok=no; echo "    arch_load: $out"; }
	out=$("$d/scripts/install-deps.sh" --list 2>&1) && { ok=no; echo "    install-deps.sh --list did not fail"; }
	grep -q "sets no $2" <<< "$out" || { ok=no; echo "    install-deps.sh: $(tail -1 <<< "$out")"; }
	out=$(ARCH=fake64 BUILD=$tmp/b "$d/scripts/boot.sh" "$TOP/qemu-test/cases/boot.case" 2>&1) &&
		{ ok=no; echo "    boot.sh did not fail"; }
	grep -q "sets no $2" <<< "$out" || { ok=no; echo "    boot.sh: $(head -2 <<< "$out" | tr '\n' ' ')"; }
	BUILD=$tmp/b "$d/scripts/host-caps.sh" > "$tmp/caps2" 2>&1
	grep -Eq "^ +lack +fake64 .*sets no $2" "$tmp/caps2" ||
		{ ok=no; echo "    host-caps.sh: $(grep fake64 "$tmp/caps2" | tr '\n' ' ')"; }
	[ $ok = yes ]
}
for v in arch_asm_ptr arch_guest arch_cc; do
	if refused "no-$v" "$v"; then
		pass "arch files: fake64.sh without $v is refused by arch_load, install-deps.sh, boot.sh and host-caps.sh, each naming $v"
	else
		fail "arch files: fake64.sh without $v: not refused everywhere with its name (above)"
	fi
done
d=$tmp/nolds
harness "$d"
sed '/^arch_ptr=/d' "$src/arch/lds/alpha.sh" > "$d/scripts/arch/lds/$fake.sh" 2> /dev/null
rm "$d/scripts/arch/$fake.sh"
out=$(BUILD=$tmp/b LDS_WORK=$tmp/lds2 "$d/scripts/arch/lds-params.sh" "$T" fake64 2>&1)
if grep -q '^FAIL: lds fake64: vmlinux.lds.S: .*lds/fake64.sh sets no arch_ptr' <<< "$out"; then
	pass "arch files: a scripts/arch/lds/ file without arch_ptr fails lds-params.sh, naming it"
else
	fail "arch files: lds-params.sh took a lds/ file without arch_ptr: $(echo "$out" | head -3 | tr '\n' ' ')"
fi
exit 0
