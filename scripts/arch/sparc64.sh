# Sourced by arch_load() in scripts/lib.sh for ARCH=sparc64.
# Toolchain: Debian gcc-sparc64-linux-gnu (gcc 12.2, binutils 2.40).
arch_cross=sparc64-linux-gnu-
arch_cc=sparc64-linux-gnu-gcc
arch_pkg=gcc-sparc64-linux-gnu
arch_image=vmlinux
arch_imagefile=vmlinux
#
# arch/sparc64/Makefile picks "gcc" as CC whenever the host gcc accepts
# -m64 (true on every x86-64 host), else sparc64-linux-gcc: neither is
# the Debian cross compiler.  A command-line CC wins over its ":=".
kmake_args+=("CC=sparc64-linux-gnu-gcc")
