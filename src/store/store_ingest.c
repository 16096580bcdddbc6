/* SPDX-License-Identifier: MIT */
/*
 * store_ingest.c: the ingest sink, one transaction per source. Kernels,
 * launches, steps and annotations wait in memory (ingest_link.c) until the
 * end of the file, where each kernel is linked to its launch and sample and
 * written once into its table. Past a memory budget they are staged in TEMP
 * tables instead and store_ingest_finish() links them with a few set-based
 * statements; both give the same rows.
 */
#include "store_int.h"
#include "ingest_link.h"

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
	S_LIMIT, S_COUNT
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
	[S_LIMIT] = "INSERT OR REPLACE INTO gpu_limit(gpu_id, source_id, kind, watts)"
		    " VALUES (?,?,?,?)",
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
	struct hmap ndevs_ix;		/* node_id -> index in ndevs */
	int64_t n_out_of_range;		/* readings outside their metric's range, dropped */
	struct hmap nodes_seen;		/* node_ids already in node_ids */
	size_t devs_nr;		/* GPUs seen, over every node */
	struct name_slot *metrics;
	size_t metrics_cap, metrics_nr;
	int64_t n_kernels, n_comm, n_telemetry, n_aggregates;
	int64_t kernel_base;		/* kernel.id = kernel_base + stage_kernel.rowid */
	struct sample_span *samples;	/* this source's samples, during finish */
	size_t nr_samples;
	struct link link;		/* records that wait for the end, in memory */
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
	i = (size_t)hmap_intern(&ig->ndevs_ix, &ig->node_id, sizeof(ig->node_id),
				(int64_t)ig->nr_ndevs);
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

/* ---- staging (over the memory budget): one TEMP row per record ---- */

static int
stage_kernel(struct store_ingest *ig, int64_t gpu_id, int64_t rank, const struct lk_kernel *k,
	     struct err *err)
{
	sqlite3_stmt *s = ig->stmt[S_KERNEL];

	sqlite3_bind_int64(s, 1, gpu_id);
	sqlite3_bind_int64(s, 2, rank);
	sqlite3_bind_int64(s, 3, k->stream);
	sqlite3_bind_int64(s, 4, k->name_id);
	sqlite3_bind_int64(s, 5, k->start_ns);
	sqlite3_bind_int64(s, 6, k->end_ns);
	sqlite3_bind_int(s, 7, k->kclass);
	bind_opt_i64(s, 8, k->corr, -1);
	if (k->has_launch)
		sqlite3_bind_int64(s, 9, k->launch_ns);
	else
		sqlite3_bind_null(s, 9);
	bind_opt_i64(s, 10, k->bytes, -1);
	return step_done(ig, s, err, "cannot stage kernel");
}

static int
stage_launch(struct store_ingest *ig, int64_t rank, int64_t corr, int64_t ts, int64_t tid,
	     struct err *err)
{
	sqlite3_stmt *s = ig->stmt[S_LAUNCH];

	sqlite3_bind_int64(s, 1, rank);
	sqlite3_bind_int64(s, 2, corr);
	sqlite3_bind_int64(s, 3, ts);
	sqlite3_bind_int64(s, 4, tid);
	return step_done(ig, s, err, "cannot stage launch");
}

static int
stage_step(struct store_ingest *ig, int64_t rank, const struct lk_step *st, struct err *err)
{
	sqlite3_stmt *s = ig->stmt[S_STEP];

	sqlite3_bind_int64(s, 1, rank);
	sqlite3_bind_int64(s, 2, st->step);
	sqlite3_bind_int64(s, 3, st->start_ns);
	sqlite3_bind_int64(s, 4, st->end_ns);
	return step_done(ig, s, err, "cannot stage step");
}

static int
stage_ann(struct store_ingest *ig, int64_t rank, const char *kind, const struct lk_ann *a,
	  struct err *err)
{
	sqlite3_stmt *s = ig->stmt[S_ANN];

	sqlite3_bind_int64(s, 1, rank);
	sqlite3_bind_text(s, 2, kind, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 3, a->name_id);
	sqlite3_bind_int64(s, 4, a->start_ns);
	sqlite3_bind_int64(s, 5, a->end_ns);
	sqlite3_bind_int64(s, 6, a->tid);
	bind_opt_i64(s, 7, a->ext, -1);
	bind_opt_i64(s, 8, a->gpu_id, -1);
	return step_done(ig, s, err, "cannot stage annotation");
}

/*
 * Past the memory budget (or with more than LK_SMALL_MAX ranks, threads or
 * GPUs), the records held so far go to the TEMP stage tables in the order
 * they came, and so do all that follow: SQLite keeps memory bounded.
 */
static int
spill(struct store_ingest *ig, struct err *err)
{
	struct link *lk = &ig->link;
	size_t i;

	for (i = 0; i < lk->kernels.n; i++) {
		const struct lk_kernel *k = link_at(&lk->kernels, i);

		if (stage_kernel(ig, lk->gpus.v[k->gpu], lk->ranks.v[k->rank], k, err))
			return err->status;
	}
	for (i = 0; i < lk->launches.n; i++) {
		const struct lk_launch *l = link_at(&lk->launches, i);

		if (stage_launch(ig, lk->ranks.v[l->rank], l->corr, l->ts_ns, lk->tids.v[l->tid], err))
			return err->status;
	}
	for (i = 0; i < lk->steps.n; i++) {
		const struct lk_step *st = link_at(&lk->steps, i);

		if (stage_step(ig, lk->ranks.v[st->rank], st, err))
			return err->status;
	}
	for (i = 0; i < lk->anns.n; i++) {
		const struct lk_ann *a = link_at(&lk->anns, i);

		if (stage_ann(ig, lk->ranks.v[a->rank], lk->kinds[a->kind], a, err))
			return err->status;
	}
	link_drop(lk);
	lk->staged = true;
	return 0;
}

/*
 * *@out: room for one record in @sp, its rank index in *@ri; NULL when the
 * record must be staged (@other < 0: another small value did not fit).
 */
static int
hold(struct store_ingest *ig, struct lk_spool *sp, int rank, int other, uint16_t *ri,
     void **out, struct err *err)
{
	struct link *lk = &ig->link;
	int r = lk->staged ? -1 : link_index(lk, &lk->ranks, rank);

	*out = NULL;
	if (!lk->staged && (r < 0 || other < 0) && spill(ig, err))
		return err->status;
	if (lk->staged)
		return 0;
	*ri = (uint16_t)r;
	*out = link_push(lk, sp);
	return 0;
}

static int
held(struct store_ingest *ig, struct err *err)
{
	return link_over(&ig->link) ? spill(ig, err) : 0;
}

static int
sink_limit(struct sink *sk, const struct rec_limit *r, struct err *err)
{
	struct store_ingest *ig = sk->ctx;
	sqlite3_stmt *s = ig->stmt[S_LIMIT];
	int64_t gpu_id;

	if (!(r->watts > 0))
		return 0;
	if (!metric_in_range(METRIC_POWER_CAP, r->watts)) {
		ig->n_out_of_range++;
		return 0;
	}
	if (gpu_of(ig, r->device, &gpu_id, err))
		return err->status;
	sqlite3_bind_int64(s, 1, gpu_id);
	sqlite3_bind_int64(s, 2, ig->source_id);
	sqlite3_bind_text(s, 3, r->kind, -1, SQLITE_STATIC);
	sqlite3_bind_double(s, 4, r->watts);
	return step_done(ig, s, err, "cannot write a power limit");
}

static int
sink_kernel(struct sink *sk, const struct rec_kernel *r, struct err *err)
{
	struct store_ingest *ig = sk->ctx;
	struct link *lk = &ig->link;
	struct lk_kernel k = { .stream = r->stream, .kclass = (uint8_t)r->kclass,
			       .corr = r->correlation, .bytes = r->bytes };
	void *p;
	int64_t gpu_id;
	int g;

	if (r->end_ns < r->start_ns)
		return err_set(err, LITSI_EDATA, "kernel '%.*s' ends before it starts",
			       (int)(r->name_len > 80 ? 80 : r->name_len), r->name);
	if (gpu_of(ig, r->device, &gpu_id, err) ||
	    name_id(ig, r->name, r->name_len, &k.name_id, err))
		return err->status;
	if (shift(ig, r->start_ns, ig->base_ns, &k.start_ns, err) ||
	    shift(ig, r->end_ns, ig->base_ns, &k.end_ns, err) ||
	    (r->launch_ns != TIME_NONE && shift(ig, r->launch_ns, ig->base_ns, &k.launch_ns, err)))
		return err->status;
	k.has_launch = r->launch_ns != TIME_NONE;
	ig->n_kernels++;
	ig->n_comm += r->kclass == KCLASS_COMM;
	g = lk->staged ? -1 : link_index(lk, &lk->gpus, gpu_id);
	if (hold(ig, &lk->kernels, r->rank, g, &k.rank, &p, err))
		return err->status;
	if (!p)
		return stage_kernel(ig, gpu_id, r->rank, &k, err);
	k.gpu = (uint16_t)g;
	*(struct lk_kernel *)p = k;
	return held(ig, err);
}

static int
sink_launch(struct sink *sk, const struct rec_launch *r, struct err *err)
{
	struct store_ingest *ig = sk->ctx;
	struct link *lk = &ig->link;
	struct lk_launch l = { .corr = r->correlation };
	int r_i, t_i;

	if (shift(ig, r->ts_ns, ig->base_ns, &l.ts_ns, err))
		return err->status;
	if (!lk->staged) {
		r_i = link_index(lk, &lk->ranks, r->rank);
		t_i = link_index(lk, &lk->tids, r->tid);
		if (r_i >= 0 && t_i >= 0) {
			l.rank = (uint16_t)r_i;
			l.tid = (uint16_t)t_i;
			link_add_launch(lk, &l);
			return held(ig, err);
		}
		if (spill(ig, err))
			return err->status;
	}
	return stage_launch(ig, r->rank, r->correlation, l.ts_ns, r->tid, err);
}

static int
sink_step(struct sink *sk, const struct rec_step *r, struct err *err)
{
	struct store_ingest *ig = sk->ctx;
	struct lk_step st = { .step = r->step };
	void *p;

	if (shift(ig, r->start_ns, ig->base_ns, &st.start_ns, err) ||
	    shift(ig, r->end_ns, ig->base_ns, &st.end_ns, err))
		return err->status;
	if (hold(ig, &ig->link.steps, r->rank, 0, &st.rank, &p, err))
		return err->status;
	if (!p)
		return stage_step(ig, r->rank, &st, err);
	*(struct lk_step *)p = st;
	return held(ig, err);
}

static int
sink_annotation(struct sink *sk, const struct rec_annotation *r, struct err *err)
{
	struct store_ingest *ig = sk->ctx;
	struct link *lk = &ig->link;
	struct lk_ann a = { .tid = r->tid, .ext = r->external_id, .gpu_id = -1 };
	void *p;
	int kind;

	if (name_id(ig, r->name, strlen(r->name), &a.name_id, err))
		return err->status;
	if (r->device >= 0 && gpu_of(ig, r->device, &a.gpu_id, err))
		return err->status;
	if (shift(ig, r->start_ns, ig->base_ns, &a.start_ns, err) ||
	    shift(ig, r->end_ns, ig->base_ns, &a.end_ns, err))
		return err->status;
	kind = lk->staged ? -1 : link_kind(lk, r->kind);
	if (hold(ig, &lk->anns, r->rank, kind, &a.rank, &p, err))
		return err->status;
	if (!p)
		return stage_ann(ig, r->rank, r->kind, &a, err);
	a.kind = (uint16_t)kind;
	*(struct lk_ann *)p = a;
	return held(ig, err);
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
	if (!metric_in_range(r->metric, r->value)) {
		ig->n_out_of_range++;	/* no reading of a GPU: dropped, counted */
		return 0;
	}
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

	/* Records already held or staged get the base now; later ones get it on arrival. */
	if (link_shift(&ig->link, base_ns))
		return err_set(err, LITSI_EDATA, "time base %lld ns does not fit in 64-bit "
			       "nanoseconds with the times before it", (long long)base_ns);
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
	if (hmap_get(&ig->nodes_seen, &ig->node_id, sizeof(ig->node_id)) >= 0)
		return 0;
	hmap_intern(&ig->nodes_seen, &ig->node_id, sizeof(ig->node_id), 0);
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
	hmap_release(&ig->ndevs_ix);
	hmap_release(&ig->nodes_seen);
	free(ig->samples);
	link_free(&ig->link);
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
	const volatile sig_atomic_t *stop;

	if (!ig)
		return;
	/* the clean-up runs even when a stop flag interrupted the rest */
	stop = ig->st->stop;
	store_set_stop(ig->st, NULL);
	sqlite3_exec(ig->st->db, "ROLLBACK", NULL, NULL, NULL);
	sqlite3_exec(ig->st->db, unstage_sql, NULL, NULL, NULL);
	store_set_stop(ig->st, stop);
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
			   " bytes, ingested_at, run) VALUES (?, ?, 'unknown', NULL, 'epoch', ?, 0, ?,"
			   " ?)",
			  &s, err))
		return err->status;
	sqlite3_bind_text(s, 1, path, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, pending, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 3, ig->opts.clock_offset_ns);
	sqlite3_bind_text(s, 4, now, -1, SQLITE_STATIC);
	bind_opt_text(s, 5, ig->opts.run_auto ? NULL : ig->opts.run);
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
	link_init(&ig->link, o->held_files);
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
	sink->limit = sink_limit;
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
static int64_t
sample_for(const struct store_ingest *ig, int64_t g, int64_t t)
{
	size_t lo = 0, hi = ig->nr_samples;

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

		if (c->gpu_id == g && (c->step == -1 || t < c->end_ns))
			return c->id;
	}
	/* A whole-trace sample takes kernels launched before its first kernel too. */
	if (lo < ig->nr_samples && ig->samples[lo].gpu_id == g && ig->samples[lo].step == -1)
		return ig->samples[lo].id;
	return -1;
}

static void
sql_sample(sqlite3_context *cx, int argc, sqlite3_value **argv)
{
	int64_t id = sample_for(sqlite3_user_data(cx), sqlite3_value_int64(argv[0]),
				sqlite3_value_int64(argv[1]));

	(void)argc;
	if (id < 0)
		sqlite3_result_null(cx);
	else
		sqlite3_result_int64(cx, id);
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

#define COLL_INSERT							\
	"INSERT INTO collective(source_id, gpu_id, kernel_id, start_ns, end_ns, tid,"	\
	" external_id, coll_name, dtype, in_nelems, out_nelems, group_size, seq, in_split,"	\
	" out_split, pg_name, pg_desc, pg_ranks)"					\
	" SELECT ?1, (SELECT min(r.gpu_id) FROM temp.rank_gpu r WHERE r.rank_ctx = c.rank_ctx),"
#define COLL_REST								\
	"  c.start_ns, c.end_ns, c.tid, c.ext, c.coll_name, c.dtype, c.in_nelems, c.out_nelems,"	\
	"  c.group_size, c.seq, c.in_split, c.out_split, c.pg_name, c.pg_desc, c.pg_ranks"	\
	" FROM temp.stage_coll c ORDER BY c.rank_ctx, c.start_ns"

/* litsi_coll_kernel(rank, corr, tid, start, end): see link_coll_kernel(); the stage rowid. */
static void
sql_coll_kernel(sqlite3_context *cx, int argc, sqlite3_value **argv)
{
	struct store_ingest *ig = sqlite3_user_data(cx);
	bool has_corr = sqlite3_value_type(argv[1]) != SQLITE_NULL;
	int64_t k = link_coll_kernel(&ig->link, sqlite3_value_int64(argv[0]), has_corr,
				     sqlite3_value_int64(argv[1]), sqlite3_value_int64(argv[2]),
				     sqlite3_value_int64(argv[3]), sqlite3_value_int64(argv[4]));

	(void)argc;
	if (k < 0)
		sqlite3_result_null(cx);
	else
		sqlite3_result_int64(cx, k + 1);
}

static int
link_collectives(struct store_ingest *ig, struct err *err)
{
	static const char staged[] = COLL_INSERT
		"  coalesce((SELECT k.rowid FROM temp.stage_kernel k WHERE k.rank_ctx = c.rank_ctx"
		"    AND k.corr = c.corr AND k.class = 1 LIMIT 1),"
		"   (SELECT k.rowid FROM temp.stage_launch l JOIN temp.stage_kernel k"
		"    ON k.rank_ctx = l.rank_ctx AND k.corr = l.corr AND k.class = 1"
		"    WHERE l.rank_ctx = c.rank_ctx AND l.tid = c.tid AND l.ts_ns >= c.start_ns"
		"    AND l.ts_ns <= c.end_ns ORDER BY l.ts_ns LIMIT 1))"
		"  + ?2," COLL_REST;
	static const char held[] = COLL_INSERT
		"  litsi_coll_kernel(c.rank_ctx, c.corr, c.tid, c.start_ns, c.end_ns) + ?2,"
		COLL_REST;

	if (!ig->link.staged) {
		if (sqlite3_create_function(ig->st->db, "litsi_coll_kernel", 5, SQLITE_UTF8, ig,
					    sql_coll_kernel, NULL, NULL) != SQLITE_OK)
			return store_sqlerr(ig->st, err, "cannot register litsi_coll_kernel()");
		return exec_bound(ig, held, err);
	}
	if (exec_bound(ig, "CREATE INDEX IF NOT EXISTS temp.stage_kernel_corr"
			   " ON stage_kernel(rank_ctx, corr)", err) ||
	    exec_bound(ig, "CREATE INDEX IF NOT EXISTS temp.stage_launch_tid"
			   " ON stage_launch(rank_ctx, tid, ts_ns)", err))
		return err->status;
	return exec_bound(ig, staged, err);
}

/* ---- finish of held records: linked in memory, each row written once ---- */

/* A sample to be: the ProfilerStep @step of a GPU, over every rank context feeding it. */
struct new_sample {
	int64_t gpu_id, step, start_ns, end_ns;
};

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

static int
cmp_new_sample(const void *a, const void *b)
{
	const struct new_sample *x = a, *y = b;

	if (x->gpu_id != y->gpu_id)
		return x->gpu_id < y->gpu_id ? -1 : 1;
	return (x->step > y->step) - (x->step < y->step);
}

/* The state of one finish: (rank << 16 | gpu) pairs, per-GPU kernel spans. */
struct held_fin {
	uint32_t *pairs;
	size_t nr_pairs;
	int64_t *lo, *hi;	/* by GPU index: first start, last end of its kernels */
	bool *has;		/* by GPU index: has kernels */
	int64_t *rank_gpu;	/* by rank index: the least gpu.id it feeds, -1 none */
};

static void
held_fin_free(struct held_fin *f)
{
	free(f->pairs);
	free(f->lo);
	free(f->hi);
	free(f->has);
	free(f->rank_gpu);
}

/* Which (rank, GPU) pairs the kernels show; each GPU's span; the temp.rank_gpu rows. */
static int
held_pairs(struct store_ingest *ig, struct held_fin *f, struct err *err)
{
	const struct link *lk = &ig->link;
	size_t i, n = 0, alloc = 0, ng = lk->gpus.n;
	uint32_t last = UINT32_MAX;
	sqlite3_stmt *s;

	f->lo = xcalloc(ng + 1, sizeof(*f->lo));
	f->hi = xcalloc(ng + 1, sizeof(*f->hi));
	f->has = xcalloc(ng + 1, sizeof(*f->has));
	f->rank_gpu = xmalloc((lk->ranks.n + 1) * sizeof(*f->rank_gpu));
	for (i = 0; i < lk->ranks.n; i++)
		f->rank_gpu[i] = -1;
	for (i = 0; i < lk->kernels.n; i++) {
		const struct lk_kernel *k = link_at(&lk->kernels, i);
		uint32_t p = (uint32_t)k->rank << 16 | k->gpu;

		if (!f->has[k->gpu] || k->start_ns < f->lo[k->gpu])
			f->lo[k->gpu] = k->start_ns;
		if (!f->has[k->gpu] || k->end_ns > f->hi[k->gpu])
			f->hi[k->gpu] = k->end_ns;
		f->has[k->gpu] = true;
		if (p == last)
			continue;
		VEC_GROW(f->pairs, f->nr_pairs + 1, alloc);
		f->pairs[f->nr_pairs++] = last = p;
	}
	if (f->nr_pairs)
		qsort(f->pairs, f->nr_pairs, sizeof(*f->pairs), cmp_u32);
	for (i = 0; i < f->nr_pairs; i++)
		if (!n || f->pairs[n - 1] != f->pairs[i])
			f->pairs[n++] = f->pairs[i];
	f->nr_pairs = n;
	if (store_prepare(ig->st, "INSERT OR IGNORE INTO temp.rank_gpu VALUES (?, ?)", &s, err))
		return err->status;
	for (i = 0; i < n; i++) {
		uint16_t r = (uint16_t)(f->pairs[i] >> 16), g = (uint16_t)(f->pairs[i] & 0xffff);
		int64_t gid = lk->gpus.v[g];

		if (f->rank_gpu[r] < 0 || gid < f->rank_gpu[r])
			f->rank_gpu[r] = gid;
		sqlite3_bind_int64(s, 1, lk->ranks.v[r]);
		sqlite3_bind_int64(s, 2, gid);
		if (step_done(ig, s, err, "cannot link records")) {
			sqlite3_finalize(s);
			return err->status;
		}
	}
	sqlite3_finalize(s);
	return 0;
}

static int
insert_sample(struct store_ingest *ig, sqlite3_stmt *s, const struct new_sample *n,
	      struct err *err)
{
	sqlite3_bind_int64(s, 1, n->gpu_id);
	sqlite3_bind_int64(s, 2, ig->source_id);
	sqlite3_bind_int64(s, 3, n->step);
	sqlite3_bind_int64(s, 4, n->start_ns);
	sqlite3_bind_int64(s, 5, n->end_ns);
	return step_done(ig, s, err, "cannot link records");
}

static int
cmp_gpu_index(const void *a, const void *b, void *v)
{
	const int64_t *ids = v;
	int64_t x = ids[*(const uint16_t *)a], y = ids[*(const uint16_t *)b];

	return (x > y) - (x < y);
}

/*
 * One sample per ProfilerStep and GPU of the rank contexts that fed it, in
 * (gpu.id, step) order; then one whole-trace sample (step -1) for each GPU
 * with kernels and no step, in gpu.id order: the rows and ids link_sql gives.
 */
static int
held_samples(struct store_ingest *ig, const struct held_fin *f, struct err *err)
{
	const struct link *lk = &ig->link;
	struct new_sample *ns = NULL, w;
	size_t i, j, n = 0, alloc = 0;
	uint16_t *order;
	sqlite3_stmt *s;
	int rc = 0;

	for (i = 0; i < lk->steps.n; i++) {
		const struct lk_step *st = link_at(&lk->steps, i);

		for (j = 0; j < f->nr_pairs; j++) {
			if (f->pairs[j] >> 16 != st->rank)
				continue;
			VEC_GROW(ns, n + 1, alloc);
			ns[n++] = (struct new_sample){ lk->gpus.v[f->pairs[j] & 0xffff], st->step,
						       st->start_ns, st->end_ns };
		}
	}
	if (n)
		qsort(ns, n, sizeof(*ns), cmp_new_sample);
	for (i = 0, j = 0; i < n; i++) {
		if (j && ns[j - 1].gpu_id == ns[i].gpu_id && ns[j - 1].step == ns[i].step) {
			if (ns[i].start_ns < ns[j - 1].start_ns)
				ns[j - 1].start_ns = ns[i].start_ns;
			if (ns[i].end_ns > ns[j - 1].end_ns)
				ns[j - 1].end_ns = ns[i].end_ns;
		} else {
			ns[j++] = ns[i];
		}
	}
	n = j;
	if (store_prepare(ig->st, "INSERT INTO sample(gpu_id, source_id, step, start_ns, end_ns)"
			  " VALUES (?, ?, ?, ?, ?)", &s, err)) {
		free(ns);
		return err->status;
	}
	for (i = 0; i < n && !rc; i++)
		rc = insert_sample(ig, s, &ns[i], err);
	order = xmalloc((lk->gpus.n + 1) * sizeof(*order));
	for (i = 0; i < lk->gpus.n; i++)
		order[i] = (uint16_t)i;
	qsort_r(order, lk->gpus.n, sizeof(*order), cmp_gpu_index, lk->gpus.v);
	for (i = 0; i < lk->gpus.n && !rc; i++) {
		uint16_t g = order[i];
		bool stepped = false;

		for (j = 0; j < n && !stepped; j++)
			stepped = ns[j].gpu_id == lk->gpus.v[g];
		if (!f->has[g] || stepped)
			continue;
		w = (struct new_sample){ lk->gpus.v[g], -1, f->lo[g], f->hi[g] };
		rc = insert_sample(ig, s, &w, err);
	}
	sqlite3_finalize(s);
	free(order);
	free(ns);
	return rc;
}

#define KROWS 32	/* kernel rows per INSERT statement */
#define KCOLS 12

static int
prepare_kernel_insert(struct store_ingest *ig, int rows, sqlite3_stmt **s, struct err *err)
{
	struct sbuf sql = SBUF_INIT;
	int i, rc;

	sbuf_addstr(&sql, "INSERT INTO kernel(id, source_id, gpu_id, sample_id, stream, name_id,"
		  " start_ns, end_ns, class, correlation, launch_ns, bytes) VALUES ");
	for (i = 0; i < rows; i++)
		sbuf_addstr(&sql, i ? ",(?,?,?,?,?,?,?,?,?,?,?,?)" : "(?,?,?,?,?,?,?,?,?,?,?,?)");
	rc = store_prepare(ig->st, sql.buf, s, err);
	sbuf_release(&sql);
	return rc;
}

/* Bind kernel @i (0-based), linked to its launch and sample, at row @row of @s. */
static void
bind_kernel(struct store_ingest *ig, sqlite3_stmt *s, int row, size_t i)
{
	const struct link *lk = &ig->link;
	const struct lk_kernel *k = link_at(&lk->kernels, i);
	const struct lk_launch *l = k->corr == -1 ? NULL : link_find_launch(lk, k->rank, k->corr);
	int64_t gpu_id = lk->gpus.v[k->gpu], t, sid;
	int c = row * KCOLS;

	t = l ? l->ts_ns : k->has_launch ? k->launch_ns : k->start_ns;
	sid = sample_for(ig, gpu_id, t);
	sqlite3_bind_int64(s, c + 1, ig->kernel_base + (int64_t)i + 1);
	sqlite3_bind_int64(s, c + 2, ig->source_id);
	sqlite3_bind_int64(s, c + 3, gpu_id);
	bind_opt_i64(s, c + 4, sid, -1);
	sqlite3_bind_int64(s, c + 5, k->stream);
	sqlite3_bind_int64(s, c + 6, k->name_id);
	sqlite3_bind_int64(s, c + 7, k->start_ns);
	sqlite3_bind_int64(s, c + 8, k->end_ns);
	sqlite3_bind_int(s, c + 9, k->kclass);
	bind_opt_i64(s, c + 10, k->corr, -1);
	if (l || k->has_launch)
		sqlite3_bind_int64(s, c + 11, l ? l->ts_ns : k->launch_ns);
	else
		sqlite3_bind_null(s, c + 11);
	bind_opt_i64(s, c + 12, k->bytes, -1);
}

static int
held_kernels(struct store_ingest *ig, struct err *err)
{
	const struct link *lk = &ig->link;
	sqlite3_stmt *many = NULL, *one = NULL;
	size_t i, n = lk->kernels.n, bulk = n - n % KROWS;
	int rc;

	if ((rc = prepare_kernel_insert(ig, KROWS, &many, err)) ||
	    (rc = prepare_kernel_insert(ig, 1, &one, err)))
		goto out;
	for (i = 0; i < n && !rc; i++) {
		sqlite3_stmt *s = i < bulk ? many : one;
		int row = i < bulk ? (int)(i % KROWS) : 0;

		bind_kernel(ig, s, row, i);
		if (row == (i < bulk ? KROWS : 1) - 1)
			rc = step_done(ig, s, err, "cannot write kernels");
	}
out:
	sqlite3_finalize(many);
	sqlite3_finalize(one);
	return rc;
}

static int
held_annotations(struct store_ingest *ig, const struct held_fin *f, struct err *err)
{
	const struct link *lk = &ig->link;
	sqlite3_stmt *s;
	size_t i;
	int rc = 0;

	if (store_prepare(ig->st, "INSERT INTO annotation(source_id, gpu_id, kind, name_id,"
			  " start_ns, end_ns, tid, external_id) VALUES (?,?,?,?,?,?,?,?)", &s, err))
		return err->status;
	for (i = 0; i < lk->anns.n && !rc; i++) {
		const struct lk_ann *a = link_at(&lk->anns, i);

		sqlite3_bind_int64(s, 1, ig->source_id);
		bind_opt_i64(s, 2, a->gpu_id >= 0 ? a->gpu_id : f->rank_gpu[a->rank], -1);
		sqlite3_bind_text(s, 3, lk->kinds[a->kind], -1, SQLITE_STATIC);
		sqlite3_bind_int64(s, 4, a->name_id);
		sqlite3_bind_int64(s, 5, a->start_ns);
		sqlite3_bind_int64(s, 6, a->end_ns);
		sqlite3_bind_int64(s, 7, a->tid);
		bind_opt_i64(s, 8, a->ext, -1);
		rc = step_done(ig, s, err, "cannot write annotations");
	}
	sqlite3_finalize(s);
	return rc;
}

/* Samples, kernels and annotations from the records held in memory. */
static int
link_held(struct store_ingest *ig, struct err *err)
{
	struct held_fin f = { 0 };
	int rc;

	rc = held_pairs(ig, &f, err);
	if (!rc)
		rc = held_samples(ig, &f, err);
	if (!rc)
		rc = load_samples(ig, err);
	if (!rc)
		rc = held_kernels(ig, err);
	if (!rc)
		rc = held_annotations(ig, &f, err);
	held_fin_free(&f);
	return rc;
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

/*
 * Returns 1 when a source with this hash exists in this file's run (other
 * than ours), 0 if not: the same file may be recorded once per run.
 */
static int
find_same(struct store_ingest *ig, const char *sha_hex, int64_t *other, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	if (store_prepare(ig->st, "SELECT id FROM source WHERE sha256 = ?1 AND id != ?2"
				  " AND run IS (SELECT run FROM source WHERE id = ?2)",
			  &s, err))
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
		"DELETE FROM kernel_window WHERE source_id = ?1",
		"DELETE FROM kernel WHERE source_id = ?1",
		"DELETE FROM sample WHERE source_id = ?1",
		"DELETE FROM telemetry WHERE source_id = ?1",
		"DELETE FROM aggregate WHERE source_id = ?1",
		"DELETE FROM source_meta WHERE source_id = ?1",
		"DELETE FROM gpu_limit WHERE source_id = ?1",
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

/* The file's run into @sum: "" for none. */
static void
summary_run(struct store_ingest *ig, struct ingest_summary *sum)
{
	struct source_where w;

	store_source_where(ig->st, ig->source_id, &w);
	snprintf(sum->run, sizeof(sum->run), "%s", w.run);
}

/* A file whose content its run holds already: nothing is written. */
static int
finish_duplicate(struct store_ingest *ig, int64_t other, struct ingest_summary *sum,
		 struct err *err)
{
	summarize(ig, sum, err);
	summary_run(ig, sum);
	sum->duplicate = true;
	store_source_where(ig->st, other, &sum->dup);
	store_ingest_abort(ig);
	return 0;
}

/*
 * Readings its run held already are not stored again; a file that brought
 * only such readings is a duplicate of the file that held them (1).
 */
static int
finish_readings(struct store_ingest *ig, struct ingest_summary *sum, struct err *err)
{
	struct telem_dedupe d;

	if (!ig->n_telemetry)
		return 0;
	if (store_telemetry_dedupe(ig->st, ig->source_id, ig->path, &d, err))
		return -1;
	if (!d.dropped)
		return 0;
	sum->telemetry -= d.dropped;
	sum->readings_dropped = d.dropped;
	sum->readings_of = d.dup_of;
	if (!sum->telemetry && !sum->samples && !sum->kernels && !sum->aggregates) {
		sum->duplicate = true;
		sum->dup = d.dup_of;
		return 1;
	}
	return exec_bound(ig, "UPDATE source SET n_telemetry = (SELECT count(*) FROM telemetry"
			      " WHERE source_id = ?1) WHERE id = ?1",
			  err) ? -1 : 0;
}

/*
 * ingest --role: recorded as the source's 'role' (source_meta). A role run
 * (calibration) records telemetry only: its traces would be a run the timing
 * model never reads, so a file with samples or kernels is refused.
 */
static int
record_role(struct store_ingest *ig, const struct ingest_summary *sum, struct err *err)
{
	sqlite3_stmt *s = ig->stmt[S_META];

	if (!ig->opts.role)
		return 0;
	if (sum->samples || sum->kernels)
		return err_set(err, LITSI_EUSAGE,
			       "%s: holds %lld kernels: a run ingested with --role %s records "
			       "telemetry only; ingest the probe's telemetry files",
			       ig->path, (long long)sum->kernels, ig->opts.role);
	sqlite3_bind_int64(s, 1, ig->source_id);
	sqlite3_bind_text(s, 2, "role", -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 3, ig->opts.role, -1, SQLITE_STATIC);
	return step_done(ig, s, err, "cannot insert metadata");
}

/*
 * The file's node, its kernels linked to launches, steps and samples (staged
 * or held), its collectives and kernel windows, its summary, its source row
 * and its role. Return: 0, or -1 with @err set.
 */
static int
link_file(struct store_ingest *ig, const char *sha_hex, uint64_t bytes,
	  struct ingest_summary *sum, struct err *err)
{
	size_t i;

	if (ensure_node(ig, err) ||
	    count_of(ig, "SELECT coalesce(max(id), 0) + 0 * ?1 FROM kernel", &ig->kernel_base, err))
		return -1;
	if (!ig->link.staged && link_held(ig, err))
		return -1;
	for (i = 0; ig->link.staged && i < ARRAY_SIZE(link_sql); i++) {
		/* The samples exist once the first three statements ran. */
		if (i == 3 && load_samples(ig, err))
			return -1;
		if (exec_bound(ig, link_sql[i], err))
			return -1;
	}
	/* The file's kernels are the ids above kernel_base: a range of the table. */
	if (link_collectives(ig, err) ||
	    exec_bound(ig, "INSERT INTO kernel_window(gpu_id, source_id, start_ns, end_ns)"
			   " SELECT gpu_id, ?1, min(start_ns), max(end_ns) FROM kernel"
			   " WHERE id > ?2 AND source_id = ?1 GROUP BY gpu_id", err) ||
	    summarize(ig, sum, err) ||
	    update_source(ig, sha_hex, bytes, sum, err) || record_role(ig, sum, err))
		return -1;
	return 0;
}

/* The readings dropped outside their metric's physical range, said in sum->warning. */
static void
warn_out_of_range(const struct store_ingest *ig, struct ingest_summary *sum)
{
	size_t n;

	if (!ig->n_out_of_range)
		return;
	n = strlen(sum->warning);
	snprintf(sum->warning + n, sizeof(sum->warning) - n,
		 "%s%lld telemetry reading%s outside the physical range of %s metric "
		 "dropped (litsi-formats(7))", n ? "; " : "",
		 (long long)ig->n_out_of_range, ig->n_out_of_range == 1 ? "" : "s",
		 ig->n_out_of_range == 1 ? "its" : "their");
}

int
store_ingest_finish(struct store_ingest *ig, const char *sha_hex, uint64_t bytes,
		    struct ingest_summary *sum, struct err *err)
{
	int64_t other;
	int same = 0, rd;

	memset(sum, 0, sizeof(*sum));
	/* --run auto: the run, and so a duplicate, is known once the samples are. */
	if (!ig->opts.run_auto) {
		same = find_same(ig, sha_hex, &other, err);
		if (same < 0)
			goto fail;
		if (same && !ig->opts.force)
			return finish_duplicate(ig, other, sum, err);
		if (same && delete_source(ig, other, err))
			goto fail;
	}
	sum->replaced = same;
	if (link_file(ig, sha_hex, bytes, sum, err))
		goto fail;
	if (ig->opts.run_auto) {
		if (store_resolve_auto_run(ig->st, ig->source_id, ig->node_id, &sum->run_pending,
					   err))
			goto fail;
		same = find_same(ig, sha_hex, &other, err);
		if (same < 0)
			goto fail;
		if (same && !ig->opts.force)
			return finish_duplicate(ig, other, sum, err);
		if (same && delete_source(ig, other, err))
			goto fail;
		sum->replaced = same;
	}
	summary_run(ig, sum);
	if (store_check_runs(ig->st, ig->source_id, ig->path, err))
		goto fail;
	rd = finish_readings(ig, sum, err);
	if (rd < 0)
		goto fail;
	if (rd > 0) {
		store_ingest_abort(ig);
		return 0;
	}
	if (store_telemetry_outside(ig->st, ig->source_id, ig->node_id, node_name(ig),
				    sum->warning, sizeof(sum->warning), err)) {
		err_prefix(err, "%s", ig->path);
		goto fail;
	}
	warn_out_of_range(ig, sum);
	if (store_stopped(ig->st, err) || store_exec(ig->st, "COMMIT", err))
		goto fail;
	sum->source_id = ig->source_id;
	sqlite3_exec(ig->st->db, unstage_sql, NULL, NULL, NULL);
	ingest_free(ig);
	return 0;
fail:
	store_stopped(ig->st, err);	/* whatever failed, a stop caused it */
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
