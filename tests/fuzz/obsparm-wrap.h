/*
 * End of $(O)/obsparm.c: obsolete_params() is static in module.c.  The
 * module's symbol table is laid out as load_module() has it after
 * simplify_symbols() (st_value the address): each variable of the fuzz
 * target as defined data of its size in a section the module keeps
 * (section 2, SHF_ALLOC: module-elf-checks looks there only), but
 * "omissing", the one the module lacks: it is an undefined symbol (an
 * extern of the module) and a function, and the lookup must take
 * neither.
 */
int fuzz_obsolete_params(const char *name, char *args,
			 struct kernel_param *params, unsigned int num,
			 struct obsolete_modparm obsparm[], unsigned int num_obs)
{
	static Elf_Sym sym[64];
	static char strtab[2048];
	static Elf_Shdr sechdrs[3];
	static unsigned int nsym;
	const char *n;
	void *addr;
	unsigned long size;
	size_t len = 1;		/* strtab[0] is the empty name */

	while (!nsym) {
		nsym = 1;
		for (; fuzz_symbol(nsym - 1, &n, &addr, &size); nsym++) {
			if (nsym == 64 || len + strlen(n) + 1 > sizeof(strtab))
				abort();
			strcpy(strtab + len, n);
			sym[nsym].st_name = len;
			sym[nsym].st_info = addr ? STT_OBJECT : STT_NOTYPE;
			sym[nsym].st_shndx = addr ? 2 : SHN_UNDEF;
			sym[nsym].st_value = (unsigned long)addr;
			sym[nsym].st_size = addr ? size : 0;
			len += strlen(n) + 1;
		}
		/* A function named like the last (missing) variable. */
		sym[nsym].st_name = sym[nsym - 1].st_name;
		sym[nsym].st_info = STT_FUNC;
		sym[nsym].st_shndx = 1;
		sym[nsym].st_value = (unsigned long)fuzz_obsolete_params;
		nsym++;
		sechdrs[1].sh_type = SHT_SYMTAB;
		sechdrs[1].sh_offset = (unsigned long)sym;
		sechdrs[1].sh_size = nsym * sizeof(sym[0]);
		sechdrs[2].sh_type = SHT_PROGBITS;
		sechdrs[2].sh_flags = SHF_ALLOC | SHF_WRITE;
	}
#ifdef OBSPARM_TAKES_MODULE
	{
		/* module-param-sysfs: the module, whose copy of the table
		   (mod.obsparm) the block keeps for sysfs. */
		static struct module mod;
		int ret;

		strncpy(mod.name, name, sizeof(mod.name) - 1);
		mod.args = args;
		ret = obsolete_params(&mod, params, num, obsparm, num_obs,
				      sechdrs, 1, strtab);
		free(mod.obsparm);
		mod.obsparm = NULL;
		return ret;
	}
#else
	return obsolete_params(name, args, params, num, obsparm, num_obs,
			       sechdrs, 1, strtab);
#endif
}
