/*
 * A module whose init Oopses: oops_init() calls oops_deref(), which
 * reads through a pointer to an address nothing maps.  For oops.case:
 * the Oops must name oops_deref (EIP), and its Call Trace oops_init and
 * the kernel's sys_init_module (kallsyms, which needs
 * compat/gcc-kallsyms-array-bounds.patch).  Loading it kills its
 * loader: only as the last step.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>

/* volatile: gcc must not see the value, or it would trap at compile time. */
static int *volatile oops_where = (int *)0x10;

/* Not inlined, not static: a function of its own in the trace. */
int __attribute__((noinline)) oops_deref(void)
{
	return *oops_where;
}

static int __init oops_init(void)
{
	int v;

	printk(KERN_INFO "oops: reading %p\n", oops_where);
	v = oops_deref();
	/* Not reached; a call, not a jump, so oops_init stays on the stack. */
	printk(KERN_INFO "oops: read %d, no Oops\n", v);
	return 0;
}

module_init(oops_init);
MODULE_LICENSE("GPL");
