# Sourced by arch_load() in scripts/lib.sh for ARCH=ppc64.
# Toolchain: Debian gcc-powerpc64-linux-gnu (gcc 12.2, binutils 2.40).
# The 2.5.50 port builds with the ppc64-* compat patches (doc/cross-ppc64.md);
# kernel-config/ppc64 is a small pSeries config (hvc console, modules).
arch_cross=powerpc64-linux-gnu-
arch_cc=powerpc64-linux-gnu-gcc
arch_pkg=gcc-powerpc64-linux-gnu
arch_image=vmlinux
arch_imagefile=vmlinux
