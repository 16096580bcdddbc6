/* SPDX-License-Identifier: MIT */
/* store.c: opening, creating and migrating the database; shared helpers. */
#include "store_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "litsi/litsi.h"
#include "litsi/util.h"
#include "schema.h"

enum { BUSY_TIMEOUT_MS = 60000 };

int
store_sqlerr(struct store *st, struct err *err, const char *what)
{
	if (st->stop && *st->stop)
		return err_set(err, LITSI_EINTR, "interrupted");
	return err_set(err, LITSI_EDB, "%s: %s: %s", st->path, what, sqlite3_errmsg(st->db));
}

int
store_stopped(struct store *st, struct err *err)
{
	return st->stop && *st->stop ? err_set(err, LITSI_EINTR, "interrupted") : 0;
}

static int
on_progress(void *arg)
{
	const struct store *st = arg;

	return st->stop && *st->stop;
}

void
store_set_stop(struct store *st, const volatile sig_atomic_t *stop)
{
	st->stop = stop;
	/* every few thousand VM steps: a long statement stops within milliseconds */
	sqlite3_progress_handler(st->db, stop ? 4096 : 0, stop ? on_progress : NULL, st);
}

int
store_scope_run(struct store *st, const char *run, struct err *err)
{
	struct sbuf sb = SBUF_INIT;
	sqlite3_stmt *s;
	int rc;

	free(st->scope);
	free(st->scope_run);
	st->scope = st->scope_run = NULL;
	if (!run)
		return 0;
	/* A database older than runs (schema 1) has none: the scope is empty. */
	if (st->version >= 2) {
		/* "": the sources ingested without --run (STORE_RUN_UNNAMED) */
		if (store_prepare(st, "SELECT id FROM source WHERE coalesce(run, '') = ? ORDER BY id",
				  &s, err))
			return err->status;
		sqlite3_bind_text(s, 1, run, -1, SQLITE_STATIC);
		while ((rc = sqlite3_step(s)) == SQLITE_ROW)
			sbuf_addf(&sb, "%s%lld", sb.len ? "," : "[",
				  (long long)sqlite3_column_int64(s, 0));
		sqlite3_finalize(s);
		if (rc != SQLITE_DONE) {
			sbuf_release(&sb);
			return store_sqlerr(st, err, "cannot list the run's sources");
		}
	}
	if (!sb.len)
		sbuf_addch(&sb, '[');
	sbuf_addch(&sb, ']');
	st->scope = xstrdup(sb.buf);
	st->scope_run = xstrdup(run);
	sbuf_release(&sb);
	return 0;
}

const char *
store_scope(const struct store *st)
{
	return st->scope_run;
}

void
store_bind_scope(struct store *st, sqlite3_stmt *s, int p)
{
	if (st->scope)
		sqlite3_bind_text(s, p, st->scope, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(s, p);
}

int
store_prepare(struct store *st, const char *sql, sqlite3_stmt **stmt, struct err *err)
{
	if (sqlite3_prepare_v2(st->db, sql, -1, stmt, NULL) != SQLITE_OK)
		return store_sqlerr(st, err, "cannot prepare statement");
	return 0;
}

int
store_prepare_cached(struct store *st, const char *sql, sqlite3_stmt **stmt, struct err *err)
{
	size_t i;

	for (i = 0; i < st->nr_cached; i++)
		if (st->cached[i].sql == sql) {
			*stmt = st->cached[i].s;
			sqlite3_reset(*stmt);
			sqlite3_clear_bindings(*stmt);
			return 0;
		}
	if (sqlite3_prepare_v3(st->db, sql, -1, SQLITE_PREPARE_PERSISTENT, stmt, NULL) !=
	    SQLITE_OK)
		return store_sqlerr(st, err, "cannot prepare statement");
	VEC_GROW(st->cached, st->nr_cached + 1, st->alloc_cached);
	st->cached[st->nr_cached].sql = sql;
	st->cached[st->nr_cached++].s = *stmt;
	return 0;
}

int
store_exec(struct store *st, const char *sql, struct err *err)
{
	if (sqlite3_exec(st->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return store_sqlerr(st, err, "SQL failed");
	return 0;
}

int
store_read_begin(struct store *st, bool *began, struct err *err)
{
	*began = false;
	if (!sqlite3_get_autocommit(st->db))
		return 0;
	if (store_exec(st, "BEGIN", err))
		return err->status;
	*began = true;
	return 0;
}

void
store_read_end(struct store *st, bool began)
{
	if (began)
		sqlite3_exec(st->db, "COMMIT", NULL, NULL, NULL);
}

char *
store_text_dup(sqlite3_stmt *s, int i)
{
	const unsigned char *t = sqlite3_column_text(s, i);

	return t ? xstrdup((const char *)t) : NULL;
}

static int
user_version(struct store *st, int *v, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	if (store_prepare(st, "PRAGMA user_version", &s, err))
		return err->status;
	rc = sqlite3_step(s);
	*v = rc == SQLITE_ROW ? sqlite3_column_int(s, 0) : 0;
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW)
		return store_sqlerr(st, err, "cannot read schema version");
	return 0;
}

static int
is_empty(struct store *st, bool *empty, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	if (store_prepare(st, "SELECT count(*) FROM sqlite_master", &s, err))
		return err->status;
	rc = sqlite3_step(s);
	*empty = rc == SQLITE_ROW && sqlite3_column_int(s, 0) == 0;
	sqlite3_finalize(s);
	return rc == SQLITE_ROW ? 0 : store_sqlerr(st, err, "cannot read schema");
}

/* Stamp STORE_SCHEMA_VERSION and commit the open transaction; roll back on failure. */
static int
finish_version(struct store *st, struct err *err)
{
	char sql[64];

	snprintf(sql, sizeof(sql), "PRAGMA user_version = %d", STORE_SCHEMA_VERSION);
	if (store_exec(st, sql, err) || store_exec(st, "COMMIT", err)) {
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
		return err->status;
	}
	return 0;
}

static int
create_schema(struct store *st, struct err *err)
{

	if (store_exec(st, "BEGIN IMMEDIATE", err))
		return err->status;
	/* Another process may have created it while we waited for the lock. */
	{
		bool empty;

		if (is_empty(st, &empty, err))
			goto fail;
		if (!empty)
			return store_exec(st, "COMMIT", err);
	}
	if (store_exec(st, schema_sql, err))
		goto fail;
	return finish_version(st, err);
fail:
	sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
	return err->status;
}

/* Another program's database with user_version set is still not ours. */
static int
has_litsi_tables(struct store *st, struct err *err)
{
	sqlite3_stmt *s;
	int rc, n = 0;

	if (store_prepare(st, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND "
			      "name IN ('node', 'source', 'gpu', 'kernel', 'telemetry')", &s, err))
		return err->status;
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW)
		n = sqlite3_column_int(s, 0);
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW)
		return store_sqlerr(st, err, "cannot read schema");
	if (n != 5)
		return err_set(err, LITSI_EDB, "%s: not a litsi database (tables missing)",
			       st->path);
	return 0;
}

static int
stop_soon(void *arg)
{
	int *left = arg;

	return --*left < 0;
}

bool
store_is_litsi_file(const char *path)
{
	static const char magic[16] = "SQLite format 3";
	char head[16];
	sqlite3 *db = NULL;
	sqlite3_stmt *s = NULL;
	FILE *f = fopen(path, "rb");
	bool yes = false;
	int budget = 1000;	/* progress callbacks: reading sqlite_master is a few */
	char *uri;

	if (!f)
		return false;
	yes = fread(head, 1, sizeof(head), f) == sizeof(head) && !memcmp(head, magic, 16);
	fclose(f);
	if (!yes)
		return false;
	yes = false;
	uri = store_path_uri(path, "mode=ro&immutable=1");
	if (sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL) == SQLITE_OK) {
		sqlite3_progress_handler(db, 100, stop_soon, &budget);
		if (sqlite3_prepare_v2(db, "SELECT count(*) FROM sqlite_master WHERE type = 'table'"
				       " AND name IN ('node', 'source', 'gpu', 'kernel', 'telemetry')",
				       -1, &s, NULL) == SQLITE_OK &&
		    sqlite3_step(s) == SQLITE_ROW)
			yes = sqlite3_column_int(s, 0) == 5;
		sqlite3_finalize(s);
	}
	sqlite3_close(db);
	free(uri);
	return yes;
}

/*
 * Migrations: migrations[v - 1] takes a database from version v to v + 1.
 * schema.sql always creates the newest version.
 */
static const char *const migrations[] = {
	/* 1 -> 2: runs (ingest --run) and the GPUs' recorded power limits */
	"ALTER TABLE source ADD COLUMN run TEXT;"
	"CREATE TABLE gpu_limit ("
	" gpu_id INTEGER NOT NULL REFERENCES gpu(id),"
	" source_id INTEGER NOT NULL REFERENCES source(id) ON DELETE CASCADE,"
	" kind TEXT NOT NULL, watts REAL NOT NULL,"
	" PRIMARY KEY (gpu_id, source_id, kind)) WITHOUT ROWID;",
	/*
	 * 2 -> 3: a node's sources by index, each GPU's kernel span per source,
	 * the kernel columns the node loader reads in the (gpu, sample) index,
	 * the reading's value in the (gpu, metric, time) index
	 */
	"CREATE INDEX source_node ON source(node_id);"
	"DROP INDEX kernel_gpu_sample;"
	"CREATE INDEX kernel_gpu_sample ON kernel(gpu_id, sample_id, start_ns, end_ns, name_id,"
	" class, launch_ns, source_id);"
	"DROP INDEX telemetry_gpu_metric;"
	"CREATE INDEX telemetry_gpu_metric ON telemetry(gpu_id, metric_id, t_ns, value);"
	"CREATE TABLE kernel_window ("
	" gpu_id INTEGER NOT NULL REFERENCES gpu(id),"
	" source_id INTEGER NOT NULL REFERENCES source(id) ON DELETE CASCADE,"
	" start_ns INTEGER NOT NULL, end_ns INTEGER NOT NULL,"
	" PRIMARY KEY (gpu_id, source_id)) WITHOUT ROWID;"
	"INSERT INTO kernel_window(gpu_id, source_id, start_ns, end_ns)"
	" SELECT gpu_id, source_id, min(start_ns), max(end_ns) FROM kernel"
	" GROUP BY gpu_id, source_id;",
	/*
	 * 3 -> 4: a file's content is unique per run, not in the whole database
	 * (a run at the same caps records the same bytes): the source table
	 * without its column constraint, and a unique index on (sha256, run)
	 */
	"CREATE TABLE source_v4 ("
	" id INTEGER PRIMARY KEY, path TEXT NOT NULL, sha256 TEXT NOT NULL,"
	" format TEXT NOT NULL, node_id INTEGER REFERENCES node(id), hostname TEXT,"
	" clock TEXT NOT NULL, clock_offset_ns INTEGER NOT NULL DEFAULT 0, rank INTEGER,"
	" world_size INTEGER, bytes INTEGER NOT NULL, ingested_at TEXT NOT NULL,"
	" n_gpus INTEGER NOT NULL DEFAULT 0, n_samples INTEGER NOT NULL DEFAULT 0,"
	" n_kernels INTEGER NOT NULL DEFAULT 0, n_comm INTEGER NOT NULL DEFAULT 0,"
	" n_telemetry INTEGER NOT NULL DEFAULT 0, run TEXT);"
	"INSERT INTO source_v4 SELECT id, path, sha256, format, node_id, hostname, clock,"
	" clock_offset_ns, rank, world_size, bytes, ingested_at, n_gpus, n_samples, n_kernels,"
	" n_comm, n_telemetry, run FROM source;"
	"DROP TABLE source;"
	"ALTER TABLE source_v4 RENAME TO source;"
	"CREATE INDEX source_node ON source(node_id);"
	"CREATE UNIQUE INDEX source_content ON source(sha256, run);",
};

/* Bring a writable database of an older version up to STORE_SCHEMA_VERSION. */
static int
migrate(struct store *st, int from, struct err *err)
{
	int v;

	/*
	 * A table rebuilt (3 -> 4) is dropped: with foreign keys on, that would
	 * delete every row that refers to it. The pragma is a no-op inside a
	 * transaction, so it is set before and restored after.
	 */
	if (store_exec(st, "PRAGMA foreign_keys = OFF", err))
		return err->status;
	if (store_exec(st, "BEGIN IMMEDIATE", err))
		goto fail;
	/* another process may have migrated it while we waited for the lock */
	if (user_version(st, &v, err))
		goto fail;
	for (; v >= from && v < STORE_SCHEMA_VERSION; v++)
		if (store_exec(st, migrations[v - 1], err))
			goto fail;
	if (finish_version(st, err))
		goto out;
	return store_exec(st, "PRAGMA foreign_keys = ON", err);
fail:
	sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
out:
	sqlite3_exec(st->db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
	return err->status;
}

static int
check_version(struct store *st, struct err *err)
{
	int v;

	if (has_litsi_tables(st, err) || user_version(st, &v, err))
		return err->status;
	if (v >= 1 && v < STORE_SCHEMA_VERSION && !st->readonly) {
		if (migrate(st, v, err) || user_version(st, &v, err))
			return err->status;
	}
	st->version = v;
	if (v > STORE_SCHEMA_VERSION)
		return err_set(err, LITSI_EDB,
			       "%s: database schema version %d is newer than this litsi (%d)",
			       st->path, v, STORE_SCHEMA_VERSION);
	if (v < 1)
		return err_set(err, LITSI_EDB, "%s: not a litsi database (schema version %d)",
			       st->path, v);
	return 0;
}

/*
 * Switching to WAL needs a moment with no other connection in the file; when
 * two processes create a database at once SQLite answers SQLITE_BUSY without
 * calling the busy handler, so wait and retry here (WAL then stays in the
 * file: later openers find it already set).
 */
static int
set_wal(struct store *st, struct err *err)
{
	int tries;

	for (tries = 0;; tries++) {
		int rc = sqlite3_exec(st->db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL);

		if (rc == SQLITE_OK)
			return 0;
		if ((rc != SQLITE_BUSY && rc != SQLITE_LOCKED) || tries >= BUSY_TIMEOUT_MS / 10)
			return store_sqlerr(st, err, "cannot switch to WAL mode");
		sqlite3_sleep(10);
	}
}

static int
setup_connection(struct store *st, struct err *err)
{
	sqlite3_busy_timeout(st->db, BUSY_TIMEOUT_MS);
	if (store_exec(st, "PRAGMA foreign_keys = ON", err))
		return err->status;
	/* A larger page cache keeps an ingest's staging and index pages in memory (16 MiB). */
	if (store_exec(st, "PRAGMA cache_size = -16384", err))
		return err->status;
	return 0;
}

/*
 * After the file is known to be ours (or was empty and now holds our schema):
 * WAL lets readers run while an ingest writes; NORMAL sync is safe with WAL.
 * Never before, so that another program's database is refused unchanged.
 */
static int
setup_writer(struct store *st, struct err *err)
{
	if (set_wal(st, err) || store_exec(st, "PRAGMA synchronous = NORMAL", err))
		return err->status;
	return 0;
}

/*
 * A scratch database is read once, whole, by the writer that copies it
 * (merge_adopt()): its secondary indexes would only cost the ingest time.
 * The unique ones, which the ingest's look-ups use, stay.
 */
static int
drop_indexes(struct store *st, struct err *err)
{
	struct sbuf sql = SBUF_INIT;
	sqlite3_stmt *s;
	int rc;

	if (store_prepare(st,
			  "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
			  " AND sql NOT LIKE 'CREATE UNIQUE%'",
			  &s, err))
		return err->status;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW)
		sbuf_addf(&sql, "DROP INDEX \"%s\";", (const char *)sqlite3_column_text(s, 0));
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE) {
		sbuf_release(&sql);
		return store_sqlerr(st, err, "cannot read the schema");
	}
	rc = sql.len ? store_exec(st, sql.buf, err) : 0;
	sbuf_release(&sql);
	return rc;
}

char *
store_path_uri(const char *path, const char *query)
{
	struct sbuf b = SBUF_INIT;
	const unsigned char *p;

	sbuf_addstr(&b, "file:");
	for (p = (const unsigned char *)path; *p; p++) {
		if (*p == '%' || *p == '?' || *p == '#' || *p < 0x20 || *p >= 0x7f)
			sbuf_addf(&b, "%%%02X", *p);
		else
			sbuf_addch(&b, (char)*p);
	}
	sbuf_addf(&b, "?%s", query);
	return sbuf_detach(&b);
}

/*
 * Whether SQLite could create the -wal/-shm files it wants beside @path: the
 * file and its directory must be writable by us (read-only media, another
 * user's directory). Without a -wal file already there, such a database can
 * only be read as immutable: no lock, no journal, nothing written.
 */
static bool
dir_writable(const char *path)
{
	char *dir = xstrdup(path), *slash = strrchr(dir, '/');
	bool w;

	if (slash)
		slash[slash == dir ? 1 : 0] = '\0';
	w = access(slash ? dir : ".", W_OK) == 0;
	free(dir);
	return w;
}

static bool
needs_immutable(const char *path)
{
	struct sbuf wal = SBUF_INIT;
	struct stat sb;
	bool has_wal;

	if (access(path, W_OK) == 0 && dir_writable(path))
		return false;
	sbuf_addf(&wal, "%s-wal", path);
	has_wal = stat(wal.buf, &sb) == 0;
	sbuf_release(&wal);
	return !has_wal;
}

static int
open_connection(struct store *st, enum store_mode mode)
{
	char *uri;
	int rc;

	bool exists = access(st->path, F_OK) == 0;

	/* A path is a file name, never a URI ("file:x.db" names ./file:x.db). */
	if (mode != STORE_RDONLY) {
		uri = store_path_uri(st->path, "mode=rwc");
		rc = sqlite3_open_v2(uri, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
						      SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, NULL);
		free(uri);
		return rc;
	}
	/*
	 * Read-only commands never create the database nor need write access.
	 * Where they could write, they read through a query-only read-write
	 * connection: SQLite's last connection then removes the -wal and -shm
	 * files on close, which a read-only one leaves beside the database.
	 */
	if (exists && access(st->path, W_OK) == 0 &&
	    dir_writable(st->path)) {
		uri = store_path_uri(st->path, "mode=rw");
		rc = sqlite3_open_v2(uri, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI |
						      SQLITE_OPEN_NOMUTEX, NULL);
		free(uri);
		if (rc == SQLITE_OK)
			rc = sqlite3_exec(st->db, "PRAGMA query_only = ON", NULL, NULL, NULL);
		return rc;
	}
	uri = store_path_uri(st->path, exists && needs_immutable(st->path)
				 ? "mode=ro&immutable=1" : "mode=ro");
	rc = sqlite3_open_v2(uri, &st->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX,
			     NULL);
	free(uri);
	return rc;
}

int
store_open(const char *path, enum store_mode mode, struct store **out, struct err *err)
{
	struct store *st = xcalloc(1, sizeof(*st));
	bool empty = false;

	*out = NULL;
	st->path = xstrdup(path);
	st->readonly = mode == STORE_RDONLY;
	if (open_connection(st, mode) != SQLITE_OK) {
		if (!st->db) {
			err_set(err, LITSI_ENOMEM, "%s: cannot open database", path);
		} else if (st->readonly && sqlite3_errcode(st->db) == SQLITE_CANTOPEN) {
			err_set(err, LITSI_EDB,
				"%s: cannot open database (run 'litsi ingest' first)", path);
		} else {
			store_sqlerr(st, err, "cannot open database");
		}
		goto fail;
	}
	if (setup_connection(st, err) || is_empty(st, &empty, err))
		goto fail;
	if (empty && st->readonly) {
		err_set(err, LITSI_EDB, "%s: database is empty (run 'litsi ingest' first)", path);
		goto fail;
	}
	/*
	 * A bulk copy (merge) splits and writes fewer pages of 16 KiB than of
	 * 4 KiB; the size must be set before the first table is created.
	 */
	if (empty && mode == STORE_BULK && store_exec(st, "PRAGMA page_size = 16384", err))
		goto fail;
	if (empty && create_schema(st, err))
		goto fail;
	if (check_version(st, err))
		goto fail;
	if (mode == STORE_SCRATCH) {
		/* A private file removed after use: rollbacks, no durability. */
		if (store_exec(st, "PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF", err) ||
		    (empty && drop_indexes(st, err)))
			goto fail;
	} else if (mode == STORE_BULK) {
		/* Published by the caller when complete, removed otherwise. */
		if (store_exec(st, "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF", err))
			goto fail;
	} else if (!st->readonly && setup_writer(st, err)) {
		goto fail;
	}
	*out = st;
	return 0;
fail:
	store_close(st);
	return err->status;
}

void
store_names_reset(struct store *st)
{
	size_t i;

	for (i = 0; i < st->nr_names; i++)
		free(st->names[i]);
	free(st->names);
	st->names = NULL;
	st->nr_names = 0;
	st->names_loaded = false;
}

void
store_close(struct store *st)
{
	size_t i;

	if (!st)
		return;
	store_names_reset(st);
	for (i = 0; i < st->nr_cached; i++)
		sqlite3_finalize(st->cached[i].s);
	free(st->cached);
	free(st->scope);
	free(st->scope_run);
	if (st->db)
		sqlite3_close_v2(st->db);
	free(st->path);
	free(st);
}
