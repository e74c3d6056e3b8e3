/* One of two modules that share shared_common.o. */
#include <linux/module.h>
#include <linux/init.h>

extern void shared_hello(const char *who);

static int __init eicon_init(void)
{
	shared_hello("eicon");
	return 0;
}

static void __exit eicon_exit(void)
{
}

module_init(eicon_init);
module_exit(eicon_exit);
MODULE_LICENSE("GPL");
