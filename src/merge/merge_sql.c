/* SPDX-License-Identifier: MIT */
/*
 * merge_sql.c: the merge's SQL text (quoted identifiers, templates) and its small
 * queries, run on the output's connection.
 */
#include "merge_int.h"

/* ---- small helpers ---- */

void
merge_add_ident(struct sbuf *sb, const char *name)
{
	const char *p;

	sbuf_addch(sb, '"');
	for (p = name; *p; p++) {
		if (*p == '"')
			sbuf_addch(sb, '"');
		sbuf_addch(sb, *p);
	}
	sbuf_addch(sb, '"');
}

/*
 * merge_add_tpl() - append SQL @tpl with each "@S" replaced by the quoted schema
 * name @s and each "@D" by @d: SQL text never goes through printf.
 */
void
merge_add_tpl(struct sbuf *sb, const char *tpl, const char *s, const char *d)
{
	const char *p;

	for (p = tpl; *p; p++) {
		if (p[0] == '@' && (p[1] == 'S' || p[1] == 'D')) {
			merge_add_ident(sb, p[1] == 'S' ? s : d);
			p++;
		} else {
			sbuf_addch(sb, *p);
		}
	}
}

/* temp."mmap_T": the id map of T. */
void
merge_add_temp(struct sbuf *sb, const char *kind, const char *table)
{
	struct sbuf name = SBUF_INIT;

	sbuf_addstr(&name, kind);
	sbuf_addstr(&name, table);
	sbuf_addstr(sb, "temp.");
	merge_add_ident(sb, name.buf);
	sbuf_release(&name);
}

int
merge_exec(struct merge *m, const char *sql, struct err *err)
{
	char *msg = NULL;

	if (sqlite3_exec(m->st->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		int code = sqlite3_errcode(m->st->db);

		/*
		 * A row that refers to one its database lacks, or an id a copy
		 * cannot shift without leaving 64 bits: the input is damaged or
		 * forged, which a message should say rather than SQLite's words.
		 */
		if (!store_stopped(m->st, err) && (code == SQLITE_CONSTRAINT || code == SQLITE_MISMATCH ||
						   code == SQLITE_TOOBIG))
			err_set(err, LITSI_EDATA, "%s: merge refused: the input holds rows that refer "
				"to rows it does not hold, or ids out of range (a damaged or forged "
				"database; SQLite: %s)", m->out_path,
				msg ? msg : sqlite3_errmsg(m->st->db));
		else if (!store_stopped(m->st, err))
			err_set(err, LITSI_EDB, "%s: merge failed: %s", m->out_path,
				msg ? msg : sqlite3_errmsg(m->st->db));
		sqlite3_free(msg);
		return err->status;
	}
	return 0;
}

/* Run a query whose first row's columns are text; copies up to @n into @out. */
int
merge_query_row(struct merge *m, const char *sql, const char *bind1, const char *bind2, char **out,
		int n, bool *found, struct err *err)
{
	sqlite3_stmt *s;
	int rc, i;

	*found = false;
	if (store_prepare(m->st, sql, &s, err))
		return err->status;
	if (bind1)
		sqlite3_bind_text(s, 1, bind1, -1, SQLITE_STATIC);
	if (bind2)
		sqlite3_bind_text(s, 2, bind2, -1, SQLITE_STATIC);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		*found = true;
		for (i = 0; i < n; i++)
			out[i] = store_text_dup(s, i);
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_sqlerr(m->st, err, "merge query failed");
	return 0;
}

/* The first row's first @n columns as integers (0 for NULL or no row). */
int
merge_query_i64s(struct merge *m, const char *sql, int64_t *v, int n, struct err *err)
{
	sqlite3_stmt *s;
	int rc, i;

	if (store_prepare(m->st, sql, &s, err))
		return err->status;
	rc = sqlite3_step(s);
	for (i = 0; i < n; i++)
		v[i] = rc == SQLITE_ROW ? sqlite3_column_int64(s, i) : 0;
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_sqlerr(m->st, err, "merge query failed");
	return 0;
}

int
merge_query_i64(struct merge *m, const char *sql, int64_t *v, struct err *err)
{
	return merge_query_i64s(m, sql, v, 1, err);
}
