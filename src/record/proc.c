/* SPDX-License-Identifier: MIT */
/*
 * proc.c: the recorded command: run in its own process group, signals
 * forwarded to that group, its status as a shell reports it, and no process
 * of its group left behind.
 */
#include "litsi/record.h"
#include "litsi/litsi.h"
#include "litsi/util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "record_int.h"

static sigset_t saved_mask;
static bool mask_saved;

static void
forwarded_set(sigset_t *s)
{
	sigemptyset(s);
	sigaddset(s, SIGINT);
	sigaddset(s, SIGTERM);
	sigaddset(s, SIGHUP);
	sigaddset(s, SIGCHLD);
}

void
record_signals_block(void)
{
	sigset_t s;

	forwarded_set(&s);
	pthread_sigmask(SIG_BLOCK, &s, &saved_mask);
	mask_saved = true;
}

void
record_signals_restore(void)
{
	if (mask_saved)
		pthread_sigmask(SIG_SETMASK, &saved_mask, NULL);
	mask_saved = false;
}

/* In a child before exec: the dispositions and mask a fresh process expects. */
static void
child_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGCHLD, SIGPIPE, SIGQUIT };
	sigset_t none;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sigs); i++)
		signal(sigs[i], SIG_DFL);
	sigemptyset(&none);
	pthread_sigmask(SIG_SETMASK, &none, NULL);
}

/*
 * Fork @argv into a new process group; its exec failure comes back as an
 * errno through a close-on-exec pipe (written only when exec failed). @out_fd
 * and @err_fd, when >= 0, become the child's stdout and stderr; @env, when not NULL, is put first.
 */
int
rec_spawn(char *const argv[], int out_fd, int err_fd, const char *env, pid_t *pid,
	  int *exec_errno, struct err *err)
{
	pid_t parent = getpid();
	int p[2], e = 0;
	ssize_t n;
	pid_t c;

	if (pipe2(p, O_CLOEXEC))
		return err_set(err, LITSI_EDB, "cannot create a pipe: %s", strerror(errno));
	c = fork();
	if (c < 0) {
		close(p[0]);
		close(p[1]);
		return err_set(err, LITSI_EDB, "cannot fork: %s", strerror(errno));
	}
	if (c == 0) {
		setpgid(0, 0);
		child_signals();
		/* A sampler (out_fd given) ends with litsi, even when litsi is killed. */
		if (out_fd >= 0 && (prctl(PR_SET_PDEATHSIG, SIGTERM) || getppid() != parent))
			_exit(126);
		if ((out_fd >= 0 && dup2(out_fd, 1) < 0) || (err_fd >= 0 && dup2(err_fd, 2) < 0))
			_exit(126);
		if (env)
			putenv((char *)env);
		execvp(argv[0], argv);
		e = errno;
		n = write(p[1], &e, sizeof(e));
		(void)n;
		_exit(e == ENOENT ? 127 : 126);
	}
	/* Both sides set the group, so a signal sent right after fork finds it. */
	setpgid(c, c);
	close(p[1]);
	do
		n = read(p[0], &e, sizeof(e));
	while (n < 0 && errno == EINTR);
	close(p[0]);
	*exec_errno = n == (ssize_t)sizeof(e) ? e : 0;
	*pid = c;
	return 0;
}

int
rec_exit_status(int wstatus)
{
	if (WIFEXITED(wstatus))
		return WEXITSTATUS(wstatus);
	if (WIFSIGNALED(wstatus))
		return 128 + WTERMSIG(wstatus);
	return 128;
}

static int64_t
mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Whether process group @pgid still has a member; reaps our own zombies first. */
static bool
group_alive(pid_t pgid)
{
	while (waitpid(-pgid, NULL, WNOHANG) > 0)
		;
	return kill(-pgid, 0) == 0 || errno == EPERM;
}

/* What @pgid left behind: SIGTERM, then SIGKILL after @grace_ms. */
void
rec_end_group(pid_t pgid, int first_sig, int grace_ms)
{
	int64_t until;

	if (!group_alive(pgid))
		return;
	kill(-pgid, first_sig);
	until = mono_ms() + grace_ms;
	while (group_alive(pgid) && mono_ms() < until) {
		struct timespec ts = { 0, 20 * 1000 * 1000 };

		nanosleep(&ts, NULL);
	}
	if (group_alive(pgid))
		kill(-pgid, SIGKILL);
	while (waitpid(-pgid, NULL, 0) > 0)
		;
}

/* Wait for @pid, forwarding the blocked INT/TERM/HUP to its group. */
static int
wait_forwarding(pid_t pid, int *wstatus)
{
	sigset_t s;

	forwarded_set(&s);
	for (;;) {
		struct timespec tick = { 0, 200 * 1000 * 1000 };
		pid_t w = waitpid(pid, wstatus, WNOHANG);
		int sig;

		if (w == pid)
			return 0;
		if (w < 0 && errno != EINTR)
			return -1;
		/* SIGCHLD wakes us; the timeout covers one that came before the wait. */
		sig = sigtimedwait(&s, NULL, &tick);
		if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP)
			kill(-pid, sig);
	}
}

int
record_pending_signal(void)
{
	struct timespec now = { 0, 0 };
	sigset_t s;
	int sig;

	sigemptyset(&s);
	sigaddset(&s, SIGINT);
	sigaddset(&s, SIGTERM);
	sigaddset(&s, SIGHUP);
	sig = sigtimedwait(&s, NULL, &now);
	return sig > 0 ? sig : 0;
}

int
record_run(char *const argv[], int *status, struct err *err)
{
	int wstatus = 0, e, rc;
	pid_t pid;

	rc = rec_spawn(argv, -1, -1, NULL, &pid, &e, err);
	if (rc)
		return rc;
	if (wait_forwarding(pid, &wstatus))
		return err_set(err, LITSI_EDB, "cannot wait for '%s': %s", argv[0],
			       strerror(errno));
	*status = rec_exit_status(wstatus);
	if (e)
		err_set(err, LITSI_EDB, "cannot run '%s': %s", argv[0], strerror(e));
	rec_end_group(pid, SIGTERM, 2000);
	return 0;
}
