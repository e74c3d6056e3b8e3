/* One of two modules that share shared_common.o. */
#include <linux/module.h>
#include <linux/init.h>

extern void shared_hello(const char *who);

static int __init divas_init(void)
{
	shared_hello("divas");
	return 0;
}

static void __exit divas_exit(void)
{
}

module_init(divas_init);
module_exit(divas_exit);
MODULE_LICENSE("GPL");
