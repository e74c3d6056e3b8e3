/*
 * Host shim of <linux/ctype.h>: the tree's own header, and its table
 * (lib/ctype.c, linked in by params.mk).  Not glibc's <ctype.h>: the
 * kernel's isspace() takes 0xa0 for a blank, glibc's does not.
 */
#include KTREE_CTYPE_H
