/* SPDX-License-Identifier: MIT */
/* store_analysis.c: read queries of the analyses: annotations, collectives, windows. */
#include "store_int.h"

#include "litsi/trace.h"
#include "litsi/util.h"

#include <stdlib.h>
#include <string.h>

int
store_load_annotations(struct store *st, int64_t gpu_id, int64_t start, int64_t end,
		       struct aspan **v, size_t *n, struct err *err)
{
	static const char sql[] =
		"SELECT a.start_ns, a.end_ns, a.name_id, a.kind = 'gpu_user_annotation'"
		" FROM annotation a JOIN name nm ON nm.id = a.name_id"
		" WHERE (a.gpu_id = ?1 OR (a.gpu_id IS NULL AND a.source_id IN"
		"   (SELECT DISTINCT source_id FROM kernel WHERE gpu_id = ?1)))"
		" AND a.kind IN ('user_annotation', 'gpu_user_annotation')"
		" AND a.start_ns < ?3 AND a.end_ns > ?2"
		" AND nm.text NOT LIKE 'ProfilerStep#%'" STORE_IN_SCOPE("a.source_id", "4")
		" ORDER BY a.start_ns, a.id";
	sqlite3_stmt *s;
	size_t alloc = 0;
	int rc;

	*v = NULL;
	*n = 0;
	if (store_prepare_cached(st, sql, &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, gpu_id);
	sqlite3_bind_int64(s, 2, start);
	sqlite3_bind_int64(s, 3, end);
	store_bind_scope(st, s, 4);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		struct aspan *a;

		VEC_GROW(*v, *n + 1, alloc);
		a = &(*v)[(*n)++];
		a->start_ns = sqlite3_column_int64(s, 0);
		a->end_ns = sqlite3_column_int64(s, 1);
		a->name_id = (uint32_t)sqlite3_column_int64(s, 2);
		a->on_gpu = sqlite3_column_int(s, 3) != 0;
	}
	sqlite3_reset(s);
	if (rc != SQLITE_DONE) {
		free(*v);
		*v = NULL;
		*n = 0;
		return store_sqlerr(st, err, "cannot load annotations");
	}
	return 0;
}

int
store_load_collectives(struct store *st, int64_t gpu_id, int64_t step, bool all,
		       struct coll_row **v, size_t *n, struct err *err)
{
	static const char sql[] =
		"SELECT k.start_ns, k.end_ns, k.name_id,"
		" (SELECT c.coll_name FROM collective c WHERE c.kernel_id = k.id ORDER BY c.id LIMIT 1),"
		" (SELECT c.pg_name FROM collective c WHERE c.kernel_id = k.id ORDER BY c.id LIMIT 1)"
		" FROM kernel k WHERE k.gpu_id = ?1 AND k.class = 1 AND (?3 OR k.sample_id IN"
		"  (SELECT id FROM sample WHERE gpu_id = ?1 AND step = ?2))"
		STORE_IN_SCOPE("k.source_id", "4") " ORDER BY k.start_ns, k.id";
	sqlite3_stmt *s;
	size_t alloc = 0;
	int rc;

	*v = NULL;
	*n = 0;
	if (store_prepare(st, sql, &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, gpu_id);
	sqlite3_bind_int64(s, 2, step);
	sqlite3_bind_int(s, 3, all);
	store_bind_scope(st, s, 4);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		struct coll_row *c;

		VEC_GROW(*v, *n + 1, alloc);
		c = &(*v)[(*n)++];
		c->start_ns = sqlite3_column_int64(s, 0);
		c->end_ns = sqlite3_column_int64(s, 1);
		c->name_id = (uint32_t)sqlite3_column_int64(s, 2);
		c->coll_name = store_text_dup(s, 3);
		c->pg_name = store_text_dup(s, 4);
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE) {
		store_free_collectives(*v, *n);
		*v = NULL;
		*n = 0;
		return store_sqlerr(st, err, "cannot load collectives");
	}
	return 0;
}

void
store_free_collectives(struct coll_row *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].coll_name);
		free(v[i].pg_name);
	}
	free(v);
}

int
store_kernel_window(struct store *st, int64_t node_id, int64_t *start, int64_t *end,
		    struct err *err)
{
	/* v3 keeps each GPU's kernel span per source: a few rows instead of every kernel. */
	static const char sql[] =
		"SELECT min(w.start_ns), max(w.end_ns) FROM kernel_window w"
		" JOIN gpu g ON g.id = w.gpu_id JOIN source src ON src.id = w.source_id"
		" WHERE g.node_id = ?1 AND src.clock = 'epoch'" STORE_IN_SCOPE("w.source_id", "2")
		" HAVING count(*) > 0";
	static const char sql_v2[] =
		"SELECT min(k.start_ns), max(k.end_ns) FROM kernel k"
		" JOIN gpu g ON g.id = k.gpu_id JOIN source src ON src.id = k.source_id"
		" WHERE g.node_id = ?1 AND src.clock = 'epoch'" STORE_IN_SCOPE("k.source_id", "2")
		" HAVING count(*) > 0";
	sqlite3_stmt *s;
	int rc;

	if (store_prepare_cached(st, st->version >= 3 ? sql : sql_v2, &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, node_id);
	store_bind_scope(st, s, 2);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		*start = sqlite3_column_int64(s, 0);
		*end = sqlite3_column_int64(s, 1);
	}
	sqlite3_reset(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_sqlerr(st, err, "cannot read the traced window");
	return rc == SQLITE_ROW;
}

int
store_profiler_steps(struct store *st, int64_t gpu_id, size_t *count, int64_t *last_start,
		     struct err *err)
{
	/* CPU steps are samples; GPU-side ProfilerStep#N ranges stay annotations. */
	static const char sql[] =
		"SELECT count(DISTINCT nm), max(t) FROM ("
		" SELECT 'ProfilerStep#' || step AS nm, start_ns AS t FROM sample"
		"  WHERE gpu_id = ?1 AND step >= 0" STORE_IN_SCOPE("source_id", "2")
		" UNION ALL"
		" SELECT n.text, a.start_ns FROM annotation a JOIN name n ON n.id = a.name_id"
		"  WHERE (a.gpu_id = ?1 OR (a.gpu_id IS NULL AND a.source_id IN"
		"   (SELECT DISTINCT source_id FROM kernel WHERE gpu_id = ?1)))"
		"  AND n.text GLOB 'ProfilerStep#[0-9]*'" STORE_IN_SCOPE("a.source_id", "2") ")";
	sqlite3_stmt *s;
	int rc;

	*count = 0;
	*last_start = 0;
	if (store_prepare(st, sql, &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, gpu_id);
	store_bind_scope(st, s, 2);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		*count = (size_t)sqlite3_column_int64(s, 0);
		*last_start = sqlite3_column_int64(s, 1);
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_sqlerr(st, err, "cannot read the profiler steps");
	return 0;
}

/*
 * Clock domain (1 = boottime) of source @id, through @s (prepared once per
 * load). A sample's kernels come from one or a few sources: the caller asks
 * again only when the source changes, instead of reading the whole source
 * table, which in a merged fleet database holds thousands of rows.
 */
static int
source_clock(struct store *st, sqlite3_stmt *s, int64_t id, uint8_t *clk, struct err *err)
{
	int rc;

	sqlite3_bind_int64(s, 1, id);
	rc = sqlite3_step(s);
	*clk = rc == SQLITE_ROW ? (uint8_t)sqlite3_column_int(s, 0) : 0;
	sqlite3_reset(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_sqlerr(st, err, "cannot read a source");
	return 0;
}

static bool
kspan_before(const struct kspan *a, const struct kspan *b)
{
	if (a->start_ns != b->start_ns)
		return a->start_ns < b->start_ns;
	if (a->end_ns != b->end_ns)
		return a->end_ns < b->end_ns;
	return a->id < b->id;
}

/* Insertion sort: rows arrive ordered by start, only equal starts need work. */
static void
order_ties(struct kspan *v, size_t n)
{
	size_t i, j;

	for (i = 1; i < n; i++) {
		struct kspan t = v[i];

		for (j = i; j > 0 && kspan_before(&t, &v[j - 1]); j--)
			v[j] = v[j - 1];
		v[j] = t;
	}
}

int
store_load_sample_kernels(struct store *st, int64_t gpu_id, int64_t step, struct kspan **v,
			  size_t *n, size_t *alloc, struct err *err)
{
	/* ORDER BY start_ns alone is served by the index; ties are ordered below. */
	static const char sql[] =
		"SELECT k.start_ns, k.end_ns, coalesce(k.launch_ns, ?3), k.id, k.name_id, k.class,"
		" k.source_id FROM kernel k"
		" WHERE k.gpu_id = ?1 AND k.sample_id IN"
		"  (SELECT id FROM sample WHERE gpu_id = ?1 AND step = ?2)"
		STORE_IN_SCOPE("k.source_id", "4") " ORDER BY k.sample_id, k.start_ns";
	static const char sql_clock[] = "SELECT clock = 'boottime' FROM source WHERE id = ?";
	sqlite3_stmt *s, *cs;
	int64_t last_src = INT64_MIN;
	uint8_t clk = 0;
	int rc, bad = 0;

	*n = 0;
	if (store_prepare_cached(st, sql_clock, &cs, err))
		return err->status;
	if (store_prepare_cached(st, sql, &s, err)) {
		sqlite3_reset(cs);
		return err->status;
	}
	sqlite3_bind_int64(s, 1, gpu_id);
	sqlite3_bind_int64(s, 2, step);
	sqlite3_bind_int64(s, 3, TIME_NONE);
	store_bind_scope(st, s, 4);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		struct kspan *k;
		int64_t src = sqlite3_column_int64(s, 6);

		if (src != last_src) {
			if ((bad = source_clock(st, cs, src, &clk, err)))
				break;
			last_src = src;
		}
		VEC_GROW(*v, *n + 1, *alloc);
		k = &(*v)[(*n)++];
		k->start_ns = sqlite3_column_int64(s, 0);
		k->end_ns = sqlite3_column_int64(s, 1);
		k->launch_ns = sqlite3_column_int64(s, 2);	/* NULL: TIME_NONE */
		k->id = sqlite3_column_int64(s, 3);
		k->name_id = (uint32_t)sqlite3_column_int64(s, 4);
		k->kclass = (uint8_t)sqlite3_column_int(s, 5);
		k->clock = clk;
	}
	sqlite3_reset(s);
	sqlite3_reset(cs);
	if (bad || rc != SQLITE_DONE) {
		*n = 0;
		return bad ? bad : store_sqlerr(st, err, "cannot load kernels");
	}
	order_ties(*v, *n);
	return 0;
}
