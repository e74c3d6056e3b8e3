/*
 * For test modules that read a file (sysfs) from their init: the whole
 * of path into buf, NUL-terminated, without a last newline.  Returns
 * its length or -errno.  Included by sysstate.c and holder.c.
 */
#include <linux/fs.h>
#include <linux/err.h>
#include <asm/uaccess.h>

static ssize_t __init kread(const char *path, char *buf, size_t size)
{
	struct file *f;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	f = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(f))
		return PTR_ERR(f);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = f->f_op && f->f_op->read ?
		f->f_op->read(f, buf, size - 1, &pos) : -EINVAL;
	set_fs(old_fs);
	filp_close(f, NULL);
	if (n < 0)
		return n;
	if (n > 0 && buf[n - 1] == '\n')
		n--;
	buf[n] = '\0';
	return n;
}
