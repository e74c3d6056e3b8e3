/*
 * For test modules that read a file (sysfs): the whole of it into buf,
 * NUL-terminated, without a last newline.  kread() opens path for it,
 * from init; kread_file() reads a file already open, from its start, at
 * any time (sectest.c's /proc read, after init is freed).  Both return
 * the length or -errno.  Included by sysstate.c, holder.c and sectest.c.
 */
#include <linux/fs.h>
#include <linux/err.h>
#include <asm/uaccess.h>

static ssize_t kread_file(struct file *f, char *buf, size_t size)
{
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = f->f_op && f->f_op->read ?
		f->f_op->read(f, buf, size - 1, &pos) : -EINVAL;
	set_fs(old_fs);
	if (n < 0)
		return n;
	if (n > 0 && buf[n - 1] == '\n')
		n--;
	buf[n] = '\0';
	return n;
}

static ssize_t __init kread(const char *path, char *buf, size_t size)
{
	struct file *f;
	ssize_t n;

	f = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(f))
		return PTR_ERR(f);
	n = kread_file(f, buf, size);
	filp_close(f, NULL);
	return n;
}
