/*
 * MODULE_PARM() naming a variable the module does not have: a typo, or
 * a variable since removed, as eight places in 2.5.50 do.  It builds,
 * and the module loads as it did before module parameters worked, with
 * a warning; the parameter of the typo is unknown (-ENOENT) when given,
 * the good one works.  For qemu-test/cases/params-obsolete.case.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>

static int count = 1;

MODULE_PARM(count, "i");
MODULE_PARM(cuont, "i");

static int __init badparm_init(void)
{
	printk(KERN_INFO "badparm: init, count=%d\n", count);
	return 0;
}

static void __exit badparm_exit(void)
{
	printk(KERN_INFO "badparm: exit\n");
}

module_init(badparm_init);
module_exit(badparm_exit);
MODULE_LICENSE("GPL");
