/*
 * Unit test of kernel/params.c, built in user space with the shims of
 * tests/host/include (see params.mk), with ASan and UBSan, for long of
 * 64 and of 32 bits.  Prints one "PASS: ..." or "FAIL: ...: why" line
 * per group of checks, then "done"; a crash or sanitizer report stops
 * it before "done".
 */
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *S(const char *s)
{
	return s ? s : "(NULL)";
}

/* printk: remember the messages of the current group. */
static char msgs[16384];
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

static void clear_msgs(void)
{
	msgs_len = 0;
	msgs[0] = '\0';
}

static int has_msg(const char *s)
{
	return strstr(msgs, s) != NULL;
}

/* Groups of checks: the first failure of a group is reported. */
static const char *group;
static char first_failure[512];
static int nchecks, all_ok = 1;
static const char *abi;

/* Values handed to the setters are heap copies of exactly their
   size (so ASan sees any overrun), freed at the end of the group. */
static char *kept[512];
static int nkept;

static char *keep(const char *s)
{
	char *c;

	if (!s)
		return NULL;
	c = malloc(strlen(s) + 1);
	strcpy(c, s);
	if (nkept == (int)(sizeof(kept) / sizeof(kept[0])))
		abort();
	kept[nkept++] = c;
	return c;
}

static void begin(const char *name)
{
	group = name;
	first_failure[0] = '\0';
	nchecks = 0;
	clear_msgs();
}

static void end(void)
{
	if (first_failure[0]) {
		printf("FAIL: params host (%s): %s: %s\n", abi, group,
		       first_failure);
		all_ok = 0;
	} else
		printf("PASS: params host (%s): %s (%d checks)\n", abi, group,
		       nchecks);
	fflush(stdout);
	while (nkept)
		free(kept[--nkept]);
}

static void check(int ok, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void check(int ok, int line, const char *fmt, ...)
{
	va_list ap;
	int n;

	nchecks++;
	if (ok || first_failure[0])
		return;
	n = snprintf(first_failure, sizeof(first_failure), "line %d: ", line);
	va_start(ap, fmt);
	vsnprintf(first_failure + n, sizeof(first_failure) - n, fmt, ap);
	va_end(ap);
}

/* Call a setter as parse_args would: value in writable memory. */
static int set(param_set_fn fn, const char *val, void *arg)
{
	struct kernel_param kp = { "test", 0, fn, NULL, arg };

	return fn(keep(val), &kp);
}

/* The get functions may write 4k; a canary after it catches more. */
static struct {
	char buf[4096];
	char canary[64];
} getarea;

static const char *get(param_get_fn fn, void *arg)
{
	struct kernel_param kp = { "test", 0, NULL, fn, arg };
	int n, i;

	memset(&getarea, 'X', sizeof(getarea));
	n = fn(getarea.buf, &kp);
	for (i = 0; i < (int)sizeof(getarea.canary); i++)
		if (getarea.canary[i] != 'X')
			return "(get overran its 4k buffer)";
	if (n < 0 || n >= (int)sizeof(getarea.buf) ||
	    (int)strlen(getarea.buf) != n)
		return "(get returned a wrong length)";
	return getarea.buf;
}

#define SET_OK(type, fn, str, want) do {				\
	type v_ = (type)0;						\
	int r_ = set(param_set_##fn, str, &v_);				\
	check(r_ == 0 && v_ == (type)(want), __LINE__,			\
	      "param_set_" #fn "(\"%s\") returned %d, value %s",	\
	      S(str), r_, get(param_get_##fn, &v_));			\
} while (0)

#define SET_BAD(type, fn, str, err) do {				\
	type v_ = (type)42;						\
	int r_ = set(param_set_##fn, str, &v_);				\
	check(r_ == (err) && v_ == (type)42, __LINE__,			\
	      "param_set_" #fn "(\"%s\") returned %d (want %d), value %s", \
	      S(str), r_, err, get(param_get_##fn, &v_));		\
} while (0)

#define GET_IS(type, fn, value, want) do {				\
	type v_ = (value);						\
	const char *g_ = get(param_get_##fn, &v_);			\
	check(strcmp(g_, want) == 0, __LINE__,				\
	      "param_get_" #fn " gave \"%s\", want \"%s\"", g_, want);	\
} while (0)

/* Forms every number parameter shares. */
#define COMMON_NUMBER_CHECKS(type, fn) do {				\
	SET_OK(type, fn, "0", 0);					\
	SET_OK(type, fn, "7", 7);					\
	SET_OK(type, fn, "0x1f", 31);					\
	SET_OK(type, fn, "0X1F", 31);					\
	SET_OK(type, fn, "010", 8);					\
	SET_OK(type, fn, "00", 0);					\
	SET_BAD(type, fn, "08", -EINVAL);				\
	SET_BAD(type, fn, "0x", -EINVAL);				\
	SET_BAD(type, fn, "0xg", -EINVAL);				\
	SET_BAD(type, fn, "", -EINVAL);					\
	SET_BAD(type, fn, NULL, -EINVAL);				\
	SET_BAD(type, fn, "-", -EINVAL);				\
	SET_BAD(type, fn, "--1", -EINVAL);				\
	SET_BAD(type, fn, "+1", -EINVAL);				\
	SET_BAD(type, fn, " 1", -EINVAL);				\
	SET_BAD(type, fn, "1 ", -EINVAL);				\
	SET_BAD(type, fn, "12abc", -EINVAL);				\
	SET_BAD(type, fn, "1,2", -EINVAL);				\
	SET_BAD(type, fn, "abc", -EINVAL);				\
	SET_BAD(type, fn, "99999999999999999999999999", -EINVAL);	\
	SET_BAD(type, fn, "0x10000000000000000", -EINVAL);		\
} while (0)

static void test_short(void)
{
	begin("short: range -32768..32767, bases, junk");
	COMMON_NUMBER_CHECKS(short, short);
	SET_OK(short, short, "32767", 32767);
	SET_OK(short, short, "-32768", -32768);
	SET_OK(short, short, "0x7fff", 32767);
	SET_OK(short, short, "-0x8000", -32768);
	SET_OK(short, short, "-0", 0);
	SET_BAD(short, short, "32768", -EINVAL);
	SET_BAD(short, short, "-32769", -EINVAL);
	SET_BAD(short, short, "65535", -EINVAL);
	SET_BAD(short, short, "0xffff", -EINVAL);
	SET_BAD(short, short, "4294967295", -EINVAL);
	GET_IS(short, short, -32768, "-32768");
	GET_IS(short, short, 32767, "32767");
	end();

	begin("ushort: range 0..65535, no minus sign");
	COMMON_NUMBER_CHECKS(unsigned short, ushort);
	SET_OK(unsigned short, ushort, "65535", 65535);
	SET_OK(unsigned short, ushort, "0xffff", 65535);
	SET_BAD(unsigned short, ushort, "65536", -EINVAL);
	SET_BAD(unsigned short, ushort, "-1", -EINVAL);
	SET_BAD(unsigned short, ushort, "-0", -EINVAL);
	SET_BAD(unsigned short, ushort, "4294967296", -EINVAL);
	GET_IS(unsigned short, ushort, 65535, "65535");
	GET_IS(unsigned short, ushort, 0, "0");
	end();
}

static void test_int(void)
{
	begin("int: INT_MIN..INT_MAX, overflow refused");
	COMMON_NUMBER_CHECKS(int, int);
	SET_OK(int, int, "-7", -7);
	SET_OK(int, int, "2147483647", INT_MAX);
	SET_OK(int, int, "-2147483648", INT_MIN);
	SET_OK(int, int, "0x7fffffff", INT_MAX);
	SET_OK(int, int, "-0x80000000", INT_MIN);
	SET_OK(int, int, "017777777777", INT_MAX);
	SET_BAD(int, int, "2147483648", -EINVAL);
	SET_BAD(int, int, "-2147483649", -EINVAL);
	SET_BAD(int, int, "0x80000000", -EINVAL);
	SET_BAD(int, int, "4294967295", -EINVAL);
	SET_BAD(int, int, "4294967296", -EINVAL);
	SET_BAD(int, int, "9223372036854775807", -EINVAL);
	SET_BAD(int, int, "-9223372036854775808", -EINVAL);
	GET_IS(int, int, INT_MIN, "-2147483648");
	GET_IS(int, int, INT_MAX, "2147483647");
	end();

	begin("uint: 0..UINT_MAX, -1 refused");
	COMMON_NUMBER_CHECKS(unsigned int, uint);
	SET_OK(unsigned int, uint, "4294967295", UINT_MAX);
	SET_OK(unsigned int, uint, "0xffffffff", UINT_MAX);
	SET_OK(unsigned int, uint, "2147483648", 2147483648U);
	SET_BAD(unsigned int, uint, "4294967296", -EINVAL);
	SET_BAD(unsigned int, uint, "0x100000000", -EINVAL);
	SET_BAD(unsigned int, uint, "-1", -EINVAL);
	SET_BAD(unsigned int, uint, "-4294967295", -EINVAL);
	GET_IS(unsigned int, uint, UINT_MAX, "4294967295");
	end();
}

static void test_long(void)
{
	char max[32], min[32], over[32], under[32];
	const char *umax, *uover;

	snprintf(max, sizeof(max), "%ld", LONG_MAX);
	snprintf(min, sizeof(min), "%ld", LONG_MIN);
	snprintf(over, sizeof(over), "%lu", (unsigned long)LONG_MAX + 1);
	snprintf(under, sizeof(under), "-%lu", (unsigned long)LONG_MAX + 2);
	if (sizeof(long) == 8) {
		umax = "18446744073709551615";
		uover = "18446744073709551616";
	} else {
		umax = "4294967295";
		uover = "4294967296";
	}

	begin("long: LONG_MIN..LONG_MAX of this ABI, overflow refused");
	COMMON_NUMBER_CHECKS(long, long);
	SET_OK(long, long, "-7", -7);
	SET_OK(long, long, max, LONG_MAX);
	SET_OK(long, long, min, LONG_MIN);
	SET_BAD(long, long, over, -EINVAL);
	SET_BAD(long, long, under, -EINVAL);
	SET_BAD(long, long, umax, -EINVAL);
	SET_BAD(long, long, uover, -EINVAL);
	if (sizeof(long) == 4)
		SET_BAD(long, long, "2147483648", -EINVAL);
	else
		SET_OK(long, long, "2147483648", 2147483648L);
	GET_IS(long, long, LONG_MIN, min);
	GET_IS(long, long, LONG_MAX, max);
	end();

	begin("ulong: 0..ULONG_MAX of this ABI, no wrap");
	COMMON_NUMBER_CHECKS(unsigned long, ulong);
	SET_OK(unsigned long, ulong, umax, ULONG_MAX);
	SET_OK(unsigned long, ulong, over, (unsigned long)LONG_MAX + 1);
	SET_BAD(unsigned long, ulong, uover, -EINVAL);
	SET_BAD(unsigned long, ulong, "-1", -EINVAL);
	SET_BAD(unsigned long, ulong, "-0", -EINVAL);
	GET_IS(unsigned long, ulong, ULONG_MAX, umax);
	end();
}

static void test_bool(void)
{
	static const char *yes[] = { "y", "Y", "yes", "YES", "Yes", "1" };
	static const char *no[] = { "n", "N", "no", "NO", "No", "0" };
	static const char *bad[] = { "", "2", "yess", "ye", "nope", "1x",
				     "01", "true", "on", " y", "y " };
	unsigned int i;

	begin("bool: y/yes/1 n/no/0 any case, bare name is true");
	SET_OK(int, bool, NULL, 1);
	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
		SET_OK(int, bool, yes[i], 1);
	for (i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		SET_OK(int, bool, no[i], 0);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		SET_BAD(int, bool, bad[i], -EINVAL);
	GET_IS(int, bool, 1, "Y");
	GET_IS(int, bool, 7, "Y");
	GET_IS(int, bool, 0, "N");
	end();

	begin("invbool: the inverse");
	SET_OK(int, invbool, NULL, 0);
	SET_OK(int, invbool, "y", 0);
	SET_OK(int, invbool, "no", 1);
	SET_OK(int, invbool, "0", 1);
	SET_BAD(int, invbool, "maybe", -EINVAL);
	SET_BAD(int, invbool, "", -EINVAL);
	GET_IS(int, invbool, 1, "N");
	GET_IS(int, invbool, 0, "Y");
	end();
}

static void test_charp(void)
{
	char *v = NULL, *p;
	char big[1026];
	int r;

	begin("charp: points into the arguments, at most 1024 chars");
	p = keep("hello");
	r = param_set_charp(p, &(struct kernel_param){ "test", 0, NULL,
						      NULL, &v });
	check(r == 0 && v == p, __LINE__, "charp does not point at its value");
	r = set(param_set_charp, "", &v);
	check(r == 0 && v && v[0] == '\0', __LINE__, "empty value: %d", r);
	clear_msgs();
	r = set(param_set_charp, NULL, &v);
	check(r == -EINVAL && has_msg("<3>test: string parameter expected"),
	      __LINE__, "no value: %d, message \"%s\"", r, msgs);
	memset(big, 'a', 1024);
	big[1024] = '\0';
	r = set(param_set_charp, big, &v);
	check(r == 0 && strlen(v) == 1024, __LINE__,
	      "1024 chars refused (%d)", r);
	big[1024] = 'a';
	big[1025] = '\0';
	v = NULL;
	clear_msgs();
	r = set(param_set_charp, big, &v);
	check(r == -ENOSPC && v == NULL && has_msg("longer than 1024"),
	      __LINE__, "1025 chars: %d, message \"%s\"", r, msgs);
	v = "x y";
	check(strcmp(get(param_get_charp, &v), "x y") == 0, __LINE__,
	      "get gave %s", get(param_get_charp, &v));
	v = NULL;
	check(strcmp(get(param_get_charp, &v), "(null)") == 0, __LINE__,
	      "get of NULL gave %s", get(param_get_charp, &v));
	end();
}

static void test_copystring(void)
{
	char *buf = malloc(8);	/* exactly 8 bytes: ASan sees an overrun */
	struct kparam_string kps = { 8, buf };
	int r;

	begin("copystring: fits with its NUL or -ENOSPC, NULL safe");
	strcpy(buf, "def");
	r = set(param_set_copystring, "1234567", &kps);
	check(r == 0 && strcmp(buf, "1234567") == 0, __LINE__,
	      "7 chars in 8 bytes: %d \"%s\"", r, buf);
	check(strcmp(get(param_get_string, &kps), "1234567") == 0, __LINE__,
	      "get gave %s", get(param_get_string, &kps));
	clear_msgs();
	r = set(param_set_copystring, "12345678", &kps);
	check(r == -ENOSPC && strcmp(buf, "1234567") == 0 &&
	      has_msg("<3>test: string doesn't fit in 7 chars"), __LINE__,
	      "8 chars in 8 bytes: %d \"%s\", message \"%s\"", r, buf, msgs);
	r = set(param_set_copystring, "", &kps);
	check(r == 0 && buf[0] == '\0', __LINE__, "empty: %d", r);
	strcpy(buf, "keep");
	r = set(param_set_copystring, NULL, &kps);
	check(r == -EINVAL && strcmp(buf, "keep") == 0, __LINE__,
	      "no value: %d", r);
	kps.maxlen = 0;
	r = set(param_set_copystring, "", &kps);
	check(r == -ENOSPC, __LINE__, "0-byte buffer took a string: %d", r);
	end();
	free(buf);
}

static void test_intarray(void)
{
	struct {
		int a[3 + 4];
		int canary;
	} t;
	unsigned int num;
	char *words[4];
	int r;

#define RESET() do { memset(&t, 0, sizeof(t)); t.a[0] = 2; t.a[1] = 4;	\
		     t.canary = 0x5a5a; } while (0)
	begin("intarray: min..max values, count kept, no overrun");
	RESET();
	r = set(param_set_intarray, "1,-2", t.a);
	check(r == 0 && t.a[2] == 2 && t.a[3] == 1 && t.a[4] == -2, __LINE__,
	      "\"1,-2\": %d count %d", r, t.a[2]);
	check(strcmp(get(param_get_intarray, t.a), "1,-2") == 0, __LINE__,
	      "get after 2 values: %s", get(param_get_intarray, t.a));
	r = set(param_set_intarray, "5,6,0x7,010", t.a);
	check(r == 0 && t.a[2] == 4 && t.a[5] == 7 && t.a[6] == 8, __LINE__,
	      "4 values: %d count %d", r, t.a[2]);
	check(strcmp(get(param_get_intarray, t.a), "5,6,7,8") == 0, __LINE__,
	      "get after 4 values: %s", get(param_get_intarray, t.a));
	RESET();
	clear_msgs();
	r = set(param_set_intarray, "1,2,3,4,5", t.a);
	check(r == -EINVAL && t.canary == 0x5a5a &&
	      has_msg("can only take 4 arguments"), __LINE__,
	      "5 values in 4: %d, canary %#x, message \"%s\"", r, t.canary,
	      msgs);
	check(t.a[2] == 0, __LINE__, "count changed by a refused set");
	clear_msgs();
	r = set(param_set_intarray, "1", t.a);
	check(r == -EINVAL && has_msg("needs at least 2 arguments"), __LINE__,
	      "1 value, min 2: %d, message \"%s\"", r, msgs);
	RESET();
	t.a[3] = 11;
	t.a[2] = 1;
	r = set(param_set_intarray, "1,2,x", t.a);
	check(r == -EINVAL && t.a[2] == 1 && t.a[3] == 11 && t.a[4] == 0,
	      __LINE__, "a bad element changed the array: %d count %d, %d,%d",
	      r, t.a[2], t.a[3], t.a[4]);
	r = set(param_set_intarray, "1,2,3,4,5", t.a);
	check(r == -EINVAL && t.a[3] == 11, __LINE__,
	      "too many values changed the array");
	r = set(param_set_intarray, "1,,2", t.a);
	check(r == -EINVAL, __LINE__, "empty element: %d", r);
	r = set(param_set_intarray, "1,2,", t.a);
	check(r == -EINVAL, __LINE__, "trailing comma: %d", r);
	r = set(param_set_intarray, "", t.a);
	check(r == -EINVAL, __LINE__, "empty value: %d", r);
	r = set(param_set_intarray, NULL, t.a);
	check(r == -EINVAL, __LINE__, "no value: %d", r);
	r = set(param_set_intarray, "1,2147483648", t.a);
	check(r == -EINVAL, __LINE__, "int overflow in an element: %d", r);
	RESET();
	check(strcmp(get(param_get_intarray, t.a), "") == 0, __LINE__,
	      "get with no values: \"%s\"", get(param_get_intarray, t.a));
	end();

	begin("param_array: charp elements are split for good");
	r = param_array("test", keep("a,bc,"), 1, 4, words, sizeof(char *),
			param_set_charp, &num);
	check(r == 0 && num == 3 && strcmp(words[0], "a") == 0 &&
	      strcmp(words[1], "bc") == 0 && strcmp(words[2], "") == 0,
	      __LINE__, "\"a,bc,\": %d num %u", r, num);
	r = param_array("test", keep("x"), 1, 1, words, sizeof(char *),
			param_set_charp, NULL);
	check(r == 0 && strcmp(words[0], "x") == 0, __LINE__,
	      "NULL num: %d", r);
	{
		char *v = keep("1,2,zz,4");
		int ints[4];

		r = param_array("test", v, 1, 4, ints, sizeof(int),
				param_set_int, &num);
		check(r == -EINVAL && strcmp(v, "1,2,zz,4") == 0, __LINE__,
		      "commas not put back after an error: %d \"%s\"", r, v);
		v = keep("1,2,3");
		r = param_array("test", v, 1, 2, ints, sizeof(int),
				param_set_int, &num);
		check(r == -EINVAL && strcmp(v, "1,2,3") == 0, __LINE__,
		      "too many: %d \"%s\"", r, v);
	}
	end();

	/* Found by make fuzz: a bad element after good charp ones put the
	   commas back under them, so words[0] became the whole rest of
	   the value (past 1024 characters after an unbalanced quote). */
	begin("param_array: all or nothing, a bad element changes no other");
	{
		char *v, *big = malloc(1100 + 1);
		int ints[4] = { 7, 7, 7, 7 };
		char *words2[3] = { "old0", "old1", "old2" };

		memset(big, 'y', 1100);
		big[1100] = '\0';
		v = malloc(strlen(big) + 4);
		sprintf(v, "x\",%s", big);
		free(big);
		big = v;
		v = keep(big);
		r = param_array("test", v, 1, 3, words2, sizeof(char *),
				param_set_charp, &num);
		check(r == -ENOSPC && strcmp(words2[0], "old0") == 0 &&
		      strcmp(words2[1], "old1") == 0, __LINE__,
		      "charp element too long: %d, words[0] %zu long", r,
		      strlen(words2[0]));
		check(strlen(v) == 1100 + 3 && v[2] == ',', __LINE__,
		      "value not given back whole: %zu", strlen(v));
		num = 99;
		r = param_array("test", keep("1,2,zz"), 1, 4, ints,
				sizeof(int), param_set_int, &num);
		check(r == -EINVAL && ints[0] == 7 && ints[1] == 7 && num == 99,
		      __LINE__, "int element bad: %d, ints %d,%d num %u", r,
		      ints[0], ints[1], num);
		r = param_array("test", keep("1,2"), 1, 4, ints, 64,
				param_set_int, &num);
		check(r == -EINVAL && has_msg("array elements of 64 bytes"),
		      __LINE__, "elements larger than the scratch space: %d", r);
		free(big);
	}
	end();

	begin("intarray get: stays inside its 4k buffer");
	{
		static int big[3 + 1000];
		int i;

		big[0] = 0;
		big[1] = 1000;
		big[2] = 1000;
		for (i = 0; i < 1000; i++)
			big[3 + i] = INT_MIN;
		check(get(param_get_intarray, big)[0] == '-', __LINE__,
		      "1000 x INT_MIN: %.60s", get(param_get_intarray, big));
	}
	end();
}

/* Parameters declared with the macros, as a module or built-in would. */
static int num = 1;
static short sh;
static unsigned short ush;
static unsigned int ui;
static long lg;
static unsigned long ul;
static char *cp;
static int flag;
static int noflag;
static int arr[3 + 3] = { 0, 3 };
static char str[6] = "def";
static int inner_value;
static int custom_calls;

static int custom_set(const char *val, struct kernel_param *kp)
{
	custom_calls++;
	return param_set_int(val, kp);
}

module_param(num, int, 0644);
module_param(sh, short, 0);
module_param(ush, ushort, 0);
module_param(ui, uint, 0);
module_param(lg, long, 0);
module_param(ul, ulong, 0);
module_param(cp, charp, 0);
module_param(flag, bool, 0);
module_param(noflag, invbool, 0);
module_param(arr, intarray, 0);
module_param_string(str, str, sizeof(str), 0);
module_param_named(my_value, inner_value, int, 0444);
module_param_call(custom, custom_set, param_get_int, &num, 0);

#define NPARAMS 13
static struct kernel_param table[NPARAMS];

static void make_table(void)
{
	struct kernel_param *all[NPARAMS] = {
		&__param_num, &__param_sh, &__param_ush, &__param_ui,
		&__param_lg, &__param_ul, &__param_cp, &__param_flag,
		&__param_noflag, &__param_arr, &__param_str,
		&__param_my_value, &__param_custom,
	};
	int i;

	for (i = 0; i < NPARAMS; i++)
		table[i] = *all[i];
}

static void test_macros(void)
{
	begin("macros: prefixed names, setters, getters, arg, perm");
	check(strcmp(__param_num.name, "hosttest.num") == 0 &&
	      __param_num.set == param_set_int &&
	      __param_num.get == param_get_int &&
	      __param_num.arg == &num && __param_num.perm == 0644, __LINE__,
	      "module_param(num, int, 0644) gave %s", __param_num.name);
	check(strcmp(__param_my_value.name, "hosttest.my_value") == 0 &&
	      __param_my_value.arg == &inner_value &&
	      __param_my_value.perm == 0444, __LINE__,
	      "module_param_named: %s", __param_my_value.name);
	check(__param_str.set == param_set_copystring &&
	      __param_str.get == param_get_string &&
	      ((struct kparam_string *)__param_str.arg)->maxlen == 6 &&
	      ((struct kparam_string *)__param_str.arg)->string == str,
	      __LINE__, "module_param_string");
	check(__param_custom.set == custom_set && __param_custom.arg == &num,
	      __LINE__, "module_param_call");
	check(__param_arr.set == param_set_intarray &&
	      __param_arr.arg == (void *)arr, __LINE__, "intarray arg");
	check(__param_noflag.set == param_set_invbool &&
	      __param_cp.set == param_set_charp &&
	      __param_ul.get == param_get_ulong, __LINE__, "types");
	end();
}

/* What the unknown handler saw, with '=' put back as init/main.c does. */
static char unknown_seen[1024];
static int unknown_calls;

static int record_unknown(char *param, char *val)
{
	size_t n = strlen(unknown_seen);

	if (val)
		val[-1] = '=';
	snprintf(unknown_seen + n, sizeof(unknown_seen) - n, "[%s]", param);
	unknown_calls++;
	return 0;
}

static int parse(const char *args, int with_unknown)
{
	unknown_seen[0] = '\0';
	unknown_calls = 0;
	clear_msgs();
	return parse_args("test", keep(args), table, NPARAMS,
			  with_unknown ? record_unknown : NULL);
}

static void test_parse_args(void)
{
	char line[256];
	int r;

	make_table();

	begin("parse_args: every type through the table");
	r = parse("hosttest.num=5 hosttest.sh=-3 hosttest.ush=0xffff "
		  "hosttest.ui=4294967295 hosttest.lg=-9 hosttest.ul=010 "
		  "hosttest.cp=text hosttest.flag hosttest.noflag=y "
		  "hosttest.arr=1,2 hosttest.str=abcde hosttest.my_value=11",
		  0);
	check(r == 0 && num == 5 && sh == -3 && ush == 65535 &&
	      ui == 4294967295U && lg == -9 && ul == 8 &&
	      strcmp(S(cp), "text") == 0 && flag == 1 && noflag == 0 &&
	      arr[2] == 2 && arr[3] == 1 && arr[4] == 2 &&
	      strcmp(str, "abcde") == 0 && inner_value == 11, __LINE__,
	      "returned %d; num %d sh %d ush %u ui %u lg %ld ul %lu cp %s "
	      "flag %d noflag %d arr %d:%d,%d str %s my_value %d; %s", r,
	      num, sh, ush, ui, lg, ul, S(cp), flag, noflag, arr[2], arr[3],
	      arr[4], str, inner_value, msgs);
	r = parse("hosttest.custom=77", 0);
	check(r == 0 && custom_calls == 1 && num == 77, __LINE__,
	      "module_param_call: %d calls %d num %d", r, custom_calls, num);
	check(msgs[0] == '\0', __LINE__, "messages for good arguments: %s",
	      msgs);
	end();

	begin("parse_args: spaces, tabs, empty and trailing runs");
	r = parse("", 1);
	check(r == 0 && unknown_calls == 0, __LINE__, "empty line");
	r = parse("     ", 1);
	check(r == 0 && unknown_calls == 0, __LINE__, "only spaces: %d calls",
	      unknown_calls);
	r = parse("   hosttest.num=6     a    b   ", 1);
	check(r == 0 && num == 6 && strcmp(unknown_seen, "[a][b]") == 0,
	      __LINE__, "runs of spaces: %d num %d unknown %s", r, num,
	      unknown_seen);
	r = parse("a\tb\nhosttest.num=7\n", 1);
	check(r == 0 && num == 7 && strcmp(unknown_seen, "[a][b]") == 0,
	      __LINE__, "tab/newline: unknown %s", unknown_seen);
	end();

	begin("parse_args: quotes group spaces and are stripped");
	r = parse("hosttest.cp=\"hello world\" x", 1);
	check(r == 0 && strcmp(S(cp), "hello world") == 0 &&
	      strcmp(unknown_seen, "[x]") == 0, __LINE__,
	      "name=\"a b\": cp \"%s\", unknown %s", S(cp), unknown_seen);
	r = parse("\"hosttest.cp=whole quoted\" y", 1);
	check(r == 0 && strcmp(S(cp), "whole quoted") == 0 &&
	      strcmp(unknown_seen, "[y]") == 0, __LINE__,
	      "\"name=a b\": cp \"%s\", unknown %s", S(cp), unknown_seen);
	r = parse("hosttest.str=\"a b\"", 1);
	check(r == 0 && strcmp(str, "a b") == 0, __LINE__,
	      "copystring \"a b\": \"%s\"", str);
	r = parse("hosttest.cp=\"\"", 1);
	check(r == 0 && strcmp(S(cp), "") == 0, __LINE__, "empty quotes");
	r = parse("env=\"v w\" \"env2=x y\" q=\"\" \"bare\"", 1);
	check(r == 0 && strcmp(unknown_seen, "[env=v w][env2=x y][q=][bare]")
	      == 0, __LINE__, "unknown options: %s", unknown_seen);
	r = parse("hosttest.cp=\"unterminated value", 1);
	check(r == 0 && strcmp(S(cp), "unterminated value") == 0, __LINE__,
	      "unterminated quote: \"%s\"", S(cp));
	r = parse("hosttest.cp=in\"side q\"uotes", 1);
	check(r == 0 && strcmp(S(cp), "in\"side q\"uotes") == 0, __LINE__,
	      "inner quotes kept: \"%s\"", S(cp));
	end();

	begin("parse_args: '-' and '_' equal in names, line not mangled");
	inner_value = 0;
	r = parse("hosttest.my-value=3", 1);
	check(r == 0 && inner_value == 3, __LINE__, "my-value: %d %d", r,
	      inner_value);
	r = parse("hosttest.my_value=4", 1);
	check(r == 0 && inner_value == 4, __LINE__, "my_value");
	r = parse("-s --x my-opt=a-b -", 1);
	check(r == 0 && strcmp(unknown_seen, "[-s][--x][my-opt=a-b][-]") == 0,
	      __LINE__, "unknown options mangled: %s", unknown_seen);
	strcpy(line, "hosttest.my-value=5 rest");
	r = parse_args("test", line, table, NPARAMS, record_unknown);
	check(r == 0 && memcmp(line, "hosttest.my-value\0" "5\0rest", 24) == 0,
	      __LINE__, "the name was rewritten in the line");
	r = parse("hosttest-num=1", 0);
	check(r == -ENOENT, __LINE__, "'.' matched '-': %d", r);
	end();

	begin("parse_args: errors named, reported, rest still parsed");
	r = parse("bogus=1 hosttest.num=8", 0);
	check(r == -ENOENT && num == 8 &&
	      has_msg("<3>test: unknown parameter `bogus'"), __LINE__,
	      "unknown: %d num %d \"%s\"", r, num, msgs);
	r = parse("hosttest.num=xyz hosttest.sh=1", 0);
	check(r == -EINVAL && sh == 1 && num == 8 &&
	      has_msg("<3>test: `xyz' invalid for parameter `hosttest.num'"),
	      __LINE__, "invalid: %d \"%s\"", r, msgs);
	r = parse("hosttest.num", 0);
	check(r == -EINVAL && num == 8 &&
	      has_msg("`' invalid for parameter `hosttest.num'"), __LINE__,
	      "no '=': %d \"%s\"", r, msgs);
	r = parse("hosttest.num=", 0);
	check(r == -EINVAL && num == 8, __LINE__, "empty value: %d", r);
	r = parse("hosttest.str=toolong", 0);
	check(r == -ENOSPC && strcmp(str, "a b") == 0 &&
	      has_msg("<3>test: `toolong' too large for parameter "
		      "`hosttest.str'"), __LINE__, "too long: %d \"%s\"", r,
	      msgs);
	r = parse("hosttest.str", 0);
	check(r == -EINVAL, __LINE__, "copystring without '=': %d", r);
	r = parse("a=1 hosttest.num=bad b", 0);
	check(r == -ENOENT && has_msg("`a'") && has_msg("`b'") &&
	      has_msg("`bad' invalid"), __LINE__,
	      "first error returned, all reported: %d \"%s\"", r, msgs);
	r = parse("hosttest.ui=-1", 0);
	check(r == -EINVAL, __LINE__, "uint -1: %d", r);
	r = parse("hosttest.num=2147483648", 0);
	check(r == -EINVAL && num == 8, __LINE__, "int overflow: %d %d", r,
	      num);
	r = parse("hosttest.arr=1,2,3,4", 0);
	check(r == -EINVAL && has_msg("can only take 3 arguments") &&
	      has_msg("`1,2,3,4' invalid for parameter `hosttest.arr'"),
	      __LINE__, "array too long: %d \"%s\"", r, msgs);
	r = parse("=x", 1);
	check(r == 0 && strcmp(unknown_seen, "[=x]") == 0, __LINE__,
	      "empty name: %s", unknown_seen);
	end();
}

/*
 * Hostile input (issue 3), as hostile-modload.case and hostile-boot-*.case
 * give it to the kernel: names that are only '=', lone and unbalanced
 * quotes, a thousand parameters, a value past charp's 1024, bytes >= 0x80
 * (0xa0 too: the kernel's isspace(), which this build uses, takes it for
 * a blank), messages about values longer than printk() can print.
 */
static void test_hostile(void)
{
	char *line;
	size_t i;
	int r;

	make_table();

	begin("parse_args: hostile names: =, ==, lone quote, empty");
	r = parse("=", 1);
	check(r == 0 && unknown_calls == 1 && strcmp(unknown_seen, "[=]") == 0,
	      __LINE__, "\"=\": %d calls, %s", unknown_calls, unknown_seen);
	r = parse("==", 1);
	check(r == 0 && unknown_calls == 1 && strcmp(unknown_seen, "[==]") == 0,
	      __LINE__, "\"==\": %d calls, %s", unknown_calls, unknown_seen);
	r = parse("=", 0);
	check(r == -ENOENT && has_msg("<3>test: unknown parameter `'\n"),
	      __LINE__, "\"=\" without handler: %d \"%s\"", r, msgs);
	r = parse("== hosttest.num=9", 0);
	check(r == -ENOENT && num == 9, __LINE__, "\"==\" then num: %d %d", r,
	      num);
	r = parse("\"", 1);
	check(r == 0 && unknown_calls == 1 && strcmp(unknown_seen, "[]") == 0,
	      __LINE__, "lone quote: %d calls, %s", unknown_calls, unknown_seen);
	r = parse("\"", 0);
	check(r == -ENOENT && has_msg("unknown parameter `'"), __LINE__,
	      "lone quote without handler: %d \"%s\"", r, msgs);
	r = parse("\"\"", 1);
	check(r == 0 && unknown_calls == 1 && strcmp(unknown_seen, "[]") == 0,
	      __LINE__, "\"\": %s", unknown_seen);
	r = parse("hosttest.=1 .=", 1);
	check(r == 0 && strcmp(unknown_seen, "[hosttest.=1][.=]") == 0,
	      __LINE__, "dotted empty names: %s", unknown_seen);
	end();

	begin("parse_args: unbalanced quotes run to the end of the line");
	r = parse("hosttest.num=1 \"hosttest.cp=abc hosttest.num=5", 0);
	check(r == 0 && num == 1 && strcmp(S(cp), "abc hosttest.num=5") == 0,
	      __LINE__, "open quote around an argument: num %d cp \"%s\"",
	      num, S(cp));
	r = parse("hosttest.cp=\"x y hosttest.num=6", 0);
	check(r == 0 && num == 1 && strcmp(S(cp), "x y hosttest.num=6") == 0,
	      __LINE__, "open quote in a value: num %d cp \"%s\"", num, S(cp));
	r = parse("w \" hosttest.num=6 x", 1);
	check(r == 0 && num == 1 &&
	      strcmp(unknown_seen, "[w][ hosttest.num=6 x]") == 0, __LINE__,
	      "lone quote inside: num %d unknown %s", num, unknown_seen);
	r = parse("hosttest.cp=\"", 0);
	check(r == 0 && strcmp(S(cp), "") == 0, __LINE__,
	      "value of one quote: \"%s\"", S(cp));
	end();

	begin("parse_args: a thousand parameters, values past the limits");
	line = malloc(16 * 1000 + 16);
	line[0] = '\0';
	for (i = 0; i < 1000; i++)
		strcat(line, "hosttest.num=3 ");
	r = parse(line, 0);
	check(r == 0 && num == 3, __LINE__, "1000 x num=3: %d %d", r, num);
	strcat(line, "bogus=1");
	r = parse(line, 0);
	check(r == -ENOENT && num == 3 && has_msg("unknown parameter `bogus'"),
	      __LINE__, "1000 then unknown: %d", r);
	strcpy(line, "hosttest.cp=");
	memset(line + 12, 'a', 1025);
	line[12 + 1025] = '\0';
	cp = NULL;
	r = parse(line, 0);
	check(r == -ENOSPC && cp == NULL &&
	      has_msg("hosttest.cp: string parameter longer than 1024") &&
	      has_msg("' too large for parameter `hosttest.cp'"), __LINE__,
	      "charp 1025: %d", r);
	line[12 + 1024] = '\0';
	r = parse(line, 0);
	check(r == 0 && cp && strlen(cp) == 1024, __LINE__, "charp 1024: %d",
	      r);
	strcpy(str, "kept");
	strcpy(line, "hosttest.str=");
	memset(line + 13, 'b', 4096);
	line[13 + 4096] = '\0';
	r = parse(line, 0);
	check(r == -ENOSPC && strcmp(str, "kept") == 0 &&
	      has_msg("hosttest.str: string doesn't fit in 5 chars"), __LINE__,
	      "copystring 4k: %d \"%s\"", r, str);
	free(line);
	end();

	begin("parse_args: bytes >= 0x80 in names and values");
	r = parse("n\xffm=1", 0);
	check(r == -ENOENT && has_msg("unknown parameter `n\xffm'"), __LINE__,
	      "0xff in a name: %d", r);
	r = parse("hosttest.cp=\xff\xfe\x80", 0);
	check(r == 0 && strcmp(S(cp), "\xff\xfe\x80") == 0, __LINE__,
	      "0xff in a charp: %d", r);
	r = parse("hosttest.num=1\xff", 0);
	check(r == -EINVAL && num == 3, __LINE__, "0xff after a number: %d", r);
	r = parse("\xff=\xff x\x80=y", 1);
	check(r == 0 && strcmp(unknown_seen, "[\xff=\xff][x\x80=y]") == 0,
	      __LINE__, "unknown with 0xff: %s", unknown_seen);
	/* The seed split arguments with the kernel's isspace(): UTF-8's
	   "\xc3\xa0" (a grave) lost its second byte, and the rest became
	   a parameter name of its own. */
	r = parse("hosttest.cp=voil\xc3\xa0 hosttest.num=4", 0);
	check(r == 0 && strcmp(S(cp), "voil\xc3\xa0") == 0 && num == 4,
	      __LINE__, "0xa0 split a value: %d cp \"%s\"", r, S(cp));
	r = parse("a\xa0" "b \xa0 c=\xa0", 1);
	check(r == 0 && strcmp(unknown_seen, "[a\xa0" "b][\xa0][c=\xa0]") == 0,
	      __LINE__, "0xa0 taken for a blank: %s", unknown_seen);
	r = parse("\thosttest.num=5\r\nhosttest.sh=2\v\f", 0);
	check(r == 0 && num == 5 && sh == 2, __LINE__,
	      "ASCII blanks other than space: %d %d %d", r, num, sh);
	end();

	begin("parse_args: messages about long input stay whole");
	line = malloc(4200);
	strcpy(line, "hosttest.num=");
	memset(line + 13, '7', 4000);
	line[13 + 4000] = '\0';
	r = parse(line, 0);
	check(r == -EINVAL && num == 5 && strlen(msgs) < 200 &&
	      has_msg("<3>test: `7777777777") &&
	      has_msg("...' invalid for parameter `hosttest.num'\n"),
	      __LINE__, "4000-digit value: %d, message of %zu bytes: %.80s", r,
	      strlen(msgs), msgs);
	memset(line, 'n', 3000);
	strcpy(line + 3000, "=1");
	r = parse(line, 0);
	check(r == -ENOENT && strlen(msgs) < 200 &&
	      has_msg("...'\n") && has_msg("unknown parameter `nnnnnnnn"),
	      __LINE__, "3000-character name: %d, message of %zu bytes", r,
	      strlen(msgs));
	strcpy(line, "hosttest.str=");
	memset(line + 13, 's', 2000);
	line[13 + 2000] = '\0';
	r = parse(line, 0);
	check(r == -ENOSPC && strlen(msgs) < 300 &&
	      has_msg("...' too large for parameter `hosttest.str'\n"),
	      __LINE__, "2000-character string: %d, %zu bytes", r,
	      strlen(msgs));
	r = parse("hosttest.num=1234567890123456789012345678901234567890123456789012345678901234", 0);
	check(r == -EINVAL && has_msg("`1234567890123456789012345678901234567890123456789012345678901234' invalid"),
	      __LINE__, "64 characters are quoted whole: \"%s\"", msgs);
	free(line);
	end();
}

int main(void)
{
	abi = sizeof(long) == 8 ? "64-bit long" : "32-bit long";
	test_short();
	test_int();
	test_long();
	test_bool();
	test_charp();
	test_copystring();
	test_intarray();
	test_macros();
	test_parse_args();
	test_hostile();
	printf("done\n");
	return all_ok ? 0 : 1;
}
