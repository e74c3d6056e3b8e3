/*
 * The module fuzzer's mutator (doc/module-fuzz.md): damage to a copy of
 * a module file, the same on every arch and on the host.  No libc: the
 * guest init (qemu-test/init.c, step "fuzz") and the host's
 * qemu-test/modfuzz-gen.c, which writes the input of one iteration to
 * a file (a regression case), both include it.
 *
 * Input i of seed S depends on (S, i) alone: the random numbers come
 * from xorshift32 started at a mix of both, so any input of a run is
 * made again from the two numbers the guest prints ("fuzz I FILE OPS").
 *
 * The damage is what a file can have that the loader can tell from the
 * file: every value written is one no well-formed module has there
 * (outside the file, past a table, not a power of two, an unknown type),
 * or, for flips, bytes of the ELF header and of the section names.  It
 * never changes code, data or an in-range offset or index: that makes
 * another well-formed module, whose code runs in the kernel as written
 * (the loader cannot know what code means).  One to three operations
 * each input:
 *   trunc  the file cut short
 *   flip   1-4 bits of the ELF header or of the section names
 *   ehdr   an ELF header field: class, byte order, version, type,
 *          machine, e_shoff, e_shnum, e_shentsize, e_shstrndx
 *   shdr   a section header field: sh_name, sh_type, sh_offset,
 *          sh_size, sh_link, sh_info, sh_addralign, sh_flags (bits added)
 *   sym    a symbol's st_name, st_shndx, st_value, or made common
 *          with a bad alignment
 *   rel    a relocation's offset (at or past the end of its section),
 *          symbol index (past the table) or type (unknown)
 * With MF_FLAGS (the guest's "fuzz +flags", modfuzz-gen +flags), two
 * kinds more, which make a file whose offsets are all right:
 *   flags  a section's SHF_WRITE, SHF_ALLOC or SHF_EXECINSTR cleared,
 *          set, or two of them swapped (any section)
 *   type   a section's sh_type one no loader knows: the user range
 *          (0x80000000 and up), a standard type an object never has
 *          (SHT_HASH, SHT_DYNAMIC, SHT_SHLIB, SHT_DYNSYM), one past
 *          the standard ones, or an OS-specific one GNU does not use
 * Flags damage breaks the rule above on purpose: a section that lost
 * SHF_ALLOC is one the loader drops, and what still points into it
 * must make the loader refuse the file (issue 38).  Without MF_FLAGS
 * the inputs are those of the first mutator, operation for operation.
 */
#ifndef MODFUZZ_H
#define MODFUZZ_H

typedef unsigned int mf_u32;
typedef unsigned long long mf_u64;

struct mf {
	unsigned char *p;	/* the copy being damaged */
	unsigned long len;
	int is64, be;		/* ELFCLASS64, big-endian */
	mf_u32 rng;
	char *ops;		/* what was done, for the console */
	unsigned int opslen, opsmax;
};

static mf_u32 mf_rand(struct mf *m)
{
	mf_u32 x = m->rng;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return m->rng = x;
}

static mf_u32 mf_below(struct mf *m, mf_u32 n)
{
	return n ? mf_rand(m) % n : 0;
}

/* A field of n bytes at offset off, in the file's byte order. */
static mf_u64 mf_get(const struct mf *m, unsigned long off, int n)
{
	mf_u64 v = 0;
	int k;

	if (off > m->len || (unsigned long)n > m->len - off)
		return 0;
	for (k = 0; k < n; k++)
		v |= (mf_u64)m->p[off + k] << 8 * (m->be ? n - 1 - k : k);
	return v;
}

static void mf_put(struct mf *m, unsigned long off, int n, mf_u64 v)
{
	int k;

	if (off > m->len || (unsigned long)n > m->len - off)
		return;
	for (k = 0; k < n; k++)
		m->p[off + k] = v >> 8 * (m->be ? n - 1 - k : k);
}

static void mf_say(struct mf *m, const char *s)
{
	while (*s && m->opslen + 1 < m->opsmax)
		m->ops[m->opslen++] = *s++;
	m->ops[m->opslen] = '\0';
}

static void mf_sayhex(struct mf *m, mf_u64 v)
{
	char buf[20], *q = buf + sizeof(buf);

	*--q = '\0';
	do
		*--q = "0123456789abcdef"[v & 15];
	while (v >>= 4);
	*--q = 'x';
	*--q = '0';
	mf_say(m, q);
}

/* ELF header fields: offset and size for ELFCLASS32, ELFCLASS64. */
#define MF_SHOFF	(m->is64 ? 40 : 32)
#define MF_SHNUM	(m->is64 ? 60 : 48)
#define MF_SHSTRNDX	(m->is64 ? 62 : 50)
#define MF_SHENTSIZE	(m->is64 ? 58 : 46)
#define MF_SHDRSZ	(m->is64 ? 64 : 40)
#define MF_W		(m->is64 ? 8 : 4)	/* a word: Addr, Off, Xword */

/* Section header fields: [0] offset 32-bit, [1] 64-bit; size. */
enum { SH_NAME, SH_TYPE, SH_FLAGS, SH_OFFSET, SH_SIZE, SH_LINK, SH_INFO,
       SH_ALIGN, SH_NFIELDS };
static const unsigned char mf_shoff[SH_NFIELDS][2] = {
	{ 0, 0 }, { 4, 4 }, { 8, 8 }, { 16, 24 }, { 20, 32 }, { 24, 40 },
	{ 28, 44 }, { 32, 48 },
};
static const unsigned char mf_shwide[SH_NFIELDS] = { 0, 0, 1, 1, 1, 0, 0, 1 };
static const char *const mf_shname[SH_NFIELDS] = {
	"sh_name", "sh_type", "sh_flags", "sh_offset", "sh_size", "sh_link",
	"sh_info", "sh_addralign",
};

static unsigned int mf_shnum(const struct mf *m)
{
	return mf_get(m, MF_SHNUM, 2);
}

/* Offset of field f of section i's header, or 0 if it is not in the
   file; its size in *n. */
static unsigned long mf_shfield(const struct mf *m, unsigned int i, int f,
				int *n)
{
	mf_u64 off = mf_get(m, MF_SHOFF, MF_W) + (mf_u64)i * MF_SHDRSZ
		+ mf_shoff[f][m->is64];

	*n = mf_shwide[f] ? MF_W : 4;
	if (off + *n > m->len)
		return 0;
	return off;
}

static mf_u64 mf_sh(const struct mf *m, unsigned int i, int f)
{
	int n;
	unsigned long off = mf_shfield(m, i, f, &n);

	return off ? mf_get(m, off, n) : 0;
}

static void mf_setsh(struct mf *m, unsigned int i, int f, mf_u64 v)
{
	int n;
	unsigned long off = mf_shfield(m, i, f, &n);

	if (off)
		mf_put(m, off, n, v);
}

/* The first section of type t (0 if none). */
static unsigned int mf_find(const struct mf *m, mf_u32 t)
{
	unsigned int i, n = mf_shnum(m);

	for (i = 1; i < n; i++)
		if (mf_sh(m, i, SH_TYPE) == t)
			return i;
	return 0;
}

/* A value far out of range for a field of n bytes. */
static mf_u64 mf_huge(struct mf *m, int n)
{
	static const mf_u64 v[] = {
		0xffffffffULL, 0x80000000ULL, 0x7fffffffULL, 0xfffffff0ULL,
		0x40000000ULL, 0x10000000ULL,
		0xffffffffffffffffULL, 0x8000000000000000ULL,
		0x7fffffffffffffffULL, 0x100000000ULL,
	};
	mf_u64 x = v[mf_below(m, n == 8 ? 10 : 6)];

	if (mf_below(m, 4) == 0)
		x = 0x04000000ULL + mf_rand(m);	/* 64MB and more */
	return x;
}

/* A value at least lo (a table's size, the end of the file), or far out. */
static mf_u64 mf_past(struct mf *m, mf_u64 lo, int n)
{
	switch (mf_below(m, 3)) {
	case 0:
		return lo + mf_below(m, 8);
	case 1:
		return lo + mf_below(m, 0x10000);
	default:
		return mf_huge(m, n);
	}
}

static void mf_trunc(struct mf *m)
{
	unsigned long to = mf_below(m, 4) ? mf_below(m, m->len)
		: m->len - 1 - mf_below(m, m->len < 64 ? m->len : 64);

	mf_say(m, "trunc@");
	mf_sayhex(m, to);
	m->len = to;
}

/* Which sections' names say ".init" (the loader puts those in the init
   area, freed after init), as a number: a flip must not change it, or
   code in the core could be left pointing at freed memory: a
   well-formed module with a bug, not a malformed one. */
static mf_u32 mf_initsig(const struct mf *m)
{
	unsigned int i, n = mf_shnum(m), str = mf_get(m, MF_SHSTRNDX, 2);
	mf_u64 lo = mf_sh(m, str, SH_OFFSET), size = mf_sh(m, str, SH_SIZE);
	mf_u32 sig = 0;

	if (str >= n || lo > m->len || size > m->len - lo)
		return 0;
	for (i = 1; i < n; i++) {
		mf_u64 at = mf_sh(m, i, SH_NAME);
		int has = 0;

		for (; at + 5 <= size && m->p[lo + at]; at++)
			if (m->p[lo + at] == '.' && m->p[lo + at + 1] == 'i'
			    && m->p[lo + at + 2] == 'n'
			    && m->p[lo + at + 3] == 'i'
			    && m->p[lo + at + 4] == 't')
				has = 1;
		sig = sig * 31 + has * (i + 1);
	}
	return sig;
}

static void mf_flip(struct mf *m)
{
	unsigned long lo = 0, n = m->is64 ? 64 : 52;
	unsigned int s = 0, k, bits = 1 + mf_below(m, 4);

	/* The ELF header, or the section names.  Not the symbols' names:
	   "__exitfn" renamed is a well-formed module that cannot unload. */
	if (mf_below(m, 2)) {
		s = mf_get(m, MF_SHSTRNDX, 2);
		if (s >= mf_shnum(m))
			s = 0;
		if (s) {
			lo = mf_sh(m, s, SH_OFFSET);
			n = mf_sh(m, s, SH_SIZE);
			if (lo > m->len || n > m->len - lo || !n)
				lo = 0, n = m->is64 ? 64 : 52, s = 0;
		}
	}
	mf_say(m, s ? "flip-shstrtab" : "flip-ehdr");
	for (k = 0; k < bits; k++) {
		unsigned long at = lo + mf_below(m, n);
		unsigned char bit = 1 << mf_below(m, 8);
		mf_u32 sig = s ? mf_initsig(m) : 0;

		if (at < m->len) {
			m->p[at] ^= bit;
			if (s && mf_initsig(m) != sig) {
				m->p[at] ^= bit;	/* undone */
				continue;
			}
			mf_say(m, "@");
			mf_sayhex(m, at);
		}
	}
}

static void mf_ehdr(struct mf *m)
{
	unsigned int shnum = mf_shnum(m);

	switch (mf_below(m, 8)) {
	case 0:
		mf_say(m, "ei_class");
		m->p[4] = mf_below(m, 2) ? (m->is64 ? 1 : 2) : mf_rand(m) | 3;
		break;
	case 1:
		mf_say(m, "ei_data");
		m->p[5] = mf_below(m, 2) ? (m->be ? 1 : 2) : mf_rand(m) | 3;
		break;
	case 2:
		mf_say(m, "ei_version/e_type");
		if (mf_below(m, 2))
			m->p[6] = 2 + mf_below(m, 254);
		else
			mf_put(m, 16, 2, 2 + mf_below(m, 0xfffe));
		break;
	case 3:
		mf_say(m, "e_machine");
		mf_put(m, 18, 2, mf_get(m, 18, 2) ^ (1 + mf_below(m, 0xffff)));
		break;
	case 4:
		mf_say(m, "e_shoff");
		mf_put(m, MF_SHOFF, MF_W, mf_below(m, 2)
		       ? mf_past(m, m->len - (mf_u64)shnum * MF_SHDRSZ + 1, MF_W)
		       : mf_get(m, MF_SHOFF, MF_W) + 1 + mf_below(m, MF_W - 1));
		break;
	case 5:
		mf_say(m, "e_shnum");
		mf_put(m, MF_SHNUM, 2, mf_below(m, 4) ? shnum + 1 + mf_below(m, 0xffff - shnum) : 0);
		break;
	case 6:
		mf_say(m, "e_shentsize");
		mf_put(m, MF_SHENTSIZE, 2, MF_SHDRSZ ^ (1 + mf_below(m, 0xffff)));
		break;
	default:
		mf_say(m, "e_shstrndx");
		mf_put(m, MF_SHSTRNDX, 2, mf_below(m, 4) ? shnum + mf_below(m, 0x10000 - shnum) : 0);
	}
}

static void mf_shdr(struct mf *m)
{
	unsigned int shnum = mf_shnum(m), i, strndx;
	int f = mf_below(m, SH_NFIELDS), n = mf_shwide[f] ? MF_W : 4;
	mf_u64 v, type, off, size;

	if (shnum < 2)
		return;
	i = 1 + mf_below(m, shnum - 1);
	type = mf_sh(m, i, SH_TYPE);
	off = mf_sh(m, i, SH_OFFSET);
	size = mf_sh(m, i, SH_SIZE);
	strndx = mf_get(m, MF_SHSTRNDX, 2);
	switch (f) {
	case SH_NAME:
		v = mf_past(m, strndx < shnum ? mf_sh(m, strndx, SH_SIZE) : 0, 4);
		break;
	case SH_TYPE:
		/* not one of the standard or OS/processor-specific types */
		v = 20 + mf_below(m, 0x60000000 - 20);
		break;
	case SH_FLAGS:
		/* more flags only: a kept section dropped is a well-formed
		   module with a dangling pointer */
		v = mf_sh(m, i, SH_FLAGS) | (1 << mf_below(m, 3))
			| (mf_below(m, 2) ? 0xf0000000ULL : 0);
		break;
	case SH_OFFSET:
		if (type == 8 /* SHT_NOBITS */ || off > m->len)
			return;
		v = mf_past(m, m->len - size + 1, n);
		break;
	case SH_SIZE:
		v = type == 8 ? 0x04000000ULL + mf_rand(m)
			: mf_past(m, m->len - off + 1, n);
		break;
	case SH_LINK:
		v = mf_past(m, shnum, 4);
		break;
	case SH_INFO:
		if (type != 4 && type != 9)	/* SHT_RELA, SHT_REL */
			return;
		v = mf_below(m, 4) ? mf_past(m, shnum, 4) : 0;
		break;
	default:
		/* not a power of two, or more than a page */
		v = mf_below(m, 2) ? (mf_rand(m) | 3) & 0x7fffffff
			: (mf_u64)0x10000 << mf_below(m, 15);
	}
	mf_say(m, "shdr[");
	mf_sayhex(m, i);
	mf_say(m, "].");
	mf_say(m, mf_shname[f]);
	mf_say(m, "=");
	mf_sayhex(m, v);
	mf_setsh(m, i, f, v);
}

static void mf_sym(struct mf *m)
{
	unsigned int s = mf_find(m, 2 /* SHT_SYMTAB */), shnum = mf_shnum(m);
	unsigned int esz = m->is64 ? 24 : 16, i, shndx;
	mf_u64 off, nsyms, at, strsize, v;
	unsigned int link;

	if (!s)
		return;
	off = mf_sh(m, s, SH_OFFSET);
	nsyms = (unsigned long)mf_sh(m, s, SH_SIZE) / esz;
	if (nsyms < 2 || off > m->len)
		return;
	i = 1 + mf_below(m, nsyms - 1);
	at = off + (mf_u64)i * esz;
	link = mf_sh(m, s, SH_LINK);
	strsize = link < shnum ? mf_sh(m, link, SH_SIZE) : 0;
	shndx = mf_get(m, at + (m->is64 ? 6 : 14), 2);
	mf_say(m, "sym[");
	mf_sayhex(m, i);
	switch (mf_below(m, 4)) {
	case 0:
		v = mf_past(m, strsize, 4);
		mf_say(m, "].st_name=");
		mf_put(m, at, 4, v);
		break;
	case 1:
		/* past the sections, but not ABS or COMMON */
		v = shnum + mf_below(m, 0xfff0 - shnum);
		if (mf_below(m, 4) == 0)
			v = 0xff00 + mf_below(m, 0xf1);
		mf_say(m, "].st_shndx=");
		mf_put(m, at + (m->is64 ? 6 : 14), 2, v);
		break;
	case 2:
		if (shndx == 0 || shndx >= shnum)
			return;
		v = mf_past(m, mf_sh(m, shndx, SH_SIZE) + 1, MF_W);
		mf_say(m, "].st_value=");
		mf_put(m, at + (m->is64 ? 8 : 4), MF_W, v);
		break;
	default:
		v = (mf_rand(m) | 3) & 0xffff;
		mf_say(m, "].common,align=");
		mf_put(m, at + (m->is64 ? 6 : 14), 2, 0xfff2);
		mf_put(m, at + (m->is64 ? 8 : 4), MF_W, v);
	}
	mf_sayhex(m, v);
}

static void mf_rel(struct mf *m)
{
	unsigned int shnum = mf_shnum(m), s, k, sym = mf_find(m, 2);
	unsigned int cand[64], nc = 0, esz, rela, target;
	mf_u64 at, nrel, v, info, tsize, nsyms;

	for (s = 1; s < shnum && nc < 64; s++) {
		mf_u64 t = mf_sh(m, s, SH_TYPE);

		if ((t == 4 || t == 9) && mf_sh(m, s, SH_SIZE))
			cand[nc++] = s;
	}
	if (!nc || !sym)
		return;
	s = cand[mf_below(m, nc)];
	rela = mf_sh(m, s, SH_TYPE) == 4;
	esz = (m->is64 ? 16 : 8) + (rela ? MF_W : 0);
	nrel = (unsigned long)mf_sh(m, s, SH_SIZE) / esz;
	if (!nrel || mf_sh(m, s, SH_OFFSET) > m->len)
		return;
	k = mf_below(m, nrel);
	at = mf_sh(m, s, SH_OFFSET) + (mf_u64)k * esz;
	target = mf_sh(m, s, SH_INFO);
	tsize = target < shnum ? mf_sh(m, target, SH_SIZE) : 0;
	nsyms = (unsigned long)mf_sh(m, sym, SH_SIZE) / (m->is64 ? 24 : 16);
	info = mf_get(m, at + MF_W, MF_W);
	mf_say(m, "rel[");
	mf_sayhex(m, s);
	mf_say(m, ",");
	mf_sayhex(m, k);
	switch (mf_below(m, 3)) {
	case 0:
		/* the last byte of the section (every type writes two
		   bytes or more), or past it */
		v = mf_below(m, 2) && tsize ? tsize - 1
			: mf_past(m, tsize, MF_W);
		mf_say(m, "].r_offset=");
		mf_put(m, at, MF_W, v);
		break;
	case 1:
		v = mf_past(m, nsyms, 4);
		if (!m->is64)
			v &= 0xffffff;
		if (v < nsyms)
			v = 0xffffff;
		mf_say(m, "].sym=");
		if (m->is64)
			info = (info & 0xffffffffULL) | v << 32;
		else
			info = (info & 0xff) | v << 8;
		mf_put(m, at + MF_W, MF_W, info);
		break;
	default:
		/* no arch's loader knows 0x80 to 0xfe */
		v = 0x80 + mf_below(m, 0x7f);
		mf_say(m, "].type=");
		info = (info & ~0xffULL) | v;
		mf_put(m, at + MF_W, MF_W, info);
	}
	mf_sayhex(m, v);
}

static void mf_flags(struct mf *m)
{
	static const char *const bitname[3] = { "W", "A", "X" };
	unsigned int shnum = mf_shnum(m), i, a, b;
	mf_u64 v;

	if (shnum < 2)
		return;
	i = 1 + mf_below(m, shnum - 1);
	v = mf_sh(m, i, SH_FLAGS);
	a = mf_below(m, 3);		/* SHF_WRITE 1, SHF_ALLOC 2, SHF_EXECINSTR 4 */
	b = (a + 1 + mf_below(m, 2)) % 3;
	mf_say(m, "shdr[");
	mf_sayhex(m, i);
	switch (mf_below(m, 3)) {
	case 0:
		mf_say(m, "].flags-");
		mf_say(m, bitname[a]);
		v &= ~(mf_u64)(1 << a);
		break;
	case 1:
		mf_say(m, "].flags+");
		mf_say(m, bitname[a]);
		v |= 1 << a;
		break;
	default:
		mf_say(m, "].flags");
		mf_say(m, bitname[a]);
		mf_say(m, "<>");
		mf_say(m, bitname[b]);
		if (!(v >> a & 1) != !(v >> b & 1))
			v ^= (mf_u64)(1 << a | 1 << b);
	}
	mf_say(m, "=");
	mf_sayhex(m, v);
	mf_setsh(m, i, SH_FLAGS, v);
}

static void mf_type(struct mf *m)
{
	static const mf_u32 never[] = { 5, 6, 10, 11 };
	unsigned int shnum = mf_shnum(m), i, s, cand[64], nc = 0;
	mf_u64 v;

	if (shnum < 2)
		return;
	/* a relocation table half of the time: skipped, it left the
	   code unrelocated */
	for (s = 1; s < shnum && nc < 64; s++) {
		mf_u64 t = mf_sh(m, s, SH_TYPE);

		if (t == 4 || t == 9)
			cand[nc++] = s;
	}
	i = nc && mf_below(m, 2) ? cand[mf_below(m, nc)]
		: 1 + mf_below(m, shnum - 1);
	switch (mf_below(m, 4)) {
	case 0:
	case 1:
		v = 0x80000000ULL + mf_rand(m) % 0x80000000U;
		break;
	case 2:
		v = never[mf_below(m, 4)];
		break;
	default:
		/* past SHT_SYMTAB_SHNDX, or OS-specific below GNU's */
		v = mf_below(m, 2) ? 19 + mf_below(m, 32)
			: 0x60000000 + mf_below(m, 0x0fff0000);
	}
	mf_say(m, "shdr[");
	mf_sayhex(m, i);
	mf_say(m, "].sh_type=");
	mf_sayhex(m, v);
	mf_setsh(m, i, SH_TYPE, v);
}

/* modfuzz()'s kinds: the first mutator's, or flags and types too. */
#define MF_STRUCT	0
#define MF_FLAGS	1

/*
 * Damage copy[0..len) (a module file) as input i of seed: returns the
 * new length (never more than len); ops (opsmax bytes) says what was
 * done.  A file that is not ELF is only cut or flipped.  kinds: MF_STRUCT
 * or MF_FLAGS.
 */
static unsigned long modfuzz(unsigned char *copy, unsigned long len,
			     mf_u32 seed, mf_u32 i, int kinds, char *ops,
			     unsigned int opsmax)
{
	struct mf mm, *m = &mm;
	unsigned int k, nops;

	m->p = copy;
	m->len = len;
	m->is64 = len > 4 && copy[4] == 2;
	m->be = len > 5 && copy[5] == 2;
	m->ops = ops;
	m->opslen = 0;
	m->opsmax = opsmax;
	ops[0] = '\0';
	/* seed and index mixed, never 0 (xorshift's fixed point) */
	m->rng = (seed * 0x9e3779b1U) ^ (i * 0x85ebca6bU) ^ 0x2545f491U;
	m->rng = m->rng ? m->rng : 1;
	for (k = 0; k < 8; k++)
		mf_rand(m);
	if (len < 64)
		return len;
	nops = 1 + (mf_below(m, 4) == 0) + (mf_below(m, 8) == 0);
	for (k = 0; k < nops; k++) {
		if (k)
			mf_say(m, "+");
		switch (mf_below(m, kinds == MF_FLAGS ? 16 : 12)) {
		case 0:
			mf_trunc(m);
			break;
		case 1:
		case 2:
			mf_flip(m);
			break;
		case 3:
		case 4:
			mf_ehdr(m);
			break;
		case 5:
		case 6:
		case 7:
			mf_shdr(m);
			break;
		case 8:
		case 9:
			mf_sym(m);
			break;
		case 12:
		case 13:
		case 14:
			mf_flags(m);
			break;
		case 15:
			mf_type(m);
			break;
		default:
			mf_rel(m);
		}
	}
	if (!m->opslen)
		mf_say(m, "none");
	return m->len;
}
#endif /* MODFUZZ_H */
