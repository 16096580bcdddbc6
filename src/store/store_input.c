/* SPDX-License-Identifier: MIT */
/*
 * store_input.c: reading another program's SQLite file as an input (a rocpd
 * database, an Nsight Systems export): a read-only, immutable connection of its own, so that nothing
 * is ever written beside the file (no journal, no -wal, no -shm), and every
 * statement runs under a progress handler that honours a stop flag (SIGINT,
 * SIGTERM) and a time budget. Knows nothing of the file's schema: it reads
 * the rows of a named table or view, finds columns by name, and looks a
 * string up by its id; names are always quoted identifiers, never values.
 */
#include "litsi/dbinput.h"
#include "litsi/litsi.h"
#include "store_int.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

enum { PROGRESS_OPS = 10000 };	/* SQLite VM steps between progress checks */

struct store_input {
	sqlite3 *db;
	sqlite3_stmt *s;
	char *path;
	char *obj;		/* the table or view being read */
	sqlite3_stmt *look;	/* the last lookup's statement, kept for the next */
	char *look_sql;		/* its text */
	struct store_input_limits lim;
	bool too_long;		/* the last error: a value over the string limit */
	int64_t rows;		/* rows of obj returned so far */
	int64_t step_ms;	/* monotonic, when the wait for the next row began */
	int stop_why;		/* 1 = stop flag, 2 = time budget; set by the handler */
};

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A non-zero return makes SQLite abandon the statement (SQLITE_INTERRUPT). */
static int
on_progress(void *arg)
{
	struct store_input *in = arg;

	if (in->lim.stop && *in->lim.stop)
		in->stop_why = 1;
	else if (now_ms() - in->step_ms > in->lim.max_ms)
		in->stop_why = 2;
	return in->stop_why;
}

static int
in_err(struct store_input *in, const char *what, struct err *err)
{
	if (in->stop_why == 1)
		return err_set(err, LITSI_EINTR, "%s: interrupted", in->path);
	in->too_long = sqlite3_errcode(in->db) == SQLITE_TOOBIG;
	if (in->too_long)
		return err_set(err, LITSI_EDATA, "%s: %s: a string or blob longer than 4 MiB (the "
			       "limit of every reader)", in->path, in->obj ? in->obj : what);
	if (in->stop_why == 2)
		return err_set(err, LITSI_EDATA,
			       "%s: %s: no row for more than %.3g s (the time budget of an "
			       "input database)", in->path, in->obj ? in->obj : "open",
			       (double)in->lim.max_ms / 1000);
	return err_set(err, LITSI_EDATA, "%s: %s: %s", in->path, what, sqlite3_errmsg(in->db));
}

/*
 * Immutable ignores a -wal file: its transactions would be lost without a
 * word, so such an input (a profiler still writing, or killed) is refused.
 */
int
store_check_no_wal(const char *path, struct err *err)
{
	struct sbuf wal = SBUF_INIT;
	struct stat sb;
	bool has;

	sbuf_addf(&wal, "%s-wal", path);
	has = stat(wal.buf, &sb) == 0 && sb.st_size > 0;
	sbuf_release(&wal);
	if (has)
		return err_set(err, LITSI_EDATA,
			       "%s: byte 0: a -wal file with uncommitted pages lies beside it "
			       "(is it still being written?); checkpoint it first with "
			       "sqlite3 FILE 'PRAGMA wal_checkpoint'", path);
	return 0;
}

int
store_input_open(const char *path, const struct store_input_limits *lim,
		 struct store_input **out, struct err *err)
{
	struct store_input *in;
	char *uri;
	int rc;

	*out = NULL;
	if (store_check_no_wal(path, err))
		return err->status;
	in = xcalloc(1, sizeof(*in));
	in->path = xstrdup(path);
	in->lim = *lim;
	if (in->lim.max_rows <= 0)
		in->lim.max_rows = STORE_INPUT_MAX_ROWS;
	if (in->lim.max_ms <= 0)
		in->lim.max_ms = STORE_INPUT_MAX_MS;
	in->step_ms = now_ms();
	uri = store_path_uri(path, "mode=ro&immutable=1");
	rc = sqlite3_open_v2(uri, &in->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
	free(uri);
	if (rc != SQLITE_OK) {
		rc = in->db ? in_err(in, "cannot open database", err)
			    : err_set(err, LITSI_ENOMEM, "%s: cannot open database", path);
		store_input_close(in);
		return rc;
	}
	sqlite3_progress_handler(in->db, PROGRESS_OPS, on_progress, in);
	/* A hostile file's schema runs no function with side effects, and cannot be corrupted. */
	sqlite3_db_config(in->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
	sqlite3_db_config(in->db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
	/* The string limit of every reader: a longer value is never read into memory. */
	sqlite3_limit(in->db, SQLITE_LIMIT_LENGTH, (4 << 20) + 4096);
	*out = in;
	return 0;
}

void
store_input_close(struct store_input *in)
{
	if (!in)
		return;
	sqlite3_finalize(in->s);
	sqlite3_finalize(in->look);
	sqlite3_close(in->db);
	free(in->look_sql);
	free(in->obj);
	free(in->path);
	free(in);
}

/* @name as a double-quoted identifier, its quotes doubled: never a value. */
static void
add_ident(struct sbuf *sql, const char *name)
{
	const char *p;

	sbuf_addch(sql, '"');
	for (p = name; *p; p++) {
		if (*p == '"')
			sbuf_addch(sql, '"');
		sbuf_addch(sql, *p);
	}
	sbuf_addch(sql, '"');
}

/* Prepare @sql (released here) as the statement that reads @obj. */
static int
start_select(struct store_input *in, const char *obj, struct sbuf *sql, struct err *err)
{
	int rc;

	sqlite3_finalize(in->s);
	in->s = NULL;
	free(in->obj);
	in->obj = xstrdup(obj);
	in->rows = 0;
	in->step_ms = now_ms();
	rc = sqlite3_prepare_v2(in->db, sql->buf, -1, &in->s, NULL);
	sbuf_release(sql);
	if (rc == SQLITE_OK)
		return 1;
	if (in->stop_why == 0 && strstr(sqlite3_errmsg(in->db), "no such table"))
		return 0;
	return in_err(in, "cannot read the database", err);
}

int
store_input_select(struct store_input *in, const char *obj, struct err *err)
{
	struct sbuf sql = SBUF_INIT;

	sbuf_addstr(&sql, "SELECT * FROM ");
	add_ident(&sql, obj);
	return start_select(in, obj, &sql, err);
}

int
store_input_select_cols(struct store_input *in, const char *obj, const char *const *cols,
			size_t nr, const char *order, struct err *err)
{
	struct sbuf sql = SBUF_INIT;
	size_t i;

	sbuf_addstr(&sql, "SELECT ");
	for (i = 0; i < nr; i++) {
		if (i)
			sbuf_addstr(&sql, ", ");
		if (cols[i])
			add_ident(&sql, cols[i]);
		else
			sbuf_addstr(&sql, "NULL");
	}
	sbuf_addstr(&sql, " FROM ");
	add_ident(&sql, obj);
	if (order) {
		sbuf_addstr(&sql, " ORDER BY ");
		add_ident(&sql, order);
	}
	return start_select(in, obj, &sql, err);
}

int
store_input_has_table(struct store_input *in, const char *table, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	in->step_ms = now_ms();
	if (sqlite3_prepare_v2(in->db, "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND "
			       "name = ?", -1, &s, NULL) != SQLITE_OK)
		return in_err(in, "cannot read the database", err);
	sqlite3_bind_text(s, 1, table, -1, SQLITE_STATIC);
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	if (rc == SQLITE_ROW || rc == SQLITE_DONE)
		return rc == SQLITE_ROW;
	return in_err(in, "cannot read the database", err);
}

bool
store_input_has_col(struct store_input *in, const char *table, const char *col)
{
	sqlite3_stmt *s;
	bool yes;

	in->step_ms = now_ms();
	if (sqlite3_prepare_v2(in->db, "SELECT 1 FROM pragma_table_info(?) WHERE name = ?", -1, &s,
			       NULL) != SQLITE_OK)
		return false;
	sqlite3_bind_text(s, 1, table, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, col, -1, SQLITE_STATIC);
	yes = sqlite3_step(s) == SQLITE_ROW;
	sqlite3_finalize(s);
	return yes;
}

int
store_input_lookup(struct store_input *in, const char *table, const char *key, const char *val,
		   int64_t id, const char **text, size_t *len, struct err *err)
{
	struct sbuf sql = SBUF_INIT;
	int rc;

	*text = NULL;
	*len = 0;
	sbuf_addstr(&sql, "SELECT ");
	add_ident(&sql, val);
	sbuf_addstr(&sql, " FROM ");
	add_ident(&sql, table);
	sbuf_addstr(&sql, " WHERE ");
	add_ident(&sql, key);
	sbuf_addstr(&sql, " = ?");
	if (!in->look || strcmp(in->look_sql, sql.buf)) {
		sqlite3_finalize(in->look);
		in->look = NULL;
		free(in->look_sql);
		in->look_sql = sbuf_detach(&sql);
		if (sqlite3_prepare_v2(in->db, in->look_sql, -1, &in->look, NULL) != SQLITE_OK)
			return in_err(in, table, err);
	}
	sbuf_release(&sql);
	sqlite3_reset(in->look);
	sqlite3_bind_int64(in->look, 1, id);
	in->step_ms = now_ms();
	rc = sqlite3_step(in->look);
	if (rc == SQLITE_DONE)
		return 0;
	if (rc != SQLITE_ROW)
		return in_err(in, table, err);
	*text = (const char *)sqlite3_column_text(in->look, 0);
	if (*text)
		*len = (size_t)sqlite3_column_bytes(in->look, 0);
	else if (sqlite3_errcode(in->db) == SQLITE_TOOBIG)
		return in_err(in, table, err);
	return 1;
}

bool
store_input_too_long(const struct store_input *in)
{
	return in->too_long;
}

int
store_input_step(struct store_input *in, struct err *err)
{
	int rc;

	in->step_ms = now_ms();
	rc = sqlite3_step(in->s);
	if (rc == SQLITE_DONE)
		return 0;
	if (rc != SQLITE_ROW)
		return in_err(in, in->obj, err);
	if (++in->rows > in->lim.max_rows)
		return err_set(err, LITSI_EDATA,
			       "%s: %s: more than %lld rows (the row budget of an input database)",
			       in->path, in->obj, (long long)in->lim.max_rows);
	return 1;
}

int64_t
store_input_row(const struct store_input *in)
{
	return in->rows;
}

int
store_input_col(const struct store_input *in, const char *names)
{
	const char *p = names;
	int n = sqlite3_column_count(in->s);

	for (;;) {
		const char *bar = strchr(p, '|');
		size_t k = bar ? (size_t)(bar - p) : strlen(p);
		int i;

		for (i = 0; i < n; i++) {
			const char *cn = sqlite3_column_name(in->s, i);

			if (cn && strlen(cn) == k && !strncasecmp(cn, p, k))
				return i;
		}
		if (!bar)
			return -1;
		p = bar + 1;
	}
}

bool
store_input_null(const struct store_input *in, int c)
{
	return c < 0 || sqlite3_column_type(in->s, c) == SQLITE_NULL;
}

int
store_input_int(const struct store_input *in, int c, int64_t *v)
{
	int t = c >= 0 ? sqlite3_column_type(in->s, c) : SQLITE_NULL;

	if (t == SQLITE_INTEGER) {
		*v = sqlite3_column_int64(in->s, c);
		return 0;
	}
	if (t == SQLITE_TEXT) {
		const char *s = (const char *)sqlite3_column_text(in->s, c);

		return s && !parse_i64(s, INT64_MIN, INT64_MAX, v) ? 0 : -1;
	}
	return -1;
}

enum store_input_type
store_input_type(const struct store_input *in, int c, size_t *bytes)
{
	int t = c >= 0 ? sqlite3_column_type(in->s, c) : SQLITE_NULL;

	if (bytes)
		*bytes = t == SQLITE_TEXT || t == SQLITE_BLOB ?
			 (size_t)sqlite3_column_bytes(in->s, c) : 0;
	switch (t) {
	case SQLITE_INTEGER:
		return STORE_INPUT_INTEGER;
	case SQLITE_FLOAT:
		return STORE_INPUT_REAL;
	case SQLITE_TEXT:
		return STORE_INPUT_TEXT;
	case SQLITE_BLOB:
		return STORE_INPUT_BLOB;
	default:
		return STORE_INPUT_NULL;
	}
}

const char *
store_input_text(const struct store_input *in, int c, size_t *len)
{
	const char *t = c >= 0 ? (const char *)sqlite3_column_text(in->s, c) : NULL;

	if (len)
		*len = t ? (size_t)sqlite3_column_bytes(in->s, c) : 0;
	return t;
}
