/*
 * ppc (32-bit) part of the guest init (qemu-test/init.c): system call numbers
 * (2.5.50 include/asm-ppc/unistd.h, fcntl.h), the system call itself
 * and _start.
 */
#include "syscalls-ppc.h"

/* The kernel enters here: r1 points at argc, argv[], NULL, envp[], NULL. */
__asm__(".text\n"
	".globl _start\n"
	"_start:\n\t"
	"mr 9,1\n\t"
	"lwz 3,0(9)\n\t"		/* argc */
	"addi 4,9,4\n\t"		/* argv */
	"slwi 5,3,2\n\t"
	"add 5,5,4\n\t"
	"addi 5,5,4\n\t"		/* envp = argv + argc + 1 */
	"clrrwi 1,1,4\n\t"
	"li 0,0\n\t"
	"stwu 0,-16(1)\n\t"
	"bl main\n\t"
	"b .\n");
