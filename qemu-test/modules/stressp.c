/*
 * The concurrency stress (qemu-test/cases/smp-stress.case): a quiet
 * module with parameters in sysfs, loaded and unloaded by one worker
 * while another reads and writes its files.  It prints nothing, so that
 * the console carries only the workers' lines and what goes wrong.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/moduleparam.h>

static int num = 42;
static char *str = "stress";

module_param(num, int, 0644);
module_param(str, charp, 0644);

static int __init stressp_init(void)
{
	return 0;
}

static void __exit stressp_exit(void)
{
}

module_init(stressp_init);
module_exit(stressp_exit);
MODULE_LICENSE("GPL");
