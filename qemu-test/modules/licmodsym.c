/* A proprietary module that wants a module's GPL-only symbol (licgpl's):
   it must not load, and must leave licgpl unused. */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>

extern int licgpl_gplonly(void);

static int __init licmodsym_init(void)
{
	printk(KERN_INFO "licmodsym: loaded, %d\n", licgpl_gplonly());
	return 0;
}

module_init(licmodsym_init);
MODULE_LICENSE("BSD without advertisement clause");
