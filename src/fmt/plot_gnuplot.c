/* SPDX-License-Identifier: MIT */
/*
 * plot_gnuplot.c: the built-in figure scripts and running gnuplot on them.
 * No shell is involved: gnuplot is started with fork/execvp as
 * "gnuplot -c /dev/fd/4 /dev/fd/3 OUT STRAGGLER [EXTRA]": the script comes
 * through a pipe on its descriptor 4, the TSV through one on descriptor 3,
 * and the file names reach the script as ARG1.. in argv, never quoted into
 * gnuplot or shell text. A script file (unlike commands on standard input)
 * stops at its first error.
 */
#include "litsi/plot.h"
#include "litsi/litsi.h"
#include "litsi/util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "plot_scripts.h"

const char *
plot_script(const char *figure)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(plot_scripts); i++)
		if (!strcmp(plot_scripts[i].name, figure))
			return plot_scripts[i].text;
	return NULL;
}

const char *
plot_figure_name(size_t i)
{
	return i < ARRAY_SIZE(plot_scripts) ? plot_scripts[i].name : NULL;
}

/* Itanium nested or plain name "_ZN3foo3barE..." -> "foo::bar" into @sb; false if not one. */
static bool
demangle_itanium(const char *s, struct sbuf *sb)
{
	bool any = false;

	if (strncmp(s, "_Z", 2))
		return false;
	s += 2;
	if (*s == 'N')
		s++;
	while (isdigit((unsigned char)*s)) {
		char *end;
		unsigned long len = strtoul(s, &end, 10);

		if (!len || strlen(end) < len)
			break;
		if (any)
			sbuf_addstr(sb, "::");
		sbuf_add(sb, end, len);
		any = true;
		s = end + len;
	}
	return any;
}

/* "void ns::kern<int, 4>(float*, int)" -> "ns::kern". */
static void
strip_signature(const char *s, struct sbuf *sb)
{
	const char *p, *start = s;
	int depth = 0;

	/* A return type is the text before the last space at depth 0 before '('. */
	for (p = s; *p && !(*p == '(' && !depth); p++) {
		if (*p == '<')
			depth++;
		else if (*p == '>' && depth)
			depth--;
		else if (*p == ' ' && !depth)
			start = p + 1;
	}
	if (!*p)
		start = s;	/* no argument list: not a signature, keep the whole name */
	depth = 0;
	for (p = start; *p; p++) {
		if (*p == '<')
			depth++;
		else if (*p == '>' && depth)
			depth--;
		else if (*p == '(' && !depth && p > start)
			break;
		else if (!depth)
			sbuf_addch(sb, *p);
	}
	if (!sb->len)
		sbuf_addstr(sb, s);
}

void
plot_label(const char *name, unsigned long id, char *buf, size_t n)
{
	struct sbuf sb = SBUF_INIT;
	char tail[32];

	if (!demangle_itanium(name, &sb))
		strip_signature(name, &sb);
	snprintf(tail, sizeof(tail), " #%lu", id);
	if (sb.len > PLOT_LABEL_MAX) {
		int cut = PLOT_LABEL_MAX - 3;

		/* Never inside a UTF-8 sequence. */
		while (cut > 0 && ((unsigned char)sb.buf[cut] & 0xC0) == 0x80)
			cut--;
		snprintf(buf, n, "%.*s...%s", cut, sb.buf, tail);
	}
	else
		snprintf(buf, n, "%s%s", sb.buf, tail);
	sbuf_release(&sb);
}

bool
plot_gnuplot_found(void)
{
	const char *path = getenv("PATH"), *p, *end;
	struct sbuf sb = SBUF_INIT;
	bool found = false;

	if (!path)
		path = "/usr/bin:/bin";
	for (p = path; !found; p = end + 1) {
		end = strchr(p, ':');
		if (!end)
			end = p + strlen(p);
		sbuf_reset(&sb);
		if (end > p)
			sbuf_add(&sb, p, (size_t)(end - p));
		else
			sbuf_addch(&sb, '.');
		sbuf_addstr(&sb, "/gnuplot");
		found = access(sb.buf, X_OK) == 0;
		if (!*end)
			break;
	}
	sbuf_release(&sb);
	return found;
}

/* The folder @path goes into exists: gnuplot's own message would be cryptic. */
static int
output_folder_ok(const char *path, struct err *err)
{
	const char *slash = strrchr(path, '/');
	struct stat sb;
	char *dir;
	int rc = 0;

	if (!slash)
		return 0;
	dir = xstrndup(path, slash == path ? 1 : (size_t)(slash - path));
	if (stat(dir, &sb))
		rc = err_set(err, LITSI_EUSAGE, "cannot write '%s': folder '%s' does not exist",
			     path, dir);
	else if (!S_ISDIR(sb.st_mode))
		rc = err_set(err, LITSI_EUSAGE, "cannot write '%s': '%s' is not a folder", path,
			     dir);
	free(dir);
	return rc;
}

int
plot_output_ok(const char *path, struct err *err)
{
	size_t n = strlen(path);

	if (strchr(path, '\n') || strchr(path, '\r'))
		return err_set(err, LITSI_EUSAGE, "output file name contains a newline");
	if (n < 5 || (strcasecmp(path + n - 4, ".png") && strcasecmp(path + n - 4, ".svg") &&
		      strcasecmp(path + n - 4, ".pdf")))
		return err_set(err, LITSI_EUSAGE,
			       "output file '%s' must end in .png, .svg or .pdf", path);
	return output_folder_ok(path, err);
}

/*
 * While gnuplot runs, SIGINT and SIGTERM sent to litsi alone (kill PID) are
 * passed on to gnuplot, which is then reaped in plot_gnuplot_finish(); litsi
 * does not exit and leave it running.
 */
static volatile sig_atomic_t plot_signal;
static volatile pid_t plot_child = -1;

static void
forward_signal(int sig)
{
	plot_signal = sig;
	if (plot_child > 0)
		kill(plot_child, sig);
}

static void
forward_signals(struct plot_run *r)
{
	struct sigaction sa = { .sa_handler = forward_signal };

	sigemptyset(&sa.sa_mask);
	plot_signal = 0;
	plot_child = r->pid;
	sigaction(SIGINT, &sa, &r->old_int);
	sigaction(SIGTERM, &sa, &r->old_term);
}

static void
restore_signals(struct plot_run *r)
{
	plot_child = -1;
	sigaction(SIGINT, &r->old_int, NULL);
	sigaction(SIGTERM, &r->old_term, NULL);
}

static int
write_all(int fd, const char *buf, size_t n)
{
	while (n) {
		ssize_t w = write(fd, buf, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		buf += w;
		n -= (size_t)w;
	}
	return 0;
}

static void
run_child(int script_fd, int data_fd, char **argv)
{
	int fd;

	/* litsi's forwarding handlers are the parent's: a signal caught before now stops the child */
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	if (plot_signal)
		raise(plot_signal);
	/* Move both pipe ends above 4 first so that the dup2()s cannot clobber them. */
	fd = fcntl(script_fd, F_DUPFD, 5);
	script_fd = fd >= 0 ? fd : -1;
	fd = fcntl(data_fd, F_DUPFD, 5);
	data_fd = fd >= 0 ? fd : -1;
	if (script_fd < 0 || data_fd < 0 || dup2(script_fd, 4) < 0 || dup2(data_fd, 3) < 0 ||
	    dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
		_exit(127);
	close(script_fd);
	close(data_fd);
	fd = open("/dev/null", O_RDONLY);
	if (fd >= 0 && fd != STDIN_FILENO) {
		dup2(fd, STDIN_FILENO);
		close(fd);
	}
	execvp(argv[0], argv);
	_exit(127);
}

/*
 * gnuplot reads a data field up to a double quote, drops backslashes and
 * trims leading blanks, so a name holding them could neither be shown nor
 * matched (plot corr --kernel). The data stream and ARG4 therefore both pass
 * through gp_text(): '"' becomes U+201D and '\\' U+29F5, which look alike in
 * a figure, and ARG4 loses the leading and trailing blanks gnuplot trims.
 */
static void
gp_text(struct sbuf *sb, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i] == '"')
			sbuf_addstr(sb, "\xE2\x80\x9D");
		else if (s[i] == '\\')
			sbuf_addstr(sb, "\xE2\xA7\xB5");
		else
			sbuf_addch(sb, s[i]);
	}
}

static ssize_t
gp_write(void *cookie, const char *buf, size_t n)
{
	struct sbuf sb = SBUF_INIT;
	int fd = (int)(intptr_t)cookie;
	int rc;

	gp_text(&sb, buf, n);
	rc = write_all(fd, sb.buf, sb.len);
	sbuf_release(&sb);
	return rc ? -1 : (ssize_t)n;
}

static int
gp_close(void *cookie)
{
	return close((int)(intptr_t)cookie);
}

static char *
gp_arg(const char *extra)
{
	struct sbuf sb = SBUF_INIT;
	char *vis = visible_dup(extra);
	const char *p = vis, *e;

	if (!vis)
		return NULL;
	while (*p == ' ' || *p == '\t')
		p++;
	for (e = p + strlen(p); e > p && (e[-1] == ' ' || e[-1] == '\t'); e--)
		;
	gp_text(&sb, p, (size_t)(e - p));
	free(vis);
	return sbuf_detach(&sb);
}

int
plot_gnuplot_start(const char *figure, const char *out, int straggler, const char *extra,
		   struct plot_run *r, struct err *err)
{
	const char *script = plot_script(figure);
	char *argv[] = { "gnuplot", "-c", "/dev/fd/4", "/dev/fd/3", (char *)out, NULL, NULL, NULL };
	int sp[2], dp[2];
	char num[32];
	int rc = 0;

	memset(r, 0, sizeof(*r));
	r->pid = -1;
	if (!script)
		return err_set(err, LITSI_EUSAGE, "unknown figure '%s'", figure);
	if (pipe(sp))
		return err_set(err, LITSI_EDB, "cannot create a pipe: %s", strerror(errno));
	if (pipe(dp)) {
		close(sp[0]);
		close(sp[1]);
		return err_set(err, LITSI_EDB, "cannot create a pipe: %s", strerror(errno));
	}
	snprintf(num, sizeof(num), "%d", straggler);
	argv[5] = straggler >= 0 ? num : "none";
	/* The TSV shows names with control characters made visible: match that form. */
	r->extra = gp_arg(extra);
	argv[6] = r->extra;
	fflush(NULL);
	/* caught from before the fork: a signal while gnuplot starts is not lost */
	forward_signals(r);
	r->pid = fork();
	if (r->pid < 0) {
		restore_signals(r);
		rc = err_set(err, LITSI_EDB, "cannot start gnuplot: %s", strerror(errno));
		close(sp[0]);
		close(sp[1]);
		close(dp[0]);
		close(dp[1]);
		return rc;
	}
	if (r->pid == 0) {
		close(sp[1]);
		close(dp[1]);
		run_child(sp[0], dp[0], argv);
	}
	close(sp[0]);
	close(dp[0]);
	plot_child = r->pid;
	if (plot_signal)
		kill(r->pid, plot_signal);
	fcntl(sp[1], F_SETFD, FD_CLOEXEC);
	fcntl(dp[1], F_SETFD, FD_CLOEXEC);
	r->old_pipe = signal(SIGPIPE, SIG_IGN);
	/* The script is a few kilobytes: it fits in the pipe before gnuplot reads fd 3. */
	write_all(sp[1], script, strlen(script));
	close(sp[1]);
	r->data = fopencookie((void *)(intptr_t)dp[1], "w",
			      (cookie_io_functions_t){ .write = gp_write, .close = gp_close });
	if (!r->data) {
		rc = err_set(err, LITSI_EDB, "cannot open the pipe to gnuplot: %s",
			     strerror(errno));
		close(dp[1]);
		kill(r->pid, SIGTERM);
		plot_gnuplot_finish(r, &(struct err){ 0 });
		return rc;
	}
	return 0;
}

int
plot_gnuplot_finish(struct plot_run *r, struct err *err)
{
	int status = 0;
	pid_t w;

	if (r->data)
		fclose(r->data);
	r->data = NULL;
	if (r->pid > 0) {
		do
			w = waitpid(r->pid, &status, 0);
		while (w < 0 && errno == EINTR);
		r->pid = -1;
		if (w < 0)
			status = -1;
		restore_signals(r);
	}
	free(r->extra);
	r->extra = NULL;
	if (r->old_pipe != SIG_ERR && r->old_pipe)
		signal(SIGPIPE, r->old_pipe);
	else
		signal(SIGPIPE, SIG_DFL);
	if (plot_signal)
		return err_set(err, LITSI_EINTR, "interrupted; gnuplot stopped");
	if (status == -1)
		return err_set(err, LITSI_EDB, "cannot wait for gnuplot: %s", strerror(errno));
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
		return err_set(err, LITSI_EDB,
			       "cannot run gnuplot; install it (Debian package 'gnuplot-nox')");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		return err_set(err, LITSI_EDB, "gnuplot failed (status %d)",
			       WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
	return 0;
}
