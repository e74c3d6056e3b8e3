/*
 * A module whose name has 55 characters, MODULE_NAME_LEN - 1 on 64-bit
 * arches, the longest they allow (i386's 59 would not compile there),
 * and that uses licgpl: it gets
 * /sys/module/NAME, and licgpl's holders/ links to it
 * (feature/module-sysfs-long-names.patch), so kmod's modprobe -r finds
 * it loaded (kmod-long-names.case, sysfs-module.case).
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>

extern int licgpl_plain(void);

static int value = 7;
module_param(value, int, 0444);

static int __init longname_init(void)
{
	printk(KERN_INFO "longname55: licgpl_plain()=%d value=%d\n",
	       licgpl_plain(), value);
	return 0;
}

static void __exit longname_exit(void)
{
	printk(KERN_INFO "longname55: exit\n");
}

module_init(longname_init);
module_exit(longname_exit);
MODULE_LICENSE("GPL");
