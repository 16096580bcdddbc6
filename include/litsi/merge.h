/* SPDX-License-Identifier: MIT */
/*
 * merge.h: litsi merge (src/merge/): litsi databases copied into one, and the
 * scratch database of one ingested file copied into the output (litsi ingest
 * -j). The merge speaks SQL through the store's internal API; the store never
 * sees the merge.
 */
#ifndef LITSI_MERGE_H
#define LITSI_MERGE_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "litsi/err.h"
#include "litsi/store.h"

struct merge_stats {
	int64_t sources;	/* sources the input holds */
	int64_t sources_added;	/* of those, new to the output */
	int64_t nodes;		/* nodes the input holds */
	int64_t kernels_added;	/* kernel rows of the new sources */
	char warning[512];	/* merge_adopt(): "" or as ingest_summary.warning */
	struct source_where dup;	/* merge_adopt() returning 1: where the content is */
	int64_t readings_dropped;	/* merge_adopt(): readings the run held already */
	struct source_where readings_of;	/* the file that held them */
};

/*
 * merge_databases() - copy the litsi databases @inputs (opened read-only) into the
 * database at @out_path, created when missing, in one transaction: all of
 * them or nothing. Tables are copied as the output's schema declares them,
 * ids remapped; a source whose sha256 the output already holds is skipped
 * with everything of it. Refused, with the output unchanged: an input whose
 * schema differs from the output's (LITSI_EDB), a node held by two databases
 * with different sources, or one file held as two different nodes
 * (LITSI_EDATA), both named in the message; an input with a view where a
 * table belongs (LITSI_EDB). Inputs are read-only and immutable; one whose
 * -wal file still holds pages is refused (LITSI_EDATA). When *@stop (may be
 * NULL) becomes non-zero the merge stops within milliseconds with
 * LITSI_EINTR, the output as before and no temporary file left.
 * @stats: one entry per input.
 */
int merge_databases(const char *out_path, const char *const *inputs, size_t n,
		    const volatile sig_atomic_t *stop, struct merge_stats *stats, struct err *err);
/*
 * merge_adopt() - copy the database at @path, a STORE_SCRATCH one that holds
 * what ingesting one file wrote, into @st in one transaction (litsi ingest
 * -j), with ids as ingesting that file into @st would have given them. Its
 * GPUs that @st already holds take its rank, vendor and product where it has
 * them; a rank that differs from the one @st holds is refused (LITSI_EDATA)
 * as the ingest refuses it, the message naming the ingested file @name.
 * Returns 1, copying nothing, when @st holds all of its sources already (the
 * same content: a duplicate). stats->warning: what the ingest would have
 * warned of (telemetry outside its node's traced window).
 */
int merge_adopt(struct store *st, const char *path, const char *name,
		struct merge_stats *stats, struct err *err);

#endif
