/* What the fuzz target needs of $(O)/obsparm.c (see obsparm-shim.h). */
#ifndef OBSPARM_H
#define OBSPARM_H
#include "obsparm-struct.h"	/* generated: the tree's struct obsolete_modparm */
/* The fuzz target's variables: the i-th one's name and address (NULL
   for one the module lacks); 0 past the last. */
int fuzz_symbol(unsigned int i, const char **name, void **addr);
int fuzz_obsolete_params(const char *name, char *args,
			 struct kernel_param *params, unsigned int num,
			 struct obsolete_modparm obsparm[], unsigned int num_obs);
#endif
