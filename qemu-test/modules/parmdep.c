/*
 * A module with a parameter that uses a symbol of another module
 * (noinit): a load that fails on its parameters must give back the
 * reference it took on noinit.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>

extern int noinit_value;

static int n = 1;
module_param(n, int, 0);

static int __init parmdep_init(void)
{
	printk(KERN_INFO "parmdep: n=%d, noinit_value=%d\n", n,
	       noinit_value);
	return 0;
}

static void __exit parmdep_exit(void)
{
	printk(KERN_INFO "parmdep: exit\n");
}

module_init(parmdep_init);
module_exit(parmdep_exit);
MODULE_LICENSE("GPL");
