/* A proprietary module that wants a GPL-only symbol of the kernel: it
   must not load. */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/sched.h>

static int __init licgplsym_init(void)
{
	printk(KERN_INFO "licgplsym: loaded, idle_cpu(0)=%d\n", idle_cpu(0));
	return 0;
}

module_init(licgplsym_init);
MODULE_LICENSE("Proprietary");
