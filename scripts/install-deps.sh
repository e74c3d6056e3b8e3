#!/bin/bash
# Install the Debian packages the harness needs (run as root).  Only the
# missing ones are installed; nothing is downloaded from anywhere else.
set -eu
. "$(dirname "$0")/lib.sh"
set +o pipefail	# lib.sh sets it; here `... | grep -q` must not fail on SIGPIPE
# The harness's own tools; then each arch's (scripts/arch/ARCH.sh:
# compiler, QEMU, binutils) and the binutils of each arch whose linker
# script is linked only (scripts/arch/lds/ARCH.sh).
# --list: print the packages, one a line, and install nothing.
pkgs="make gcc binutils quilt patch diffutils bc flex bison perl
      python3 e2fsprogs file
      autoconf autoconf-archive automake libtool pkg-config gperf libelf-dev libncurses-dev
      clang libclang-rt-14-dev diffstat qemu-user kmod gdb-multiarch valgrind ccache"
arch_pkgs() {
	local a f
	for a in $(known_arches); do
		arch_load "$a" || exit 1
		echo $arch_pkg $arch_qemu_pkg
		binutils_pkg "$arch_binutils"
	done
	for f in "$TOP"/scripts/arch/lds/*.sh; do
		[ -e "$f" ] || continue
		f=${f##*/}
		lds_arch_load "${f%.sh}" || exit 1
		binutils_pkg "$arch_binutils"
	done
}
apkgs=$(arch_pkgs) || exit 1
pkgs=$(printf '%s\n' $pkgs $apkgs | awk '!seen[$0]++')
if [ "${1:-}" = --list ]; then
	printf '%s\n' $pkgs
	exit 0
fi
missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
# Then the guest shell's part (i386 musl, busybox's deb-src entry).  It
# is optional: without it make shell cannot run and tests/52-busybox.sh
# skips its busybox tests, saying why; the rest must not be lost.
shell_deps() {
	"$(dirname "$0")/install-shell-deps.sh" && return 0
	echo "*** the busybox guest cannot be built here (see above): make shell" >&2
	echo "*** will not run and make check skips the busybox tests" >&2
	return 0
}
caps() {
	echo ">>> what this host can do now:"
	"$(dirname "$0")/host-caps.sh"
}
[ -z "$missing" ] && { shell_deps; caps; exit 0; }
if [ "$(id -u)" != 0 ]; then
	echo "*** missing packages:$missing" >&2
	echo "*** run as root: apt-get install$missing" >&2
	exit 1
fi
echo ">>> installing:$missing"
apt_update
apt_install "${TMPDIR:-/tmp}/install-deps.log" $missing || exit 1
shell_deps
caps
