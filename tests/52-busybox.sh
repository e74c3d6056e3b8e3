#!/bin/bash
# The busybox guest (issue 12; doc/shell.md, doc/kmod.md):
#  - qemu-test/busybox/cases/*.case booted with busybox as init: its
#    insmod, rmmod, lsmod and modprobe (bb-*.case) and kmod's
#    (kmod-*.case) as clients of init_module()/delete_module() and
#    /sys/module, good and bad arguments;
#  - make boot APPEND=...: the words reach /proc/cmdline, and the check
#    fails when they do not (words past the 256 bytes of i386's buffer);
#  - make shell: an interactive shell on the serial console, driven
#    through a pty: insmod, lsmod, Ctrl-C of a running command, the
#    APPEND words, reboot -f.
# Skipped, loudly, without the tree, qemu or busybox (its source or the
# i386 musl; scripts/install-deps.sh installs them).
. "$(dirname "$0")/lib-test.sh"
export ARCH=i386
cases=$(ls "$TOP"/qemu-test/busybox/cases/*.case 2>/dev/null)
[ -n "$cases" ] || { fail "busybox: no qemu-test/busybox/cases/*.case"; exit 0; }
all="$cases append append-cut shell"
need_i386_guest busybox $all

# APPEND on the default case (the libc-free init, as make boot).
words="hb.one=1 hb.two=a,b"
res=$BUILD/busybox-append
rm -f "$res.json"
out=$(APPEND=$words BOOT_RESULTS=$res.json "$TOP/scripts/boot.sh" "$TOP/qemu-test/cases/boot.case" 2>&1)
if [ "$(boot_verdict "$res")" = PASS ] &&
   echo "$out" | grep '^cmdline: console=ttyS0 ' | grep " $words\$" > /dev/null; then
	pass "busybox append: make boot APPEND='$words' reaches /proc/cmdline"
else
	echo "$out" | grep -E 'FAIL|VERDICT' | sed 's/^/    | /'
	fail "busybox append: APPEND='$words' on boot.case"
fi
# Words that cannot fit in the 256-byte command line must fail the check.
long="hb.long=$(printf 'x%.0s' $(seq 240)) hb.end=1"
rm -f "$res.json"
out=$(APPEND=$long BOOT_RESULTS=$res.json "$TOP/scripts/boot.sh" "$TOP/qemu-test/cases/boot.case" 2>&1)
if [[ $(boot_verdict "$res") == FAIL$'\n'*"never reached /proc/cmdline"* ]]; then
	pass "busybox append-cut: words cut off the command line fail the APPEND check"
else
	echo "$out" | grep -E 'PASS|FAIL|VERDICT' | sed 's/^/    | /'
	fail "busybox append-cut: a 250-byte APPEND was not reported as lost"
fi

labels=()
for c in $cases shell; do labels+=("busybox $(basename "$c" .case)"); done
busybox_root "$BUILD/i386/busybox-build.out" - "${labels[@]}" || exit 0
root=$BB_ROOT

# The cases, with busybox as init; kmod's (kmod-*.case) where the root
# has kmod (scripts/build-kmod.sh), else skipped saying why.
bb_runnable busybox $cases
GUEST_ROOT=$root "$TOP/scripts/boot.sh" $BB_RUN | case_lines busybox

# make shell, through a pty.
if python3 - "$TOP/scripts/shell.sh" "$BUILD/i386/shell-test.log" <<'PY'; then
import os, pty, re, select, signal, sys, time
script, logname = sys.argv[1], sys.argv[2]
env = dict(os.environ, APPEND="hb.shell=42")
pid, fd = pty.fork()
if pid == 0:
    os.execve(script, [script], env)
buf = b""
log = open(logname, "wb")

def expect(pat, timeout):
    global buf
    r = re.compile(pat.encode(), re.M)
    end = time.time() + timeout
    while True:
        m = r.search(buf)
        if m:
            buf = buf[m.end():]
            return True
        left = end - time.time()
        if left <= 0:
            print("    | shell: no %r within %d s; last output: %r" % (pat, timeout, buf[-300:]))
            return False
        rd, _, _ = select.select([fd], [], [], left)
        if rd:
            try:
                data = os.read(fd, 4096)
            except OSError:
                data = b""
            if not data:
                print("    | shell: ended while waiting for %r" % pat)
                return False
            log.write(data); log.flush()
            buf += data

def send(s):
    os.write(fd, s.encode())

def L(pat):
    """A whole line of the console: the serial line ends lines in \\r\\r\\n."""
    return r"\n\r*" + pat + r"(?=\r*\n)"

PROMPT = r"guest:[^\r\n]*# $"
ok = (expect(PROMPT, 240)
      and (send("insmod /m/hello.o; echo rc=$?\r") or True)
      and expect(L(r"hello: init"), 15) and expect(L(r"rc=0"), 5)
      and (send("lsmod\r") or True) and expect(L(r"hello +\d+ +0"), 10)
      and (send("modprobe parmtest num=9\r") or True)
      and expect(L(r"parmtest: shrt=-1 ushrt=1 num=9 uns=7"), 10)
      and (send("cat /proc/cmdline\r") or True)
      and expect(L(r"console=ttyS0 .*panic=1 hb\.shell=42"), 10)
      and (send("sleep 60; echo not-interrupted\r") or True)
      and (time.sleep(1.5) or True)
      and (send("\x03") or True)
      and expect(PROMPT, 10)
      and (send("echo status=$?\r") or True)
      and expect(L(r"status=130"), 10)
      and (send("rmmod hello && echo removed\r") or True)
      and expect(L(r"removed"), 10)
      and (send("reboot -f\r") or True))
status = None
if ok:
    end = time.time() + 30
    while time.time() < end:
        rd, _, _ = select.select([fd], [], [], 1)
        if rd:
            try:
                data = os.read(fd, 4096)
                log.write(data)
                buf += data
            except OSError:
                pass
        p, st = os.waitpid(pid, os.WNOHANG)
        if p:
            status = st
            break
    if status is None:
        print("    | shell: QEMU still running 30 s after reboot -f")
    elif b"not-interrupted" in buf:
        print("    | shell: Ctrl-C did not stop the sleep")
        ok = False
    elif os.waitstatus_to_exitcode(status) != 0:
        print("    | shell: exit status %d" % os.waitstatus_to_exitcode(status))
        ok = False
if status is None:
    ok = False
    try:
        os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)
    except OSError:
        pass
sys.exit(0 if ok else 1)
PY
	pass "busybox shell: make shell: insmod, lsmod, modprobe, APPEND, Ctrl-C, reboot -f on ttyS0"
else
	fail "busybox shell: make shell did not work interactively (log: $BUILD/i386/shell-test.log)"
fi
exit 0
