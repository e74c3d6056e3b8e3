/*
 * A user of licgpl (licgpl_plain()), for sysfs-holders.case: while it is
 * loaded /sys/module/licgpl/holders/holder links to /sys/module/holder
 * (feature/module-sysfs-holders.patch).  The link is made before init
 * runs: init reads holder's initstate through it ("coming").  With
 * fail=1 init then fails (EIO), and the failed load must take the link
 * away with the directory.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/moduleparam.h>
#include "kread.h"

extern int licgpl_plain(void);

static int fail;
module_param(fail, int, 0);

static int __init holder_init(void)
{
	char buf[32];
	ssize_t n;

	/* /sys/module/licgpl/holders/holder/initstate */
	n = kread("/sys/module/licgpl/holders/holder/initstate", buf,
		  sizeof(buf));
	if (n < 0)
		printk(KERN_INFO "holder: init: through the link: %d\n",
		       (int)n);
	else
		printk(KERN_INFO "holder: init: initstate through the link=%s\n",
		       buf);
	printk(KERN_INFO "holder: licgpl_plain()=%d, fail=%d\n",
	       licgpl_plain(), fail);
	return fail ? -EIO : 0;
}

static void __exit holder_exit(void)
{
}

module_init(holder_init);
module_exit(holder_exit);
MODULE_LICENSE("GPL");
