/* Bench shim of <linux/types.h>: all lib/string.c needs is size_t. */
#include <stddef.h>
