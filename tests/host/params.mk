# Host build of kernel/params.c: the patched tree's parser compiled in
# user space against the tiny shims in include/ (printk is the caller's).
# Include this from a Makefile that sets
#   TREE	a patched 2.5.50 tree (its kernel/params.c and headers are used)
#   O		output directory (default: .)
# and then link $(O)/params-64.o or $(O)/params-32.o (long of 64 or 32
# bits, as on ppc64/sparc64 or i386) with a test or fuzz driver.
# HOST_CC, HOST_SANITIZE and HOST_CFLAGS may be overridden, e.g.
#   HOST_CC=clang HOST_SANITIZE=-fsanitize=fuzzer-no-link,address

PARAMS_HOST_DIR	:= $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
O		?= .
HOST_CC		?= gcc
HOST_SANITIZE	?= -fsanitize=address,undefined -fno-sanitize-recover=all
HOST_CFLAGS	?= -g -O1 -Wall -Werror -fno-omit-frame-pointer

ifeq ($(TREE),)
$(error TREE must name a patched 2.5.50 tree)
endif

# The shims forward these three headers to the tree.
PARAMS_CPPFLAGS	= -I$(PARAMS_HOST_DIR)/include \
	-DKTREE_MODULEPARAM_H='"$(TREE)/include/linux/moduleparam.h"' \
	-DKTREE_COMPILER_H='"$(TREE)/include/linux/compiler.h"' \
	-DKTREE_STRINGIFY_H='"$(TREE)/include/linux/stringify.h"' \
	-DKTREE_CTYPE_H='"$(TREE)/include/linux/ctype.h"'
PARAMS_DEPS	= $(TREE)/kernel/params.c $(TREE)/include/linux/moduleparam.h \
	$(wildcard $(PARAMS_HOST_DIR)/include/linux/*.h) $(PARAMS_HOST_DIR)/params.mk

# params-N.o is kernel/params.c and the kernel's ctype table, lib/ctype.c.
$(O)/params-%.o: $(PARAMS_DEPS) $(TREE)/lib/ctype.c
	@mkdir -p $(O)
	$(HOST_CC) -m$* $(HOST_CFLAGS) $(HOST_SANITIZE) $(PARAMS_CPPFLAGS) \
		-DKBUILD_MODNAME=params -c -o $(O)/params.c-$*.o $(TREE)/kernel/params.c
	$(HOST_CC) -m$* $(HOST_CFLAGS) $(PARAMS_CPPFLAGS) \
		-c -o $(O)/ctype-$*.o $(TREE)/lib/ctype.c
	$(HOST_CC) -m$* -r -nostdlib -o $@ $(O)/params.c-$*.o $(O)/ctype-$*.o
