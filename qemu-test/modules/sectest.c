/*
 * /sys/module/NAME/sections (feature/module-sysfs-sections.patch): the
 * first function, variable and zeroed variable of this file are at the
 * start of .text, .data and .bss (the tree builds with
 * -fno-toplevel-reorder: source order), and sectest_init_text() at the
 * start of .init.text.  Its init prints their addresses (%p) and reads
 * its own sections/ files, which exist before init runs: each must give
 * the same address.  It keeps .init.text's file open; /proc/sectest
 * reads that file again, after init is freed, where it must give
 * ENODEV.  (A parameter's set or get could not: it holds the directory's
 * semaphore, which the read takes too.)  For
 * qemu-test/cases/sysfs-sections.case.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/proc_fs.h>
#include <linux/fs.h>
#include <linux/err.h>
#include <asm/uaccess.h>

/* First of .text, .data and .bss: the variables too big for the small
   data sections where ppc and ia64 put a word (.sdata, .sbss). */
int sectest_text(void)
{
	return 1;
}

int sectest_data[16] = { 1 };
int sectest_bss[16];

static struct file *held;

/* First of .init.text. */
static int __init sectest_init_text(void)
{
	return sectest_text();
}

#include "kread.h"

/* /proc/sectest: "held .init.text: " and what a read of it gives. */
static int proc_read(char *page, char **start, off_t off, int count,
		     int *eof, void *data)
{
	char buf[32];
	ssize_t n;
	int len;

	*eof = 1;
	if (off)
		return 0;
	n = held ? kread_file(held, buf, sizeof(buf)) : -ENOENT;
	if (n < 0)
		len = sprintf(page, "held .init.text: %d\n", (int)n);
	else
		len = sprintf(page, "held .init.text: %s\n", buf);
	return len;
}

/* Where a function's code is: ppc64's and ia64's function pointers
   point to a descriptor (in .opd, or made by the loader), whose first
   word is the code's address. */
static void *code(void *fn)
{
#if defined(__powerpc64__) || defined(__ia64__)
	return *(void **)fn;
#else
	return fn;
#endif
}

/* "sectest: init: SECTION %p, sections/SECTION 0x...: same" */
static void __init compare(const char *section, void *addr)
{
	char path[64], want[32], buf[32];
	ssize_t n;

	sprintf(path, "/sys/module/sectest/sections/%s", section);
	sprintf(want, "0x%p", addr);
	n = kread(path, buf, sizeof(buf));
	if (n < 0)
		printk(KERN_INFO "sectest: init: %s %p, sections/%s: %d\n",
		       section, addr, section, (int)n);
	else
		printk(KERN_INFO "sectest: init: %s %p, sections/%s %s: %s\n",
		       section, addr, section, buf,
		       strcmp(buf, want) ? "differ" : "same");
}

static int __init sectest_init(void)
{
	compare(".text", code(sectest_text));
	compare(".data", sectest_data);
	compare(".bss", sectest_bss);
	compare(".init.text", code(sectest_init_text));
	held = filp_open("/sys/module/sectest/sections/.init.text",
			 O_RDONLY, 0);
	if (IS_ERR(held)) {
		printk(KERN_INFO "sectest: init: open .init.text: %ld\n",
		       PTR_ERR(held));
		held = NULL;
	}
	if (!create_proc_read_entry("sectest", 0, NULL, proc_read, NULL))
		printk(KERN_INFO "sectest: init: no /proc/sectest\n");
	return sectest_init_text() - 1;
}

static void __exit sectest_exit(void)
{
	remove_proc_entry("sectest", NULL);
	if (held)
		filp_close(held, NULL);
}

module_init(sectest_init);
module_exit(sectest_exit);
MODULE_LICENSE("GPL");
