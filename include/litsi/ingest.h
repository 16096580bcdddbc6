/* SPDX-License-Identifier: MIT */
/*
 * ingest.h: ingest as a library (src/ingest/ingest.c): the paths of a plan
 * walked into files, each file's parser chosen from its content (or forced),
 * each file streamed into the store in a transaction of its own, one at a
 * time or several at once (-j). It never prints: what a command shows (a
 * file's summary, a skipped file, a failure) reaches it through the
 * callbacks of struct ingest_report, in command-line order.
 */
#ifndef LITSI_INGEST_H
#define LITSI_INGEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "litsi/parse.h"
#include "litsi/store.h"

/* Where a path's node name comes from: --node (or "default"), its folder, its host. */
enum ingest_node_from { INGEST_NODE_GIVEN, INGEST_NODE_FROM_DIR, INGEST_NODE_FROM_HOST };

/* A path of the command line with the node option in force before it. */
struct ingest_item {
	const char *path;		/* a file, archive or folder; borrowed */
	const char *node;		/* --node; NULL: none (the default node); borrowed */
	enum ingest_node_from from;	/* how the node of its files is named */
};

/* What to ingest and how: filled by ingest_plan_init() and the caller. */
struct ingest_plan {
	struct store *st;		/* the output database, open for writing; borrowed */
	const char *db_path;		/* its path: a walk skips it; -j scratch lies beside it */
	struct ingest_opts iopts;	/* what the store records (run, rank, force, offset) */
	struct parse_opts popts;	/* what the parsers need (rank, time, tz, threads) */
	const struct parser *forced;	/* --format; NULL: each file's content decides */
	int jobs;			/* files parsed at once (-j); 1: one after the other */
	bool quiet;			/* no summary, skip or run lines (failures still come) */
	bool progress;			/* progress of large files (stderr is a terminal) */
	struct ingest_item *items;	/* the paths, in order; ingest_plan_add() */
	size_t nr_items, alloc_items;	/* entries used, entries allocated */
};

/* The counts of one ingest. */
struct ingest_counts {
	int ok;			/* files ingested */
	int dup;		/* files whose content was present already */
	int skipped;		/* files of a walk that are no input */
	int failed;		/* files refused or failed (nothing of them written) */
};

/* The nodes that files went to, first first, and how many files each received. */
struct ingest_nodes {
	char **name;		/* malloc'd names */
	int *files;		/* files[i]: files that went to name[i] */
	size_t nr, alloc;	/* entries used, entries allocated */
};

/*
 * What an ingest shows, called from the caller's thread in command-line
 * order; @ctx is the report's. NULL callbacks are not allowed.
 */
struct ingest_report {
	void *ctx;		/* the caller's, handed to every callback */
	/* summary() - a file ingested, or present already (sum->duplicate). */
	void (*summary)(void *ctx, const char *name, const struct ingest_summary *sum,
			bool run_auto);
	/* note() - a line of its own ("PATH: skipped (why)"). */
	void (*note)(void *ctx, const char *text);
	/* failure() - the message of a file that failed (it names the file). */
	void (*failure)(void *ctx, const char *msg);
	/* warning() - something to say about file @name, ingested. */
	void (*warning)(void *ctx, const char *name, const char *text);
	/* held() - -j: @n readings of file @name were held already, by file @of. */
	void (*held)(void *ctx, const char *name, int64_t n, const struct source_where *of);
	/* settled() - --run auto: file @path without a time went to run @run. */
	void (*settled)(void *ctx, const char *path, const char *run);
	/* progress() - @done of @total bytes (0: unknown) of file @name after @secs s. */
	void (*progress)(void *ctx, const char *name, uint64_t done, uint64_t total, double secs);
	/* progress_end() - the progress of a file is over (clear its line). */
	void (*progress_end)(void *ctx);
	/* totals() - the counts, when more than one file was seen (not when quiet). */
	void (*totals)(void *ctx, const struct ingest_counts *c);
};

/* ingest_plan_init() - a plan into @st (at @db_path): one job, no items, default options. */
void ingest_plan_init(struct ingest_plan *p, struct store *st, const char *db_path);
/* ingest_plan_add() - ingest @path, its files going to @node as @from says (borrowed). */
void ingest_plan_add(struct ingest_plan *p, const char *path, const char *node,
		     enum ingest_node_from from);
void ingest_plan_release(struct ingest_plan *p);

/*
 * ingest_plan_run() - ingest every item of @p under SIGINT/SIGTERM handling
 * (a signal stops it; nothing of the file at hand is written), reporting
 * through @r; the nodes files went to into @nodes (release with
 * ingest_nodes_release()). A path with nothing to ingest is a failure.
 * Return: the exit code: 0, the worst of the failures, or 130 when stopped.
 */
int ingest_plan_run(struct ingest_plan *p, const struct ingest_report *r,
		    struct ingest_nodes *nodes);
void ingest_nodes_release(struct ingest_nodes *n);

#endif
