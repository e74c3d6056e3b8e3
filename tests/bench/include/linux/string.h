/*
 * Bench shim of <linux/string.h>: the string functions are 2.5.50's own
 * lib/string.c, compiled for the host under a bench_ prefix (so that
 * neither glibc's versions nor gcc's builtins stand in for them), and
 * kernel/params.c and lib/string.c both see these names.
 */
#ifndef BENCH_LINUX_STRING_H
#define BENCH_LINUX_STRING_H
#include <stddef.h>

#define strnicmp	bench_strnicmp
#define strcpy		bench_strcpy
#define strncpy		bench_strncpy
#define strcat		bench_strcat
#define strncat		bench_strncat
#define strcmp		bench_strcmp
#define strncmp		bench_strncmp
#define strchr		bench_strchr
#define strrchr		bench_strrchr
#define strlen		bench_strlen
#define strnlen		bench_strnlen
#define strspn		bench_strspn
#define strcspn		bench_strcspn
#define strpbrk		bench_strpbrk
#define strsep		bench_strsep
#define memset		bench_memset
#define bcopy		bench_bcopy
#define memcpy		bench_memcpy
#define memmove		bench_memmove
#define memcmp		bench_memcmp
#define memscan		bench_memscan
#define strstr		bench_strstr
#define memchr		bench_memchr

int strnicmp(const char *, const char *, size_t);
char *strcpy(char *, const char *);
char *strncpy(char *, const char *, size_t);
char *strcat(char *, const char *);
char *strncat(char *, const char *, size_t);
int strcmp(const char *, const char *);
int strncmp(const char *, const char *, size_t);
char *strchr(const char *, int);
char *strrchr(const char *, int);
size_t strlen(const char *);
size_t strnlen(const char *, size_t);
size_t strspn(const char *, const char *);
size_t strcspn(const char *, const char *);
char *strpbrk(const char *, const char *);
char *strsep(char **, const char *);
void *memset(void *, int, size_t);
char *bcopy(const char *, char *, int);
void *memcpy(void *, const void *, size_t);
void *memmove(void *, const void *, size_t);
int memcmp(const void *, const void *, size_t);
void *memscan(void *, int, size_t);
char *strstr(const char *, const char *);
void *memchr(const void *, int, size_t);
#endif
