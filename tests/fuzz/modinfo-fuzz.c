/*
 * libFuzzer over the loader's .modinfo reading (modinfo-shim.h says
 * how it is built).  An input is a module file with one section header
 * in front of it:
 *   bytes 0-1  sh_offset of .modinfo in the file (little-endian)
 *   bytes 2-3  sh_size
 *   byte  4    bit 0: SHT_NOBITS instead of SHT_PROGBITS;
 *              bit 1: the kernel is tainted already
 *   bytes 5-   the file, copied into a buffer of exactly its size, so
 *              that reading one byte past it is an ASan report
 * as load_module() calls it: check_strings() on the file offsets; if
 * it accepts, the offset made an address, get_modinfo() for "license"
 * and two other tags, and set_license().  Checked: what was accepted
 * lies in the file and ends with a NUL; every value found lies in the
 * section, ends there, and follows "tag="; a refusal says why; the
 * licence decides gplok and the taint, and the taint message comes
 * once.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "modinfo-shim.h"

int fuzz_check_strings(const char *modname, const Elf_Ehdr *hdr,
		       unsigned long len, const Elf_Shdr *s);
char *fuzz_get_modinfo(Elf_Shdr *sechdrs, unsigned int info, const char *tag);
void fuzz_set_license(struct module *mod, const char *license);

static const char *const gpl[] = {
	"GPL", "GPL v2", "GPL and additional rights", "Dual BSD/GPL",
	"Dual MPL/GPL",
};

static void check_value(const char *v, const char *tag, const char *sec,
			size_t size)
{
	size_t taglen = strlen(tag);

	if (!v)
		return;
	if (v < sec + taglen + 1 || v > sec + size - 1)
		abort();
	if (memchr(v, '\0', sec + size - v) == NULL)
		abort();
	if (memcmp(v - taglen - 1, tag, taglen) || v[-1] != '=')
		abort();
	/* The string starts the section or follows a NUL. */
	if (v - taglen - 1 != sec && *(v - taglen - 2) != 0)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	Elf_Shdr sechdrs[2];
	struct module mod;
	char *file;
	const char *lic, *v;
	unsigned long len;
	unsigned int i, calls, before;
	int ok, gplok, was;

	if (size < 5 || size > 65536 + 5)
		return 0;
	len = size - 5;
	file = malloc(len ? len : 1);
	memcpy(file, data + 5, len);
	memset(sechdrs, 0, sizeof(sechdrs));
	sechdrs[1].sh_offset = data[0] | data[1] << 8;
	sechdrs[1].sh_size = data[2] | data[3] << 8;
	sechdrs[1].sh_type = data[4] & 1 ? SHT_NOBITS : SHT_PROGBITS;
	tainted = data[4] & 2 ? TAINT_PROPRIETORY_MODULE : 0;
	strcpy(mod.name, "fuzz");
	mod.license_gplok = -1;

	calls = printk_calls;
	ok = fuzz_check_strings(mod.name, (Elf_Ehdr *)file, len, &sechdrs[1]);
	if (!ok) {
		/* Refused, and said why, once. */
		if (printk_calls != calls + 1 || !strstr(printk_last, "fuzz: .modinfo "))
			abort();
		free(file);
		return 0;
	}
	if (printk_calls != calls || sechdrs[1].sh_type == SHT_NOBITS ||
	    sechdrs[1].sh_offset + sechdrs[1].sh_size > len ||
	    (sechdrs[1].sh_size &&
	     file[sechdrs[1].sh_offset + sechdrs[1].sh_size - 1]))
		abort();

	/* load_module() turns the offset into an address. */
	sechdrs[1].sh_offset += (unsigned long)file;
	lic = fuzz_get_modinfo(sechdrs, 1, "license");
	check_value(lic, "license", (char *)sechdrs[1].sh_offset, sechdrs[1].sh_size);
	v = fuzz_get_modinfo(sechdrs, 1, "parmtype");
	check_value(v, "parmtype", (char *)sechdrs[1].sh_offset, sechdrs[1].sh_size);
	v = fuzz_get_modinfo(sechdrs, 1, "");
	check_value(v, "", (char *)sechdrs[1].sh_offset, sechdrs[1].sh_size);
	if (fuzz_get_modinfo(sechdrs, 0, "license"))
		abort();

	gplok = 0;
	for (i = 0; lic && i < sizeof(gpl) / sizeof(gpl[0]); i++)
		if (strcmp(lic, gpl[i]) == 0)
			gplok = 1;
	was = tainted;
	before = printk_calls;
	fuzz_set_license(&mod, lic);
	if (mod.license_gplok != gplok)
		abort();
	if (gplok && (tainted != was || printk_calls != before))
		abort();
	if (!gplok) {
		if (tainted != TAINT_PROPRIETORY_MODULE)
			abort();
		/* the message the first time only */
		if (printk_calls != before + (was ? 0 : 1))
			abort();
		if (!was && !strstr(printk_last, "taints kernel"))
			abort();
	}
	free(file);
	return 0;
}
