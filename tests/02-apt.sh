#!/bin/bash
# install-deps.sh and install-shell-deps.sh on a host whose package
# indexes cannot all be had (a mirror in mid-sync, an unreachable
# source): apt_update (scripts/lib.sh) warns and goes on, and only a
# failed install fails.  Made here with apt's own configuration
# (APT_CONFIG): a local repository with one package, beside a source
# that does not exist; the machine's own apt state is not touched and
# nothing is installed (apt-get -s).
. "$(dirname "$0")/lib-test.sh"
tmp=$(mktemp -d)
on_exit 'rm -rf "$tmp"'

if ! command -v apt-get > /dev/null || ! command -v dpkg-deb > /dev/null; then
	skip "apt: no apt-get or dpkg-deb on this host (not Debian): the install scripts are Debian's"
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	skip "apt: apt-get update wants root (as install-deps.sh does)"
	exit 0
fi

# A repository of one package, as a directory.
mkdir -p "$tmp/pkg/DEBIAN" "$tmp/repo" "$tmp/lists/partial" \
	"$tmp/cache/archives/partial" "$tmp/parts"
cat > "$tmp/pkg/DEBIAN/control" <<EOF
Package: harness-apt-probe
Version: 1.0
Architecture: all
Maintainer: harness test <nobody@localhost>
Description: a package of nothing, for tests/02-apt.sh
EOF
dpkg-deb -Zgzip --build "$tmp/pkg" "$tmp/repo/probe.deb" > /dev/null 2>&1 ||
	{ fail "apt: dpkg-deb could not build the probe package"; exit 0; }
{
	dpkg-deb -f "$tmp/repo/probe.deb"
	echo "Filename: ./probe.deb"
	echo "Size: $(stat -c %s "$tmp/repo/probe.deb")"
	echo "SHA256: $(sha256sum "$tmp/repo/probe.deb" | cut -d' ' -f1)"
	echo
} > "$tmp/repo/Packages"
cat > "$tmp/sources.list" <<EOF
deb [trusted=yes] file:$tmp/repo ./
deb [trusted=yes] file:$tmp/no-such-mirror ./
EOF
cat > "$tmp/apt.conf" <<EOF
Dir::Etc::sourcelist "$tmp/sources.list";
Dir::Etc::sourceparts "$tmp/parts";
Dir::State::lists "$tmp/lists";
Dir::Cache "$tmp/cache";
EOF
export APT_CONFIG=$tmp/apt.conf

# apt-get itself fails here: this is the host the test is for.
if apt-get update -qq > "$tmp/raw" 2>&1; then
	fail "apt: apt-get update passed with a missing source: the test shows nothing"
	exit 0
fi

# apt_update under set -e, as the install scripts run it.
if out=$(bash -c 'set -eu; . "$1/scripts/lib.sh"; apt_update; echo went-on' _ "$TOP" 2>&1) &&
   [[ $out == *went-on* ]]; then
	if [[ $out == *"apt-get update failed for some package indexes"* ]] &&
	   [[ $out == *no-such-mirror* ]]; then
		pass "apt: an index that cannot be had is a warning naming it; set -e goes on"
	else
		fail "apt: apt_update went on without saying which index failed: $(echo "$out" | head -2 | tr '\n' ' ')"
	fi
else
	fail "apt: apt_update stopped a set -e script: $(echo "$out" | tail -2 | tr '\n' ' ')"
fi
if apt_install "$tmp/log" -s harness-apt-probe 2> "$tmp/err" &&
   grep -q '^Inst harness-apt-probe' "$tmp/log"; then
	pass "apt: after the failed index, a package of the other one installs (apt-get -s)"
else
	fail "apt: the probe package does not install after a failed index: $(tail -2 "$tmp/err" | tr '\n' ' ')"
fi
if apt_install "$tmp/log" -s harness-apt-no-such-package 2> "$tmp/err"; then
	fail "apt: a package that does not exist 'installed'"
elif grep -q 'apt-get install .*harness-apt-no-such-package failed' "$tmp/err"; then
	pass "apt: a package that cannot be installed fails, and says so"
else
	fail "apt: a failed install said nothing clear: $(tail -2 "$tmp/err" | tr '\n' ' ')"
fi
# Both install scripts refresh the indexes through apt_update only.
for s in install-deps.sh install-shell-deps.sh; do
	if grep -q '^[^#]*apt-get update' "$TOP/scripts/$s"; then
		fail "apt: scripts/$s runs apt-get update itself (a failed index stops it)"
	elif grep -q '^apt_update$' "$TOP/scripts/$s"; then
		pass "apt: scripts/$s refreshes the indexes with apt_update"
	else
		fail "apt: scripts/$s does not call apt_update"
	fi
done
exit 0
