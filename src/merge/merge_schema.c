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

/*
 * The columns of table @t of "main", in order, and its column list in @sig;
 * *@npk: columns of its primary key, *@pkcol the last of them, *@is_int
 * whether that one is declared INTEGER.
 */
static int
read_columns(struct merge *m, struct mtable *t, struct sbuf *sig, size_t *npk, int *pkcol,
	     bool *is_int, struct err *err)
{
	sqlite3_stmt *s;
	size_t alloc = 0;
	int rc;

	if (store_prepare(m->st,
			  "SELECT name, upper(type), pk FROM pragma_table_info(?1, 'main')"
			  " ORDER BY cid",
			  &s, err))
		return err->status;
	sqlite3_bind_text(s, 1, t->name, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		VEC_GROW(t->cols, t->ncols + 1, alloc);
		t->cols[t->ncols] = store_text_dup(s, 0);
		if (sqlite3_column_int(s, 2) > 0) {
			(*npk)++;
			*pkcol = (int)t->ncols;
			*is_int = !strcmp((const char *)sqlite3_column_text(s, 1), "INTEGER");
		}
		if (sig->len)
			sbuf_addch(sig, ',');
		sbuf_addstr(sig, t->cols[t->ncols]);
		t->ncols++;
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		return store_sqlerr(m->st, err, "cannot read the schema");
	return 0;
}

/*
 * The unique indexes of table @t: *@pk_index when one is the primary key's
 * (origin 'pk': WITHOUT ROWID or a non-integer key), *@keyidx (malloc'd) the
 * name of the first other one, by name; NULL when none.
 */
static int
read_unique(struct merge *m, const struct mtable *t, bool *pk_index, char **keyidx,
	    struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	if (store_prepare(m->st,
			  "SELECT name, origin FROM pragma_index_list(?1, 'main')"
			  " WHERE \"unique\" ORDER BY origin = 'pk', name",
			  &s, err))
		return err->status;
	sqlite3_bind_text(s, 1, t->name, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		if (!strcmp((const char *)sqlite3_column_text(s, 1), "pk"))
			*pk_index = true;
		else if (!*keyidx)
			*keyidx = store_text_dup(s, 0);
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		return store_sqlerr(m->st, err, "cannot read the schema");
	return 0;
}

/*
 * The natural key of table @t: the columns of its unique index @keyidx; all
 * columns but the rowid alias when it has none, or an expression index.
 */
static int
read_key(struct merge *m, struct mtable *t, const char *keyidx, struct err *err)
{
	sqlite3_stmt *s;
	size_t i;

	t->key = xcalloc(t->ncols, sizeof(*t->key));
	if (keyidx) {
		if (store_prepare(m->st,
				  "SELECT name FROM pragma_index_info(?1, 'main') ORDER BY seqno",
				  &s, err))
			return err->status;
		sqlite3_bind_text(s, 1, keyidx, -1, SQLITE_STATIC);
		while (sqlite3_step(s) == SQLITE_ROW && t->nkey < t->ncols) {
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
	}
	if (!t->nkey)
		for (i = 0; i < t->ncols; i++)
			if ((int)i != t->idcol)
				t->key[t->nkey++] = (int)i;
	return 0;
}

/* The columns, rowid alias and natural key of one table of "main". */
static int
read_table(struct merge *m, struct mtable *t, struct err *err)
{
	struct sbuf sig = SBUF_INIT;
	size_t npk = 0;
	int pkcol = -1;
	bool pk_index = false, is_int = false;
	char *keyidx = NULL;

	t->idcol = -1;
	t->srccol = -1;
	if (read_columns(m, t, &sig, &npk, &pkcol, &is_int, err))
		goto out;
	t->colsig = sbuf_detach(&sig);
	if (read_unique(m, t, &pk_index, &keyidx, err))
		goto out;
	if (npk == 1 && is_int && !pk_index)
		t->idcol = pkcol;
	read_key(m, t, keyidx, err);
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

/* The kind of each table: the source table, per-source (a foreign key to it) or dictionary. */
static void
classify(struct mtable *v, size_t n, int src)
{
	size_t i, j;

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
}

/*
 * The tables @v into m->t in topological order over the foreign keys
 * (parents first), the foreign keys then indexing m->t; LITSI_EDB when they
 * form a cycle.
 */
static int
sort_tables(struct merge *m, const struct mtable *v, size_t n, struct err *err)
{
	size_t i, j, placed = 0;
	bool *done = xcalloc(n ? n : 1, sizeof(*done));

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
			free(done);
			return err_set(err, LITSI_EDB, "%s: cannot merge: the foreign keys form a cycle",
				       m->out_path);
		}
	}
	free(done);
	/* Foreign keys index the sorted array from here on. */
	for (i = 0; i < n; i++)
		for (j = 0; j < m->t[i].nfks; j++)
			m->t[i].fks[j].ref = table_index(m->t, n, v[m->t[i].fks[j].ref].name);
	return 0;
}

/* Read the tables of "main", classify them and sort them so parents come first. */
int
merge_read_schema(struct merge *m, struct err *err)
{
	struct mtable *v = NULL;
	size_t n = 0, alloc = 0, i;
	sqlite3_stmt *s;
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
	classify(v, n, src);
	if (sort_tables(m, v, n, err))
		goto out;
	m->nt = n;
	m->off = xcalloc(n ? n : 1, sizeof(*m->off));
	free(v);
	return 0;
out:
	for (i = 0; i < n; i++)
		merge_mtable_release(&v[i]);
	free(v);
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
