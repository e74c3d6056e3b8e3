/*
 * A tiny /sbin/init for booting Linux 2.5.50 under QEMU, with no libc:
 * today's glibc refuses to start on a 2.5 kernel.  Raw system calls, from
 * qemu-test/arch/ARCH/syscalls.h (one directory per architecture that boots).
 *
 * It reads /steps, one command a line, runs each and prints what happened
 * on the console, then ends the guest with reboot(2) (QEMU -no-reboot
 * exits).  Commands:
 *
 *	echo TEXT		print TEXT
 *	cmdline			print /proc/cmdline as "cmdline: ..."
 *	args			print our argv[] and envp[] as "argv[N]=..."
 *	cat FILE		print FILE's lines, each as "FILE: line"
 *	load FILE [ARGS]	init_module(image of FILE, len, ARGS);
 *				prints "load FILE: RET" (0 or -errno)
 *	loadwide FILE [ARGS]	load FILE with zero section headers (SHT_NULL)
 *				put before its last one, as many as its
 *				e_shnum says are missing (badkept.py's
 *				kept-shndx-reserved.o: a table of 0xff01 headers,
 *				2.5MB or more, from a file of a few kB), in
 *				memory from brk(2): "loadwide FILE: RET"
 *	unload NAME		delete_module(NAME, O_NONBLOCK): "unload NAME: RET"
 *	unloadbg NAME		fork a child that runs delete_module(NAME, 0),
 *				which waits for NAME's count to drop (rmmod
 *				-w); wait (a bounded while) until
 *				/sys/module/NAME/initstate reads "going" (the
 *				module is no longer live): "unloadbg NAME:
 *				going" (or "not going"); one at a time
 *	unloadbgnb NAME		the same with delete_module(NAME, O_NONBLOCK)
 *				(a plain rmmod, count 0, held by unload_hold):
 *				"unloadbgnb NAME: going"
 *	unloadwait		wait for that child: "unloadwait: RET", the
 *				delete_module()'s 0 or -errno
 *	write FILE TEXT		write TEXT (no newline) to FILE in one write(2):
 *				"write FILE: RET" (bytes written or -errno)
 *	writechild FILE TEXT	the same write from a child, waited for: a
 *				write that Oopses kills the child, not init;
 *				"writechild FILE: signal N" or ": exit 0"
 *	euid N			setresuid(-1, N, -1): who opens files now
 *	hold FILE		open FILE for reading and keep it: "hold FILE: FD"
 *	readheld		read the held file from its start: "held: line"
 *				for each line, then "readheld: RET"
 *	closeheld		close it: "closeheld: RET"
 *	memfree			remember MemFree of /proc/meminfo: "memfree: N kB"
 *	memcheck KB		"memcheck: lost N kB, at most KB: ok" (or "too
 *				much") against the last memfree
 *	dentries		remember the count of dentries (the first
 *				number of /proc/sys/fs/dentry-state):
 *				"dentries: N"
 *	dentrycheck N		"dentrycheck: D more, at most N: ok" (or "too
 *				many") against the last dentries
 *	reader FILE		fork a child that reads FILE over and over until
 *				stopreader kills it: "reader FILE: PID"
 *	stopreader		"stopreader: PID" once it is gone
 *	writebad FILE		write(2) to FILE from an address that is not
 *				ours: "writebad FILE: RET" (-EFAULT expected)
 *	dirmark DIR		remember the names in DIR: "dirmark DIR: N"
 *	dircheck DIR		compare DIR with the last dirmark: "dircheck
 *				DIR: added NAME" or "gone NAME" for each
 *				difference, then "dircheck DIR: A added, G gone"
 *	readlink FILE		"readlink FILE: TARGET" (or "readlink FILE:
 *				-errno")
 *	ls DIR			"ls DIR: NAME" for each name in DIR, in
 *				byte order, then "ls DIR: N" (the count, or
 *				-errno)
 *	cycles N FILE NAME PFILE [WFILE]  N times: load FILE, read PFILE,
 *				try to open WFILE for writing (its result is
 *				not counted), unload NAME; "cycles: N done, F
 *				failed" (the first failure printed as it happens)
 *	stress N		four children at once, N rounds each (SMP: on both
 *				CPUs): stressp loaded and unloaded; stressa and
 *				stressb loaded, stressa's unload refused while
 *				stressb uses it (-EWOULDBLOCK), both unloaded;
 *				stressp's parameters read and written, a file
 *				kept open across its unloads; /proc/modules read
 *				and /sys/module/stressp opened.  Then "stress
 *				WHO: OPS ops, E unexpected" for each (a worker's
 *				first unexpected result printed as it happens)
 *				and "stress: 4 workers, OPS ops, E unexpected"
 *	fuzz [+flags] SEED FIRST N FILE...  inputs FIRST to FIRST+N-1 of
 *				SEED (+flags: section flags and types damaged
 *				too, MF_FLAGS), damaged
 *				copies of the FILEs in turn (input I of file
 *				I % nfiles; qemu-test/modfuzz.h): "fuzz I FILE OPS" before
 *				each init_module(); one that loads is unloaded
 *				(every module of /proc/modules: run it with none
 *				loaded); a result that is no errno, or an unload
 *				that fails, is printed; at the end "fuzz: N done,
 *				L loaded and unloaded, R refused, F failed" and
 *				"fuzz: errno E: COUNT" for each errno seen
 *	failnth load FILE NAME [ARGS]	fault injection walks (patches/test/
 *	failnth unload FILE NAME [ARGS]	failnth.patch, doc/fault-injection.md):
 *	failnth read NAME PFILE		after two warm-up rounds with no fault,
 *	failnth write NAME PFILE TEXT	for N = 1, 2, 3 ... set our
 *				/proc/sys/kernel/fail-nth to N, run the operation
 *				(init_module of FILE with ARGS; delete_module of
 *				NAME, loaded before each N; open, read or write
 *				TEXT, close of PFILE) and read what is left of the
 *				count: "failnth OP WHO: N=K fault: RET" (or "no
 *				fault: RET", which ends the walk).  A load that
 *				worked (fault or not) must be in /proc/modules and
 *				unload; a refused unload must leave it there (then
 *				it is unloaded); after each N a module not loaded
 *				may leave no line in /proc/modules, no
 *				/sys/module/NAME and no link NAME in another
 *				module's holders/; an errno with no fault, or a
 *				result that is no errno, is wrong.  Then "failnth
 *				OP WHO: K N, F faults, R refused, D succeeded with a
 *				fault, W wrong", "failnth OP WHO: slab CACHE +D" for
 *				each cache of /proc/slabinfo with more objects
 *				than after the warm-up (which made the same
 *				lookups), "failnth OP WHO: slab caches with more
 *				objects: C" and "failnth OP WHO: lost L kB, at
 *				most 256 kB: ok" (or "too much") for MemFree.  A
 *				cache's objects: allocated less freed where
 *				slabinfo has DEBUG_SLAB's statistics (exact, with
 *				objects in per-CPU arrays), else its active ones
 *	slabmark		remember the objects of each cache of
 *				/proc/slabinfo: "slabmark: CACHES"
 *	slabcheck B		"slabcheck: slab CACHE +D" for each cache with
 *				more objects than at the last slabmark, then
 *				"slabcheck: C caches over B objects more"
 *
 * sysfs is mounted on /sys at the start (a failure is printed).  As
 * pid 1, init reaps every child that has exited after each step and
 * each load/unload of cycles: its reader, its unloadbg child (whose
 * status unloadwait gives), and the kernel's threads that end up as
 * its children (an SMP delete_module() starts one a CPU).
 * Anything else prints "init: unknown step". The last line printed is
 * always "init: done".
 */

/* System call numbers, sys5() and _start of the arch we are built for:
   qemu-test/arch/$ARCH/syscalls.h. */
#include "syscalls.h"
/* The module fuzzer's mutator, shared with the host (modfuzz-gen.c). */
#include "modfuzz.h"

static size_t slen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

static int sncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++) {
		if (*a != *b)
			return 1;
		if (!*a)
			return 0;
	}
	return 0;
}

/*
 * Console output goes out a whole line per write(), and the line has
 * left the serial port (tcdrain) before we go on: the kernel's own
 * messages (a driver's thread, say, or the next step's printk() on
 * another CPU while the UART still sends our line) then land between
 * our lines, not inside one ("load /m/x.oadb: starting probe task...").
 */
static char line[1024];
static size_t used;

static void flush(void)
{
	const char *s = line;

	while (used) {
		long r = sys3(__NR_write, 1, (long)s, used);

		if (r <= 0)
			break;
		s += r;
		used -= r;
	}
	used = 0;
	sys3(__NR_ioctl, 1, TCSBRK, 1);
}

static void out(const char *s, size_t n)
{
	while (n--) {
		line[used++] = *s;
		if (*s++ == '\n' || used == sizeof(line))
			flush();
	}
}

static void puts_(const char *s)
{
	out(s, slen(s));
}

static void putnum(long v)
{
	char buf[16], *p = buf + sizeof(buf);
	unsigned long u = v < 0 ? -(unsigned long)v : (unsigned long)v;

	do
		*--p = '0' + u % 10;
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	out(p, buf + sizeof(buf) - p);
}

/* Big enough for the largest test module and the longest /proc file. */
static char filebuf[1 << 20];
static char steps[1 << 18];

/* Read a whole file into buf (NUL-terminated); returns length or -errno. */
static long slurp(const char *path, char *buf, size_t max)
{
	long fd, n, len = 0;

	fd = sys3(__NR_open, (long)path, O_RDONLY, 0);
	if (fd < 0)
		return fd;
	while (len < (long)max - 1) {
		n = sys3(__NR_read, fd, (long)(buf + len), max - 1 - len);
		if (n < 0) {
			sys3(__NR_close, fd, 0, 0);
			return n;
		}
		if (n == 0)
			break;
		len += n;
	}
	buf[len] = '\0';
	sys3(__NR_close, fd, 0, 0);
	return len;
}

static void report(const char *what, const char *name, long ret)
{
	puts_(what);
	if (*name) {
		puts_(" ");
		puts_(name);
	}
	puts_(": ");
	putnum(ret);
	puts_("\n");
}

/* Print each line of filebuf as "PREFIXline". */
static void print_lines(const char *prefix)
{
	char *p, *nl;

	for (p = filebuf; *p; p = nl + 1) {
		for (nl = p; *nl && *nl != '\n'; nl++)
			;
		puts_(prefix);
		out(p, nl - p);
		puts_("\n");
		if (!*nl)
			break;
	}
}

static void cat(const char *path, const char *prefix)
{
	long len = slurp(path, filebuf, sizeof(filebuf));

	if (len < 0) {
		report("cat", path, len);
		return;
	}
	print_lines(prefix);
}

/* init_module() of FILE's image read into buf: its result, or slurp's error. */
static long load_image(const char *file, char *buf, long max, const char *args)
{
	long len = slurp(file, buf, max);

	return len < 0 ? len : sys3(__NR_init_module, (long)buf, len,
				    (long)args);
}

static void load(char *arg)
{
	char *file = arg, *args;

	for (args = arg; *args && *args != ' '; args++)
		;
	if (*args)
		*args++ = '\0';
	report("load", file, load_image(file, filebuf, sizeof(filebuf), args));
}

/* The next space-separated word of *p, NUL-terminated in place. */
static char *word(char **p)
{
	char *w;

	while (**p == ' ')
		(*p)++;
	w = *p;
	while (**p && **p != ' ')
		(*p)++;
	if (**p)
		*(*p)++ = '\0';
	return w;
}

/* size bytes from the break of our start on (brk(2)), reused by each
   call; NULL when the kernel gives no more. */
static char *heap(unsigned long size)
{
	static long base;

	if (!base)
		base = sys3(__NR_brk, 0, 0, 0);
	if (sys3(__NR_brk, base + size, 0, 0) < base + (long)size)
		return 0;
	return (char *)base;
}

/* An ELF header field of size bytes at off, in the file's byte order. */
static unsigned long elf_field(const unsigned char *e, int off, int size)
{
	unsigned long v = 0;
	int i;

	for (i = 0; i < size; i++)
		v |= (unsigned long)e[off + i]
			<< 8 * (e[5] == 2 ? size - 1 - i : i);
	return v;
}

/* load, with the section header table widened to e_shnum entries: the
   file has its first entries and its last, the rest are zero. */
static void loadwide(char *arg)
{
	const unsigned char *e = (const unsigned char *)filebuf;
	char *file = word(&arg), *img;
	long len = slurp(file, filebuf, sizeof(filebuf));
	unsigned long shoff, entsize, shnum, size, i;
	int is64 = filebuf[4] == 2;

	if (len < 0) {
		report("loadwide", file, len);
		return;
	}
	shoff = elf_field(e, is64 ? 0x28 : 0x20, is64 ? 8 : 4);
	entsize = elf_field(e, is64 ? 0x3a : 0x2e, 2);
	shnum = elf_field(e, is64 ? 0x3c : 0x30, 2);
	size = shoff + shnum * entsize;
	if (len < 0x40 || !entsize || shoff > (unsigned long)len
	    || len - shoff < entsize || (len - shoff) % entsize
	    || size < (unsigned long)len) {
		report("loadwide: no table to widen", file, -22);
		return;
	}
	img = heap(size);
	if (!img) {
		report("loadwide: brk", file, -12);
		return;
	}
	for (i = 0; i < (unsigned long)len - entsize; i++)
		img[i] = filebuf[i];
	for (; i < size - entsize; i++)
		img[i] = 0;
	for (; i < size; i++)
		img[i] = filebuf[len - size + i];
	report("loadwide", file, sys3(__NR_init_module, (long)img, size,
				      (long)arg));
}

static long number(const char *s)
{
	long v = 0;

	while (*s >= '0' && *s <= '9')
		v = v * 10 + *s++ - '0';
	return v;
}

static void write_file(char *arg)
{
	char *file = word(&arg);
	long fd, ret;

	fd = sys3(__NR_open, (long)file, O_WRONLY, 0);
	if (fd < 0) {
		report("write", file, fd);
		return;
	}
	ret = sys3(__NR_write, fd, (long)arg, slen(arg));
	sys3(__NR_close, fd, 0, 0);
	report("write", file, ret);
}

static void writebad(const char *file)
{
	long fd, ret;

	fd = sys3(__NR_open, (long)file, O_WRONLY, 0);
	if (fd < 0) {
		report("writebad", file, fd);
		return;
	}
	/* Page 0 is never mapped in init. */
	ret = sys3(__NR_write, fd, 16, 4);
	sys3(__NR_close, fd, 0, 0);
	report("writebad", file, ret);
}

static long reader_pid;
static long reader_status = -1;	/* its wait status once reaped */
static long unloadbg_pid;
static long unloadbg_status = -1;

/* wait4() options: the same numbers on every arch. */
#define WNOHANG	0x00000001
#define __WALL	0x40000000

/*
 * write, from a child: a write that Oopses kills the child, not init
 * (whose death panics the kernel, and not every arch's reboot after a
 * panic works under its emulator: ppc's pmac_restart() Oopses).  Prints
 * "writechild FILE: signal N" if it was killed, else the child's
 * "write FILE: RET" and "writechild FILE: exit 0".
 */
static void writechild(char *arg)
{
	char *p = arg, *file;
	long pid = sys_fork();
	int status;

	if (pid == 0) {
		write_file(arg);
		sys3(__NR_exit, 0, 0, 0);
	}
	file = word(&p);	/* the child had arg whole */
	if (pid < 0 || sys5(__NR_wait4, pid, (long)&status, __WALL, 0, 0)
	    != pid) {
		report("writechild", file, pid < 0 ? pid : -10);
		return;
	}
	puts_("writechild ");
	puts_(file);
	puts_((status & 0x7f) ? ": signal " : ": exit ");
	putnum((status & 0x7f) ? (status & 0x7f) : (status >> 8) & 0xff);
	puts_("\n");
}

/* Reap what has exited: pid 1's job, or zombies fill the task table. */
static void reap(void)
{
	long pid;
	int status;

	while ((pid = sys5(__NR_wait4, -1, (long)&status,
			   WNOHANG | __WALL, 0, 0)) > 0)
		if (pid == reader_pid)
			reader_status = status;
		else if (pid == unloadbg_pid)
			unloadbg_status = status;
}

/*
 * The child runs delete_module() (waiting, or O_NONBLOCK) and exits
 * with its errno; the parent goes on once the module is on its way
 * out.
 */
static void unloadbg(const char *step, const char *name, long flags)
{
	static char state[128];
	long pid, i, len;
	char *d = state;
	const char *s;

	for (s = "/sys/module/"; *s; )
		*d++ = *s++;
	for (s = name; *s && d < state + sizeof(state) - 16; )
		*d++ = *s++;
	for (s = "/initstate"; *s; )
		*d++ = *s++;
	*d = '\0';
	pid = sys_fork();
	if (pid == 0)
		sys3(__NR_exit, -sys3(__NR_delete_module, (long)name, flags,
				      0), 0, 0);
	if (pid < 0) {
		report(step, name, pid);
		return;
	}
	unloadbg_pid = pid;
	unloadbg_status = -1;
	for (i = 0; i < 100000; i++) {
		len = slurp(state, filebuf, sizeof(filebuf));
		if (len >= 5 && !sncmp(filebuf, "going", 5))
			break;
	}
	puts_(step);
	puts_(" ");
	puts_(name);
	puts_(i < 100000 ? ": going\n" : ": not going\n");
}

/* -ECHILD if there is none; the child's -errno, or -EINTR if killed. */
static void unloadwait(void)
{
	long ret = -10;
	int status = unloadbg_status;

	if (unloadbg_pid > 0 && status == -1
	    && sys5(__NR_wait4, unloadbg_pid, (long)&status, __WALL, 0, 0)
	       != unloadbg_pid)
		status = -1;
	if (status != -1)
		ret = (status & 0x7f) ? -4 : -((status >> 8) & 0xff);
	unloadbg_pid = 0;
	unloadbg_status = -1;
	report("unloadwait", "", ret);
}

static void reader(const char *file)
{
	long pid = sys_fork();

	if (pid == 0) {
		/* The child: its copy of filebuf is its own. */
		for (;;)
			slurp(file, filebuf, sizeof(filebuf));
	}
	reader_pid = pid;
	reader_status = -1;
	report("reader", file, pid);
}

/* A reader that ended by itself (reaped already) is a failure: -ECHILD. */
static void stopreader(void)
{
	long ret = -10;

	if (reader_status == -1) {
		ret = sys3(__NR_kill, reader_pid, 9, 0);
		if (ret == 0)
			ret = sys5(__NR_wait4, reader_pid, 0, __WALL, 0, 0);
	}
	report("stopreader", "", ret);
}

static long held = -1;

static void readheld(void)
{
	long n, len = 0;

	n = sys3(__NR_lseek, held, 0, 0);
	while (n >= 0 && len < (long)sizeof(filebuf) - 1) {
		n = sys3(__NR_read, held, (long)(filebuf + len),
			 sizeof(filebuf) - 1 - len);
		if (n <= 0)
			break;
		len += n;
	}
	filebuf[len] = '\0';
	print_lines("held: ");
	report("readheld", "", n < 0 ? n : len);
}

/* MemFree of /proc/meminfo in kB, or -errno. */
static long memfree(void)
{
	long len = slurp("/proc/meminfo", filebuf, sizeof(filebuf));
	char *p;

	if (len < 0)
		return len;
	for (p = filebuf; *p; p++)
		if (!sncmp(p, "MemFree:", 8)) {
			for (p += 8; *p == ' '; p++)
				;
			return number(p);
		}
	return -1;
}

static long memfree_before;

/* The first number of /proc/sys/fs/dentry-state, or -errno. */
static long dentries(void)
{
	long len = slurp("/proc/sys/fs/dentry-state", filebuf,
			 sizeof(filebuf));

	return len < 0 ? len : number(filebuf);
}

static long dentries_before;

/*
 * The names in a directory, less "." and "..", one after another with
 * their NULs: dirmark keeps them in dirmarked, dircheck compares.
 */
static char dirents[4096], dirmarked[16384], dirnow[16384];
static long dirmarked_len;

struct dirent_ {			/* 2.5.50's struct linux_dirent */
	unsigned long d_ino;
	unsigned long d_off;
	unsigned short d_reclen;
	char d_name[1];
};

/* Fills names (used bytes in *len); returns the count or -errno. */
static long dirlist(const char *dir, char *names, long max, long *len)
{
	long fd, n, off, count = 0;

	*len = 0;
	fd = sys3(__NR_open, (long)dir, O_RDONLY, 0);
	if (fd < 0)
		return fd;
	while ((n = sys3(__NR_getdents, fd, (long)dirents,
			 sizeof(dirents))) > 0) {
		for (off = 0; off < n; off += ((struct dirent_ *)
					       (dirents + off))->d_reclen) {
			const char *name = ((struct dirent_ *)
					    (dirents + off))->d_name;
			long l = slen(name) + 1;

			if (!sncmp(name, ".", 2) || !sncmp(name, "..", 3))
				continue;
			if (*len + l > max) {
				n = -28;	/* ENOSPC */
				break;
			}
			for (l = 0; name[l]; l++)
				names[(*len)++] = name[l];
			names[(*len)++] = '\0';
			count++;
		}
		if (n < 0)
			break;
	}
	sys3(__NR_close, fd, 0, 0);
	return n < 0 ? n : count;
}

/* Is name among the len bytes of names? */
static int dirhas(const char *names, long len, const char *name)
{
	long i;

	for (i = 0; i < len; i += slen(names + i) + 1)
		if (!sncmp(names + i, name, slen(name) + 1))
			return 1;
	return 0;
}

/* Print names of a (len bytes) missing from b as "dircheck DIR: WHAT NAME". */
static long dirdiff(const char *dir, const char *what, const char *a, long len,
		    const char *b, long blen)
{
	long i, n = 0;

	for (i = 0; i < len; i += slen(a + i) + 1) {
		if (dirhas(b, blen, a + i))
			continue;
		puts_("dircheck ");
		puts_(dir);
		puts_(": ");
		puts_(what);
		puts_(" ");
		puts_(a + i);
		puts_("\n");
		n++;
	}
	return n;
}

static void dircheck(const char *dir)
{
	long len, added, gone, ret = dirlist(dir, dirnow, sizeof(dirnow), &len);

	if (ret < 0) {
		report("dircheck", dir, ret);
		return;
	}
	added = dirdiff(dir, "added", dirnow, len, dirmarked, dirmarked_len);
	gone = dirdiff(dir, "gone", dirmarked, dirmarked_len, dirnow, len);
	puts_("dircheck ");
	puts_(dir);
	puts_(": ");
	putnum(added);
	puts_(" added, ");
	putnum(gone);
	puts_(" gone\n");
}

/* a < b, as strcmp() would say */
static int before(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return (unsigned char)*a < (unsigned char)*b;
}

/* DIR's names in byte order (getdents() gives sysfs's newest first). */
static void ls(const char *dir)
{
	long len, i, ret = dirlist(dir, dirnow, sizeof(dirnow), &len);
	const char *last = 0, *next;

	for (; ret >= 0; last = next) {
		next = 0;
		for (i = 0; i < len; i += slen(dirnow + i) + 1)
			if ((!last || before(last, dirnow + i)) &&
			    (!next || before(dirnow + i, next)))
				next = dirnow + i;
		if (!next)
			break;
		puts_("ls ");
		puts_(dir);
		puts_(": ");
		puts_(next);
		puts_("\n");
	}
	report("ls", dir, ret);
}

static void readlink_(const char *path)
{
	char target[256];
	long n = sys3(__NR_readlink, (long)path, (long)target,
		      sizeof(target) - 1);

	if (n < 0) {
		report("readlink", path, n);
		return;
	}
	target[n] = '\0';
	puts_("readlink ");
	puts_(path);
	puts_(": ");
	puts_(target);
	puts_("\n");
}

static void cycles(char *arg)
{
	long n = number(word(&arg)), i, ret, failed = 0;
	char *file = word(&arg), *name = word(&arg), *pfile = word(&arg);
	char *wfile = word(&arg);
	static char image[1 << 20];
	long len = slurp(file, image, sizeof(image));

	if (len < 0) {
		report("cycles", file, len);
		return;
	}
	for (i = 0; i < n; i++) {
		ret = sys3(__NR_init_module, (long)image, len, (long)"");
		if (ret == 0) {
			long r = slurp(pfile, filebuf, sizeof(filebuf));

			if (r < 0) {
				if (!failed++)
					report("cycles: read", pfile, r);
			}
			if (*wfile) {
				long fd = sys3(__NR_open, (long)wfile,
					       O_WRONLY, 0);

				if (fd >= 0)
					sys3(__NR_close, fd, 0, 0);
			}
			ret = sys3(__NR_delete_module, (long)name, O_NONBLOCK, 0);
			if (ret < 0 && !failed++)
				report("cycles: unload", name, ret);
		} else if (!failed++)
			report("cycles: load", file, ret);
		reap();
	}
	puts_("cycles: ");
	putnum(n);
	puts_(" done, ");
	putnum(failed);
	puts_(" failed\n");
}

/* The concurrency stress (stress N), one worker a kind. */
static long stress_bad;
static const char *const stress_who[] = {
	"stressp", "stressab", "sysfs", "proc"
};

/* One result of a worker's: ret is expected when it is ok1, ok2 or ok3,
   or any byte count when ok1 is 1 (a read or write that moved data). */
static void stress_check(const char *who, const char *what, long ret,
			 long ok1, long ok2, long ok3)
{
	if (ret == ok1 || ret == ok2 || ret == ok3 || (ok1 == 1 && ret > 0))
		return;
	if (!stress_bad++) {
		puts_("stress ");
		puts_(who);
		puts_(": ");
		report(what, "", ret);
	}
}

static long stress_unload(const char *name)
{
	return sys3(__NR_delete_module, (long)name, O_NONBLOCK, 0);
}

/* Read a whole file: 1 when it gave something, else 0 or -errno. */
static long stress_read(const char *file)
{
	long r = slurp(file, filebuf, sizeof(filebuf));

	return r > 0 ? 1 : r;
}

static void stress_worker(int kind, long n)
{
	static char image[1 << 18];
	const char *num = "/sys/module/stressp/parameters/num";
	const char *str = "/sys/module/stressp/parameters/str";
	long i, fd, held = -1;

	for (i = 0; i < n; i++) {
		switch (kind) {
		case 0:	/* loader and unloader of a module with sysfs files */
			stress_check(stress_who[kind], "load stressp",
				     load_image("/m/stressp.o", image,
						sizeof(image), ""), 0, 0, 0);
			stress_check(stress_who[kind], "unload stressp",
				     stress_unload("stressp"), 0, 0, 0);
			break;
		case 1:	/* another pair, and the unload of one in use */
			stress_check(stress_who[kind], "load stressa",
				     load_image("/m/stressa.o", image,
						sizeof(image), ""), 0, 0, 0);
			stress_check(stress_who[kind], "load stressb",
				     load_image("/m/stressb.o", image,
						sizeof(image), ""), 0, 0, 0);
			stress_check(stress_who[kind], "unload stressa in use",
				     stress_unload("stressa"), -11, -11, -11);
			stress_check(stress_who[kind], "unload stressb",
				     stress_unload("stressb"), 0, 0, 0);
			stress_check(stress_who[kind], "unload stressa",
				     stress_unload("stressa"), 0, 0, 0);
			break;
		case 2:	/* stressp's files, loaded or not: 0, ENOENT, ENODEV */
			stress_check(stress_who[kind], "read num", stress_read(num),
				     1, -2, -19);
			fd = sys3(__NR_open, (long)num, O_WRONLY, 0);
			if (fd >= 0) {
				stress_check(stress_who[kind], "write num",
					     sys3(__NR_write, fd, (long)"5", 1),
					     1, -19, -19);
				sys3(__NR_close, fd, 0, 0);
			} else
				stress_check(stress_who[kind], "open num", fd,
					     -2, -2, -2);
			/* One file open across the other worker's unloads. */
			if (held >= 0) {
				long r = sys3(__NR_read, held, (long)filebuf,
					      sizeof(filebuf));

				stress_check(stress_who[kind], "read held str",
					     r > 0 ? 1 : r, 1, -19, -19);
				sys3(__NR_close, held, 0, 0);
			}
			held = sys3(__NR_open, (long)str, O_RDONLY, 0);
			break;
		case 3:	/* the module lists (empty between loads) */
			stress_check(stress_who[kind], "read /proc/modules",
				     stress_read("/proc/modules"), 1, 0, 0);
			/* (2.5.50 has no /proc/ksyms.)  A directory that
			   comes and goes: opened, or ENOENT. */
			fd = sys3(__NR_open, (long)"/sys/module/stressp",
				  O_RDONLY, 0);
			stress_check(stress_who[kind], "open /sys/module/stressp",
				     fd >= 0 ? 0 : fd, 0, -2, -2);
			if (fd >= 0)
				sys3(__NR_close, fd, 0, 0);
			break;
		}
		reap();
	}
	if (held >= 0)
		sys3(__NR_close, held, 0, 0);
	/* The count goes back as the exit code, for lines in order. */
	sys3(__NR_exit, stress_bad > 255 ? 255 : stress_bad, 0, 0);
}

static void stress(const char *arg)
{
	static const int ops[] = { 2, 5, 3, 2 };	/* a round's */
	long n = number(arg), pid[4], bad, total = 0, all = 0, ret;
	int k, status;

	for (k = 0; k < 4; k++) {
		pid[k] = sys_fork();
		if (pid[k] == 0)
			stress_worker(k, n);
		if (pid[k] < 0)
			report("stress: fork", "", pid[k]);
	}
	for (k = 0; k < 4; k++) {
		bad = 1;
		if (pid[k] > 0) {
			ret = sys5(__NR_wait4, pid[k], (long)&status, __WALL,
				   0, 0);
			/* exited (low byte 0): its count of unexpected
			   results; killed: 1 */
			if (ret == pid[k] && (status & 0x7f) == 0)
				bad = (status >> 8) & 0xff;
		}
		puts_("stress ");
		puts_(stress_who[k]);
		puts_(": ");
		putnum(n * ops[k]);
		puts_(" ops, ");
		putnum(bad);
		puts_(" unexpected\n");
		total += n * ops[k];
		all += bad;
	}
	puts_("stress: 4 workers, ");
	putnum(total);
	puts_(" ops, ");
	putnum(all);
	puts_(" unexpected\n");
}

#define FUZZ_FILES	8
#define FUZZ_MAXERR	150

/* Unload every module /proc/modules lists; how many would not go. */
static long unload_all(long iter)
{
	long len = slurp("/proc/modules", filebuf, sizeof(filebuf)), bad = 0;
	char *p, *e, *nl;

	for (p = filebuf; len > 0 && *p; p = nl + 1) {
		long ret;

		for (e = p; *e && *e != ' ' && *e != '\n'; e++)
			;
		for (nl = e; *nl && *nl != '\n'; nl++)
			;
		*e = '\0';
		ret = sys3(__NR_delete_module, (long)p, O_NONBLOCK, 0);
		if (ret < 0) {
			puts_("fuzz ");
			putnum(iter);
			report(": unload", p, ret);
			bad++;
		}
		if (!*nl)
			break;
	}
	return bad;
}

static void fuzz(char *arg)
{
	static unsigned char image[FUZZ_FILES][1 << 16];
	static unsigned char copy[1 << 16];
	static long errs[FUZZ_MAXERR];
	int kinds = MF_STRUCT;
	long seed, first, n;
	long len[FUZZ_FILES], i, ret, loaded = 0, refused = 0, failed = 0;
	char *file[FUZZ_FILES], ops[160];
	int nf, k;

	if (!sncmp(arg, "+flags ", 7)) {
		kinds = MF_FLAGS;
		word(&arg);
	}
	seed = number(word(&arg));
	first = number(word(&arg));
	n = number(word(&arg));

	for (nf = 0; nf < FUZZ_FILES && *(file[nf] = word(&arg)); nf++) {
		len[nf] = slurp(file[nf], (char *)image[nf],
				sizeof(image[nf]));
		if (len[nf] < 0) {
			report("fuzz", file[nf], len[nf]);
			return;
		}
	}
	if (!nf) {
		puts_("fuzz: no files\n");
		return;
	}
	for (k = 0; k < FUZZ_MAXERR; k++)
		errs[k] = 0;
	for (i = first; i < first + n; i++) {
		unsigned long l;

		k = i % nf;
		for (l = 0; l < (unsigned long)len[k]; l++)
			copy[l] = image[k][l];
		l = modfuzz(copy, len[k], seed, i, kinds, ops, sizeof(ops));
		puts_("fuzz ");
		putnum(i);
		puts_(" ");
		puts_(file[k]);
		puts_(" ");
		puts_(ops);
		puts_("\n");
		ret = sys3(__NR_init_module, (long)copy, l, (long)"");
		if (ret == 0) {
			loaded++;
			failed += unload_all(i);
		} else if (ret < 0 && ret > -FUZZ_MAXERR) {
			refused++;
			errs[-ret]++;
		} else {
			puts_("fuzz ");
			putnum(i);
			report(": not an errno", file[k], ret);
			failed++;
		}
	}
	puts_("fuzz: ");
	putnum(n);
	puts_(" done, ");
	putnum(loaded);
	puts_(" loaded and unloaded, ");
	putnum(refused);
	puts_(" refused, ");
	putnum(failed);
	puts_(" failed\n");
	for (k = 1; k < FUZZ_MAXERR; k++)
		if (errs[k]) {
			puts_("fuzz: errno ");
			putnum(k);
			puts_(": ");
			putnum(errs[k]);
			puts_("\n");
		}
}

/*
 * failnth: fault injection walks (patches/test/failnth.patch).  The
 * count is ours, in /proc/sys/kernel/fail-nth: the Nth allocation or
 * sysfs creation of this task from then on fails.  Its files are
 * opened once and kept, so that between setting N and reading back
 * what is left only the operation itself runs.
 */
static long fn_wfd = -1, fn_rfd = -1;

static long fn_set(long n)
{
	char buf[16], *p = buf + sizeof(buf);

	*--p = '\n';
	do
		*--p = '0' + n % 10;
	while (n /= 10);
	sys3(__NR_lseek, fn_wfd, 0, 0);
	return sys3(__NR_write, fn_wfd, (long)p, buf + sizeof(buf) - p);
}

/*
 * Open the count's files, once: slabmark does too, so that their
 * dentries and inodes are there before its mark.
 */
static long fn_open(void)
{
	if (fn_wfd >= 0)
		return 0;
	fn_wfd = sys3(__NR_open, (long)"/proc/sys/kernel/fail-nth",
		      O_WRONLY, 0);
	fn_rfd = sys3(__NR_open, (long)"/proc/sys/kernel/fail-nth", O_RDONLY,
		      0);
	if (fn_wfd < 0 || fn_rfd < 0) {
		report("failnth: open", "/proc/sys/kernel/fail-nth",
		       fn_wfd < 0 ? fn_wfd : fn_rfd);
		fn_wfd = -1;
		return -1;
	}
	return 0;
}

/* What is left of the count (0: the fault was injected), or -errno. */
static long fn_left(void)
{
	char buf[32];
	long n;

	sys3(__NR_lseek, fn_rfd, 0, 0);
	n = sys3(__NR_read, fn_rfd, (long)buf, sizeof(buf) - 1);
	if (n < 0)
		return n;
	buf[n] = '\0';
	return number(buf);
}

/* Is NAME a line of /proc/modules? */
static int fn_listed(const char *name)
{
	long len = slurp("/proc/modules", filebuf, sizeof(filebuf));
	size_t n = slen(name);
	char *p;

	for (p = filebuf; len > 0 && *p; p++)
		if ((p == filebuf || p[-1] == '\n') && !sncmp(p, name, n)
		    && p[n] == ' ')
			return 1;
	return 0;
}

/* "failnth OP WHO: N=K: " */
static void fn_head(const char *what, long nth)
{
	puts_(what);
	puts_(": N=");
	putnum(nth);
	puts_(": ");
}

/*
 * What a module NAME that is not loaded may not leave: a line of
 * /proc/modules, /sys/module/NAME, a link NAME in another module's
 * holders/.  The directories are read, not looked up: a lookup would
 * leave a negative dentry, and the next load would find it instead of
 * allocating one (a path of the walk not taken).  Prints each and
 * returns how many.
 */
static long fn_trace(const char *what, long nth, const char *name)
{
	static char mods[8192], path[256];
	long len, bad = 0, n;
	char *p, *e;
	int i;

	if (fn_listed(name)) {
		fn_head(what, nth);
		puts_("still in /proc/modules\n");
		bad++;
	}
	dirlist("/sys/module", dirnow, sizeof(dirnow), &n);
	if (dirhas(dirnow, n, name)) {
		fn_head(what, nth);
		puts_("/sys/module/");
		puts_(name);
		puts_(" left\n");
		bad++;
	}
	len = slurp("/proc/modules", mods, sizeof(mods));
	for (p = mods; len > 0 && *p; p = e + 1) {
		for (e = p; *e && *e != ' ' && *e != '\n'; e++)
			;
		for (i = 0; i < 12; i++)
			path[i] = "/sys/module/"[i];
		while (p < e && i < 150)
			path[i++] = *p++;
		for (p = (char *)"/holders"; *p; p++)
			path[i++] = *p;
		path[i] = '\0';
		if (dirlist(path, dirnow, sizeof(dirnow), &n) >= 0 &&
		    dirhas(dirnow, n, name)) {
			fn_head(what, nth);
			puts_("link ");
			puts_(path);
			puts_("/");
			puts_(name);
			puts_(" left\n");
			bad++;
		}
		while (*e && *e != '\n')
			e++;
		if (!*e)
			break;
	}
	return bad;
}

/* /proc/slabinfo's active objects, a cache a line: name, count. */
#define FN_CACHES 160
struct fn_mark {
	char name[FN_CACHES][24];
	long active[FN_CACHES], n;
};
static struct fn_mark fn_walk, fn_step;	/* failnth's, slabmark's */

/*
 * Fills names and counts of *active; returns the number of caches.  A
 * general cache's count is less the slab management it holds for the
 * off-slab caches (as qemu-test/busybox/failnth-modprobe's slabs()):
 * objects of 512 bytes and more whose slab has no room left for its
 * struct slab and bufctls keep them in size-32 or size-64, one object
 * a slab, and those come and go with the other cache's slabs (on two
 * CPUs a slab more when one CPU's array is empty while the other's
 * holds free objects), not with what a walk leaves.  The geometry is
 * i386's (4 kB pages, a 24-byte struct slab, 4-byte bufctls, 32-byte
 * lines): the slab-counting cases run on i386 only (needs:
 * slabstats=yes).
 */
static long fn_slabs(char names[][24], long *active)
{
	long len = slurp("/proc/slabinfo", filebuf, sizeof(filebuf)), n = 0;
	long mgmt[8] = { 0 };	/* slabs managed in gen[i] */
	static const char *const gen[8] = { "size-32", "size-64", "size-128",
		"size-256", "size-512", "size-1024", "size-2048", "size-4096" };
	char *p, *nl;
	int i;

	for (p = filebuf; len > 0 && *p && n < FN_CACHES; p = nl + 1) {
		for (nl = p; *nl && *nl != '\n'; nl++)
			;
		if (*p != 's' || sncmp(p, "slabinfo", 8)) {
			char *q, *colon[3];
			int c = 0;

			for (i = 0; i < 23 && p[i] != ' ' && p < nl; i++)
				names[n][i] = p[i];
			names[n][i] = '\0';
			for (p += i; *p == ' '; p++)
				;
			active[n] = number(p);
#ifdef __i386__
			{
				/* active num size active-slabs slabs pages */
				long f[6], per, left, ss;
				char *r = p;

				for (i = 0; i < 6 && r < nl; i++) {
					f[i] = number(r);
					while (*r >= '0' && *r <= '9')
						r++;
					while (*r == ' ')
						r++;
				}
				if (i == 6 && f[2] >= 512 && f[4] > 0) {
					per = f[1] / f[4];
					left = f[5] * 4096 - per * f[2];
					ss = (per * 4 + 24 + 31) / 32 * 32;
					for (i = 0; left < ss && i < 8; i++)
						if (number(gen[i] + 5) >= ss) {
							mgmt[i] += f[4];
							break;
						}
				}
			}
#endif
			for (q = p; q < nl; q++)
				if (*q == ':' && c < 3)
					colon[c++] = q;
			if (c == 3) {
				long v[4];

				/* DEBUG_SLAB's statistics: the objects
				   allocated less those freed, exact even
				   with objects in per-CPU arrays */
				for (q = colon[2] + 1, i = 0; i < 4; i++) {
					while (*q == ' ')
						q++;
					v[i] = number(q);
					while (*q >= '0' && *q <= '9')
						q++;
				}
				active[n] = v[0] + v[1] - v[2] - v[3];
			}
			n++;
		}
		if (!*nl)
			break;
	}
	for (i = 0; i < 8; i++) {
		long j;

		for (j = 0; mgmt[i] && j < n; j++)
			if (!sncmp(names[j], gen[i], 24))
				active[j] -= mgmt[i];
	}
	return n;
}

/*
 * Compare with the marks: each cache with more active objects is
 * printed; returns how many have more than bound more.
 */
static long fn_slabcheck(const char *head, const struct fn_mark *m,
			 long bound)
{
	static char names[FN_CACHES][24];
	static long active[FN_CACHES];
	long n = fn_slabs(names, active), i, j, bad = 0;

	for (i = 0; i < n; i++)
		for (j = 0; j < m->n; j++) {
			long d = active[i] - m->active[j];

			if (sncmp(names[i], m->name[j], 24))
				continue;
			if (d > 0) {
				puts_(head);
				puts_(": slab ");
				puts_(names[i]);
				puts_(" +");
				putnum(d);
				puts_("\n");
			}
			if (d > bound)
				bad++;
			break;
		}
	return bad;
}

/*
 * failnth load FILE NAME [ARGS] | unload FILE NAME [ARGS] |
 * read NAME PFILE | write NAME PFILE TEXT
 */
static void failnth(char *arg)
{
	static char image[1 << 20];
	char *op = word(&arg), *file = "", *name, *args = "", *text = "";
	char what[128];
	long len = 0, nth, ret, left, inj = 0, refused = 0, degraded = 0;
	long bad = 0, mem, lost, fd;
	int kind, i = 0;
	const char *p;

	kind = !sncmp(op, "load", 5) ? 0 : !sncmp(op, "unload", 7) ? 1 :
		!sncmp(op, "read", 5) ? 2 : !sncmp(op, "write", 6) ? 3 : -1;
	if (kind < 0) {
		puts_("failnth: unknown operation\n");
		return;
	}
	if (kind <= 1) {
		file = word(&arg);
		name = word(&arg);
		args = arg;
		len = slurp(file, image, sizeof(image));
		if (len < 0) {
			report("failnth", file, len);
			return;
		}
	} else {
		name = word(&arg);
		file = word(&arg);
		text = arg;
	}
	for (p = "failnth "; *p; p++)
		what[i++] = *p;
	for (p = op; *p && i < 40; p++)
		what[i++] = *p;
	what[i++] = ' ';
	for (p = kind <= 1 ? name : file; *p && i < 120; p++)
		what[i++] = *p;
	what[i] = '\0';
	if (fn_open() < 0)
		return;
	/* A warm-up round with no fault fills the caches the marks see. */
	for (nth = 0; nth < 2; nth++) {
		if (kind <= 1) {
			ret = sys3(__NR_init_module, (long)image, len,
				   (long)args);
			if (ret == 0)
				ret = sys3(__NR_delete_module, (long)name,
					   O_NONBLOCK, 0);
		} else {
			fd = sys3(__NR_open, (long)file,
				  kind == 2 ? O_RDONLY : O_WRONLY, 0);
			ret = fd;
			if (fd >= 0) {
				ret = kind == 2 ?
					sys3(__NR_read, fd, (long)filebuf,
					     sizeof(filebuf)) :
					sys3(__NR_write, fd, (long)text,
					     slen(text));
				sys3(__NR_close, fd, 0, 0);
			}
		}
		if (ret < 0) {
			report(what, "warm-up", ret);
			return;
		}
		reap();
		/* and the lookups of the checks, negative dentries */
		if (kind <= 1)
			fn_trace(what, 0, name);
	}
	fn_walk.n = fn_slabs(fn_walk.name, fn_walk.active);
	mem = memfree();
	for (nth = 1; nth <= 5000; nth++) {
		if (kind == 1 && (ret = sys3(__NR_init_module, (long)image,
					     len, (long)args)) != 0) {
			puts_(what);
			puts_(": N=");
			putnum(nth);
			report(": load before", "", ret);
			bad++;
			break;
		}
		fn_set(nth);
		if (kind == 0) {
			ret = sys3(__NR_init_module, (long)image, len,
				   (long)args);
		} else if (kind == 1) {
			ret = sys3(__NR_delete_module, (long)name, O_NONBLOCK,
				   0);
		} else {
			fd = sys3(__NR_open, (long)file,
				  kind == 2 ? O_RDONLY : O_WRONLY, 0);
			ret = fd;
			if (fd >= 0) {
				ret = kind == 2 ?
					sys3(__NR_read, fd, (long)filebuf,
					     sizeof(filebuf)) :
					sys3(__NR_write, fd, (long)text,
					     slen(text));
				sys3(__NR_close, fd, 0, 0);
			}
		}
		left = fn_left();
		fn_set(0);
		reap();
		puts_(what);
		puts_(": N=");
		putnum(nth);
		puts_(left ? " no fault: " : " fault: ");
		putnum(ret);
		puts_("\n");
		if (!left)
			inj++;
		if (ret < 0 && ret > -150) {
			if (left) {
				puts_(what);
				puts_(": failed with no fault injected\n");
				bad++;
			}
			refused++;
		} else if (ret < 0 || (kind <= 1 && ret > 0)) {
			puts_(what);
			report(": not an errno", "", ret);
			bad++;
		} else if (left == 0)
			degraded++;
		if (kind == 0 && ret == 0) {
			/* Loaded, faults or not: it is there, and goes. */
			if (!fn_listed(name)) {
				puts_(what);
				puts_(": loaded, not in /proc/modules\n");
				bad++;
			}
			ret = sys3(__NR_delete_module, (long)name,
				   O_NONBLOCK, 0);
			if (ret) {
				report("failnth: unload", name, ret);
				bad++;
			}
		} else if (kind == 1 && ret != 0) {
			/* Refused: it is still there, and goes now. */
			if (!fn_listed(name)) {
				puts_(what);
				puts_(": refused unload, not in /proc/modules\n");
				bad++;
			}
			ret = sys3(__NR_delete_module, (long)name,
				   O_NONBLOCK, 0);
			if (ret) {
				report("failnth: unload", name, ret);
				bad++;
				break;
			}
		}
		reap();
		if (kind <= 1)
			bad += fn_trace(what, nth, name);
		if (left)
			break;
	}
	if (kind == 1 || kind == 0)
		reap();
	lost = mem - memfree();
	puts_(what);
	puts_(": ");
	putnum(nth);
	puts_(" N, ");
	putnum(inj);
	puts_(" faults, ");
	putnum(refused);
	puts_(" refused, ");
	putnum(degraded);
	puts_(" succeeded with a fault, ");
	putnum(bad);
	puts_(" wrong\n");
	/* Bounds: see the header comment. */
	ret = fn_slabcheck(what, &fn_walk, 0);
	puts_(what);
	puts_(": slab caches with more objects: ");
	putnum(ret);
	puts_("\n");
	puts_(what);
	puts_(": lost ");
	putnum(lost);
	puts_(" kB, at most 256 kB: ");
	puts_(lost <= 256 ? "ok\n" : "too much\n");
}

static void run(char *line, char **argv, char **envp)
{
	int i;

	if (!sncmp(line, "echo ", 5)) {
		puts_(line + 5);
		puts_("\n");
	} else if (!sncmp(line, "cmdline", 8)) {
		cat("/proc/cmdline", "cmdline: ");
	} else if (!sncmp(line, "args", 5)) {
		for (i = 0; argv[i]; i++) {
			puts_("argv[");
			putnum(i);
			puts_("]=");
			puts_(argv[i]);
			puts_("\n");
		}
		for (i = 0; envp[i]; i++) {
			puts_("envp[");
			putnum(i);
			puts_("]=");
			puts_(envp[i]);
			puts_("\n");
		}
	} else if (!sncmp(line, "cat ", 4)) {
		char prefix[256];
		size_t n = slen(line + 4);

		if (n > sizeof(prefix) - 3)
			n = sizeof(prefix) - 3;
		for (i = 0; i < (int)n; i++)
			prefix[i] = line[4 + i];
		prefix[n] = ':';
		prefix[n + 1] = ' ';
		prefix[n + 2] = '\0';
		cat(line + 4, prefix);
	} else if (!sncmp(line, "load ", 5)) {
		load(line + 5);
	} else if (!sncmp(line, "loadwide ", 9)) {
		loadwide(line + 9);
	} else if (!sncmp(line, "unload ", 7)) {
		report("unload", line + 7,
		       sys3(__NR_delete_module, (long)(line + 7), O_NONBLOCK, 0));
	} else if (!sncmp(line, "unloadbg ", 9)) {
		unloadbg("unloadbg", line + 9, 0);
	} else if (!sncmp(line, "unloadbgnb ", 11)) {
		unloadbg("unloadbgnb", line + 11, O_NONBLOCK);
	} else if (!sncmp(line, "unloadwait", 11)) {
		unloadwait();
	} else if (!sncmp(line, "write ", 6)) {
		write_file(line + 6);
	} else if (!sncmp(line, "writechild ", 11)) {
		writechild(line + 11);
	} else if (!sncmp(line, "reader ", 7)) {
		reader(line + 7);
	} else if (!sncmp(line, "stopreader", 11)) {
		stopreader();
	} else if (!sncmp(line, "writebad ", 9)) {
		writebad(line + 9);
	} else if (!sncmp(line, "euid ", 5)) {
		report("euid", line + 5, sys3(__NR_setresuid, -1,
					      number(line + 5), -1));
	} else if (!sncmp(line, "hold ", 5)) {
		held = sys3(__NR_open, (long)(line + 5), O_RDONLY, 0);
		report("hold", line + 5, held);
	} else if (!sncmp(line, "readheld", 9)) {
		readheld();
	} else if (!sncmp(line, "closeheld", 10)) {
		report("closeheld", "", sys3(__NR_close, held, 0, 0));
		held = -1;
	} else if (!sncmp(line, "memfree", 8)) {
		memfree_before = memfree();
		report("memfree", "", memfree_before);
	} else if (!sncmp(line, "memcheck ", 9)) {
		long lost = memfree_before - memfree(), max = number(line + 9);

		puts_("memcheck: lost ");
		putnum(lost);
		puts_(" kB, at most ");
		putnum(max);
		puts_(lost <= max ? " kB: ok\n" : " kB: too much\n");
	} else if (!sncmp(line, "dentries", 9)) {
		dentries_before = dentries();
		report("dentries", "", dentries_before);
	} else if (!sncmp(line, "dentrycheck ", 12)) {
		long more = dentries() - dentries_before;
		long max = number(line + 12);

		puts_("dentrycheck: ");
		putnum(more);
		puts_(" more, at most ");
		putnum(max);
		puts_(more <= max ? ": ok\n" : ": too many\n");
	} else if (!sncmp(line, "dirmark ", 8)) {
		report("dirmark", line + 8, dirlist(line + 8, dirmarked,
						    sizeof(dirmarked),
						    &dirmarked_len));
	} else if (!sncmp(line, "dircheck ", 9)) {
		dircheck(line + 9);
	} else if (!sncmp(line, "readlink ", 9)) {
		readlink_(line + 9);
	} else if (!sncmp(line, "ls ", 3)) {
		ls(line + 3);
	} else if (!sncmp(line, "cycles ", 7)) {
		cycles(line + 7);
	} else if (!sncmp(line, "stress ", 7)) {
		stress(line + 7);
	} else if (!sncmp(line, "fuzz ", 5)) {
		fuzz(line + 5);
	} else if (!sncmp(line, "failnth ", 8)) {
		failnth(line + 8);
	} else if (!sncmp(line, "slabmark", 9)) {
		fn_open();
		fn_step.n = fn_slabs(fn_step.name, fn_step.active);
		report("slabmark", "", fn_step.n);
	} else if (!sncmp(line, "slabcheck ", 10)) {
		long c = fn_slabcheck("slabcheck", &fn_step, number(line + 10));

		puts_("slabcheck: ");
		putnum(c);
		puts_(" caches over ");
		puts_(line + 10);
		puts_(" objects more\n");
	} else if (*line && *line != '#') {
		puts_("init: unknown step: ");
		puts_(line);
		puts_("\n");
	}
}

int main(int argc, char **argv, char **envp)
{
	long len, ret;
	char *p, *nl;

	(void)argc;
	puts_("init: started\n");
	ret = sys5(__NR_mount, (long)"proc", (long)"/proc", (long)"proc", 0, 0);
	if (ret < 0)
		report("mount", "/proc", ret);

	ret = sys5(__NR_mount, (long)"sysfs", (long)"/sys", (long)"sysfs", 0, 0);
	if (ret < 0)
		report("mount", "/sys", ret);

	len = slurp("/steps", steps, sizeof(steps));
	if (len < 0)
		report("open", "/steps", len);
	for (p = steps; len > 0 && *p; p = nl + 1) {
		for (nl = p; *nl && *nl != '\n'; nl++)
			;
		if (!*nl) {
			run(p, argv, envp);
			break;
		}
		*nl = '\0';
		run(p, argv, envp);
		reap();
	}

	puts_("init: done\n");
	sys3(__NR_sync, 0, 0, 0);
	/* LINUX_REBOOT_MAGIC1, MAGIC2, LINUX_REBOOT_CMD_RESTART */
	sys5(__NR_reboot, 0xfee1dead, 672274793, 0x01234567, 0, 0);
	sys3(__NR_exit, 0, 0, 0);
	return 0;
}
