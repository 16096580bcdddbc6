/* SPDX-License-Identifier: MIT */
/*
 * store_runs.c: what makes one run, decided at ingest inside the file's
 * transaction. A run is an identity, not a time window: on one GPU, two
 * traces of one run never overlap in time, never repeat a profiler step and
 * never come from two processes (Kineto's baseTimeNanoseconds); a trace that
 * would is another run. --run auto names a file's run from that identity.
 * Telemetry is one reading per (GPU, metric, time) in a run: a second copy of
 * a log adds nothing, and two logs that disagree are refused.
 */
#include "store_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "litsi/litsi.h"

static void
copy_col(sqlite3_stmt *s, int i, char *buf, size_t len)
{
	const unsigned char *t = sqlite3_column_text(s, i);

	snprintf(buf, len, "%s", t ? (const char *)t : "");
}

void
store_source_where(struct store *st, int64_t id, struct source_where *w)
{
	sqlite3_stmt *s;
	struct err e = { 0 };

	memset(w, 0, sizeof(*w));
	if (store_prepare(st, "SELECT n.name, o.run, o.path FROM source o LEFT JOIN node n"
			      " ON n.id = o.node_id WHERE o.id = ?",
			  &s, &e))
		return;
	sqlite3_bind_int64(s, 1, id);
	if (sqlite3_step(s) == SQLITE_ROW) {
		copy_col(s, 0, w->node, sizeof(w->node));
		copy_col(s, 1, w->run, sizeof(w->run));
		copy_col(s, 2, w->path, sizeof(w->path));
	}
	sqlite3_finalize(s);
}

/*
 * The first source of run ?2 (NULL: no run named) other than ?1 whose
 * samples on a GPU of source ?1 clash with ?1's there: the same profiler
 * step (0 and up), overlapping time, or another process (both Kineto traces
 * with different baseTimeNanoseconds). Same clock only: boot-time traces of
 * two machines say nothing of each other. Returns the other source, the GPU's
 * device, the first clashing step (or NULL), both start times on that GPU and
 * what clashed (1 step, 2 time, 3 process).
 */
static const char clash_sql[] =
	"WITH me AS (SELECT s.gpu_id, s.step, s.start_ns, s.end_ns FROM sample s"
	"  WHERE s.source_id = ?1),"
	" mine AS (SELECT gpu_id, min(start_ns) lo, max(end_ns) hi FROM me GROUP BY gpu_id),"
	" other AS (SELECT s.source_id, s.gpu_id, min(s.start_ns) lo, max(s.end_ns) hi"
	"  FROM sample s JOIN source o ON o.id = s.source_id"
	"  WHERE s.gpu_id IN (SELECT gpu_id FROM mine) AND s.source_id != ?1"
	"  AND o.run IS ?2 AND o.clock = (SELECT clock FROM source WHERE id = ?1)"
	"  GROUP BY s.source_id, s.gpu_id)"
	" SELECT o.source_id, g.device,"
	"  (SELECT min(x.step) FROM me x JOIN sample y ON y.gpu_id = x.gpu_id AND y.step = x.step"
	"   WHERE x.gpu_id = o.gpu_id AND y.source_id = o.source_id AND x.step >= 0),"
	"  m.lo, o.lo,"
	"  CASE WHEN EXISTS (SELECT 1 FROM me x JOIN sample y ON y.gpu_id = x.gpu_id"
	"   AND y.step = x.step WHERE x.gpu_id = o.gpu_id AND y.source_id = o.source_id"
	"   AND x.step >= 0) THEN 1"
	"  WHEN o.lo < m.hi AND m.lo < o.hi THEN 2"
	"  WHEN (SELECT a.value FROM source_meta a WHERE a.source_id = ?1"
	"   AND a.key = 'baseTimeNanoseconds') IS NOT (SELECT b.value FROM source_meta b"
	"   WHERE b.source_id = o.source_id AND b.key = 'baseTimeNanoseconds')"
	"   AND EXISTS (SELECT 1 FROM source_meta a WHERE a.source_id = ?1"
	"   AND a.key = 'baseTimeNanoseconds')"
	"   AND EXISTS (SELECT 1 FROM source_meta b WHERE b.source_id = o.source_id"
	"   AND b.key = 'baseTimeNanoseconds') THEN 3 ELSE 0 END AS why"
	" FROM other o JOIN mine m ON m.gpu_id = o.gpu_id JOIN gpu g ON g.id = o.gpu_id"
	" WHERE why > 0 ORDER BY o.source_id, g.device LIMIT 1";

struct clash {
	int64_t other;		/* the other source; 0: none */
	int device;
	int64_t step;		/* -1: none */
	int64_t my_lo, other_lo;
	int why;		/* 1 step, 2 time, 3 process */
};

/* The first clash of source @id with run @run (NULL: none named); 1 when found. */
static int
find_clash(struct store *st, int64_t id, const char *run, struct clash *c, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	memset(c, 0, sizeof(*c));
	c->step = -1;
	if (store_prepare(st, clash_sql, &s, err))
		return -1;
	sqlite3_bind_int64(s, 1, id);
	if (run)
		sqlite3_bind_text(s, 2, run, -1, SQLITE_TRANSIENT);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		c->other = sqlite3_column_int64(s, 0);
		c->device = sqlite3_column_int(s, 1);
		if (sqlite3_column_type(s, 2) != SQLITE_NULL)
			c->step = sqlite3_column_int64(s, 2);
		c->my_lo = sqlite3_column_int64(s, 3);
		c->other_lo = sqlite3_column_int64(s, 4);
		c->why = sqlite3_column_int(s, 5);
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		store_sqlerr(st, err, "cannot compare the file's samples with its run's");
		return -1;
	}
	return rc == SQLITE_ROW;
}

/* This source's run: NULL for none (the caller frees). */
static int
run_of(struct store *st, int64_t id, char **run, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	*run = NULL;
	if (store_prepare(st, "SELECT run FROM source WHERE id = ?", &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, id);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW)
		*run = store_text_dup(s, 0);
	sqlite3_finalize(s);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : store_sqlerr(st, err, "cannot read run");
}

int
store_check_run_identity(struct store *st, int64_t source_id, const char *path, struct err *err)
{
	struct source_where w;
	struct clash c;
	char t_me[32], t_other[32], what[96], *run;
	int rc;

	if (run_of(st, source_id, &run, err))
		return err->status;
	rc = find_clash(st, source_id, run, &c, err);
	free(run);
	if (rc <= 0)
		return rc < 0 ? err->status : 0;
	store_source_where(st, c.other, &w);
	time_text(c.my_lo, false, t_me, sizeof(t_me));
	time_text(c.other_lo, false, t_other, sizeof(t_other));
	if (c.why == 1)
		snprintf(what, sizeof(what), "repeats profiler step %lld of", (long long)c.step);
	else if (c.why == 2)
		snprintf(what, sizeof(what), "overlaps in time");
	else
		snprintf(what, sizeof(what), "comes from another process (baseTimeNanoseconds) than");
	return err_set(err, LITSI_EDATA,
		       "%s: another run of GPU %d of node '%s': this file (traced from %s) %s "
		       "'%s' (traced from %s%s%s%s); two runs are never pooled: give this one "
		       "its own run (--run NAME, or --run auto to name it after its start time) "
		       "or its own node (--node NAME)",
		       path, c.device, w.node, t_me, what, w.path, t_other,
		       w.run[0] ? ", run '" : "", w.run, w.run[0] ? "'" : "");
}

/* ---- telemetry: one reading per (GPU, metric, time) in a run ---- */

/*
 * A reading of source ?1 that another source of its run holds with another
 * value at the same GPU, metric and time (the index telemetry_gpu_metric
 * finds each in one seek).
 */
static const char telem_conflict_sql[] =
	"SELECT o.source_id, g.device, m.name, t.t_ns, t.value, o.value FROM telemetry t"
	" JOIN telemetry o ON o.gpu_id = t.gpu_id AND o.metric_id = t.metric_id"
	"  AND o.t_ns = t.t_ns AND o.source_id != t.source_id"
	" JOIN source so ON so.id = o.source_id JOIN gpu g ON g.id = t.gpu_id"
	" JOIN metric m ON m.id = t.metric_id"
	" WHERE t.source_id = ?1 AND so.run IS (SELECT run FROM source WHERE id = ?1)"
	" AND o.value != t.value LIMIT 1";
static const char telem_dup_sql[] =
	"DELETE FROM telemetry AS t WHERE t.source_id = ?1 AND EXISTS (SELECT 1 FROM telemetry o"
	" JOIN source so ON so.id = o.source_id WHERE o.gpu_id = t.gpu_id"
	" AND o.metric_id = t.metric_id AND o.t_ns = t.t_ns AND o.source_id != t.source_id"
	" AND o.value = t.value AND so.run IS (SELECT run FROM source WHERE id = ?1))";
/* Whether another source of the run has readings on this source's GPUs in its time range. */
static const char telem_near_sql[] =
	"SELECT 1 FROM (SELECT gpu_id, metric_id, min(t_ns) lo, max(t_ns) hi FROM telemetry"
	"  WHERE source_id = ?1 GROUP BY gpu_id, metric_id) me"
	" WHERE EXISTS (SELECT 1 FROM telemetry o JOIN source so ON so.id = o.source_id"
	"  WHERE o.gpu_id = me.gpu_id AND o.metric_id = me.metric_id AND o.t_ns BETWEEN me.lo"
	"  AND me.hi AND o.source_id != ?1"
	"  AND so.run IS (SELECT run FROM source WHERE id = ?1)) LIMIT 1";
/* The source whose readings this one's repeat (the first of them). */
static const char telem_first_dup_sql[] =
	"SELECT o.source_id FROM telemetry t JOIN telemetry o ON o.gpu_id = t.gpu_id"
	" AND o.metric_id = t.metric_id AND o.t_ns = t.t_ns AND o.source_id != t.source_id"
	" AND o.value = t.value JOIN source so ON so.id = o.source_id"
	" WHERE t.source_id = ?1 AND so.run IS (SELECT run FROM source WHERE id = ?1) LIMIT 1";

static int
one_i64(struct store *st, const char *sql, int64_t id, int64_t *out, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	if (store_prepare(st, sql, &s, err))
		return -1;
	sqlite3_bind_int64(s, 1, id);
	rc = sqlite3_step(s);
	*out = rc == SQLITE_ROW ? sqlite3_column_int64(s, 0) : 0;
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		store_sqlerr(st, err, "cannot compare readings");
		return -1;
	}
	return rc == SQLITE_ROW;
}

/* ---- --run auto ---- */

/*
 * The runs of the node of source ?1 (other sources, same clock), newest
 * first (by their latest source), each with its time window: its samples',
 * else its readings'.
 */
static const char node_runs_sql[] =
	"SELECT o.run, max(o.id),"
	" (SELECT min(s.start_ns) FROM sample s JOIN source x ON x.id = s.source_id"
	"  WHERE x.node_id = ?2 AND x.run IS o.run AND x.id != ?1),"
	" (SELECT max(s.end_ns) FROM sample s JOIN source x ON x.id = s.source_id"
	"  WHERE x.node_id = ?2 AND x.run IS o.run AND x.id != ?1),"
	" (SELECT min(t.t_ns) FROM telemetry t JOIN source x ON x.id = t.source_id"
	"  WHERE x.node_id = ?2 AND x.run IS o.run AND x.id != ?1),"
	" (SELECT max(t.t_ns) FROM telemetry t JOIN source x ON x.id = t.source_id"
	"  WHERE x.node_id = ?2 AND x.run IS o.run AND x.id != ?1)"
	" FROM source o WHERE o.node_id = ?2 AND o.id != ?1"
	" AND o.clock = (SELECT clock FROM source WHERE id = ?1)"
	" GROUP BY o.run ORDER BY max(o.id) DESC";

struct cand {
	char *run;		/* NULL: no run named */
	int64_t s0, s1;		/* samples' window; s0 > s1: none */
	int64_t t0, t1;		/* readings' window */
};

static int64_t
col_or(sqlite3_stmt *s, int i, int64_t none)
{
	return sqlite3_column_type(s, i) == SQLITE_NULL ? none : sqlite3_column_int64(s, i);
}

static int
load_cands(struct store *st, int64_t id, int64_t node_id, struct cand **v, size_t *n,
	   struct err *err)
{
	sqlite3_stmt *s;
	size_t alloc = 0;
	int rc;

	*v = NULL;
	*n = 0;
	if (store_prepare(st, node_runs_sql, &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, id);
	sqlite3_bind_int64(s, 2, node_id);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		struct cand *c;

		VEC_GROW(*v, *n + 1, alloc);
		c = &(*v)[(*n)++];
		c->run = store_text_dup(s, 0);
		c->s0 = col_or(s, 2, INT64_MAX);
		c->s1 = col_or(s, 3, INT64_MIN);
		c->t0 = col_or(s, 4, INT64_MAX);
		c->t1 = col_or(s, 5, INT64_MIN);
	}
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(st, err, "cannot list the node's runs");
}

static int64_t
overlap_ns(int64_t a0, int64_t a1, int64_t b0, int64_t b1)
{
	int64_t lo = a0 > b0 ? a0 : b0, hi = a1 < b1 ? a1 : b1;

	return hi > lo ? hi - lo : a0 <= b1 && b0 <= a1 ? 1 : 0;
}

static int64_t
gap_ns(int64_t a0, int64_t a1, int64_t b0, int64_t b1)
{
	return a1 < b0 ? b0 - a1 : b1 < a0 ? a0 - b1 : 0;
}

/* A run name from @t (ISO 8601, UTC) that no source of the node has yet. */
static int
fresh_name(struct store *st, int64_t node_id, int64_t t, char *buf, size_t len, struct err *err)
{
	sqlite3_stmt *s;
	char base[32];
	int k, rc = SQLITE_ROW;

	time_text(t, true, base, sizeof(base));
	if (store_prepare(st, "SELECT 1 FROM source WHERE node_id = ? AND run = ?", &s, err))
		return err->status;
	for (k = 1; rc == SQLITE_ROW && k < 1000; k++) {
		if (k == 1)
			snprintf(buf, len, "%s", base);
		else
			snprintf(buf, len, "%s-%d", base, k);
		sqlite3_reset(s);
		sqlite3_bind_int64(s, 1, node_id);
		sqlite3_bind_text(s, 2, buf, -1, SQLITE_TRANSIENT);
		rc = sqlite3_step(s);
	}
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(st, err, "cannot name the run");
}


static int
set_run(struct store *st, int64_t id, const char *run, struct err *err)
{
	sqlite3_stmt *s;
	int rc;

	if (store_prepare(st, "UPDATE source SET run = ? WHERE id = ?", &s, err))
		return err->status;
	if (run)
		sqlite3_bind_text(s, 1, run, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(s, 2, id);
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : store_sqlerr(st, err, "cannot set the file's run");
}

/*
 * This file's window [*@lo, *@hi]: its samples' (*@traced), else its
 * readings'; *@timeless when it has neither.
 */
static int
file_window(struct store *st, int64_t source_id, int64_t *lo, int64_t *hi, bool *traced,
	    bool *timeless, struct err *err)
{
	sqlite3_stmt *s;

	if (store_prepare(st, "SELECT (SELECT min(start_ns) FROM sample WHERE source_id = ?1),"
			      " (SELECT max(end_ns) FROM sample WHERE source_id = ?1),"
			      " (SELECT min(t_ns) FROM telemetry WHERE source_id = ?1),"
			      " (SELECT max(t_ns) FROM telemetry WHERE source_id = ?1)",
			  &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, source_id);
	if (sqlite3_step(s) != SQLITE_ROW) {
		sqlite3_finalize(s);
		return store_sqlerr(st, err, "cannot read the file's window");
	}
	*traced = sqlite3_column_type(s, 0) != SQLITE_NULL;
	*timeless = !*traced && sqlite3_column_type(s, 2) == SQLITE_NULL;
	*lo = col_or(s, *traced ? 0 : 2, 0);
	*hi = col_or(s, *traced ? 1 : 3, 0);
	sqlite3_finalize(s);
	return 0;
}

/*
 * A traced file: *@pick, the newest of the runs @v it does not clash with
 * within RUN_GAP_NS of its window [@lo, @hi]; SIZE_MAX when none.
 */
static int
pick_traced(struct store *st, int64_t source_id, const struct cand *v, size_t n, int64_t lo,
	    int64_t hi, size_t *pick, struct err *err)
{
	size_t i;
	int rc;

	for (i = 0; i < n; i++) {
		const struct cand *c = &v[i];
		struct clash cl;
		int64_t a = c->s0 <= c->s1 ? c->s0 : c->t0, b = c->s0 <= c->s1 ? c->s1 : c->t1;

		if (a > b || gap_ns(lo, hi, a, b) > RUN_GAP_NS)
			continue;
		rc = find_clash(st, source_id, c->run, &cl, err);
		if (rc < 0)
			return err->status;
		if (!rc) {
			*pick = i;
			break;
		}
	}
	return 0;
}

/*
 * Readings: *@pick, the run whose traces (else readings) they overlap most,
 * of those whose readings they do not contradict (the source is put into
 * each to try it); SIZE_MAX when none. Tried runs are marked in @v.
 */
static int
pick_readings(struct store *st, int64_t source_id, struct cand *v, size_t n, int64_t lo,
	      int64_t hi, size_t *pick, struct err *err)
{
	int64_t best, o;
	size_t i;
	int rc;

	for (;;) {
		best = 0;
		*pick = SIZE_MAX;
		for (i = 0; i < n; i++) {
			if (v[i].s0 == INT64_MIN)	/* tried */
				continue;
			o = v[i].s0 <= v[i].s1 ? overlap_ns(lo, hi, v[i].s0, v[i].s1)
					       : overlap_ns(lo, hi, v[i].t0, v[i].t1);
			if (o > best) {
				best = o;
				*pick = i;
			}
		}
		if (*pick == SIZE_MAX)
			return 0;
		if (set_run(st, source_id, v[*pick].run, err))
			return err->status;
		rc = one_i64(st, telem_conflict_sql, source_id, &best, err);
		if (rc < 0)
			return err->status;
		if (!rc)
			return 0;
		v[*pick].s0 = INT64_MIN;
		*pick = SIZE_MAX;
	}
}

int
store_resolve_auto_run(struct store *st, int64_t source_id, int64_t node_id, bool *pending,
		       struct err *err)
{
	struct cand *v = NULL;
	size_t n = 0, i, pick = SIZE_MAX;
	int64_t lo = 0, hi = 0;
	bool traced = false, timeless = false;
	char name[64];

	*pending = false;
	if (load_cands(st, source_id, node_id, &v, &n, err) ||
	    file_window(st, source_id, &lo, &hi, &traced, &timeless, err))
		goto out;
	/* No time at all (limits, a device list): the caller gives it the run of its files. */
	if (timeless) {
		*pending = true;
		set_run(st, source_id, NULL, err);
		goto out;
	}
	if (traced ? pick_traced(st, source_id, v, n, lo, hi, &pick, err)
		   : pick_readings(st, source_id, v, n, lo, hi, &pick, err))
		goto out;
	if (pick == SIZE_MAX && (fresh_name(st, node_id, lo, name, sizeof(name), err) ||
				 set_run(st, source_id, name, err)))
		goto out;
	if (pick != SIZE_MAX)
		set_run(st, source_id, v[pick].run, err);
out:
	for (i = 0; i < n; i++)
		free(v[i].run);
	free(v);
	return err->status;
}

int
store_telemetry_dedupe(struct store *st, int64_t source_id, const char *path,
		       struct telem_dedupe *d, struct err *err)
{
	sqlite3_stmt *s;
	int rc;
	int64_t other;

	memset(d, 0, sizeof(*d));
	rc = one_i64(st, telem_near_sql, source_id, &other, err);
	if (rc <= 0)
		return rc < 0 ? err->status : 0;
	if (store_prepare(st, telem_conflict_sql, &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, source_id);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		struct source_where w;
		char t[32];
		int64_t o = sqlite3_column_int64(s, 0), ns = sqlite3_column_int64(s, 3);
		int dev = sqlite3_column_int(s, 1);
		char metric[64];
		double mine = sqlite3_column_double(s, 4), theirs = sqlite3_column_double(s, 5);

		copy_col(s, 2, metric, sizeof(metric));
		sqlite3_finalize(s);
		store_source_where(st, o, &w);
		time_text(ns, false, t, sizeof(t));
		return err_set(err, LITSI_EDATA,
			       "%s: GPU %d of node '%s' reads %s %g at %s (%lld ns), but '%s' "
			       "reads %g at that time: two logs of one GPU disagree; give one of "
			       "them its own node (--node NAME) or run (--run NAME)",
			       path, dev, w.node, metric, mine, t, (long long)ns, w.path, theirs);
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		return store_sqlerr(st, err, "cannot compare readings");
	if (one_i64(st, telem_first_dup_sql, source_id, &other, err) < 0)
		return err->status;
	if (other)
		store_source_where(st, other, &d->dup_of);
	if (store_prepare(st, telem_dup_sql, &s, err))
		return err->status;
	sqlite3_bind_int64(s, 1, source_id);
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		return store_sqlerr(st, err, "cannot drop repeated readings");
	d->dropped = sqlite3_changes(st->db);
	return 0;
}

int
store_set_source_run(struct store *st, int64_t source_id, const char *run, struct err *err)
{
	int rc;

	if (store_exec(st, "BEGIN IMMEDIATE", err))
		return err->status;
	rc = set_run(st, source_id, run, err);
	if (rc || store_exec(st, "COMMIT", err)) {
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
		return err->status;
	}
	return 0;
}

