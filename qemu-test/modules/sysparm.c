/*
 * Parameters in sysfs (feature/module-param-sysfs.patch): one
 * module_param() of every type with a perm, others read-only, root-only,
 * world-writable, hidden (perm 0) and __initdata (never shown), and a
 * module_param_call() whose setter refuses negative values with ERANGE.
 * Its values are printed at init and at exit, so a case sees what the
 * writes did.  For qemu-test/cases/sysfs-params.case.
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
static int arr[3 + 4] = { 1, 4, 1, 9 };
static char buf[8] = "buf";
static int named_value = 3;
static int hook_value = 11;
static int ro = 5;
static int rootonly = 6;
static int world = 8;
static int hidden = 7;
static int initvar __initdata = 9;

static int set_hook(const char *val, struct kernel_param *kp)
{
	if (val && val[0] == '-')
		return -ERANGE;
	return param_set_int(val, kp);
}

module_param(shrt, short, 0644);
module_param(ushrt, ushort, 0644);
module_param(num, int, 0644);
module_param(uns, uint, 0644);
module_param(lng, long, 0644);
module_param(ulng, ulong, 0644);
module_param(str, charp, 0644);
module_param(flag, bool, 0644);
module_param(noflag, invbool, 0644);
module_param(arr, intarray, 0644);
module_param_string(buf, buf, sizeof(buf), 0644);
module_param_named(my_name, named_value, int, 0644);
module_param_call(hook, set_hook, param_get_int, &hook_value, 0644);
module_param(ro, int, 0444);
module_param(rootonly, int, 0600);
module_param(world, int, 0666);
module_param(hidden, int, 0);
module_param(initvar, int, 0644);

static void show(const char *when)
{
	int i;

	printk(KERN_INFO "sysparm: %s shrt=%d ushrt=%u num=%d uns=%u lng=%ld"
	       " ulng=%lu\n", when, shrt, ushrt, num, uns, lng, ulng);
	printk(KERN_INFO "sysparm: %s str=[%s] buf=[%s] flag=%d noflag=%d"
	       " my_name=%d hook=%d world=%d\n", when, str, buf, flag, noflag,
	       named_value, hook_value, world);
	printk(KERN_INFO "sysparm: %s arr has %d:", when, arr[2]);
	for (i = 0; i < arr[2]; i++)
		printk(" %d", arr[3 + i]);
	printk("\n");
}

static int __init sysparm_init(void)
{
	printk(KERN_INFO "sysparm: ro=%d rootonly=%d hidden=%d initvar=%d\n",
	       ro, rootonly, hidden, initvar);
	show("init");
	return 0;
}

static void __exit sysparm_exit(void)
{
	show("exit");
}

module_init(sysparm_init);
module_exit(sysparm_exit);
MODULE_LICENSE("GPL");
