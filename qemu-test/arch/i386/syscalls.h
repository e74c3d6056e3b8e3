/*
 * i386 part of the guest init (qemu-test/init.c): system call numbers
 * (2.5.50 include/asm-i386/unistd.h, fcntl.h), the system call itself
 * and _start.
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
#define TCSBRK		0x5409	/* arg 1: tcdrain() */

typedef unsigned long size_t;

/* Built without PIC, so %ebx is an ordinary register here. */
static long sys5(long nr, long a, long b, long c, long d, long e)
{
	long ret;

	__asm__ __volatile__("int $0x80"
			     : "=a" (ret)
			     : "0" (nr), "b" (a), "c" (b), "d" (c), "S" (d),
			       "D" (e)
			     : "memory");
	return ret;
}

#define sys3(nr, a, b, c)	sys5(nr, a, b, c, 0, 0)
#define sys_fork()		sys3(__NR_fork, 0, 0, 0)

/* The kernel enters here: argc, argv[], NULL, envp[], NULL on the stack. */
__asm__(".text\n"
	".globl _start\n"
	"_start:\n\t"
	"xorl %ebp, %ebp\n\t"
	"movl (%esp), %eax\n\t"
	"leal 4(%esp), %ecx\n\t"
	"leal 8(%esp,%eax,4), %edx\n\t"
	"andl $-16, %esp\n\t"
	"pushl %edx\n\t"
	"pushl %ecx\n\t"
	"pushl %eax\n\t"
	"call main\n\t"
	"hlt\n");
