/*
 * Seeds of the ELF checks' fuzzer (elf-fuzz.c): a module-shaped object
 * in the host's format (x86-64), compiled by the Makefile with several
 * sets of flags.  The sections and symbols load_module() looks for:
 * the module's name, .modinfo, an export, a parameter table, a common
 * variable, __initfn and __exitfn, relocations.
 */
extern int printk(const char *fmt, ...);

struct kernel_symbol {
	unsigned long value;
	char name[64 - sizeof(unsigned long)];
};

static const char modname[] __attribute__((section(".gnu.linkonce.modname"), used)) = "seed";
static const char info[] __attribute__((section(".modinfo"), used)) = "license=GPL";
int seed_common;
int seed_value = 5;

int seed_exported(int x)
{
	return x + seed_value + seed_common;
}

static const struct kernel_symbol ksym __attribute__((section("__ksymtab"), used)) = {
	(unsigned long)seed_exported, "seed_exported"
};

static const char pname[] = "value";
static const struct {
	const char *name;
	unsigned int perm;
	void *set, *get, *arg;
} param __attribute__((section(".param.init"), used)) = {
	pname, 0644, 0, 0, &seed_value
};

static int __attribute__((section(".init.text"))) seed_init(void)
{
	printk("seed: init %d\n", seed_value);
	return 0;
}

static void __attribute__((section(".exit.text"))) seed_exit(void)
{
	printk("seed: exit\n");
}

int __initfn(void) __attribute__((alias("seed_init")));
void __exitfn(void) __attribute__((alias("seed_exit")));
