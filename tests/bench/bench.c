/*
 * make bench: the workloads that parse_args() is measured on.
 *
 *   bench-project WORKLOAD    parse_args() of the patched tree
 *   bench-seed WORKLOAD       parse_args() of the seed's kernel/params.c
 *   bench-X list              the workloads: letter, arguments, what
 *
 * Both programs are this file, built against their own params.c and
 * <linux/moduleparam.h> and against 2.5.50's lib/string.c and lib/ctype.c
 * (tests/bench/Makefile).  scripts/bench.sh runs each under callgrind,
 * counting the instructions inside parse_args() and what it calls.
 *
 * The inputs are made here, the same for both builds; the table entries
 * all have the bench's own setter, so that both parsers pay the same for
 * storing a value and the count is the splitting and the name lookup.
 * Every argument must reach the setter or the unknown handler it is
 * meant for: the program checks that after the call and exits 1 if not.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/moduleparam.h>

/* What the seed's setters (never called here) and the unit's printk need. */
long simple_strtol(const char *cp, char **endp, unsigned int base)
{
	return strtol(cp, endp, base);
}

unsigned long simple_strtoul(const char *cp, char **endp, unsigned int base)
{
	return strtoul(cp, endp, base);
}

static int printed;

int printk(const char *fmt, ...)
{
	printed++;
	return 0;
}

#define MAX_TABLE	64
#define MAX_ARGS	1000

static struct kernel_param table[MAX_TABLE];
static unsigned int ntable;
/* How often each entry's setter ran, and the unknown handler. */
static unsigned int hits[MAX_TABLE], unknowns;
static unsigned int want_hits[MAX_TABLE], want_unknowns;

static int bench_set(const char *val, struct kernel_param *kp)
{
	(*(unsigned int *)kp->arg)++;
	return 0;
}

static int bench_unknown(char *param, char *val)
{
	unknowns++;
	return 0;
}

static void add_param(const char *name)
{
	struct kernel_param *kp = &table[ntable];

	kp->name = name;
	kp->perm = 0;
	kp->set = bench_set;
	kp->get = NULL;
	kp->arg = &hits[ntable];
	ntable++;
}

static char args[MAX_ARGS * 64];
static size_t len;
static unsigned int nargs;

static void add_word(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void add_word(const char *fmt, ...)
{
	va_list ap;

	if (len)
		args[len++] = ' ';
	va_start(ap, fmt);
	len += vsnprintf(args + len, sizeof(args) - len, fmt, ap);
	va_end(ap);
	nargs++;
}

/* An argument for table entry i, spelt with '-' where the name has '_'
   when dash is set. */
static void add_known(unsigned int i, const char *val, int dash)
{
	char name[64], *p;

	snprintf(name, sizeof(name), "%s", table[i].name);
	if (dash)
		for (p = name; *p; p++)
			if (*p == '_')
				*p = '-';
	if (val)
		add_word("%s=%s", name, val);
	else
		add_word("%s", name);
	want_hits[i]++;
}

/* A network driver's parameters, as 2.5.50's drivers/net have them. */
static const char *nic[] = {
	"debug", "io", "irq", "dma", "mtu", "media", "options",
	"full_duplex", "rx_copybreak", "max_interrupt_work", "tx_timeout",
};

/* a: 200 known arguments over an 11-entry table, every fourth spelt
   with '-' for '_'. */
static void work_known(void)
{
	unsigned int i, j;
	char v[16];

	for (i = 0; i < 11; i++)
		add_param(nic[i]);
	for (j = 0; j < 200; j++) {
		snprintf(v, sizeof(v), "%u", j * 37 % 1000);
		add_known(j * 7 % 11, v, j % 4 == 3);
	}
}

/* b: 200 unknown names over the same table, some sharing a prefix with
   its names; the unknown handler takes them. */
static void work_unknown(void)
{
	static const char *names[] = {
		"debug_level", "io_base", "irqmask", "dma_channel", "mtu_size",
		"mediatype", "option", "full-duplex-mode", "rx_ring", "maxwork",
		"tx_queue", "quiet", "speed", "duplex", "link", "autoneg",
		"mac_address", "poll", "watchdog", "eeprom",
	};
	unsigned int i, j;

	for (i = 0; i < 11; i++)
		add_param(nic[i]);
	for (j = 0; j < 200; j++) {
		add_word("%s=%u", names[j % 20], j);
		want_unknowns++;
	}
}

/* The 50 parameters of a big driver: five groups of ten names. */
static char names50[50][24];

static void table50(void)
{
	static const char *group[] = { "rx_", "tx_", "max_", "irq_", "dma_" };
	static const char *what[] = {
		"ring_size", "copybreak", "timeout", "coalesce", "mode",
		"debug", "align", "count", "delay", "limit",
	};
	unsigned int i;

	for (i = 0; i < 50; i++) {
		snprintf(names50[i], sizeof(names50[i]), "%s%s",
			 group[i / 10], what[i % 10]);
		add_param(names50[i]);
	}
}

/* c: that module given its 50 arguments, in an order of its own. */
static void work_module50(void)
{
	unsigned int j;

	table50();
	for (j = 0; j < 50; j++)
		add_known(j * 17 % 50, "1", 0);
}

/* e: 1,000 arguments to that module (each parameter 20 times), every
   tenth spelt with '-'. */
static void work_module1000(void)
{
	unsigned int j;
	char v[16];

	table50();
	for (j = 0; j < 1000; j++) {
		snprintf(v, sizeof(v), "%u", j);
		add_known(j * 17 % 50, v, j % 10 == 9);
	}
}

/* d: a boot command line of 30 words; ten are built-in parameters
   (the kernel's table: 24 entries of six objects), the rest go to
   init/main.c's unknown handler (__setup options, init's arguments and
   environment). */
static void work_boot(void)
{
	static const char *builtin[] = {
		"usbcore.blinkenlights", "usbcore.old_scheme_first",
		"usbcore.use_both_schemes", "usbcore.autosuspend",
		"psmouse.proto", "psmouse.rate", "psmouse.resolution",
		"psmouse.smartscroll", "i8042.nokbd", "i8042.noaux",
		"i8042.nomux", "i8042.reset", "atkbd.set", "atkbd.reset",
		"atkbd.softrepeat", "atkbd.scroll", "floppy.floppy",
		"floppy.irq", "floppy.dma", "floppy.allowed_drive_mask",
		"paramtest.number", "paramtest.flag", "paramtest.name",
		"paramtest.list",
	};
	static const char *other[] = {
		"root=/dev/hda1", "ro", "console=ttyS0,115200", "console=tty0",
		"init=/sbin/init", "quiet", "panic=10", "mem=256M", "noapic",
		"acpi=off", "vga=791", "hdc=ide-cdrom", "idle=poll",
		"nmi_watchdog=1", "lpj=4980736", "elevator=deadline",
		"rootfstype=ext3", "ide0=noprobe", "maxcpus=1", "TERM=linux",
	};
	static const struct { unsigned int i; const char *val; int dash; } mine[] = {
		{ 0, "1", 0 }, { 4, "imps", 0 }, { 5, "100", 0 },
		{ 10, NULL, 0 }, { 12, "3", 0 }, { 14, "1", 0 },
		{ 19, "0xff", 1 }, { 20, "42", 0 }, { 22, "hello", 0 },
		{ 23, "1,2,3", 0 },
	};
	unsigned int i, j, k = 0;

	for (i = 0; i < 24; i++)
		add_param(builtin[i]);
	/* Two unknown words, then a built-in one. */
	for (j = 0; j < 30; j++) {
		if (j % 3 == 2) {
			add_known(mine[j / 3].i, mine[j / 3].val, mine[j / 3].dash);
		} else {
			add_word("%s", other[k++]);
			want_unknowns++;
		}
	}
}

static const struct workload {
	const char *name;
	void (*make)(void);
	int (*unknown)(char *param, char *val);
	const char *what;
} work[] = {
	{ "a", work_known, NULL, "200 known arguments over an 11-entry table" },
	{ "b", work_unknown, bench_unknown, "200 unknown names, unknown handler returns 0" },
	{ "c", work_module50, NULL, "a 50-parameter module given its 50 arguments" },
	{ "d", work_boot, bench_unknown, "a 30-word boot command line, 10 built-in parameters" },
	{ "e", work_module1000, NULL, "a 1,000-argument module load (50 parameters)" },
};
#define NWORK (sizeof(work) / sizeof(work[0]))

int main(int argc, char **argv)
{
	const struct workload *w = NULL;
	unsigned int i;
	int ret;

	for (i = 0; i < NWORK && argc == 2; i++)
		if (!strcmp(argv[1], work[i].name))
			w = &work[i];
	if (argc == 2 && !strcmp(argv[1], "list")) {
		for (i = 0; i < NWORK; i++) {
			ntable = len = nargs = 0;
			work[i].make();
			printf("%s %u %s\n", work[i].name, nargs, work[i].what);
		}
		return 0;
	}
	if (!w) {
		fprintf(stderr, "usage: %s list|WORKLOAD\n", argv[0]);
		return 2;
	}
	w->make();
	ret = parse_args("bench", args, table, ntable, w->unknown);
	if (ret != 0 || printed) {
		fprintf(stderr, "%s: parse_args returned %d, %d messages\n",
			w->name, ret, printed);
		return 1;
	}
	for (i = 0; i < ntable; i++)
		if (hits[i] != want_hits[i]) {
			fprintf(stderr, "%s: %s set %u times, want %u\n",
				w->name, table[i].name, hits[i], want_hits[i]);
			return 1;
		}
	if (unknowns != want_unknowns) {
		fprintf(stderr, "%s: %u unknown, want %u\n", w->name,
			unknowns, want_unknowns);
		return 1;
	}
	printf("%s %u\n", w->name, nargs);
	return 0;
}
