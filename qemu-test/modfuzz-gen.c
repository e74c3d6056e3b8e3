/*
 * Host side of the module fuzzer (doc/module-fuzz.md): write input I of
 * seed SEED, made from module file IN by qemu-test/modfuzz.h as the
 * guest's "fuzz" step makes it, to OUT; print what was done.
 *   modfuzz-gen [+flags] SEED I IN OUT
 * (+flags: as the guest's "fuzz +flags", flags and types damaged too)
 * A guest line "fuzz I /m/FILE OPS" before an Oops names the input:
 * this makes it again, as a file to load on its own (a regression case,
 * qemu-test/modfuzz-regress.list).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "modfuzz.h"

int main(int argc, char **argv)
{
	static unsigned char buf[1 << 16];
	char ops[160];
	unsigned long len;
	FILE *f;
	int kinds = MF_STRUCT;

	if (argc > 1 && strcmp(argv[1], "+flags") == 0) {
		kinds = MF_FLAGS;
		argv++;
		argc--;
	}
	if (argc != 5) {
		fprintf(stderr, "usage: modfuzz-gen [+flags] SEED I IN OUT\n");
		return 2;
	}
	f = fopen(argv[3], "rb");
	if (!f) {
		perror(argv[3]);
		return 1;
	}
	len = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	len = modfuzz(buf, len, strtoul(argv[1], NULL, 10),
		      strtoul(argv[2], NULL, 10), kinds, ops, sizeof(ops));
	f = fopen(argv[4], "wb");
	if (!f || fwrite(buf, 1, len, f) != len || fclose(f)) {
		perror(argv[4]);
		return 1;
	}
	printf("%s\n", ops);
	return 0;
}
