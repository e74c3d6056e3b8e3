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
 * write past it, and its size is that of the block, as the loader
 * takes it from the symbol: obsolete_check_size() must take it.
 * Prints a FAIL line per bad type, a PASS summary.
 *
 * Then variables of other sizes than their type says (issue 38): a
 * long declared "0-65535l", three longs "1-8l", a u8 "0-2i", ...: a
 * variable takes no more values than it holds, sysfs (get_obsolete())
 * reads no more, and one too small for the type's least is refused by
 * obsolete_check_size() with a message naming module, parameter and
 * type, set_obsolete() writing nothing into it either.  Each variable
 * is followed, in its block, by guard bytes as large as the values its
 * type promises, so that without the limit the writes and reads stay
 * in the block (a FAIL line, not an ASan stop).  Then "done".
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
		v.p.size = sizeof(dummy);
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
	v.p.size = v.bytes;			/* the symbol's st_size */
	msgs_len = 0;
	if (obsolete_check_size("hosttest", &v.p))
		fail("%s: a variable of exactly %u values refused at load: %.80s",
		     type, max, msgs);

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

/*
 * A variable of bytes bytes declared type, followed in its block by
 * guard bytes as many as type's max values take (0xa5; 0 for s, whose
 * values get_obsolete() reads as pointers): val given as at
 * load must return err (0: taken; then get must read back want), with
 * a message holding phrase, and leave the guard as it was.  load: what
 * obsolete_check_size() must say (0, or -EINVAL with a message naming
 * module, parameter and type and holding "needs").
 */
struct size_case {
	const char *type;
	size_t bytes;
	int load;
	const char *val;
	int err;
	const char *phrase;		/* or the value read back */
};

static int size_case(const struct size_case *c)
{
	unsigned int min, max, size;
	char letter;
	size_t guard;
	unsigned char *block, gb;
	struct var v;
	char *val = NULL;
	int r;

	why[0] = '\0';
	if (!parse(c->type, &min, &max, &letter, &size)) {
		fail("\"%s\" is no type", c->type);
		goto out;
	}
	guard = elemsize(letter, size) * max + 64;
	gb = letter == 's' ? 0 : 0xa5;
	block = malloc(c->bytes + guard);
	memset(block, 0, c->bytes);
	memset(block + c->bytes, gb, guard);
	memset(&v, 0, sizeof(v));
	snprintf(v.p.name, sizeof(v.p.name), "%s", "sized");
	snprintf(v.p.type, sizeof(v.p.type), "%s", c->type);
	v.p.addr = block;
	v.p.size = c->bytes;
	v.kp.name = v.p.name;
	v.kp.set = set_obsolete;
	v.kp.get = get_obsolete;
	v.kp.arg = &v.p;
	v.mem = block;
	v.bytes = c->bytes + guard;	/* refused: no byte changes */
	v.snap = malloc(v.bytes);

	msgs_len = 0;
	msgs[0] = '\0';
	r = obsolete_check_size("hostmod", &v.p);
	if (r != c->load)
		fail("load check returned %d, want %d (%.100s)", r, c->load,
		     msgs);
	else if (r && (!strstr(msgs, "hostmod") || !strstr(msgs, "sized")
		       || !strstr(msgs, c->type) || !strstr(msgs, "needs")))
		fail("load check's message \"%.100s\" does not name module,"
		     " parameter and type and say \"needs\"", msgs);
	if (c->val) {
		val = strdup(c->val);
		if (c->err) {
			refused(&v, c->type, "value", val, c->err, c->phrase);
		} else if ((r = set(&v, val)) != 0) {
			fail("\"%.40s\" refused (%d): %.80s", c->val, r, msgs);
		} else {
			size_t k;

			if (strcmp(get(&v), c->phrase))
				fail("\"%.40s\" read back as \"%.60s\", want"
				     " \"%s\"", c->val, getbuf, c->phrase);
			for (k = c->bytes; k < c->bytes + guard; k++)
				if (block[k] != gb) {
					fail("\"%.40s\" wrote past the variable"
					     " (byte %zu of the guard)", c->val,
					     k - c->bytes);
					break;
				}
		}
	}
	while (nkept)
		free(kept[--nkept]);
	free(val);
	free(v.snap);
	free(block);
out:
	if (why[0])
		printf("FAIL: obsparm host (%s): variable sizes: \"%s\" on %zu"
		       " bytes, %s: %s\n", abi, c->type, c->bytes,
		       c->val ? c->val : "(no value)", why);
	return !why[0];
}

static void test_sizes(void)
{
	static char ninety[2 * 90];
	const struct size_case cases[] = {
		/* promises more than the variable holds: takes what fits */
		{ "0-65535l", sizeof(long), 0, "7", 0, "7" },
		{ "0-65535l", sizeof(long), 0, "1,2", -EINVAL,
		  "can only take 1 arguments" },
		{ "0-65535l", sizeof(long), 0, ninety, -EINVAL,
		  "can only take 1 arguments" },
		{ "1-8l", 3 * sizeof(long), 0, "1,-2,3", 0, "1,-2,3" },
		{ "1-8l", 3 * sizeof(long), 0, "1,2", 0, "1,2,0" },
		{ "1-8l", 3 * sizeof(long), 0, "1,2,3,4", -EINVAL,
		  "can only take 3 arguments" },
		{ "1-4h", 2 * sizeof(short) + 1, 0, "5,6", 0, "5,6" },
		{ "1-4h", 2 * sizeof(short) + 1, 0, "5,6,7", -EINVAL,
		  "can only take 2 arguments" },
		{ "0-255b", 2, 0, "1,2", 0, "1,2" },
		{ "0-255b", 2, 0, "1,2,3", -EINVAL, "can only take 2" },
		/* an array of strings on one: still an array, no commas */
		{ "1-4s", sizeof(char *), 0, "a", 0, "a" },
		{ "1-4s", sizeof(char *), 0, "a,b", -EINVAL,
		  "can only take 1 arguments" },
		{ "1-5c16", 16, 0, "eth0", 0, "eth0" },
		{ "1-5c16", 16, 0, "eth0,eth1", -EINVAL,
		  "can only take 1 arguments" },
		{ "1-5c16", 2 * 16 + 15, 0, "eth0,eth1,eth2", -EINVAL,
		  "can only take 2 arguments" },
		/* exactly what the type says */
		{ "1-3i", 3 * sizeof(int), 0, "1,2,3", 0, "1,2,3" },
		{ "c8", 8, 0, "1234567", 0, "1234567" },
		/* smaller than the least the type needs: refused at load,
		   and set_obsolete() writes nothing either */
		{ "0-2i", 1, -EINVAL, "5", -EINVAL, "" },
		{ "i", 1, -EINVAL, "5", -EINVAL, "" },
		{ "i", sizeof(int) - 1, -EINVAL, "5", -EINVAL, "" },
		{ "l", sizeof(int), sizeof(long) > sizeof(int) ? -EINVAL : 0,
		  NULL, 0, NULL },
		{ "2-4i", sizeof(int), -EINVAL, "1,2", -EINVAL, "" },
		{ "s", 2, -EINVAL, "x", -EINVAL, "" },
		{ "c8", 4, -EINVAL, "ab", -EINVAL, "" },
		{ "1-5c16", 15, -EINVAL, "a", -EINVAL, "" },
		/* no size (STT_NOTYPE): where it ends is unknown */
		{ "b", 0, -EINVAL, "1", -EINVAL, "" },
		{ "i", 0, -EINVAL, NULL, 0, NULL },
	};
	unsigned int i, n = sizeof(cases) / sizeof(cases[0]), ok = 0;

	for (i = 0; i < 90; i++)
		memcpy(ninety + 2 * i, i < 89 ? "9," : "9", 2);
	for (i = 0; i < n; i++)
		ok += size_case(&cases[i]);
	if (ok == n)
		printf("PASS: obsparm host (%s): variable sizes: all %u cases:"
		       " no value written or read past the variable (\"0-65535l\""
		       " on a long takes one), one too small for its type"
		       " refused at load with a message\n", abi, n);
	else
		printf("FAIL: obsparm host (%s): variable sizes: %u of %u"
		       " cases fail (lines above)\n", abi, n - ok, n);
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
	test_sizes();
	printf("done\n");
	return nok == ntypes ? 0 : 1;
}
