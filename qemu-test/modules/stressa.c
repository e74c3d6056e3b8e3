/*
 * The concurrency stress (qemu-test/cases/smp-stress.case): a quiet
 * module that exports a symbol, so that stressb holds it in use, and
 * that can be unloaded.
 */
#include <linux/module.h>
#include <linux/init.h>

int stressa_count;
EXPORT_SYMBOL(stressa_count);

static int __init stressa_init(void)
{
	return 0;
}

static void __exit stressa_exit(void)
{
}

module_init(stressa_init);
module_exit(stressa_exit);
MODULE_LICENSE("GPL");
