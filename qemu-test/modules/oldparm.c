/*
 * A module not converted to module_param(): MODULE_PARM() of every
 * obsolete type, arrays among them, and one new-style module_param()
 * beside them (both tables are parsed together).  Printed at init, for
 * qemu-test/cases/params-obsolete.case.  Built with -ftoplevel-reorder.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>

static unsigned char byte = 1;
static signed char sbyte = 1;
static short shrt = 2;
static int num = 3;
static long lng = 4;
static char *name = "default";
static int io[4] = { 10, 11, 12, 13 };
static char *ids[3] = { "a", "b", "c" };
static unsigned char bytes[2];
static int newstyle = 5;

MODULE_PARM(byte, "b");
MODULE_PARM(sbyte, "b");
MODULE_PARM(shrt, "h");
MODULE_PARM(num, "i");
MODULE_PARM(lng, "l");
MODULE_PARM(name, "s");
MODULE_PARM(io, "1-" __MODULE_STRING(4) "i");
MODULE_PARM(ids, "2-3s");
MODULE_PARM(bytes, "2b");
module_param(newstyle, int, 0);

static int __init oldparm_init(void)
{
	printk(KERN_INFO "oldparm: byte=%u sbyte=%d shrt=%d num=%d lng=%ld\n",
	       byte, sbyte, shrt, num, lng);
	printk(KERN_INFO "oldparm: name=[%s] ids=[%s] [%s] [%s]\n",
	       name, ids[0], ids[1], ids[2]);
	printk(KERN_INFO "oldparm: io=%d,%d,%d,%d bytes=%u,%u newstyle=%d\n",
	       io[0], io[1], io[2], io[3], bytes[0], bytes[1], newstyle);
	return 0;
}

static void __exit oldparm_exit(void)
{
	printk(KERN_INFO "oldparm: exit\n");
}

module_init(oldparm_init);
module_exit(oldparm_exit);
MODULE_LICENSE("GPL");
