/*
 * sparc64 part of the guest init (qemu-test/init.c): system call numbers
 * (2.5.50 include/asm-sparc64/unistd.h, fcntl.h), the system call itself
 * and _start.
 */
#define __NR_exit		1
#define __NR_read		3
#define __NR_write		4
#define __NR_open		5
#define __NR_close		6
#define __NR_sync		36
#define __NR_reboot		55
#define __NR_mount		167
#define __NR_init_module	190
#define __NR_delete_module	222
#define __NR_lseek		19
#define __NR_mkdir		136
#define __NR_setresuid		108
#define __NR_fork		2
#define __NR_kill		37
#define __NR_wait4		7
#define __NR_ioctl		54
#define __NR_getdents		174
#define __NR_readlink		58
#define __NR_brk		17

#define O_RDONLY	0
#define O_WRONLY	1
#define O_NONBLOCK	0x4000
#define TCSBRK		0x20005405	/* _IO('T', 5); arg 1: tcdrain() */

typedef unsigned long size_t;

/* ta 0x6d: number in %g1, arguments in %o0-%o4, result in %o0; the
 * carry (xcc) means %o0 is a positive errno. */
static long sys5(long nr, long a, long b, long c, long d, long e)
{
	register long g1 __asm__("g1") = nr;
	register long o0 __asm__("o0") = a;
	register long o1 __asm__("o1") = b;
	register long o2 __asm__("o2") = c;
	register long o3 __asm__("o3") = d;
	register long o4 __asm__("o4") = e;

	__asm__ __volatile__("ta 0x6d\n\t"
			     "bcc,pt %%xcc, 1f\n\t"
			     " nop\n\t"
			     "sub %%g0, %%o0, %%o0\n"
			     "1:"
			     : "+r" (o0), "+r" (g1), "+r" (o1), "+r" (o2),
			       "+r" (o3), "+r" (o4)
			     :
			     : "cc", "memory");
	return o0;
}

#define sys3(nr, a, b, c)	sys5(nr, a, b, c, 0, 0)

/* fork(2) returns in both with %o1 saying which (1 in the child) and
 * the other's pid in %o0: 0 in the child, as everywhere else. */
static long sys_fork(void)
{
	register long g1 __asm__("g1") = __NR_fork;
	register long o0 __asm__("o0") = 0;
	register long o1 __asm__("o1") = 0;

	__asm__ __volatile__("ta 0x6d\n\t"
			     "bcc,pt %%xcc, 1f\n\t"
			     " nop\n\t"
			     "sub %%g0, %%o0, %%o0\n"
			     "1:"
			     : "+r" (o0), "+r" (g1), "+r" (o1)
			     :
			     : "cc", "memory", "o2", "o3", "o4", "o5");
	return o0 > 0 && o1 ? 0 : o0;
}

/* The kernel enters here: %sp + 2047 (stack bias) + 128 (one register
 * window) points at argc, argv[], NULL, envp[], NULL. */
__asm__(".text\n"
	".globl _start\n"
	"_start:\n\t"
	"mov %g0, %fp\n\t"
	"sub %sp, 48, %sp\n\t"
	"ldx [%sp + 2047 + 176], %o0\n\t"	/* argc */
	"add %sp, 2047 + 184, %o1\n\t"		/* argv */
	"sllx %o0, 3, %o2\n\t"
	"add %o1, %o2, %o2\n\t"
	"call main\n\t"
	" add %o2, 8, %o2\n\t"			/* envp = argv + argc + 1 */
	"1: ba,pt %xcc, 1b\n\t"
	" nop\n");
