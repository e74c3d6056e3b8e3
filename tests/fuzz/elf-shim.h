/*
 * Prelude of $(O)/elf.c: the loader's ELF checks (module-elf-checks.patch),
 * cut out of the patched tree's kernel/module.c by the Makefile (from
 * "The module file's ELF checks" to the end of elf_check_module(): the
 * elf_check_*() functions), built in user space against these
 * stand-ins.  The kernel types are those of a 64-bit little-endian arch
 * (x86-64's ELF machine number): every offset and size is 64 bits wide,
 * so a sum that wraps is a sum the checks must not make.  printk formats
 * into a buffer (a bad format or argument is a sanitizer report) and
 * counts its calls; elf-wrap.h defines it.
 */
#ifndef ELF_SHIM_H
#define ELF_SHIM_H
#include <elf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define Elf_Ehdr	Elf64_Ehdr
#define Elf_Shdr	Elf64_Shdr
#define Elf_Sym		Elf64_Sym
#define ELF_CLASS	ELFCLASS64
#define ELF_DATA	ELFDATA2LSB
#define elf_check_arch(x)	((x)->e_machine == EM_X86_64)

#define KERN_ERR	"<3>"
#define PAGE_SIZE	4096UL
#define ALIGN(x, a)	(((x) + (a) - 1) & ~((a) - 1))
#define ARRAY_SIZE(x)	(sizeof(x) / sizeof((x)[0]))
#define MODULE_NAME_LEN	(64 - sizeof(unsigned long))

/* Only their sizes are used. */
struct kernel_symbol {
	unsigned long value;
	char name[MODULE_NAME_LEN];
};
struct exception_table_entry {
	unsigned long insn, fixup;
};
struct kernel_param {
	const char *name;
	unsigned int perm;
	void *set, *get, *arg;
};
struct obsolete_modparm {
	char name[64];
	char type[64 - 2 * sizeof(void *)];
	void *addr;
	unsigned long size;
};

extern unsigned int printk_calls;
extern char printk_last[1024];
int printk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#endif
