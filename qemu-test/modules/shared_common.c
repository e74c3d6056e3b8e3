/* Linked into both divas.o and eicon.o (like drivers/isdn/eicon's
   common.o): kbuild must give it no KBUILD_MODNAME, so it carries no
   module name of its own. */
#include <linux/module.h>
#include <linux/kernel.h>

void shared_hello(const char *who)
{
	printk(KERN_INFO "%s: hello from the shared object\n", who);
}

/* Its .modinfo strings go into both modules (module-modinfo.patch). */
MODULE_AUTHOR("The shared object");
