/* SPDX-License-Identifier: MIT */
/*
 * store_int.h: the store's internal SQL API: the store handle and statement
 * helpers, for src/store/ and the merge (src/merge/), which speaks SQL through
 * them; no other layer includes it (scripts/lint.sh).
 */
#ifndef LITSI_STORE_INT_H
#define LITSI_STORE_INT_H

#include <sqlite3.h>

#include "litsi/parse.h"
#include "litsi/store.h"
#include "litsi/util.h"

struct store {
	sqlite3 *db;
	char *path;
	bool readonly;
	char **names;		/* name.id -> text, loaded on first store_name() */
	size_t nr_names;
	bool names_loaded;
	int version;		/* schema version (PRAGMA user_version) */
	struct store_cached *cached;	/* prepared read statements, by SQL text */
	size_t nr_cached, alloc_cached;
	const volatile sig_atomic_t *stop;	/* store_set_stop(); NULL = never */
	char *scope;		/* store_scope_run(): JSON array of source ids, NULL: all */
	char *scope_run;	/* the run named */
};

struct store_cached {
	const char *sql;	/* a static string: compared by address */
	sqlite3_stmt *s;
};

/*
 * store_sqlerr() - record the SQLite error of @db with context @what; LITSI_EDB,
 * or LITSI_EINTR when the stop flag (store_set_stop()) interrupted it.
 */
int store_sqlerr(struct store *st, struct err *err, const char *what);
/* store_stopped() - LITSI_EINTR into @err when the stop flag is set, else 0. */
int store_stopped(struct store *st, struct err *err);
/* store_prepare() - prepare @sql or record the error. */
int store_prepare(struct store *st, const char *sql, sqlite3_stmt **stmt, struct err *err);
/*
 * store_prepare_cached() - like store_prepare() for a static @sql run again
 * and again (the node loader runs ~100 small queries per node): the statement
 * is prepared once per store and handed out reset, bindings cleared. Do not
 * finalize it; sqlite3_reset() it when done. A statement is handed out once
 * at a time: nested use of one SQL text is a bug.
 */
int store_prepare_cached(struct store *st, const char *sql, sqlite3_stmt **stmt,
			 struct err *err);
/*
 * STORE_IN_SCOPE() - the SQL condition that @col, a source id, belongs to the
 * run scope (store_scope_run()), which store_bind_scope() binds to ?@p.
 */
#define STORE_IN_SCOPE(col, p) \
	" AND (?" p " IS NULL OR " col " IN (SELECT value FROM json_each(?" p ")))"
void store_bind_scope(struct store *st, sqlite3_stmt *s, int p);
/* store_exec() - run SQL text with no results. */
int store_exec(struct store *st, const char *sql, struct err *err);
/* store_text_dup() - column @i as a malloc'd string, or NULL. */
char *store_text_dup(sqlite3_stmt *s, int i);
void store_names_reset(struct store *st);
/*
 * store_check_no_wal() - refuse (LITSI_EDATA) a database read as immutable
 * whose -wal file still holds pages: they would be lost without a word.
 */
int store_check_no_wal(const char *path, struct err *err);
/* store_path_uri() - "file:" URI of @path (percent-encoded) with @query; malloc'd. */
char *store_path_uri(const char *path, const char *query);

/* ---- what one GPU may hold (store_hygiene.c) ---- */

/*
 * store_products_differ() - whether product names @a and @b are two different
 * parts: compared by model (vendor and family words dropped, case folded),
 * one a prefix of the other being the same part; NULL or a generic name
 * ("AMD Radeon Graphics") never differs.
 */
bool store_products_differ(const char *a, const char *b);
/*
 * store_check_product() - LITSI_EDATA, naming the GPU and a file of its,
 * when @gpu_id already holds product @held and source @source_id says
 * @product, a different part.
 */
int store_check_product(struct store *st, int64_t gpu_id, int64_t source_id, const char *held,
			const char *product, struct err *err);
/*
 * store_check_runs() - LITSI_EDATA when a node of source @source_id (@path)
 * already holds samples of other sources (same clock, any of its GPUs) and
 * the nearest of them lies more than RUN_GAP_NS from this source's: two runs.
 */
int store_check_runs(struct store *st, int64_t source_id, const char *path, struct err *err);
/*
 * store_check_run_identity() - LITSI_EDATA, naming both files, when source
 * @source_id (@path) holds samples on a GPU that another source of its run
 * holds samples on with the same profiler step, overlapping in time, or from
 * another process (Kineto baseTimeNanoseconds): that is another run.
 */
int store_check_run_identity(struct store *st, int64_t source_id, const char *path,
			     struct err *err);
/*
 * store_resolve_auto_run() - --run auto: put source @source_id of node
 * @node_id into the newest run of the node it does not clash with
 * (store_check_run_identity()) within RUN_GAP_NS, or for readings alone the
 * run whose traced window they overlap most; else a new run named after the
 * file's first time (ISO 8601, UTC; "-2", "-3" when taken). A file with no
 * time at all (limits, a device list) is left without a run, *@pending: the
 * caller puts it into the run of the files it came with
 * (store_set_source_run()).
 */
int store_resolve_auto_run(struct store *st, int64_t source_id, int64_t node_id, bool *pending,
			   struct err *err);
/*
 * store_telemetry_dedupe() - readings of source @source_id that its run
 * holds already with the same value are deleted (counted in @d); one with
 * another value is LITSI_EDATA naming both files.
 */
int store_telemetry_dedupe(struct store *st, int64_t source_id, const char *path,
			   struct telem_dedupe *d, struct err *err);
/*
 * store_telemetry_outside() - when source @source_id brought telemetry to
 * node @node_id (named @node) that does not overlap the traced (epoch) window
 * of its run there, LITSI_EDATA (the readings are not of that run); for a
 * trace whose window no telemetry of the node overlaps, a one-line warning in
 * @msg; else msg[0] = 0.
 */
int store_telemetry_outside(struct store *st, int64_t source_id, int64_t node_id,
			    const char *node, char *msg, size_t len, struct err *err);

#endif
