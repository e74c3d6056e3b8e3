/*
 * ppc64 part of the guest init (qemu-test/init.c): system call numbers
 * (2.5.50 include/asm-ppc64/unistd.h, fcntl.h: the same as ppc's), the
 * system call itself and _start.  64-bit user code, PowerPC64 ELF ABI
 * (ELFv1: functions have descriptors in .opd).
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

#define O_RDONLY	0
#define O_WRONLY	1
#define O_NONBLOCK	04000

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
/*
 * The kernel enters at the descriptor e_entry names (start_thread()
 * loads its entry point and TOC): r1 points at argc, argv[], NULL,
 * envp[], NULL, each 8 bytes.
 */
__asm__(".section \".opd\",\"aw\"\n\t"
	".align 3\n\t"
	".globl _start\n"
	"_start:\n\t"
	".quad .L_start, .TOC.@tocbase, 0\n\t"
	".text\n"
	".L_start:\n\t"
	"mr 9,1\n\t"
	"ld 3,0(9)\n\t"		/* argc */
	"addi 4,9,8\n\t"		/* argv */
	"sldi 5,3,3\n\t"
	"add 5,5,4\n\t"
	"addi 5,5,8\n\t"		/* envp = argv + argc + 1 */
	"clrrdi 1,1,4\n\t"
	"li 0,0\n\t"
	"stdu 0,-128(1)\n\t"		/* a frame with a null back chain */
	"bl main\n\t"
	"nop\n\t"
	"b .\n");
