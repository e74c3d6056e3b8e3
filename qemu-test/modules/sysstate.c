/*
 * A module without parameters: it still has /sys/module/sysstate, with
 * refcnt and initstate (feature/module-sysfs-state.patch).  Its init
 * reads its own files, which exist before init runs: initstate must be
 * "coming" then, refcnt 0.  For sysfs-module.case.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/err.h>
#include <asm/uaccess.h>

/* Print /sys/module/sysstate/FILE as "sysstate: init: FILE=VALUE". */
static void __init show_own(const char *file)
{
	char path[64], buf[32];
	struct file *f;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	sprintf(path, "/sys/module/sysstate/%s", file);
	f = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(f)) {
		printk(KERN_INFO "sysstate: init: %s: %ld\n", file,
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
		printk(KERN_INFO "sysstate: init: read %s: %d\n", file,
		       (int)n);
		return;
	}
	if (n > 0 && buf[n - 1] == '\n')
		n--;
	buf[n] = '\0';
	printk(KERN_INFO "sysstate: init: %s=%s\n", file, buf);
}

static int __init sysstate_init(void)
{
	show_own("initstate");
	show_own("refcnt");
	return 0;
}

static void __exit sysstate_exit(void)
{
}

module_init(sysstate_init);
module_exit(sysstate_exit);
MODULE_LICENSE("GPL");
