# Sourced by arch_load() after scripts/arch/i386.sh for KCONFIG=i386-smp
# (kernel-config/i386-smp: SMP, PREEMPT, DEBUG_SLAB, DEBUG_SPINLOCK,
# DEBUG_SPINLOCK_SLEEP, MAGIC_SYSRQ; tests/57-smp.sh): two CPUs.
# QEMU's plain "-smp 2" makes one socket of two cores, and SeaBIOS's MP
# table then lists one CPU ("only one processor found"); two sockets of
# one core each give "Total of 2 processors activated".  Multi-threaded
# TCG runs them at once, one host thread each.
arch_overlay_of=i386
arch_qemu_opts+=(-smp 2,sockets=2,cores=1,threads=1 -accel tcg,thread=multi)
# Cases that mean something only with two CPUs (needs: smp=yes).
arch_guest+=(smp=yes)
