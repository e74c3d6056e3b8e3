/*
 * libFuzzer target: random command lines through parse_args() of the
 * patched tree's kernel/params.c, built in user space (tests/host's
 * shims, see params.mk) with ASan and UBSan, against a table holding one
 * parameter of each type: short ushort int uint long ulong charp bool
 * invbool intarray, a copied string (module_param_string) and a
 * module_param_call() setter of our own.  After each parse every get
 * function prints into an exact 4k buffer, and the invariants below
 * must hold.
 *
 * The obsolete MODULE_PARM() parser of kernel/module.c
 * (module-param-obsolete.patch, CONFIG_OBSOLETE_MODPARM) is fuzzed too:
 * the Makefile cuts its block (param_set_byte, set_obsolete,
 * obsolete_params) out of the tree's module.c unchanged and builds it
 * with obsparm-shim.h (kmalloc as malloc, a symbol table built
 * from the table below).  The rest of module.c cannot be built on the
 * host and is not needed.  On that path the arguments go, as
 * load_module() hands them, to obsolete_params() with the module_param()
 * table above and a MODULE_PARM() table of every obsolete type
 * ({b,h,i,l,s}, arrays with [min[-max]], bad type strings).
 *
 * Input: byte 0 picks the path; the rest is the command line.
 *   bit 0: unknown parameters go to a callback (as init/main.c does),
 *          else they are errors (plain parse_args() path only)
 *   bit 1: the module path: obsolete_params() over both tables
 *   bit 2: (module path) the MODULE_PARM table also names a variable
 *          the module lacks: refused before any parsing
 */
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "obsparm.h"

#define ARRAY_MAX 4

static short v_short;
static unsigned short v_ushort;
static int v_int;
static unsigned int v_uint;
static long v_long;
static unsigned long v_ulong;
static char *v_charp;
static int v_bool, v_invbool;
static int v_array[3 + ARRAY_MAX];
static char v_string[8];
static struct kparam_string v_kps = { sizeof(v_string), v_string };
static int v_hook, hook_calls;

/* module_param_call(): a setter of the "module's" own. */
static int set_hook(const char *val, struct kernel_param *kp)
{
	hook_calls++;
	return param_set_int(val, kp);
}

#define P(n, t, a) { n, 0, param_set_##t, param_get_##t, a }
static struct kernel_param params[] = {
	P("short", short, &v_short),
	P("ushort", ushort, &v_ushort),
	P("int", int, &v_int),
	P("uint", uint, &v_uint),
	P("long", long, &v_long),
	P("ulong", ulong, &v_ulong),
	P("charp", charp, &v_charp),
	P("bool", bool, &v_bool),
	P("invbool", invbool, &v_invbool),
	P("int_array", intarray, v_array),
	{ "some-string", 0, param_set_copystring, param_get_string, &v_kps },
	{ "hook", 0, set_hook, param_get_int, &v_hook },
};
#define NPARAMS (sizeof(params) / sizeof(params[0]))

/* MODULE_PARM() variables: each a global of its own, so ASan's redzones
   catch a write past one. */
static unsigned char o_byte;
static short o_short;
static int o_int;
static long o_long;
static char *o_str;
static int o_ints[4];			/* "1-4i" */
static char *o_strs[3];			/* "2-3s" */
static unsigned char o_bytes[2];	/* "2b" */
static long o_longs[3];			/* "3l": exactly three */
static short o_shorts[2];		/* "0-2h" */
static int o_bad1, o_bad2, o_bad3, o_bad4;	/* bad type strings */
/* Types that promise more than the variable holds (issue 38): each
   takes what fits; or less: left out, "osmall=" is unknown. */
static long o_big;			/* "0-65535l" */
static char o_names[2][8];		/* "1-5c8" */
static char *o_strp;			/* "1-4s": an array, no commas */
static unsigned char o_small;		/* "0-2i" */

/* A variable and its size, as its symbol has them. */
#define V(n, t, v) { n, t, &(v), sizeof(v) }
static const struct {
	const char *name, *type;
	void *addr;
	unsigned long size;
} obs_vars[] = {
	V("obyte", "b", o_byte),
	V("oshort", "h", o_short),
	V("oint", "i", o_int),
	V("olong", "l", o_long),
	V("ostr", "s", o_str),
	V("oints", "1-4i", o_ints),
	V("ostrs", "2-3s", o_strs),
	V("obytes", "2b", o_bytes),
	V("olongs", "3l", o_longs),
	V("oshorts", "0-2h", o_shorts),
	V("obad1", "3-2i", o_bad1),	/* min > max */
	V("obad2", "q", o_bad2),	/* no such type */
	V("obad3", "1-", o_bad3),	/* no type letter */
	V("obad4", "0i", o_bad4),	/* max 0 */
	V("obig", "0-65535l", o_big),
	V("onames", "1-5c8", o_names),
	V("ostrp", "1-4s", o_strp),
	V("osmall", "0-2i", o_small),
	{ "omissing", "i", NULL, 0 },	/* not a variable of the module */
};
#define NOBS (sizeof(obs_vars) / sizeof(obs_vars[0]))
static struct obsolete_modparm obsparm[NOBS];

/* The module's symbol table (obsparm-wrap.h builds it from this). */
int fuzz_symbol(unsigned int i, const char **name, void **addr,
		unsigned long *size)
{
	if (i >= NOBS)
		return 0;
	*name = obs_vars[i].name;
	*addr = obs_vars[i].addr;
	*size = obs_vars[i].size;
	return 1;
}

/* printk: format for real (catches bad format arguments), then drop. */
int printk(const char *fmt, ...)
{
	char buf[2048];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return n;
}

static int unknowns;

static int unknown(char *param, char *val)
{
	/* What init/main.c's handler relies on: param is a string, val is
	   NULL or a string that follows param's NUL. */
	if (strlen(param) > 4096 || (val && val != param + strlen(param) + 1))
		abort();
	unknowns++;
	return 0;
}

/* A char * parameter is unset, or points into the arguments, at most
   1024 long. */
static void check_str(const char *s, const char *args, size_t size)
{
	if (s && (s < args || s >= args + size || strlen(s) > 1024))
		abort();
}

static void reset_obsolete(void)
{
	unsigned int i;

	o_str = NULL;
	o_strp = NULL;
	memset(o_strs, 0, sizeof(o_strs));
	memset(obsparm, 'Z', sizeof(obsparm));	/* names need not end */
	for (i = 0; i < NOBS; i++) {
		memcpy(obsparm[i].name, obs_vars[i].name,
		       strlen(obs_vars[i].name) + 1);
		memcpy(obsparm[i].type, obs_vars[i].type,
		       strlen(obs_vars[i].type) + 1);
		obsparm[i].addr = NULL;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *args, *out;
	unsigned int i;
	int ret, module;

	if (size < 1 || size > 16384)
		return 0;
	args = malloc(size);
	memcpy(args, data + 1, size - 1);
	args[size - 1] = '\0';
	module = data[0] & 2;

	v_charp = NULL;
	memset(v_string, 0, sizeof(v_string));
	memset(v_array, 0, sizeof(v_array));
	v_array[0] = 1;
	v_array[1] = ARRAY_MAX;
	hook_calls = 0;
	reset_obsolete();
	if (module) {
		/* Without bit 2, every entry but the missing variable; with
		   it, that one is warned about and left out of the table,
		   so "omissing=1" is an unknown parameter. */
		ret = fuzz_obsolete_params("fuzz", args, params, NPARAMS,
					   obsparm,
					   data[0] & 4 ? NOBS : NOBS - 1);
	} else
		ret = parse_args("fuzz", args, params, NPARAMS,
				 data[0] & 1 ? unknown : NULL);
	if (ret > 0 || ret < -4095)
		abort();

	check_str(v_charp, args, size);
	check_str(o_str, args, size);
	check_str(o_strp, args, size);
	for (i = 0; i < 3; i++)
		check_str(o_strs[i], args, size);
	if (strnlen(v_string, sizeof(v_string)) >= sizeof(v_string))
		abort();
	if (v_array[0] != 1 || v_array[1] != ARRAY_MAX ||
	    (unsigned int)v_array[2] > ARRAY_MAX)
		abort();
	if (v_bool != 0 && v_bool != 1)
		abort();

	/* Every get must fit the 4k page it is given. */
	out = malloc(4096);
	for (i = 0; i < NPARAMS; i++) {
		int n;

		if (params[i].arg == &v_charp && !v_charp)
			continue;
		n = params[i].get(out, &params[i]);
		if (n < 0 || n >= 4096 || strlen(out) != (size_t)n)
			abort();
	}
	free(out);
	free(args);
	return 0;
}
