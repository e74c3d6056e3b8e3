/* A proprietary module that uses only plain exports: it loads, and
   taints the kernel. */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>

extern int licgpl_plain(void);

static int __init licprop_init(void)
{
	printk(KERN_INFO "licprop: licgpl_plain()=%d\n", licgpl_plain());
	return 0;
}

static void __exit licprop_exit(void)
{
}

module_init(licprop_init);
module_exit(licprop_exit);
MODULE_LICENSE("Proprietary");
MODULE_DESCRIPTION("Proprietary test module");
