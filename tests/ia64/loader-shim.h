/* What the ia64 loader (arch/ia64/kernel/module.c of the patch) needs
   of the kernel, on the host: tests/63-ia64-reloc.sh; arch.h is the patch's struct mod_arch_specific. */
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#define KERN_ERR ""
#define KERN_WARNING ""
#define printk(...) printf(__VA_ARGS__)
#define BUG() abort()
#define ALIGN(x, a) (((x) + (a) - 1) & ~((a) - 1))
#define CONFIG_MODULE_UNLOAD 1
typedef uint32_t u32;
typedef uint64_t u64;
/* Shaped as 2.5.50's <asm-ia64/unaligned.h>: its own locals "ptr" and
   "val", so a caller's argument of those names is captured as there. */
#define put_unaligned(x, p) do { void *ptr = (p); unsigned long val = (unsigned long)(x); \
	__typeof__(*(p)) _v = val; memcpy(ptr, &_v, sizeof(_v)); } while (0)
#define vmalloc(n) aligned_alloc(4096, ALIGN((n), 4096))
#define vfree(p) free(p)
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#ifndef SHT_LOPROC
#define SHT_LOPROC 0x70000000
#endif
/* The unwind tables: <asm-ia64/unwind.h>'s interface; a handle is the
   table itself, and nothing walks it here. */
static inline void *unw_add_unwind_table(const char *name, unsigned long base,
					 unsigned long gp, const void *start,
					 const void *end)
{
	return (void *)start;
}
static inline void unw_remove_unwind_table(void *handle)
{
}
#include "arch.h"
struct module {
	char name[16];
	void *module_init, *module_core;
	unsigned long init_size, core_size;
	int (*init)(void);
	void (*exit)(void);
	struct mod_arch_specific arch;
};
