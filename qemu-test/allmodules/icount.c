/*
 * icount: run a command and print what the CPU's time-stamp counter
 * advanced while it ran, fork to wait:
 *	icount COMMAND [ARG]...
 * prints "icount TICKS STATUS" on stdout after the command's own output
 * (STATUS as the shell's $?).  Under QEMU's -icount shift=0 the guest's
 * TSC counts its instructions, one a tick (make bench,
 * scripts/bench-modules.py): TICKS is then the instructions the command
 * cost the machine, its kernel work and its user space, and the same on
 * any host.
 */
#include <stdio.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>

static unsigned long long tsc(void)
{
	unsigned int lo, hi;

	__asm__ __volatile__("rdtsc" : "=a" (lo), "=d" (hi));
	return ((unsigned long long)hi << 32) | lo;
}

int main(int argc, char **argv)
{
	unsigned long long t0, t1;
	int st, rc;
	pid_t pid;

	if (argc < 2) {
		fprintf(stderr, "usage: icount COMMAND [ARG]...\n");
		return 2;
	}
	fflush(stdout);
	t0 = tsc();
	pid = fork();
	if (pid == 0) {
		execvp(argv[1], argv + 1);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid) {
		perror("icount");
		return 2;
	}
	t1 = tsc();
	rc = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	printf("icount %llu %d\n", t1 - t0, rc);
	return rc;
}
