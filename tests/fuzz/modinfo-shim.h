/*
 * Prelude of $(O)/modinfo.c: the loader's reading of .modinfo, cut out
 * of the patched tree's kernel/module.c by the Makefile (from "The
 * licences of 2.4" to "Free a module": license_is_gpl_compatible,
 * set_license, check_strings, get_modinfo), built in user space against
 * these stand-ins (defined in modinfo-wrap.h).  printk formats into a buffer (so a bad format or
 * argument is a sanitizer report) and counts its calls.
 */
#ifndef MODINFO_SHIM_H
#define MODINFO_SHIM_H
#include <elf.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef Elf64_Ehdr Elf_Ehdr;
typedef Elf64_Shdr Elf_Shdr;

#define KERN_ERR	"<3>"
#define KERN_WARNING	"<4>"
#define TAINT_PROPRIETORY_MODULE	(1<<0)

struct module {
	char name[64 - sizeof(unsigned long)];
	int license_gplok;
};

extern int tainted;
extern unsigned int printk_calls;
extern char printk_last[1024];
int printk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#endif
