/*
 * A user of licgpl (licgpl_plain()), for holders.case: while it is
 * loaded /sys/module/licgpl/holders/holder links to /sys/module/holder
 * (feature/module-sysfs-holders.patch).  The link is made before init
 * runs: init reads holder's initstate through it ("coming").  With
 * fail=1 init then fails (EIO), and the failed load must take the link
 * away with the directory.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/err.h>
#include <linux/moduleparam.h>
#include <asm/uaccess.h>

extern int licgpl_plain(void);

static int fail;
module_param(fail, int, 0);

/* /sys/module/licgpl/holders/holder/initstate, as "holder: init: ..." */
static void __init show_link(void)
{
	char buf[32];
	struct file *f;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	f = filp_open("/sys/module/licgpl/holders/holder/initstate",
		      O_RDONLY, 0);
	if (IS_ERR(f)) {
		printk(KERN_INFO "holder: init: through the link: %ld\n",
		       PTR_ERR(f));
		return;
	}
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = f->f_op && f->f_op->read ?
		f->f_op->read(f, buf, sizeof(buf) - 1, &pos) : -EINVAL;
	set_fs(old_fs);
	filp_close(f, NULL);
	if (n < 0) {
		printk(KERN_INFO "holder: init: read through the link: %d\n",
		       (int)n);
		return;
	}
	if (n > 0 && buf[n - 1] == '\n')
		n--;
	buf[n] = '\0';
	printk(KERN_INFO "holder: init: initstate through the link=%s\n",
	       buf);
}

static int __init holder_init(void)
{
	show_link();
	printk(KERN_INFO "holder: licgpl_plain()=%d, fail=%d\n",
	       licgpl_plain(), fail);
	return fail ? -EIO : 0;
}

static void __exit holder_exit(void)
{
}

module_init(holder_init);
module_exit(holder_exit);
MODULE_LICENSE("GPL");
