/*
 * What the ppc and ppc64 parts of the guest init (qemu-test/init.c)
 * share: 2.5.50 gives both the same system call numbers
 * (include/asm-ppc{,64}/unistd.h) and fcntl.h values, and both enter
 * the kernel with sc.  Included by ppc/syscalls.h and ppc64/syscalls.h.
 */
#define __NR_exit		1
#define __NR_read		3
#define __NR_write		4
#define __NR_open		5
#define __NR_close		6
#define __NR_mount		21
#define __NR_sync		36
#define __NR_reboot		88
#define __NR_init_module	128
#define __NR_delete_module	129
#define __NR_lseek		19
#define __NR_mkdir		39
#define __NR_setresuid		164
#define __NR_fork		2
#define __NR_kill		37
#define __NR_wait4		114
#define __NR_ioctl		54
#define __NR_getdents		141
#define __NR_readlink		85
#define __NR_brk		45

#define O_RDONLY	0
#define O_WRONLY	1
#define O_NONBLOCK	04000
#define TCSBRK		0x2000741d	/* _IO('t', 29); arg 1: tcdrain() */

typedef unsigned long size_t;

/* sc: number in r0, arguments in r3-r7, result in r3; CR0.SO means r3
 * is a positive errno. */
static long sys5(long nr, long a, long b, long c, long d, long e)
{
	register long r0 __asm__("r0") = nr;
	register long r3 __asm__("r3") = a;
	register long r4 __asm__("r4") = b;
	register long r5 __asm__("r5") = c;
	register long r6 __asm__("r6") = d;
	register long r7 __asm__("r7") = e;
	long err;

	__asm__ __volatile__("sc\n\t"
			     "mfcr %1\n\t"
			     : "+r" (r3), "=&r" (err), "+r" (r0), "+r" (r4),
			       "+r" (r5), "+r" (r6), "+r" (r7)
			     :
			     : "r8", "r9", "r10", "r11", "r12", "cr0",
			       "ctr", "xer", "memory");
	return (err & 0x10000000) ? -r3 : r3;
}

#define sys3(nr, a, b, c)	sys5(nr, a, b, c, 0, 0)
#define sys_fork()		sys3(__NR_fork, 0, 0, 0)
