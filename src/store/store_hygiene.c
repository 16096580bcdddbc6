/* SPDX-License-Identifier: MIT */
/*
 * store_hygiene.c: what one GPU may hold. Run at ingest, inside the file's
 * transaction: one GPU never holds two different products nor traces of two
 * runs (time ranges far apart); telemetry recorded outside the traced window
 * of its node is reported to the caller as a warning.
 */
#include "store_int.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "litsi/litsi.h"

/*
 * The traces one run of a node may hold: those of the other sources (same
 * clock, same ingest --run name or none) on the GPUs of node ?1. GPUs are
 * (node, device) rows; this is the only place that says which sources share
 * a run's GPUs.
 */
static const char same_node_sources_sql[] =
	"SELECT s.source_id, min(s.start_ns), max(s.end_ns), o.path FROM sample s"
	" JOIN gpu g ON g.id = s.gpu_id JOIN source o ON o.id = s.source_id"
	" JOIN source me ON me.id = ?2"
	" WHERE g.node_id = ?1 AND s.source_id != ?2 AND o.clock = me.clock"
	" AND o.run IS me.run"
	" GROUP BY s.source_id ORDER BY s.source_id";

/* "GPU 3 of node 'n17'" (@gpu_id > 0) or "node 'n17'" (@node_id) into @buf. */
static int
gpu_label(struct store *st, int64_t gpu_id, int64_t node_id, char *buf, size_t len,
	  struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	if (store_prepare(st, "SELECT g.device, n.name FROM node n LEFT JOIN gpu g"
			      " ON g.node_id = n.id AND g.id = ?1 WHERE n.id = coalesce("
			      "(SELECT node_id FROM gpu WHERE id = ?1), ?2)", &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, gpu_id);
	sqlite3_bind_int64(s, 2, node_id);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW && sqlite3_column_type(s, 0) != SQLITE_NULL)
		snprintf(buf, len, "GPU %d of node '%s'", sqlite3_column_int(s, 0),
			 (const char *)sqlite3_column_text(s, 1));
	else if (rc == SQLITE_ROW)
		snprintf(buf, len, "node '%s'", (const char *)sqlite3_column_text(s, 1));
	sqlite3_finalize(s);
	return rc == SQLITE_ROW ? 0 : store_sqlerr(st, err, "cannot read GPU");
}

/*
 * A product name reduced to its model: lower case, vendor and family words
 * dropped ("NVIDIA", "AMD", "Tesla", "Instinct"), other runs of non-alnum
 * characters made one space. "AMD Radeon Graphics", ROCm's name for any AMD
 * GPU, reduces to "" (unknown).
 */
static void
product_model(const char *p, char *out, size_t len)
{
	static const char *const drop[] = { "nvidia", "amd", "tesla", "instinct", "radeon",
					    "graphics" };
	size_t o = 0, i;

	while (*p && o + 1 < len) {
		char word[64];
		size_t w = 0;
		bool dropped = false;

		while (*p && !isalnum((unsigned char)*p))
			p++;
		while (isalnum((unsigned char)*p) || *p == '-') {
			if (w + 1 < sizeof(word))
				word[w++] = (char)tolower((unsigned char)*p);
			p++;
		}
		word[w] = 0;
		for (i = 0; i < ARRAY_SIZE(drop); i++)
			dropped = dropped || !strcmp(word, drop[i]);
		if (!w || dropped)
			continue;
		o += (size_t)snprintf(out + o, len - o, "%s%s", o ? " " : "", word);
	}
	out[o < len ? o : len - 1] = 0;
}

bool
store_products_differ(const char *a, const char *b)
{
	char ma[128], mb[128];
	size_t la, lb;

	if (!a || !b)
		return false;
	product_model(a, ma, sizeof(ma));
	product_model(b, mb, sizeof(mb));
	la = strlen(ma);
	lb = strlen(mb);
	if (!la || !lb)
		return false;
	/* "mi300x" and "mi300x oam" name one part at two levels of detail. */
	return strncmp(ma, mb, la < lb ? la : lb) != 0;
}

int
store_check_product(struct store *st, int64_t gpu_id, int64_t source_id, const char *held,
		    const char *product, struct err *err)
{
	sqlite3_stmt *s;
	char gpu[160];
	char *other = NULL;

	if (!store_products_differ(held, product))
		return 0;
	if (gpu_label(st, gpu_id, 0, gpu, sizeof(gpu), err) ||
	    store_prepare(st, "SELECT path FROM source WHERE id != ?2 AND id IN"
			      " (SELECT source_id FROM sample WHERE gpu_id = ?1 UNION"
			      "  SELECT source_id FROM telemetry WHERE gpu_id = ?1 UNION"
			      "  SELECT source_id FROM kernel_window WHERE gpu_id = ?1 UNION"
			      "  SELECT source_id FROM gpu_limit WHERE gpu_id = ?1)"
			      " ORDER BY id LIMIT 1", &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, gpu_id);
	sqlite3_bind_int64(s, 2, source_id);
	if (sqlite3_step(s) == SQLITE_ROW)
		other = store_text_dup(s, 0);
	sqlite3_finalize(s);
	err_set(err, LITSI_EDATA,
		"%s is '%s' in '%s' but '%s' in this file: two different GPUs are never one; "
		"give each file its own node (--node NAME before each file or folder, or "
		"--node-from dir)", gpu, held, other ? other : "an earlier file", product);
	free(other);
	return err->status;
}

/* Distance between [a0, a1] and [b0, b1]; 0 when they overlap. */
static int64_t
apart_ns(int64_t a0, int64_t a1, int64_t b0, int64_t b1)
{
	return a1 < b0 ? b0 - a1 : b1 < a0 ? a0 - b1 : 0;
}

/* Refuse when this source's samples on @node_id lie more than RUN_GAP_NS from every other's. */
static int
check_node_runs(struct store *st, int64_t source_id, int64_t node_id, int64_t lo, int64_t hi,
		const char *path, struct err *err)
{
	sqlite3_stmt *s;
	int64_t best = -1;
	char *near = NULL, gpu[160], t_me[32], t_other[32];
	int rc;

	if (store_prepare(st, same_node_sources_sql, &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, node_id);
	sqlite3_bind_int64(s, 2, source_id);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		int64_t d = apart_ns(lo, hi, sqlite3_column_int64(s, 1),
				     sqlite3_column_int64(s, 2));

		if (best < 0 || d < best) {
			best = d;
			free(near);
			near = store_text_dup(s, 3);
			time_text(sqlite3_column_int64(s, 1), false, t_other, sizeof(t_other));
		}
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE) {
		free(near);
		return store_sqlerr(st, err, "cannot read samples");
	}
	if (best <= RUN_GAP_NS) {
		free(near);
		return 0;
	}
	time_text(lo, false, t_me, sizeof(t_me));
	if (!gpu_label(st, 0, node_id, gpu, sizeof(gpu), err))
		err_set(err, LITSI_EDATA,
			"%s: traced at %s, %.1f h away from '%s' (traced at %s) on %s: two runs "
			"on one node are never merged (more than %d min apart); give each run its "
			"own node (--node NAME before each file or folder) or run (--run NAME)",
			path, t_me, (double)best / 3.6e12, near, t_other, gpu,
			(int)(RUN_GAP_NS / 60000000000LL));
	free(near);
	return err->status;
}

int
store_check_runs(struct store *st, int64_t source_id, const char *path, struct err *err)
{
	sqlite3_stmt *s;
	int64_t *v = NULL;
	size_t n = 0, alloc = 0, i;
	int rc;

	if (store_prepare(st, "SELECT g.node_id, min(s.start_ns), max(s.end_ns) FROM sample s"
			      " JOIN gpu g ON g.id = s.gpu_id WHERE s.source_id = ?"
			      " GROUP BY g.node_id ORDER BY g.node_id", &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, source_id);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		VEC_GROW(v, n + 3, alloc);
		for (i = 0; i < 3; i++)
			v[n++] = sqlite3_column_int64(s, (int)i);
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		rc = store_sqlerr(st, err, "cannot read samples");
	else
		rc = 0;
	for (i = 0; !rc && i < n; i += 3)
		rc = check_node_runs(st, source_id, v[i], v[i + 1], v[i + 2], path, err);
	free(v);
	return rc ? rc : store_check_run_identity(st, source_id, path, err);
}

/* One row of two integers from @sql bound to @a, @b; 1 when the row is not NULL. */
static int
range_of(struct store *st, const char *sql, int64_t a, int64_t b, int64_t *lo, int64_t *hi,
	 struct err *err)
{
	sqlite3_stmt *s;
	int rc, got = 0;

	if (store_prepare(st, sql, &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, a);
	sqlite3_bind_int64(s, 2, b);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW && sqlite3_column_type(s, 0) != SQLITE_NULL) {
		*lo = sqlite3_column_int64(s, 0);
		*hi = sqlite3_column_int64(s, 1);
		got = 1;
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_sqlerr(st, err, "cannot read time ranges");
	return got;
}

/*
 * The time ranges compared, each from an index: this source's readings
 * (telemetry_source), the node's readings (min and max per GPU and metric on
 * telemetry_gpu_metric), the samples of this source and of the node (few
 * rows: one per step and GPU), epoch clock only.
 */
static const char src_telem_sql[] =
	"SELECT min(t.t_ns), max(t.t_ns) FROM telemetry t JOIN gpu g ON g.id = t.gpu_id"
	" WHERE t.source_id = ?1 AND g.node_id = ?2";
static const char node_telem_sql[] =
	"SELECT min((SELECT min(t.t_ns) FROM telemetry t WHERE t.gpu_id = g.id"
	"  AND t.metric_id = m.id)),"
	" max((SELECT max(t.t_ns) FROM telemetry t WHERE t.gpu_id = g.id AND t.metric_id = m.id))"
	" FROM gpu g, metric m WHERE g.node_id = ?2 AND ?1 = ?1";
static const char src_samples_sql[] =
	"SELECT min(s.start_ns), max(s.end_ns) FROM sample s JOIN source o ON o.id = s.source_id"
	" WHERE s.source_id = ?1 AND o.clock = 'epoch' AND ?2 = ?2";
/* The traced window of the run of source ?1 on node ?2. */
static const char node_samples_sql[] =
	"SELECT min(s.start_ns), max(s.end_ns) FROM sample s JOIN gpu g ON g.id = s.gpu_id"
	" JOIN source o ON o.id = s.source_id WHERE g.node_id = ?2 AND o.clock = 'epoch'"
	" AND o.run IS (SELECT run FROM source WHERE id = ?1)";
/* Traces of the node other than this source's (the warning is given once, at the first). */
static const char other_samples_sql[] =
	"SELECT min(s.start_ns), max(s.end_ns) FROM sample s JOIN gpu g ON g.id = s.gpu_id"
	" WHERE g.node_id = ?2 AND s.source_id != ?1";

int
store_telemetry_outside(struct store *st, int64_t source_id, int64_t node_id, const char *node,
			char *msg, size_t len, struct err *err)
{
	int64_t a0, a1, b0, b1;
	char ta[32], tb[32];
	bool is_telem;
	int rc;

	msg[0] = 0;
	rc = range_of(st, src_telem_sql, source_id, node_id, &a0, &a1, err);
	if (rc < 0)
		return rc;
	is_telem = rc == 1;
	if (!is_telem && (rc = range_of(st, src_samples_sql, source_id, node_id, &a0, &a1, err)) <= 0)
		return rc;
	if (!is_telem && (rc = range_of(st, other_samples_sql, source_id, node_id, &b0, &b1, err)))
		return rc < 0 ? rc : 0;
	rc = range_of(st, is_telem ? node_samples_sql : node_telem_sql, source_id, node_id, &b0,
		      &b1, err);
	if (rc <= 0 || !apart_ns(a0, a1, b0, b1))
		return rc < 0 ? rc : 0;
	time_text(is_telem ? a0 : b0, false, ta, sizeof(ta));
	time_text(is_telem ? b0 : a0, false, tb, sizeof(tb));
	/* Readings that cannot be of the traced run are refused, never pooled with it. */
	if (is_telem)
		return err_set(err, LITSI_EDATA,
			       "the readings of node '%s' (from %s) lie outside the traced window "
			       "of its run (from %s): they are not of the traced run; give them "
			       "their own node (--node NAME) or run (--run NAME), or "
			       "--clock-offset when the clocks differ",
			       node, ta, tb);
	snprintf(msg, len,
		 "the telemetry of node '%s' (from %s) does not overlap its traced window (from "
		 "%s): the readings are not of the traced run; give them their own node "
		 "(--node NAME) unless the clocks differ (--clock-offset)", node, ta, tb);
	return 0;
}
