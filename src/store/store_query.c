/* SPDX-License-Identifier: MIT */
/* store_query.c: read-side queries that load plain arrays for the analyses. */
#include "store_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int
store_list_nodes(struct store *st, struct node_row **v, size_t *n, struct err *err)
{
	sqlite3_stmt *s;
	size_t alloc = 0;
	int rc;

	*v = NULL;
	*n = 0;
	if (store_prepare(st,
			  "SELECT id, name FROM node WHERE id IN (SELECT node_id FROM gpu)"
			  " ORDER BY name",
			  &s, err))
		return err->status;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		VEC_GROW(*v, *n + 1, alloc);
		(*v)[*n].id = sqlite3_column_int64(s, 0);
		(*v)[(*n)++].name = store_text_dup(s, 1);
	}
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(st, err, "cannot list nodes");
}

void
store_free_nodes(struct node_row *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i].name);
	free(v);
}

int
store_find_node(struct store *st, const char *name, int64_t *id, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	if (store_prepare(st, "SELECT id FROM node WHERE name = ?", &s, err))
		return err->status;
	sqlite3_bind_text(s, 1, name, -1, SQLITE_STATIC);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW)
		*id = sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	if (rc == SQLITE_ROW)
		return 0;
	if (rc == SQLITE_DONE)
		return err_set(err, LITSI_EUSAGE, "no node named '%s' in the database", name);
	return store_sqlerr(st, err, "cannot find node");
}

int
store_list_gpus(struct store *st, int64_t node_id, struct gpu_row **v, size_t *n,
		struct err *err)
{
	sqlite3_stmt *s;
	size_t alloc = 0;
	int rc;

	*v = NULL;
	*n = 0;
	if (store_prepare_cached(st,
			  "SELECT id, node_id, device, coalesce(rank, -1), vendor, product FROM gpu"
			  " WHERE node_id = ?1 AND (?2 IS NULL"
			  "  OR EXISTS (SELECT 1 FROM sample s WHERE s.gpu_id = gpu.id"
			  STORE_IN_SCOPE("s.source_id", "2") ")"
			  "  OR EXISTS (SELECT 1 FROM telemetry t WHERE t.gpu_id = gpu.id"
			  STORE_IN_SCOPE("t.source_id", "2") "))"
			  " ORDER BY device",
			  &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, node_id);
	store_bind_scope(st, s, 2);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		struct gpu_row *g;

		VEC_GROW(*v, *n + 1, alloc);
		g = &(*v)[(*n)++];
		g->id = sqlite3_column_int64(s, 0);
		g->node_id = sqlite3_column_int64(s, 1);
		g->device = sqlite3_column_int(s, 2);
		g->rank = sqlite3_column_int(s, 3);
		g->vendor = store_text_dup(s, 4);
		g->product = store_text_dup(s, 5);
	}
	sqlite3_reset(s);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(st, err, "cannot list GPUs");
}

void
store_free_gpus(struct gpu_row *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].vendor);
		free(v[i].product);
	}
	free(v);
}

int
store_list_steps(struct store *st, int64_t node_id, int64_t **steps, size_t *n,
		 struct err *err)
{
	sqlite3_stmt *s;
	size_t alloc = 0;
	int rc;

	*steps = NULL;
	*n = 0;
	if (store_prepare_cached(st,
			  "SELECT DISTINCT s.step FROM sample s JOIN gpu g ON g.id = s.gpu_id"
			  " WHERE g.node_id = ?1" STORE_IN_SCOPE("s.source_id", "2")
			  " ORDER BY s.step",
			  &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, node_id);
	store_bind_scope(st, s, 2);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		VEC_GROW(*steps, *n + 1, alloc);
		(*steps)[(*n)++] = sqlite3_column_int64(s, 0);
	}
	sqlite3_reset(s);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(st, err, "cannot list samples");
}

int
store_load_kernels(struct store *st, int64_t gpu_id, int64_t step, bool all, struct kspan **v,
		   size_t *n, struct err *err)
{
	static const char sql_step[] =
		"SELECT k.start_ns, k.end_ns, k.launch_ns, k.id, k.name_id, k.class,"
		" src.clock = 'boottime' FROM kernel k JOIN sample s ON s.id = k.sample_id"
		" JOIN source src ON src.id = k.source_id"
		" WHERE k.gpu_id = ?1 AND s.step = ?2" STORE_IN_SCOPE("k.source_id", "3")
		" ORDER BY k.start_ns, k.end_ns, k.id";
	static const char sql_all[] =
		"SELECT k.start_ns, k.end_ns, k.launch_ns, k.id, k.name_id, k.class,"
		" src.clock = 'boottime' FROM kernel k JOIN source src ON src.id = k.source_id"
		" WHERE k.gpu_id = ?1" STORE_IN_SCOPE("k.source_id", "3")
		" ORDER BY k.start_ns, k.end_ns, k.id";
	sqlite3_stmt *s;
	size_t alloc = 0;
	int rc;

	*v = NULL;
	*n = 0;
	if (store_prepare(st, all ? sql_all : sql_step, &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, gpu_id);
	if (!all)
		sqlite3_bind_int64(s, 2, step);
	store_bind_scope(st, s, 3);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		struct kspan *k;

		VEC_GROW(*v, *n + 1, alloc);
		k = &(*v)[(*n)++];
		k->start_ns = sqlite3_column_int64(s, 0);
		k->end_ns = sqlite3_column_int64(s, 1);
		k->launch_ns = sqlite3_column_type(s, 2) == SQLITE_NULL
				       ? TIME_NONE
				       : sqlite3_column_int64(s, 2);
		k->id = sqlite3_column_int64(s, 3);
		k->name_id = (uint32_t)sqlite3_column_int64(s, 4);
		k->kclass = (uint8_t)sqlite3_column_int(s, 5);
		k->clock = (uint8_t)sqlite3_column_int(s, 6);
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE) {
		free(*v);
		*v = NULL;
		*n = 0;
		return store_sqlerr(st, err, "cannot load kernels");
	}
	return 0;
}

static int
load_names(struct store *st)
{
	sqlite3_stmt *s;
	size_t alloc = 0;

	st->names_loaded = true;
	if (sqlite3_prepare_v2(st->db, "SELECT id, text FROM name ORDER BY id", -1, &s, NULL))
		return -1;
	while (sqlite3_step(s) == SQLITE_ROW) {
		int64_t id = sqlite3_column_int64(s, 0);

		if (id < 0 || id > (int64_t)UINT32_MAX)
			continue;
		if ((size_t)id >= st->nr_names) {
			size_t old = st->nr_names;

			VEC_GROW(st->names, (size_t)id + 1, alloc);
			memset(st->names + old, 0, (alloc - old) * sizeof(*st->names));
			st->nr_names = (size_t)id + 1;
		}
		st->names[id] = store_text_dup(s, 1);
	}
	sqlite3_finalize(s);
	return 0;
}

const char *
store_name(struct store *st, uint32_t name_id)
{
	if (!st->names_loaded)
		load_names(st);
	if (name_id < st->nr_names && st->names[name_id])
		return st->names[name_id];
	return "?";
}

struct reading {
	int64_t rowid;
	double value;
};

static int
cmp_reading(const void *pa, const void *pb)
{
	const struct reading *a = pa, *b = pb;

	return a->rowid < b->rowid ? -1 : a->rowid > b->rowid;
}

/*
 * Readings at one time in rowid order: rows arrive by time and, from the
 * covering index, by value within one time. Ties are rare; each run of
 * them is sorted on its own.
 */
static void
order_reading_ties(struct tsample *v, const int64_t *rowid, size_t n)
{
	size_t i, j, k;

	for (i = 0; i < n; i = j) {
		struct reading *r;

		for (j = i + 1; j < n && v[j].t_ns == v[i].t_ns; j++)
			;
		if (j - i < 2)
			continue;
		r = xmalloc((j - i) * sizeof(*r));
		for (k = i; k < j; k++)
			r[k - i] = (struct reading){ rowid[k], v[k].value };
		qsort(r, j - i, sizeof(*r), cmp_reading);
		for (k = i; k < j; k++)
			v[k].value = r[k - i].value;
		free(r);
	}
}

int
store_load_telemetry(struct store *st, int64_t gpu_id, const char *metric, struct tsample **v,
		     size_t *n, struct err *err)
{
	/*
	 * v3: the (gpu, metric, time) index holds the value: no table look-up per
	 * reading. A run scope needs each reading's source: the scoped query
	 * reads the table.
	 */
	static const char sql[] =
		"SELECT t.t_ns, t.value, t.rowid FROM telemetry t JOIN metric m ON m.id = t.metric_id"
		" WHERE t.gpu_id = ?1 AND m.name = ?2 ORDER BY t.t_ns";
	static const char sql_scoped[] =
		"SELECT t.t_ns, t.value, t.rowid FROM telemetry t JOIN metric m ON m.id = t.metric_id"
		" WHERE t.gpu_id = ?1 AND m.name = ?2" STORE_IN_SCOPE("t.source_id", "3")
		" ORDER BY t.t_ns";
	sqlite3_stmt *s;
	int64_t *rowid = NULL;
	size_t alloc = 0, ralloc = 0;
	int rc;

	*v = NULL;
	*n = 0;
	if (store_prepare_cached(st, store_scope(st) ? sql_scoped : sql, &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, gpu_id);
	sqlite3_bind_text(s, 2, metric, -1, SQLITE_STATIC);
	if (store_scope(st))
		store_bind_scope(st, s, 3);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		VEC_GROW(*v, *n + 1, alloc);
		VEC_GROW(rowid, *n + 1, ralloc);
		(*v)[*n].t_ns = sqlite3_column_int64(s, 0);
		(*v)[*n].value = sqlite3_column_double(s, 1);
		rowid[(*n)++] = sqlite3_column_int64(s, 2);
	}
	sqlite3_reset(s);
	if (rc == SQLITE_DONE)
		order_reading_ties(*v, rowid, *n);
	free(rowid);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(st, err, "cannot load telemetry");
}

static int store_run_metric_(struct store *st, int64_t gpu_id, const char *run,
			     const char *metric, double load_activity, double *median,
			     struct err *err);
static int run_readings(struct store *st, int64_t gpu_id, const char *run, const char *metric,
			double load_activity, double **v, bool **inw, size_t *n, struct err *err);

/* The median of the readings of @metric on @gpu_id (in @run's window); 0 if none. */
static int
limit_from_telemetry(struct store *st, int64_t gpu_id, const char *metric, const char *run,
		     double *out, struct err *err)
{
	if (store_run_metric_(st, gpu_id, run, metric, NAN, out, err))
		return err->status;
	if (isnan(*out))
		*out = 0;
	return 0;
}

int
store_gpu_limits(struct store *st, int64_t gpu_id, const char *run, struct gpu_limits *out,
		 struct err *err)
{
	static const char *const kinds[] = { "cap", "min", "max", "default" };
	static const char *const metrics[] = { METRIC_POWER_CAP, METRIC_POWER_MIN, METRIC_POWER_MAX,
					       METRIC_POWER_DEFAULT };
	double *dst[] = { &out->cap, &out->min, &out->max, &out->def };
	size_t i;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < 4; i++) {
		sqlite3_stmt *s;
		int rc;

		if (st->version >= 2) {
			if (store_prepare_cached(st,
					  "SELECT l.watts FROM gpu_limit l JOIN source s"
					  " ON s.id = l.source_id WHERE l.gpu_id = ?1 AND l.kind = ?2"
					  " AND (?3 IS NULL OR s.run = ?3) ORDER BY l.source_id DESC"
					  " LIMIT 1",
					  &s, err))
				return err->status;
			sqlite3_bind_int64(s, 1, gpu_id);
			sqlite3_bind_text(s, 2, kinds[i], -1, SQLITE_STATIC);
			if (run)
				sqlite3_bind_text(s, 3, run, -1, SQLITE_STATIC);
			rc = sqlite3_step(s);
			if (rc == SQLITE_ROW)
				*dst[i] = sqlite3_column_double(s, 0);
			sqlite3_reset(s);
			if (rc != SQLITE_ROW && rc != SQLITE_DONE)
				return store_sqlerr(st, err, "cannot load power limits");
			if (rc == SQLITE_ROW)
				continue;
		}
		if (limit_from_telemetry(st, gpu_id, metrics[i], run, dst[i], err))
			return err->status;
	}
	return 0;
}

int
store_runs(struct store *st, int64_t node_id, char ***names, size_t *n, struct err *err)
{
	sqlite3_stmt *s;
	size_t alloc = 0;
	int rc;

	*names = NULL;
	*n = 0;
	if (st->version < 2)
		return 0;
	/*
	 * The traces ingested without --run are a run of their own ("") once
	 * the node holds named runs too; readings alone without --run are not.
	 */
	if (store_prepare_cached(st,
			  "SELECT coalesce(run, '') FROM source o WHERE node_id = ?1"
			  " AND (run IS NOT NULL OR (n_samples > 0 AND EXISTS (SELECT 1 FROM source x"
			  "  WHERE x.node_id = ?1 AND x.run IS NOT NULL)))"
			  " GROUP BY run ORDER BY min(id)",
			  &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, node_id);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		VEC_GROW(*names, *n + 1, alloc);
		(*names)[(*n)++] = store_text_dup(s, 0);
	}
	sqlite3_reset(s);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(st, err, "cannot list runs");
}

#define LATEST_RUN_SQL(window) \
	"SELECT coalesce(o.run, ''), (SELECT count(*) FROM source x WHERE x.node_id = ?1" \
	"  AND x.run IS NOT NULL) FROM source o" \
	" LEFT JOIN " window " w ON w.source_id = o.id WHERE o.node_id = ?1" \
	" AND (o.run IS NOT NULL OR o.n_samples > 0)" \
	" AND NOT EXISTS (SELECT 1 FROM source_meta m WHERE m.source_id = o.id" \
	"  AND m.key = 'role')" \
	" GROUP BY o.run ORDER BY max(w.start_ns IS NOT NULL) DESC, min(w.start_ns) DESC," \
	" max(o.id) DESC LIMIT 1"
static const char latest_run_sql[] = LATEST_RUN_SQL("kernel_window");
static const char latest_run_sql_v2[] = LATEST_RUN_SQL("sample");

int
store_latest_run(struct store *st, int64_t node_id, char **run, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	*run = NULL;
	if (st->version < 2)
		return 0;
	/*
	 * The run whose traces start last; without traces, the run ingested
	 * last. A database older than kernel_window (schema 2) reads the samples.
	 */
	if (store_prepare_cached(st, st->version >= 3 ? latest_run_sql : latest_run_sql_v2, &s,
				 err))
		return err->status;
	sqlite3_bind_int64(s, 1, node_id);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW && sqlite3_column_int64(s, 1) > 0)
		*run = store_text_dup(s, 0);
	sqlite3_reset(s);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0
						     : store_sqlerr(st, err, "cannot find the latest run");
}

int
store_has_run(struct store *st, int64_t node_id, const char *run, bool *has, struct err *err)
{
	char **runs = NULL;
	size_t n = 0, i;

	*has = false;
	if (store_runs(st, node_id, &runs, &n, err))
		return err->status;
	for (i = 0; i < n; i++) {
		*has |= !strcmp(runs[i], run);
		free(runs[i]);
	}
	free(runs);
	return 0;
}

int
store_run_steps(struct store *st, int64_t node_id, const char *run, double **step_ns, size_t *n,
		struct err *err)
{
	sqlite3_stmt *s;
	size_t alloc = 0;
	int rc;

	*step_ns = NULL;
	*n = 0;
	if (store_prepare_cached(st, st->version >= 2 ?
			  "SELECT max(sm.end_ns - sm.start_ns) FROM sample sm"
			  " JOIN gpu g ON g.id = sm.gpu_id JOIN source so ON so.id = sm.source_id"
			  " WHERE g.node_id = ?1 AND sm.step >= 0 AND (?2 IS NULL OR so.run = ?2)"
			  " GROUP BY sm.step, so.run ORDER BY sm.step" :
			  "SELECT max(sm.end_ns - sm.start_ns) FROM sample sm"
			  " JOIN gpu g ON g.id = sm.gpu_id WHERE g.node_id = ?1 AND sm.step >= 0"
			  " AND ?2 IS NULL GROUP BY sm.step ORDER BY sm.step",
			  &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, node_id);
	if (run)
		sqlite3_bind_text(s, 2, run, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		VEC_GROW(*step_ns, *n + 1, alloc);
		(*step_ns)[(*n)++] = sqlite3_column_double(s, 0);
	}
	sqlite3_reset(s);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(st, err, "cannot load step times");
}

int
store_run_readings(struct store *st, int64_t gpu_id, const char *run, const char *metric,
		   double load_activity, double **v, bool **in_window, size_t *n, struct err *err)
{
	return run_readings(st, gpu_id, run, metric, load_activity, v, in_window, n, err);
}

/* The median of the readings of @metric on @gpu_id in @run's window (every reading with no window). */
static int
store_run_metric_(struct store *st, int64_t gpu_id, const char *run, const char *metric,
		  double load_activity, double *median, struct err *err)
{
	double *v, *w;
	bool *inw;
	size_t n, i, k = 0;

	*median = NAN;
	if (run_readings(st, gpu_id, run, metric, load_activity, &v, &inw, &n, err))
		return err->status;
	w = xmalloc((n + 1) * sizeof(*w));
	for (i = 0; i < n; i++)
		if (inw[i])
			w[k++] = v[i];
	if (k)
		*median = k % 2 ? w[k / 2] : (w[k / 2 - 1] + w[k / 2]) / 2;
	free(w);
	free(v);
	free(inw);
	return 0;
}

static int
run_readings(struct store *st, int64_t gpu_id, const char *run, const char *metric,
	     double load_activity, double **vout, bool **inwout, size_t *nout, struct err *err)
{
	sqlite3_stmt *s;
	double *v = NULL;
	bool *inw = NULL;
	size_t n = 0, alloc = 0, balloc = 0;
	int rc;
	bool runs = st->version >= 2;

	*vout = NULL;
	*inwout = NULL;
	*nout = 0;
	/* Most metrics asked for (power limits) are often not recorded at all: one probe. */
	if (store_prepare_cached(st,
			  "SELECT 1 FROM telemetry WHERE gpu_id = ?1 AND metric_id ="
			  " (SELECT id FROM metric WHERE name = ?2) LIMIT 1",
			  &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, gpu_id);
	sqlite3_bind_text(s, 2, metric, -1, SQLITE_STATIC);
	rc = sqlite3_step(s);
	sqlite3_reset(s);
	if (rc == SQLITE_DONE)
		return 0;
	if (rc != SQLITE_ROW)
		return store_sqlerr(st, err, "cannot load telemetry");
	/*
	 * readings of the run's sources, each marked whether it lies inside the
	 * run's traced window (its samples; no window: all do)
	 */
	if (store_prepare_cached(st, runs ?
			  "WITH w AS (SELECT min(sm.start_ns) AS t0, max(sm.end_ns) AS t1 FROM sample sm"
			  " JOIN gpu g ON g.id = sm.gpu_id JOIN source so ON so.id = sm.source_id"
			  " WHERE g.node_id = (SELECT node_id FROM gpu WHERE id = ?1) AND sm.step >= 0"
			  " AND (?3 IS NULL OR so.run = ?3))"
			  " SELECT t.value, w.t0 IS NULL OR t.t_ns BETWEEN w.t0 - 1000000000 AND w.t1"
			  " FROM telemetry t JOIN metric m ON m.id = t.metric_id"
			  " JOIN source so ON so.id = t.source_id, w"
			  " WHERE t.gpu_id = ?1 AND m.name = ?2 AND (?3 IS NULL OR so.run = ?3)"
			  " AND (?4 IS NULL OR NOT EXISTS (SELECT 1 FROM telemetry a"
			  " WHERE a.gpu_id = ?1 AND a.metric_id = (SELECT id FROM metric WHERE name"
			  " = '" METRIC_GFX_ACT "') AND a.t_ns = t.t_ns AND a.value <= ?4))"
			  " ORDER BY t.value" :
			  "SELECT t.value, 1 FROM telemetry t JOIN metric m ON m.id = t.metric_id"
			  " WHERE t.gpu_id = ?1 AND m.name = ?2 AND ?3 IS NULL ORDER BY t.value",
			  &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, gpu_id);
	sqlite3_bind_text(s, 2, metric, -1, SQLITE_STATIC);
	if (run)
		sqlite3_bind_text(s, 3, run, -1, SQLITE_STATIC);
	if (runs && !isnan(load_activity))
		sqlite3_bind_double(s, 4, load_activity);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		VEC_GROW(v, n + 1, alloc);
		VEC_GROW(inw, n + 1, balloc);
		v[n] = sqlite3_column_double(s, 0);
		inw[n++] = sqlite3_column_int(s, 1) != 0;
	}
	sqlite3_reset(s);
	if (rc != SQLITE_DONE) {
		free(v);
		free(inw);
		return store_sqlerr(st, err, "cannot load telemetry");
	}
	*vout = v;
	*inwout = inw;
	*nout = n;
	return 0;
}
