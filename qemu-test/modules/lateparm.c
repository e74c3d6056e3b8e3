/*
 * MODULE_PARM() as much of 2.5.50 writes it (pcnet32.c, 3c59x.c, b44.c,
 * tg3.c...): before the variable it names is declared, with a type
 * string built from a macro ("1-" __MODULE_STRING(MAX_UNITS) "i", as in
 * 8139too.c), and for a static the module only ever reads, which the
 * compiler must keep for the loader to find it by name.  Printed at
 * init, for qemu-test/cases/params-obsolete.case.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>

#define MAX_UNITS 8

MODULE_PARM(debug, "i");
MODULE_PARM(media, "1-" __MODULE_STRING(MAX_UNITS) "i");
MODULE_PARM(options, "s");
MODULE_PARM(quiet, "i");

static int debug = 1;
static int media[MAX_UNITS] = { -1, -1, -1, -1, -1, -1, -1, -1 };
static char *options;
/* Read here and nowhere written: a constant, to today's gcc. */
static int quiet;

static int __init lateparm_init(void)
{
	int i;

	printk(KERN_INFO "lateparm: debug=%d quiet=%d options=%s\n",
	       debug, quiet, options ? options : "(none)");
	printk(KERN_INFO "lateparm: media=");
	for (i = 0; i < MAX_UNITS; i++)
		printk("%s%d", i ? "," : "", media[i]);
	printk("\n");
	return 0;
}

static void __exit lateparm_exit(void)
{
	printk(KERN_INFO "lateparm: exit\n");
}

module_init(lateparm_init);
module_exit(lateparm_exit);
MODULE_LICENSE("GPL");
