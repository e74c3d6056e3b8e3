/* Host shim of <linux/kernel.h> for building kernel/params.c in user space. */
#ifndef SHIM_LINUX_KERNEL_H
#define SHIM_LINUX_KERNEL_H
#include <stdio.h>
#include <limits.h>	/* INT_MAX ... ULONG_MAX, as the kernel's */

#define KERN_EMERG	"<0>"
#define KERN_ALERT	"<1>"
#define KERN_CRIT	"<2>"
#define KERN_ERR	"<3>"
#define KERN_WARNING	"<4>"
#define KERN_NOTICE	"<5>"
#define KERN_INFO	"<6>"
#define KERN_DEBUG	"<7>"

/* Provided by the test program (or fuzz target). */
int printk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#endif
