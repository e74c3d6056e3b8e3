# Sourced by arch_load() in scripts/lib.sh for ARCH=ppc64.
# Toolchain: Debian gcc-powerpc64-linux-gnu (gcc 12.2, binutils 2.40).
# 2.5.50's ppc64 port does not compile (README, "Other architectures");
# tests/60-cross.sh checks its linker script with binutils alone.
arch_cross=powerpc64-linux-gnu-
arch_cc=powerpc64-linux-gnu-gcc
arch_pkg=gcc-powerpc64-linux-gnu
arch_image=vmlinux
arch_imagefile=vmlinux
