/* SPDX-License-Identifier: MIT */
/*
 * merge_copy.c: copying one table of an input, its ids remapped: a shift for the
 * tables of sources, a map through a temporary table for dictionaries.
 */
#include "merge_int.h"

/* ---- copying ---- */

/* The value of column @c of the row "s" of table @t as the destination sees it. */
static void
add_expr(struct merge *m, const struct mtable *t, size_t ti, int c)
{
	const struct mfk *fk = NULL;
	size_t i;
	int ref = -1;

	if (c == t->idcol) {
		ref = (int)ti;	/* only per-source ids are copied: offset */
	} else {
		for (i = 0; i < t->nfks; i++)
			if (t->fks[i].col == c && t->fks[i].remap)
				fk = &t->fks[i];
		if (fk)
			ref = fk->ref;
	}
	if (ref < 0) {
		sbuf_addstr(&m->sql, "s.");
		merge_add_ident(&m->sql, t->cols[c]);
	} else if (m->t[ref].kind == MK_PERSOURCE) {
		/* A literal: a subquery here costs a third of the copy. */
		sbuf_addstr(&m->sql, "(s.");
		merge_add_ident(&m->sql, t->cols[c]);
		sbuf_addf(&m->sql, " + %lld)", (long long)m->off[ref]);
	} else if (m->t[ref].shift) {
		/* The map as arithmetic: what the join gives, without a look-up per row. */
		sbuf_addstr(&m->sql, "CASE WHEN s.");
		merge_add_ident(&m->sql, t->cols[c]);
		sbuf_addf(&m->sql, " BETWEEN %lld AND %lld THEN s.", (long long)m->t[ref].shift_lo,
			  (long long)m->t[ref].shift_hi);
		merge_add_ident(&m->sql, t->cols[c]);
		sbuf_addf(&m->sql, " + %lld END", (long long)m->t[ref].shift_delta);
	} else if (m->join_maps) {
		/* A join keeps one cursor open; a subquery opens one per row. */
		char j[16];

		snprintf(j, sizeof(j), "j%d", m->njoins++);
		sbuf_addstr(&m->sql, j);
		sbuf_addstr(&m->sql, ".new");
		sbuf_addstr(&m->joins, " LEFT JOIN ");
		merge_add_temp(&m->joins, "mmap_", m->t[ref].name);
		sbuf_addch(&m->joins, ' ');
		sbuf_addstr(&m->joins, j);
		sbuf_addstr(&m->joins, " ON ");
		sbuf_addstr(&m->joins, j);
		sbuf_addstr(&m->joins, ".old = s.");
		merge_add_ident(&m->joins, t->cols[c]);
	} else {
		sbuf_addstr(&m->sql, "(SELECT new FROM ");
		merge_add_temp(&m->sql, "mmap_", m->t[ref].name);
		sbuf_addstr(&m->sql, " WHERE old = s.");
		merge_add_ident(&m->sql, t->cols[c]);
		sbuf_addch(&m->sql, ')');
	}
}

/* "d.k1 IS <expr> AND d.k2 IS <expr>": row "d" of @dst_alias matches row "s". */
static void
add_key_match(struct merge *m, const struct mtable *t, size_t ti, bool raw)
{
	size_t k;

	for (k = 0; k < t->nkey; k++) {
		if (k)
			sbuf_addstr(&m->sql, " AND ");
		sbuf_addstr(&m->sql, "d.");
		merge_add_ident(&m->sql, t->cols[t->key[k]]);
		sbuf_addstr(&m->sql, " IS ");
		if (raw) {
			sbuf_addstr(&m->sql, "s.");
			merge_add_ident(&m->sql, t->cols[t->key[k]]);
		} else {
			add_expr(m, t, ti, t->key[k]);
		}
	}
}

static void
add_from(struct merge *m, const char *alias, const char *table, const char *as)
{
	merge_add_ident(&m->sql, alias);
	sbuf_addch(&m->sql, '.');
	merge_add_ident(&m->sql, table);
	sbuf_addch(&m->sql, ' ');
	sbuf_addstr(&m->sql, as);
}

/* INSERT INTO dst.T(cols) SELECT <exprs> FROM src.T s: the common head. */
static void
add_insert_head(struct merge *m, const struct mtable *t, size_t ti, const char *dst,
		const char *src, bool with_id)
{
	size_t c;
	bool first = true;

	sbuf_reset(&m->sql);
	sbuf_addstr(&m->sql, "INSERT INTO ");
	merge_add_ident(&m->sql, dst);
	sbuf_addch(&m->sql, '.');
	merge_add_ident(&m->sql, t->name);
	sbuf_addch(&m->sql, '(');
	for (c = 0; c < t->ncols; c++) {
		if ((int)c == t->idcol && !with_id)
			continue;
		if (!first)
			sbuf_addch(&m->sql, ',');
		merge_add_ident(&m->sql, t->cols[c]);
		first = false;
	}
	sbuf_addstr(&m->sql, ") SELECT ");
	first = true;
	/* Rows of sources are many: their ids are mapped through joins. */
	m->join_maps = t->kind == MK_PERSOURCE;
	m->njoins = 0;
	sbuf_reset(&m->joins);
	for (c = 0; c < t->ncols; c++) {
		if ((int)c == t->idcol && !with_id)
			continue;
		if (!first)
			sbuf_addch(&m->sql, ',');
		add_expr(m, t, ti, (int)c);
		first = false;
	}
	m->join_maps = false;
	sbuf_addstr(&m->sql, " FROM ");
	add_from(m, src, t->name, "s");
	sbuf_addstr(&m->sql, m->joins.buf);
}

/* " NOT EXISTS (SELECT 1 FROM alias.T d WHERE <key match>)" */
static void
add_not_exists(struct merge *m, const struct mtable *t, size_t ti, const char *alias, bool raw)
{
	sbuf_addstr(&m->sql, "NOT EXISTS (SELECT 1 FROM ");
	add_from(m, alias, t->name, "d");
	sbuf_addstr(&m->sql, " WHERE ");
	add_key_match(m, t, ti, raw);
	sbuf_addch(&m->sql, ')');
}

/*
 * Whether the input's ids of per-source table @t are 1..n: then the ids the
 * output gives the rows in their order (its largest id + 1, + 2, ...) are the
 * ids + offset, and the copy leaves them to it (no look-up of each id).
 */
static int
dense_ids(struct merge *m, const struct mtable *t, const char *src, int64_t *dense,
	  struct err *err)
{
	/* Three subqueries: each alone is a count of cells or one seek, not a scan. */
	sbuf_reset(&m->sql);
	sbuf_addstr(&m->sql, "SELECT (SELECT count(*) FROM ");
	add_from(m, src, t->name, "");
	sbuf_addstr(&m->sql, ") = (SELECT max(");
	merge_add_ident(&m->sql, t->cols[t->idcol]);
	sbuf_addstr(&m->sql, ") FROM ");
	add_from(m, src, t->name, "");
	sbuf_addstr(&m->sql, ") AND (SELECT min(");
	merge_add_ident(&m->sql, t->cols[t->idcol]);
	sbuf_addstr(&m->sql, ") FROM ");
	add_from(m, src, t->name, "");
	sbuf_addstr(&m->sql, ") = 1");
	return merge_query_i64(m, m->sql.buf, dense, err);
}

/*
 * The id map of dictionary (or source table) @t just filled: when its old ids
 * are one range and each new id is old + the same delta (new nodes, their
 * GPUs, new sources), add_expr() writes it as arithmetic.
 */
static int
map_shift(struct merge *m, struct mtable *t, struct err *err)
{
	int64_t v[4];

	sbuf_reset(&m->sql);
	sbuf_addstr(&m->sql, "SELECT count(*) = count(new) AND count(*) = max(old) - min(old) + 1"
			     " AND min(new - old) = max(new - old), min(old), max(old),"
			     " min(new - old) FROM ");
	merge_add_temp(&m->sql, "mmap_", t->name);
	if (merge_query_i64s(m, m->sql.buf, v, 4, err))
		return err->status;
	t->shift = v[0];
	t->shift_lo = v[1];
	t->shift_hi = v[2];
	t->shift_delta = v[3];
	return 0;
}

int
merge_copy_table(struct merge *m, size_t ti, const char *dst, const char *src, const char *also,
		 struct err *err)
{
	struct mtable *t = &m->t[ti];
	int64_t dense = 0;

	if (t->kind == MK_SOURCE) {
		/* New sources: absent from dst (and from @also, the output, while staging). */
		sbuf_reset(&m->sql);
		sbuf_addstr(&m->sql, "INSERT INTO temp.merge_fresh SELECT s.");
		merge_add_ident(&m->sql, t->cols[t->idcol]);
		sbuf_addstr(&m->sql, " FROM ");
		add_from(m, src, t->name, "s");
		sbuf_addstr(&m->sql, " WHERE ");
		add_not_exists(m, t, ti, dst, false);
		if (also) {
			sbuf_addstr(&m->sql, " AND ");
			add_not_exists(m, t, ti, also, true);
		}
		if (merge_exec(m, m->sql.buf, err))
			return err->status;
		/* Every source new (the usual case): copy whole tables, no filter. */
		sbuf_reset(&m->sql);
		sbuf_addstr(&m->sql, "SELECT (SELECT count(*) FROM temp.merge_fresh) = count(*) FROM ");
		add_from(m, src, t->name, "");
		if (merge_query_i64(m, m->sql.buf, &m->all_fresh, err))
			return err->status;
	}
	if (t->kind == MK_PERSOURCE && t->idcol >= 0) {
		sbuf_reset(&m->sql);
		sbuf_addstr(&m->sql, "SELECT coalesce(max(");
		merge_add_ident(&m->sql, t->cols[t->idcol]);
		sbuf_addstr(&m->sql, "), 0) FROM ");
		add_from(m, dst, t->name, "");
		if (merge_query_i64(m, m->sql.buf, &m->off[ti], err) ||
		    (m->all_fresh && dense_ids(m, t, src, &dense, err)))
			return err->status;
	}
	add_insert_head(m, t, ti, dst, src, t->kind == MK_PERSOURCE && !dense);
	if (t->kind == MK_DICT) {
		sbuf_addstr(&m->sql, " WHERE ");
		add_not_exists(m, t, ti, dst, false);
	} else if (t->kind == MK_SOURCE || !m->all_fresh) {
		sbuf_addstr(&m->sql, " WHERE ");
		sbuf_addstr(&m->sql, "s.");
		merge_add_ident(&m->sql, t->cols[t->kind == MK_SOURCE ? t->idcol : t->srccol]);
		sbuf_addstr(&m->sql, " IN (SELECT old FROM temp.merge_fresh)");
	}
	if ((t->kind != MK_PERSOURCE || dense) && t->idcol >= 0) {
		/* New ids in the input's order (ingest -j gives the ids a plain ingest gives). */
		sbuf_addstr(&m->sql, " ORDER BY s.");
		merge_add_ident(&m->sql, t->cols[t->idcol]);
	}
	if (merge_exec(m, m->sql.buf, err))
		return err->status;
	if (t->kind == MK_PERSOURCE || t->idcol < 0)
		return 0;
	/* The id map of a dictionary or of the source table. */
	sbuf_reset(&m->sql);
	sbuf_addstr(&m->sql, "INSERT INTO ");
	merge_add_temp(&m->sql, "mmap_", t->name);
	sbuf_addstr(&m->sql, " SELECT s.");
	merge_add_ident(&m->sql, t->cols[t->idcol]);
	sbuf_addstr(&m->sql, ", (SELECT d.");
	merge_add_ident(&m->sql, t->cols[t->idcol]);
	sbuf_addstr(&m->sql, " FROM ");
	add_from(m, dst, t->name, "d");
	sbuf_addstr(&m->sql, " WHERE ");
	add_key_match(m, t, ti, false);
	sbuf_addstr(&m->sql, " LIMIT 1) FROM ");
	add_from(m, src, t->name, "s");
	if (merge_exec(m, m->sql.buf, err))
		return err->status;
	return map_shift(m, t, err);
}

/*
 * The merge's own temporary tables: the new sources of the input being
 * copied, and per dictionary (and the source table) its id map; the id
 * offsets of the tables of sources are m->off, written into the SQL as
 * numbers. @clear: empty the maps instead of creating them.
 */
int
merge_temp_tables(struct merge *m, bool clear, struct err *err)
{
	size_t i;

	sbuf_reset(&m->sql);
	sbuf_addstr(&m->sql, clear ? "DELETE FROM temp.merge_fresh;"
				   : "CREATE TEMP TABLE IF NOT EXISTS merge_fresh(old INTEGER PRIMARY KEY);");
	for (i = 0; i < m->nt; i++) {
		struct mtable *t = &m->t[i];

		t->shift = false;
		if (t->idcol < 0 || t->kind == MK_PERSOURCE)
			continue;
		sbuf_addstr(&m->sql, clear ? "DELETE FROM " : "CREATE TABLE IF NOT EXISTS ");
		merge_add_temp(&m->sql, "mmap_", t->name);
		if (!clear)
			sbuf_addstr(&m->sql, "(old INTEGER PRIMARY KEY, new INTEGER)");
		sbuf_addch(&m->sql, ';');
	}
	return merge_exec(m, m->sql.buf, err);
}
