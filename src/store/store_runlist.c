/* SPDX-License-Identifier: MIT */
/*
 * store_runlist.c: what a node's runs (ingest --run) hold: whether each has
 * traces, and the role its sources were ingested with (ingest --role).
 */
#include "store_int.h"

#include <stdlib.h>
#include <string.h>

int
store_run_list(struct store *st, int64_t node_id, struct store_run **v, size_t *n,
	       struct err *err)
{
	sqlite3_stmt *s;
	size_t alloc = 0;
	int rc;

	*v = NULL;
	*n = 0;
	if (st->version < 2)
		return 0;
	/* first ingested first; the role is the source_meta 'role' of any of its sources */
	if (store_prepare_cached(st,
			  "SELECT s.run, max(s.n_samples > 0),"
			  " (SELECT max(m.value) FROM source_meta m JOIN source s2"
			  "  ON s2.id = m.source_id WHERE m.key = 'role' AND s2.run = s.run"
			  "  AND s2.node_id = s.node_id)"
			  " FROM source s WHERE s.node_id = ? AND s.run IS NOT NULL"
			  " GROUP BY s.run ORDER BY min(s.id)",
			  &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, node_id);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		VEC_GROW(*v, *n + 1, alloc);
		(*v)[*n].name = store_text_dup(s, 0);
		(*v)[*n].traces = sqlite3_column_int(s, 1) != 0;
		(*v)[(*n)++].role = store_text_dup(s, 2);
	}
	sqlite3_reset(s);
	if (rc != SQLITE_DONE) {
		store_free_run_list(*v, *n);
		*v = NULL;
		*n = 0;
		return store_sqlerr(st, err, "cannot list runs");
	}
	return 0;
}

void
store_free_run_list(struct store_run *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].role);
	}
	free(v);
}
