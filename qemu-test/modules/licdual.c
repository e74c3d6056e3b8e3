/* Dual BSD/GPL is GPL-compatible: the GPL-only symbols of the kernel
   and of another module resolve. */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/sched.h>

extern int licgpl_gplonly(void);

static int __init licdual_init(void)
{
	printk(KERN_INFO "licdual: licgpl_gplonly()=%d idle_cpu ok=%d\n",
	       licgpl_gplonly(), idle_cpu(0) >= 0);
	return 0;
}

static void __exit licdual_exit(void)
{
}

module_init(licdual_init);
module_exit(licdual_exit);
MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("Dual-licensed test module");
