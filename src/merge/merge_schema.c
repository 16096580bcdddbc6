/* SPDX-License-Identifier: MIT */
/*
 * merge_schema.c: the plan of a merge: the output's tables read from its schema,
 * each classified as source, per-source or dictionary, in dependency order.
 */
#include "merge_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- the schema, read from the output ---- */

void
merge_mtable_release(struct mtable *t)
{
	size_t i;

	for (i = 0; i < t->ncols; i++)
		free(t->cols[i]);
	free(t->cols);
	free(t->key);
	free(t->fks);
	free(t->colsig);
	free(t->name);
}

static int
col_index(const struct mtable *t, const char *name)
{
	size_t i;

	for (i = 0; i < t->ncols; i++)
		if (!strcmp(t->cols[i], name))
			return (int)i;
	return -1;
}

static int
table_index(const struct mtable *v, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(v[i].name, name))
			return (int)i;
	return -1;
}

/* The columns, rowid alias and natural key of one table of "main". */
static int
read_table(struct merge *m, struct mtable *t, struct err *err)
{
	sqlite3_stmt *s = NULL;
	struct sbuf sig = SBUF_INIT;
	size_t alloc = 0, npk = 0;
	int pkcol = -1, rc;
	bool pk_index = false, is_int = false;
	char *keyidx = NULL;

	t->idcol = -1;
	t->srccol = -1;
	if (store_prepare(m->st,
			  "SELECT name, upper(type), pk FROM pragma_table_info(?1, 'main')"
			  " ORDER BY cid",
			  &s, err))
		goto out;
	sqlite3_bind_text(s, 1, t->name, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		VEC_GROW(t->cols, t->ncols + 1, alloc);
		t->cols[t->ncols] = store_text_dup(s, 0);
		if (sqlite3_column_int(s, 2) > 0) {
			npk++;
			pkcol = (int)t->ncols;
			is_int = !strcmp((const char *)sqlite3_column_text(s, 1), "INTEGER");
		}
		if (sig.len)
			sbuf_addch(&sig, ',');
		sbuf_addstr(&sig, t->cols[t->ncols]);
		t->ncols++;
	}
	sqlite3_finalize(s);
	s = NULL;
	if (rc != SQLITE_DONE) {
		store_sqlerr(m->st, err, "cannot read the schema");
		goto out;
	}
	t->colsig = sbuf_detach(&sig);
	/* A unique index: origin 'pk' means WITHOUT ROWID or a non-integer key. */
	if (store_prepare(m->st,
			  "SELECT name, origin FROM pragma_index_list(?1, 'main')"
			  " WHERE \"unique\" ORDER BY origin = 'pk', name",
			  &s, err))
		goto out;
	sqlite3_bind_text(s, 1, t->name, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		if (!strcmp((const char *)sqlite3_column_text(s, 1), "pk"))
			pk_index = true;
		else if (!keyidx)
			keyidx = store_text_dup(s, 0);
	}
	sqlite3_finalize(s);
	s = NULL;
	if (rc != SQLITE_DONE) {
		store_sqlerr(m->st, err, "cannot read the schema");
		goto out;
	}
	if (npk == 1 && is_int && !pk_index)
		t->idcol = pkcol;
	t->key = xcalloc(t->ncols, sizeof(*t->key));
	if (keyidx) {
		if (store_prepare(m->st,
				  "SELECT name FROM pragma_index_info(?1, 'main') ORDER BY seqno",
				  &s, err))
			goto out;
		sqlite3_bind_text(s, 1, keyidx, -1, SQLITE_STATIC);
		while ((rc = sqlite3_step(s)) == SQLITE_ROW && t->nkey < t->ncols) {
			int c = sqlite3_column_type(s, 0) == SQLITE_NULL
					? -1
					: col_index(t, (const char *)sqlite3_column_text(s, 0));

			if (c < 0) {	/* an expression index: fall back to all columns */
				t->nkey = 0;
				break;
			}
			t->key[t->nkey++] = c;
		}
		sqlite3_finalize(s);
		s = NULL;
	}
	if (!t->nkey) {
		size_t i;

		for (i = 0; i < t->ncols; i++)
			if ((int)i != t->idcol)
				t->key[t->nkey++] = (int)i;
	}
out:
	free(keyidx);
	sbuf_release(&sig);
	return err->status;
}

static int
read_fks(struct merge *m, struct mtable *v, size_t n, size_t ti, struct err *err)
{
	struct mtable *t = &v[ti];
	sqlite3_stmt *s;
	size_t alloc = 0;
	int rc;

	if (store_prepare(m->st,
			  "SELECT \"from\", \"table\", \"to\" FROM pragma_foreign_key_list(?1, 'main')"
			  " ORDER BY id, seq",
			  &s, err))
		return err->status;
	sqlite3_bind_text(s, 1, t->name, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		int col = col_index(t, (const char *)sqlite3_column_text(s, 0));
		int ref = table_index(v, n, (const char *)sqlite3_column_text(s, 1));
		const char *to = (const char *)sqlite3_column_text(s, 2);

		if (col < 0 || ref < 0 || ref == (int)ti)
			continue;
		VEC_GROW(t->fks, t->nfks + 1, alloc);
		t->fks[t->nfks].col = col;
		t->fks[t->nfks].ref = ref;
		t->fks[t->nfks].remap = v[ref].idcol >= 0 &&
					(!to || !strcmp(to, v[ref].cols[v[ref].idcol]));
		t->nfks++;
	}
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(m->st, err, "cannot read the schema");
}

/* Read the tables of "main", classify them and sort them so parents come first. */
int
merge_read_schema(struct merge *m, struct err *err)
{
	struct mtable *v = NULL;
	size_t n = 0, alloc = 0, i, j, placed = 0;
	sqlite3_stmt *s;
	bool *done = NULL;
	int src, rc;

	if (store_prepare(m->st,
			  "SELECT name FROM main.sqlite_master WHERE type = 'table'"
			  " AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
			  &s, err))
		return err->status;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		VEC_GROW(v, n + 1, alloc);
		memset(&v[n], 0, sizeof(v[n]));
		v[n++].name = store_text_dup(s, 0);
	}
	sqlite3_finalize(s);
	m->t = xcalloc(n ? n : 1, sizeof(*m->t));
	if (rc != SQLITE_DONE) {
		store_sqlerr(m->st, err, "cannot read the schema");
		goto out;
	}
	for (i = 0; i < n; i++)
		if (read_table(m, &v[i], err))
			goto out;
	for (i = 0; i < n; i++)
		if (read_fks(m, v, n, i, err))
			goto out;
	src = table_index(v, n, "source");
	if (src < 0 || v[src].idcol < 0) {
		err_set(err, LITSI_EDB, "%s: not a litsi database (no source table)", m->out_path);
		goto out;
	}
	for (i = 0; i < n; i++) {
		v[i].kind = (int)i == src ? MK_SOURCE : MK_DICT;
		for (j = 0; j < v[i].nfks && (int)i != src; j++) {
			if (v[i].fks[j].ref == src) {
				v[i].kind = MK_PERSOURCE;
				v[i].srccol = v[i].fks[j].col;
				break;
			}
		}
	}
	/* Topological order over the foreign keys. */
	done = xcalloc(n ? n : 1, sizeof(*done));
	while (placed < n) {
		size_t before = placed;

		for (i = 0; i < n; i++) {
			bool ready = !done[i];

			for (j = 0; ready && j < v[i].nfks; j++)
				ready = done[v[i].fks[j].ref];
			if (!ready)
				continue;
			done[i] = true;
			m->t[placed++] = v[i];
		}
		if (placed == before) {
			err_set(err, LITSI_EDB, "%s: cannot merge: the foreign keys form a cycle",
				m->out_path);
			goto out;
		}
	}
	/* Foreign keys index the sorted array from here on. */
	for (i = 0; i < n; i++)
		for (j = 0; j < m->t[i].nfks; j++)
			m->t[i].fks[j].ref = table_index(m->t, n, v[m->t[i].fks[j].ref].name);
	m->nt = n;
	m->off = xcalloc(n ? n : 1, sizeof(*m->off));
	free(v);
	free(done);
	return 0;
out:
	for (i = 0; i < n; i++)
		merge_mtable_release(&v[i]);
	free(v);
	free(done);
	free(m->t);
	m->t = NULL;
	return err->status;
}

int
merge_user_version(struct merge *m, const char *alias, int *v, struct err *err)
{
	int64_t x;

	sbuf_reset(&m->sql);
	sbuf_addstr(&m->sql, "PRAGMA ");
	merge_add_ident(&m->sql, alias);
	sbuf_addstr(&m->sql, ".user_version");
	if (merge_query_i64(m, m->sql.buf, &x, err))
		return err->status;
	*v = (int)x;
	return 0;
}
