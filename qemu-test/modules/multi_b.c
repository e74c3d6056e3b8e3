/* Second half of a multi-part module; includes <linux/module.h> too, so
   its object carries the module name as well: the link keeps one. */
#include <linux/module.h>

int multi_answer(void)
{
	return 42;
}

/* .modinfo from the other part than the licence (multi_a.c). */
MODULE_DESCRIPTION("A module of two objects");
