# Helpers for tests/NN-*.sh.  Sourced.
. "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; FAILED=1; }
skip() { echo "SKIP: $*"; }
# A known bug, reported and not fixed yet: never a pass (KTAP "# XFAIL").
xfail() { echo "XFAIL: $*"; }
FAILED=0

# A test script's exit status is its verdict too (scripts/check.sh,
# scripts/ktap.py's harness_fails() read it with its lines):
#   0   it ran to its end (or exited 0) and printed no FAIL: line;
#   1   it printed a FAIL: line on its standard output, whoever wrote it
#       (fail(), in a subshell or not, or a command whose lines it
#       passes on: boot.sh's cases, a Python check) and exited 0 or 1;
#   2+  it did not run as a test should: it exited non-zero with no
#       FAIL: line (die(), a crash: 1 becomes 2), exited 2 or more of
#       its own, or hit a shell error (a command not found, recorded by
#       scripts/lib.sh's command_not_found_handle in SHELL_ERRORS: this
#       script's own file; the lines are copied to the caller's, where
#       it named one: make check says which).
# A skip is no failure.  Its standard output goes through a filter
# (sed -u, line by line) that copies each FAIL: line to $LIB_TEST_FAILS;
# at exit the EXIT trap sends a mark through the same pipe, so that
# every line printed before it has been seen, and reads the copy.  A
# script that needs something done at its exit says on_exit COMMAND (a
# "trap ... EXIT" of its own would replace this trap); the commands run
# in order, before the verdict.
LIB_TEST_FAILS=$(mktemp) || { echo "FAIL: $(basename "$0"): lib-test.sh: mktemp failed"; exit 1; }
LIB_TEST_MARK=lib_test_end_$$_$RANDOM
LIB_TEST_CALLER_ERRORS=${SHELL_ERRORS:-}
SHELL_ERRORS=$(mktemp) || { echo "FAIL: $(basename "$0"): lib-test.sh: mktemp failed"; exit 1; }
export SHELL_ERRORS
LIB_TEST_ON_EXIT=()
exec {LIB_TEST_OUT}>&1
# The filter runs in the background of the process substitution (its
# stdin named, or a background command reads /dev/null): no child of
# the script, so that a bare "wait" in it (boot_wait) does not wait for
# it, as bash 5's wait does for a process substitution.
exec > >(sed -u -e "/^FAIL: /w $LIB_TEST_FAILS" \
	-e "/^$LIB_TEST_MARK\$/{s/.*/end/w $LIB_TEST_FAILS" -e "d}" \
	0<&0 >&$LIB_TEST_OUT &)
on_exit() { LIB_TEST_ON_EXIT+=("$*"); }
lib_test_exit() {
	local rc=$? c i
	for c in "${LIB_TEST_ON_EXIT[@]}"; do
		eval "$c"
	done
	if echo "$LIB_TEST_MARK"; then
		for ((i = 0; i < 3000; i++)); do
			grep -qx end "$LIB_TEST_FAILS" 2> /dev/null && break
			sleep 0.01
		done
	fi
	grep -q '^FAIL: ' "$LIB_TEST_FAILS" 2> /dev/null && FAILED=1
	rm -f "$LIB_TEST_FAILS"
	exec >&$LIB_TEST_OUT
	if [ "$rc" = 1 ] && [ "$FAILED" = 0 ]; then
		rc=2
	elif [ "$rc" = 0 ] && [ "$FAILED" != 0 ]; then
		rc=1
	fi
	if [ -s "$SHELL_ERRORS" ]; then
		[ "$rc" -lt 2 ] && rc=2
		[ -n "$LIB_TEST_CALLER_ERRORS" ] && cat "$SHELL_ERRORS" >> "$LIB_TEST_CALLER_ERRORS"
	fi
	rm -f "$SHELL_ERRORS"
	exit "$rc"
}
trap lib_test_exit EXIT

# Skip the named tests (and exit) when there is no kernel tree.
need_tree_or_skip() {
	if ! check_ksrc "$KSRC" 2>/dev/null; then
		for t in "$@"; do
			skip "$t: no pristine 2.5.50 tree at KSRC=$KSRC"
		done
		exit 0
	fi
}

# Run a command quietly; on failure show the last lines of its output.
quiet() {
	local log
	log=$(mktemp)
	if "$@" > "$log" 2>&1; then
		rm -f "$log"
		return 0
	fi
	tail -n 25 "$log" | sed 's/^/    | /'
	rm -f "$log"
	return 1
}

# i386_guest_why: why no i386 guest can boot here (no tree at KSRC, no
# qemu-system-i386), or nothing.
i386_guest_why() {
	if ! check_ksrc "$KSRC" 2>/dev/null; then
		echo "no 2.5.50 tree at KSRC=$KSRC"
	elif ! command -v qemu-system-i386 > /dev/null; then
		echo "qemu-system-i386 missing (apt-get install qemu-system-x86)"
	fi
}

# need_i386_guest PREFIX CASE...: skip one test per case (and exit) when
# there is no tree or no qemu-system-i386; then build the kernel, the
# test modules and the guest init, or fail (and exit).
need_i386_guest() {
	local prefix=$1 why c
	shift
	why=$(i386_guest_why)
	if [ -n "$why" ]; then
		for c in "$@"; do skip "$prefix $(basename "$c" .case): $why"; done
		exit 0
	fi
	quiet make -s -C "$TOP" ARCH=i386 modules init ||
		{ fail "$prefix: kernel, modules or init do not build"; exit 0; }
}

# result_lines: the result lines on stdin (scripts/lib.sh's RESULT_RE)
# and the detail lines under them (six blanks: a case's console, its
# table), nothing else.
result_lines() {
	grep -a -E "$RESULT_RE|^      "
}

# case_lines WHAT: boot.sh's verdict and detail lines on stdin, each
# verdict named "WHAT case NAME" (tests/52, 53, 57, 60 run the same cases
# in other guests and kernels: the names must not collide in the summary).
case_lines() {
	result_lines |
		sed -E "s/${RESULT_RE}case /\\1: $1 case /"
}

# busybox_root LOG NEED LABEL...: the busybox guest's root, built (or
# found) by scripts/build-busybox.sh with the arguments in BB_ARGS (an
# array; unset or empty: the default root), its messages in LOG; in BB_ROOT.
# Returns 1, having said so for each LABEL, where it cannot serve: SKIP
# where busybox cannot be had on this host (build-busybox.sh exits 2),
# or kmod if NEED is kmod; FAIL where the build fails.  BB_KMOD_WHY is
# why the root has no kmod, or empty (bb_runnable skips kmod's cases).
busybox_root() {
	local log=$1 need=$2 rc why= l
	shift 2
	mkdir -p "$(dirname "$log")"
	BB_ROOT=$("$TOP/scripts/build-busybox.sh" ${BB_ARGS[@]+"${BB_ARGS[@]}"} 2> "$log" | tail -1)
	rc=$?
	BB_KMOD_WHY=
	if [ $rc -eq 2 ]; then
		why="busybox cannot be had: $(grep '^\*\*\* ' "$log" | head -2 | sed 's/^\*\*\* //' | tr '\n' ' ')"
	elif [ $rc -ne 0 ] || [ ! -x "$BB_ROOT/bin/busybox" ]; then
		sed 's/^/    | /' "$log" | tail -20
		for l in "$@"; do fail "$l: scripts/build-busybox.sh failed (log: $log)"; done
		return 1
	elif [ ! -x "$BB_ROOT/bin/kmod" ]; then
		BB_KMOD_WHY="kmod cannot be had: $(tr '\n' ' ' < "$BB_ROOT/kmod-missing" 2>/dev/null)"
		[ "$need" = kmod ] && why=$BB_KMOD_WHY
	fi
	if [ -n "$why" ]; then
		for l in "$@"; do skip "$l: $why"; done
		return 1
	fi
}

# bb_runnable WHAT CASE...: in BB_RUN, the cases the root busybox_root
# found can run; kmod's (kmod-*.case) are skipped, as "WHAT NAME", where
# it has no kmod.
bb_runnable() {
	local what=$1 c
	shift
	BB_RUN=
	for c in "$@"; do
		case $(basename "$c") in
		kmod-*)	if [ -n "$BB_KMOD_WHY" ]; then
				skip "$what $(basename "$c" .case): $BB_KMOD_WHY"
				continue
			fi ;;
		esac
		BB_RUN="$BB_RUN $c"
	done
}

# boot_verdict OUT: what scripts/run_cases.py's Results of a boot.sh
# run whose output is in OUT (boot_bg; else BOOT_RESULTS=OUT.json) say,
# read from OUT.json (run_cases.py verdict), not from its lines: PASS
# (no case failed: each passed, was skipped or XFAILed), FAIL (then, on
# a second line, the first failed case's line), or NONE (boot.sh gave
# no verdicts: it died before).
boot_verdict() {
	PYTHONPATH=$TOP/scripts python3 -m run_cases verdict "$1.json" 2> /dev/null || echo NONE
}

# bugback_verdict LABEL OUT SIGN: OUT, boot.sh's output for a case on a
# kernel with a bug put back (its Results in OUT.json), must say FAIL,
# and its first failed case's line must hold SIGN (a piece only that
# bug gives: run_cases.py quotes the regex with repr()).  Prints the
# PASS or FAIL line.
bugback_verdict() {
	local label=$1 out=$2 sign=$3 line v
	v=$(boot_verdict "$out")
	line=$(sed -n 2p <<< "$v")
	if [ "$v" = NONE ]; then
		fail "$label: boot.sh gave no verdict (it died: $out)"
	elif [ "$v" = PASS ]; then
		fail "$label passes: the case cannot find that bug"
	elif ! printf '%s\n' "$line" | grep -F -- "$sign" > /dev/null; then
		fail "$label fails, but not at '$sign': ${line:0:200}"
	else
		pass "$label fails at '$sign'"
	fi
}

# boot_bg OUT CASE...: scripts/boot.sh CASE... in the background, its
# output in OUT, its verdicts in OUT.json (boot_verdict) and the consoles
# in OUT.logs/, one case at a time, so
# that $JOBS of them run at once (boot_bg waits for a slot); the
# environment (APPEND, BUILD, GUEST_ROOT) is the caller's.  boot_wait
# waits for them all.  For boots that differ in their command line
# (the bug-back bits), which one run_cases.py cannot share.
boot_bg() {
	local out=$1
	shift
	while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do
		wait -n
	done
	rm -rf "$out.logs" "$out.json"
	BOOT_JOBS=1 BOOT_LOGDIR=$out.logs BOOT_RESULTS=$out.json "$TOP/scripts/boot.sh" "$@" > "$out" 2>&1 &
}
boot_wait() {
	wait
}

# bugback_tree WHAT FROM TO FILE MARKER PATCH...: a copy of the built
# tree FROM/i386 in TO/i386 with the series and the test patches
# PATCH... on top (in TO/patches), built with the test modules and init
# (only what the patches touch is rebuilt; the copy is kept for the next
# run: prepare-tree.sh and build-kernel.sh bring it up to date, and build
# nothing when nothing changed); then BUILD and PATCHES_DIR
# name it for boot.sh.  Fails (prints "FAIL: WHAT: ...", returns 1)
# when it does not build or the tree's FILE lacks MARKER.
bugback_tree() {
	local what=$1 from=$2 to=$3 file=$4 marker=$5 b
	shift 5
	rm -rf "$to/patches"
	mkdir -p "$to/patches" "$to/i386"
	[ -d "$to/i386/linux-2.5.50" ] || cp -a "$from/i386/linux-2.5.50" "$to/i386/"
	cp -a "$TOP"/patches/. "$to/patches"/
	for b in "$@"; do
		cp "$b" "$to/patches/"
		echo "$(basename "$b")" >> "$to/patches/series"
	done
	export BUILD=$to PATCHES_DIR=$to/patches
	if ! quiet make -s -C "$TOP" ARCH=i386 modules init; then
		fail "$what: the series with $* does not build"
		return 1
	fi
	if ! grep -q "$marker" "$to/i386/linux-2.5.50/$file"; then
		fail "$what: $file has no '$marker': the test patches are not in the tree"
		return 1
	fi
}

# sysmod_bugback_tree WHAT: bugback_tree with the bugs of /sys/module/NAME
# (tests/bugback/sysmod/*.patch, one sysmodbug= bit each) on the built
# tree, in $BUILD/i386-sysmod-bugback: tests/54's and tests/58's kernel.
sysmod_bugback_tree() {
	bugback_tree "$1" "$BUILD" "$BUILD/i386-sysmod-bugback" kernel/param_sysfs.c \
		sysmodbug "$TOP"/tests/bugback/sysmod/*.patch
}

# section_size OBJECT SECTION: the section's size in bytes (0 if absent).
section_size() {
	local s
	s=$(readelf -SW "$1" | sed -n "s/.*\] ${2//./\\.} *[A-Z]* *[0-9a-f]* [0-9a-f]* \([0-9a-f]*\) .*/\1/p")
	echo $((16#${s:-0}))
}

# declared SOURCE: the names a source file declares with
# module_param*(name, ...).
declared() {
	sed -n 's/^[[:space:]]*module_param\(_named\|_string\|_call\)\?([[:space:]]*\([A-Za-z0-9_]*\).*/\2/p' "$1"
}

# check_param_init LABEL OBJECT SOURCE SIZE: OBJECT's .param.init holds
# exactly the parameters SOURCE declares, SIZE bytes each (none is a
# failure: the test modules each declare some).
check_param_init() {
	local want got
	want=$(($(declared "$3" | wc -l) * $4))
	got=$(section_size "$2" .param.init)
	if [ "$got" = "$want" ] && [ "$want" -gt 0 ]; then
		pass "$1: $(basename "$2") .param.init holds its $((want / $4)) parameters ($got bytes, $4 each)"
	else
		fail "$1: $(basename "$2") .param.init is $got bytes, want $want ($4 each)"
	fi
}

# section_bytes OBJECT SECTION [CROSS]: the contents of SECTION on
# stdout.  objcopy is given a file of its own, never /dev/stdout: on a
# CI host run as root it left a regular file at /dev/stdout, and every
# later read gave that file's stale bytes (scripts/check.sh now fails a
# script that changes /dev).
section_bytes() {
	local t rc
	t=$(mktemp) || return 1
	${3:-}objcopy -O binary -j "$2" "$1" "$t" 2>/dev/null
	rc=$?
	[ $rc = 0 ] && cat "$t"
	rm -f "$t"
	return $rc
}

# obsparm_names OBJECT [SIZE [CROSS]]: the MODULE_PARM() names in
# OBJECT's .obsparm, entries of SIZE bytes (default 128, i386's
# sizeof(struct obsolete_modparm)), the name first; CROSS prefixes the
# binutils (ia64-linux-gnu-).
obsparm_names() {
	section_bytes "$1" .obsparm "${3:-}" | python3 -c '
import sys
d, n = sys.stdin.buffer.read(), int(sys.argv[1])
for i in range(0, len(d), n):
    print(d[i:i + 64].split(b"\0")[0].decode())' "${2:-128}"
}

# obsparm_missing OBJECT [SIZE [CROSS]]: those of obsparm_names that the
# loader would not find, by its own rule: no defined OBJECT or NOTYPE
# symbol of that name in the object (nor an absolute one: SHN_ABS).
# Prints "-" when there is no .obsparm at all.
obsparm_missing() {
	local o=$1 names p
	names=$(obsparm_names "$@")
	[ -n "$names" ] || { echo -; return; }
	for p in $names; do
		${3:-}readelf -sW "$o" | awk -v p="$p" '$8 == p && $7 != "UND" && $7 != "ABS" &&
			($4 == "OBJECT" || $4 == "NOTYPE") { f = 1 } END { exit !f }' ||
			echo "$p"
	done
}

# kmod_modinfo: the path of kmod's modinfo (Debian package kmod), or
# nothing; it lives in /sbin, which a user's PATH may lack.
kmod_modinfo() {
	local m
	for m in "$(command -v modinfo)" /usr/sbin/modinfo /sbin/modinfo; do
		[ -n "$m" ] && [ -x "$m" ] && "$m" --version 2>&1 | grep kmod > /dev/null &&
			{ echo "$m"; return 0; }
	done
	return 1
}

# check_modinfo LABEL OBJECT SOURCE...: kmod's modinfo of OBJECT (a
# copy named .ko, the only name kmod takes for a file) must show what
# the sources declare (tests/helpers/modinfo-expect.py): licence,
# authors, descriptions, and each parameter with its description and
# type.
check_modinfo() {
	local label=$1 obj=$2 t mi want got
	shift 2
	if ! mi=$(kmod_modinfo); then
		skip "$label: no kmod modinfo (apt-get install kmod)"
		return
	fi
	t=$(mktemp -d)
	cp "$obj" "$t/$(basename "${obj%.o}").ko"
	want=$(python3 "$TOP/tests/helpers/modinfo-expect.py" "$@")
	got=$("$mi" "$t"/*.ko 2>&1 | grep -E '^(license|author|description|parm):' |
		sed 's/^\([a-z]*\): */\1: /' | LC_ALL=C sort)
	rm -rf "$t"
	if [ -z "$want" ]; then
		fail "$label: its sources declare nothing for modinfo (helper broken?)"
	elif [ "$got" = "$want" ]; then
		pass "$label: kmod modinfo shows $(echo "$want" | wc -l) fields as declared ($(echo "$want" | sed 's/:.*//' | sort | uniq -c | awk '{printf "%s%d %s", s, $1, $2; s=", "}'))"
	else
		fail "$label: kmod modinfo differs from the sources: $(diff <(echo "$want") <(echo "$got") | grep '^[<>]' | head -4 | tr '\n' ' ')"
	fi
}

# module_sources TREE OBJECT: the .c files kbuild built OBJECT from, as
# its .cmd file says (a compile, or a link of objects: theirs); paths
# in it are relative to TREE, where kbuild runs.
module_sources() {
	local tree=$1 obj=$2 cmd o
	cmd=$(sed -n '1s/^cmd_[^ ]* := //p' "$(dirname "$obj")/.$(basename "$obj").cmd" 2>/dev/null)
	case " $cmd " in
	"  ")	echo "${obj%.o}.c" ;;
	*" -c "*) echo "${obj%.o}.c" ;;
	*)	for o in ${cmd#* -o * }; do
			case $o in /*) ;; *) o=$tree/$o ;; esac
			module_sources "$tree" "$o"
		done ;;
	esac
}

# decode_check LABEL DECODED KFUNC KFILE: scripts/decode-oops's output
# DECODED for an Oops of qemu-test/modules/oops.c (oops.case,
# oops-raw.case) names the lines of oops.c that fault and that call,
# found here in the source, and the kernel's function KFUNC in KFILE.
decode_check() {
	local src=$TOP/qemu-test/modules/oops.c fault call
	fault=$(grep -n 'return \*oops_where;' "$src" | cut -d: -f1)
	call=$(grep -n 'v = oops_deref();' "$src" | cut -d: -f1)
	# ppc's gcc gives the faulting load the line of the closing brace
	# (objdump -dl: "oops.c:25  lwz r3,0(r9)"), i386's the return's
	if grep -q -E "^ *(\\[[0-9a-f]+\\] )?oops_deref at (.*/)?oops\.c:($fault|$((fault + 1)))\$" <<< "$2"; then
		pass "$1: the fault (EIP, NIP) decoded to oops.c:$fault or its closing brace, the faulting read"
	else
		fail "$1: the fault not decoded to oops.c:$fault: $(grep -m1 'oops_deref at' <<< "$2")"
	fi
	if grep -q -E "^ *(\\[[0-9a-f]+\\] )?boom_set at (.*/)?oops\.c:$call\$" <<< "$2"; then
		pass "$1: boom_set's frame decoded to oops.c:$call, the call"
	else
		fail "$1: boom_set's frame not decoded to oops.c:$call: $(grep -m1 'boom_set at' <<< "$2")"
	fi
	if grep -q -E "^ *(\\[[0-9a-f]+\\] )?$3 at ${4//./\\.}:[1-9][0-9]*\$" <<< "$2"; then
		pass "$1: the kernel's frames decoded ($3 at $4)"
	else
		fail "$1: $3's frame not decoded to $4: $(grep -m1 "$3 at" <<< "$2")"
	fi
}

# module_ends OBJECT [CROSS]: "CORE INIT", the sizes load_module() gives
# the module's core and init (get_sizes(): each allocated section at its
# alignment, those named *.init* in init), modulo 4: where ppc's loader
# starts its PLT before module-ppc-plt-align.patch.
module_ends() {
	${2:-}readelf -SW "$1" | python3 -c '
import re, sys
size = {"core": 0, "init": 0}
for l in sys.stdin:
    m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+[0-9a-f]+ [0-9a-f]+ ([0-9a-f]+) [0-9a-f]+ +(\S*) +\d+ +\d+ +(\d+)$", l)
    if not m or "A" not in m.group(3):
        continue
    k = "init" if ".init" in m.group(1) else "core"
    al = int(m.group(4)) or 1
    size[k] = (size[k] + al - 1) // al * al + int(m.group(2), 16)
print(size["core"] % 4, size["init"] % 4)'
}

# trace_past_module LOG OBJECT: does the first Call Trace in LOG
# (oops-raw.case's console) go on past the module's frames into the
# kernel's?  "past", "stops" (its last frame is the module's: the
# unwinder knew no more) or "none" (no frame of the module in it:
# ppc's starts at the caller's caller).  The module's .text is where
# the log's "/sys/module/NAME/sections/.text: 0x..." line says, as long
# as OBJECT's .text; the lines and addresses are read as
# scripts/decode_oops.py reads them.
trace_past_module() {
	local size
	size=$(section_size "$2" .text)
	tr -d '\r' < "$1" | PYTHONPATH=$TOP/scripts python3 -c '
import re, sys
from decode_oops import ADDR_RE, SECTION_RE
size = int(sys.argv[1])
base, frames, on = None, [], False
for l in sys.stdin:
    m = SECTION_RE.match(l.strip())
    if m and m.group(2) == ".text":
        base = int(m.group(3), 16)
    if re.match(r"\s*Call [Tt]race:", l):
        if frames:
            break
        on = True
    elif on and not ADDR_RE.match(l.lstrip()):
        break
    if on:
        frames += [int(a, 16) for a in ADDR_RE.findall(l)]
mod = [base is not None and base <= a < base + size for a in frames]
if not any(mod):
    print("none")
else:
    print("past" if not mod[-1] else "stops")' "$size"
}
