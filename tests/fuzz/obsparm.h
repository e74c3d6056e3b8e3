/* What the fuzz target needs of $(O)/obsparm.c (see obsparm-shim.h). */
#ifndef OBSPARM_H
#define OBSPARM_H
#include "obsparm-struct.h"	/* generated: the tree's struct obsolete_modparm */
/* The fuzz target's variables: the i-th one's name, address (NULL for
   one the module lacks) and size (its symbol's st_size); 0 past the
   last. */
int fuzz_symbol(unsigned int i, const char **name, void **addr,
		unsigned long *size);
int fuzz_obsolete_params(const char *name, char *args,
			 struct kernel_param *params, unsigned int num,
			 struct obsolete_modparm obsparm[], unsigned int num_obs);
#endif
