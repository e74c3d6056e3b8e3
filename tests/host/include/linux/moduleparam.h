/* The patched tree's own <linux/moduleparam.h> (path from params.mk). */
#include KTREE_MODULEPARAM_H
