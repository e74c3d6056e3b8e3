/* End of $(O)/modinfo.c: the cut-out functions are static in module.c. */
int tainted;
unsigned int printk_calls;
char printk_last[1024];

int printk(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(printk_last, sizeof(printk_last), fmt, ap);
	va_end(ap);
	printk_calls++;
	return n;
}

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
