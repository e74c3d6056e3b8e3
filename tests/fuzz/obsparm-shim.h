/*
 * Prelude of $(O)/obsparm.c: the obsolete MODULE_PARM() parser of the
 * patched tree's kernel/module.c (the CONFIG_OBSOLETE_MODPARM block:
 * param_set_byte, set_obsolete, obsolete_params), cut out of module.c by
 * the Makefile and built in user space against these few stand-ins.
 * The rest of module.c (ELF loading, symbols, locking) cannot be built
 * outside the kernel and is not needed: the block needs only a symbol
 * table, kmalloc()/kfree(), simple_strtoul() and params.c.
 */
#ifndef OBSPARM_SHIM_H
#define OBSPARM_SHIM_H
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/ctype.h>
#include <stdlib.h>

#define CONFIG_OBSOLETE_MODPARM 1
#define GFP_KERNEL	0
#define kmalloc(size, flags)	malloc(size)
#define kfree(p)	free(p)
#define DEBUGP(fmt, a...)
#include <stdio.h>
#ifndef PAGE_SIZE
#define PAGE_SIZE	4096
#endif

/* What the block uses of struct module (feature/module-param-sysfs.patch
   hands it the module) and of the rest of module.c: module_params()
   parses; the sysfs part is not built here. */
struct obsolete_modparm;
struct module {
	char name[64];
	void *module_init;
	unsigned long init_size;
	struct obsolete_modparm *obsparm;
	char *args;
};

static inline int module_params(struct module *mod, struct kernel_param *kp,
				unsigned int num)
{
	return parse_args(mod->name, mod->args, kp, num, NULL);
}

/* lib/vsprintf.c's simple_strtoul(), as in the tree (no sign, no
   leading blanks, wraps silently): the block reads type strings with it. */
static unsigned long simple_strtoul(const char *cp, char **endp,
				    unsigned int base)
{
	unsigned long result = 0, value;

	if (!base) {
		base = 10;
		if (*cp == '0') {
			base = 8;
			cp++;
			if ((*cp == 'x') && isxdigit(cp[1])) {
				cp++;
				base = 16;
			}
		}
	}
	while (isxdigit(*cp) &&
	       (value = isdigit(*cp) ? *cp - '0' : toupper(*cp) - 'A' + 10) < base) {
		result = result * base + value;
		cp++;
	}
	if (endp)
		*endp = (char *)cp;
	return result;
}

/* The module's ELF symbol table, as load_module() hands it over (built
   by obsparm-wrap.h from the fuzz target's variables). */
#include <elf.h>
typedef Elf64_Shdr Elf_Shdr;
typedef Elf64_Sym Elf_Sym;
/* The fuzz target's variables (obsparm.h). */
int fuzz_symbol(unsigned int i, const char **name, void **addr,
		unsigned long *size);
#endif
