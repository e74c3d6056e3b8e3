/* End of $(O)/elf.c: the cut-out functions are static in module.c. */
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

int fuzz_elf_check_module(const Elf_Ehdr *hdr, unsigned long len)
{
	return elf_check_module(hdr, len);
}
