/*
 * sigshare N PROGRAM [ARG...]: run PROGRAM in a child that shares this
 * process's signal handlers (clone(CLONE_SIGHAND), no CLONE_VM: a fork
 * otherwise), with its fail-nth count (patches/test/failnth.patch) set
 * to N first, 0 for none.  Its execve() must then give the child a
 * private signal table (de_thread()), an allocation that the walk of
 * failnth-modprobe's exec operation (qemu-test/busybox/cases/
 * exec-failnth.case, doc/fault-injection.md) makes fail in turn with
 * all the others of an exec.  Prints one line:
 *	sigshare: exit=K		the child exited with K
 *	sigshare: signal=S		it was killed by signal S
 *	sigshare: execve=ERRNO		execve() returned (exit 127 too)
 * and exits 0, or 2 when the child could not be made or waited for.
 * Built static with i386 musl by scripts/build-busybox.sh.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static void setnth(const char *n)
{
	int fd = open("/proc/sys/kernel/fail-nth", O_WRONLY);

	if (fd < 0) {
		perror("sigshare: /proc/sys/kernel/fail-nth");
		_exit(126);
	}
	/* not the exec's own: 2.5.50 has no O_CLOEXEC */
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	if (write(fd, n, strlen(n)) < 0) {
		perror("sigshare: write fail-nth");
		_exit(126);
	}
}

int main(int argc, char **argv)
{
	long pid;
	int status;

	if (argc < 3) {
		fprintf(stderr, "usage: sigshare N PROGRAM [ARG...]\n");
		return 2;
	}
	fflush(stdout);
	/* fork's semantics (the child has a copy of the memory), but one
	   signal table for both: the raw system call, as libc has none */
	pid = syscall(SYS_clone, CLONE_SIGHAND | SIGCHLD, 0, 0, 0, 0);
	if (pid < 0) {
		perror("sigshare: clone");
		return 2;
	}
	if (pid == 0) {
		if (strcmp(argv[1], "0"))
			setnth(argv[1]);
		execv(argv[2], argv + 2);
		printf("sigshare: execve=%s\n", strerror(errno));
		fflush(stdout);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid) {
		perror("sigshare: waitpid");
		return 2;
	}
	if (WIFSIGNALED(status))
		printf("sigshare: signal=%d\n", WTERMSIG(status));
	else
		printf("sigshare: exit=%d\n", WEXITSTATUS(status));
	return 0;
}
