/*
 * A MODULE_PARM() entry naming a variable the module does not have, as
 * the old header (name only, no address) let one build with a typo:
 * the kernel must refuse the module (-EINVAL) and say so, whatever the
 * arguments, and keep nothing of it.  Today's MODULE_PARM() takes the
 * variable's address, so the typo no longer compiles: the bad entry is
 * written out by hand.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>

static int count = 1;

MODULE_PARM(count, "i");

static struct obsolete_modparm __parm_cuont __attribute_used__
__attribute__((__section__(".obsparm"), __aligned__(sizeof(void *))))
	= { "cuont", "i" };

static int __init badparm_init(void)
{
	printk(KERN_INFO "badparm: init, count=%d\n", count);
	return 0;
}

static void __exit badparm_exit(void)
{
}

module_init(badparm_init);
module_exit(badparm_exit);
MODULE_LICENSE("GPL");
