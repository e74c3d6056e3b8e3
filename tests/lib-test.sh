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
