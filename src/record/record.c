/* SPDX-License-Identifier: MIT */
/*
 * record.c: the recorder: which backend samples, the sampling thread of the
 * library backends (one tick every interval, on absolute deadlines), and the
 * vendor CLIs run as a child process writing their own CSV log.
 */
#include "litsi/record.h"
#include "litsi/litsi.h"
#include "litsi/util.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "record_int.h"

static const char *const backend_names[REC_NR_BACKENDS] = {
	"nvml", "rocm-smi", "nvidia-smi", "amd-smi",
};

struct recorder {
	enum record_backend backend;
	unsigned interval_ms;
	char *path;
	/* library backends */
	const struct rec_lib *lib;
	void *state;
	unsigned nr_gpus;
	FILE *f;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t wake;
	atomic_bool stop;
	bool failed;
	uint64_t ticks;
	double cpu_s;
	/* CLI backends */
	pid_t pid;
	struct rusage ru;
	int wstatus;
	/* both */
	struct timespec t0;
	bool created;		/* path was created by this recorder */
	bool out_failed;	/* the output could not be created: no other backend helps */
};

const char *
record_backend_name(enum record_backend b)
{
	return b >= 0 && b < REC_NR_BACKENDS ? backend_names[b] : "auto";
}

int
record_backend_parse(const char *name, enum record_backend *out)
{
	int i;

	if (!strcmp(name, "auto")) {
		*out = REC_AUTO;
		return 0;
	}
	for (i = 0; i < REC_NR_BACKENDS; i++) {
		if (!strcmp(name, backend_names[i])) {
			*out = (enum record_backend)i;
			return 0;
		}
	}
	return -1;
}

enum record_backend
record_backend_of(const struct recorder *r)
{
	return r->backend;
}

const char *
record_path(const struct recorder *r)
{
	return r->path;
}

unsigned
record_interval_ms(const struct recorder *r)
{
	return r->interval_ms;
}

void
rec_cell_num(FILE *f, const char *sep, bool ok, double v, int decimals)
{
	if (!ok || !isfinite(v))
		rec_cell_na(f, sep, sep[1] ? "[N/A]" : "N/A");
	else
		fprintf(f, "%s%.*f", sep, decimals, v);
}

void
rec_cell_na(FILE *f, const char *sep, const char *na)
{
	fprintf(f, "%s%s", sep, na);
}

static double
since(const struct timespec *a, clockid_t clk)
{
	struct timespec b;

	clock_gettime(clk, &b);
	return (double)(b.tv_sec - a->tv_sec) + (double)(b.tv_nsec - a->tv_nsec) / 1e9;
}

/* ---- the output file ---- */

static int
make_dirs(const char *dir, struct err *err)
{
	char *p = xstrdup(dir), *s;
	int rc = 0;

	for (s = p + 1; ; s++) {
		char c = *s;

		if (c != '/' && c != '\0')
			continue;
		*s = '\0';
		if (mkdir(p, 0777) && errno != EEXIST)
			rc = err_set(err, LITSI_EDB, "cannot create '%s': %s", p, strerror(errno));
		*s = c;
		if (rc || !c)
			break;
	}
	free(p);
	return rc;
}

/* Create @r->path, refusing one that exists. Return: the fd, or -1 with @err set. */
static int
create_output(struct recorder *r, const char *dir, const char *file, struct err *err)
{
	struct sbuf sb = SBUF_INIT;
	int fd;

	if (make_dirs(dir, err)) {
		r->out_failed = true;
		return -1;
	}
	sbuf_addf(&sb, "%s/%s", dir, file);
	r->path = sbuf_detach(&sb);
	fd = open(r->path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	r->created = fd >= 0;
	r->out_failed = fd < 0;
	if (fd < 0)
		err_set(err, LITSI_EDB, "cannot create '%s': %s%s", r->path, strerror(errno),
			errno == EEXIST ? " (give another output folder)" : "");
	return fd;
}

/* ---- library backends: one thread ---- */

static void
deadline_add(struct timespec *t, unsigned ms)
{
	t->tv_sec += ms / 1000;
	t->tv_nsec += (long)(ms % 1000) * 1000000L;
	if (t->tv_nsec >= 1000000000L) {
		t->tv_sec++;
		t->tv_nsec -= 1000000000L;
	}
}

static bool
before(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

static void
one_tick(struct recorder *r)
{
	struct timespec now;
	unsigned g;

	for (g = 0; g < r->nr_gpus; g++) {
		clock_gettime(CLOCK_REALTIME, &now);
		r->lib->row(r->state, g, (int64_t)now.tv_sec * 1000000000 + now.tv_nsec, r->f);
	}
	r->ticks++;
	if (fflush(r->f) || ferror(r->f))
		r->failed = true;
}

static void *
sampler(void *arg)
{
	struct recorder *r = arg;
	struct timespec next, now, cpu0;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu0);
	clock_gettime(CLOCK_MONOTONIC, &next);
	pthread_mutex_lock(&r->lock);
	while (!r->failed) {
		pthread_mutex_unlock(&r->lock);
		one_tick(r);
		pthread_mutex_lock(&r->lock);
		if (atomic_load(&r->stop))
			break;
		/* Absolute deadlines: a slow read delays one tick, never the grid. */
		deadline_add(&next, r->interval_ms);
		clock_gettime(CLOCK_MONOTONIC, &now);
		while (before(&next, &now))
			deadline_add(&next, r->interval_ms);
		while (!atomic_load(&r->stop) &&
		       pthread_cond_timedwait(&r->wake, &r->lock, &next) != ETIMEDOUT)
			;
		if (atomic_load(&r->stop))
			break;
	}
	pthread_mutex_unlock(&r->lock);
	r->cpu_s = since(&cpu0, CLOCK_THREAD_CPUTIME_ID);
	return NULL;
}

static int
start_thread(struct recorder *r, struct err *err)
{
	pthread_condattr_t ca;

	pthread_mutex_init(&r->lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&r->wake, &ca);
	pthread_condattr_destroy(&ca);
	atomic_init(&r->stop, false);
	r->lib->header(r->state, r->f);
	if (fflush(r->f))
		return err_set(err, LITSI_EDB, "cannot write '%s': %s", r->path, strerror(errno));
	if (pthread_create(&r->thread, NULL, sampler, r))
		return err_set(err, LITSI_EDB, "cannot start the sampling thread");
	return 0;
}

static int
start_lib(struct recorder *r, const struct rec_lib *lib, const char *dir, struct err *err)
{
	int fd;

	if (lib->open(&r->state, &r->nr_gpus, err))
		return err->status;
	r->lib = lib;
	fd = create_output(r, dir, lib->file, err);
	if (fd < 0)
		return err->status;
	r->f = fdopen(fd, "w");
	if (!r->f) {
		close(fd);
		return err_set(err, LITSI_ENOMEM, "out of memory");
	}
	return start_thread(r, err);
}

/* ---- CLI backends: the vendor tool writes its own log ---- */

/*
 * nvidia-smi refuses a whole query when one name is unknown to the driver,
 * so the richest list the driver takes is used: throttle counters (driver
 * 535+ names), then the reasons alone, then their pre-535 names, then none.
 */
#define NV_BASE "timestamp,index,name,temperature.gpu,temperature.memory,clocks.current.sm," \
	"clocks.current.graphics,clocks.current.memory,power.draw,enforced.power.limit," \
	"utilization.gpu,utilization.memory"
#define NV_REASONS(p) "," p ".active," p ".sw_power_cap," p ".hw_slowdown," \
	p ".sw_thermal_slowdown," p ".hw_thermal_slowdown," p ".hw_power_brake_slowdown"
static const char *const nv_queries[] = {
	NV_BASE NV_REASONS("clocks_event_reasons") ",clocks_event_reasons_counters.sw_power_cap,"
	"clocks_event_reasons_counters.sw_thermal_slowdown,"
	"clocks_event_reasons_counters.hw_thermal_slowdown,"
	"clocks_event_reasons_counters.hw_power_brake_slowdown",
	NV_BASE NV_REASONS("clocks_event_reasons"),
	NV_BASE NV_REASONS("clocks_throttle_reasons"),
	NV_BASE,
	"timestamp,index,name,temperature.gpu,clocks.current.sm,power.draw,power.limit,"
	"utilization.gpu",
};

/*
 * amd-smi metric: usage, power, clocks, temperature, energy, violation
 * (MI300+: -v in amd-smi 26, --throttle -T before it).
 */
static const char *const amd_groups[][7] = {
	{ "-u", "-p", "-t", "-E", "-v", "-c", NULL },
	{ "-u", "-p", "-t", "-E", "-T", "-c", NULL },
	{ "-u", "-p", "-t", "-E", "-c", NULL },
	{ "-u", "-p", "-t", "-c", NULL },
};

/* Run @argv to /dev/null: whether it exits 0 (the query is taken, a GPU is there). */
static bool
probe_ok(char *const argv[])
{
	int fd = open("/dev/null", O_WRONLY | O_CLOEXEC), e = 0, ws = 0;
	struct err err;
	pid_t pid;

	if (fd < 0)
		return false;
	if (rec_spawn(argv, fd, fd, NULL, &pid, &e, &err)) {
		close(fd);
		return false;
	}
	close(fd);
	while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
		;
	return !e && WIFEXITED(ws) && WEXITSTATUS(ws) == 0;
}

/* The argv of the CLI sampler, or NULL when the tool is absent or sees no GPU. */
static char **
cli_argv(enum record_backend b, unsigned interval_ms, struct sbuf *arg)
{
	char **v = xcalloc(16, sizeof(*v));
	size_t i, k;

	for (i = 0; b == REC_NVIDIA_SMI && i < ARRAY_SIZE(nv_queries); i++) {
		sbuf_reset(arg);
		sbuf_addf(arg, "--query-gpu=%s", nv_queries[i]);
		v[0] = "nvidia-smi";
		v[1] = arg->buf;
		v[2] = "--format=csv,nounits";
		if (!probe_ok(v))
			continue;
		/* The interval after the query's NUL: one buffer, v[1] taken after it grew. */
		sbuf_addf(arg, "%c%u", '\0', interval_ms);
		v[1] = arg->buf;
		v[3] = "-lms";
		v[4] = arg->buf + strlen(arg->buf) + 1;
		return v;
	}
	for (i = 0; b == REC_AMD_SMI && i < ARRAY_SIZE(amd_groups); i++) {
		v[0] = "amd-smi";
		v[1] = "metric";
		for (k = 0; amd_groups[i][k]; k++)
			v[2 + k] = (char *)amd_groups[i][k];
		v[2 + k] = "--csv";
		v[3 + k] = NULL;
		if (!probe_ok(v))
			continue;
		sbuf_reset(arg);
		sbuf_addf(arg, "%u", (interval_ms + 999) / 1000);
		v[3 + k] = "-w";
		v[4 + k] = arg->buf;
		return v;
	}
	free(v);
	return NULL;
}

/*
 * The whole lines of @path that start with a digit (readings) in *rows;
 * *cut: the length of the file up to its last whole line. Return: 0 or -1.
 */
static int
count_lines(FILE *f, uint64_t *rows, long *cut)
{
	long pos = 0;
	int c, first = '\n';
	bool at_start = true;

	*cut = 0;
	while ((c = getc(f)) != EOF) {
		pos++;
		if (at_start)
			first = c;
		at_start = c == '\n';
		if (c != '\n')
			continue;
		*cut = pos;
		if (first >= '0' && first <= '9')
			(*rows)++;
	}
	return ferror(f) ? -1 : 0;
}

static int
lines_in(const char *path, uint64_t *rows)
{
	FILE *f = fopen(path, "r");
	long cut;
	int rc;

	if (!f)
		return -1;
	rc = count_lines(f, rows, &cut);
	fclose(f);
	return rc;
}

/* Cut a log its writer was stopped in the middle of writing back to its last whole line. */
static int
whole_lines(const char *path, uint64_t *rows)
{
	FILE *f = fopen(path, "r+");
	long cut;
	int rc;

	if (!f)
		return -1;
	rc = count_lines(f, rows, &cut);
	if (!rc && ftell(f) > cut)
		rc = ftruncate(fileno(f), cut);
	return fclose(f) || rc ? -1 : 0;
}

/*
 * Wait until the tool's first reading is in the file, so that sampling has
 * begun when the command starts (a CLI takes a moment to load the driver).
 * Return: 0, or LITSI_EDB when the tool ended first or gave none in 20 s.
 */
static int
first_reading(struct recorder *r, struct err *err)
{
	for (int i = 0; i < 1000; i++) {
		struct timespec ts = { 0, 20 * 1000 * 1000 };
		uint64_t rows = 0;
		int ws;

		if (lines_in(r->path, &rows) == 0 && rows > 0)
			return 0;
		if (waitpid(r->pid, &ws, WNOHANG) == r->pid) {
			r->pid = 0;
			return err_set(err, LITSI_EDB, "'%s' stopped before its first reading "
				       "(exit status %d)", backend_names[r->backend],
				       rec_exit_status(ws));
		}
		nanosleep(&ts, NULL);
	}
	return err_set(err, LITSI_EDB, "'%s' gave no reading in 20 s",
		       backend_names[r->backend]);
}

static int
start_cli(struct recorder *r, enum record_backend b, const char *dir, struct err *err)
{
	const char *tool = b == REC_NVIDIA_SMI ? "nvidia-smi" : "amd-smi";
	struct sbuf arg = SBUF_INIT;
	char **argv = cli_argv(b, r->interval_ms, &arg);
	int fd, e = 0, rc;

	if (!argv) {
		sbuf_release(&arg);
		return err_set(err, LITSI_EDB, "'%s' not found or sees no GPU", tool);
	}
	if (b == REC_AMD_SMI)
		r->interval_ms = (r->interval_ms + 999) / 1000 * 1000;
	fd = create_output(r, dir, b == REC_NVIDIA_SMI ? "nvidia-smi.csv" : "amd-smi.csv", err);
	rc = fd < 0 ? err->status : 0;
	/* amd-smi is Python: unbuffered, each tick reaches the file as it is read. */
	if (!rc)
		rc = rec_spawn(argv, fd, -1, b == REC_AMD_SMI ? "PYTHONUNBUFFERED=1" : NULL, &r->pid,
			       &e, err);
	if (fd >= 0)
		close(fd);
	if (!rc && e)
		rc = err_set(err, LITSI_EDB, "cannot run '%s': %s", tool, strerror(e));
	if (!rc)
		rc = first_reading(r, err);
	if (rc && r->pid > 0)
		rec_end_group(r->pid, SIGKILL, 0);
	sbuf_release(&arg);
	free(argv);
	return rc;
}

static int
stop_cli(struct recorder *r, struct record_stats *st, struct err *err)
{
	bool exited_early;
	pid_t w;

	/* A tool that ended by itself before being asked to stop has failed. */
	w = wait4(r->pid, &r->wstatus, WNOHANG, &r->ru);
	exited_early = w == r->pid;
	if (!exited_early) {
		/* Ctrl-C, as a person stops a watch loop; both tools end cleanly on it. */
		kill(-r->pid, SIGINT);
		for (int i = 0; i < 150; i++) {
			struct timespec ts = { 0, 20 * 1000 * 1000 };

			if ((w = wait4(r->pid, &r->wstatus, WNOHANG, &r->ru)) == r->pid)
				break;
			nanosleep(&ts, NULL);
		}
		if (w != r->pid) {
			kill(-r->pid, SIGKILL);
			while (wait4(r->pid, &r->wstatus, 0, &r->ru) < 0 && errno == EINTR)
				;
		}
	}
	rec_end_group(r->pid, SIGKILL, 0);
	st->cpu_s = (double)r->ru.ru_utime.tv_sec + (double)r->ru.ru_utime.tv_usec / 1e6 +
		    (double)r->ru.ru_stime.tv_sec + (double)r->ru.ru_stime.tv_usec / 1e6;
	if (whole_lines(r->path, &st->readings))
		return err_set(err, LITSI_EDB, "cannot finish '%s': %s", r->path, strerror(errno));
	st->ticks = st->readings;
	if (exited_early) {
		st->failed = true;
		return err_set(err, LITSI_EDB, "%s stopped during the run (exit status %d)",
			       backend_names[r->backend], rec_exit_status(r->wstatus));
	}
	return 0;
}

/* ---- the recorder ---- */

static int
try_backend(struct recorder *r, enum record_backend b, const char *dir, struct err *err)
{
	r->backend = b;
	if (b == REC_NVML)
		return start_lib(r, &rec_nvml, dir, err);
	if (b == REC_ROCM_SMI)
		return start_lib(r, &rec_rocm_smi, dir, err);
	return start_cli(r, b, dir, err);
}

/* Release what a start took; @failed: undo it, the file created included. */
static void
reset(struct recorder *r, bool failed)
{
	if (r->f)
		fclose(r->f);
	if (failed && r->created && r->path)
		unlink(r->path);
	r->created = false;
	if (r->lib && r->state)
		r->lib->close(r->state);
	free(r->path);
	r->f = NULL;
	r->state = NULL;
	r->lib = NULL;
	r->path = NULL;
}

int
record_start(const struct record_opts *o, struct recorder **out, struct err *err)
{
	struct recorder *r = xcalloc(1, sizeof(*r));
	struct sbuf tried = SBUF_INIT;
	int b, rc = LITSI_EDB;

	r->interval_ms = o->interval_ms ? o->interval_ms : RECORD_DEFAULT_INTERVAL_MS;
	clock_gettime(CLOCK_MONOTONIC, &r->t0);
	for (b = 0; b < REC_NR_BACKENDS; b++) {
		if (o->backend != REC_AUTO && b != (int)o->backend)
			continue;
		rc = try_backend(r, (enum record_backend)b, o->dir, err);
		if (!rc || r->out_failed || o->backend != REC_AUTO)
			break;
		sbuf_addf(&tried, "%s%s", tried.len ? "; " : "", err->msg);
		reset(r, true);
	}
	if (rc && o->backend == REC_AUTO && !r->out_failed)
		err_set(err, LITSI_EDB, "no GPU sampler found (%s)", tried.buf);
	sbuf_release(&tried);
	if (rc) {
		reset(r, true);
		free(r);
		return rc;
	}
	err_clear(err);
	*out = r;
	return 0;
}

int
rec_start_with(const struct record_opts *o, const struct rec_lib *lib, struct recorder **out,
	       struct err *err)
{
	struct recorder *r = xcalloc(1, sizeof(*r));

	r->interval_ms = o->interval_ms ? o->interval_ms : RECORD_DEFAULT_INTERVAL_MS;
	clock_gettime(CLOCK_MONOTONIC, &r->t0);
	r->backend = REC_NVML;
	if (start_lib(r, lib, o->dir, err)) {
		reset(r, true);
		free(r);
		return err->status;
	}
	*out = r;
	return 0;
}

int
record_stop(struct recorder *r, struct record_stats *st, struct err *err)
{
	int rc = 0;

	memset(st, 0, sizeof(*st));
	st->wall_s = since(&r->t0, CLOCK_MONOTONIC);
	if (!r->lib)
		return stop_cli(r, st, err);
	pthread_mutex_lock(&r->lock);
	atomic_store(&r->stop, true);
	pthread_cond_signal(&r->wake);
	pthread_mutex_unlock(&r->lock);
	pthread_join(r->thread, NULL);
	st->ticks = r->ticks;
	st->gpus = r->nr_gpus;
	st->readings = r->ticks * r->nr_gpus;
	st->cpu_s = r->cpu_s;
	st->failed = r->failed;
	if (fclose(r->f) || r->failed)
		rc = err_set(err, LITSI_EDB, "cannot write '%s': %s", r->path, strerror(errno));
	r->f = NULL;
	return rc;
}

void
record_free(struct recorder *r)
{
	bool threaded;

	if (!r)
		return;
	threaded = r->lib != NULL;
	reset(r, false);
	if (threaded) {
		pthread_mutex_destroy(&r->lock);
		pthread_cond_destroy(&r->wake);
	}
	free(r);
}

/* ---- profilers wrapping the command ---- */

char **
record_wrap_profiler(const char *name, const char *dir, char *const argv[])
{
	size_t n = 0, i, k = 0, pre;
	char **v, *path;
	size_t len = strlen(dir) + 16;

	while (argv[n])
		n++;
	pre = !strcmp(name, "nsys") ? 5 : !strcmp(name, "rocprofv3") ? 7 : 0;
	if (!pre)
		return NULL;
	v = xmalloc((n + pre + 1) * sizeof(*v) + len);
	path = (char *)(v + n + pre + 1);
	if (pre == 5) {
		/* One report of the whole process tree, exported to SQLite for ingest. */
		snprintf(path, len, "--output=%s/nsys", dir);
		v[k++] = "nsys";
		v[k++] = "profile";
		v[k++] = "--trace=cuda,nvtx";
		v[k++] = "--export=sqlite";
		v[k++] = path;
	} else {
		/* Every process (rank) writes its own kernel trace under dir/rocprofv3. */
		snprintf(path, len, "%s/rocprofv3", dir);
		v[k++] = "rocprofv3";
		v[k++] = "--kernel-trace";
		v[k++] = "--output-format";
		v[k++] = "csv";
		v[k++] = "-d";
		v[k++] = path;
		v[k++] = "--";
	}
	for (i = 0; i <= n; i++)
		v[k++] = argv[i];
	return v;
}
