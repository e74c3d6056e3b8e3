#!/bin/bash
# QEMU as a kernel developer drives it (scripts/boot.sh, run_cases.py):
# every case's log starts with the QEMU command line that booted it, V=1
# prints it, QEMU_OPTS adds options, a failing case shows its console's
# last 30 lines, and GDB=1 makes QEMU wait for gdb-multiarch, which
# breaks at parse_args and reads the boot command line from its
# argument.  i386.
. "$(dirname "$0")/lib-test.sh"
export ARCH=i386
tmp=$(mktemp -d)
on_exit 'rm -rf "$tmp"'
boot=$TOP/qemu-test/cases/boot.case
need_i386_guest qemu-tools "$boot"
log=$BUILD/$ARCH/logs/boot.log

V=1 QEMU_OPTS='-smp 2 -name harness-test' "$TOP/scripts/boot.sh" "$boot" > "$tmp/o" 2>&1
rc=$?
line=$(grep -a -m1 '^qemu: ' "$tmp/o")
if [ $rc = 0 ] && [[ $line == "qemu: qemu-system-i386 -kernel "*" -smp 2 -name harness-test" ]] &&
   [ "$(head -1 "$log")" = "$line" ] && grep -q "^PASS: case boot" "$tmp/o"; then
	pass "qemu-tools: V=1 prints the QEMU command line, the log's first line is the same, QEMU_OPTS's words end it; the case passes"
else
	fail "qemu-tools: V=1/QEMU_OPTS: exit $rc, printed '${line:0:80}...', log starts '$(head -c 80 "$log")'"
fi

# A case that fails: its console's last 30 lines and the log's path.
{ echo "timeout: 30"; echo "expect: ^this line is never printed$"; } > "$tmp/never.case"
"$TOP/scripts/boot.sh" "$tmp/never.case" "$boot" > "$tmp/o" 2>&1
rc=$?
nlog=$BUILD/$ARCH/logs/never.log
tail30=$(sed '1d' "$nlog" | tr -d '\r' | sed -e :a -e '/^[[:space:]]*$/{$d;N;ba' -e '}' | tail -n 30)
shown=$(sed -n 's/^      | //p' "$tmp/o")
if [ $rc != 0 ] && grep -q "^FAIL: case never .*never printed" "$tmp/o" &&
   [ "$(echo "$shown" | wc -l)" = 30 ] && [ "$shown" = "$tail30" ] &&
   grep -qx "      console: $nlog" "$tmp/o" && grep -q "^PASS: case boot" "$tmp/o"; then
	pass "qemu-tools: a failing case prints its console's last 30 lines and the log's path"
else
	fail "qemu-tools: failing case: exit $rc, $(echo "$shown" | wc -l) lines shown: $(grep -a -A2 '^FAIL' "$tmp/o" | head -3 | tr '\n' ' ')"
fi

# GDB=1: QEMU waits; gdb attaches, breaks at parse_args, sees the
# command line, detaches; the boot goes on and passes.
arch_load i386
if ! command -v gdb-multiarch > /dev/null; then
	skip "qemu-tools: gdb: no gdb-multiarch (apt-get install gdb-multiarch)"
	exit 0
fi
if [ "$(nm "$TREE/vmlinux" 2> /dev/null | grep -c ' [Tt] parse_args$')" != 1 ]; then
	fail "qemu-tools: gdb: $TREE/vmlinux has no parse_args"
	exit 0
fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
words="gdbtest.word=42"
GDB=1 GDB_PORT=$port APPEND=$words timeout 300 "$TOP/scripts/boot.sh" "$boot" > "$tmp/boot" 2>&1 &
bpid=$!
for i in $(seq 60); do
	grep -q "^  gdb-multiarch " "$tmp/boot" && break
	sleep 1
done
for i in $(seq 30); do
	timeout 120 gdb-multiarch -batch -nx "$TREE/vmlinux" -ex "target remote :$port" \
		-ex 'hbreak *parse_args' -ex continue -ex "x/s $arch_gdb_arg2" \
		-ex delete -ex detach > "$tmp/gdb" 2>&1 < /dev/null
	grep -q "Connection refused" "$tmp/gdb" || break
	sleep 1
done
wait $bpid
brc=$?
attach=$(grep -a -m1 "^  gdb-multiarch " "$tmp/boot")
want="  gdb-multiarch $TREE/vmlinux -ex 'target remote :$port' -x $TOP/scripts/gdb/module-symbols.py -ex 'mod-symbols $BUILD/$ARCH/guest/mods'"
if [ "$attach" != "$want" ]; then
	fail "qemu-tools: gdb: boot.sh did not say how to attach: '$attach', want '$want'"
elif ! grep -q "^gdb: that sources $TOP/scripts/gdb/module-symbols\.py: mod-symbols" "$tmp/boot" ||
     ! grep -q "^gdb: $TREE/vmlinux has no debug information: mod-symbols needs CONFIG_DEBUG_INFO" "$tmp/boot"; then
	fail "qemu-tools: gdb: boot.sh did not say what the attach line sources, or that this vmlinux has no debug information"
elif grep -q "in parse_args" "$tmp/gdb" &&
     grep -qF "\"console=ttyS0 root=/dev/ram0 panic=1 " "$tmp/gdb" &&
     grep -qF " $words\"" "$tmp/gdb" && [ $brc = 0 ]; then
	pass "qemu-tools: gdb: GDB=1 prints how to attach (sourcing scripts/gdb/module-symbols.py; no debug information here, it says); gdb-multiarch breaks at parse_args and reads the command line in its argument ($words at its end); the boot then passes"
else
	fail "qemu-tools: gdb: boot exit $brc; gdb said: $(grep -v '^$' "$tmp/gdb" | tail -4 | tr '\n' ' ')"
fi
exit 0
