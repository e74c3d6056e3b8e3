/* A module with no init and no exit function: it only exports a symbol.
   Before the module-name patch it needed "no_module_init". */
#include <linux/module.h>

int noinit_value = 7;
EXPORT_SYMBOL(noinit_value);
MODULE_LICENSE("GPL");
