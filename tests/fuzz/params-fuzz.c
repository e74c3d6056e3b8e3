/*
 * libFuzzer target: random command lines through parse_args() of the
 * patched tree's kernel/params.c, built in user space (tests/host's
 * shims, see params.mk) with ASan and UBSan, against a table holding one
 * parameter of each type.  After each parse every get function prints
 * into an exact 4k buffer, and the invariants below must hold.
 *
 * Input: byte 0 picks whether unknown parameters are errors or handed
 * to a callback (as init/main.c does), the rest is the command line.
 */
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
};
#define NPARAMS (sizeof(params) / sizeof(params[0]))

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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *args, *out;
	unsigned int i;

	if (size < 1 || size > 16384)
		return 0;
	args = malloc(size);
	memcpy(args, data + 1, size - 1);
	args[size - 1] = '\0';

	v_charp = NULL;
	memset(v_string, 0, sizeof(v_string));
	memset(v_array, 0, sizeof(v_array));
	v_array[0] = 1;
	v_array[1] = ARRAY_MAX;
	parse_args("fuzz", args, params, NPARAMS, data[0] & 1 ? unknown : NULL);

	/* A charp points into the argument string, at most 1024 long. */
	if (v_charp && (v_charp < args || v_charp >= args + size ||
			strlen(v_charp) > 1024))
		abort();
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
