/* SPDX-License-Identifier: MIT */
/*
 * store_ingest.c: the ingest sink. Records of one source are staged in TEMP
 * tables inside one transaction; store_ingest_finish() links kernels to their
 * CPU launches and samples with a few set-based statements and commits.
 */
#include "store_int.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "litsi/litsi.h"

static const char stage_sql[] =
	"CREATE TEMP TABLE IF NOT EXISTS stage_kernel(gpu_id INTEGER, rank_ctx INTEGER,"
	" stream INTEGER, name_id INTEGER, start_ns INTEGER, end_ns INTEGER, class INTEGER,"
	" corr INTEGER, launch_ns INTEGER, bytes INTEGER);"
	"CREATE TEMP TABLE IF NOT EXISTS stage_launch(rank_ctx INTEGER, corr INTEGER,"
	" ts_ns INTEGER, tid INTEGER, PRIMARY KEY(rank_ctx, corr)) WITHOUT ROWID;"
	"CREATE TEMP TABLE IF NOT EXISTS stage_step(rank_ctx INTEGER, step INTEGER,"
	" start_ns INTEGER, end_ns INTEGER);"
	"CREATE TEMP TABLE IF NOT EXISTS stage_ann(rank_ctx INTEGER, kind TEXT, name_id INTEGER,"
	" start_ns INTEGER, end_ns INTEGER, tid INTEGER, ext INTEGER, gpu_id INTEGER);"
	"CREATE TEMP TABLE IF NOT EXISTS stage_coll(rank_ctx INTEGER, start_ns INTEGER,"
	" end_ns INTEGER, tid INTEGER, corr INTEGER, ext INTEGER, coll_name TEXT, dtype TEXT,"
	" in_nelems INTEGER, out_nelems INTEGER, group_size INTEGER, seq INTEGER,"
	" in_split TEXT, out_split TEXT, pg_name TEXT, pg_desc TEXT, pg_ranks TEXT);"
	"CREATE TEMP TABLE IF NOT EXISTS rank_gpu(rank_ctx INTEGER, gpu_id INTEGER,"
	" PRIMARY KEY(rank_ctx, gpu_id)) WITHOUT ROWID;";

static const char unstage_sql[] =
	"DELETE FROM temp.stage_kernel; DELETE FROM temp.stage_launch;"
	"DELETE FROM temp.stage_step; DELETE FROM temp.stage_ann; DELETE FROM temp.stage_coll;"
	"DELETE FROM temp.rank_gpu; DROP INDEX IF EXISTS temp.stage_kernel_corr;";

enum stmt_id {
	S_KERNEL, S_LAUNCH, S_STEP, S_ANN, S_COLL, S_TELEM, S_AGG, S_META,
	S_NAME_INS, S_NAME_SEL, S_METRIC_INS, S_METRIC_SEL, S_GPU_SEL, S_GPU_INS, S_GPU_UPD,
	S_COUNT
};

static const char *const stmt_sql[S_COUNT] = {
	[S_KERNEL] = "INSERT INTO temp.stage_kernel VALUES (?,?,?,?,?,?,?,?,?,?)",
	[S_LAUNCH] = "INSERT OR IGNORE INTO temp.stage_launch VALUES (?,?,?,?)",
	[S_STEP] = "INSERT INTO temp.stage_step VALUES (?,?,?,?)",
	[S_ANN] = "INSERT INTO temp.stage_ann VALUES (?,?,?,?,?,?,?,?)",
	[S_COLL] = "INSERT INTO temp.stage_coll VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
	[S_TELEM] = "INSERT INTO telemetry(source_id, gpu_id, metric_id, t_ns, value)"
		    " VALUES (?,?,?,?,?)",
	[S_AGG] = "INSERT INTO aggregate VALUES (?,?,?,?,?,?,?,?,?)",
	[S_META] = "INSERT OR REPLACE INTO source_meta VALUES (?,?,?)",
	[S_NAME_INS] = "INSERT OR IGNORE INTO name(text) VALUES (?)",
	[S_NAME_SEL] = "SELECT id FROM name WHERE text = ?",
	[S_METRIC_INS] = "INSERT OR IGNORE INTO metric(name, unit) VALUES (?, ?)",
	[S_METRIC_SEL] = "SELECT id FROM metric WHERE name = ?",
	[S_GPU_SEL] = "SELECT id, rank, product FROM gpu WHERE node_id = ? AND device = ?",
	[S_GPU_INS] = "INSERT INTO gpu(node_id, device, rank, vendor, product) VALUES (?,?,?,?,?)",
	[S_GPU_UPD] = "UPDATE gpu SET rank = coalesce(?, rank), vendor = coalesce(?, vendor),"
		      " product = coalesce(?, product) WHERE id = ?",
};

struct name_slot {
	uint64_t hash;
	char *text;
	size_t len;
	int64_t id;
};

struct sample_span;

/* One node's device -> gpu.id map (0 = not seen): O(1) per record. */
struct node_devs {
	int64_t node_id;
	int64_t *gpu;
	size_t len;
};

struct store_ingest {
	struct store *st;
	struct ingest_opts opts;
	sqlite3_stmt *stmt[S_COUNT];
	int64_t source_id;
	int64_t node_id;		/* the current node; the source's is the first */
	char *node;			/* host named by the file (sink->node), NULL = none */
	char *nodes_first;		/* the first host the file named */
	int64_t *node_ids;		/* distinct nodes switched to (sink->node) */
	size_t nr_nodes, alloc_nodes;
	char *format, *hostname;
	char *path;			/* as given, for messages */
	int clock;
	int rank, world_size;
	int64_t base_ns;		/* added to every time: clock offset + late Kineto base */
	struct name_slot *names;	/* open addressing, power-of-two size */
	size_t names_cap, names_nr;
	struct node_devs *ndevs;	/* per node of the file: device -> gpu.id */
	size_t nr_ndevs, alloc_ndevs, cur_ndevs;
	size_t devs_nr;		/* GPUs seen, over every node */
	struct name_slot *metrics;
	size_t metrics_cap, metrics_nr;
	int64_t n_kernels, n_comm, n_telemetry, n_aggregates;
	int64_t kernel_base;		/* kernel.id = kernel_base + stage_kernel.rowid */
	struct sample_span *samples;	/* this source's samples, during finish */
	size_t nr_samples;
};

static int
step_done(struct store_ingest *ig, sqlite3_stmt *s, struct err *err, const char *what)
{
	int rc = sqlite3_step(s);

	sqlite3_reset(s);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return store_sqlerr(ig->st, err, what);
	return 0;
}

static void
bind_opt_i64(sqlite3_stmt *s, int i, int64_t v, int64_t none)
{
	if (v == none)
		sqlite3_bind_null(s, i);
	else
		sqlite3_bind_int64(s, i, v);
}

static void
bind_opt_text(sqlite3_stmt *s, int i, const char *t)
{
	if (t)
		sqlite3_bind_text(s, i, t, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(s, i);
}

static uint64_t
fnv1a(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ULL;

	while (n--)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

/* Intern @text (of @len bytes) into table name or metric, with an in-memory cache. */
static int
intern(struct store_ingest *ig, struct name_slot **tab, size_t *cap, size_t *nr, int ins,
       int sel, const char *text, size_t len, const char *unit, int64_t *id, struct err *err)
{
	uint64_t h = fnv1a(text, len);
	size_t i;
	int rc;

	if (*nr * 2 >= *cap) {
		struct name_slot *old = *tab;
		size_t oldcap = *cap, j;

		*cap = oldcap ? oldcap * 2 : 1024;
		*tab = xcalloc(*cap, sizeof(**tab));
		for (j = 0; j < oldcap; j++) {
			if (!old[j].text)
				continue;
			for (i = old[j].hash & (*cap - 1); (*tab)[i].text; i = (i + 1) & (*cap - 1))
				;
			(*tab)[i] = old[j];
		}
		free(old);
	}
	for (i = h & (*cap - 1); (*tab)[i].text; i = (i + 1) & (*cap - 1)) {
		if ((*tab)[i].hash == h && (*tab)[i].len == len &&
		    !memcmp((*tab)[i].text, text, len)) {
			*id = (*tab)[i].id;
			return 0;
		}
	}
	sqlite3_bind_text(ig->stmt[ins], 1, text, (int)len, SQLITE_STATIC);
	if (unit)
		sqlite3_bind_text(ig->stmt[ins], 2, unit, -1, SQLITE_STATIC);
	if (step_done(ig, ig->stmt[ins], err, "cannot intern name"))
		return err->status;
	sqlite3_bind_text(ig->stmt[sel], 1, text, (int)len, SQLITE_STATIC);
	rc = sqlite3_step(ig->stmt[sel]);
	*id = rc == SQLITE_ROW ? sqlite3_column_int64(ig->stmt[sel], 0) : -1;
	sqlite3_reset(ig->stmt[sel]);
	if (rc != SQLITE_ROW)
		return store_sqlerr(ig->st, err, "cannot look up name");
	(*tab)[i].hash = h;
	(*tab)[i].text = xstrndup(text, len);
	(*tab)[i].len = len;
	(*tab)[i].id = *id;
	(*nr)++;
	return 0;
}

static int
name_id(struct store_ingest *ig, const char *text, size_t len, int64_t *id, struct err *err)
{
	struct sbuf mod = SBUF_INIT;
	const char *nul = memchr(text, '\0', len);
	int rc;

	if (!nul)
		return intern(ig, &ig->names, &ig->names_cap, &ig->names_nr, S_NAME_INS,
			      S_NAME_SEL, text, len, NULL, id, err);
	/* A NUL (JSON \u0000) is kept as C0 80, so that C strings are not cut there. */
	for (; nul; nul = memchr(text, '\0', len)) {
		sbuf_add(&mod, text, (size_t)(nul - text));
		sbuf_add(&mod, "\xC0\x80", 2);
		len -= (size_t)(nul - text) + 1;
		text = nul + 1;
	}
	sbuf_add(&mod, text, len);
	rc = intern(ig, &ig->names, &ig->names_cap, &ig->names_nr, S_NAME_INS, S_NAME_SEL,
		    mod.buf, mod.len, NULL, id, err);
	sbuf_release(&mod);
	return rc;
}

/*
 * The node is --node, else "default". A host name found in a file is only
 * recorded (source.hostname): telemetry and PyTorch traces never name their
 * host, so deriving nodes from names would split one node's files apart.
 */
static const char *
node_name(const struct store_ingest *ig)
{
	return ig->opts.node ? ig->opts.node : ig->node ? ig->node : "default";
}

static int
ensure_node(struct store_ingest *ig, struct err *err)
{
	sqlite3_stmt *s;
	bool first = ig->node_id == 0;
	int rc;

	if (ig->node_id > 0)
		return 0;
	if (store_prepare(ig->st, "INSERT OR IGNORE INTO node(name) VALUES (?)", &s, err))
		return err->status;
	sqlite3_bind_text(s, 1, node_name(ig), -1, SQLITE_STATIC);
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		return store_sqlerr(ig->st, err, "cannot insert node");
	if (store_prepare(ig->st, "SELECT id FROM node WHERE name = ?", &s, err))
		return err->status;
	sqlite3_bind_text(s, 1, node_name(ig), -1, SQLITE_STATIC);
	rc = sqlite3_step(s);
	ig->node_id = rc == SQLITE_ROW ? sqlite3_column_int64(s, 0) : -1;
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW)
		return store_sqlerr(ig->st, err, "cannot find node");
	if (!first)
		return 0;
	s = NULL;
	if (store_prepare(ig->st, "UPDATE source SET node_id = ? WHERE id = ?", &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, ig->node_id);
	sqlite3_bind_int64(s, 2, ig->source_id);
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(ig->st, err, "cannot update source");
}

static int
upsert_gpu(struct store_ingest *ig, const struct rec_gpu *g, int64_t *gpu_id, struct err *err)
{
	sqlite3_stmt *s = ig->stmt[S_GPU_SEL];
	int rank = g->rank >= 0 ? g->rank : ig->opts.rank >= 0 ? ig->opts.rank : -1;
	int rc, old_rank = -1;
	char *held = NULL;

	if (ensure_node(ig, err))
		return err->status;
	sqlite3_bind_int64(s, 1, ig->node_id);
	sqlite3_bind_int(s, 2, g->device);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		*gpu_id = sqlite3_column_int64(s, 0);
		old_rank = sqlite3_column_type(s, 1) == SQLITE_NULL ? -1 : sqlite3_column_int(s, 1);
		held = g->product ? store_text_dup(s, 2) : NULL;
	}
	sqlite3_reset(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_sqlerr(ig->st, err, "cannot look up GPU");
	if (held && store_check_product(ig->st, *gpu_id, ig->source_id, held, g->product, err)) {
		free(held);
		return err->status;
	}
	free(held);
	if (rc == SQLITE_ROW && rank >= 0 && old_rank >= 0 && rank != old_rank)
		return err_set(err, LITSI_EDATA,
			       "GPU %d of node '%s' already holds rank %d, this file says rank %d "
			       "(give each node's files their own --node)",
			       g->device, node_name(ig), old_rank, rank);
	s = ig->stmt[rc == SQLITE_ROW ? S_GPU_UPD : S_GPU_INS];
	if (rc == SQLITE_ROW) {
		bind_opt_i64(s, 1, rank, -1);
		bind_opt_text(s, 2, g->vendor);
		bind_opt_text(s, 3, g->product);
		sqlite3_bind_int64(s, 4, *gpu_id);
	} else {
		sqlite3_bind_int64(s, 1, ig->node_id);
		sqlite3_bind_int(s, 2, g->device);
		bind_opt_i64(s, 3, rank, -1);
		bind_opt_text(s, 4, g->vendor);
		bind_opt_text(s, 5, g->product);
	}
	if (step_done(ig, s, err, "cannot write GPU"))
		return err->status;
	if (rc != SQLITE_ROW)
		*gpu_id = sqlite3_last_insert_rowid(ig->st->db);
	return 0;
}

/*
 * The device map of the current node. One file can feed several nodes (host
 * labels), each with its own map; a file names few nodes, the last one used
 * is tried first.
 */
static struct node_devs *
node_devs(struct store_ingest *ig)
{
	size_t i;

	if (ig->cur_ndevs < ig->nr_ndevs && ig->ndevs[ig->cur_ndevs].node_id == ig->node_id)
		return &ig->ndevs[ig->cur_ndevs];
	for (i = 0; i < ig->nr_ndevs; i++)
		if (ig->ndevs[i].node_id == ig->node_id)
			break;
	if (i == ig->nr_ndevs) {
		VEC_GROW(ig->ndevs, ig->nr_ndevs + 1, ig->alloc_ndevs);
		ig->ndevs[ig->nr_ndevs++] = (struct node_devs){ .node_id = ig->node_id };
	}
	ig->cur_ndevs = i;
	return &ig->ndevs[i];
}

/* The slot of @device in the current node's device -> gpu.id map, grown as needed. */
static int
dev_slot(struct store_ingest *ig, int device, int64_t **slot, struct err *err)
{
	struct node_devs *nd;
	size_t n;

	if (device < 0 || device > DEVICE_MAX)
		return err_set(err, LITSI_EDATA, "GPU device index %d outside 0..%d", device,
			       DEVICE_MAX);
	if (ensure_node(ig, err))
		return err->status;
	nd = node_devs(ig);
	n = nd->len;
	if ((size_t)device >= n) {
		size_t want = n ? n : 16;

		while (want <= (size_t)device)
			want *= 2;
		nd->gpu = xrealloc(nd->gpu, want * sizeof(*nd->gpu));
		memset(nd->gpu + n, 0, (want - n) * sizeof(*nd->gpu));
		nd->len = want;
	}
	*slot = &nd->gpu[device];
	return 0;
}

static int
gpu_of(struct store_ingest *ig, int device, int64_t *gpu_id, struct err *err)
{
	struct rec_gpu g = { .device = device, .rank = -1 };
	int64_t *slot;

	if (dev_slot(ig, device, &slot, err))
		return err->status;
	if (*slot) {
		*gpu_id = *slot;
		return 0;
	}
	if (upsert_gpu(ig, &g, gpu_id, err))
		return err->status;
	*slot = *gpu_id;
	ig->devs_nr++;
	return 0;
}

/* @t shifted by the source's time shift (clock offset, late time base), checked. */
static int
shift(const struct store_ingest *ig, int64_t t, int64_t by, int64_t *out, struct err *err)
{
	if (__builtin_add_overflow(t, by, out))
		return err_set(err, LITSI_EDATA,
			       "time %lld ns shifted by %lld ns (--clock-offset or the trace's time "
			       "base) does not fit in 64-bit nanoseconds",
			       (long long)t, (long long)by);
	(void)ig;
	/*
	 * Plausible times only: 0 to 2^62 ns (year 2116 since the epoch, 146
	 * years since boot). Any difference or sum of two then fits in 64 bits.
	 */
	if (*out < 0 || *out > TIME_MAX_NS)
		return err_set(err, LITSI_EDATA,
			       "time %lld ns is outside the plausible range 0 to %lld ns",
			       (long long)*out, (long long)TIME_MAX_NS);
	return 0;
}

static int
sink_source(struct sink *sk, const struct rec_source *r, struct err *err)
{
	struct store_ingest *ig = sk->ctx;

	if (r->format) {
		free(ig->format);
		ig->format = xstrdup(r->format);
	}
	if (r->hostname && !ig->hostname)
		ig->hostname = xstrdup(r->hostname);
	if (ig->opts.node_from_host && r->hostname && *r->hostname && !ig->node) {
		if (ig->node_id > 0)
			return err_set(err, LITSI_EDATA,
				       "the host name '%s' comes after the file's first GPU "
				       "record: --node-from host cannot use it; name the node "
				       "with --node", r->hostname);
		ig->node = xstrdup(r->hostname);
	}
	ig->clock = ig->opts.has_clock_offset ? CLK_EPOCH : (int)r->clock;
	if (r->rank >= 0)
		ig->rank = r->rank;
	if (r->world_size >= 0)
		ig->world_size = r->world_size;
	return 0;
}

static int
sink_gpu(struct sink *sk, const struct rec_gpu *r, struct err *err)
{
	struct store_ingest *ig = sk->ctx;
	int64_t id, *slot;

	if (dev_slot(ig, r->device, &slot, err) || upsert_gpu(ig, r, &id, err))
		return err->status;
	if (!*slot)
		ig->devs_nr++;
	*slot = id;
	return 0;
}

static int
sink_kernel(struct sink *sk, const struct rec_kernel *r, struct err *err)
{
	struct store_ingest *ig = sk->ctx;
	sqlite3_stmt *s = ig->stmt[S_KERNEL];
	int64_t gpu_id, nid, t0, t1, tl = 0;

	if (r->end_ns < r->start_ns)
		return err_set(err, LITSI_EDATA, "kernel '%.*s' ends before it starts",
			       (int)(r->name_len > 80 ? 80 : r->name_len), r->name);
	if (gpu_of(ig, r->device, &gpu_id, err) || name_id(ig, r->name, r->name_len, &nid, err))
		return err->status;
	sqlite3_bind_int64(s, 1, gpu_id);
	sqlite3_bind_int(s, 2, r->rank);
	sqlite3_bind_int64(s, 3, r->stream);
	sqlite3_bind_int64(s, 4, nid);
	if (shift(ig, r->start_ns, ig->base_ns, &t0, err) ||
	    shift(ig, r->end_ns, ig->base_ns, &t1, err) ||
	    (r->launch_ns != TIME_NONE && shift(ig, r->launch_ns, ig->base_ns, &tl, err)))
		return err->status;
	sqlite3_bind_int64(s, 5, t0);
	sqlite3_bind_int64(s, 6, t1);
	sqlite3_bind_int(s, 7, (int)r->kclass);
	bind_opt_i64(s, 8, r->correlation, -1);
	if (r->launch_ns == TIME_NONE)
		sqlite3_bind_null(s, 9);
	else
		sqlite3_bind_int64(s, 9, tl);
	bind_opt_i64(s, 10, r->bytes, -1);
	ig->n_kernels++;
	ig->n_comm += r->kclass == KCLASS_COMM;
	return step_done(ig, s, err, "cannot stage kernel");
}

static int
sink_launch(struct sink *sk, const struct rec_launch *r, struct err *err)
{
	struct store_ingest *ig = sk->ctx;
	sqlite3_stmt *s = ig->stmt[S_LAUNCH];

	int64_t t;

	if (shift(ig, r->ts_ns, ig->base_ns, &t, err))
		return err->status;
	sqlite3_bind_int(s, 1, r->rank);
	sqlite3_bind_int64(s, 2, r->correlation);
	sqlite3_bind_int64(s, 3, t);
	sqlite3_bind_int64(s, 4, r->tid);
	return step_done(ig, s, err, "cannot stage launch");
}

static int
sink_step(struct sink *sk, const struct rec_step *r, struct err *err)
{
	struct store_ingest *ig = sk->ctx;
	sqlite3_stmt *s = ig->stmt[S_STEP];

	int64_t t0, t1;

	if (shift(ig, r->start_ns, ig->base_ns, &t0, err) ||
	    shift(ig, r->end_ns, ig->base_ns, &t1, err))
		return err->status;
	sqlite3_bind_int(s, 1, r->rank);
	sqlite3_bind_int64(s, 2, r->step);
	sqlite3_bind_int64(s, 3, t0);
	sqlite3_bind_int64(s, 4, t1);
	return step_done(ig, s, err, "cannot stage step");
}

static int
sink_annotation(struct sink *sk, const struct rec_annotation *r, struct err *err)
{
	struct store_ingest *ig = sk->ctx;
	sqlite3_stmt *s = ig->stmt[S_ANN];
	int64_t nid, gpu_id = -1, t0, t1;

	if (name_id(ig, r->name, strlen(r->name), &nid, err))
		return err->status;
	if (r->device >= 0 && gpu_of(ig, r->device, &gpu_id, err))
		return err->status;
	sqlite3_bind_int(s, 1, r->rank);
	sqlite3_bind_text(s, 2, r->kind, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 3, nid);
	if (shift(ig, r->start_ns, ig->base_ns, &t0, err) ||
	    shift(ig, r->end_ns, ig->base_ns, &t1, err))
		return err->status;
	sqlite3_bind_int64(s, 4, t0);
	sqlite3_bind_int64(s, 5, t1);
	sqlite3_bind_int64(s, 6, r->tid);
	bind_opt_i64(s, 7, r->external_id, -1);
	bind_opt_i64(s, 8, gpu_id, -1);
	return step_done(ig, s, err, "cannot stage annotation");
}

static int
sink_collective(struct sink *sk, const struct rec_collective *r, struct err *err)
{
	struct store_ingest *ig = sk->ctx;
	sqlite3_stmt *s = ig->stmt[S_COLL];

	int64_t t0, t1;

	if (shift(ig, r->start_ns, ig->base_ns, &t0, err) ||
	    shift(ig, r->end_ns, ig->base_ns, &t1, err))
		return err->status;
	sqlite3_bind_int(s, 1, r->rank);
	sqlite3_bind_int64(s, 2, t0);
	sqlite3_bind_int64(s, 3, t1);
	sqlite3_bind_int64(s, 4, r->tid);
	bind_opt_i64(s, 5, r->correlation, -1);
	bind_opt_i64(s, 6, r->external_id, -1);
	bind_opt_text(s, 7, r->coll_name);
	bind_opt_text(s, 8, r->dtype);
	bind_opt_i64(s, 9, r->in_nelems, -1);
	bind_opt_i64(s, 10, r->out_nelems, -1);
	bind_opt_i64(s, 11, r->group_size, -1);
	bind_opt_i64(s, 12, r->seq, -1);
	bind_opt_text(s, 13, r->in_split);
	bind_opt_text(s, 14, r->out_split);
	bind_opt_text(s, 15, r->pg_name);
	bind_opt_text(s, 16, r->pg_desc);
	bind_opt_text(s, 17, r->pg_ranks);
	return step_done(ig, s, err, "cannot stage collective");
}

static int
sink_telemetry(struct sink *sk, const struct rec_telemetry *r, struct err *err)
{
	struct store_ingest *ig = sk->ctx;
	sqlite3_stmt *s = ig->stmt[S_TELEM];
	int64_t gpu_id, mid, t;

	if (r->value != r->value)	/* NaN readings are missing readings */
		return 0;
	if (gpu_of(ig, r->device, &gpu_id, err) ||
	    intern(ig, &ig->metrics, &ig->metrics_cap, &ig->metrics_nr, S_METRIC_INS,
		   S_METRIC_SEL, r->metric, strlen(r->metric), r->unit ? r->unit : "", &mid, err))
		return err->status;
	sqlite3_bind_int64(s, 1, ig->source_id);
	sqlite3_bind_int64(s, 2, gpu_id);
	sqlite3_bind_int64(s, 3, mid);
	if (shift(ig, r->t_ns, ig->opts.clock_offset_ns, &t, err))
		return err->status;
	sqlite3_bind_int64(s, 4, t);
	sqlite3_bind_double(s, 5, r->value);
	ig->n_telemetry++;
	return step_done(ig, s, err, "cannot insert telemetry");
}

static int
sink_aggregate(struct sink *sk, const struct rec_aggregate *r, struct err *err)
{
	struct store_ingest *ig = sk->ctx;
	sqlite3_stmt *s = ig->stmt[S_AGG];

	sqlite3_bind_int64(s, 1, ig->source_id);
	sqlite3_bind_text(s, 2, r->kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 3, r->name, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 4, r->calls);
	sqlite3_bind_int64(s, 5, r->total_ns);
	sqlite3_bind_double(s, 6, r->avg_ns);
	sqlite3_bind_double(s, 7, r->pct);
	bind_opt_i64(s, 8, r->min_ns, -1);
	bind_opt_i64(s, 9, r->max_ns, -1);
	ig->n_aggregates++;
	return step_done(ig, s, err, "cannot insert aggregate");
}

static int
sink_meta(struct sink *sk, const char *key, const char *value, struct err *err)
{
	struct store_ingest *ig = sk->ctx;
	sqlite3_stmt *s = ig->stmt[S_META];

	sqlite3_bind_int64(s, 1, ig->source_id);
	sqlite3_bind_text(s, 2, key, -1, SQLITE_STATIC);
	bind_opt_text(s, 3, value);
	return step_done(ig, s, err, "cannot insert metadata");
}

static int
sink_time_base(struct sink *sk, int64_t base_ns, struct err *err)
{
	struct store_ingest *ig = sk->ctx;
	sqlite3_stmt *s;
	static const char *const sql[] = {
		("UPDATE temp.stage_kernel SET start_ns = start_ns + ?1, end_ns = end_ns + ?1,"
		 " launch_ns = launch_ns + ?1"),
		"UPDATE temp.stage_launch SET ts_ns = ts_ns + ?1",
		"UPDATE temp.stage_step SET start_ns = start_ns + ?1, end_ns = end_ns + ?1",
		"UPDATE temp.stage_ann SET start_ns = start_ns + ?1, end_ns = end_ns + ?1",
		"UPDATE temp.stage_coll SET start_ns = start_ns + ?1, end_ns = end_ns + ?1",
	};
	size_t i;

	/* Records already staged get the base now; later ones get it on insert. */
	for (i = 0; i < ARRAY_SIZE(sql); i++) {
		if (store_prepare(ig->st, sql[i], &s, err))
			return err->status;
		sqlite3_bind_int64(s, 1, base_ns);
		if (sqlite3_step(s) != SQLITE_DONE) {
			sqlite3_finalize(s);
			return store_sqlerr(ig->st, err, "cannot rebase times");
		}
		sqlite3_finalize(s);
	}
	if (__builtin_add_overflow(ig->base_ns, base_ns, &ig->base_ns))
		return err_set(err, LITSI_EDATA, "time base %lld ns and --clock-offset do not fit "
						"in 64-bit nanoseconds together", (long long)base_ns);
	return 0;
}

/*
 * A file that names hosts (Prometheus host labels) stores each host's GPUs
 * under a node of that name. With --node, every reading goes to that node,
 * which only makes sense for one host: a second host is refused.
 */
static int
sink_node(struct sink *sk, const char *name, struct err *err)
{
	struct store_ingest *ig = sk->ctx;
	size_t i;

	if (ig->nodes_first && !strcmp(ig->node, name))
		return 0;
	if (!*name)
		return err_set(err, LITSI_EDATA, "empty host name");
	if (ig->opts.node && ig->nodes_first)
		return err_set(err, LITSI_EDATA, "several hosts ('%s', '%s') in one file: drop "
			       "--node so that each host becomes its own node",
			       ig->nodes_first, name);
	if (!ig->nodes_first)
		ig->nodes_first = xstrdup(name);
	if (ig->opts.node) {
		ig->node = xstrdup(name);
		return 0;
	}
	free(ig->node);
	ig->node = xstrdup(name);
	if (ig->node_id > 0)
		ig->node_id = -1;	/* looked up again by ensure_node */
	if (ensure_node(ig, err))
		return err->status;
	for (i = 0; i < ig->nr_nodes; i++)
		if (ig->node_ids[i] == ig->node_id)
			return 0;
	VEC_GROW(ig->node_ids, ig->nr_nodes + 1, ig->alloc_nodes);
	ig->node_ids[ig->nr_nodes++] = ig->node_id;
	return 0;
}

static void
ingest_free(struct store_ingest *ig)
{
	size_t i;

	for (i = 0; i < S_COUNT; i++)
		sqlite3_finalize(ig->stmt[i]);
	for (i = 0; i < ig->names_cap; i++)
		free(ig->names[i].text);
	for (i = 0; i < ig->metrics_cap; i++)
		free(ig->metrics[i].text);
	free(ig->names);
	free(ig->metrics);
	for (i = 0; i < ig->nr_ndevs; i++)
		free(ig->ndevs[i].gpu);
	free(ig->ndevs);
	free(ig->samples);
	free(ig->format);
	free(ig->hostname);
	free(ig->path);
	free(ig->node);
	free(ig->nodes_first);
	free(ig->node_ids);
	free(ig);
}

void
store_ingest_abort(struct store_ingest *ig)
{
	if (!ig)
		return;
	sqlite3_exec(ig->st->db, "ROLLBACK", NULL, NULL, NULL);
	sqlite3_exec(ig->st->db, unstage_sql, NULL, NULL, NULL);
	store_names_reset(ig->st);
	ingest_free(ig);
}

static int
insert_source(struct store_ingest *ig, const char *path, struct err *err)
{
	sqlite3_stmt *s;
	char now[32], pending[64];
	time_t t = time(NULL);
	struct tm tm;
	int rc;

	gmtime_r(&t, &tm);
	strftime(now, sizeof(now), "%Y-%m-%dT%H:%M:%SZ", &tm);
	snprintf(pending, sizeof(pending), "pending:%p:%ld", (void *)ig, (long)t);
	if (store_prepare(ig->st,
			  "INSERT INTO source(path, sha256, format, node_id, clock, clock_offset_ns,"
			   " bytes, ingested_at) VALUES (?, ?, 'unknown', NULL, 'epoch', ?, 0, ?)",
			  &s, err))
		return err->status;
	sqlite3_bind_text(s, 1, path, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, pending, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 3, ig->opts.clock_offset_ns);
	sqlite3_bind_text(s, 4, now, -1, SQLITE_STATIC);
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		return store_sqlerr(ig->st, err, "cannot insert source");
	ig->source_id = sqlite3_last_insert_rowid(ig->st->db);
	return 0;
}

int
store_ingest_begin(struct store *st, const char *path, const struct ingest_opts *o,
		   struct store_ingest **out, struct sink *sink, struct err *err)
{
	struct store_ingest *ig = xcalloc(1, sizeof(*ig));
	size_t i;

	*out = NULL;
	ig->st = st;
	ig->opts = *o;
	ig->rank = o->rank;
	ig->world_size = -1;
	ig->base_ns = o->clock_offset_ns;
	ig->path = xstrdup(path);
	if (store_exec(st, stage_sql, err) || store_exec(st, "BEGIN IMMEDIATE", err)) {
		ingest_free(ig);
		return err->status;
	}
	for (i = 0; i < S_COUNT; i++)
		if (store_prepare(st, stmt_sql[i], &ig->stmt[i], err))
			goto fail;
	if (insert_source(ig, path, err))
		goto fail;
	memset(sink, 0, sizeof(*sink));
	sink->ctx = ig;
	sink->source = sink_source;
	sink->gpu = sink_gpu;
	sink->kernel = sink_kernel;
	sink->launch = sink_launch;
	sink->step = sink_step;
	sink->annotation = sink_annotation;
	sink->collective = sink_collective;
	sink->telemetry = sink_telemetry;
	sink->aggregate = sink_aggregate;
	sink->meta = sink_meta;
	sink->time_base = sink_time_base;
	sink->node = sink_node;
	*out = ig;
	return 0;
fail:
	store_ingest_abort(ig);
	return err->status;
}

/* ---- finish: link, sample, record, commit ---- */

static int
exec_bound(struct store_ingest *ig, const char *sql, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	if (store_prepare(ig->st, sql, &s, err))
		return err->status;
	if (sqlite3_bind_parameter_count(s) >= 1)
		sqlite3_bind_int64(s, 1, ig->source_id);
	if (sqlite3_bind_parameter_count(s) >= 2)
		sqlite3_bind_int64(s, 2, ig->kernel_base);
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return store_sqlerr(ig->st, err, "cannot link records");
	return 0;
}

/* This source's samples, sorted by (gpu_id, start_ns), for litsi_sample(). */
struct sample_span {
	int64_t gpu_id, start_ns, end_ns, id, step;
};

/*
 * litsi_sample(gpu_id, t) - the sample of this source on that GPU whose
 * [start, end) holds time t; the GPU's whole-trace sample (step -1) if it
 * has one; else NULL (a kernel launched outside every ProfilerStep).
 */
static void
sql_sample(sqlite3_context *cx, int argc, sqlite3_value **argv)
{
	struct store_ingest *ig = sqlite3_user_data(cx);
	int64_t g = sqlite3_value_int64(argv[0]), t = sqlite3_value_int64(argv[1]);
	size_t lo = 0, hi = ig->nr_samples;

	(void)argc;
	/* First span with (gpu_id, start_ns) > (g, t); the candidate is the one before. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct sample_span *m = &ig->samples[mid];

		if (m->gpu_id < g || (m->gpu_id == g && m->start_ns <= t))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo > 0) {
		const struct sample_span *c = &ig->samples[lo - 1];

		if (c->gpu_id == g && (c->step == -1 || t < c->end_ns)) {
			sqlite3_result_int64(cx, c->id);
			return;
		}
	}
	/* A whole-trace sample takes kernels launched before its first kernel too. */
	if (lo < ig->nr_samples && ig->samples[lo].gpu_id == g && ig->samples[lo].step == -1) {
		sqlite3_result_int64(cx, ig->samples[lo].id);
		return;
	}
	sqlite3_result_null(cx);
}

static int
load_samples(struct store_ingest *ig, struct err *err)
{
	sqlite3_stmt *s;
	size_t alloc = 0;
	int rc;

	ig->nr_samples = 0;
	if (store_prepare(ig->st,
			  "SELECT gpu_id, start_ns, end_ns, id, step FROM sample WHERE source_id = ?"
			  " ORDER BY gpu_id, start_ns, id",
			  &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, ig->source_id);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		struct sample_span *p;

		VEC_GROW(ig->samples, ig->nr_samples + 1, alloc);
		p = &ig->samples[ig->nr_samples++];
		p->gpu_id = sqlite3_column_int64(s, 0);
		p->start_ns = sqlite3_column_int64(s, 1);
		p->end_ns = sqlite3_column_int64(s, 2);
		p->id = sqlite3_column_int64(s, 3);
		p->step = sqlite3_column_int64(s, 4);
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		return store_sqlerr(ig->st, err, "cannot read samples");
	if (sqlite3_create_function(ig->st->db, "litsi_sample", 2, SQLITE_UTF8, ig, sql_sample,
				    NULL, NULL) != SQLITE_OK)
		return store_sqlerr(ig->st, err, "cannot register litsi_sample()");
	return 0;
}

static const char *const link_sql[] = {
	/* Which rank context each GPU's kernels came from. */
	"INSERT OR IGNORE INTO temp.rank_gpu SELECT DISTINCT rank_ctx, gpu_id FROM temp.stage_kernel",
	/* One sample per ProfilerStep and GPU of the same rank context. */
	"INSERT INTO sample(gpu_id, source_id, step, start_ns, end_ns)"
	" SELECT r.gpu_id, ?1, s.step, min(s.start_ns), max(s.end_ns)"
	" FROM temp.stage_step s JOIN temp.rank_gpu r ON r.rank_ctx = s.rank_ctx"
	" GROUP BY r.gpu_id, s.step",
	/* GPUs without step markers: one sample spanning all their kernels. */
	"INSERT INTO sample(gpu_id, source_id, step, start_ns, end_ns)"
	" SELECT k.gpu_id, ?1, -1, min(k.start_ns), max(k.end_ns) FROM temp.stage_kernel k"
	" WHERE NOT EXISTS (SELECT 1 FROM sample s WHERE s.gpu_id = k.gpu_id AND s.source_id = ?1)"
	" GROUP BY k.gpu_id",
	/*
	 * Kernels, linked to their launch (same rank context and correlation id)
	 * and to the sample whose range holds the launch (litsi_sample(), a
	 * binary search over this source's samples held in memory).
	 */
	"INSERT INTO kernel(id, source_id, gpu_id, sample_id, stream, name_id, start_ns, end_ns,"
	" class, correlation, launch_ns, bytes)"
	" SELECT ?2 + x.rowid, ?1, x.gpu_id,"
	"  litsi_sample(x.gpu_id, x.t),"
	"  x.stream, x.name_id, x.start_ns, x.end_ns, x.class, x.corr, x.launch, x.bytes"
	" FROM (SELECT k.rowid AS rowid, k.gpu_id, k.stream, k.name_id, k.start_ns, k.end_ns,"
	"   k.class, k.corr, coalesce(l.ts_ns, k.launch_ns) AS launch, k.bytes,"
	"   coalesce(l.ts_ns, k.launch_ns, k.start_ns) AS t"
	"  FROM temp.stage_kernel k LEFT JOIN temp.stage_launch l"
	"  ON l.rank_ctx = k.rank_ctx AND l.corr = k.corr) x",
	"INSERT INTO annotation(source_id, gpu_id, kind, name_id, start_ns, end_ns, tid, external_id)"
	" SELECT ?1, coalesce(a.gpu_id, (SELECT min(r.gpu_id) FROM temp.rank_gpu r"
	"  WHERE r.rank_ctx = a.rank_ctx)), a.kind, a.name_id, a.start_ns, a.end_ns, a.tid, a.ext"
	" FROM temp.stage_ann a",
};

static int
link_collectives(struct store_ingest *ig, struct err *err)
{
	static const char sql[] =
		"INSERT INTO collective(source_id, gpu_id, kernel_id, start_ns, end_ns, tid,"
		" external_id, coll_name, dtype, in_nelems, out_nelems, group_size, seq, in_split,"
		" out_split, pg_name, pg_desc, pg_ranks)"
		" SELECT ?1, (SELECT min(r.gpu_id) FROM temp.rank_gpu r WHERE r.rank_ctx = c.rank_ctx),"
		"  coalesce((SELECT k.rowid FROM temp.stage_kernel k WHERE k.rank_ctx = c.rank_ctx"
		"    AND k.corr = c.corr AND k.class = 1 LIMIT 1),"
		"   (SELECT k.rowid FROM temp.stage_launch l JOIN temp.stage_kernel k"
		"    ON k.rank_ctx = l.rank_ctx AND k.corr = l.corr AND k.class = 1"
		"    WHERE l.rank_ctx = c.rank_ctx AND l.tid = c.tid AND l.ts_ns >= c.start_ns"
		"    AND l.ts_ns <= c.end_ns ORDER BY l.ts_ns LIMIT 1))"
		"  + ?2,"
		"  c.start_ns, c.end_ns, c.tid, c.ext, c.coll_name, c.dtype, c.in_nelems, c.out_nelems,"
		"  c.group_size, c.seq, c.in_split, c.out_split, c.pg_name, c.pg_desc, c.pg_ranks"
		" FROM temp.stage_coll c ORDER BY c.rank_ctx, c.start_ns";

	if (exec_bound(ig, "CREATE INDEX IF NOT EXISTS temp.stage_kernel_corr"
			   " ON stage_kernel(rank_ctx, corr)", err) ||
	    exec_bound(ig, "CREATE INDEX IF NOT EXISTS temp.stage_launch_tid"
			   " ON stage_launch(rank_ctx, tid, ts_ns)", err))
		return err->status;
	return exec_bound(ig, sql, err);
}

static int
count_of(struct store_ingest *ig, const char *sql, int64_t *out, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	if (store_prepare(ig->st, sql, &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, ig->source_id);
	rc = sqlite3_step(s);
	*out = rc == SQLITE_ROW ? sqlite3_column_int64(s, 0) : 0;
	sqlite3_finalize(s);
	return rc == SQLITE_ROW ? 0 : store_sqlerr(ig->st, err, "cannot count");
}

/* Returns 1 when a source with this hash exists (other than ours), 0 if not. */
static int
find_same(struct store_ingest *ig, const char *sha_hex, int64_t *other, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	if (store_prepare(ig->st, "SELECT id FROM source WHERE sha256 = ? AND id != ?", &s, err))
		return err->status;
	sqlite3_bind_text(s, 1, sha_hex, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 2, ig->source_id);
	rc = sqlite3_step(s);
	*other = rc == SQLITE_ROW ? sqlite3_column_int64(s, 0) : -1;
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_sqlerr(ig->st, err, "cannot look up source");
	return rc == SQLITE_ROW;
}

static int
delete_source(struct store_ingest *ig, int64_t id, struct err *err)
{
	static const char *const sql[] = {
		"DELETE FROM collective WHERE source_id = ?1",
		"DELETE FROM annotation WHERE source_id = ?1",
		"DELETE FROM kernel WHERE source_id = ?1",
		"DELETE FROM sample WHERE source_id = ?1",
		"DELETE FROM telemetry WHERE source_id = ?1",
		"DELETE FROM aggregate WHERE source_id = ?1",
		"DELETE FROM source_meta WHERE source_id = ?1",
		"DELETE FROM source WHERE id = ?1",
	};
	int64_t mine = ig->source_id;
	size_t i;

	ig->source_id = id;
	for (i = 0; i < ARRAY_SIZE(sql); i++) {
		if (exec_bound(ig, sql[i], err)) {
			ig->source_id = mine;
			return err->status;
		}
	}
	ig->source_id = mine;
	return 0;
}

static int
update_source(struct store_ingest *ig, const char *sha_hex, uint64_t bytes,
	      struct ingest_summary *sum, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	if (store_prepare(ig->st,
			  "UPDATE source SET sha256 = ?, format = ?, clock = ?, hostname = ?,"
			  " rank = ?, world_size = ?, bytes = ?, n_gpus = ?, n_samples = ?,"
			  " n_kernels = ?, n_comm = ?, n_telemetry = ? WHERE id = ?",
			  &s, err))
		return err->status;
	sqlite3_bind_text(s, 1, sha_hex, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, ig->format ? ig->format : "unknown", -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 3, ig->clock == CLK_BOOTTIME ? "boottime" : "epoch", -1,
			  SQLITE_STATIC);
	bind_opt_text(s, 4, ig->hostname);
	bind_opt_i64(s, 5, ig->rank, -1);
	bind_opt_i64(s, 6, ig->world_size, -1);
	sqlite3_bind_int64(s, 7, (int64_t)bytes);
	sqlite3_bind_int64(s, 8, sum->gpus);
	sqlite3_bind_int64(s, 9, sum->samples);
	sqlite3_bind_int64(s, 10, sum->kernels);
	sqlite3_bind_int64(s, 11, sum->comm);
	sqlite3_bind_int64(s, 12, sum->telemetry);
	sqlite3_bind_int64(s, 13, ig->source_id);
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(ig->st, err, "cannot update source");
}

static int
summarize(struct store_ingest *ig, struct ingest_summary *sum, struct err *err)
{
	snprintf(sum->format, sizeof(sum->format), "%s", ig->format ? ig->format : "unknown");
	if (ig->nr_nodes > 1)
		snprintf(sum->node, sizeof(sum->node), "%s and %zu more", ig->nodes_first,
			 ig->nr_nodes - 1);
	else
		snprintf(sum->node, sizeof(sum->node), "%s",
			 ig->nodes_first && !ig->opts.node ? ig->nodes_first : node_name(ig));
	sum->rank = ig->rank;
	sum->kernels = ig->n_kernels;
	sum->comm = ig->n_comm;
	sum->telemetry = ig->n_telemetry;
	sum->aggregates = ig->n_aggregates;
	if (count_of(ig, "SELECT count(*) FROM sample WHERE source_id = ?1", &sum->samples, err))
		return err->status;
	/* Every GPU the file named: by kernels, telemetry or a device list alone. */
	sum->gpus = (int64_t)ig->devs_nr;
	return 0;
}

int
store_ingest_finish(struct store_ingest *ig, const char *sha_hex, uint64_t bytes,
		    struct ingest_summary *sum, struct err *err)
{
	int64_t other;
	size_t i;
	int same;

	memset(sum, 0, sizeof(*sum));
	same = find_same(ig, sha_hex, &other, err);
	if (same < 0)
		goto fail;
	if (same && !ig->opts.force) {
		summarize(ig, sum, err);
		sum->duplicate = true;
		store_ingest_abort(ig);
		return 0;
	}
	if (same && delete_source(ig, other, err))
		goto fail;
	sum->replaced = same;
	if (ensure_node(ig, err) ||
	    count_of(ig, "SELECT coalesce(max(id), 0) + 0 * ?1 FROM kernel", &ig->kernel_base, err))
		goto fail;
	for (i = 0; i < ARRAY_SIZE(link_sql); i++) {
		/* The samples exist once the first three statements ran. */
		if (i == 3 && load_samples(ig, err))
			goto fail;
		if (exec_bound(ig, link_sql[i], err))
			goto fail;
	}
	if (link_collectives(ig, err) || summarize(ig, sum, err) ||
	    update_source(ig, sha_hex, bytes, sum, err) ||
	    store_check_runs(ig->st, ig->source_id, ig->path, err) ||
	    store_telemetry_outside(ig->st, ig->source_id, ig->node_id, node_name(ig),
				    sum->warning, sizeof(sum->warning), err))
		goto fail;
	if (store_exec(ig->st, "COMMIT", err))
		goto fail;
	sqlite3_exec(ig->st->db, unstage_sql, NULL, NULL, NULL);
	ingest_free(ig);
	return 0;
fail:
	store_ingest_abort(ig);
	return err->status;
}

int
store_has_source(struct store *st, const char *sha_hex, bool *has, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	if (store_prepare(st, "SELECT 1 FROM source WHERE sha256 = ?", &s, err))
		return err->status;
	sqlite3_bind_text(s, 1, sha_hex, -1, SQLITE_STATIC);
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_sqlerr(st, err, "cannot look up source");
	*has = rc == SQLITE_ROW;
	return 0;
}
