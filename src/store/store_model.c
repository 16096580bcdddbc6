/* SPDX-License-Identifier: MIT */
/* store_model.c: queries for the power model, the caps and the check (litsi model, caps, check). */
#include "store_int.h"

#include <stdlib.h>

int
store_node_power(struct store *st, int64_t node_id, int64_t start, int64_t end, double **v,
		 size_t *n, struct err *err)
{
	static const char sql[] =
		"SELECT t.value FROM telemetry t JOIN gpu g ON g.id = t.gpu_id"
		" JOIN metric m ON m.id = t.metric_id"
		" WHERE g.node_id = ?1 AND m.name = '" METRIC_POWER "'"
		" AND t.t_ns >= ?2 AND t.t_ns <= ?3" STORE_IN_SCOPE("t.source_id", "4")
		" ORDER BY t.value";
	sqlite3_stmt *s;
	size_t alloc = 0;
	int rc;

	*v = NULL;
	*n = 0;
	if (store_prepare_cached(st, sql, &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, node_id);
	sqlite3_bind_int64(s, 2, start);
	sqlite3_bind_int64(s, 3, end);
	store_bind_scope(st, s, 4);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		VEC_GROW(*v, *n + 1, alloc);
		(*v)[(*n)++] = sqlite3_column_double(s, 0);
	}
	sqlite3_reset(s);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(st, err, "cannot load power readings");
}

int
store_node_idle_power(struct store *st, int64_t node_id, double max_activity, double **v,
		      size_t *n, struct err *err)
{
	static const char sql[] =
		"SELECT p.value FROM telemetry p JOIN gpu g ON g.id = p.gpu_id"
		" JOIN metric mp ON mp.id = p.metric_id"
		" JOIN telemetry a ON a.gpu_id = p.gpu_id AND a.t_ns = p.t_ns"
		" AND a.source_id = p.source_id"
		" JOIN metric ma ON ma.id = a.metric_id"
		" WHERE g.node_id = ?1 AND mp.name = '" METRIC_POWER "'"
		" AND ma.name = '" METRIC_GFX_ACT "' AND a.value <= ?2"
		STORE_IN_SCOPE("p.source_id", "3") " ORDER BY p.value";
	sqlite3_stmt *s;
	size_t alloc = 0;
	int rc;

	*v = NULL;
	*n = 0;
	if (store_prepare_cached(st, sql, &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, node_id);
	sqlite3_bind_double(s, 2, max_activity);
	store_bind_scope(st, s, 3);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		VEC_GROW(*v, *n + 1, alloc);
		(*v)[(*n)++] = sqlite3_column_double(s, 0);
	}
	sqlite3_reset(s);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(st, err, "cannot load idle power readings");
}
