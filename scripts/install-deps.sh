#!/bin/bash
# Install the Debian packages the harness needs (run as root).  Only the
# missing ones are installed; nothing is downloaded from anywhere else.
set -eu
. "$(dirname "$0")/lib.sh"
set +o pipefail	# lib.sh sets it; here `... | grep -q` must not fail on SIGPIPE
pkgs="make gcc gcc-12-multilib binutils quilt patch diffutils bc flex bison perl
      python3 e2fsprogs file qemu-system-x86 qemu-system-ppc qemu-system-sparc
      gcc-powerpc-linux-gnu gcc-powerpc64-linux-gnu gcc-sparc64-linux-gnu
      binutils-ia64-linux-gnu gcc-12-source libgmp-dev libmpfr-dev libmpc-dev g++ xz-utils
      autoconf autoconf-archive automake libtool pkg-config gperf libelf-dev libncurses-dev
      clang libclang-rt-14-dev diffstat
      binutils-alpha-linux-gnu binutils-arm-linux-gnueabi binutils-m68k-linux-gnu
      binutils-mips-linux-gnu binutils-mips64-linux-gnuabi64 binutils-hppa-linux-gnu
      binutils-s390x-linux-gnu binutils-sh4-linux-gnu qemu-user kmod gdb-multiarch valgrind ccache"
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
