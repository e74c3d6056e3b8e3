/*
 * modtables: print modules.pcimap / modules.usbmap lines, as the
 * module-init-tools depmod writes them, for 2.5 module objects.
 *
 *	modtables pcimap|usbmap MODULE.o...
 *
 * The table is found through the __mod_pci_device_table or
 * __mod_usb_device_table symbol that MODULE_DEVICE_TABLE() defines as an
 * alias of the table, and read straight from the symbol's section in the
 * object file: no relocation is applied (the tables hold only numbers).
 * Works for 32- and 64-bit, little- and big-endian objects; the layout of
 * the id structures is that of include/linux/{pci,usb}.h of 2.5.50.
 */
#include <elf.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct elf {
	const char *path;
	unsigned char *data;
	size_t size;
	int is64, le;
};

static uint64_t get(const struct elf *e, const void *p, int len)
{
	const unsigned char *b = p;
	uint64_t v = 0;
	int i;

	for (i = 0; i < len; i++) {
		int k = e->le ? len - 1 - i : i;

		v = (v << 8) | b[k];
	}
	return v;
}

static void die(const char *path, const char *why)
{
	fprintf(stderr, "modtables: %s: %s\n", path, why);
	exit(1);
}

static void need(const struct elf *e, uint64_t off, uint64_t len)
{
	if (off > e->size || len > e->size - off)
		die(e->path, "truncated or corrupt ELF file");
}

#define FIELD(e, base, s32, s64, f)					\
	((e)->is64 ? get(e, (base) + offsetof(s64, f), sizeof(((s64 *)0)->f)) \
		   : get(e, (base) + offsetof(s32, f), sizeof(((s32 *)0)->f)))

static void load(struct elf *e, const char *path)
{
	FILE *f = fopen(path, "rb");
	long n;

	e->path = path;
	if (!f)
		die(path, strerror(errno));
	if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		die(path, "cannot seek");
	e->size = n;
	e->data = malloc(n ? n : 1);
	if (!e->data || fread(e->data, 1, n, f) != (size_t)n)
		die(path, "cannot read");
	fclose(f);
	if (n < EI_NIDENT || memcmp(e->data, ELFMAG, SELFMAG))
		die(path, "not an ELF file");
	if (e->data[EI_CLASS] != ELFCLASS32 && e->data[EI_CLASS] != ELFCLASS64)
		die(path, "unknown ELF class");
	if (e->data[EI_DATA] != ELFDATA2LSB && e->data[EI_DATA] != ELFDATA2MSB)
		die(path, "unknown ELF byte order");
	e->is64 = e->data[EI_CLASS] == ELFCLASS64;
	e->le = e->data[EI_DATA] == ELFDATA2LSB;
	need(e, 0, e->is64 ? sizeof(Elf64_Ehdr) : sizeof(Elf32_Ehdr));
	if (FIELD(e, e->data, Elf32_Ehdr, Elf64_Ehdr, e_type) != ET_REL)
		die(path, "not a relocatable object (a 2.5 module is one)");
}

struct shdr {
	uint64_t type, offset, size, link, entsize;
};

static struct shdr section(const struct elf *e, uint64_t i)
{
	uint64_t shoff = FIELD(e, e->data, Elf32_Ehdr, Elf64_Ehdr, e_shoff);
	uint64_t shnum = FIELD(e, e->data, Elf32_Ehdr, Elf64_Ehdr, e_shnum);
	uint64_t shsz = e->is64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr);
	const unsigned char *p;
	struct shdr s;

	if (i >= shnum)
		die(e->path, "section index out of range");
	need(e, shoff, (i + 1) * shsz);
	p = e->data + shoff + i * shsz;
	s.type = FIELD(e, p, Elf32_Shdr, Elf64_Shdr, sh_type);
	s.offset = FIELD(e, p, Elf32_Shdr, Elf64_Shdr, sh_offset);
	s.size = FIELD(e, p, Elf32_Shdr, Elf64_Shdr, sh_size);
	s.link = FIELD(e, p, Elf32_Shdr, Elf64_Shdr, sh_link);
	s.entsize = FIELD(e, p, Elf32_Shdr, Elf64_Shdr, sh_entsize);
	if (s.type != SHT_NOBITS)
		need(e, s.offset, s.size);
	return s;
}

/* Find symbol @name; returns a pointer to its bytes and their count. */
static const unsigned char *find_table(const struct elf *e, const char *name,
				       uint64_t *len)
{
	uint64_t shnum = FIELD(e, e->data, Elf32_Ehdr, Elf64_Ehdr, e_shnum);
	uint64_t symsz = e->is64 ? sizeof(Elf64_Sym) : sizeof(Elf32_Sym);
	uint64_t i, j;

	for (i = 1; i < shnum; i++) {
		struct shdr sym = section(e, i), str;

		if (sym.type != SHT_SYMTAB)
			continue;
		str = section(e, sym.link);
		for (j = 1; j < sym.size / symsz; j++) {
			const unsigned char *p = e->data + sym.offset + j * symsz;
			uint64_t nm = FIELD(e, p, Elf32_Sym, Elf64_Sym, st_name);
			uint64_t shndx = FIELD(e, p, Elf32_Sym, Elf64_Sym, st_shndx);
			uint64_t value = FIELD(e, p, Elf32_Sym, Elf64_Sym, st_value);
			uint64_t size = FIELD(e, p, Elf32_Sym, Elf64_Sym, st_size);
			struct shdr data;

			if (nm >= str.size ||
			    strncmp((const char *)e->data + str.offset + nm, name,
				    str.size - nm))
				continue;
			if (shndx == SHN_UNDEF || shndx >= SHN_LORESERVE)
				die(e->path, "device table symbol is not defined in a section");
			data = section(e, shndx);
			if (data.type == SHT_NOBITS || value > data.size)
				die(e->path, "device table symbol outside its section");
			/* An alias may carry no size: the table then runs
			   to its terminating entry or the section's end. */
			*len = size && size <= data.size - value ? size
							       : data.size - value;
			return e->data + data.offset + value;
		}
	}
	return NULL;
}

static int all_zero(const unsigned char *p, size_t n)
{
	while (n--)
		if (*p++)
			return 0;
	return 1;
}

static void shortname(char *dst, size_t n, const char *path)
{
	const char *s = strrchr(path, '/');
	size_t len;

	s = s ? s + 1 : path;
	len = strcspn(s, ".");
	if (len >= n)
		len = n - 1;
	memcpy(dst, s, len);
	dst[len] = '\0';
}

static void pcimap(const struct elf *e, const char *name)
{
	uint64_t len, i;
	size_t esz = e->is64 ? 32 : 28;	/* 6 u32 + unsigned long, aligned */
	const unsigned char *t = find_table(e, "__mod_pci_device_table", &len);

	if (!t)
		return;
	for (i = 0; i + esz <= len && !all_zero(t + i, esz); i += esz)
		printf("%-20s 0x%08x 0x%08x 0x%08x 0x%08x 0x%08x 0x%08x 0x0\n",
		       name, (unsigned)get(e, t + i, 4),
		       (unsigned)get(e, t + i + 4, 4),
		       (unsigned)get(e, t + i + 8, 4),
		       (unsigned)get(e, t + i + 12, 4),
		       (unsigned)get(e, t + i + 16, 4),
		       (unsigned)get(e, t + i + 20, 4));
}

static void usbmap(const struct elf *e, const char *name)
{
	uint64_t len, i;
	size_t esz = e->is64 ? 24 : 20;	/* 5 u16 + 6 u8 + unsigned long */
	const unsigned char *t = find_table(e, "__mod_usb_device_table", &len);

	if (!t)
		return;
	for (i = 0; i + esz <= len && !all_zero(t + i, esz); i += esz) {
		const unsigned char *p = t + i;

		printf("%-20s 0x%04x      0x%04x   0x%04x    0x%04x       "
		       "0x%04x       0x%02x         0x%02x            "
		       "0x%02x            0x%02x            0x%02x               "
		       "0x%02x               0x0\n", name,
		       (unsigned)get(e, p, 2), (unsigned)get(e, p + 2, 2),
		       (unsigned)get(e, p + 4, 2), (unsigned)get(e, p + 6, 2),
		       (unsigned)get(e, p + 8, 2), p[10], p[11], p[12], p[13],
		       p[14], p[15]);
	}
}

int main(int argc, char **argv)
{
	int i, pci;

	if (argc < 3 || (strcmp(argv[1], "pcimap") && strcmp(argv[1], "usbmap"))) {
		fprintf(stderr, "usage: modtables pcimap|usbmap MODULE.o...\n");
		return 2;
	}
	pci = !strcmp(argv[1], "pcimap");
	if (pci)
		printf("# pci module         vendor     device     subvendor  "
		       "subdevice  class      class_mask driver_data\n");
	else
		printf("# usb module         match_flags idVendor idProduct "
		       "bcdDevice_lo bcdDevice_hi bDeviceClass bDeviceSubClass "
		       "bDeviceProtocol bInterfaceClass bInterfaceSubClass "
		       "bInterfaceProtocol driver_info\n");
	for (i = 2; i < argc; i++) {
		struct elf e;
		char name[64];

		load(&e, argv[i]);
		shortname(name, sizeof(name), argv[i]);
		if (pci)
			pcimap(&e, name);
		else
			usbmap(&e, name);
		free(e.data);
	}
	return 0;
}
