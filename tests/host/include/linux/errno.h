/* Host shim of <linux/errno.h>: the kernel's numbers that params.c
   returns (the same on i386 and x86-64).  Not the system's header:
   with -m32 it needs an <asm/errno.h> that multilib hosts may lack. */
#ifndef SHIM_LINUX_ERRNO_H
#define SHIM_LINUX_ERRNO_H
#define EPERM		1
#define ENOENT		2
#define ENOMEM		12
#define EINVAL		22
#define ENOSPC		28
#define ERANGE		34
#endif
