/* SPDX-License-Identifier: MIT */
/*
 * store_rocpd.c: reading a rocpd database (rocprofv3 --output-format rocpd,
 * <pid>_results.db) through a second, read-only SQLite connection. The
 * convenience views kernels and memory_copies and the table rocpd_info_agent
 * are read with SELECT * and their columns found by name, so that schema
 * additions do not matter. Times are ns since boot.
 */
#include "store_int.h"
#include "litsi/litsi.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct rcols {
	sqlite3_stmt *s;
	int n;
};

/* Column index by any of the '|'-separated names (case-insensitive), or -1. */
static int
col(const struct rcols *r, const char *names)
{
	const char *p = names;

	for (;;) {
		const char *bar = strchr(p, '|');
		size_t k = bar ? (size_t)(bar - p) : strlen(p);
		int i;

		for (i = 0; i < r->n; i++) {
			const char *cn = sqlite3_column_name(r->s, i);

			if (cn && strlen(cn) == k && !strncasecmp(cn, p, k))
				return i;
		}
		if (!bar)
			return -1;
		p = bar + 1;
	}
}

static int
rd_err(sqlite3 *db, const char *path, const char *what, struct err *err)
{
	return err_set(err, LITSI_EDATA, "%s: %s: %s", path, what, sqlite3_errmsg(db));
}

/* prepare "SELECT * FROM @obj"; 1 = prepared, 0 = no such view/table. */
static int
select_all(sqlite3 *db, const char *path, const char *obj, struct rcols *r, struct err *err)
{
	char sql[128];

	snprintf(sql, sizeof(sql), "SELECT * FROM \"%s\"", obj);
	if (sqlite3_prepare_v2(db, sql, -1, &r->s, NULL) != SQLITE_OK) {
		if (strstr(sqlite3_errmsg(db), "no such table"))
			return 0;
		return rd_err(db, path, "cannot read the rocpd database", err);
	}
	r->n = sqlite3_column_count(r->s);
	return 1;
}

static bool
is_gpu(sqlite3_stmt *s, int c)
{
	const unsigned char *t = c >= 0 ? sqlite3_column_text(s, c) : NULL;

	return t && !strcasecmp((const char *)t, "GPU");
}

static int
read_agents(sqlite3 *db, const char *path, struct sink *sink, struct err *err)
{
	struct rcols r;
	int rc, ct, ci, cp;

	if ((rc = select_all(db, path, "rocpd_info_agent", &r, err)) <= 0)
		return rc;
	ct = col(&r, "type|agent_type");
	ci = col(&r, "type_index|logical_node_type_id|agent_type_index");
	cp = col(&r, "product_name|product|marketing_name");
	if (ct < 0 || ci < 0) {
		sqlite3_finalize(r.s);
		return err_set(err, LITSI_EDATA,
			       "%s: expected columns type and type_index in rocpd_info_agent", path);
	}
	while ((rc = sqlite3_step(r.s)) == SQLITE_ROW) {
		struct rec_gpu g = { 0 };

		if (!is_gpu(r.s, ct))
			continue;
		g.device = sqlite3_column_int(r.s, ci);
		g.rank = -1;
		g.vendor = "AMD";
		g.product = cp >= 0 ? (const char *)sqlite3_column_text(r.s, cp) : NULL;
		if (g.product && !*g.product)
			g.product = NULL;
		if (sink->gpu(sink, &g, err)) {
			sqlite3_finalize(r.s);
			return err->status;
		}
	}
	sqlite3_finalize(r.s);
	if (rc != SQLITE_DONE)
		return rd_err(db, path, "cannot read rocpd_info_agent", err);
	return 0;
}

static int64_t
opt_i64(sqlite3_stmt *s, int c, int64_t none)
{
	if (c < 0 || sqlite3_column_type(s, c) == SQLITE_NULL)
		return none;
	return sqlite3_column_int64(s, c);
}

static int
read_kernels(sqlite3 *db, const char *path, struct sink *sink, struct err *err)
{
	struct rcols r;
	int rc, cn, cat, cidx, cst, cq, cs, ce, cc;
	int64_t row = 0;

	if ((rc = select_all(db, path, "kernels", &r, err)) <= 0)
		return rc ? rc : err_set(err, LITSI_EDATA,
					 "%s: expected a view named kernels (rocpd schema)", path);
	cn = col(&r, "name|kernel_name");
	cat = col(&r, "agent_type");
	cidx = col(&r, "agent_type_index");
	cst = col(&r, "stream_id");
	cq = col(&r, "queue_id");
	cs = col(&r, "start");
	ce = col(&r, "end");
	cc = col(&r, "corr_id|correlation_id");
	if (cn < 0 || cidx < 0 || cs < 0 || ce < 0) {
		sqlite3_finalize(r.s);
		return err_set(err, LITSI_EDATA, "%s: expected columns name, agent_type_index, "
					      "start and end in view kernels", path);
	}
	while ((rc = sqlite3_step(r.s)) == SQLITE_ROW) {
		struct rec_kernel k = { 0 };

		row++;
		if (cat >= 0 && !is_gpu(r.s, cat))
			continue;
		k.device = sqlite3_column_int(r.s, cidx);
		k.rank = -1;
		k.stream = opt_i64(r.s, cst, opt_i64(r.s, cq, 0));
		k.name = (const char *)sqlite3_column_text(r.s, cn);
		k.name = k.name ? k.name : "";
		k.name_len = (size_t)sqlite3_column_bytes(r.s, cn);
		k.start_ns = sqlite3_column_int64(r.s, cs);
		k.end_ns = sqlite3_column_int64(r.s, ce);
		k.kclass = kernel_classify(k.name, k.name_len, NULL);
		k.correlation = opt_i64(r.s, cc, -1);
		k.launch_ns = TIME_NONE;
		k.bytes = -1;
		if (k.device < 0 || k.end_ns < k.start_ns) {
			sqlite3_finalize(r.s);
			return err_set(err, LITSI_EDATA,
				       "%s: kernels row %lld: expected a GPU index and end >= start",
				       path, (long long)row);
		}
		if (sink->kernel(sink, &k, err)) {
			sqlite3_finalize(r.s);
			return err->status;
		}
	}
	sqlite3_finalize(r.s);
	if (rc != SQLITE_DONE)
		return rd_err(db, path, "cannot read view kernels", err);
	return 0;
}

static int
read_copies(sqlite3 *db, const char *path, struct sink *sink, struct err *err)
{
	struct rcols r;
	int rc, cn, cs, ce, csz, cst, cc, cst_t, cst_i, cdt_t, cdt_i;
	int64_t row = 0, skipped = 0;

	if ((rc = select_all(db, path, "memory_copies", &r, err)) <= 0)
		return rc;
	cn = col(&r, "name|direction");
	cs = col(&r, "start");
	ce = col(&r, "end");
	csz = col(&r, "size|bytes");
	cst = col(&r, "stream_id");
	cc = col(&r, "corr_id|correlation_id");
	cst_t = col(&r, "src_agent_type");
	cst_i = col(&r, "src_agent_type_index");
	cdt_t = col(&r, "dst_agent_type");
	cdt_i = col(&r, "dst_agent_type_index");
	if (cs < 0 || ce < 0 || cst_t < 0 || cst_i < 0 || cdt_t < 0 || cdt_i < 0) {
		sqlite3_finalize(r.s);
		return sink->meta(sink, "skipped",
				  "memory_copies view lacks start/end or agent columns", err);
	}
	while ((rc = sqlite3_step(r.s)) == SQLITE_ROW) {
		struct rec_kernel k = { 0 };

		row++;
		if (is_gpu(r.s, cst_t))
			k.device = sqlite3_column_int(r.s, cst_i);
		else if (is_gpu(r.s, cdt_t))
			k.device = sqlite3_column_int(r.s, cdt_i);
		else {
			skipped++;
			continue;
		}
		k.rank = -1;
		k.stream = opt_i64(r.s, cst, -1);
		k.name = cn >= 0 ? (const char *)sqlite3_column_text(r.s, cn) : NULL;
		k.name = k.name ? k.name : "MEMORY_COPY";
		k.name_len = strlen(k.name);
		k.start_ns = sqlite3_column_int64(r.s, cs);
		k.end_ns = sqlite3_column_int64(r.s, ce);
		k.kclass = KCLASS_MEMCPY;
		k.correlation = opt_i64(r.s, cc, -1);
		k.launch_ns = TIME_NONE;
		k.bytes = opt_i64(r.s, csz, -1);
		if (k.device < 0 || k.end_ns < k.start_ns) {
			sqlite3_finalize(r.s);
			return err_set(err, LITSI_EDATA,
				       "%s: memory_copies row %lld: expected a GPU index and "
				       "end >= start", path, (long long)row);
		}
		if (sink->kernel(sink, &k, err)) {
			sqlite3_finalize(r.s);
			return err->status;
		}
	}
	sqlite3_finalize(r.s);
	if (rc != SQLITE_DONE)
		return rd_err(db, path, "cannot read view memory_copies", err);
	if (skipped) {
		char msg[96];

		snprintf(msg, sizeof(msg), "%lld host-to-host copies skipped (no GPU side)",
			 (long long)skipped);
		return sink->meta(sink, "note", msg, err);
	}
	return 0;
}

int
store_read_rocpd(const char *path, const struct parse_opts *o, struct sink *sink,
		 struct err *err)
{
	struct rec_source src = { "rocpd", CLK_BOOTTIME, NULL, -1, -1 };
	sqlite3 *db = NULL;
	int rc;

	(void)o;
	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		rc = db ? rd_err(db, path, "cannot open rocpd database", err)
			: err_set(err, LITSI_ENOMEM, "%s: cannot open rocpd database", path);
		goto out;
	}
	if ((rc = sink->source(sink, &src, err)) || (rc = read_agents(db, path, sink, err)) ||
	    (rc = read_kernels(db, path, sink, err)) || (rc = read_copies(db, path, sink, err)))
		goto out;
out:
	sqlite3_close(db);
	return rc;
}
