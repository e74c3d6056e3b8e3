/* The patched tree's own <linux/compiler.h> (path from params.mk);
   glibc's <sys/cdefs.h> has an __attribute_used__ of its own. */
#undef __attribute_used__
#include KTREE_COMPILER_H
