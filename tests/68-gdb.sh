#!/bin/bash
# A module debugged with gdb as kernel developers do (issue 40): QEMU
# waits for gdb (GDB=1), gdb-multiarch attaches in batch mode with the
# command line boot.sh prints, which sources scripts/gdb/module-symbols.py
# and runs mod-symbols with the guest's module directory; breakpoints set by source line in parmtest.c's init
# and exit, before the module is loaded, are pending until the
# loader's breakpoint loads parmtest.o's symbols at its section
# addresses (mod->mkobj->sect, feature/module-sysfs-sections.patch).
# Then the insmod stops in parmtest_init at that line, `print' shows
# the parameters given on the insmod line, and the rmmod stops in
# parmtest_exit.
#
# i386 on the debug kernel, kernel-config/i386-smp ($BUILD/i386-smp,
# tests/57's tree: CONFIG_DEBUG_INFO, two CPUs), so no other build.
# ppc: its own tree with CONFIG_DEBUG_INFO ($BUILD/ppc-debug,
# kernel-config/ppc-debug) where the cross compiler and QEMU are there.
# ia64 boots under Ski, which has no gdb stub: skipped.
# A probe: without the loader's breakpoint (the table not read), the
# init's breakpoint is never hit, and the test says so.
. "$(dirname "$0")/lib-test.sh"
OUTER=$BUILD
tmp=$(mktemp -d)
on_exit 'rm -rf "$tmp"'

# The lines of parmtest.c the breakpoints go to, found in the source.
src=$TOP/qemu-test/modules/parmtest.c
init_line=$(grep -n 'printk(KERN_INFO "parmtest: shrt=' "$src" | cut -d: -f1)
exit_line=$(grep -n 'printk(KERN_INFO "parmtest: exit' "$src" | cut -d: -f1)
args='num=4711 str=from-gdb'

# gdb_run LABEL ARCH BUILD [PROBE]: boot a case that loads and unloads
# parmtest under GDB=1 with $BUILD's kernel, drive gdb; check.  PROBE:
# mod-symbols is not run (only the script sourced).
gdb_run() {
	local label=$1 arch=$2 b=$3 probe=${4:-} port out vmlinux mods brc
	vmlinux=$b/$arch/linux-2.5.50/vmlinux
	mods=$b/$arch/guest/mods
	if ! readelf -SW "$vmlinux" 2> /dev/null | grep ' \.debug_info ' > /dev/null; then
		fail "$label: $vmlinux has no debug information (CONFIG_DEBUG_INFO)"
		return
	fi
	out=$tmp/$label
	mkdir -p "$out"
	{
		echo "timeout: 600"
		echo "step: load /m/parmtest.o $args"
		echo "step: unload parmtest"
		echo "expect: ^parmtest: shrt=-1 ushrt=1 num=4711 uns=7\$"
		echo "expect: ^load /m/parmtest\\.o: 0\$"
		echo "expect: ^parmtest: exit\$"
		echo "expect: ^unload parmtest: 0\$"
	} > "$out/gdb-parmtest.case"
	port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	BUILD=$b ARCH=$arch GDB=1 GDB_PORT=$port BOOT_LOGDIR=$out/logs \
		timeout 900 "$TOP/scripts/boot.sh" "$out/gdb-parmtest.case" > "$out/boot" 2>&1 &
	local bpid=$! i
	for i in $(seq 60); do
		grep -q "^  gdb-multiarch " "$out/boot" && break
		sleep 1
	done
	# The attach line boot.sh printed; the probe's has no mod-symbols.
	local attach
	attach=$(grep -a -m1 "^  gdb-multiarch " "$out/boot")
	local want="  gdb-multiarch $vmlinux -ex 'target remote :$port' -x $TOP/scripts/gdb/module-symbols.py -ex 'mod-symbols $mods'"
	if [ "$attach" != "$want" ]; then
		fail "$label: boot.sh's attach line is '$attach', want '$want'"
	elif [ -z "$probe" ]; then
		pass "$label: GDB=1 prints an attach line that sources scripts/gdb/module-symbols.py and runs mod-symbols $mods"
	fi
	[ -n "$probe" ] && attach="  gdb-multiarch $vmlinux -ex 'target remote :$port'"
	eval "set -- ${attach#  gdb-multiarch }"
	for i in $(seq 30); do
		timeout 600 gdb-multiarch -batch -nx \
			-ex 'set pagination off' -ex 'set breakpoint pending on' "$@" \
			-ex "break parmtest.c:$init_line" -ex "break parmtest.c:$exit_line" \
			-ex continue -ex 'print num' -ex 'print str' -ex 'print $pc' \
			-ex "list parmtest.c:$init_line,$init_line" -ex "list sys_init_module" \
			-ex continue -ex 'bt 1' \
			-ex continue > "$out/gdb" 2>&1 < /dev/null
		grep -q "Connection refused" "$out/gdb" || break
		sleep 1
	done
	wait $bpid
	brc=$?
	cp "$out/gdb" "$b/$arch/gdb-$label.out" 2> /dev/null
	if [ -n "$probe" ]; then
		if grep -q "parmtest_init () at .*parmtest\.c:$init_line" "$out/gdb"; then
			fail "$label: without mod-symbols the init's breakpoint is hit: the test cannot tell"
		else
			pass "$label: without mod-symbols the breakpoints stay pending, never hit (the test can fail)"
		fi
		return
	fi
	local said
	said=$(grep -v '^$' "$out/gdb" | tail -5 | tr '\n' ' ' | cut -c1-300)
	if grep -q "^mod-symbols: a breakpoint in the loader, at .*kernel/module\.c:[0-9]*" "$out/gdb" &&
	   grep -q "^mod-symbols: parmtest: $mods/parmtest\.o, \.text at 0x[0-9a-f]*, [0-9]* sections" "$out/gdb"; then
		pass "$label: mod-symbols set its breakpoint in the loader and loaded parmtest.o at insmod"
	else
		fail "$label: mod-symbols said no breakpoint or no parmtest.o: $said"
	fi
	if grep -q "parmtest_init () at .*parmtest\.c:$init_line\$" "$out/gdb"; then
		pass "$label: the breakpoint at parmtest.c:$init_line, set before the load, is hit in parmtest_init"
	else
		fail "$label: parmtest.c:$init_line not hit: $said"
	fi
	if grep -q '^\$1 = 4711$' "$out/gdb" && grep -q '^\$2 = 0x[0-9a-f]* "from-gdb"$' "$out/gdb"; then
		pass "$label: print num, str there: 4711, \"from-gdb\", as on the insmod line ($args)"
	else
		fail "$label: print num/str: $(grep '^\$[12] = ' "$out/gdb" | tr '\n' ' ')"
	fi
	# The sources are found from any directory: the objects name them
	# relative to the tree (compat/debug-info.patch), and mod-symbols
	# puts vmlinux's directory on gdb's source path.
	local want_src
	want_src="$init_line	$(sed -n "${init_line}p" "$src")"
	if grep -qxF "$want_src" "$out/gdb" && ! grep -q 'No such file or directory' "$out/gdb" &&
	   [ "$(grep -c '^[0-9][0-9]*	' "$out/gdb")" -ge 10 ]; then
		pass "$label: gdb lists the module's source (parmtest.c:$init_line) and the kernel's (list sys_init_module) from $(pwd)"
	else
		fail "$label: gdb does not list parmtest.c:$init_line or sys_init_module's source: $(grep -E '^[0-9]+	|No such file' "$out/gdb" | head -2 | tr '\n' ' ')"
	fi
	if grep -q "parmtest_exit () at .*parmtest\.c:$exit_line\$" "$out/gdb"; then
		pass "$label: the breakpoint at parmtest.c:$exit_line is hit in parmtest_exit at rmmod"
	else
		fail "$label: parmtest.c:$exit_line (exit) not hit: $said"
	fi
	if [ $brc = 0 ] && grep -q '^PASS: case gdb-parmtest' "$out/boot"; then
		pass "$label: the guest goes on after gdb; the case passes"
	else
		fail "$label: boot exit $brc: $(grep -a -m1 '^FAIL' "$out/boot" | cut -c1-200)"
	fi
}

if ! command -v gdb-multiarch > /dev/null; then
	skip "gdb i386: no gdb-multiarch (apt-get install gdb-multiarch)"
	skip "gdb ppc: no gdb-multiarch (apt-get install gdb-multiarch)"
	skip "gdb ia64: Ski has no gdb stub"
	exit 0
fi

# i386: the debug kernel of tests/57.
export ARCH=i386
(
	export BUILD=$OUTER/i386-smp KCONFIG=i386-smp
	need_i386_guest "gdb i386" "$TOP/qemu-test/cases/params-module.case"
	gdb_run "gdb i386" i386 "$BUILD"
	gdb_run "gdb i386 probe" i386 "$BUILD" probe
)
unset KCONFIG

# ppc, with CONFIG_DEBUG_INFO in its own tree.
arch_load ppc
if ! command -v "${arch_cc}" > /dev/null || ! command -v "$arch_qemu" > /dev/null; then
	skip "gdb ppc: no ${arch_cc} or $arch_qemu"
elif [ ! -f "$TOP/kernel-config/ppc-debug" ]; then
	skip "gdb ppc: no kernel-config/ppc-debug yet"
elif ! BUILD=$OUTER/ppc-debug KCONFIG=ppc-debug ARCH=ppc quiet make -s -C "$TOP" modules init; then
	fail "gdb ppc: the ppc-debug kernel, modules or init do not build"
else
	gdb_run "gdb ppc" ppc "$OUTER/ppc-debug"
	# Oops decoding on a cross arch without kallsyms (issue 40 item
	# 4): oops-raw.case's Oops has bare addresses (NIP, LR, Call
	# trace); decode-oops finds the module's by the section address
	# the case printed, the kernel's in the debug vmlinux.
	d=$OUTER/ppc-debug
	BUILD=$d ARCH=ppc BOOT_LOGDIR=$d/decode "$TOP/scripts/boot.sh" \
		"$TOP/qemu-test/cases/oops-raw.case" | case_lines "decode ppc:"
	log=$d/decode/oops-raw.log
	# (ppc's console ends its lines "\n\r": the CR starts the next)
	if tr -d '\r' < "$log" 2> /dev/null | grep -a '^NIP: ' > /dev/null; then
		out=$("$TOP/scripts/decode-oops" --cross "$arch_cross" \
			--vmlinux "$d/ppc/linux-2.5.50/vmlinux" --module-dir "$d/ppc/guest/mods" \
			--strip "$d/ppc/linux-2.5.50" "$log")
		echo "$out" | sed 's/^/    /'
		decode_check "decode ppc" "$out" sys_write fs/read_write.c
	else
		fail "decode ppc: no NIP line of an Oops in $log"
	fi
fi

skip "gdb ia64: Ski (scripts/arch/ia64.sh) has no gdb stub, so gdb cannot attach to the guest"
exit 0
