/*
 * A module whose name (17 characters) does not fit a 2.5.50 kobject
 * name (KOBJ_NAME_LEN 16, with the NUL): its /sys/module directory is
 * named by the kobject's long_name (module-sysfs-long-names.patch), not
 * cut to a name that could be another module's.  For sysfs-params.case.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>

static int value = 1;
module_param(value, int, 0444);

static int __init long_init(void)
{
	printk(KERN_INFO "sysparm_long_name: value=%d\n", value);
	return 0;
}

static void __exit long_exit(void)
{
}

module_init(long_init);
module_exit(long_exit);
MODULE_LICENSE("GPL");
