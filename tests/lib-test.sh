# Helpers for tests/NN-*.sh.  Sourced.
. "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; FAILED=1; }
skip() { echo "SKIP: $*"; }
FAILED=0

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

# need_i386_guest PREFIX CASE...: skip one test per case (and exit) when
# there is no tree or no qemu-system-i386; then build the kernel, the
# test modules and the guest init, or fail (and exit).
need_i386_guest() {
	local prefix=$1 why= c
	shift
	if ! check_ksrc "$KSRC" 2>/dev/null; then
		why="no 2.5.50 tree at KSRC=$KSRC"
	elif ! command -v qemu-system-i386 > /dev/null; then
		why="qemu-system-i386 missing (apt-get install qemu-system-x86)"
	fi
	if [ -n "$why" ]; then
		for c in "$@"; do skip "$prefix $(basename "$c" .case): $why"; done
		exit 0
	fi
	quiet make -s -C "$TOP" ARCH=i386 modules init ||
		{ fail "$prefix: kernel, modules or init do not build"; exit 0; }
}

# section_size OBJECT SECTION: the section's size in bytes (0 if absent).
section_size() {
	local s
	s=$(readelf -SW "$1" | sed -n "s/.*\] ${2//./\\.} *[A-Z]* *[0-9a-f]* [0-9a-f]* \([0-9a-f]*\) .*/\1/p")
	echo $((16#${s:-0}))
}

# obsparm_missing OBJECT: the MODULE_PARM() names in OBJECT's .obsparm
# (i386: 128-byte entries, the name first) that the loader would not
# find, by its own rule: no defined OBJECT or NOTYPE symbol of that
# name in the object.  Prints "-" when there is no .obsparm at all.
obsparm_missing() {
	local o=$1 names p
	names=$(objcopy -O binary -j .obsparm "$o" /dev/stdout 2>/dev/null | python3 -c '
import sys
d = sys.stdin.buffer.read()
for i in range(0, len(d), 128):     # sizeof(struct obsolete_modparm) on i386
    print(d[i:i + 64].split(b"\0")[0].decode())')
	[ -n "$names" ] || { echo -; return; }
	for p in $names; do
		readelf -sW "$o" | awk -v p="$p" '$8 == p && $7 != "UND" &&
			($4 == "OBJECT" || $4 == "NOTYPE") { f = 1 } END { exit !f }' ||
			echo "$p"
	done
}
