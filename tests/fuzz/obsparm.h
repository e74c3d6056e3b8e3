/* What the fuzz target needs of $(O)/obsparm.c (see obsparm-shim.h). */
#ifndef OBSPARM_H
#define OBSPARM_H
#include "obsparm-struct.h"	/* generated: the tree's struct obsolete_modparm */
int fuzz_obsolete_params(const char *name, char *args,
			 struct kernel_param *params, unsigned int num,
			 struct obsolete_modparm obsparm[], unsigned int num_obs);
#endif
