/* No MODULE_LICENSE at all: proprietary, as in 2.4. */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>

static int __init licnone_init(void)
{
	printk(KERN_INFO "licnone: init\n");
	return 0;
}

static void __exit licnone_exit(void)
{
}

module_init(licnone_init);
module_exit(licnone_exit);
MODULE_DESCRIPTION("Test module without a licence");
