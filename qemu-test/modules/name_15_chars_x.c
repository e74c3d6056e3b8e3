/*
 * A module whose name has 15 characters: the longest a 2.5.50 kobject's
 * name[] (KOBJ_NAME_LEN 16, with the NUL) holds
 * (module-sysfs-long-names.patch).
 * For sysfs-module.case: its directory and parameter, whole.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/moduleparam.h>

static int value = 15;
module_param(value, int, 0444);

static int __init namelen_init(void)
{
	return 0;
}

static void __exit namelen_exit(void)
{
}

module_init(namelen_init);
module_exit(namelen_exit);
MODULE_LICENSE("GPL");
