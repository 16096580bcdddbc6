/* SPDX-License-Identifier: MIT */
/*
 * merge_adopt.c: one file's scratch database into the output (litsi ingest -j), with
 * the ids and refusals ingesting that file would have given.
 */
#include "merge_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- one file's scratch database into the output (litsi ingest -j) ---- */

/* A GPU both hold with different ranks: the error the ingest gives. */
static int
check_ranks(struct merge *m, const char *path, struct err *err)
{
	char *row[4] = { NULL, NULL, NULL, NULL };
	bool found;

	if (merge_query_row(m,
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
	if (merge_exec(m, "UPDATE main.source SET n_telemetry = (SELECT count(*) FROM"
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

	if (merge_check_schema(m, "in0", path, err) || check_ranks(m, name, err))
		return err->status;
	if (merge_query_i64(m,
			    "SELECT count(*) FROM \"in0\".source s WHERE NOT EXISTS"
			    " (SELECT 1 FROM main.source d WHERE d.sha256 = s.sha256 AND d.run IS s.run)",
			    &fresh, err) ||
	    merge_query_i64(m, "SELECT count(*) FROM \"in0\".source", &stats->sources, err))
		return err->status;
	if (!fresh && stats->sources) {
		int64_t id = 0;

		if (merge_query_i64(m,
				    "SELECT coalesce(min(d.id), 0) FROM main.source d JOIN \"in0\".source s"
				    " ON d.sha256 = s.sha256 AND d.run IS s.run",
				    &id, err))
			return err->status;
		store_source_where(m->st, id, &stats->dup);
		return 1;
	}
	if (merge_temp_tables(m, true, err))
		return err->status;
	for (i = 0; i < m->nt; i++)
		if (merge_copy_table(m, i, "main", "in0", NULL, err))
			return err_prefix(err, "%s: copying table '%s'", name, m->t[i].name);
	if (adopt_hygiene(m, name, false, err))
		return err->status;
	/* As the ingest's upsert: what the file says of a GPU wins where it says it. */
	if (merge_exec(m,
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
	return merge_query_i64(m,
			       "SELECT coalesce(sum(n_kernels), 0) FROM \"in0\".source"
			       " WHERE id IN (SELECT old FROM temp.merge_fresh)",
			       &stats->kernels_added, err);
}

int
merge_adopt(struct store *st, const char *path, const char *name, struct merge_stats *stats,
	    struct err *err)
{
	const char *inputs[1] = { path };
	const volatile sig_atomic_t *stop;
	struct merge m = { .st = st, .out_path = st->path, .inputs = inputs, .sql = SBUF_INIT,
			   .joins = SBUF_INIT };
	int rc;

	memset(stats, 0, sizeof(*stats));
	if (merge_user_version(&m, "main", &m.version, err) || merge_read_schema(&m, err) ||
	    merge_temp_tables(&m, false, err) || merge_attach(&m, path, "in0", err))
		goto out;
	if (merge_exec(&m, "BEGIN IMMEDIATE", err))
		goto out;
	rc = adopt_copy(&m, path, name, stats, err);
	if (rc != 1 && store_stopped(st, err))	/* whatever failed, a stop caused it */
		rc = err->status;
	/* the clean-up runs even when the stop flag interrupted the copy */
	stop = st->stop;
	store_set_stop(st, NULL);
	if (rc || merge_exec(&m, "COMMIT", err))
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
	merge_detach(&m, "in0");
	merge_release(&m);
	store_set_stop(st, stop);
	return rc == 1 ? 1 : err->status;
out:
	merge_detach(&m, "in0");
	merge_release(&m);
	return err->status;
}
