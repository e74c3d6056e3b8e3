/*
 * A module that Oopses on demand: a write to its parameter "boom"
 * (/sys/module/oops/parameters/boom) calls oops_deref(), which reads
 * through a pointer to an address nothing maps.  For oops.case: the
 * Oops must name oops_deref (EIP), and its Call Trace boom_set and the
 * kernel's sysfs code (kallsyms: compat/gcc-kallsyms-array-bounds.patch
 * for the kernel's names, feature/module-kallsyms-names.patch for the
 * module's).  Not from its init: 2.5.50 puts a module on the list
 * kallsyms searches only once its init has returned, so an Oops in init
 * names none of the module's functions (and lists none in the Call
 * Trace).  The Oops kills the writer: only as a case's last step.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>

/* volatile: gcc must not see the value, or it would trap at compile time. */
static int *volatile oops_where = (int *)0x10;

/* Not inlined, not static: a function of its own in the trace. */
int __attribute__((noinline)) oops_deref(void)
{
	return *oops_where;
}

static int boom_set(const char *val, struct kernel_param *kp)
{
	int v;

	printk(KERN_INFO "oops: %s=%s, reading %p\n", kp->name, val,
	       oops_where);
	v = oops_deref();
	/* Not reached; a call, not a jump, so boom_set stays on the stack. */
	printk(KERN_INFO "oops: read %d, no Oops\n", v);
	return 0;
}

static int boom_get(char *buffer, struct kernel_param *kp)
{
	return sprintf(buffer, "0");
}

module_param_call(boom, boom_set, boom_get, NULL, 0200);

static int __init oops_init(void)
{
	printk(KERN_INFO "oops: write boom to Oops\n");
	return 0;
}

module_init(oops_init);
MODULE_LICENSE("GPL");
