/*
 * ia64 part of the guest init (qemu-test/init.c): system call numbers
 * (2.5.50 include/asm-ia64/unistd.h, fcntl.h), the system call itself
 * and _start.  LP64; the kernel is entered with "break 0x100000"
 * (2.5.50 has no other way: no fsys gate page yet).
 */
#define __NR_exit		1025
#define __NR_read		1026
#define __NR_write		1027
#define __NR_open		1028
#define __NR_close		1029
#define __NR_lseek		1040
#define __NR_mount		1043
#define __NR_sync		1050
#define __NR_kill		1053
#define __NR_mkdir		1055
#define __NR_setresuid		1074
#define __NR_reboot		1096
#define __NR_ioctl		1065
#define __NR_wait4		1126
#define __NR_clone		1128
#define __NR_init_module	1133
#define __NR_delete_module	1134
#define __NR_readlink		1092
#define __NR_brk		1060
#define __NR_getdents		1144

#define O_RDONLY	0
#define O_WRONLY	01
#define O_NONBLOCK	04000
#define TCSBRK		0x5409		/* arg 1: tcdrain() */

typedef unsigned long size_t;

/*
 * The number in r15, the arguments in the caller's output registers
 * out0-out5 (the kernel reads them as its in0-in5); the result in r8,
 * and r10 is -1 when r8 is a positive errno.  What the kernel may
 * change besides: the scratch registers of the runtime convention
 * (the list glibc's ia64 sysdep.h gives for a system call).
 */
static long sys5(long nr, long a, long b, long c, long d, long e)
{
	register long r15 __asm__("r15") = nr;
	register long out0 __asm__("out0") = a;
	register long out1 __asm__("out1") = b;
	register long out2 __asm__("out2") = c;
	register long out3 __asm__("out3") = d;
	register long out4 __asm__("out4") = e;
	register long r8 __asm__("r8");
	register long r10 __asm__("r10");

	__asm__ __volatile__("break 0x100000;;"
			     : "=r" (r8), "=r" (r10), "+r" (r15),
			       "+r" (out0), "+r" (out1), "+r" (out2),
			       "+r" (out3), "+r" (out4)
			     :
			     : "memory", "out5", "out6", "out7",
			       "r2", "r3", "r9", "r11", "r14", "r16", "r17",
			       "r18", "r19", "r20", "r21", "r22", "r23",
			       "r24", "r25", "r26", "r27", "r28", "r29",
			       "r30", "r31", "p6", "p7", "p8", "p9", "p10",
			       "p11", "p12", "p13", "p14", "p15", "f6", "f7",
			       "f8", "f9", "f10", "f11", "f12", "f13", "f14",
			       "f15", "b6", "b7");
	return r10 == -1 ? -r8 : r8;
}

#define sys3(nr, a, b, c)	sys5(nr, a, b, c, 0, 0)

/* fork() is clone(SIGCHLD) with no new stack: the child runs on a copy
 * of ours (2.5.50 copy_thread()) and gets 0. */
static long sys_fork(void)
{
	return sys5(__NR_clone, 17, 0, 0, 0, 0);
}

/*
 * The kernel enters at e_entry (code, not a function descriptor) with
 * sp pointing at a 16-byte scratch area, then argc, argv[], NULL,
 * envp[], NULL, each 8 bytes.  gp is ours to set: the linker's __gp.
 */
__asm__(".text\n\t"
	".global _start\n\t"
	".proc _start\n"
	"_start:\n\t"
	"alloc r2 = ar.pfs, 0, 0, 3, 0\n\t"
	"movl gp = __gp\n\t"
	"adds r9 = 16, sp\n\t"
	";;\n\t"
	"ld8 out0 = [r9], 8\n\t"		/* argc; r9 = argv */
	";;\n\t"
	"mov out1 = r9\n\t"
	"shladd r10 = out0, 3, r9\n\t"
	";;\n\t"
	"adds out2 = 8, r10\n\t"		/* envp = argv + argc + 1 */
	"br.call.sptk.many rp = main\n\t"
	";;\n"
	"1:\tbr.sptk.few 1b\n\t"
	".endp _start\n");
