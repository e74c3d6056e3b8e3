/* printk() for the cut-out loader code (elf-wrap.h, modinfo-wrap.h):
   formats into printk_last, so a bad format or argument is a sanitizer
   report, and counts its calls. */
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
