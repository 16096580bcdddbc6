/* SPDX-License-Identifier: MIT */
/* store_info.c: the summaries behind litsi info. */
#include "store_int.h"

#include <stdlib.h>

/*
 * Nodes in name order, numbered once from the UNIQUE index on node.name:
 * results are sorted by that number, never by the name itself, so that no
 * sorter copies a (possibly very long) node name per row.
 */
#define NODE_ORDER "(SELECT id, row_number() OVER (ORDER BY name) AS k FROM node)"

/* The name of node @id, read once per run of rows of one node. */
struct node_cache {
	int64_t id;
	char *name;
};

static char *
node_name_dup(struct store *st, struct node_cache *c, int64_t id)
{
	sqlite3_stmt *s;

	if (c->name && c->id == id)
		return xstrdup(c->name);
	free(c->name);
	c->name = NULL;
	c->id = id;
	if (sqlite3_prepare_v2(st->db, "SELECT name FROM node WHERE id = ?", -1, &s, NULL) ==
	    SQLITE_OK) {
		sqlite3_bind_int64(s, 1, id);
		if (sqlite3_step(s) == SQLITE_ROW)
			c->name = store_text_dup(s, 0);
		sqlite3_finalize(s);
	}
	return xstrdup(c->name ? c->name : "");
}

static int64_t
col_time(sqlite3_stmt *s, int i)
{
	return sqlite3_column_type(s, i) == SQLITE_NULL ? TIME_NONE : sqlite3_column_int64(s, i);
}

static int
col_int_or(sqlite3_stmt *s, int i, int none)
{
	return sqlite3_column_type(s, i) == SQLITE_NULL ? none : sqlite3_column_int(s, i);
}

int
store_info_sources(struct store *st, struct info_source **v, size_t *n, struct err *err)
{
	sqlite3_stmt *s;
	size_t alloc = 0;
	int rc;

	*v = NULL;
	*n = 0;
	if (store_prepare(st,
			  "SELECT s.id, s.path, s.format, coalesce(n.name, '-'), s.clock, s.sha256,"
			  " s.rank, s.world_size, s.bytes, s.n_gpus, s.n_samples, s.n_kernels,"
			  " s.n_comm, s.n_telemetry FROM source s LEFT JOIN node n ON n.id = s.node_id"
			  " WHERE 1" STORE_IN_SCOPE("s.id", "1") " ORDER BY s.id",
			  &s, err))
		return err->status;
	store_bind_scope(st, s, 1);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		struct info_source *r;

		VEC_GROW(*v, *n + 1, alloc);
		r = &(*v)[(*n)++];
		r->id = sqlite3_column_int64(s, 0);
		r->path = store_text_dup(s, 1);
		r->format = store_text_dup(s, 2);
		r->node = store_text_dup(s, 3);
		r->clock = store_text_dup(s, 4);
		r->sha256 = store_text_dup(s, 5);
		r->rank = col_int_or(s, 6, -1);
		r->world_size = col_int_or(s, 7, -1);
		r->bytes = sqlite3_column_int64(s, 8);
		r->gpus = sqlite3_column_int64(s, 9);
		r->samples = sqlite3_column_int64(s, 10);
		r->kernels = sqlite3_column_int64(s, 11);
		r->comm = sqlite3_column_int64(s, 12);
		r->telemetry = sqlite3_column_int64(s, 13);
	}
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(st, err, "cannot list sources");
}

/* The GPU summary counts what the run scope (store_scope_run()) holds. */
#define SCOPE_S STORE_IN_SCOPE("s.source_id", "1")
#define SCOPE_K STORE_IN_SCOPE("k.source_id", "1")
#define SCOPE_T STORE_IN_SCOPE("t.source_id", "1")

int
store_info_gpus(struct store *st, struct info_gpu **v, size_t *n, struct err *err)
{
	sqlite3_stmt *s;
	size_t alloc = 0;
	struct node_cache nc = { 0, NULL };
	int rc;

	*v = NULL;
	*n = 0;
	if (store_prepare(st,
			  "SELECT n.id, g.device, g.rank, g.vendor, g.product,"
			  " (SELECT count(*) FROM sample s WHERE s.gpu_id = g.id" SCOPE_S "),"
			  " (SELECT count(*) FROM kernel k WHERE k.gpu_id = g.id" SCOPE_K "),"
			  " (SELECT count(*) FROM kernel k WHERE k.gpu_id = g.id AND k.class = 1"
			  SCOPE_K "),"
			  " (SELECT min(start_ns) FROM kernel k WHERE k.gpu_id = g.id" SCOPE_K "),"
			  " (SELECT max(end_ns) FROM kernel k WHERE k.gpu_id = g.id" SCOPE_K "),"
			  " (SELECT count(DISTINCT metric_id) FROM telemetry t WHERE t.gpu_id = g.id"
			  SCOPE_T "),"
			  " (SELECT count(*) FROM telemetry t WHERE t.gpu_id = g.id" SCOPE_T "),"
			  " (SELECT min(t_ns) FROM telemetry t WHERE t.gpu_id = g.id" SCOPE_T "),"
			  " (SELECT max(t_ns) FROM telemetry t WHERE t.gpu_id = g.id" SCOPE_T "), g.id"
			  " FROM gpu g JOIN node n ON n.id = g.node_id"
			  " JOIN " NODE_ORDER " o ON o.id = n.id ORDER BY o.k, g.device",
			  &s, err))
		return err->status;
	store_bind_scope(st, s, 1);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		struct info_gpu *r;

		VEC_GROW(*v, *n + 1, alloc);
		r = &(*v)[(*n)++];
		r->node = node_name_dup(st, &nc, sqlite3_column_int64(s, 0));
		r->device = sqlite3_column_int(s, 1);
		r->rank = col_int_or(s, 2, -1);
		r->vendor = store_text_dup(s, 3);
		r->product = store_text_dup(s, 4);
		r->samples = sqlite3_column_int64(s, 5);
		r->kernels = sqlite3_column_int64(s, 6);
		r->comm = sqlite3_column_int64(s, 7);
		r->first_ns = col_time(s, 8);
		r->last_ns = col_time(s, 9);
		r->metrics = sqlite3_column_int64(s, 10);
		r->readings = sqlite3_column_int64(s, 11);
		r->tel_first_ns = col_time(s, 12);
		r->tel_last_ns = col_time(s, 13);
		r->id = sqlite3_column_int64(s, 14);
	}
	sqlite3_finalize(s);
	free(nc.name);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(st, err, "cannot list GPUs");
}

int
store_info_metrics(struct store *st, struct info_metric **v, size_t *n, struct err *err)
{
	sqlite3_stmt *s;
	size_t alloc = 0;
	struct node_cache nc = { 0, NULL };
	int rc;

	*v = NULL;
	*n = 0;
	if (store_prepare(st,
			  /*
			   * Readings are summed per (GPU, metric) from the index alone
			   * first; names are joined to those few rows, so that no
			   * sorter carries a node name per reading (a long name would
			   * make its temporary files grow with readings x length).
			   */
			  "SELECT n.id, g.device, m.name, m.unit, a.cnt, a.t0, a.t1, a.lo, a.hi, a.mean"
			  " FROM (SELECT gpu_id, metric_id, count(*) AS cnt, min(t_ns) AS t0,"
			  " max(t_ns) AS t1, min(value) AS lo, max(value) AS hi, avg(value) AS mean"
			  " FROM telemetry GROUP BY gpu_id, metric_id) a"
			  " JOIN gpu g ON g.id = a.gpu_id JOIN node n ON n.id = g.node_id"
			  " JOIN " NODE_ORDER " o ON o.id = n.id JOIN metric m ON m.id = a.metric_id"
			  " ORDER BY o.k, g.device, m.name",
			  &s, err))
		return err->status;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		struct info_metric *r;

		VEC_GROW(*v, *n + 1, alloc);
		r = &(*v)[(*n)++];
		r->node = node_name_dup(st, &nc, sqlite3_column_int64(s, 0));
		r->device = sqlite3_column_int(s, 1);
		r->metric = store_text_dup(s, 2);
		r->unit = store_text_dup(s, 3);
		r->readings = sqlite3_column_int64(s, 4);
		r->first_ns = sqlite3_column_int64(s, 5);
		r->last_ns = sqlite3_column_int64(s, 6);
		r->min = sqlite3_column_double(s, 7);
		r->max = sqlite3_column_double(s, 8);
		r->mean = sqlite3_column_double(s, 9);
	}
	sqlite3_finalize(s);
	free(nc.name);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(st, err, "cannot list metrics");
}

void
store_info_free(struct info_source *s, size_t ns, struct info_gpu *g, size_t ng,
		struct info_metric *m, size_t nm)
{
	size_t i;

	for (i = 0; i < ns; i++) {
		free(s[i].path);
		free(s[i].format);
		free(s[i].node);
		free(s[i].clock);
		free(s[i].sha256);
	}
	for (i = 0; i < ng; i++) {
		free(g[i].node);
		free(g[i].vendor);
		free(g[i].product);
	}
	for (i = 0; i < nm; i++) {
		free(m[i].node);
		free(m[i].metric);
		free(m[i].unit);
	}
	free(s);
	free(g);
	free(m);
}

int
store_gpu_time_base(struct store *st, int64_t gpu_id, int64_t *base_ns, struct err *err)
{
	sqlite3_stmt *s;
	int rc, rows = 0;

	*base_ns = 0;
	if (store_prepare(st,
			  "SELECT DISTINCT coalesce((SELECT CAST(m.value AS INTEGER) FROM source_meta m"
			  " WHERE m.source_id = k.source_id AND m.key = 'baseTimeNanoseconds'), 0)"
			  " FROM (SELECT DISTINCT source_id FROM kernel WHERE gpu_id = ?) k",
			  &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, gpu_id);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		*base_ns = sqlite3_column_int64(s, 0);
		rows++;
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		return store_sqlerr(st, err, "cannot read the time base");
	if (rows != 1)
		*base_ns = 0;
	return 0;
}
