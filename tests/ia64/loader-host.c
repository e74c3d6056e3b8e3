/* Load an ia64 ET_REL object the way 2.5.50's load_module() does (the
   generic part, shortened) and the patch's loader relocates it; write
   the core and init areas and a map for the checker. */
#include "loader-shim.h"
#include "loader.c"	/* the patch's module.c, its #includes cut */

struct fdesc kfd[2] = { { 0xa000000000123450UL, 0xa0000000001f0000UL },
			{ 0xa000000000200000UL, 0xa0000000001f0000UL } };
static unsigned long kvar_addr = 0xa000000000777770UL;

int main(int argc, char **argv)
{
	static struct module mod = { "t" };
	FILE *f = fopen(argv[1], "rb"), *map;
	Elf64_Ehdr *hdr;
	Elf64_Shdr *sh;
	Elf64_Sym *sym;
	const char *secstr, *strtab;
	unsigned long len, used_core = 0, used_init = 0, symindex = 0, strindex = 0, i, n;
	long r;

	fseek(f, 0, SEEK_END); len = ftell(f); rewind(f);
	hdr = malloc(len); fread(hdr, 1, len, f); fclose(f);
	sh = (void *)hdr + hdr->e_shoff;
	secstr = (char *)hdr + sh[hdr->e_shstrndx].sh_offset;
	for (i = 1; i < hdr->e_shnum; i++) {
		unsigned long *add = strstr(secstr + sh[i].sh_name, ".init") ? &mod.init_size : &mod.core_size;
		if (sh[i].sh_type == SHT_SYMTAB) symindex = i, strindex = sh[i].sh_link;
		if (sh[i].sh_flags & SHF_ALLOC)
			*add = ALIGN(*add, sh[i].sh_addralign ? sh[i].sh_addralign : 1) + sh[i].sh_size;
	}
	if ((r = module_init_size(hdr, sh, secstr, &mod)) < 0) return 1;
	mod.init_size = r;
	if ((r = module_core_size(hdr, sh, secstr, &mod)) < 0) return 1;
	mod.core_size = r;
	mod.module_core = module_alloc(mod.core_size); memset(mod.module_core, 0, mod.core_size);
	mod.module_init = module_alloc(mod.init_size); memset(mod.module_init, 0, mod.init_size);
	for (i = 1; i < hdr->e_shnum; i++) {
		int init = strstr(secstr + sh[i].sh_name, ".init") != NULL;
		unsigned long *use = init ? &used_init : &used_core;
		void *dest = init ? mod.module_init : mod.module_core;
		if (!(sh[i].sh_flags & SHF_ALLOC)) { sh[i].sh_offset += (unsigned long)hdr; continue; }
		*use = ALIGN(*use, sh[i].sh_addralign ? sh[i].sh_addralign : 1);
		dest += *use; *use += sh[i].sh_size;
		if (sh[i].sh_type != SHT_NOBITS) memcpy(dest, (void *)hdr + sh[i].sh_offset, sh[i].sh_size);
		sh[i].sh_offset = (unsigned long)dest;
	}
	sym = (void *)sh[symindex].sh_offset; strtab = (char *)sh[strindex].sh_offset;
	n = sh[symindex].sh_size / sizeof(*sym);
	map = fopen("map", "w");
	for (i = 1; i < n; i++) {
		const char *name = strtab + sym[i].st_name;
		if (sym[i].st_shndx == SHN_UNDEF) {
			sym[i].st_value = !strcmp(name, "printk") ? (unsigned long)&kfd[0]
				: !strcmp(name, "kvar") ? kvar_addr : 0;
		} else if (sym[i].st_shndx < SHN_LORESERVE)
			sym[i].st_value += sh[sym[i].st_shndx].sh_offset;
		if (*name) fprintf(map, "sym %s %#lx\n", name, (unsigned long)sym[i].st_value);
		if (!strcmp(name, "__initfn")) mod.init = (void *)sym[i].st_value;
	}
	for (i = 1; i < hdr->e_shnum; i++)
		if (sh[i].sh_type == SHT_RELA && (sh[sh[i].sh_info].sh_flags & SHF_ALLOC))
			if (apply_relocate_add(sh, strtab, symindex, i, &mod) < 0) return 1;
	if (module_finalize(hdr, sh, &mod) < 0) return 1;
	for (i = 1; i < hdr->e_shnum; i++)
		if (sh[i].sh_flags & SHF_ALLOC)
			fprintf(map, "sec %s %#lx\n", secstr + sh[i].sh_name, (unsigned long)sh[i].sh_offset);
	fprintf(map, "core %#lx %#lx\ninit %#lx %#lx\ngp %#lx\n", (unsigned long)mod.module_core, mod.core_size,
		(unsigned long)mod.module_init, mod.init_size, mod.arch.gp);
	fprintf(map, "printk %#lx %#lx %#lx\nkvar %#lx\ninitfd %#lx\n", (unsigned long)&kfd[0], kfd[0].ip, kfd[0].gp,
		kvar_addr, (unsigned long)mod.init);
	fclose(map);
	f = fopen("core.bin", "wb"); fwrite(mod.module_core, 1, mod.core_size, f); fclose(f);
	f = fopen("init.bin", "wb"); fwrite(mod.module_init, 1, mod.init_size, f); fclose(f);
	return 0;
}
