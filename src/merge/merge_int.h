/* SPDX-License-Identifier: MIT */
/*
 * merge_int.h: private to src/merge/: the merge's state, the plan of the
 * tables it copies, and the helpers its files share. The merge speaks SQL
 * through the store's internal API (store/store_int.h); the store never sees
 * the merge.
 */
#ifndef LITSI_MERGE_INT_H
#define LITSI_MERGE_INT_H

#include "store/store_int.h"

#include "litsi/merge.h"

/* SQLite attaches at most ten databases: inputs are attached this many at a time. */
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

/* ---- SQL text and queries (merge_sql.c) ---- */

/* merge_add_ident() - append @name as a quoted SQL identifier. */
void merge_add_ident(struct sbuf *sb, const char *name);
/*
 * merge_add_tpl() - append SQL @tpl with each "@S" replaced by the quoted schema
 * name @s and each "@D" by @d: SQL text never goes through printf.
 */
void merge_add_tpl(struct sbuf *sb, const char *tpl, const char *s, const char *d);
/* merge_add_temp() - temp."<kind>T", such as temp."mmap_T": the id map of T. */
void merge_add_temp(struct sbuf *sb, const char *kind, const char *table);
/*
 * merge_exec() - run SQL text with no results; a constraint, type or size
 * failure is LITSI_EDATA (a damaged or forged input), another LITSI_EDB.
 */
int merge_exec(struct merge *m, const char *sql, struct err *err);
/*
 * merge_query_row() - run a query whose first row's columns are text, @bind1
 * and @bind2 (may be NULL) bound to ?1 and ?2; copies up to @n into @out
 * (malloc'd, NULL for NULL); *@found: whether there was a row.
 */
int merge_query_row(struct merge *m, const char *sql, const char *bind1, const char *bind2,
		    char **out, int n, bool *found, struct err *err);
/* merge_query_i64s() - the first row's first @n columns as integers (0 for NULL or no row). */
int merge_query_i64s(struct merge *m, const char *sql, int64_t *v, int n, struct err *err);
/* merge_query_i64() - merge_query_i64s() of one column. */
int merge_query_i64(struct merge *m, const char *sql, int64_t *v, struct err *err);

/* ---- the plan: the output's schema (merge_schema.c) ---- */

void merge_mtable_release(struct mtable *t);
/*
 * merge_read_schema() - read the tables of "main" into m->t, classify them
 * (source, per-source, dictionary) and sort them so parents come first.
 */
int merge_read_schema(struct merge *m, struct err *err);
/* merge_user_version() - PRAGMA @alias.user_version into *@v. */
int merge_user_version(struct merge *m, const char *alias, int *v, struct err *err);

/* ---- refusals (merge_check.c) ---- */

/*
 * merge_check_schema() - the input @alias (file @path) must have the output's
 * schema version and tables.
 */
int merge_check_schema(struct merge *m, const char *alias, const char *path, struct err *err);
/*
 * merge_check_clash() - a run of a node (its sources of one --run, or of
 * none) that both @src and @dst hold must hold the same sources in both
 * (other runs of the node, and nodes without sources in @src, such as one
 * whose sources were all present already while staging, match anything), and
 * a source both hold must belong to the same node: otherwise the two would be
 * mixed. @src_name names @src; @dst's nodes are named by the input that
 * brought them (when @dst_lookup), else by @dst_name; likewise @src.
 */
int merge_check_clash(struct merge *m, const char *src, const char *dst, const char *src_name,
		      bool src_lookup, const char *dst_name, bool dst_lookup, struct err *err);
/*
 * merge_remember_nodes() - note that input number @input brought the nodes of
 * @alias (named in clash messages).
 */
int merge_remember_nodes(struct merge *m, const char *alias, size_t input, struct err *err);
/*
 * merge_check_products() - a GPU is one part: refuse when @src names a GPU
 * that @dst holds (just mapped by merge_copy_table()) as another product.
 * Names as merge_check_clash().
 */
int merge_check_products(struct merge *m, const char *src, const char *dst, const char *src_name,
			 bool src_lookup, const char *dst_name, bool dst_lookup, struct err *err);
/*
 * merge_check_ranges() - every reading of the input @alias (file @path)
 * within its metric's physical range (metric_range()), every power limit
 * within that of a limit: a forged database's inf or 1e308 never reaches the
 * output.
 */
int merge_check_ranges(struct merge *m, const char *alias, const char *path, struct err *err);

/* ---- copying and id remapping (merge_copy.c) ---- */

/*
 * merge_copy_table() - copy the rows of table m->t[@ti] that are new from
 * @src into @dst, ids remapped (a shift for the tables of sources, a map for
 * dictionaries); @also: a further database whose sources count as present.
 */
int merge_copy_table(struct merge *m, size_t ti, const char *dst, const char *src,
		     const char *also, struct err *err);
/*
 * merge_temp_tables() - the merge's own temporary tables: the new sources of
 * the input being copied, and per dictionary (and the source table) its id
 * map; the id offsets of the tables of sources are m->off, written into the
 * SQL as numbers. @clear: empty the maps instead of creating them.
 */
int merge_temp_tables(struct merge *m, bool clear, struct err *err);

/* ---- attaching, batches, the output (merge.c) ---- */

/* merge_attach() - attach the database at @path, read-only and immutable, as @alias. */
int merge_attach(struct merge *m, const char *path, const char *alias, struct err *err);
void merge_detach(struct merge *m, const char *alias);
/* merge_release() - free what @m holds (not the store). */
void merge_release(struct merge *m);

#endif
