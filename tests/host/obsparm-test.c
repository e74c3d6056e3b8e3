/*
 * Unit test of MODULE_PARM()'s type strings: set_obsolete() and
 * get_obsolete() of the patched kernel/module.c (extracted by the
 * Makefile into obsparm-frag.c, with struct obsolete_modparm from
 * module.h), over kernel/params.c, with ASan and UBSan.
 *
 *   obsparm-test < TYPES
 *
 * TYPES is tests/helpers/obsparm-types.py's list, read from the tree:
 * "TYPE<TAB>count<TAB>FILE:VAR" lines.  For each type that the grammar
 * [min[-max]]{b,h,i,l,s,cN} allows (parsed here, on its own), a good
 * value must be taken and read back exactly, and these refused with
 * their errno and a message naming the parameter, the variable left as
 * it was: one value too many, one too few (min > 1), a bad element
 * (junk for a number, 256 for a byte, no value for s, N and N + 5
 * characters for cN, after N - 1 were taken and NUL terminated).  A
 * type the grammar does not allow must be refused as unknown.  The
 * variable is a heap block of exactly max elements, so ASan sees a
 * write past it.  Prints a FAIL line per bad type, a PASS summary, and
 * "done".
 */
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAGE_SIZE 4096

unsigned long simple_strtoul(const char *cp, char **endp, unsigned int base)
{
	unsigned long v = 0;

	/* base 10 only: all the fragment asks for */
	while (*cp >= '0' && *cp <= '9')
		v = v * base + (unsigned long)(*cp++ - '0');
	if (endp)
		*endp = (char *)cp;
	return v;
}

#include "obsparm-frag.c"

static char msgs[8192];
static size_t msgs_len;

int printk(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(msgs + msgs_len, sizeof(msgs) - msgs_len, fmt, ap);
	va_end(ap);
	if (n > 0)
		msgs_len += (size_t)n < sizeof(msgs) - msgs_len ?
			    (size_t)n : sizeof(msgs) - msgs_len - 1;
	return n;
}

static const char *abi;
static char why[1024];

static int fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int fail(const char *fmt, ...)
{
	va_list ap;

	if (why[0])
		return 0;
	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	return 0;
}

/* The grammar, parsed independently of the kernel's obsolete_type(). */
static int parse(const char *t, unsigned int *min, unsigned int *max,
		 char *letter, unsigned int *size)
{
	const char *p = t;

	*size = 0;
	if (*p >= '0' && *p <= '9') {
		*min = (unsigned int)strtoul(p, (char **)&p, 10);
		if (*p == '-') {
			p++;
			if (*p >= '0' && *p <= '9')
				*max = (unsigned int)strtoul(p, (char **)&p, 10);
			else
				*max = *min;	/* "1-i" */
		} else
			*max = *min;
	} else
		*min = *max = 1;
	if (*max == 0 || *min > *max || !*p)
		return 0;
	*letter = *p++;
	if (*letter == 'c') {
		if (*p < '0' || *p > '9')
			return 0;
		*size = (unsigned int)strtoul(p, (char **)&p, 10);
		if (*size == 0)
			return 0;
	} else if (!strchr("bhils", *letter))
		return 0;
	return *p == '\0';
}

static size_t elemsize(char letter, unsigned int size)
{
	switch (letter) {
	case 'b': return 1;
	case 'h': return sizeof(short);
	case 'i': return sizeof(int);
	case 'l': return sizeof(long);
	case 's': return sizeof(char *);
	}
	return size;
}

/* The value of element k as given, and as get_obsolete() shows it. */
static void element(char letter, unsigned int size, unsigned int k,
		    int single, char *out, size_t len)
{
	switch (letter) {
	case 'b': snprintf(out, len, "%u", (k * 53 + 7) % 256); break;
	case 'h': k %= 16; snprintf(out, len, "%d", k & 1 ? -(int)(k * 1111) : (int)k * 997); break;
	case 'i': k %= 16; snprintf(out, len, "%d", k & 1 ? -(int)(k * 100003) : (int)k * 77777 + 1); break;
	case 'l': k %= 16; snprintf(out, len, "%ld", k & 1 ? -(long)k * 2000003L : (long)k * 1234567L + 3); break;
	case 's': snprintf(out, len, single ? "s%u,with,commas" : "s%u", k); break;
	case 'c':
		/* element 0 fills all N - 1 characters; the others are
		   shorter; a single one holds a comma */
		if (k == 0) {
			unsigned int i;

			for (i = 0; i + 1 < size && i + 1 < len; i++)
				out[i] = single && i == 1 && size > 3 ?
					 ',' : 'a' + i % 26;
			out[i] = '\0';
		} else
			snprintf(out, len, "%.*s", (int)size - 1, "c1c2c3c4c5c6c7c8");
		break;
	}
}

struct var {
	struct obsolete_modparm p;
	struct kernel_param kp;
	void *mem;
	size_t bytes;
	char *snap;
};

/* charp elements point into the value: copies live until the type's
   test ends. */
static char *kept[16];
static int nkept;

/* As a module load gives it: "name=value" through parse_args(). */
static int set(struct var *v, const char *val)
{
	size_t n = strlen(v->p.name) + (val ? strlen(val) + 1 : 0) + 1;
	char *args = malloc(n);
	int r;

	if (val)
		snprintf(args, n, "%s=%s", v->p.name, val);
	else
		snprintf(args, n, "%s", v->p.name);
	msgs_len = 0;
	msgs[0] = '\0';
	r = parse_args("hosttest", args, &v->kp, 1, NULL);
	if (r == 0 && nkept < 16)
		kept[nkept++] = args;
	else
		free(args);
	return r;
}

static char getbuf[PAGE_SIZE + 64];

static const char *get(struct var *v)
{
	int n;

	memset(getbuf, 'X', sizeof(getbuf));
	n = get_obsolete(getbuf, &v->kp);
	if (n < 0)
		return "(get failed)";
	if (getbuf[PAGE_SIZE] != 'X' || (int)strlen(getbuf) != n)
		return "(get overran its page or returned a wrong length)";
	return getbuf;
}

/* A refused value: errno, message naming the parameter, no change. */
static void refused(struct var *v, const char *type, const char *what,
		    const char *val, int err, const char *phrase)
{
	int r;

	memcpy(v->snap, v->mem, v->bytes);
	r = set(v, val);
	if (r != err)
		fail("%s: %s \"%.40s\" returned %d, want %d", type, what,
		     val ? val : "(none)", r, err);
	else if (!strstr(msgs, v->kp.name) || !strstr(msgs, phrase))
		fail("%s: %s: message \"%.80s\" does not name the parameter"
		     " and say \"%s\"", type, what, msgs, phrase);
	else if (memcmp(v->snap, v->mem, v->bytes))
		fail("%s: %s changed the variable", type, what);
}

static char *join(char letter, unsigned int size, unsigned int count,
		  int single)
{
	char *s = calloc(1, (size_t)count * (size + 32) + 1), *p = s;
	char e[512];
	unsigned int k;

	/* no strcat: 0-65535l gets 65536 values */
	for (k = 0; k < count; k++) {
		element(letter, size, k, single, e, sizeof(e));
		p += sprintf(p, "%s%s", k ? "," : "", e);
	}
	return s;
}

static int test_type(const char *type, const char *where)
{
	unsigned int min, max, size, count, k;
	char letter;
	struct var v;
	char *good, *want, e[512];
	size_t wlen = 0;
	int r, single;

	why[0] = '\0';
	memset(&v, 0, sizeof(v));
	snprintf(v.p.name, sizeof(v.p.name), "%s", "parm_under_test");
	snprintf(v.p.type, sizeof(v.p.type), "%s", type);
	v.kp.name = v.p.name;
	v.kp.set = set_obsolete;
	v.kp.get = get_obsolete;
	v.kp.arg = &v.p;

	if (!parse(type, &min, &max, &letter, &size)) {
		/* Not a type: refused as such, whatever the value. */
		char dummy[64] = "";

		v.p.addr = dummy;
		v.mem = dummy;
		v.bytes = sizeof(dummy);
		v.snap = malloc(v.bytes);
		refused(&v, type, "a value for a type that is none", "1",
			-EINVAL, "unknown MODULE_PARM type");
		free(v.snap);
		if (!why[0])
			printf("# obsparm host (%s): \"%s\" (%s) is no MODULE_PARM"
			       " type: refused as unknown, as it must be\n",
			       abi, type, where);
		return !why[0];
	}
	single = max == 1;
	v.bytes = elemsize(letter, size) * max;
	v.mem = calloc(1, v.bytes);		/* exactly max elements */
	v.snap = malloc(v.bytes);
	v.p.addr = v.mem;

	/* A good value: up to 8 values, at least min and at least one. */
	count = max < 8 ? max : 8;
	if (count < min)
		count = min;
	if (count == 0)
		count = 1;
	good = join(letter, size, count, single);
	r = set(&v, good);
	if (r)
		fail("%s: good value \"%.60s\" refused (%d): %.80s", type,
		     good, r, msgs);
	/* What get must print: every one of the max values, whole values
	   only within the page. */
	want = calloc(1, PAGE_SIZE);
	for (k = 0; k < max; k++) {
		const char *sep = k ? "," : "";
		char one[600];
		size_t n;

		if (k < count)
			element(letter, size, k, single, e, sizeof(e));
		else if (letter == 's' || letter == 'c')
			e[0] = '\0';
		else
			strcpy(e, "0");
		n = (size_t)snprintf(one, sizeof(one), "%s%s", sep, e);
		if (n >= PAGE_SIZE - wlen)
			break;
		memcpy(want + wlen, one, n + 1);
		wlen += n;
	}
	if (!r && strcmp(get(&v), want))
		fail("%s: set \"%.60s\", read back \"%.60s\", want \"%.60s\"",
		     type, good, getbuf, want);
	if (letter == 'c' && !r) {
		/* N - 1 characters and the NUL, nothing past the element */
		char *c = v.mem;

		if (strlen(c) != size - 1 || c[size - 1] != '\0')
			fail("%s: %u characters stored as \"%.40s\", not NUL"
			     " terminated at %u", type, size - 1, c, size - 1);
	}
	free(want);

	/* Too many values: not for a lone string, which takes commas. */
	if (!(single && (letter == 's' || letter == 'c'))) {
		char *many = join(letter, size, max + 1, single);

		refused(&v, type, "one value too many", many, -EINVAL,
			"can only take");
		free(many);
	}
	if (min > 1) {
		char *few = join(letter, size, min - 1, single);

		refused(&v, type, "one value too few", few, -EINVAL,
			"needs at least");
		free(few);
	}
	switch (letter) {
	case 'b':
		refused(&v, type, "a byte of 256", "256", -EINVAL, "invalid");
		/* fall through */
	case 'h':
	case 'i':
	case 'l':
		refused(&v, type, "junk", "12junk", -EINVAL, "invalid");
		break;
	case 's':
		refused(&v, type, "no value", NULL, -EINVAL, "expect");
		break;
	case 'c': {
		char *s = malloc(size + 6);

		memset(s, 'n', size + 5);
		s[size] = '\0';
		refused(&v, type, "N characters", s, -ENOSPC, "fit");
		s[size] = 'n';
		s[size + 5] = '\0';
		refused(&v, type, "N + 5 characters", s, -ENOSPC, "fit");
		free(s);
		refused(&v, type, "no value", NULL, -EINVAL, "expect");
		break;
	}
	}
	free(good);
	while (nkept)
		free(kept[--nkept]);
	free(v.mem);
	free(v.snap);
	if (why[0])
		printf("FAIL: obsparm host (%s): type \"%s\" (%s): %s\n", abi,
		       type, where, why);
	return !why[0];
}

int main(void)
{
	char line[512];
	int ntypes = 0, nok = 0, ndecls = 0;

	abi = sizeof(long) == 8 ? "64-bit long" : "32-bit long";
	while (fgets(line, sizeof(line), stdin)) {
		char *type = strtok(line, "\t\n");
		char *n = strtok(NULL, "\t\n");
		char *where = strtok(NULL, "\t\n");

		if (!type || !n || !where)
			continue;
		ntypes++;
		ndecls += atoi(n);
		nok += test_type(type, where);
	}
	if (ntypes == 0)
		printf("FAIL: obsparm host (%s): no type strings given\n", abi);
	else if (nok == ntypes)
		printf("PASS: obsparm host (%s): all %d type strings of the"
		       " tree (%d declarations): good values set and read"
		       " back, too many, too few and bad values refused\n",
		       abi, ntypes, ndecls);
	else
		printf("FAIL: obsparm host (%s): %d of %d type strings of the"
		       " tree fail (lines above)\n", abi, ntypes - nok, ntypes);
	printf("done\n");
	return nok == ntypes ? 0 : 1;
}
