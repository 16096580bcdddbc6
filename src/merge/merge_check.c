/* SPDX-License-Identifier: MIT */
/*
 * merge_check.c: what a merge refuses before anything of an input is kept: another
 * schema, a node or run held two ways, a GPU as two products, readings
 * outside their physical range.
 */
#include "merge_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- checks ---- */

static const char *
input_of_node(const struct merge *m, const char *node, const char *dflt)
{
	size_t i;

	for (i = 0; i < m->nr_nodes; i++)
		if (!strcmp(m->node_names[i], node))
			return m->inputs[m->node_from[i]];
	return dflt;
}

/* The input @alias (file @path) must have the output's schema version and tables. */
int
merge_check_schema(struct merge *m, const char *alias, const char *path, struct err *err)
{
	int v;
	int64_t ntab;
	size_t i;

	if (merge_user_version(m, alias, &v, err))
		return err_set(err, LITSI_EDB, "%s: not a litsi database (%s)", path,
			       sqlite3_errmsg(m->st->db));
	if (v < 1)
		return err_set(err, LITSI_EDB, "%s: not a litsi database (schema version %d)",
			       path, v);
	if (v != m->version)
		return err_set(err, LITSI_EDB,
			       "cannot merge '%s' (schema version %d) into '%s' (schema version %d)",
			       path, v, m->out_path, m->version);
	sbuf_reset(&m->sql);
	merge_add_tpl(&m->sql,
		      "SELECT count(*) FROM @S.sqlite_master WHERE type = 'table'"
		      " AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
		      alias, alias);
	if (merge_query_i64(m, m->sql.buf, &ntab, err))
		return err->status;
	for (i = 0; i < m->nt; i++) {
		char *sig = NULL;
		bool found;
		int bad;

		sbuf_reset(&m->sql);
		if (merge_query_row(m,
				    "SELECT group_concat(name, ',') FROM (SELECT name FROM"
				    " pragma_table_info(?1, ?2) ORDER BY cid)",
				    m->t[i].name, alias, &sig, 1, &found, err))
			return err->status;
		bad = !sig || strcmp(sig, m->t[i].colsig);
		free(sig);
		if (bad)
			return err_set(err, LITSI_EDB,
				       "cannot merge '%s' into '%s': table '%s' differs (same "
				       "schema version %d, different columns)",
				       path, m->out_path, m->t[i].name, v);
		/* Only tables are read: a view (which may never end) is refused. */
		sbuf_reset(&m->sql);
		merge_add_tpl(&m->sql, "SELECT type FROM @S.sqlite_master WHERE name = ?1", alias, alias);
		if (merge_query_row(m, m->sql.buf, m->t[i].name, NULL, &sig, 1, &found, err))
			return err->status;
		bad = !found || !sig || strcmp(sig, "table");
		if (bad)
			err_set(err, LITSI_EDB,
				"cannot merge '%s' into '%s': '%s' is a %s, not a table",
				path, m->out_path, m->t[i].name, sig ? sig : "missing object");
		free(sig);
		if (bad)
			return err->status;
	}
	if ((size_t)ntab != m->nt)
		return err_set(err, LITSI_EDB,
			       "cannot merge '%s' into '%s': %lld tables, not %zu (same schema "
			       "version %d)",
			       path, m->out_path, (long long)ntab, m->nt, v);
	return 0;
}

/*
 * A run of a node (its sources of one --run, or of none) that both @src and
 * @dst hold must hold the same sources in both (other runs of the node, and
 * nodes without sources in @src, such as one whose sources were all present
 * already while staging, match anything), and
 * a source both hold must belong to the same node: otherwise the two would be
 * mixed. @src_name names @src; @dst's nodes are named by the input that
 * brought them (when @lookup), else by @dst_name.
 */
int
merge_check_clash(struct merge *m, const char *src, const char *dst, const char *src_name,
		  bool src_lookup, const char *dst_name, bool dst_lookup, struct err *err)
{
	char *row[3] = { NULL, NULL, NULL };
	bool found;
	const char *a, *b;

	sbuf_reset(&m->sql);
	merge_add_tpl(&m->sql,
		      "SELECT n.name, r.run FROM @S.node n JOIN @D.node d ON d.name = n.name"
		      " JOIN (SELECT DISTINCT node_id, run FROM @S.source) r ON r.node_id = n.id"
		      " WHERE EXISTS (SELECT 1 FROM @D.source WHERE node_id = d.id AND run IS r.run)"
		      " AND (EXISTS (SELECT sha256 FROM @S.source WHERE node_id = n.id AND run IS r.run"
		      "  EXCEPT SELECT sha256 FROM @D.source WHERE node_id = d.id AND run IS r.run)"
		      " OR EXISTS (SELECT sha256 FROM @D.source WHERE node_id = d.id AND run IS r.run"
		      "  EXCEPT SELECT sha256 FROM @S.source WHERE node_id = n.id AND run IS r.run))"
		      " ORDER BY n.name, r.run LIMIT 1",
		      src, dst);
	if (merge_query_row(m, m->sql.buf, NULL, NULL, row, 2, &found, err))
		return err->status;
	if (found) {
		a = src_lookup ? input_of_node(m, row[0], src_name) : src_name;
		b = dst_lookup ? input_of_node(m, row[0], dst_name) : dst_name;
		if (row[1])
			err_set(err, LITSI_EDATA,
				"'%s' and '%s' both hold run '%s' of node '%s' with different "
				"sources; merge only databases of different nodes or runs (or of "
				"the same node and run with the same files)",
				a, b, row[1], row[0]);
		else
			err_set(err, LITSI_EDATA,
				"'%s' and '%s' both hold node '%s' with different sources; merge "
				"only databases of different nodes or runs (ingest --run), or of "
				"the same node with the same files",
				a, b, row[0]);
		free(row[0]);
		free(row[1]);
		return err->status;
	}
	sbuf_reset(&m->sql);
	merge_add_tpl(&m->sql,
		      "SELECT s.path, sn.name, dn.name FROM @S.source s"
		      " JOIN @D.source d ON d.sha256 = s.sha256 AND d.run IS s.run"
		      " LEFT JOIN @S.node sn ON sn.id = s.node_id"
		      " LEFT JOIN @D.node dn ON dn.id = d.node_id"
		      " WHERE sn.name IS NOT dn.name ORDER BY s.id LIMIT 1",
		      src, dst);
	if (merge_query_row(m, m->sql.buf, NULL, NULL, row, 3, &found, err))
		return err->status;
	if (found) {
		a = src_lookup && row[1] ? input_of_node(m, row[1], src_name) : src_name;
		b = dst_lookup && row[2] ? input_of_node(m, row[2], dst_name) : dst_name;
		err_set(err, LITSI_EDATA,
			"'%s' holds '%s' as node '%s', '%s' holds the same file as node '%s'", a,
			row[0] ? row[0] : "?", row[1] ? row[1] : "(none)", b,
			row[2] ? row[2] : "(none)");
	}
	free(row[0]);
	free(row[1]);
	free(row[2]);
	return err->status;
}

int
merge_remember_nodes(struct merge *m, const char *alias, size_t input, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	sbuf_reset(&m->sql);
	merge_add_tpl(&m->sql, "SELECT name FROM @S.node ORDER BY name", alias, alias);
	if (store_prepare(m->st, m->sql.buf, &s, err))
		return err->status;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(s, 0);

		if (!name || input_of_node(m, name, NULL))
			continue;
		VEC_GROW(m->node_names, m->nr_nodes + 1, m->alloc_nodes);
		m->node_from = xrealloc(m->node_from, m->alloc_nodes * sizeof(*m->node_from));
		m->node_names[m->nr_nodes] = xstrdup(name);
		m->node_from[m->nr_nodes++] = input;
	}
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(m->st, err, "cannot read nodes");
}

/*
 * A GPU is one part: refuse when @src names a GPU that @dst holds (just
 * mapped by merge_copy_table()) as another product. Names as merge_check_clash().
 */
int
merge_check_products(struct merge *m, const char *src, const char *dst, const char *src_name,
		     bool src_lookup, const char *dst_name, bool dst_lookup, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	sbuf_reset(&m->sql);
	merge_add_tpl(&m->sql,
		      "SELECT dn.name, d.device, d.product, s.product FROM @S.gpu s"
		      " JOIN temp.mmap_gpu mp ON mp.old = s.id JOIN @D.gpu d ON d.id = mp.new"
		      " JOIN @D.node dn ON dn.id = d.node_id"
		      " WHERE s.product IS NOT NULL AND d.product IS NOT NULL AND s.product != d.product",
		      src, dst);
	if (store_prepare(m->st, m->sql.buf, &s, err))
		return err->status;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		const char *node = (const char *)sqlite3_column_text(s, 0);
		const char *held = (const char *)sqlite3_column_text(s, 2);
		const char *prod = (const char *)sqlite3_column_text(s, 3);

		if (!store_products_differ(held, prod))
			continue;
		err_set(err, LITSI_EDATA,
			"'%s' holds GPU %lld of node '%s' as '%s', '%s' as '%s': two different "
			"GPUs are never one; merge only databases whose nodes hold the same parts",
			dst_lookup ? input_of_node(m, node, dst_name) : dst_name,
			(long long)sqlite3_column_int64(s, 1), node, held,
			src_lookup ? input_of_node(m, node, src_name) : src_name, prod);
		sqlite3_finalize(s);
		return err->status;
	}
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(m->st, err, "cannot check the GPUs' parts");
}

/*
 * Every reading of the input @alias (file @path) within its metric's physical
 * range (metric_range()), every power limit within that of a limit: a
 * forged database's inf or 1e308 never reaches the output. One scan of the
 * telemetry table, each row checked against its metric's bounds.
 */
int
merge_check_ranges(struct merge *m, const char *alias, const char *path, struct err *err)
{
	sqlite3_stmt *s, *ins = NULL;
	char *row[2] = { NULL, NULL };
	double lo, hi;
	bool found;
	int rc;

	if (merge_exec(m, "CREATE TEMP TABLE IF NOT EXISTS merge_range(id INTEGER PRIMARY KEY,"
			" lo REAL, hi REAL); DELETE FROM temp.merge_range;", err))
		return err->status;
	sbuf_reset(&m->sql);
	merge_add_tpl(&m->sql, "SELECT id, name FROM @S.metric", alias, alias);
	if (store_prepare(m->st, m->sql.buf, &s, err) ||
	    store_prepare(m->st, "INSERT INTO temp.merge_range VALUES (?1, ?2, ?3)", &ins, err)) {
		sqlite3_finalize(s);
		return err->status;
	}
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(s, 1);

		metric_range(name ? name : "", &lo, &hi);
		sqlite3_bind_int64(ins, 1, sqlite3_column_int64(s, 0));
		sqlite3_bind_double(ins, 2, lo);
		sqlite3_bind_double(ins, 3, hi);
		if (sqlite3_step(ins) != SQLITE_DONE)
			break;
		sqlite3_reset(ins);
	}
	sqlite3_finalize(s);
	sqlite3_finalize(ins);
	if (rc != SQLITE_DONE)
		return store_sqlerr(m->st, err, "cannot read the metrics");
	sbuf_reset(&m->sql);
	merge_add_tpl(&m->sql,
		      "SELECT (SELECT name FROM @S.metric WHERE id = t.metric_id), t.value"
		      " FROM @S.telemetry t JOIN temp.merge_range r ON r.id = t.metric_id"
		      " WHERE NOT (t.value BETWEEN r.lo AND r.hi) LIMIT 1",
		      alias, alias);
	if (merge_query_row(m, m->sql.buf, NULL, NULL, row, 2, &found, err))
		return err->status;
	if (!found) {
		metric_range(METRIC_POWER_CAP, &lo, &hi);
		sbuf_reset(&m->sql);
		merge_add_tpl(&m->sql,
			      "SELECT 'power limit ' || kind, watts FROM @S.gpu_limit"
			      " WHERE NOT (watts BETWEEN ?1 AND ?2) LIMIT 1", alias, alias);
		if (store_prepare(m->st, m->sql.buf, &s, err))
			return err->status;
		sqlite3_bind_double(s, 1, lo);
		sqlite3_bind_double(s, 2, hi);
		rc = sqlite3_step(s);
		found = rc == SQLITE_ROW;
		if (found) {
			row[0] = xstrdup((const char *)sqlite3_column_text(s, 0));
			row[1] = xstrdup((const char *)sqlite3_column_text(s, 1));
		}
		sqlite3_finalize(s);
		if (rc != SQLITE_ROW && rc != SQLITE_DONE)
			return store_sqlerr(m->st, err, "cannot read the power limits");
	}
	if (found)
		err_set(err, LITSI_EDATA,
			"%s: a reading of %s is %s, outside its physical range "
			"(litsi-formats(7)); the database was not written by litsi ingest",
			path, row[0] ? row[0] : "?", row[1] ? row[1] : "?");
	free(row[0]);
	free(row[1]);
	return err->status;
}
