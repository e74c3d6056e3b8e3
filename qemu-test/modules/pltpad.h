/*
 * ppc's module loader puts its PLT, the trampolines through which a
 * module calls the kernel, right after the module's sections; their
 * sizes add up to any number of bytes, and an entry that does not start
 * on an instruction boundary is missed by the branch to it (an illegal
 * instruction at the module's first call into the kernel;
 * feature/module-ppc-plt-align.patch).  pltpad1.c to pltpad4.c include
 * this with PAD a string of 1 to 4 characters, the last of .modinfo
 * (the module's last allocated section) and of .init.data: between them
 * their core and init sizes end at every offset modulo 4
 * (tests/60-cross.sh checks that they do).  Init calls printk() through
 * the init PLT, exit through the core PLT.  For pltalign.case.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>

extern char pad_init[];

static int __init pltpad_init(void)
{
	printk(KERN_INFO "%s: init, pad %s, %d bytes\n", NAME, pad_init,
	       (int)sizeof(PAD));
	return 0;
}

/* After init (the tree builds with -fno-toplevel-reorder: .init.data
   follows .init.text, and ends the init sections); not static, or gcc
   would fold it into a string of .rodata. */
char pad_init[] __initdata = PAD;

static void __exit pltpad_exit(void)
{
	printk(KERN_INFO "%s: exit\n", NAME);
}

module_init(pltpad_init);
module_exit(pltpad_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION(PAD);
