# Sourced by arch_load() in scripts/lib.sh for ARCH=i386: what the
# harness needs to know about building this architecture.
# Toolchain: the host's gcc with -m32 (Debian gcc-12-multilib).
arch_cross=
arch_cc=gcc
arch_pkg=gcc-12-multilib
arch_image=bzImage
arch_imagefile=arch/i386/boot/bzImage
# gdb: a function's second argument at its first instruction (cdecl:
# the return address at $esp, then the arguments; 2.5.50 has no
# -mregparm) -- tests/56-qemu-tools.sh reads parse_args's with it.
arch_gdb_arg2='*(char **)($esp+8)'
