/* Host shim of <linux/module.h>: exports are no-ops. */
#ifndef SHIM_LINUX_MODULE_H
#define SHIM_LINUX_MODULE_H
#define EXPORT_SYMBOL(sym) extern __typeof__(sym) sym
#endif
