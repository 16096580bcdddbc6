/* SPDX-License-Identifier: MIT */
/* store_query.c: read-side queries that load plain arrays for the analyses. */
#include "store_int.h"

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
			  " WHERE node_id = ? ORDER BY device",
			  &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, node_id);
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
			  " WHERE g.node_id = ? ORDER BY s.step",
			  &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, node_id);
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
		"SELECT k.start_ns, k.end_ns, k.stream, k.launch_ns, k.id, k.name_id, k.class,"
		" src.clock = 'boottime' FROM kernel k JOIN sample s ON s.id = k.sample_id"
		" JOIN source src ON src.id = k.source_id"
		" WHERE k.gpu_id = ?1 AND s.step = ?2 ORDER BY k.start_ns, k.end_ns, k.id";
	static const char sql_all[] =
		"SELECT k.start_ns, k.end_ns, k.stream, k.launch_ns, k.id, k.name_id, k.class,"
		" src.clock = 'boottime' FROM kernel k JOIN source src ON src.id = k.source_id"
		" WHERE k.gpu_id = ?1 ORDER BY k.start_ns, k.end_ns, k.id";
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
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		struct kspan *k;

		VEC_GROW(*v, *n + 1, alloc);
		k = &(*v)[(*n)++];
		k->start_ns = sqlite3_column_int64(s, 0);
		k->end_ns = sqlite3_column_int64(s, 1);
		k->stream = sqlite3_column_int64(s, 2);
		k->launch_ns = sqlite3_column_type(s, 3) == SQLITE_NULL
				       ? TIME_NONE
				       : sqlite3_column_int64(s, 3);
		k->id = sqlite3_column_int64(s, 4);
		k->name_id = (uint32_t)sqlite3_column_int64(s, 5);
		k->kclass = (uint8_t)sqlite3_column_int(s, 6);
		k->clock = (uint8_t)sqlite3_column_int(s, 7);
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

int
store_load_telemetry(struct store *st, int64_t gpu_id, const char *metric, struct tsample **v,
		     size_t *n, struct err *err)
{
	sqlite3_stmt *s;
	size_t alloc = 0;
	int rc;

	*v = NULL;
	*n = 0;
	if (store_prepare_cached(st,
			  "SELECT t.t_ns, t.value FROM telemetry t JOIN metric m ON m.id = t.metric_id"
			  " WHERE t.gpu_id = ? AND m.name = ? ORDER BY t.t_ns, t.rowid",
			  &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, gpu_id);
	sqlite3_bind_text(s, 2, metric, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		VEC_GROW(*v, *n + 1, alloc);
		(*v)[*n].t_ns = sqlite3_column_int64(s, 0);
		(*v)[(*n)++].value = sqlite3_column_double(s, 1);
	}
	sqlite3_reset(s);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(st, err, "cannot load telemetry");
}

int
store_list_metrics(struct store *st, int64_t gpu_id, char ***names, size_t *n, struct err *err)
{
	sqlite3_stmt *s;
	size_t alloc = 0;
	int rc;

	*names = NULL;
	*n = 0;
	if (store_prepare(st,
			  "SELECT DISTINCT m.name FROM telemetry t JOIN metric m ON m.id = t.metric_id"
			  " WHERE t.gpu_id = ? ORDER BY m.name",
			  &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, gpu_id);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		VEC_GROW(*names, *n + 1, alloc);
		(*names)[(*n)++] = store_text_dup(s, 0);
	}
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(st, err, "cannot list metrics");
}
