/* The patched tree's own <linux/stringify.h> (path from params.mk). */
#include KTREE_STRINGIFY_H
