/*
 * Bench shim of <linux/kernel.h>: tests/host's, and lib/vsprintf.c's
 * number readers that the seed's setters call (the bench's own table
 * never reaches them; bench.c defines them).
 */
#include_next <linux/kernel.h>
#ifndef BENCH_LINUX_KERNEL_H
#define BENCH_LINUX_KERNEL_H
long simple_strtol(const char *cp, char **endp, unsigned int base);
unsigned long simple_strtoul(const char *cp, char **endp, unsigned int base);
#endif
