/* First half of a multi-part module: the init and exit functions. */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>

extern int multi_answer(void);

static int __init multi_init(void)
{
	printk(KERN_INFO "multipart: init, answer %d\n", multi_answer());
	return 0;
}

static void __exit multi_exit(void)
{
	printk(KERN_INFO "multipart: exit\n");
}

module_init(multi_init);
module_exit(multi_exit);
MODULE_LICENSE("GPL");
