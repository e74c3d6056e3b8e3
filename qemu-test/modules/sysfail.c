/*
 * A module with a visible parameter whose init fails (EIO): the failed
 * load must leave no /sys/module/sysfail.  For sysfs-params.case.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/moduleparam.h>

static int value = 1;
module_param(value, int, 0644);

static int __init sysfail_init(void)
{
	printk(KERN_INFO "sysfail: init fails, value=%d\n", value);
	return -EIO;
}

module_init(sysfail_init);
MODULE_LICENSE("GPL");
