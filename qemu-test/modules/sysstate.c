/*
 * A module without parameters: it still has /sys/module/sysstate, with
 * refcnt and initstate (feature/module-sysfs-state.patch).  Its init
 * reads its own files, which exist before init runs: initstate must be
 * "coming" then, refcnt 0.  For sysfs-module.case.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include "kread.h"

/* Print /sys/module/sysstate/FILE as "sysstate: init: FILE=VALUE". */
static void __init show_own(const char *file)
{
	char path[64], buf[32];
	ssize_t n;

	sprintf(path, "/sys/module/sysstate/%s", file);
	n = kread(path, buf, sizeof(buf));
	if (n < 0)
		printk(KERN_INFO "sysstate: init: %s: %d\n", file, (int)n);
	else
		printk(KERN_INFO "sysstate: init: %s=%s\n", file, buf);
}

static int __init sysstate_init(void)
{
	show_own("initstate");
	show_own("refcnt");
	return 0;
}

static void __exit sysstate_exit(void)
{
}

module_init(sysstate_init);
module_exit(sysstate_exit);
MODULE_LICENSE("GPL");
