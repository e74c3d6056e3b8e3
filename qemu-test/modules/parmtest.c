/*
 * A module with a module_param() of every type (and module_param_named,
 * module_param_string, module_param_call with a setter of its own),
 * printed at init, for qemu-test/cases/params-module.case.  Built with
 * -ftoplevel-reorder: the table must survive on __attribute_used__.
 * The variables are only printed, never the table entries: referring to
 * those would keep them whatever their attributes.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>

static short shrt = -1;
static unsigned short ushrt = 1;
static int num = 42;
static unsigned int uns = 7;
static long lng = -100;
static unsigned long ulng = 100;
static char *str = "default";
static int flag;
static int noflag;
/* min 1, max 4 values; 1 given: 9 */
static int arr[3 + 4] = { 1, 4, 1, 9 };
static char buf[8] = "buf";
static int named_value = 3;
static int hook_value = -5;
static int hook_calls;

/* Module code, run by load_module() while it sets the parameters. */
static int set_hook(const char *val, struct kernel_param *kp)
{
	hook_calls++;
	return param_set_int(val, kp);
}

module_param(shrt, short, 0);
module_param(ushrt, ushort, 0);
module_param(num, int, 0);
module_param(uns, uint, 0);
module_param(lng, long, 0);
module_param(ulng, ulong, 0);
module_param(str, charp, 0);
module_param(flag, bool, 0);
module_param(noflag, invbool, 0);
module_param(arr, intarray, 0);
module_param_string(buf, buf, sizeof(buf), 0);
module_param_named(my_name, named_value, int, 0);
module_param_call(hook, set_hook, param_get_int, &hook_value, 0);

static int __init parmtest_init(void)
{
	int i;

	printk(KERN_INFO "parmtest: shrt=%d ushrt=%u num=%d uns=%u\n",
	       shrt, ushrt, num, uns);
	printk(KERN_INFO "parmtest: lng=%ld ulng=%lu\n", lng, ulng);
	printk(KERN_INFO "parmtest: str=[%s] buf=[%s]\n", str, buf);
	printk(KERN_INFO "parmtest: flag=%d noflag=%d my_name=%d\n",
	       flag, noflag, named_value);
	printk(KERN_INFO "parmtest: hook=%d, hook called %d times\n",
	       hook_value, hook_calls);
	printk(KERN_INFO "parmtest: arr has %d:", arr[2]);
	for (i = 0; i < arr[2]; i++)
		printk(" %d", arr[3 + i]);
	printk("\n");
	return 0;
}

static void __exit parmtest_exit(void)
{
	printk(KERN_INFO "parmtest: exit\n");
}

module_init(parmtest_init);
module_exit(parmtest_exit);
MODULE_LICENSE("GPL");
