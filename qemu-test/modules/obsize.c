/*
 * MODULE_PARM() types that promise more than their variable holds
 * (issue 38): a long declared "0-65535l", three longs declared "1-8l",
 * and a u8 declared "0-2i", smaller than one int.  The loader takes the
 * variable's size from its symbol: big takes one value, three takes
 * three, more are refused; small is left out with a message (giving it
 * is an unknown parameter).  Each variable is followed by a guard that
 * nothing may change: init says whether the guards sit right after
 * their variables (.data in this order, as -fno-toplevel-reorder keeps
 * it) and whether they hold what they were given.  For
 * qemu-test/cases/params-obsolete-size.case.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>

#define GUARD 0x5a5a5a5aL

/* All in .data: ia64's gcc puts an object of 8 bytes or fewer in .sdata
   (and ppc's may, in .sdata), apart from the larger ones after it. */
#define DATA __attribute__((section(".data")))

/* Guards of 8 bytes or fewer, so that gcc does not align them apart;
   small's are three bytes of their own (an array of them would be
   aligned to 4, past the int written over small). */
static long big DATA = 1;
static long big_guard[2] DATA = { GUARD, GUARD };
static long three[3] DATA = { 1, 2, 3 };
static long three_guard[2] DATA = { GUARD, GUARD };
static unsigned char small DATA = 1;
static unsigned char small_guard1 DATA = 0x5a;
static unsigned char small_guard2 DATA = 0x5a;
static unsigned char small_guard3 DATA = 0x5a;

MODULE_PARM(big, "0-65535l");
MODULE_PARM(three, "1-8l");
MODULE_PARM(small, "0-2i");

/* An address gcc cannot see the object of: it takes two objects for
   never adjacent, and would fold the comparison below to false. */
static unsigned long addr(const void *p)
{
	unsigned long a;

	__asm__("" : "=r" (a) : "0" (p));
	return a;
}

static int __init obsize_init(void)
{
	int i, changed = 0;

	printk(KERN_INFO "obsize: layout %s\n",
	       addr(big_guard) == addr(&big) + sizeof(big)
	       && addr(three_guard) == addr(three) + sizeof(three)
	       && addr(&small_guard1) == addr(&small) + 1
	       && addr(&small_guard2) == addr(&small) + 2
	       && addr(&small_guard3) == addr(&small) + 3 ?
	       "guards adjacent" : "guards NOT adjacent");
	for (i = 0; i < 2; i++)
		if (big_guard[i] != GUARD || three_guard[i] != GUARD)
			changed = 1;
	if (small_guard1 != 0x5a || small_guard2 != 0x5a
	    || small_guard3 != 0x5a)
		changed = 1;
	printk(KERN_INFO "obsize: big=%ld three=%ld,%ld,%ld small=%u\n",
	       big, three[0], three[1], three[2], small);
	printk(KERN_INFO "obsize: guards %s (%lx %lx %lx %lx %02x%02x%02x)\n",
	       changed ? "CHANGED" : "intact", big_guard[0], big_guard[1],
	       three_guard[0], three_guard[1], small_guard1, small_guard2,
	       small_guard3);
	return 0;
}

static void __exit obsize_exit(void)
{
	printk(KERN_INFO "obsize: exit\n");
}

module_init(obsize_init);
module_exit(obsize_exit);
MODULE_LICENSE("GPL");
