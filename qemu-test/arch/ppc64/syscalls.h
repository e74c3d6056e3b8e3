/*
 * ppc64 part of the guest init (qemu-test/init.c): system call numbers
 * (2.5.50 include/asm-ppc64/unistd.h, fcntl.h: the same as ppc's), the
 * system call itself and _start.  64-bit user code, PowerPC64 ELF ABI
 * (ELFv1: functions have descriptors in .opd).
 */
#include "../ppc/syscalls-ppc.h"

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
