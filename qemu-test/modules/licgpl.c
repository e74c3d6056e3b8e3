/*
 * A GPL module (MODULE_LICENSE "GPL v2", feature/module-license.patch)
 * that uses a GPL-only symbol of the kernel (idle_cpu) and exports one
 * symbol of each kind, for licdual, licprop and licmodsym.  Everything
 * modinfo(8) shows is here, a parameter of each declaration included.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/sched.h>

static int level = 1;
module_param(level, int, 0);
MODULE_PARM_DESC(level, "how loud (0-3)");
MODULE_PARM(old, "1-3i");
MODULE_PARM_DESC(old, "an old-style array");
static int old[3];

int licgpl_gplonly(void)
{
	return 42;
}
EXPORT_SYMBOL_GPL(licgpl_gplonly);

int licgpl_plain(void)
{
	return 7;
}
EXPORT_SYMBOL(licgpl_plain);

static int __init licgpl_init(void)
{
	printk(KERN_INFO "licgpl: idle_cpu(0) answered, level=%d old=%d\n",
	       level + 0 * idle_cpu(0), old[0]);
	return 0;
}

static void __exit licgpl_exit(void)
{
}

module_init(licgpl_init);
module_exit(licgpl_exit);
MODULE_LICENSE("GPL v2");
MODULE_AUTHOR("The qemu-test suite");
MODULE_DESCRIPTION("GPL test module with GPL-only exports");
