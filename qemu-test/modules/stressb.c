/*
 * The concurrency stress: a quiet module that uses stressa's symbol,
 * so stressa cannot be unloaded while it is loaded.
 */
#include <linux/module.h>
#include <linux/init.h>

extern int stressa_count;

static int __init stressb_init(void)
{
	stressa_count++;
	return 0;
}

static void __exit stressb_exit(void)
{
	stressa_count--;
}

module_init(stressb_init);
module_exit(stressb_exit);
MODULE_LICENSE("GPL");
