#!/bin/bash
# The guest shell's part of install-deps.sh (README, "A shell in the
# guest"): Debian's i386 musl (i386-linux-musl-gcc) to build busybox
# static, dpkg-dev for `apt-get source`, and a deb-src entry so that
# `apt-get source busybox` (scripts/build-busybox.sh) finds the source
# package.  The deb-src entry is derived from the machine's own apt
# sources for this release: no host is named here.  Only what is missing
# is done; run as root.
set -eu
. "$(dirname "$0")/lib.sh"
set +o pipefail	# lib.sh sets it; here `... | grep -q` must not fail on SIGPIPE
SRCLIST=/etc/apt/sources.list.d/deb-src-derived.sources

have_musl() {
	command -v i386-linux-musl-gcc > /dev/null 2>&1 &&
		dpkg-query -W -f='${Status}' musl-dev:i386 2>/dev/null | grep -q "ok installed" &&
		command -v dpkg-source > /dev/null 2>&1
}
have_src() {
	[ -f "$SRCLIST" ] || [ -f "${SRCLIST%.sources}.list" ] || apt-cache showsrc busybox 2>/dev/null | grep -q '^Package: busybox'
}
have_musl && have_src && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "*** the guest shell needs: dpkg --add-architecture i386; a deb-src entry;" >&2
	echo "*** apt-get install musl-dev:i386 musl-tools dpkg-dev (run scripts/install-deps.sh as root)" >&2
	exit 1
fi
. /etc/os-release
codename=${VERSION_CODENAME:?no VERSION_CODENAME in /etc/os-release}

# deb-src twins of the "deb" sources of this release: deb822 stanzas in
# sources.list.d/*.sources and one-line entries in sources.list and
# sources.list.d/*.list.  Another vendor's repository (other suites) is
# left out: it may have no sources, and apt-get update would fail.
if ! have_src; then
	tmp=$(mktemp)
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		awk -v cn="$codename" 'BEGIN { RS = ""; ORS = "\n\n" }
		{
			deb = 0; rel = 0; off = 0
			n = split($0, l, "\n")
			for (i = 1; i <= n; i++) {
				if (l[i] ~ /^Types:/ && l[i] ~ /[ \t]deb([ \t]|$)/) deb = 1
				if (l[i] ~ /^Suites:/ && l[i] ~ ("[ \t]" cn "([ \t-]|$)")) rel = 1
				if (l[i] ~ /^Enabled:[ \t]*no/) off = 1
			}
			if (!deb || !rel || off) next
			out = ""
			for (i = 1; i <= n; i++) {
				if (l[i] ~ /^#/) continue
				if (l[i] ~ /^Types:/) l[i] = "Types: deb-src"
				out = out l[i] "\n"
			}
			printf "%s\n", out
		}' "$f" >> "$tmp"
	done
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		# deb [OPTIONS] URI SUITE COMPONENTS...
		sed -n "s/^deb\(\s\+\(\[[^]]*\]\s\+\)\?\S\+\s\+$codename\(-\S*\)\?\s.*\)/deb-src\1/p" "$f" >> "$tmp.list"
	done
	if [ -s "$tmp" ]; then
		mv "$tmp" "$SRCLIST"
		chmod 644 "$SRCLIST"
		echo ">>> deb-src entries for $codename: $SRCLIST"
	fi
	if [ -s "$tmp.list" ]; then
		mv "$tmp.list" "${SRCLIST%.sources}.list"
		chmod 644 "${SRCLIST%.sources}.list"
		echo ">>> deb-src entries for $codename: ${SRCLIST%.sources}.list"
	fi
	rm -f "$tmp" "$tmp.list"
	if [ ! -f "$SRCLIST" ] && [ ! -f "${SRCLIST%.sources}.list" ]; then
		echo "*** no apt source for $codename found to derive a deb-src entry from;" >&2
		echo "*** add a deb-src line for $codename main by hand" >&2
		exit 1
	fi
fi
dpkg --print-foreign-architectures | grep -qx i386 || dpkg --add-architecture i386
echo ">>> installing: musl-dev:i386 musl-tools dpkg-dev (and the deb-src index)"
apt_update
apt_install "${TMPDIR:-/tmp}/install-shell-deps.log" musl-dev:i386 musl-tools dpkg-dev || exit 1
have_musl || { echo "*** i386-linux-musl-gcc still missing after the install" >&2; exit 1; }
