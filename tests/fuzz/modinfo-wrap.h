/* End of $(O)/modinfo.c: the cut-out functions are static in module.c. */
int tainted;
#include "printk-stub.h"

int fuzz_check_strings(const char *modname, const Elf_Ehdr *hdr,
		       unsigned long len, const Elf_Shdr *s)
{
	return check_strings(modname, ".modinfo", hdr, len, s);
}

char *fuzz_get_modinfo(Elf_Shdr *sechdrs, unsigned int info, const char *tag)
{
	return get_modinfo(sechdrs, info, tag);
}

void fuzz_set_license(struct module *mod, const char *license)
{
	set_license(mod, license);
}
