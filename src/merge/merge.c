/* SPDX-License-Identifier: MIT */
/*
 * merge.c: litsi merge. Copies litsi databases into one, table by table
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
#include "merge_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "litsi/litsi.h"

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

	if (input >= 0 && (merge_check_schema(m, src, src_name, err) ||
			   merge_check_ranges(m, src, src_name, err)))
		return err->status;
	if (also && merge_check_clash(m, src, also, src_name, false, m->out_path, false, err))
		return err->status;
	if (merge_check_clash(m, src, dst, src_name, input < 0, m->out_path, input >= 0, err))
		return err->status;
	if (merge_temp_tables(m, true, err))
		return err->status;
	for (i = 0; i < m->nt; i++)
		if (merge_copy_table(m, i, dst, src, also, err))
			return err_prefix(err, "merging table '%s' of '%s'", m->t[i].name,
					  src_name);
	if (merge_check_products(m, src, dst, src_name, input < 0, m->out_path, input >= 0, err))
		return err->status;
	if (stats) {
		int64_t v;

		sbuf_reset(&m->sql);
		merge_add_tpl(&m->sql, "SELECT count(*) FROM @S.source", src, src);
		if (merge_query_i64(m, m->sql.buf, &stats->sources, err))
			return err->status;
		if (merge_query_i64(m, "SELECT count(*) FROM temp.merge_fresh", &stats->sources_added,
				    err))
			return err->status;
		sbuf_reset(&m->sql);
		merge_add_tpl(&m->sql, "SELECT count(*) FROM @S.node", src, src);
		if (merge_query_i64(m, m->sql.buf, &stats->nodes, err))
			return err->status;
		sbuf_reset(&m->sql);
		merge_add_tpl(&m->sql,
			      "SELECT coalesce(sum(n_kernels), 0) FROM @S.source"
			      " WHERE id IN (SELECT old FROM temp.merge_fresh)",
			      src, src);
		if (merge_query_i64(m, m->sql.buf, &v, err))
			return err->status;
		stats->kernels_added = v;
	}
	if (input >= 0)
		return merge_remember_nodes(m, src, (size_t)input, err);
	return 0;
}

/* ---- attaching ---- */

int
merge_attach(struct merge *m, const char *path, const char *alias, struct err *err)
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
	merge_add_tpl(&m->sql, "ATTACH ?1 AS @S", alias, alias);
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

void
merge_detach(struct merge *m, const char *alias)
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
		if (merge_exec(m, sql.buf, err))
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

void
merge_release(struct merge *m)
{
	size_t i;

	for (i = 0; i < m->nt; i++)
		merge_mtable_release(&m->t[i]);
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
			if (merge_attach(m, m->inputs[i], alias, err))
				goto detach_all;
		}
		if (merge_exec(m, "BEGIN IMMEDIATE", err))
			goto detach_all;
		for (i = b; i < e; i++) {
			snprintf(alias, sizeof(alias), "in%zu", i - b);
			if (merge_one(m, dst, alias, also, (int)i, &stats[i], err)) {
				sqlite3_exec(m->st->db, "ROLLBACK", NULL, NULL, NULL);
				goto detach_all;
			}
		}
		if (merge_exec(m, "COMMIT", err))
			sqlite3_exec(m->st->db, "ROLLBACK", NULL, NULL, NULL);
	detach_all:
		for (i = b; i < e; i++) {
			snprintf(alias, sizeof(alias), "in%zu", i - b);
			merge_detach(m, alias);
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
	if (merge_exec(m, "ATTACH '' AS stage", err) || create_stage(m, "stage", err) ||
	    merge_batches(m, n, "stage", "main", stats, err))
		return err->status;
	if (merge_exec(m, "BEGIN IMMEDIATE", err))
		return err->status;
	if (merge_one(m, "main", "stage", NULL, -1, NULL, err) || merge_exec(m, "COMMIT", err)) {
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
		merge_add_ident(&drop, (const char *)sqlite3_column_text(s, 1));
		sbuf_addch(&drop, ';');
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		store_sqlerr(m->st, err, "cannot read the schema");
	else if (unique)
		while (m->nr_later)
			free(m->later[--m->nr_later]);
	else
		merge_exec(m, drop.buf, err);
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
	if (merge_exec(m, "PRAGMA foreign_keys = OFF; PRAGMA cache_size = -65536", err))
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
		if (merge_exec(m, m->later[i], err))
			return err->status;
	if (merge_exec(m, "PRAGMA foreign_keys = ON", err))
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
	if (merge_exec(m, "PRAGMA journal_mode = DELETE", err))	/* from OFF: no file to remove */
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
merge_databases(const char *out_path, const char *const *inputs, size_t n,
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
	if (merge_user_version(&m, "main", &m.version, err) || merge_read_schema(&m, err) ||
	    merge_temp_tables(&m, false, err))
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
