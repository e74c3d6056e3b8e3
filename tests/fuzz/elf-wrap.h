/* End of $(O)/elf.c: the cut-out functions are static in module.c. */
#include "printk-stub.h"

int fuzz_elf_check_module(const Elf_Ehdr *hdr, unsigned long len)
{
	return elf_check_module(hdr, len);
}
