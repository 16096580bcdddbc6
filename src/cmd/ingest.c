/* SPDX-License-Identifier: MIT */
/*
 * ingest.c: litsi ingest: detect each file's format from its content, stream
 * it through its parser into the store, one transaction per file.
 */
#include "cmd.h"
#include "litsi/parse.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char usage_str[] =
	"usage: litsi ingest [-f] [-j n] [--run name [--role calibration]] [--rank n]\n"
	"                    [--device n] [--format name]\n"
	"                    [--clock-offset ns] [--time when] [--interval dur] [--tz zone]\n"
	"                    [--node name | --node-from dir|host] path ...\n";

static const struct option longopts[] = {
	{ "clock-offset", required_argument, NULL, 'o' },
	{ "device", required_argument, NULL, 'D' },
	{ "force", no_argument, NULL, 'f' },
	{ "format", required_argument, NULL, 'F' },
	{ "help", no_argument, NULL, 'h' },
	{ "interval", required_argument, NULL, 'I' },
	{ "jobs", required_argument, NULL, 'j' },
	{ "list-opts", no_argument, NULL, 'L' },
	{ "node", required_argument, NULL, 'n' },
	{ "node-from", required_argument, NULL, 'N' },
	{ "rank", required_argument, NULL, 'r' },
	{ "role", required_argument, NULL, 'O' },
	{ "run", required_argument, NULL, 'R' },
	{ "time", required_argument, NULL, 't' },
	{ "tz", required_argument, NULL, 'z' },
	{ NULL, 0, NULL, 0 },
};

/* Where a path's node name comes from: --node (or "default"), its folder, its host. */
enum node_from { NODE_GIVEN, NODE_FROM_DIR, NODE_FROM_HOST };

/* A path of the command line with the node option in force before it. */
struct ingest_item {
	const char *path;
	const char *node;	/* --node, NULL: none */
	enum node_from from;
};

struct ingest_run {
	struct litsi_ctx *ctx;
	struct ingest_opts iopts;
	struct parse_opts popts;
	const struct parser *forced;
	int nr_ok, nr_dup, nr_failed, nr_skipped;
	bool walking;		/* inside a directory given on the command line */
	int worst;		/* worst exit code so far */
	struct sink inner;	/* the store's sink, wrapped for SIGINT checks */
	time_t t0;
	const char *progress_name;
	int jobs;		/* -j: files parsed at once */
	struct ingest_jobs *pool;	/* -j > 1: paths are queued, not ingested */
	int pool_before, pool_skipped;	/* -j: the writer's counts when an item began */
	FILE *errs;		/* a worker's error lines, printed by the writer in order */
	bool defer_tar;		/* a worker leaves archives to the writer */
	bool saw_tar;
	struct ingest_item *items;	/* the command line's paths, in order */
	size_t nr_items, alloc_items;
	const struct ingest_item *cur;	/* the item being ingested */
	const char *file;	/* the file on disk being ingested (a tar for its members) */
	char dir_node[256];	/* --node-from dir: the name for the current file */
	struct pending_run *pending;	/* --run auto: files with no time, no run yet */
	size_t nr_pending, alloc_pending;
	char **touched;		/* the nodes files went to, first first */
	int *touched_files;	/* files each received */
	size_t nr_touched, alloc_touched;
};

/* A file of --run auto with no time of its own: it joins its node's next run. */
struct pending_run {
	char *node;
	char *path;
	int64_t source_id;
};

static void queue_file(struct ingest_run *run, const char *path);
static void queue_note(struct ingest_run *run, const char *text, int failed_status);

static volatile sig_atomic_t interrupted;

static void
on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

#define WRAP(field, type)                                                            \
	static int wrap_##field(struct sink *s, const type *r, struct err *err)      \
	{                                                                            \
		struct ingest_run *run = s->ctx;                                     \
		if (interrupted)                                                     \
			return err_set(err, LITSI_EINTR, "interrupted");             \
		return run->inner.field(&run->inner, r, err);                        \
	}
WRAP(kernel, struct rec_kernel)
WRAP(launch, struct rec_launch)
WRAP(telemetry, struct rec_telemetry)
WRAP(annotation, struct rec_annotation)
#undef WRAP

static void
wrap_sink(struct ingest_run *run, struct sink *outer)
{
	*outer = run->inner;
	outer->ctx = run;
	outer->kernel = wrap_kernel;
	outer->launch = wrap_launch;
	outer->telemetry = wrap_telemetry;
	outer->annotation = wrap_annotation;
	/* The others go straight to the store, which needs its own context. */
	outer->source = NULL;
}

static int fwd_source(struct sink *s, const struct rec_source *r, struct err *e)
{
	struct ingest_run *run = s->ctx;
	return run->inner.source(&run->inner, r, e);
}
static int fwd_gpu(struct sink *s, const struct rec_gpu *r, struct err *e)
{
	struct ingest_run *run = s->ctx;
	return run->inner.gpu(&run->inner, r, e);
}
static int fwd_step(struct sink *s, const struct rec_step *r, struct err *e)
{
	struct ingest_run *run = s->ctx;
	return run->inner.step(&run->inner, r, e);
}
static int fwd_collective(struct sink *s, const struct rec_collective *r, struct err *e)
{
	struct ingest_run *run = s->ctx;
	return run->inner.collective(&run->inner, r, e);
}
static int fwd_aggregate(struct sink *s, const struct rec_aggregate *r, struct err *e)
{
	struct ingest_run *run = s->ctx;
	return run->inner.aggregate(&run->inner, r, e);
}
static int fwd_meta(struct sink *s, const char *k, const char *v, struct err *e)
{
	struct ingest_run *run = s->ctx;
	return run->inner.meta(&run->inner, k, v, e);
}
static int fwd_time_base(struct sink *s, int64_t base, struct err *e)
{
	struct ingest_run *run = s->ctx;
	return run->inner.time_base(&run->inner, base, e);
}
static int fwd_limit(struct sink *s, const struct rec_limit *r, struct err *e)
{
	struct ingest_run *run = s->ctx;
	return run->inner.limit(&run->inner, r, e);
}

static int fwd_node(struct sink *s, const char *name, struct err *e)
{
	struct ingest_run *run = s->ctx;
	return run->inner.node(&run->inner, name, e);
}

static void
progress(void *arg, uint64_t done, uint64_t total)
{
	struct ingest_run *run = arg;
	double secs = difftime(time(NULL), run->t0);
	double rate = secs > 0 ? (double)done / 1e6 / secs : 0;

	if (total)
		out_printf(stderr, "\r%s: %.0f / %.0f MB (%.0f MB/s)  ", run->progress_name,
			(double)done / 1e6, (double)total / 1e6, rate);
	else
		out_printf(stderr, "\r%s: %.0f MB (%.0f MB/s)  ", run->progress_name,
			(double)done / 1e6, rate);
}

/* " into node N, run R, from PATH": where an earlier copy of a file went. */
static void
print_where(FILE *out, const struct source_where *w)
{
	if (!w->path[0])
		return;
	if (w->node[0])
		out_printf(out, " into node %s", w->node);
	if (w->run[0])
		out_printf(out, ", run %s", w->run);
	out_printf(out, " from %s", w->path);
}

/*
 * --run auto: a file with no time waits for the run of the next file of its
 * node; a file with a run gives it to those waiting; at the end of the
 * command, those still waiting join their node's latest run.
 */
static void
settle_pending(struct ingest_run *run, const char *name, struct ingest_summary *sum)
{
	struct litsi_ctx *ctx = run->ctx;
	size_t i, k = 0;

	if (!run->iopts.run_auto || (sum && sum->duplicate))
		return;
	if (sum && sum->run_pending) {
		VEC_GROW(run->pending, run->nr_pending + 1, run->alloc_pending);
		run->pending[run->nr_pending++] = (struct pending_run){ xstrdup(sum->node),
									xstrdup(name),
									sum->source_id };
		return;
	}
	for (i = 0; i < run->nr_pending; i++) {
		struct pending_run *p = &run->pending[i];
		char *latest = NULL;
		struct err e = { 0 };
		const char *to = sum ? sum->run : NULL;

		if (sum && strcmp(p->node, sum->node)) {
			run->pending[k++] = *p;
			continue;
		}
		if (!sum) {
			/* the end: the node's latest run */
			struct node_row *nodes = NULL;
			size_t nn = 0, j;

			if (!store_list_nodes(ctx->st, &nodes, &nn, &e))
				for (j = 0; j < nn; j++)
					if (!strcmp(nodes[j].name, p->node))
						store_latest_run(ctx->st, nodes[j].id, &latest, &e);
			store_free_nodes(nodes, nn);
			to = latest;
		}
		if (to && *to && !store_set_source_run(ctx->st, p->source_id, to, &e) &&
		    ctx->verbose >= 0)
			out_printf(ctx->out, "%s: run %s (the run of the files it came with)\n",
				   p->path, to);
		free(latest);
		free(p->node);
		free(p->path);
	}
	run->nr_pending = k;
}

/* A file went to node @node: counted for the lines per node. */
static void
touch_node(struct ingest_run *run, const char *node)
{
	size_t i;

	for (i = 0; i < run->nr_touched; i++)
		if (!strcmp(run->touched[i], node)) {
			run->touched_files[i]++;
			return;
		}
	if (run->nr_touched == run->alloc_touched) {
		run->alloc_touched = run->alloc_touched ? 2 * run->alloc_touched : 8;
		run->touched = xrealloc(run->touched, run->alloc_touched * sizeof(*run->touched));
		run->touched_files = xrealloc(run->touched_files,
					      run->alloc_touched * sizeof(*run->touched_files));
	}
	run->touched[run->nr_touched] = xstrdup(node);
	run->touched_files[run->nr_touched++] = 1;
}

static void
free_touched(struct ingest_run *run)
{
	size_t i;

	for (i = 0; i < run->nr_touched; i++)
		free(run->touched[i]);
	free(run->touched);
	free(run->touched_files);
}

/*
 * When files went to several nodes: one line per node, what it received and
 * what it holds now (GPUs, runs), so that a wrong assignment shows.
 */
static void
print_nodes(struct ingest_run *run)
{
	struct litsi_ctx *ctx = run->ctx;
	struct node_row *nodes = NULL;
	struct info_gpu *gi = NULL;
	size_t nn = 0, ngi = 0, i, k, g;
	struct err e = { 0 };

	if (run->nr_touched < 2 || ctx->verbose < 0 || store_list_nodes(ctx->st, &nodes, &nn, &e))
		return;
	if (store_info_gpus(ctx->st, &gi, &ngi, &e)) {
		store_free_nodes(nodes, nn);
		return;
	}
	for (i = 0; i < run->nr_touched; i++)
		for (k = 0; k < nn; k++) {
			char **runs = NULL;
			size_t nr = 0, ngpu = 0;

			if (strcmp(nodes[k].name, run->touched[i]))
				continue;
			for (g = 0; g < ngi; g++)
				ngpu += !strcmp(gi[g].node, nodes[k].name);
			if (store_runs(ctx->st, nodes[k].id, &runs, &nr, &e))
				nr = 0;
			out_printf(ctx->out, "node %s: %d file%s; holds %zu GPU%s, %zu run%s\n",
				   nodes[k].name, run->touched_files[i],
				   run->touched_files[i] == 1 ? "" : "s", ngpu, ngpu == 1 ? "" : "s",
				   nr ? nr : 1, nr > 1 ? "s" : "");
			for (g = 0; g < nr; g++)
				free(runs[g]);
			free(runs);
		}
	store_info_free(NULL, 0, gi, ngi, NULL, 0);
	store_free_nodes(nodes, nn);
}

static void
print_summary(struct ingest_run *run, const char *name, const struct ingest_summary *s)
{
	FILE *out = run->ctx->out;

	if (!s->duplicate && s->node[0])
		touch_node(run, s->node);

	if (run->ctx->verbose < 0)
		return;
	if (s->duplicate) {
		out_printf(out, "%s: already ingested", name);
		print_where(out, &s->dup);
		fputs(s->readings_dropped ? " (the same readings), skipped\n"
					  : " (identical content), skipped; use --force to replace "
					    "it\n", out);
		return;
	}
	out_printf(out, "%s: %s, node %s", name, s->format, s->node);
	if (run->iopts.run_auto && s->run[0])
		out_printf(out, ", run %s", s->run);
	else if (run->iopts.run_auto && s->run_pending)
		fputs(", run of the files it came with", out);
	if (s->rank >= 0)
		fprintf(out, ", rank %d", s->rank);
	out_printf(out, ", %lld GPU%s, %lld sample%s, %lld kernels (%lld comm)", (long long)s->gpus,
		s->gpus == 1 ? "" : "s", (long long)s->samples, s->samples == 1 ? "" : "s",
		(long long)s->kernels, (long long)s->comm);
	if (s->telemetry)
		fprintf(out, ", %lld telemetry readings", (long long)s->telemetry);
	if (s->aggregates)
		fprintf(out, ", %lld aggregate rows", (long long)s->aggregates);
	if (s->replaced)
		fputs(" (replaced)", out);
	if (s->readings_dropped) {
		fprintf(out, "; %lld readings already held", (long long)s->readings_dropped);
		print_where(out, &s->readings_of);
		fputs(", not stored again", out);
	}
	fputc('\n', out);
}

static void
record_failure(struct ingest_run *run, struct err *err)
{
	int code = err_exit_code(err->status);

	if (run->pool) {
		/* Walking for -j: reported in its turn. */
		queue_note(run, err->msg, err->status);
		return;
	}
	if (run->errs)
		out_printf(run->errs, "litsi: %s\n", err->msg);
	else
		error("%s", err->msg);
	run->nr_failed++;
	if (code == 130 || code > run->worst)
		run->worst = code;
}

/*
 * --node-from dir: the folder below the command-line path that holds the file
 * (run42/n17/rank0.json under run42 -> n17); for a file named on the command
 * line or lying directly in the named folder, the folder that holds it.
 */
static int
node_of_file(struct ingest_run *run, struct err *err)
{
	const char *top = run->cur->path, *f = run->file, *rest, *end, *b;
	size_t tl = strlen(top), len;

	if (run->cur->from != NODE_FROM_DIR)
		return 0;
	while (tl > 1 && top[tl - 1] == '/')
		tl--;
	rest = strncmp(f, top, tl) || f[tl] != '/' ? NULL : f + tl + 1;
	while (rest && *rest == '/')	/* "run42/" walked gives "run42//n17/..." */
		rest++;
	if (rest && (end = strchr(rest, '/'))) {
		b = rest;
		len = (size_t)(end - rest);
	} else {
		/* The folder holding the file: the last component before its name. */
		end = strrchr(f, '/');
		while (end && end > f && end[-1] == '/')
			end--;
		b = end ? end : f;
		while (b > f && b[-1] != '/')
			b--;
		len = end ? (size_t)(end - b) : 0;
	}
	if (!len || (len == 1 && b[0] == '.') || (len == 2 && !strncmp(b, "..", 2)) ||
	    len >= sizeof(run->dir_node))
		return err_set(err, LITSI_EDATA,
			       "%s: --node-from dir: its path names no folder to take the node "
			       "name from; name the node with --node", f);
	memcpy(run->dir_node, b, len);
	run->dir_node[len] = 0;
	run->iopts.node = run->dir_node;
	return 0;
}

/*
 * The parser of @in: --format, else the best probe. Return: 0 with *p set, 1
 * when @in is skipped (inside a directory walk), or LITSI_EDATA naming what
 * @in is when no parser reads it.
 */
static int
pick_parser(struct ingest_run *run, struct input *in, const struct parser **p, struct err *err)
{
	const char *head, *base, *hint;
	size_t got;
	int score;

	head = input_peek(in, 65536, &got, err);
	if (!head)
		return err->status;
	base = strrchr(input_name(in), '/');
	base = base ? base + 1 : input_name(in);
	if (!*p) {
		*p = parse_best(head, got, base, &score);
		if (run->walking && score < PROBE_SURE)
			*p = NULL;
	}
	if (*p)
		return 0;
	hint = parse_hint(head, got);
	if (run->walking) {
		/* Directories hold logs and notes beside traces: say, do not fail. */
		if (run->ctx->verbose >= 0)
			out_printf(run->ctx->out, "%s: skipped (%s)\n", input_name(in),
				hint ? hint : "not a trace or telemetry log");
		run->nr_skipped++;
		return 1;
	}
	if (hint)
		return err_set(err, LITSI_EDATA, "%s: %s", input_name(in), hint);
	return err_set(err, LITSI_EDATA, "%s: byte 0: unrecognised format (expected one of: %s)",
		       input_name(in), parse_names());
}

/* Parse one input (a file or an archive member) in its own transaction. */
static int
ingest_input(struct ingest_run *run, struct input *in)
{
	struct litsi_ctx *ctx = run->ctx;
	const struct parser *p = run->forced;
	struct store_ingest *ig = NULL;
	struct ingest_summary sum;
	struct sink outer;
	struct err err = { 0 };
	char hex[65];
	int rc;

	if ((rc = pick_parser(run, in, &p, &err)) > 0)
		return 0;
	if (rc < 0 || node_of_file(run, &err) ||
	    store_ingest_begin(ctx->st, input_name(in), &run->iopts, &ig, &run->inner, &err))
		goto fail;
	wrap_sink(run, &outer);
	outer.source = fwd_source;
	outer.gpu = fwd_gpu;
	outer.step = fwd_step;
	outer.collective = fwd_collective;
	outer.aggregate = fwd_aggregate;
	outer.meta = fwd_meta;
	outer.time_base = fwd_time_base;
	outer.node = fwd_node;
	outer.limit = fwd_limit;
	run->progress_name = input_name(in);
	run->t0 = time(NULL);
	if (cmd_progress_enabled() && ctx->verbose >= 0 && !run->errs)
		input_set_progress(in, progress, run);
	if (p->parse(in, &run->popts, &outer, &err) || input_drain_hash(in, hex, &err))
		goto fail;
	if (cmd_progress_enabled() && ctx->verbose >= 0 && !run->errs &&
	    input_raw_total(in) > (8u << 20))
		fputs("\r\033[K", stderr);
	if (store_ingest_finish(ig, hex, input_raw_offset(in), &sum, &err)) {
		ig = NULL;
		goto fail;
	}
	ig = NULL;
	settle_pending(run, input_name(in), &sum);
	print_summary(run, input_name(in), &sum);
	if (sum.warning[0] && ctx->verbose >= 0)
		warn("%s: %s", input_name(in), sum.warning);
	if (sum.duplicate)
		run->nr_dup++;
	else
		run->nr_ok++;
	return 0;
fail:
	store_ingest_abort(ig);
	/* Errors raised by the store (not the parser) still name the file and offset. */
	if (err.status != LITSI_EINTR && strncmp(err.msg, input_name(in), strlen(input_name(in))))
		err_prefix(&err, "%s: byte %llu", input_name(in),
			   (unsigned long long)input_offset(in));
	if (err.status == LITSI_EINTR)
		err_set(&err, LITSI_EINTR, "%s: interrupted; nothing of it was written",
			input_name(in));
	record_failure(run, &err);
	return err.status;
}

static int
ingest_file(struct ingest_run *run, const char *path)
{
	struct input *in = NULL, *member;
	struct tar *tar = NULL;
	struct err err = { 0 };
	const char *head;
	size_t got;
	int rc;

	run->file = path;
	if (input_open(path, &in, &err))
		goto fail;
	head = input_peek(in, 512, &got, &err);
	if (!head)
		goto fail;
	if (!input_is_tar(head, got) || run->forced) {
		rc = ingest_input(run, in);
		input_close(in);
		return rc;
	}
	if (run->defer_tar) {
		/* Its members are sources of their own: the writer ingests them in turn. */
		run->saw_tar = true;
		input_close(in);
		return 0;
	}
	input_close(in);
	in = NULL;
	if (tar_open(path, &tar, &err))
		goto fail;
	while ((rc = tar_next(tar, &member, &err)) == 1) {
		bool was = run->walking;
		int one;

		run->walking = true;
		one = ingest_input(run, member);
		run->walking = was;
		if (one == LITSI_EINTR)
			break;
	}
	tar_close(tar);
	if (rc < 0) {
		record_failure(run, &err);
		return err.status;
	}
	return 0;
fail:
	input_close(in);
	tar_close(tar);
	record_failure(run, &err);
	return err.status;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Inside a directory walk, the output database, its -wal, -shm and -journal
 * files and every other litsi database are not inputs (a litsi database
 * holds SQLite tables a reader could take for rocpd): each is listed as
 * skipped; databases are combined with litsi merge.
 */
static const char *
walk_skips_db(struct ingest_run *run, const char *path)
{
	static const char *const side[] = { "-wal", "-shm", "-journal" };
	struct stat a, b;
	size_t i, n = strlen(path);

	if (stat(path, &a))
		return NULL;
	if (!stat(run->ctx->db_path, &b) && a.st_dev == b.st_dev && a.st_ino == b.st_ino)
		return "the output database";
	for (i = 0; i < ARRAY_SIZE(side); i++) {
		size_t k = strlen(side[i]);
		char *base;
		bool same;

		if (n <= k || strcmp(path + n - k, side[i]))
			continue;
		base = xstrndup(path, n - k);
		same = !stat(base, &a) && !stat(run->ctx->db_path, &b) && a.st_dev == b.st_dev &&
		       a.st_ino == b.st_ino;
		free(base);
		if (same)
			return "a file of the output database";
	}
	if (store_is_litsi_file(path))
		return "a litsi database, not a trace: combine databases with litsi merge";
	return NULL;
}

/*
 * Inside a directory walk, a symbolic link to a directory is not followed
 * (two links can make a loop) and a FIFO, socket or device is not opened (a
 * FIFO blocks); each is listed as skipped. Paths named on the command line
 * are taken as given.
 */
static bool
walk_skips(struct ingest_run *run, const char *path)
{
	struct stat lst, st;
	const char *why = NULL;

	if (lstat(path, &lst))
		return false;	/* ingest_file() reports it */
	if (S_ISLNK(lst.st_mode) && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		why = "symbolic link to a directory, not followed";
	else if (S_ISLNK(lst.st_mode) ? stat(path, &st) == 0 && !S_ISREG(st.st_mode)
				      : !S_ISREG(lst.st_mode) && !S_ISDIR(lst.st_mode))
		why = "not a regular file";
	else if (!S_ISDIR(lst.st_mode))
		why = walk_skips_db(run, path);
	if (!why)
		return false;
	if (run->ctx->verbose >= 0 || run->pool) {
		struct sbuf sb = SBUF_INIT;

		sbuf_addf(&sb, "%s: skipped (%s)", path, why);
		if (run->pool)
			queue_note(run, sb.buf, 0);
		else
			out_printf(run->ctx->out, "%s\n", sb.buf);
		sbuf_release(&sb);
	}
	if (!run->pool)
		run->nr_skipped++;
	return true;
}

/* Walk @path: files are ingested, directories walked in name order. */
static int
ingest_path(struct ingest_run *run, const char *path)
{
	struct stat st;
	DIR *d;
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, alloc = 0, i;
	int rc = 0;

	if (interrupted)
		return LITSI_EINTR;
	if (run->walking && walk_skips(run, path))
		return 0;
	if (stat(path, &st) && !run->walking && strpbrk(path, "*?[")) {
		struct err err;

		err_set(&err, LITSI_EDATA, "%s: no file matches this pattern", path);
		record_failure(run, &err);
		return err.status;
	}
	if (stat(path, &st) || !S_ISDIR(st.st_mode)) {
		if (!run->pool)
			return ingest_file(run, path);
		queue_file(run, path);
		return 0;
	}
	d = opendir(path);
	if (!d) {
		struct err err;

		err_set(&err, LITSI_EDATA, "%s: cannot open directory", path);
		record_failure(run, &err);
		return err.status;
	}
	while ((de = readdir(d))) {
		struct sbuf sb = SBUF_INIT;

		if (de->d_name[0] == '.')
			continue;
		sbuf_addf(&sb, "%s/%s", path, de->d_name);
		VEC_GROW(names, n + 1, alloc);
		names[n++] = sbuf_detach(&sb);
	}
	closedir(d);
	if (n)	/* qsort() of NULL is undefined even for 0 elements */
		qsort(names, n, sizeof(*names), cmp_str);
	for (i = 0; i < n; i++) {
		bool was = run->walking;

		run->walking = true;
		if (rc != LITSI_EINTR)
			rc = ingest_path(run, names[i]);
		run->walking = was;
		free(names[i]);
	}
	free(names);
	return rc;
}

static void
add_item(struct ingest_run *run, const char *path, const char *node, enum node_from from)
{
	VEC_GROW(run->items, run->nr_items + 1, run->alloc_items);
	run->items[run->nr_items++] = (struct ingest_item){ path, node, from };
}

/* Some path given, and no node option (@dangling) after the last. */
static int
paths_given(const struct ingest_run *run, const char *dangling)
{
	if (!run->nr_items)
		return cmd_usage_error("ingest", usage_str, "no input path given");
	if (dangling)
		return cmd_usage_error("ingest", usage_str,
				       "%s comes after the last path: it applies to the paths that "
				       "follow it", dangling);
	return 0;
}

/* --node (@opt 'n') or --node-from ('N') with @arg: the node of the paths that follow. */
static int
node_opt(int opt, const char *arg, const char **node, enum node_from *from)
{
	if (opt == 'n' && !*arg)
		return cmd_usage_error("ingest", usage_str, "empty --node name");
	if (opt == 'N' && strcmp(arg, "dir") && strcmp(arg, "host"))
		return cmd_usage_error("ingest", usage_str,
				       "invalid --node-from '%s' (expected dir or host)", arg);
	*node = opt == 'n' ? arg : NULL;
	*from = opt == 'n' ? NODE_GIVEN : strcmp(arg, "dir") ? NODE_FROM_HOST : NODE_FROM_DIR;
	return 0;
}

/* The files that follow are of command-line item @it (its node option). */
static void
item_start(struct ingest_run *run, const struct ingest_item *it)
{
	run->cur = it;
	run->iopts.node = it->node;
	run->iopts.node_from_host = it->from == NODE_FROM_HOST;
}

/* Item @it done: nothing ingested, failed or present since the counts @before is an error. */
static void
item_check(struct ingest_run *run, const struct ingest_item *it, int before, int skipped)
{
	struct err err;

	if (interrupted || run->nr_ok + run->nr_dup + run->nr_failed != before)
		return;
	err_set(&err, LITSI_EDATA, "%s: no trace or telemetry log found there%s", it->path,
		run->nr_skipped > skipped ? " (see the files skipped above)" : "");
	record_failure(run, &err);
}

/*
 * ---- -j N: N files parsed at once ----
 *
 * The paths are first walked into a queue of files (and of the notes and
 * failures of the walk, so that the output keeps its order). N worker threads
 * each take the next file and ingest it with the single-file path into a
 * private scratch database of its own (STORE_SCRATCH, in a temporary folder
 * beside the output); this thread, the only writer of the output, copies each
 * finished one into it in command-line order, one transaction per file
 * (store_adopt()), so that ids and content are those of -j 1. A worker runs
 * at most 2N files ahead of the writer: at most that many scratch databases
 * exist at once, and memory is N ingests' worth. What a worker would print
 * (the summary line, its errors) is kept and printed by the writer in order.
 * Archives, and files already ingested when --force replaces them, are
 * ingested by the writer itself with the single-file path.
 */
struct ingest_job {
	char *path;		/* NULL: a note of the walk */
	bool walking;
	char *note;		/* the note's text (output), or a failure (error) */
	int note_status;	/* a failure's status; 0 for a note */
	char *tmp;		/* the scratch database */
	char *out, *errs;	/* what the worker printed, and its error lines */
	size_t outlen, errslen;
	int ok, dup, failed, skipped, worst;
	bool tar, done;
	const struct ingest_item *item;	/* the command-line item it is of */
	bool item_end;		/* no file: the end of @item, checked by the writer */
	char *node;		/* the node the file went to in its scratch database */
};

struct ingest_jobs {
	struct ingest_run *run;
	struct ingest_job *v;
	size_t n, alloc;
	size_t next;		/* the next job a worker takes */
	size_t writer;		/* the job the writer waits for */
	size_t ahead;		/* how far workers may run ahead of the writer */
	char *dir;		/* the scratch folder */
	pthread_mutex_t mu;
	pthread_cond_t cv;
};

static struct ingest_job *
new_job(struct ingest_run *run)
{
	struct ingest_jobs *p = run->pool;
	struct ingest_job *j;

	VEC_GROW(p->v, p->n + 1, p->alloc);
	j = &p->v[p->n++];
	memset(j, 0, sizeof(*j));
	j->item = run->cur;
	return j;
}

static void
queue_file(struct ingest_run *run, const char *path)
{
	struct ingest_job *j = new_job(run);
	struct sbuf sb = SBUF_INIT;

	j->path = xstrdup(path);
	j->walking = run->walking;
	sbuf_addf(&sb, "%s/%zu.db", run->pool->dir, run->pool->n);
	j->tmp = sbuf_detach(&sb);
}

static void
queue_note(struct ingest_run *run, const char *text, int failed_status)
{
	struct ingest_job *j = new_job(run);

	j->note = xstrdup(text);
	j->note_status = failed_status;
	j->done = true;
}

static void
remove_scratch(const char *path)
{
	struct sbuf sb = SBUF_INIT;

	unlink(path);
	sbuf_addf(&sb, "%s-journal", path);
	unlink(sb.buf);
	sbuf_release(&sb);
}

/* A worker: ingest @j into its scratch database, keeping what it prints. */
static void
work(struct ingest_run *main_run, struct ingest_job *j)
{
	struct litsi_ctx wctx = *main_run->ctx;
	struct ingest_run wr = *main_run;
	FILE *out = open_memstream(&j->out, &j->outlen);
	FILE *errs = open_memstream(&j->errs, &j->errslen);

	if (!out || !errs)
		die("out of memory");
	memset(&wctx.err, 0, sizeof(wctx.err));
	wctx.out = out;
	wr.ctx = &wctx;
	wr.pool = NULL;
	wr.errs = errs;
	wr.defer_tar = true;
	wr.walking = j->walking;
	item_start(&wr, j->item);
	wr.nr_ok = wr.nr_dup = wr.nr_failed = wr.nr_skipped = wr.worst = 0;
	wr.touched = NULL;
	wr.touched_files = NULL;
	wr.nr_touched = wr.alloc_touched = 0;
	remove_scratch(j->tmp);
	if (store_open(j->tmp, STORE_SCRATCH, &wctx.st, &wctx.err)) {
		record_failure(&wr, &wctx.err);
	} else {
		store_set_stop(wctx.st, &interrupted);
		ingest_file(&wr, j->path);
		store_close(wctx.st);
	}
	fclose(out);
	fclose(errs);
	j->ok = wr.nr_ok;
	j->dup = wr.nr_dup;
	j->failed = wr.nr_failed;
	j->skipped = wr.nr_skipped;
	j->worst = wr.worst;
	j->tar = wr.saw_tar;
	j->node = wr.nr_touched ? xstrdup(wr.touched[0]) : NULL;
	free_touched(&wr);
}

static void *
worker(void *arg)
{
	struct ingest_jobs *p = arg;

	pthread_mutex_lock(&p->mu);
	for (;;) {
		struct ingest_job *j;

		while (p->next < p->n && (p->v[p->next].done || !p->v[p->next].path))
			p->next++;
		if (p->next >= p->n || interrupted)
			break;
		if (p->next >= p->writer + p->ahead) {
			pthread_cond_wait(&p->cv, &p->mu);
			continue;
		}
		j = &p->v[p->next++];
		pthread_mutex_unlock(&p->mu);
		work(p->run, j);
		pthread_mutex_lock(&p->mu);
		j->done = true;
		pthread_cond_broadcast(&p->cv);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

/* The writer's part of one finished job. */
static void
write_job(struct ingest_run *run, struct ingest_job *j)
{
	struct litsi_ctx *ctx = run->ctx;
	struct merge_stats ms;
	struct err err = { 0 };
	bool was = run->walking;
	int rc;

	if (j->item_end) {
		item_check(run, j->item, run->pool_before, run->pool_skipped);
		run->pool_before = run->nr_ok + run->nr_dup + run->nr_failed;
		run->pool_skipped = run->nr_skipped;
		return;
	}
	item_start(run, j->item);
	if (!j->path) {
		if (j->note_status) {
			err_set(&err, j->note_status, "%s", j->note);
			record_failure(run, &err);
		} else {
			out_printf(ctx->out, "%s\n", j->note);
			run->nr_skipped++;
		}
		return;
	}
	run->walking = j->walking;
	if (j->tar) {
		ingest_file(run, j->path);
		run->walking = was;
		return;
	}
	run->walking = was;
	if (j->errslen)
		fwrite(j->errs, 1, j->errslen, stderr); /* lint-print: own text */
	if (!j->ok) {
		/* Failed or skipped: nothing of it goes into the output. */
		fwrite(j->out, 1, j->outlen, ctx->out); /* lint-print: own text */
		run->nr_failed += j->failed;
		run->nr_skipped += j->skipped;
		if (j->worst == 130 || j->worst > run->worst)
			run->worst = j->worst;
		return;
	}
	rc = store_adopt(ctx->st, j->tmp, j->path, &ms, &err);
	if (rc == 1 && run->iopts.force) {
		run->walking = j->walking;
		ingest_file(run, j->path);
		run->walking = was;
	} else if (rc == 1) {
		struct ingest_summary sum = { .duplicate = true };

		sum.dup = ms.dup;
		sum.readings_dropped = ms.readings_dropped;
		print_summary(run, j->path, &sum);
		run->nr_dup++;
	} else if (rc) {
		if (rc == LITSI_EINTR)
			err_set(&err, LITSI_EINTR, "%s: interrupted; nothing of it was written",
				j->path);
		record_failure(run, &err);
	} else {
		fwrite(j->out, 1, j->outlen, ctx->out); /* lint-print: own text */
		if (j->node)
			touch_node(run, j->node);
		if (ms.readings_dropped && ctx->verbose >= 0) {
			out_printf(ctx->out, "%s: %lld readings already held", j->path,
				(long long)ms.readings_dropped);
			print_where(ctx->out, &ms.readings_of);
			fputs(", not stored again\n", ctx->out);
		}
		if (ms.warning[0] && ctx->verbose >= 0)
			warn("%s: %s", j->path, ms.warning);
		run->nr_ok++;
	}
}

/* A scratch folder beside the output database (its file system holds the data). */
static char *
scratch_dir(const char *db_path)
{
	const char *slash = strrchr(db_path, '/');
	struct sbuf sb = SBUF_INIT;

	if (slash)
		sbuf_addf(&sb, "%.*s/", (int)(slash - db_path), db_path);
	sbuf_addstr(&sb, ".litsi-ingest.XXXXXX");
	if (!mkdtemp(sb.buf)) {
		sbuf_release(&sb);
		return NULL;
	}
	return sbuf_detach(&sb);
}

/* Wait on the pool's condition, and wake now and then to see an interrupt. */
static void
wait_a_little(struct ingest_jobs *p)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_nsec += 100 * 1000 * 1000;
	if (ts.tv_nsec >= 1000000000) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000;
	}
	pthread_cond_timedwait(&p->cv, &p->mu, &ts);
}

static void
run_parallel(struct ingest_run *run)
{
	struct ingest_jobs p = { .run = run };
	pthread_t *tid;
	size_t i, nt = 0;
	int k;

	p.dir = scratch_dir(run->ctx->db_path);
	if (!p.dir) {
		struct err err;

		err_set(&err, LITSI_EDB, "cannot create a scratch folder beside '%s' for -j: %s",
			run->ctx->db_path, strerror(errno));
		record_failure(run, &err);
		return;
	}
	run->pool = &p;
	run->popts.threads = 1;	/* the threads parse files at once, one each */
	for (i = 0; i < run->nr_items && !interrupted; i++) {
		struct ingest_job *end;

		item_start(run, &run->items[i]);
		ingest_path(run, run->items[i].path);
		end = new_job(run);
		end->item_end = true;
		end->done = true;
	}
	run->pool = NULL;
	run->pool_before = run->nr_ok + run->nr_dup + run->nr_failed;
	run->pool_skipped = run->nr_skipped;
	p.ahead = 2 * (size_t)run->jobs;
	pthread_mutex_init(&p.mu, NULL);
	pthread_cond_init(&p.cv, NULL);
	tid = xcalloc((size_t)run->jobs, sizeof(*tid));
	for (k = 0; k < run->jobs; k++)
		if (!pthread_create(&tid[nt], NULL, worker, &p))
			nt++;
	if (!nt)
		die("cannot start threads for -j");
	for (i = 0; i < p.n; i++) {
		struct ingest_job *j = &p.v[i];
		bool taken;

		pthread_mutex_lock(&p.mu);
		p.writer = i;
		pthread_cond_broadcast(&p.cv);
		/* A worker stops at an interrupt: wait for the file it holds, not for more. */
		while (!j->done && !(interrupted && p.next <= i))
			wait_a_little(&p);
		taken = j->done;
		pthread_mutex_unlock(&p.mu);
		if (interrupted && taken && j->ok)
			error("%s: interrupted; nothing of it was written", j->path);
		else if (taken)
			write_job(run, j);
		if (j->tmp)
			remove_scratch(j->tmp);
		if (interrupted)
			break;
	}
	pthread_mutex_lock(&p.mu);
	p.writer = p.n;
	pthread_cond_broadcast(&p.cv);
	pthread_mutex_unlock(&p.mu);
	for (k = 0; (size_t)k < nt; k++)
		pthread_join(tid[k], NULL);
	for (i = 0; i < p.n; i++) {
		if (p.v[i].tmp)
			remove_scratch(p.v[i].tmp);
		free(p.v[i].path);
		free(p.v[i].note);
		free(p.v[i].tmp);
		free(p.v[i].out);
		free(p.v[i].node);
		free(p.v[i].errs);
	}
	free(p.v);
	free(tid);
	rmdir(p.dir);
	free(p.dir);
	pthread_mutex_destroy(&p.mu);
	pthread_cond_destroy(&p.cv);
}

static int
parse_args(int argc, char **argv, struct ingest_run *run)
{
	const char *time_arg = NULL, *node = NULL, *dangling = NULL;
	enum node_from from = NODE_GIVEN;
	int opt;

	/* "-": paths come back in order (1), so --node applies to the paths after it. */
	while ((opt = getopt_long(argc, argv, "-fhj:", longopts, NULL)) != -1) {
		switch (opt) {
		case 1:
			add_item(run, optarg, node, from);
			dangling = NULL;
			break;
		case 'f':
			run->iopts.force = true;
			break;
		case 'F':
			run->forced = parse_find(optarg);
			if (!run->forced)
				return cmd_usage_error("ingest", usage_str,
						       "unknown --format '%s' (expected one of: %s)",
						       optarg, parse_names());
			break;
		case 'h':
			return cmd_help(run->ctx, usage_str) - 100;
		case 'j':
			if (parse_int(optarg, 1, 1024, &run->jobs))
				return cmd_usage_error("ingest", usage_str,
						       "invalid -j '%s' (files at once, 1 to 1024)",
						       optarg);
			run->popts.threads = run->jobs;
			break;
		case 'L':
			return cmd_list_opts(run->ctx, longopts) - 100;
		case 'n':
		case 'N':
			if (node_opt(opt, optarg, &node, &from))
				return EXIT_USAGE;
			dangling = opt == 'n' ? "--node" : "--node-from";
			break;
		case 'o':
			if (parse_duration(optarg, &run->iopts.clock_offset_ns))
				return cmd_usage_error("ingest", usage_str,
						       "invalid --clock-offset '%s' (ns, or with a "
						       "unit: 1.5s)", optarg);
			run->iopts.has_clock_offset = true;
			break;
		case 'R':
			if (!*optarg)
				return cmd_usage_error("ingest", usage_str, "empty --run name");
			run->iopts.run = optarg;
			run->iopts.run_auto = !strcmp(optarg, "auto");
			break;
		case 'O':
			if (strcmp(optarg, "calibration"))
				return cmd_usage_error("ingest", usage_str,
						       "invalid --role '%s' (expected calibration)",
						       optarg);
			run->iopts.role = optarg;
			break;
		case 'r':
			if (parse_int(optarg, 0, 1 << 20, &run->iopts.rank))
				return cmd_usage_error("ingest", usage_str, "invalid --rank '%s'",
						       optarg);
			run->popts.rank = run->iopts.rank;
			break;
		case 'D':
			if (parse_int(optarg, 0, 1 << 20, &run->popts.device))
				return cmd_usage_error("ingest", usage_str, "invalid --device '%s'",
						       optarg);
			break;
		case 't':
			time_arg = optarg;
			break;
		case 'I':
			if (parse_duration(optarg, &run->popts.interval_ns) ||
			    run->popts.interval_ns <= 0)
				return cmd_usage_error("ingest", usage_str,
						       "invalid --interval '%s' (a duration, e.g. "
						       "1s or 100ms)", optarg);
			break;
		case 'z':
			run->popts.tz = optarg;
			break;
		default:
			return cmd_getopt_error("ingest", usage_str, argv);
		}
	}
	/* After the loop: a local --time is read in the --tz zone. */
	if (time_arg && parse_time_arg(time_arg, run->popts.tz, &run->popts.time_ns))
		return cmd_usage_error("ingest", usage_str,
				       "invalid --time '%s' (epoch time with a unit, e.g. "
				       "1700000000s or 1700000000000ms, or ISO 8601, e.g. "
				       "2026-11-30T18:42:33Z)", time_arg);
	if (run->iopts.role && !run->iopts.run)
		return cmd_usage_error("ingest", usage_str, "--role needs --run name");
	for (; optind < argc; optind++, dangling = NULL)	/* after "--" */
		add_item(run, argv[optind], node, from);
	return paths_given(run, dangling);
}

/* One command-line path under its node option; a path with nothing to ingest is an error. */
static void
ingest_item(struct ingest_run *run, const struct ingest_item *it)
{
	int before = run->nr_ok + run->nr_dup + run->nr_failed, skipped = run->nr_skipped;

	item_start(run, it);
	ingest_path(run, it->path);
	item_check(run, it, before, skipped);
}

/* one_file() - one plain file to ingest: -j's threads parse it (no scratch database). */
static bool
one_file(const struct ingest_run *run)
{
	struct stat st;

	return run->nr_items == 1 && !stat(run->items[0].path, &st) && S_ISREG(st.st_mode);
}

/* Ingest the items (every file of a directory) under SIGINT/SIGTERM handling. */
static int
run_ingest(struct ingest_run *run)
{
	struct litsi_ctx *ctx = run->ctx;
	struct sigaction sa = { .sa_handler = on_sigint }, old_int, old_term;
	size_t i;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	/* a signal during a file's final write rolls it back too */
	store_set_stop(ctx->st, &interrupted);
	/* --tz sets TZ for the parsers: not something two threads can share. */
	/* --run auto chooses each file's run from those before it: one file at a time. */
	if (run->jobs > 1 && !run->popts.tz && !run->iopts.run_auto && !one_file(run)) {
		/* the in-memory linking budget is shared by the files parsed at once */
		run->iopts.held_files = (unsigned)run->jobs;
		run_parallel(run);
	} else
		for (i = 0; i < run->nr_items && !interrupted; i++)
			ingest_item(run, &run->items[i]);
	store_set_stop(ctx->st, NULL);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	if (interrupted)
		return 130;
	if (ctx->verbose >= 0 && run->nr_ok + run->nr_dup + run->nr_failed + run->nr_skipped > 1)
		fprintf(ctx->out, "ingested %d, already present %d, skipped %d, failed %d\n",
			run->nr_ok, run->nr_dup, run->nr_skipped, run->nr_failed);
	settle_pending(run, NULL, NULL);
	free(run->pending);
	run->pending = NULL;
	print_nodes(run);
	return run->worst;
}

static void
ingest_run_init(struct ingest_run *run, struct litsi_ctx *ctx)
{
	memset(run, 0, sizeof(*run));
	xalloc_keep_heap();
	run->ctx = ctx;
	run->jobs = 1;
	run->iopts.rank = -1;
	run->popts.rank = -1;
	run->popts.time_ns = TIME_NONE;
	run->popts.stop = &interrupted;
	run->popts.device = -1;
	run->popts.threads = parse_threads_default();
}

int
ingest_paths(struct litsi_ctx *ctx, const char *node, const char *node_from, const char *run_name,
	     const char *tz, const int64_t *clock_offset_ns, int npaths, char *const *paths)
{
	struct ingest_run run;
	enum node_from from = NODE_GIVEN;
	int i, rc;

	ingest_run_init(&run, ctx);
	run.iopts.run = run_name;
	run.iopts.run_auto = run_name && !strcmp(run_name, "auto");
	run.popts.tz = tz;
	if (clock_offset_ns) {
		run.iopts.clock_offset_ns = *clock_offset_ns;
		run.iopts.has_clock_offset = true;
	}
	if (node_from)
		from = strcmp(node_from, "dir") ? NODE_FROM_HOST : NODE_FROM_DIR;
	for (i = 0; i < npaths; i++)
		add_item(&run, paths[i], node_from ? NULL : node, from);
	rc = run_ingest(&run);
	free(run.items);
	free_touched(&run);
	return rc;
}

int
cmd_ingest(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct ingest_run run;
	int rc;

	ingest_run_init(&run, ctx);
	rc = parse_args(argc, argv, &run);
	if (!rc)
		rc = run_ingest(&run);
	else if (rc < 0)
		rc += 100;
	free(run.items);
	free_touched(&run);
	return rc;
}
