/*
 * sigshare [-s|-t|-T|-v] N PROGRAM [ARG...]: exec PROGRAM from a task
 * whose signal table is shared, with that task's fail-nth count
 * (patches/test/failnth.patch) set to N first (0: none).  Its execve()
 * must then give it a private table, and with a thread group also kill
 * the other threads (de_thread()): the walk of failnth-modprobe's exec
 * operation (qemu-test/busybox/cases/exec-failnth.case,
 * doc/fault-injection.md) fails each allocation of that exec in turn.
 * How the table is shared:
 *	-s	(the default) a child process made with clone(CLONE_SIGHAND):
 *		a fork otherwise; the child execs
 *	-t	the child makes a thread (CLONE_VM | CLONE_SIGHAND |
 *		CLONE_THREAD | CLONE_DETACHED) that sleeps; the child, the
 *		group's leader, execs
 *	-T	the same, but the thread execs while the leader sleeps: the
 *		exec takes the leader's pid
 *	-v	the thread is made with CLONE_VFORK too: the leader waits in
 *		clone() until the thread's exec has let the old mm go
 * This process waits for the child and prints one line:
 *	sigshare: exit=K		the child exited with K
 *	sigshare: signal=S		it was killed by signal S
 * after the exec's own "sigshare: execve=ERRNO" when execve() returned
 * (the child then exits 127), and before it "sigshare: handler reset:
 * ..." when this process's handler of SIGUSR1 is gone: the exec reset
 * the handlers of a table it still shared (-s).  Exit status 0, or 2 when the child could
 * not be made or waited for.  Built static with i386 musl by
 * scripts/build-busybox.sh.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static char **prog;
static const char *nth;
static char stack[64 * 1024] __attribute__((aligned(16)));

static void say(const char *a, const char *b)
{
	write(1, a, strlen(a));
	write(1, b, strlen(b));
	write(1, "\n", 1);
}

/*
 * Set our own count and exec.  Called in a raw clone()d thread too:
 * no stdio, no errno of libc's after the exec (the thread shares the
 * creator's thread pointer), only system calls.
 */
static int run(void *unused)
{
	if (strcmp(nth, "0")) {
		int fd = open("/proc/sys/kernel/fail-nth", O_WRONLY);

		if (fd < 0) {
			say("sigshare: cannot open ", "/proc/sys/kernel/fail-nth");
			syscall(SYS_exit_group, 126);
		}
		/* not the exec's own: 2.5.50 has no O_CLOEXEC */
		fcntl(fd, F_SETFD, FD_CLOEXEC);
		write(fd, nth, strlen(nth));
	}
	syscall(SYS_execve, prog[0], prog, environ);
	say("sigshare: execve=", strerror(errno));
	/* the whole group: a refused exec leaves no thread behind */
	syscall(SYS_exit_group, 127);
	return 0;
}

static void usr1(int sig)
{
}

static int sleeper(void *unused)
{
	for (;;)
		pause();
	return 0;
}

int main(int argc, char **argv)
{
	/* detached: nobody waits for a thread of 2.5.50's */
	const int thread = CLONE_VM | CLONE_SIGHAND | CLONE_THREAD |
			   CLONE_DETACHED;
	char mode = 's';
	struct sigaction act;
	long pid;
	int status;

	if (argc > 1 && argv[1][0] == '-' && argv[1][1] && !argv[1][2]) {
		mode = argv[1][1];
		argv++;
		argc--;
	}
	if (argc < 3 || !strchr("stTv", mode)) {
		fprintf(stderr, "usage: sigshare [-s|-t|-T|-v] N PROGRAM [ARG...]\n");
		return 2;
	}
	nth = argv[1];
	prog = argv + 2;
	/* -s: the exec must give the child a table of its own, and reset
	   only that one's handlers, not ours */
	memset(&act, 0, sizeof(act));
	act.sa_handler = usr1;
	sigaction(SIGUSR1, &act, NULL);
	fflush(stdout);
	/* fork's semantics (the child has a copy of the memory); -s: one
	   signal table for both */
	pid = syscall(SYS_clone, (mode == 's' ? CLONE_SIGHAND : 0) | SIGCHLD,
		      0, 0, 0, 0);
	if (pid < 0) {
		perror("sigshare: clone");
		return 2;
	}
	if (pid == 0) {
		long t = 0;

		switch (mode) {
		case 's':
			run(NULL);
			break;
		case 't':
			t = clone(sleeper, stack + sizeof(stack), thread, NULL);
			if (t > 0)
				run(NULL);
			break;
		case 'T':
		case 'v':
			/* -v: back here only once the thread's exec is
			   under way (or its refusal) */
			t = clone(run, stack + sizeof(stack),
				  thread | (mode == 'v' ? CLONE_VFORK : 0), NULL);
			if (t > 0)
				sleeper(NULL);
			break;
		}
		say("sigshare: clone of the thread failed", "");
		syscall(SYS_exit_group, 2);
	}
	if (waitpid(pid, &status, 0) != pid) {
		perror("sigshare: waitpid");
		return 2;
	}
	if (sigaction(SIGUSR1, NULL, &act) || act.sa_handler != usr1)
		printf("sigshare: handler reset: the exec left the table shared\n");
	if (WIFSIGNALED(status))
		printf("sigshare: signal=%d\n", WTERMSIG(status));
	else
		printf("sigshare: exit=%d\n", WEXITSTATUS(status));
	return 0;
}
