/*
 * libFuzzer over the loader's ELF checks (module-elf-checks.patch;
 * elf-shim.h says how they are built).  An input is a module file,
 * copied into a buffer of exactly its size, so that reading one byte
 * past it is an ASan report; load_module() calls elf_check_module() on
 * it.
 * A refusal must be -ENOEXEC with exactly one "module: " line.  A file
 * accepted is then read the way load_module() reads it, and each thing
 * it takes on trust is asserted: the section table and every section
 * with contents inside the file, names ending inside the name table,
 * one symbol table whose string table ends with a NUL, every symbol's
 * name and section in range and its value inside the section, the
 * relocation sections' links, the module's name, and the sizes the
 * loader will add up (get_sizes(), read_commons(), copy_section()'s
 * alignment) far from overflowing a long.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "elf-shim.h"

int fuzz_elf_check_module(const Elf_Ehdr *hdr, unsigned long len);

#define want(x)	do {						\
	if (!(x)) {							\
		fprintf(stderr, "elf-fuzz.c:%d: not %s\n", __LINE__, #x);	\
		abort();						\
	}								\
} while (0)

static volatile char sink;

/* Each byte of a range: ASan says if one is outside the buffer. */
static void touch(const char *p, unsigned long n)
{
	while (n--)
		sink = *p++;
}

/* What load_module() reads of an accepted file. */
static void walk(const char *file, unsigned long len)
{
	const Elf64_Ehdr *h = (const void *)file;
	const Elf64_Shdr *sh;
	const Elf64_Sym *sym;
	const char *names, *strtab;
	unsigned long core = 0, init = 0, common = 0, align, *add, i, n;
	unsigned int symindex = 0, strindex;

	want(h->e_shoff <= len && h->e_shnum * sizeof(*sh) <= len - h->e_shoff);
	sh = (const void *)(file + h->e_shoff);
	touch((const char *)sh, h->e_shnum * sizeof(*sh));
	want(sh[0].sh_size == 0);
	want(h->e_shstrndx > 0 && h->e_shstrndx < h->e_shnum);
	names = file + sh[h->e_shstrndx].sh_offset;
	for (i = 1; i < h->e_shnum; i++) {
		want(sh[i].sh_name < sh[h->e_shstrndx].sh_size);
		want(memchr(names + sh[i].sh_name, 0,
			    sh[h->e_shstrndx].sh_size - sh[i].sh_name));
		if (sh[i].sh_type != SHT_NOBITS) {
			want(sh[i].sh_offset <= len
			     && sh[i].sh_size <= len - sh[i].sh_offset);
			touch(file + sh[i].sh_offset, sh[i].sh_size);
		}
		want(sh[i].sh_link < h->e_shnum);
		/* a section group (SHT_GROUP, 17): dropped, never read */
		if (sh[i].sh_type == 17)
			want(!(sh[i].sh_flags & SHF_ALLOC)
			     && sh[i].sh_entsize == 4);
		if (sh[i].sh_type == SHT_SYMTAB) {
			want(!symindex);
			symindex = i;
		}
		/* get_sizes() and copy_section(), with the KALLSYMS tables */
		if ((sh[i].sh_flags & SHF_ALLOC) || sh[i].sh_type == SHT_SYMTAB
		    || i == h->e_shstrndx) {
			align = sh[i].sh_addralign ? sh[i].sh_addralign : 1;
			want((align & (align - 1)) == 0);
			add = strstr(names + sh[i].sh_name, ".init") ? &init : &core;
			*add = ALIGN(*add, align) + sh[i].sh_size;
			want(*add < 1UL << 30);
		}
		if (strcmp(names + sh[i].sh_name, ".gnu.linkonce.modname") == 0) {
			want(sh[i].sh_type != SHT_NOBITS);
			want(memchr(file + sh[i].sh_offset, 0, sh[i].sh_size));
			want(strlen(file + sh[i].sh_offset) < MODULE_NAME_LEN);
		}
	}
	want(symindex);
	for (i = 1; i < h->e_shnum; i++)
		if (sh[i].sh_type == SHT_REL || sh[i].sh_type == SHT_RELA) {
			want(sh[i].sh_info > 0 && sh[i].sh_info < h->e_shnum);
			want(sh[i].sh_link == symindex);
		}
	strindex = sh[symindex].sh_link;
	want(strindex > 0 && sh[strindex].sh_type == SHT_STRTAB
	     && sh[strindex].sh_size
	     && file[sh[strindex].sh_offset + sh[strindex].sh_size - 1] == 0);
	strtab = file + sh[strindex].sh_offset;
	sym = (const void *)(file + sh[symindex].sh_offset);
	want(sh[symindex].sh_size % sizeof(*sym) == 0);
	n = sh[symindex].sh_size / sizeof(*sym);
	for (i = 0; i < n; i++) {
		want(sym[i].st_name < sh[strindex].sh_size);
		sink = strlen(strtab + sym[i].st_name);
		switch (sym[i].st_shndx) {
		case SHN_UNDEF:
		case SHN_ABS:
			break;
		case SHN_COMMON:
			/* read_commons() */
			want(sym[i].st_value
			     && !(sym[i].st_value & (sym[i].st_value - 1)));
			common = ALIGN(common, sym[i].st_value) + sym[i].st_size;
			want(common < 1UL << 30);
			break;
		default:
			/* simplify_symbols() knows no other reserved index */
			want(sym[i].st_shndx < SHN_LORESERVE);
			want(sym[i].st_shndx < h->e_shnum);
			want(sym[i].st_value <= sh[sym[i].st_shndx].sh_size);
		}
	}
	want(core + common < 1UL << 31);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned int calls = printk_calls;
	char *file;
	int err;

	if (size > (1 << 20))
		return 0;
	if (size < sizeof(Elf_Ehdr)) {
		/* load_module() asks elf_check_len() first: the same */
		err = fuzz_elf_check_module((const Elf_Ehdr *)data, size);
		want(err == -ENOEXEC && printk_calls == calls + 1);
		return 0;
	}
	file = malloc(size);
	memcpy(file, data, size);
	err = fuzz_elf_check_module((const Elf_Ehdr *)file, size);
	if (err) {
		/* Refused, and said why, once. */
		want(err == -ENOEXEC && printk_calls == calls + 1);
		want(strncmp(printk_last, "<3>module: ", 11) == 0);
	} else {
		want(printk_calls == calls);
		walk(file, size);
	}
	free(file);
	return 0;
}
