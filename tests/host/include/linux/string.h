/* Host shim of <linux/string.h>. */
#include <string.h>
