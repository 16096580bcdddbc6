/* SPDX-License-Identifier: MIT */
/*
 * ingest.c: ingest as a library (include/litsi/ingest.h): detect each file's
 * format from its content, stream it through its parser into the store, one
 * transaction per file; folders are walked in name order, archives opened
 * member by member, and -j parses several files at once. What is to be shown
 * goes to the caller's struct ingest_report, never to a stream.
 */
#include "litsi/ingest.h"
#include "litsi/litsi.h"
#include "litsi/merge.h"
#include "litsi/util.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct ingest_job;

struct ingest_run {
	struct store *st;
	const char *db_path;
	const struct ingest_report *rep;
	bool quiet, progress;
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
	struct ingest_job *capture;	/* a worker's: what it would show, kept for the writer */
	bool defer_tar;		/* a worker leaves archives to the writer */
	bool saw_tar;
	const struct ingest_item *items;	/* the plan's paths, in order */
	size_t nr_items;
	const struct ingest_item *cur;	/* the item being ingested */
	const char *file;	/* the file on disk being ingested (a tar for its members) */
	char dir_node[256];	/* --node-from dir: the name for the current file */
	struct pending_run *pending;	/* --run auto: files with no time, no run yet */
	size_t nr_pending, alloc_pending;
	struct ingest_nodes nodes;	/* the nodes files went to, first first */
};

/* A file of --run auto with no time of its own: it joins its node's next run. */
struct pending_run {
	char *node;
	char *path;
	int64_t source_id;
};

/* What a worker would show: replayed by the writer in command-line order. */
struct ingest_event {
	enum { EV_SUMMARY, EV_NOTE, EV_FAILURE } kind;
	char *text;			/* the file's name, or the note or failure */
	struct ingest_summary *sum;	/* EV_SUMMARY */
};

static void queue_file(struct ingest_run *run, const char *path);
static void queue_note(struct ingest_run *run, const char *text, int failed_status);
static void capture(struct ingest_job *j, int kind, const char *text,
		    const struct ingest_summary *sum);

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

	run->rep->progress(run->rep->ctx, run->progress_name, done, total,
			   difftime(time(NULL), run->t0));
}

/*
 * --run auto: a file with no time waits for the run of the next file of its
 * node; a file with a run gives it to those waiting; at the end of the
 * command, those still waiting join their node's latest run.
 */
static void
settle_pending(struct ingest_run *run, const char *name, struct ingest_summary *sum)
{
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

			if (!store_list_nodes(run->st, &nodes, &nn, &e))
				for (j = 0; j < nn; j++)
					if (!strcmp(nodes[j].name, p->node))
						store_latest_run(run->st, nodes[j].id, &latest, &e);
			store_free_nodes(nodes, nn);
			to = latest;
		}
		if (to && *to && !store_set_source_run(run->st, p->source_id, to, &e) &&
		    !run->quiet)
			run->rep->settled(run->rep->ctx, p->path, to);
		free(latest);
		free(p->node);
		free(p->path);
	}
	run->nr_pending = k;
}

/* A file went to node @node: counted for the lines per node. */
static void
touch_node(struct ingest_nodes *n, const char *node)
{
	size_t i;

	for (i = 0; i < n->nr; i++)
		if (!strcmp(n->name[i], node)) {
			n->files[i]++;
			return;
		}
	if (n->nr == n->alloc) {
		n->alloc = n->alloc ? 2 * n->alloc : 8;
		n->name = xrealloc(n->name, n->alloc * sizeof(*n->name));
		n->files = xrealloc(n->files, n->alloc * sizeof(*n->files));
	}
	n->name[n->nr] = xstrdup(node);
	n->files[n->nr++] = 1;
}

void
ingest_nodes_release(struct ingest_nodes *n)
{
	size_t i;

	for (i = 0; i < n->nr; i++)
		free(n->name[i]);
	free(n->name);
	free(n->files);
	memset(n, 0, sizeof(*n));
}

/* A file's summary: shown, or kept by a worker for the writer. */
static void
show_summary(struct ingest_run *run, const char *name, const struct ingest_summary *s)
{
	if (!s->duplicate && s->node[0])
		touch_node(&run->nodes, s->node);
	if (run->quiet)
		return;
	if (run->capture)
		capture(run->capture, EV_SUMMARY, name, s);
	else
		run->rep->summary(run->rep->ctx, name, s, run->iopts.run_auto);
}

static void
show_note(struct ingest_run *run, const char *text)
{
	if (run->capture)
		capture(run->capture, EV_NOTE, text, NULL);
	else
		run->rep->note(run->rep->ctx, text);
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
	if (run->capture)
		capture(run->capture, EV_FAILURE, err->msg, NULL);
	else
		run->rep->failure(run->rep->ctx, err->msg);
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

	if (run->cur->from != INGEST_NODE_FROM_DIR)
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
		if (!run->quiet) {
			struct sbuf sb = SBUF_INIT;

			sbuf_addf(&sb, "%s: skipped (%s)", input_name(in),
				  hint ? hint : "not a trace or telemetry log");
			show_note(run, sb.buf);
			sbuf_release(&sb);
		}
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
	    store_ingest_begin(run->st, input_name(in), &run->iopts, &ig, &run->inner, &err))
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
	if (run->progress && !run->quiet && !run->capture)
		input_set_progress(in, progress, run);
	if (p->parse(in, &run->popts, &outer, &err) || input_drain_hash(in, hex, &err))
		goto fail;
	if (run->progress && !run->quiet && !run->capture && input_raw_total(in) > (8u << 20))
		run->rep->progress_end(run->rep->ctx);
	if (store_ingest_finish(ig, hex, input_raw_offset(in), &sum, &err)) {
		ig = NULL;
		goto fail;
	}
	ig = NULL;
	settle_pending(run, input_name(in), &sum);
	show_summary(run, input_name(in), &sum);
	if (sum.warning[0] && !run->quiet)
		run->rep->warning(run->rep->ctx, input_name(in), sum.warning);
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
	if (!stat(run->db_path, &b) && a.st_dev == b.st_dev && a.st_ino == b.st_ino)
		return "the output database";
	for (i = 0; i < ARRAY_SIZE(side); i++) {
		size_t k = strlen(side[i]);
		char *base;
		bool same;

		if (n <= k || strcmp(path + n - k, side[i]))
			continue;
		base = xstrndup(path, n - k);
		same = !stat(base, &a) && !stat(run->db_path, &b) && a.st_dev == b.st_dev &&
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
	if (!run->quiet || run->pool) {
		struct sbuf sb = SBUF_INIT;

		sbuf_addf(&sb, "%s: skipped (%s)", path, why);
		if (run->pool)
			queue_note(run, sb.buf, 0);
		else
			show_note(run, sb.buf);
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

/* The files that follow are of command-line item @it (its node option). */
static void
item_start(struct ingest_run *run, const struct ingest_item *it)
{
	run->cur = it;
	run->iopts.node = it->node;
	run->iopts.node_from_host = it->from == INGEST_NODE_FROM_HOST;
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
 * (merge_adopt()), so that ids and content are those of -j 1. A worker runs
 * at most 2N files ahead of the writer: at most that many scratch databases
 * exist at once, and memory is N ingests' worth. What a worker would show
 * (the summary, its failures) is kept and reported by the writer in order.
 * Archives, and files already ingested when --force replaces them, are
 * ingested by the writer itself with the single-file path.
 */
struct ingest_job {
	char *path;		/* NULL: a note of the walk */
	bool walking;
	char *note;		/* the note's text (output), or a failure (error) */
	int note_status;	/* a failure's status; 0 for a note */
	char *tmp;		/* the scratch database */
	struct ingest_event *ev;	/* what the worker would show, in order */
	size_t nr_ev, alloc_ev;
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

static void
capture(struct ingest_job *j, int kind, const char *text, const struct ingest_summary *sum)
{
	struct ingest_event *e;

	VEC_GROW(j->ev, j->nr_ev + 1, j->alloc_ev);
	e = &j->ev[j->nr_ev++];
	e->kind = kind;
	e->text = xstrdup(text);
	e->sum = NULL;
	if (sum) {
		e->sum = xmalloc(sizeof(*e->sum));
		*e->sum = *sum;
	}
}

/* The writer: show what worker @j kept; failures first, as they go elsewhere. */
static void
replay(struct ingest_run *run, const struct ingest_job *j)
{
	const struct ingest_report *r = run->rep;
	size_t i;

	for (i = 0; i < j->nr_ev; i++)
		if (j->ev[i].kind == EV_FAILURE)
			r->failure(r->ctx, j->ev[i].text);
	for (i = 0; i < j->nr_ev; i++)
		if (j->ev[i].kind == EV_NOTE)
			r->note(r->ctx, j->ev[i].text);
		else if (j->ev[i].kind == EV_SUMMARY)
			r->summary(r->ctx, j->ev[i].text, j->ev[i].sum, run->iopts.run_auto);
}

static void
free_events(struct ingest_job *j)
{
	size_t i;

	for (i = 0; i < j->nr_ev; i++) {
		free(j->ev[i].text);
		free(j->ev[i].sum);
	}
	free(j->ev);
}

/* A worker: ingest @j into its scratch database, keeping what it would show. */
static void
work(struct ingest_run *main_run, struct ingest_job *j)
{
	struct ingest_run wr = *main_run;
	struct err err = { 0 };

	wr.pool = NULL;
	wr.capture = j;
	wr.defer_tar = true;
	wr.walking = j->walking;
	item_start(&wr, j->item);
	wr.nr_ok = wr.nr_dup = wr.nr_failed = wr.nr_skipped = wr.worst = 0;
	memset(&wr.nodes, 0, sizeof(wr.nodes));
	remove_scratch(j->tmp);
	if (store_open(j->tmp, STORE_SCRATCH, &wr.st, &err)) {
		record_failure(&wr, &err);
	} else {
		store_set_stop(wr.st, &interrupted);
		ingest_file(&wr, j->path);
		store_close(wr.st);
	}
	j->ok = wr.nr_ok;
	j->dup = wr.nr_dup;
	j->failed = wr.nr_failed;
	j->skipped = wr.nr_skipped;
	j->worst = wr.worst;
	j->tar = wr.saw_tar;
	j->node = wr.nodes.nr ? xstrdup(wr.nodes.name[0]) : NULL;
	ingest_nodes_release(&wr.nodes);
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
	const struct ingest_report *r = run->rep;
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
			r->note(r->ctx, j->note);
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
	if (!j->ok) {
		/* Failed or skipped: nothing of it goes into the output. */
		replay(run, j);
		run->nr_failed += j->failed;
		run->nr_skipped += j->skipped;
		if (j->worst == 130 || j->worst > run->worst)
			run->worst = j->worst;
		return;
	}
	rc = merge_adopt(run->st, j->tmp, j->path, &ms, &err);
	if (rc == 1 && run->iopts.force) {
		run->walking = j->walking;
		ingest_file(run, j->path);
		run->walking = was;
	} else if (rc == 1) {
		struct ingest_summary sum = { .duplicate = true };

		sum.dup = ms.dup;
		sum.readings_dropped = ms.readings_dropped;
		show_summary(run, j->path, &sum);
		run->nr_dup++;
	} else if (rc) {
		if (rc == LITSI_EINTR)
			err_set(&err, LITSI_EINTR, "%s: interrupted; nothing of it was written",
				j->path);
		record_failure(run, &err);
	} else {
		replay(run, j);
		if (j->node)
			touch_node(&run->nodes, j->node);
		if (ms.readings_dropped && !run->quiet)
			r->held(r->ctx, j->path, ms.readings_dropped, &ms.readings_of);
		if (ms.warning[0] && !run->quiet)
			r->warning(r->ctx, j->path, ms.warning);
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

	p.dir = scratch_dir(run->db_path);
	if (!p.dir) {
		struct err err;

		err_set(&err, LITSI_EDB, "cannot create a scratch folder beside '%s' for -j: %s",
			run->db_path, strerror(errno));
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
		if (interrupted && taken && j->ok) {
			struct err err;

			err_set(&err, LITSI_EINTR, "%s: interrupted; nothing of it was written",
				j->path);
			run->rep->failure(run->rep->ctx, err.msg);
		} else if (taken)
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
		free(p.v[i].node);
		free_events(&p.v[i]);
	}
	free(p.v);
	free(tid);
	rmdir(p.dir);
	free(p.dir);
	pthread_mutex_destroy(&p.mu);
	pthread_cond_destroy(&p.cv);
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
	struct sigaction sa = { .sa_handler = on_sigint }, old_int, old_term;
	size_t i;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	/* a signal during a file's final write rolls it back too */
	store_set_stop(run->st, &interrupted);
	/* --tz sets TZ for the parsers: not something two threads can share. */
	/* --run auto chooses each file's run from those before it: one file at a time. */
	if (run->jobs > 1 && !run->popts.tz && !run->iopts.run_auto && !one_file(run)) {
		/* the in-memory linking budget is shared by the files parsed at once */
		run->iopts.held_files = (unsigned)run->jobs;
		run_parallel(run);
	} else
		for (i = 0; i < run->nr_items && !interrupted; i++)
			ingest_item(run, &run->items[i]);
	store_set_stop(run->st, NULL);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	if (interrupted)
		return 130;
	if (!run->quiet && run->nr_ok + run->nr_dup + run->nr_failed + run->nr_skipped > 1) {
		struct ingest_counts c = { run->nr_ok, run->nr_dup, run->nr_skipped,
					   run->nr_failed };

		run->rep->totals(run->rep->ctx, &c);
	}
	settle_pending(run, NULL, NULL);
	free(run->pending);
	run->pending = NULL;
	return run->worst;
}

void
ingest_plan_init(struct ingest_plan *p, struct store *st, const char *db_path)
{
	memset(p, 0, sizeof(*p));
	p->st = st;
	p->db_path = db_path;
	p->jobs = 1;
	p->iopts.rank = -1;
	p->popts.rank = -1;
	p->popts.time_ns = TIME_NONE;
	p->popts.device = -1;
	p->popts.threads = parse_threads_default();
}

void
ingest_plan_add(struct ingest_plan *p, const char *path, const char *node,
		enum ingest_node_from from)
{
	VEC_GROW(p->items, p->nr_items + 1, p->alloc_items);
	p->items[p->nr_items++] = (struct ingest_item){ path, node, from };
}

void
ingest_plan_release(struct ingest_plan *p)
{
	free(p->items);
	p->items = NULL;
	p->nr_items = p->alloc_items = 0;
}

int
ingest_plan_run(struct ingest_plan *p, const struct ingest_report *r, struct ingest_nodes *nodes)
{
	struct ingest_run run;
	int rc;

	memset(&run, 0, sizeof(run));
	xalloc_keep_heap();
	run.st = p->st;
	run.db_path = p->db_path;
	run.rep = r;
	run.quiet = p->quiet;
	run.progress = p->progress;
	run.iopts = p->iopts;
	run.popts = p->popts;
	run.popts.stop = &interrupted;
	run.forced = p->forced;
	run.jobs = p->jobs;
	run.items = p->items;
	run.nr_items = p->nr_items;
	rc = run_ingest(&run);
	*nodes = run.nodes;
	return rc;
}
