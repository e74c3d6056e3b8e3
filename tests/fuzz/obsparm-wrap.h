/* End of $(O)/obsparm.c: obsolete_params() is static in module.c. */
int fuzz_obsolete_params(const char *name, char *args,
			 struct kernel_param *params, unsigned int num,
			 struct obsolete_modparm obsparm[], unsigned int num_obs)
{
	return obsolete_params(name, args, params, num, obsparm, num_obs,
			       NULL, 0, NULL);
}
