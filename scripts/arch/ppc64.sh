# Sourced by arch_load() in scripts/lib.sh for ARCH=ppc64: all the
# harness knows of this architecture (the variables are described there).
# Toolchain: Debian gcc-powerpc64-linux-gnu (gcc 12.2, binutils 2.40).
# The 2.5.50 port builds with the ppc64-* compat patches (doc/cross-ppc64.md);
# kernel-config/ppc64 is a small pSeries config (hvc console, modules).
arch_cross=powerpc64-linux-gnu-
arch_cc=powerpc64-linux-gnu-gcc
arch_pkg=gcc-powerpc64-linux-gnu
arch_image=vmlinux
arch_imagefile=vmlinux
arch_init_cflags="-m64 -mno-sdata"
arch_binutils=powerpc64-linux-gnu
arch_ptr=8
arch_asm_ptr=.quad
arch_nop=nop
arch_lds_cc=$arch_cc
# 2.5.50 has no ppc64 module loader; this compat patch is one, so the
# test modules' relocations are checked against what it applies.
arch_module_loader=compat/ppc64-module-loader.patch
#
# Boot: QEMU's pSeries machine (PAPR guest) with its SLOF firmware, a
# PowerPC 970 CPU, TCG.  QEMU loads vmlinux (ELF) and the initrd and
# tells SLOF where they are; the console is the hypervisor's virtual
# terminal (H_PUT_TERM_CHAR / H_GET_TERM_CHAR), which the 2.5.50 port's
# hvc console drives.
arch_qemu=qemu-system-ppc64
arch_qemu_pkg=qemu-system-ppc
# SLOF wants a real mode area of at least 80MB: more memory than the
# harness's default 64MB (a later -m wins).  Two CPUs, always:
# kernel-config/ppc64 is SMP (NR_CPUS=2), so every case runs with both
# (pSeries -smp 2: two cores, cpu nodes reg 0 and 1; TCG's default for
# ppc64 on x86 is one host thread per vCPU).  The secondary is started
# through SLOF's start-cpu (ppc64-gcc-hold-cpus-wait.patch) and takes
# IPIs (ppc64-xics-ipi-disabled.patch); doc/cross-ppc64.md has the
# timings that chose this over a separate config.
arch_qemu_opts=(-M pseries -cpu 970 -vga none -m 256 -smp 2)
# What the kernel prints when its second CPU is up (smp.c, __cpu_up);
# tests/60-cross.sh looks for it in boot.case's console.
arch_smp_up='^Processor 1 found\.$'
# kallsyms=no: no CONFIG_KALLSYMS, and 2.5.50's ppc64 Oops prints bare
# addresses (no print_symbol() in arch/ppc64).  smp=yes: two CPUs.
# oops=no: a kernel fault in a module (oops-raw.case) prints nothing
# and the guest hangs until the timeout (2026-12-06, not understood).
arch_guest=(long=64 cmdline=512 cmdparse=cut kallsyms=no smp=yes slabstats=no oops=no)
