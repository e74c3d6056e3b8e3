/* Host shim of <linux/ctype.h>. */
#include <ctype.h>
