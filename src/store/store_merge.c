/* SPDX-License-Identifier: MIT */
/*
 * store_merge.c: litsi merge. Copies litsi databases into one, table by table
 * as the output's schema declares them (so tables and columns added later come
 * along), remapping ids, with every change to the output in one transaction.
 *
 * Each table is one of three kinds, found from its foreign keys and unique
 * indexes:
 *   source     the unit of idempotence: a source whose sha256 the output
 *              already holds is not copied again, nor anything of it;
 *   per-source a table with a foreign key to source (kernel, sample,
 *              telemetry, ...): the rows of new sources are copied, and a
 *              row id becomes id + (the output's largest id);
 *   dictionary every other table (node, gpu, name, metric): a row is matched
 *              on its first unique index (else on all its columns) and
 *              inserted only when missing; ids are mapped through a table.
 * Foreign keys are rewritten through those offsets and maps.
 *
 * SQLite attaches at most ten databases to a connection and cannot detach
 * one inside a transaction, so inputs are attached MAX_BATCH at a time. A new
 * output is built under a temporary name, a batch per transaction, and
 * linked to its name when complete. Into an existing output, up to MAX_BATCH
 * inputs are copied in one transaction; more are first gathered, a batch per
 * transaction, into a private temporary database ("stage", deleted by SQLite
 * when the connection closes, even after a crash), which is then copied into
 * the output in one transaction.
 */
#include "store_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "litsi/litsi.h"

enum { MAX_BATCH = 8 };

enum mkind { MK_SOURCE, MK_PERSOURCE, MK_DICT };

struct mfk {
	int col;	/* the referencing column */
	int ref;	/* the table it references (index into merge.t) */
	bool remap;	/* it references that table's id */
};

struct mtable {
	char *name;
	char **cols;
	size_t ncols;
	int idcol;		/* the INTEGER PRIMARY KEY column, or -1 */
	int *key;		/* natural key columns (source, dictionary) */
	size_t nkey;
	struct mfk *fks;
	size_t nfks;
	int srccol;		/* per-source: the column naming the source */
	enum mkind kind;
	char *colsig;		/* "a,b,c": the column list, for the schema check */
	bool shift;		/* the id map of the input being copied is a shift: */
	int64_t shift_lo, shift_hi, shift_delta;	/* old in [lo, hi] -> old + delta */
};

struct merge {
	struct store *st;
	struct mtable *t;	/* in dependency order */
	size_t nt;
	int version;
	const char *out_path;
	const char *const *inputs;
	char **node_names;	/* which input brought each node (clash messages) */
	size_t *node_from;
	size_t nr_nodes, alloc_nodes;
	struct sbuf sql;
	struct sbuf joins;	/* LEFT JOINs of the id maps, when bulk copying */
	bool join_maps;		/* add_expr() maps ids through joins, not subqueries */
	int64_t all_fresh;	/* every source of the input being copied is new */
	int64_t *off;		/* [nt] per-source tables: the id offset of this input */
	int njoins;
	char **later;		/* CREATE INDEX of the indexes built after a bulk copy */
	size_t nr_later;
};

/* ---- small helpers ---- */

static void
add_ident(struct sbuf *sb, const char *name)
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
 * add_tpl() - append SQL @tpl with each "@S" replaced by the quoted schema
 * name @s and each "@D" by @d: SQL text never goes through printf.
 */
static void
add_tpl(struct sbuf *sb, const char *tpl, const char *s, const char *d)
{
	const char *p;

	for (p = tpl; *p; p++) {
		if (p[0] == '@' && (p[1] == 'S' || p[1] == 'D')) {
			add_ident(sb, p[1] == 'S' ? s : d);
			p++;
		} else {
			sbuf_addch(sb, *p);
		}
	}
}

/* temp."mmap_T": the id map of T. */
static void
add_temp(struct sbuf *sb, const char *kind, const char *table)
{
	struct sbuf name = SBUF_INIT;

	sbuf_addstr(&name, kind);
	sbuf_addstr(&name, table);
	sbuf_addstr(sb, "temp.");
	add_ident(sb, name.buf);
	sbuf_release(&name);
}

static int
exec_sql(struct merge *m, const char *sql, struct err *err)
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
static int
query_row(struct merge *m, const char *sql, const char *bind1, const char *bind2, char **out,
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
static int
query_i64s(struct merge *m, const char *sql, int64_t *v, int n, struct err *err)
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

static int
query_i64(struct merge *m, const char *sql, int64_t *v, struct err *err)
{
	return query_i64s(m, sql, v, 1, err);
}

/* ---- the schema, read from the output ---- */

static void
mtable_release(struct mtable *t)
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
static int
read_schema(struct merge *m, struct err *err)
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
		mtable_release(&v[i]);
	free(v);
	free(done);
	free(m->t);
	m->t = NULL;
	return err->status;
}

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

static int
user_version(struct merge *m, const char *alias, int *v, struct err *err)
{
	int64_t x;

	sbuf_reset(&m->sql);
	sbuf_addstr(&m->sql, "PRAGMA ");
	add_ident(&m->sql, alias);
	sbuf_addstr(&m->sql, ".user_version");
	if (query_i64(m, m->sql.buf, &x, err))
		return err->status;
	*v = (int)x;
	return 0;
}

/* The input @alias (file @path) must have the output's schema version and tables. */
static int
check_schema(struct merge *m, const char *alias, const char *path, struct err *err)
{
	int v;
	int64_t ntab;
	size_t i;

	if (user_version(m, alias, &v, err))
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
	add_tpl(&m->sql,
		"SELECT count(*) FROM @S.sqlite_master WHERE type = 'table'"
		" AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
		alias, alias);
	if (query_i64(m, m->sql.buf, &ntab, err))
		return err->status;
	for (i = 0; i < m->nt; i++) {
		char *sig = NULL;
		bool found;
		int bad;

		sbuf_reset(&m->sql);
		if (query_row(m,
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
		add_tpl(&m->sql, "SELECT type FROM @S.sqlite_master WHERE name = ?1", alias, alias);
		if (query_row(m, m->sql.buf, m->t[i].name, NULL, &sig, 1, &found, err))
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
static int
check_clash(struct merge *m, const char *src, const char *dst, const char *src_name,
	    bool src_lookup, const char *dst_name, bool dst_lookup, struct err *err)
{
	char *row[3] = { NULL, NULL, NULL };
	bool found;
	const char *a, *b;

	sbuf_reset(&m->sql);
	add_tpl(&m->sql,
		"SELECT n.name, r.run FROM @S.node n JOIN @D.node d ON d.name = n.name"
		" JOIN (SELECT DISTINCT node_id, run FROM @S.source) r ON r.node_id = n.id"
		" WHERE EXISTS (SELECT 1 FROM @D.source WHERE node_id = d.id AND run IS r.run)"
		" AND (EXISTS (SELECT sha256 FROM @S.source WHERE node_id = n.id AND run IS r.run"
		"  EXCEPT SELECT sha256 FROM @D.source WHERE node_id = d.id AND run IS r.run)"
		" OR EXISTS (SELECT sha256 FROM @D.source WHERE node_id = d.id AND run IS r.run"
		"  EXCEPT SELECT sha256 FROM @S.source WHERE node_id = n.id AND run IS r.run))"
		" ORDER BY n.name, r.run LIMIT 1",
		src, dst);
	if (query_row(m, m->sql.buf, NULL, NULL, row, 2, &found, err))
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
	add_tpl(&m->sql,
		"SELECT s.path, sn.name, dn.name FROM @S.source s"
		" JOIN @D.source d ON d.sha256 = s.sha256 AND d.run IS s.run"
		" LEFT JOIN @S.node sn ON sn.id = s.node_id"
		" LEFT JOIN @D.node dn ON dn.id = d.node_id"
		" WHERE sn.name IS NOT dn.name ORDER BY s.id LIMIT 1",
		src, dst);
	if (query_row(m, m->sql.buf, NULL, NULL, row, 3, &found, err))
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
		add_ident(&m->sql, t->cols[c]);
	} else if (m->t[ref].kind == MK_PERSOURCE) {
		/* A literal: a subquery here costs a third of the copy. */
		sbuf_addstr(&m->sql, "(s.");
		add_ident(&m->sql, t->cols[c]);
		sbuf_addf(&m->sql, " + %lld)", (long long)m->off[ref]);
	} else if (m->t[ref].shift) {
		/* The map as arithmetic: what the join gives, without a look-up per row. */
		sbuf_addstr(&m->sql, "CASE WHEN s.");
		add_ident(&m->sql, t->cols[c]);
		sbuf_addf(&m->sql, " BETWEEN %lld AND %lld THEN s.", (long long)m->t[ref].shift_lo,
			  (long long)m->t[ref].shift_hi);
		add_ident(&m->sql, t->cols[c]);
		sbuf_addf(&m->sql, " + %lld END", (long long)m->t[ref].shift_delta);
	} else if (m->join_maps) {
		/* A join keeps one cursor open; a subquery opens one per row. */
		char j[16];

		snprintf(j, sizeof(j), "j%d", m->njoins++);
		sbuf_addstr(&m->sql, j);
		sbuf_addstr(&m->sql, ".new");
		sbuf_addstr(&m->joins, " LEFT JOIN ");
		add_temp(&m->joins, "mmap_", m->t[ref].name);
		sbuf_addch(&m->joins, ' ');
		sbuf_addstr(&m->joins, j);
		sbuf_addstr(&m->joins, " ON ");
		sbuf_addstr(&m->joins, j);
		sbuf_addstr(&m->joins, ".old = s.");
		add_ident(&m->joins, t->cols[c]);
	} else {
		sbuf_addstr(&m->sql, "(SELECT new FROM ");
		add_temp(&m->sql, "mmap_", m->t[ref].name);
		sbuf_addstr(&m->sql, " WHERE old = s.");
		add_ident(&m->sql, t->cols[c]);
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
		add_ident(&m->sql, t->cols[t->key[k]]);
		sbuf_addstr(&m->sql, " IS ");
		if (raw) {
			sbuf_addstr(&m->sql, "s.");
			add_ident(&m->sql, t->cols[t->key[k]]);
		} else {
			add_expr(m, t, ti, t->key[k]);
		}
	}
}

static void
add_from(struct merge *m, const char *alias, const char *table, const char *as)
{
	add_ident(&m->sql, alias);
	sbuf_addch(&m->sql, '.');
	add_ident(&m->sql, table);
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
	add_ident(&m->sql, dst);
	sbuf_addch(&m->sql, '.');
	add_ident(&m->sql, t->name);
	sbuf_addch(&m->sql, '(');
	for (c = 0; c < t->ncols; c++) {
		if ((int)c == t->idcol && !with_id)
			continue;
		if (!first)
			sbuf_addch(&m->sql, ',');
		add_ident(&m->sql, t->cols[c]);
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
	add_ident(&m->sql, t->cols[t->idcol]);
	sbuf_addstr(&m->sql, ") FROM ");
	add_from(m, src, t->name, "");
	sbuf_addstr(&m->sql, ") AND (SELECT min(");
	add_ident(&m->sql, t->cols[t->idcol]);
	sbuf_addstr(&m->sql, ") FROM ");
	add_from(m, src, t->name, "");
	sbuf_addstr(&m->sql, ") = 1");
	return query_i64(m, m->sql.buf, dense, err);
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
	add_temp(&m->sql, "mmap_", t->name);
	if (query_i64s(m, m->sql.buf, v, 4, err))
		return err->status;
	t->shift = v[0];
	t->shift_lo = v[1];
	t->shift_hi = v[2];
	t->shift_delta = v[3];
	return 0;
}

static int
copy_table(struct merge *m, size_t ti, const char *dst, const char *src, const char *also,
	   struct err *err)
{
	struct mtable *t = &m->t[ti];
	int64_t dense = 0;

	if (t->kind == MK_SOURCE) {
		/* New sources: absent from dst (and from @also, the output, while staging). */
		sbuf_reset(&m->sql);
		sbuf_addstr(&m->sql, "INSERT INTO temp.merge_fresh SELECT s.");
		add_ident(&m->sql, t->cols[t->idcol]);
		sbuf_addstr(&m->sql, " FROM ");
		add_from(m, src, t->name, "s");
		sbuf_addstr(&m->sql, " WHERE ");
		add_not_exists(m, t, ti, dst, false);
		if (also) {
			sbuf_addstr(&m->sql, " AND ");
			add_not_exists(m, t, ti, also, true);
		}
		if (exec_sql(m, m->sql.buf, err))
			return err->status;
		/* Every source new (the usual case): copy whole tables, no filter. */
		sbuf_reset(&m->sql);
		sbuf_addstr(&m->sql, "SELECT (SELECT count(*) FROM temp.merge_fresh) = count(*) FROM ");
		add_from(m, src, t->name, "");
		if (query_i64(m, m->sql.buf, &m->all_fresh, err))
			return err->status;
	}
	if (t->kind == MK_PERSOURCE && t->idcol >= 0) {
		sbuf_reset(&m->sql);
		sbuf_addstr(&m->sql, "SELECT coalesce(max(");
		add_ident(&m->sql, t->cols[t->idcol]);
		sbuf_addstr(&m->sql, "), 0) FROM ");
		add_from(m, dst, t->name, "");
		if (query_i64(m, m->sql.buf, &m->off[ti], err) ||
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
		add_ident(&m->sql, t->cols[t->kind == MK_SOURCE ? t->idcol : t->srccol]);
		sbuf_addstr(&m->sql, " IN (SELECT old FROM temp.merge_fresh)");
	}
	if ((t->kind != MK_PERSOURCE || dense) && t->idcol >= 0) {
		/* New ids in the input's order (ingest -j gives the ids a plain ingest gives). */
		sbuf_addstr(&m->sql, " ORDER BY s.");
		add_ident(&m->sql, t->cols[t->idcol]);
	}
	if (exec_sql(m, m->sql.buf, err))
		return err->status;
	if (t->kind == MK_PERSOURCE || t->idcol < 0)
		return 0;
	/* The id map of a dictionary or of the source table. */
	sbuf_reset(&m->sql);
	sbuf_addstr(&m->sql, "INSERT INTO ");
	add_temp(&m->sql, "mmap_", t->name);
	sbuf_addstr(&m->sql, " SELECT s.");
	add_ident(&m->sql, t->cols[t->idcol]);
	sbuf_addstr(&m->sql, ", (SELECT d.");
	add_ident(&m->sql, t->cols[t->idcol]);
	sbuf_addstr(&m->sql, " FROM ");
	add_from(m, dst, t->name, "d");
	sbuf_addstr(&m->sql, " WHERE ");
	add_key_match(m, t, ti, false);
	sbuf_addstr(&m->sql, " LIMIT 1) FROM ");
	add_from(m, src, t->name, "s");
	if (exec_sql(m, m->sql.buf, err))
		return err->status;
	return map_shift(m, t, err);
}

/*
 * The merge's own temporary tables: the new sources of the input being
 * copied, and per dictionary (and the source table) its id map; the id
 * offsets of the tables of sources are m->off, written into the SQL as
 * numbers. @clear: empty the maps instead of creating them.
 */
static int
temp_tables(struct merge *m, bool clear, struct err *err)
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
		add_temp(&m->sql, "mmap_", t->name);
		if (!clear)
			sbuf_addstr(&m->sql, "(old INTEGER PRIMARY KEY, new INTEGER)");
		sbuf_addch(&m->sql, ';');
	}
	return exec_sql(m, m->sql.buf, err);
}

static int
remember_nodes(struct merge *m, const char *alias, size_t input, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	sbuf_reset(&m->sql);
	add_tpl(&m->sql, "SELECT name FROM @S.node ORDER BY name", alias, alias);
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
 * mapped by copy_table) as another product. Names as check_clash().
 */
static int
check_products(struct merge *m, const char *src, const char *dst, const char *src_name,
	       bool src_lookup, const char *dst_name, bool dst_lookup, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	sbuf_reset(&m->sql);
	add_tpl(&m->sql,
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
static int
check_ranges(struct merge *m, const char *alias, const char *path, struct err *err)
{
	sqlite3_stmt *s, *ins = NULL;
	char *row[2] = { NULL, NULL };
	double lo, hi;
	bool found;
	int rc;

	if (exec_sql(m, "CREATE TEMP TABLE IF NOT EXISTS merge_range(id INTEGER PRIMARY KEY,"
			" lo REAL, hi REAL); DELETE FROM temp.merge_range;", err))
		return err->status;
	sbuf_reset(&m->sql);
	add_tpl(&m->sql, "SELECT id, name FROM @S.metric", alias, alias);
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
	add_tpl(&m->sql,
		"SELECT (SELECT name FROM @S.metric WHERE id = t.metric_id), t.value"
		" FROM @S.telemetry t JOIN temp.merge_range r ON r.id = t.metric_id"
		" WHERE NOT (t.value BETWEEN r.lo AND r.hi) LIMIT 1",
		alias, alias);
	if (query_row(m, m->sql.buf, NULL, NULL, row, 2, &found, err))
		return err->status;
	if (!found) {
		metric_range(METRIC_POWER_CAP, &lo, &hi);
		sbuf_reset(&m->sql);
		add_tpl(&m->sql,
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

/*
 * Copy everything new of @src into @dst. @also: a further database whose
 * sources count as present (the output, while staging). @input: the index of
 * the input @src is, or -1 for the stage. Fills @stats when not NULL.
 */
static int
merge_one(struct merge *m, const char *dst, const char *src, const char *also, int input,
	  struct merge_stats *stats, struct err *err)
{
	const char *src_name = input >= 0 ? m->inputs[input] : m->out_path;
	size_t i;

	if (input >= 0 && (check_schema(m, src, src_name, err) ||
			   check_ranges(m, src, src_name, err)))
		return err->status;
	if (also && check_clash(m, src, also, src_name, false, m->out_path, false, err))
		return err->status;
	if (check_clash(m, src, dst, src_name, input < 0, m->out_path, input >= 0, err))
		return err->status;
	if (temp_tables(m, true, err))
		return err->status;
	for (i = 0; i < m->nt; i++)
		if (copy_table(m, i, dst, src, also, err))
			return err_prefix(err, "merging table '%s' of '%s'", m->t[i].name,
					  src_name);
	if (check_products(m, src, dst, src_name, input < 0, m->out_path, input >= 0, err))
		return err->status;
	if (stats) {
		int64_t v;

		sbuf_reset(&m->sql);
		add_tpl(&m->sql, "SELECT count(*) FROM @S.source", src, src);
		if (query_i64(m, m->sql.buf, &stats->sources, err))
			return err->status;
		if (query_i64(m, "SELECT count(*) FROM temp.merge_fresh", &stats->sources_added,
			      err))
			return err->status;
		sbuf_reset(&m->sql);
		add_tpl(&m->sql, "SELECT count(*) FROM @S.node", src, src);
		if (query_i64(m, m->sql.buf, &stats->nodes, err))
			return err->status;
		sbuf_reset(&m->sql);
		add_tpl(&m->sql,
			"SELECT coalesce(sum(n_kernels), 0) FROM @S.source"
			" WHERE id IN (SELECT old FROM temp.merge_fresh)",
			src, src);
		if (query_i64(m, m->sql.buf, &v, err))
			return err->status;
		stats->kernels_added = v;
	}
	if (input >= 0)
		return remember_nodes(m, src, (size_t)input, err);
	return 0;
}

/* ---- attaching ---- */

static int
attach(struct merge *m, const char *path, const char *alias, struct err *err)
{
	sqlite3_stmt *s;
	char *uri;
	int rc;

	/*
	 * An input is read as the other readers read a database: read-only and
	 * immutable (no lock, no -wal or -shm file made beside it, readable in a
	 * read-only folder). Immutable ignores a -wal file, so an input with
	 * pages still in one is refused rather than read without them.
	 */
	if (store_check_no_wal(path, err))
		return err->status;
	uri = store_path_uri(path, "mode=ro&immutable=1");
	sbuf_reset(&m->sql);
	add_tpl(&m->sql, "ATTACH ?1 AS @S", alias, alias);
	if (store_prepare(m->st, m->sql.buf, &s, err)) {
		free(uri);
		return err->status;
	}
	sqlite3_bind_text(s, 1, uri, -1, SQLITE_STATIC);
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	free(uri);
	if (rc != SQLITE_DONE)
		return err_set(err, LITSI_EDB, "%s: cannot open database: %s", path,
			       sqlite3_errmsg(m->st->db));
	return 0;
}

static void
detach(struct merge *m, const char *alias)
{
	char sql[64];

	snprintf(sql, sizeof(sql), "DETACH \"%s\"", alias);
	sqlite3_exec(m->st->db, sql, NULL, NULL, NULL);
}

/* Create the output's tables and indexes in the attached database @alias. */
static int
create_stage(struct merge *m, const char *alias, struct err *err)
{
	sqlite3_stmt *s;
	struct sbuf sql = SBUF_INIT;
	int rc;

	if (store_prepare(m->st,
			  "SELECT sql FROM main.sqlite_master WHERE sql IS NOT NULL"
			  " AND type IN ('table', 'index') ORDER BY type = 'index', rowid",
			  &s, err))
		return err->status;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		const char *def = (const char *)sqlite3_column_text(s, 0);
		static const char *const heads[] = { "CREATE TABLE ", "CREATE UNIQUE INDEX ",
						     "CREATE INDEX " };
		size_t h;

		for (h = 0; h < ARRAY_SIZE(heads); h++)
			if (str_has_prefix(def, heads[h]))
				break;
		if (h == ARRAY_SIZE(heads))
			continue;
		sbuf_reset(&sql);
		sbuf_addstr(&sql, heads[h]);
		sbuf_addf(&sql, "\"%s\".", alias);
		sbuf_addstr(&sql, def + strlen(heads[h]));
		if (exec_sql(m, sql.buf, err))
			break;
	}
	sqlite3_finalize(s);
	sbuf_release(&sql);
	if (err->status)
		return err->status;
	return rc == SQLITE_DONE ? 0 : store_sqlerr(m->st, err, "cannot read the schema");
}

static int
same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return !stat(a, &sa) && !stat(b, &sb) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

static void
merge_release(struct merge *m)
{
	size_t i;

	for (i = 0; i < m->nt; i++)
		mtable_release(&m->t[i]);
	free(m->t);
	free(m->off);
	for (i = 0; i < m->nr_nodes; i++)
		free(m->node_names[i]);
	free(m->node_names);
	free(m->node_from);
	for (i = 0; i < m->nr_later; i++)
		free(m->later[i]);
	free(m->later);
	sbuf_release(&m->sql);
	sbuf_release(&m->joins);
}


/*
 * Copy the inputs into @dst, MAX_BATCH of them per transaction (each batch
 * attached, merged, committed and detached). @also: see merge_one().
 */
static int
merge_batches(struct merge *m, size_t n, const char *dst, const char *also,
	      struct merge_stats *stats, struct err *err)
{
	char alias[32];
	size_t b, i;

	for (b = 0; b < n; b += MAX_BATCH) {
		size_t e = b + MAX_BATCH < n ? b + MAX_BATCH : n;

		for (i = b; i < e; i++) {
			snprintf(alias, sizeof(alias), "in%zu", i - b);
			if (attach(m, m->inputs[i], alias, err))
				goto detach_all;
		}
		if (exec_sql(m, "BEGIN IMMEDIATE", err))
			goto detach_all;
		for (i = b; i < e; i++) {
			snprintf(alias, sizeof(alias), "in%zu", i - b);
			if (merge_one(m, dst, alias, also, (int)i, &stats[i], err)) {
				sqlite3_exec(m->st->db, "ROLLBACK", NULL, NULL, NULL);
				goto detach_all;
			}
		}
		if (exec_sql(m, "COMMIT", err))
			sqlite3_exec(m->st->db, "ROLLBACK", NULL, NULL, NULL);
	detach_all:
		for (i = b; i < e; i++) {
			snprintf(alias, sizeof(alias), "in%zu", i - b);
			detach(m, alias);
		}
		if (err->status)
			return err->status;
	}
	return 0;
}

/* Into an existing output: through the stage, then one transaction. */
static int
merge_staged(struct merge *m, size_t n, struct merge_stats *stats, struct err *err)
{
	/* An empty file name: a private temporary database, deleted on close. */
	if (exec_sql(m, "ATTACH '' AS stage", err) || create_stage(m, "stage", err) ||
	    merge_batches(m, n, "stage", "main", stats, err))
		return err->status;
	if (exec_sql(m, "BEGIN IMMEDIATE", err))
		return err->status;
	if (merge_one(m, "main", "stage", NULL, -1, NULL, err) || exec_sql(m, "COMMIT", err)) {
		sqlite3_exec(m->st->db, "ROLLBACK", NULL, NULL, NULL);
		return err->status;
	}
	return 0;
}

/*
 * Indexes of a new output built once after the copy instead of row by row:
 * telemetry readings come time-major (at each time every GPU and metric),
 * this index is GPU- then metric-major, so each reading would land in the
 * middle of the input's part of it; one sort at the end costs less (768
 * inputs, 4.3 M readings: BENCHMARKS.md).
 */
static const char *const built_after[] = { "telemetry_gpu_metric" };

/* The rowid in main.sqlite_master of the first index of built_after[]; 0: none. */
static int
first_deferred(struct merge *m, int64_t *rowid, struct err *err)
{
	sqlite3_stmt *s;
	size_t i;
	int rc = SQLITE_DONE;

	*rowid = 0;
	if (store_prepare(m->st, "SELECT rowid FROM main.sqlite_master WHERE type = 'index'"
			  " AND name = ?1", &s, err))
		return err->status;
	for (i = 0; i < ARRAY_SIZE(built_after); i++) {
		sqlite3_reset(s);
		sqlite3_bind_text(s, 1, built_after[i], -1, SQLITE_STATIC);
		rc = sqlite3_step(s);
		if (rc != SQLITE_ROW && rc != SQLITE_DONE)
			break;
		if (rc == SQLITE_ROW && (!*rowid || sqlite3_column_int64(s, 0) < *rowid))
			*rowid = sqlite3_column_int64(s, 0);
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_sqlerr(m->st, err, "cannot read the schema");
	return 0;
}

/*
 * Drop the indexes of built_after[] and, so that the schema keeps its order
 * (sqlite3 .dump prints the same text), every index and view defined after
 * the first of them; m->later re-creates them in that order. Nothing is
 * deferred when one of them is a unique index (merge's look-ups use those).
 */
static int
defer_indexes(struct merge *m, struct err *err)
{
	struct sbuf drop = SBUF_INIT;
	sqlite3_stmt *s;
	size_t alloc = 0;
	int64_t first;
	bool unique = false;
	int rc;

	if (first_deferred(m, &first, err) || !first ||
	    store_prepare(m->st,
			  "SELECT type, name, sql, sql LIKE 'CREATE UNIQUE%' FROM main.sqlite_master"
			  " WHERE type IN ('index', 'view') AND sql IS NOT NULL AND rowid >= ?1"
			  " ORDER BY rowid",
			  &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, first);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		unique = unique || sqlite3_column_int(s, 3);
		VEC_GROW(m->later, m->nr_later + 1, alloc);
		m->later[m->nr_later++] = store_text_dup(s, 2);
		sbuf_addstr(&drop, strcmp((const char *)sqlite3_column_text(s, 0), "view")
					   ? "DROP INDEX main." : "DROP VIEW main.");
		add_ident(&drop, (const char *)sqlite3_column_text(s, 1));
		sbuf_addch(&drop, ';');
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		store_sqlerr(m->st, err, "cannot read the schema");
	else if (unique)
		while (m->nr_later)
			free(m->later[--m->nr_later]);
	else
		exec_sql(m, drop.buf, err);
	sbuf_release(&drop);
	return err->status;
}

/*
 * A new output is a private file until it is published, and removed after
 * any error: it is built without a rollback journal, without syncs and
 * without foreign key checks (the ids are rewritten from the inputs' own
 * consistent references). Its indexes are kept up to date as the rows go in
 * (but those of built_after[]): each input's rows get new, larger ids, so
 * their index entries land at the end of each index, which at fleet scale
 * (768 inputs, 3.8 M kernels) costs less CPU than sorting every table into
 * its indexes after the copy (22.5 s against 28.5 s; peak RSS 88 MB against
 * 159 MB: BENCHMARKS.md). The file is opened STORE_BULK (16 KiB pages).
 */
static int
bulk_begin(struct merge *m, struct err *err)
{
	if (exec_sql(m, "PRAGMA foreign_keys = OFF; PRAGMA cache_size = -65536", err))
		return err->status;
	return defer_indexes(m, err);
}

/* The deferred indexes; foreign keys on again; put the file's bytes on disk. */
static int
bulk_end(struct merge *m, const char *path, struct err *err)
{
	size_t i;
	int fd;

	for (i = 0; i < m->nr_later; i++)
		if (exec_sql(m, m->later[i], err))
			return err->status;
	if (exec_sql(m, "PRAGMA foreign_keys = ON", err))
		return err->status;
	fd = open(path, O_RDONLY);
	if (fd < 0 || fsync(fd)) {
		err_set(err, LITSI_EDB, "%s: cannot sync: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return err->status;
	}
	close(fd);
	return 0;
}

static void
remove_db(const char *path)
{
	static const char *const suffix[] = { "", "-wal", "-shm", "-journal" };
	struct sbuf p = SBUF_INIT;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(suffix); i++) {
		sbuf_reset(&p);
		sbuf_addf(&p, "%s%s", path, suffix[i]);
		unlink(p.buf);
	}
	sbuf_release(&p);
}

/*
 * Put the finished new database @tmp in place as @out: out of WAL mode (so
 * that no -wal file belongs to it), closed, then linked to its name, which
 * fails when @out appeared meanwhile (rename() where links are unsupported).
 */
static int
publish(struct merge *m, const char *tmp, const char *out, struct err *err)
{
	if (exec_sql(m, "PRAGMA journal_mode = DELETE", err))	/* from OFF: no file to remove */
		return err->status;
	store_close(m->st);
	m->st = NULL;
	if (!link(tmp, out)) {
		unlink(tmp);
		return 0;
	}
	if (errno == EEXIST)
		return err_set(err, LITSI_EDB, "%s: created by another process during the merge",
			       out);
	if (rename(tmp, out))
		return err_set(err, LITSI_EDB, "%s: cannot rename '%s' to it: %s", out, tmp,
			       strerror(errno));
	return 0;
}

int
store_merge(const char *out_path, const char *const *inputs, size_t n,
	    const volatile sig_atomic_t *stop, struct merge_stats *stats, struct err *err)
{
	struct merge m = { .out_path = out_path, .inputs = inputs, .sql = SBUF_INIT,
			   .joins = SBUF_INIT };
	struct sbuf tmp = SBUF_INIT;
	struct stat sb;
	bool existed = !stat(out_path, &sb);
	size_t i;
	int rc;

	memset(stats, 0, n * sizeof(*stats));
	for (i = 0; i < n; i++) {
		if (same_file(inputs[i], out_path))
			return err_set(err, LITSI_EUSAGE, "'%s' is the output database", inputs[i]);
		if (access(inputs[i], R_OK))
			return err_set(err, LITSI_EDB, "%s: cannot open database: %s", inputs[i],
				       strerror(errno));
	}
	/* A new output is built under a temporary name and appears when complete. */
	sbuf_addstr(&tmp, out_path);
	if (!existed) {
		sbuf_addf(&tmp, ".merge-%ld", (long)getpid());
		remove_db(tmp.buf);
	}
	if (store_open(tmp.buf, existed ? STORE_RDWR : STORE_BULK, &m.st, err))
		goto out;
	store_set_stop(m.st, stop);
	if (user_version(&m, "main", &m.version, err) || read_schema(&m, err) ||
	    temp_tables(&m, false, err))
		goto out;
	if (existed && n > MAX_BATCH)
		merge_staged(&m, n, stats, err);
	else if (existed)
		merge_batches(&m, n, "main", NULL, stats, err);
	else if (!bulk_begin(&m, err) && !merge_batches(&m, n, "main", NULL, stats, err) &&
		 !bulk_end(&m, tmp.buf, err))
		publish(&m, tmp.buf, out_path, err);
out:
	rc = err->status;
	merge_release(&m);
	store_close(m.st);
	if (!existed)
		remove_db(tmp.buf);
	sbuf_release(&tmp);
	return rc;
}

/* ---- one file's scratch database into the output (litsi ingest -j) ---- */

/* A GPU both hold with different ranks: the error the ingest gives. */
static int
check_ranks(struct merge *m, const char *path, struct err *err)
{
	char *row[4] = { NULL, NULL, NULL, NULL };
	bool found;

	if (query_row(m,
		      "SELECT s.device, n.name, d.rank, s.rank FROM \"in0\".gpu s"
		      " JOIN \"in0\".node n ON n.id = s.node_id"
		      " JOIN main.node dn ON dn.name = n.name"
		      " JOIN main.gpu d ON d.node_id = dn.id AND d.device = s.device"
		      " WHERE s.rank IS NOT NULL AND d.rank IS NOT NULL AND s.rank != d.rank"
		      " ORDER BY s.id LIMIT 1",
		      NULL, NULL, row, 4, &found, err))
		return err->status;
	if (found)
		err_set(err, LITSI_EDATA,
			"%s: GPU %s of node '%s' already holds rank %s, this file says rank %s "
			"(give each node's files their own --node)",
			path, row[0], row[1], row[2], row[3]);
	free(row[0]);
	free(row[1]);
	free(row[2]);
	free(row[3]);
	return err->status;
}

/*
 * What one GPU may hold, checked again in the output (the file was ingested
 * into a scratch database of its own, where nothing could clash): before the
 * GPU rows are updated (@runs false), a product other than the one a GPU
 * holds; after (@runs true), traces of another run of the node.
 */
static int
adopt_hygiene(struct merge *m, const char *name, bool runs, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	if (store_prepare(m->st,
			  runs ? "SELECT d.id, NULL, NULL FROM main.source d JOIN \"in0\".source i"
				 " ON i.sha256 = d.sha256 AND i.run IS d.run"
				 " WHERE i.id IN (SELECT old FROM temp.merge_fresh)"
			       : "SELECT mp.new, d.product, i.product,"
				 " (SELECT d2.id FROM main.source d2 JOIN \"in0\".source i2"
				 "  ON i2.sha256 = d2.sha256 AND i2.run IS d2.run LIMIT 1)"
				 " FROM \"in0\".gpu i JOIN temp.mmap_gpu mp ON mp.old = i.id"
				 " JOIN main.gpu d ON d.id = mp.new"
				 " WHERE i.product IS NOT NULL AND d.product IS NOT NULL",
			  &s, err))
		return err->status;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		char *held = store_text_dup(s, 1), *prod = store_text_dup(s, 2);
		int bad = runs ? store_check_runs(m->st, sqlite3_column_int64(s, 0), name, err)
			       : store_check_product(m->st, sqlite3_column_int64(s, 0),
						     sqlite3_column_int64(s, 3), held, prod, err);

		free(held);
		free(prod);
		if (bad) {
			sqlite3_finalize(s);
			/* the run check names the file itself */
			return runs ? err->status : err_prefix(err, "%s", name);
		}
	}
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(m->st, err, "cannot check the GPUs of a file");
}

/*
 * Readings the output's run holds already are dropped as the ingest drops
 * them (store_telemetry_dedupe()); 1 when the file brought nothing else.
 */
static int
adopt_readings(struct merge *m, const char *name, struct merge_stats *stats, struct err *err)
{
	sqlite3_stmt *s;
	int64_t left = 0;
	int rc;

	if (store_prepare(m->st,
			  "SELECT d.id, d.n_samples + d.n_kernels, d.n_telemetry FROM main.source d"
			  " JOIN \"in0\".source i ON i.sha256 = d.sha256 AND i.run IS d.run"
			  " WHERE i.id IN (SELECT old FROM temp.merge_fresh) AND d.n_telemetry > 0",
			  &s, err))
		return -1;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		struct telem_dedupe d;
		int64_t id = sqlite3_column_int64(s, 0);

		if (store_telemetry_dedupe(m->st, id, name, &d, err)) {
			sqlite3_finalize(s);
			return -1;
		}
		left += sqlite3_column_int64(s, 1) + sqlite3_column_int64(s, 2) - d.dropped;
		if (d.dropped) {
			stats->readings_dropped += d.dropped;
			stats->readings_of = d.dup_of;
		}
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE) {
		store_sqlerr(m->st, err, "cannot compare readings");
		return -1;
	}
	if (!stats->readings_dropped)
		return 0;
	if (!left) {
		stats->dup = stats->readings_of;
		return 1;
	}
	if (exec_sql(m, "UPDATE main.source SET n_telemetry = (SELECT count(*) FROM"
			" main.telemetry t WHERE t.source_id = main.source.id) WHERE id IN"
			" (SELECT d.id FROM main.source d JOIN \"in0\".source i ON i.sha256 = d.sha256"
			" AND i.run IS d.run WHERE i.id IN (SELECT old FROM temp.merge_fresh))",
		     err))
		return -1;
	return 0;
}

/* The ingest's warning for the file's new sources: telemetry outside the traced window. */
static int
adopt_outside(struct merge *m, const char *name, struct merge_stats *stats, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	if (store_prepare(m->st,
			  "SELECT d.id, d.node_id, n.name FROM main.source d JOIN main.node n"
			  " ON n.id = d.node_id JOIN \"in0\".source i ON i.sha256 = d.sha256"
			  " AND i.run IS d.run"
			  " WHERE i.id IN (SELECT old FROM temp.merge_fresh)",
			  &s, err))
		return err->status;
	while (!stats->warning[0] && (rc = sqlite3_step(s)) == SQLITE_ROW)
		if (store_telemetry_outside(m->st, sqlite3_column_int64(s, 0),
					    sqlite3_column_int64(s, 1),
					    (const char *)sqlite3_column_text(s, 2), stats->warning,
					    sizeof(stats->warning), err)) {
			sqlite3_finalize(s);
			return err_prefix(err, "%s", name);
		}
	sqlite3_finalize(s);
	return 0;
}

static int
adopt_copy(struct merge *m, const char *path, const char *name, struct merge_stats *stats,
	   struct err *err)
{
	int64_t fresh;
	size_t i;

	if (check_schema(m, "in0", path, err) || check_ranks(m, name, err))
		return err->status;
	if (query_i64(m,
		      "SELECT count(*) FROM \"in0\".source s WHERE NOT EXISTS"
		      " (SELECT 1 FROM main.source d WHERE d.sha256 = s.sha256 AND d.run IS s.run)",
		      &fresh, err) ||
	    query_i64(m, "SELECT count(*) FROM \"in0\".source", &stats->sources, err))
		return err->status;
	if (!fresh && stats->sources) {
		int64_t id = 0;

		if (query_i64(m,
			      "SELECT coalesce(min(d.id), 0) FROM main.source d JOIN \"in0\".source s"
			      " ON d.sha256 = s.sha256 AND d.run IS s.run",
			      &id, err))
			return err->status;
		store_source_where(m->st, id, &stats->dup);
		return 1;
	}
	if (temp_tables(m, true, err))
		return err->status;
	for (i = 0; i < m->nt; i++)
		if (copy_table(m, i, "main", "in0", NULL, err))
			return err_prefix(err, "%s: copying table '%s'", name, m->t[i].name);
	if (adopt_hygiene(m, name, false, err))
		return err->status;
	/* As the ingest's upsert: what the file says of a GPU wins where it says it. */
	if (exec_sql(m,
		     "UPDATE main.gpu AS d SET rank = coalesce(s.rank, d.rank),"
		     " vendor = coalesce(s.vendor, d.vendor),"
		     " product = coalesce(s.product, d.product)"
		     " FROM \"in0\".gpu s JOIN temp.mmap_gpu mp ON mp.old = s.id WHERE d.id = mp.new",
		     err))
		return err->status;
	if (adopt_hygiene(m, name, true, err))
		return err->status;
	switch (adopt_readings(m, name, stats, err)) {
	case 0:
		break;
	case 1:
		return 1;
	default:
		return err->status;
	}
	if (adopt_outside(m, name, stats, err))
		return err->status;
	stats->sources_added = fresh;
	return query_i64(m,
			 "SELECT coalesce(sum(n_kernels), 0) FROM \"in0\".source"
			 " WHERE id IN (SELECT old FROM temp.merge_fresh)",
			 &stats->kernels_added, err);
}

int
store_adopt(struct store *st, const char *path, const char *name, struct merge_stats *stats,
	    struct err *err)
{
	const char *inputs[1] = { path };
	const volatile sig_atomic_t *stop;
	struct merge m = { .st = st, .out_path = st->path, .inputs = inputs, .sql = SBUF_INIT,
			   .joins = SBUF_INIT };
	int rc;

	memset(stats, 0, sizeof(*stats));
	if (user_version(&m, "main", &m.version, err) || read_schema(&m, err) ||
	    temp_tables(&m, false, err) || attach(&m, path, "in0", err))
		goto out;
	if (exec_sql(&m, "BEGIN IMMEDIATE", err))
		goto out;
	rc = adopt_copy(&m, path, name, stats, err);
	if (rc != 1 && store_stopped(st, err))	/* whatever failed, a stop caused it */
		rc = err->status;
	/* the clean-up runs even when the stop flag interrupted the copy */
	stop = st->stop;
	store_set_stop(st, NULL);
	if (rc || exec_sql(&m, "COMMIT", err))
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
	detach(&m, "in0");
	merge_release(&m);
	store_set_stop(st, stop);
	return rc == 1 ? 1 : err->status;
out:
	detach(&m, "in0");
	merge_release(&m);
	return err->status;
}
