/* SPDX-License-Identifier: MIT */
/*
 * store_nsys.c: reading an Nsight Systems SQLite export (nsys export --type
 * sqlite) through a second connection that opens the file read-only and
 * immutable (no -wal or -shm files, no locks) under a progress handler, so
 * that a hostile file can neither be changed nor hang the reader. Only
 * tables are read (never views) and only named columns, checked first with
 * pragma_table_info; table and column names come from fixed lists.
 */
#include "store_int.h"
#include "litsi/litsi.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* NVTX_EVENTS.eventType: NvtxPushPopRange and NvtxStartEndRange. */
enum { NVTX_PUSHPOP = 59, NVTX_STARTEND = 60 };
/* The longest string any reader takes (JSCAN_MAX_STRING for Kineto). */
enum { NSYS_MAX_STRING = 4 << 20 };

struct cuda_dev {
	int64_t pid, cuda_id, gpu_id;
};

struct nsys {
	sqlite3 *db;
	const char *path;
	struct sink *sink;
	char version[32];		/* META_DATA_EXPORT EXPORT_SCHEMA_VERSION, or "unknown" */
	struct cuda_dev *devs;		/* TARGET_INFO_CUDA_DEVICE: (pid, CUDA id) → GPU id */
	size_t nr_devs, alloc_devs;
	int64_t budget;			/* progress handler calls left */
};

static int
ns_err(struct nsys *n, const char *what, struct err *err)
{
	return err_set(err, LITSI_EDATA, "%s: %s: %s", n->path, what, sqlite3_errmsg(n->db));
}

/* A table (not a view: a file's views run code of its own) of that name exists. */
static bool
has_table(struct nsys *n, const char *table)
{
	sqlite3_stmt *s;
	bool yes;

	if (sqlite3_prepare_v2(n->db, "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?",
			       -1, &s, NULL) != SQLITE_OK)
		return false;
	sqlite3_bind_text(s, 1, table, -1, SQLITE_STATIC);
	yes = sqlite3_step(s) == SQLITE_ROW;
	sqlite3_finalize(s);
	return yes;
}

static bool
has_col(struct nsys *n, const char *table, const char *col)
{
	sqlite3_stmt *s;
	bool yes;

	if (sqlite3_prepare_v2(n->db, "SELECT 1 FROM pragma_table_info(?) WHERE name = ?", -1, &s,
			       NULL) != SQLITE_OK)
		return false;
	sqlite3_bind_text(s, 1, table, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, col, -1, SQLITE_STATIC);
	yes = sqlite3_step(s) == SQLITE_ROW;
	sqlite3_finalize(s);
	return yes;
}

/* The first of @cols (NULL-terminated) that @table has, else NULL. */
static const char *
first_col(struct nsys *n, const char *table, const char *const *cols)
{
	for (; *cols; cols++)
		if (has_col(n, table, *cols))
			return *cols;
	return NULL;
}

static int
need_cols(struct nsys *n, const char *table, const char *const *cols, struct err *err)
{
	for (; *cols; cols++)
		if (!has_col(n, table, *cols))
			return err_set(err, LITSI_EDATA, "%s: table %s has no column '%s' (export "
				       "schema version %s): not an Nsight Systems export litsi "
				       "knows", n->path, table, *cols, n->version);
	return 0;
}

static int
progress(void *arg)
{
	struct nsys *n = arg;

	return --n->budget < 0;
}

static void
read_version(struct nsys *n)
{
	sqlite3_stmt *s;

	snprintf(n->version, sizeof(n->version), "unknown");
	if (!has_table(n, "META_DATA_EXPORT") ||
	    sqlite3_prepare_v2(n->db, "SELECT value FROM META_DATA_EXPORT WHERE name = "
			       "'EXPORT_SCHEMA_VERSION'", -1, &s, NULL) != SQLITE_OK)
		return;
	if (sqlite3_step(s) == SQLITE_ROW && sqlite3_column_text(s, 0))
		snprintf(n->version, sizeof(n->version), "%s",
			 (const char *)sqlite3_column_text(s, 0));
	sqlite3_finalize(s);
}

/*
 * The limits of every reader (Kineto's among them): a string is at most 4 MiB
 * (SQLITE_LIMIT_LENGTH keeps SQLite from reading a longer one into memory),
 * and an integer column holds an integer or NULL: text, a blob or a real
 * where one belongs is refused, not read as 0. Bit c of @text_cols: column c
 * may hold text.
 */
static int
check_types(struct nsys *n, sqlite3_stmt *s, unsigned text_cols, const char *what,
	    int64_t nrow, struct err *err)
{
	int c, nc = sqlite3_column_count(s);

	for (c = 0; c < nc; c++) {
		int t = sqlite3_column_type(s, c);
		bool text = c < 32 && (text_cols >> c & 1);

		if (t == SQLITE_NULL || t == SQLITE_INTEGER)
			continue;
		if (text && t == SQLITE_TEXT && sqlite3_column_bytes(s, c) <= NSYS_MAX_STRING)
			continue;
		if (text && t == SQLITE_TEXT)
			return err_set(err, LITSI_EDATA, "%s: %s: row %lld: a string longer than "
				       "%d MiB (the limit of every reader)", n->path, what,
				       (long long)nrow, NSYS_MAX_STRING >> 20);
		return err_set(err, LITSI_EDATA, "%s: %s: row %lld: column %s holds %s where %s "
			       "belongs", n->path, what, (long long)nrow,
			       sqlite3_column_name(s, c),
			       t == SQLITE_TEXT ? "text" : t == SQLITE_BLOB ? "a blob" : "a real",
			       text ? "text" : "an integer");
	}
	return 0;
}

/* Run @sql, calling @row for each row; a missing table is the caller's business. */
static int
each_row(struct nsys *n, const char *sql, const char *what, unsigned text_cols,
	 int (*row)(struct nsys *, sqlite3_stmt *, struct err *), struct err *err)
{
	sqlite3_stmt *s;
	int64_t nrow = 0;
	int rc;

	if (sqlite3_prepare_v2(n->db, sql, -1, &s, NULL) != SQLITE_OK)
		return ns_err(n, what, err);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		nrow++;
		if (check_types(n, s, text_cols, what, nrow, err) || row(n, s, err)) {
			sqlite3_finalize(s);
			return err->status;
		}
	}
	sqlite3_finalize(s);
	if (rc == SQLITE_TOOBIG)
		return err_set(err, LITSI_EDATA, "%s: %s: row %lld: a string or blob longer than "
			       "%d MiB (the limit of every reader)", n->path, what,
			       (long long)nrow + 1, NSYS_MAX_STRING >> 20);
	if (rc != SQLITE_DONE)
		return n->budget < 0 ? err_set(err, LITSI_EDATA, "%s: %s: the export takes too long "
					       "to read (a hostile or damaged file?)", n->path, what)
				     : ns_err(n, what, err);
	return 0;
}

static int64_t
opt_i64(sqlite3_stmt *s, int c, int64_t none)
{
	return sqlite3_column_type(s, c) == SQLITE_NULL ? none : sqlite3_column_int64(s, c);
}

/* globalPid / globalTid: the pid in bits 24..47, the tid in bits 0..23. */
static int64_t
pid_of(int64_t global)
{
	return (global >> 24) & 0xffffff;
}

/* A correlation id unique across the processes of one export: pid << 32 | id. */
static int64_t
corr_key(int64_t global, int64_t corr)
{
	return corr < 0 ? -1 : (pid_of(global) << 32) | (corr & 0xffffffff);
}

static int
row_cuda_dev(struct nsys *n, sqlite3_stmt *s, struct err *err)
{
	(void)err;
	VEC_GROW(n->devs, n->nr_devs + 1, n->alloc_devs);
	n->devs[n->nr_devs++] = (struct cuda_dev){ sqlite3_column_int64(s, 0),
						   sqlite3_column_int64(s, 1),
						   sqlite3_column_int64(s, 2) };
	return 0;
}

/* The GPU (TARGET_INFO_GPU.id) behind CUDA device @cuda_id of process @pid. */
static int64_t
gpu_of(const struct nsys *n, int64_t pid, int64_t cuda_id)
{
	size_t i;

	for (i = 0; i < n->nr_devs; i++)
		if (n->devs[i].cuda_id == cuda_id && (n->devs[i].pid == pid || !pid))
			return n->devs[i].gpu_id;
	return cuda_id;
}

static int
row_gpu(struct nsys *n, sqlite3_stmt *s, struct err *err)
{
	struct rec_gpu g = { .rank = -1, .vendor = "NVIDIA" };
	int64_t id = sqlite3_column_int64(s, 0);

	if (id < 0 || id > (1 << 20))
		return err_set(err, LITSI_EDATA, "%s: TARGET_INFO_GPU: GPU id %lld out of range",
			       n->path, (long long)id);
	g.device = (int)id;
	g.product = (const char *)sqlite3_column_text(s, 1);
	g.product = g.product && *g.product ? g.product : NULL;
	return n->sink->gpu(n->sink, &g, err);
}

static int
read_gpus(struct nsys *n, struct err *err)
{
	static const char *const dev_cols[] = { "pid", "cudaId", "gpuId", NULL };
	static const char *const gpu_cols[] = { "id", "name", NULL };

	if (has_table(n, "TARGET_INFO_CUDA_DEVICE")) {
		if (need_cols(n, "TARGET_INFO_CUDA_DEVICE", dev_cols, err) ||
		    each_row(n, "SELECT pid, cudaId, gpuId FROM TARGET_INFO_CUDA_DEVICE",
			     "cannot read TARGET_INFO_CUDA_DEVICE", 0, row_cuda_dev, err))
			return err->status;
	}
	if (!has_table(n, "TARGET_INFO_GPU"))
		return 0;
	if (need_cols(n, "TARGET_INFO_GPU", gpu_cols, err))
		return err->status;
	return each_row(n, "SELECT id, name FROM TARGET_INFO_GPU ORDER BY id",
			"cannot read TARGET_INFO_GPU", 1u << 1, row_gpu, err);
}

/* Columns of a kernel, memcpy or memset query, in this order. */
enum { KC_START, KC_END, KC_DEV, KC_STREAM, KC_CORR, KC_PID, KC_NAME, KC_BYTES };

static int
send_kernel(struct nsys *n, sqlite3_stmt *s, enum kernel_class kclass, const char *name,
	    struct err *err)
{
	struct rec_kernel k = { .rank = -1, .launch_ns = TIME_NONE };
	int64_t global = opt_i64(s, KC_PID, 0), dev;

	dev = gpu_of(n, pid_of(global), sqlite3_column_int64(s, KC_DEV));
	if (dev < 0 || dev > (1 << 20))
		return err_set(err, LITSI_EDATA, "%s: kernel '%s': device %lld out of range",
			       n->path, name, (long long)dev);
	k.device = (int)dev;
	k.stream = sqlite3_column_int64(s, KC_STREAM);
	k.name = name;
	k.name_len = strlen(name);
	k.start_ns = sqlite3_column_int64(s, KC_START);
	k.end_ns = sqlite3_column_int64(s, KC_END);
	k.kclass = kclass == KCLASS_COMPUTE ? kernel_classify(name, k.name_len, NULL) : kclass;
	k.correlation = corr_key(global, opt_i64(s, KC_CORR, -1));
	k.bytes = opt_i64(s, KC_BYTES, -1);
	if (k.end_ns < k.start_ns)
		return err_set(err, LITSI_EDATA, "%s: kernel '%s' at %lld ns ends before it starts",
			       n->path, name, (long long)k.start_ns);
	return n->sink->kernel(n->sink, &k, err);
}

static int
row_kernel(struct nsys *n, sqlite3_stmt *s, struct err *err)
{
	const char *name = (const char *)sqlite3_column_text(s, KC_NAME);

	return send_kernel(n, s, KCLASS_COMPUTE, name ? name : "", err);
}

static int
row_memcpy(struct nsys *n, sqlite3_stmt *s, struct err *err)
{
	return send_kernel(n, s, KCLASS_MEMCPY, "Memcpy", err);
}

static int
row_memset(struct nsys *n, sqlite3_stmt *s, struct err *err)
{
	return send_kernel(n, s, KCLASS_MEMSET, "Memset", err);
}

/*
 * Kernel names are StringIds ids: demangledName (what PyTorch traces show),
 * else shortName (exports that lack the first).
 */
static int
read_kernels(struct nsys *n, struct err *err)
{
	static const char *const need[] = { "start", "end", "deviceId", "streamId", NULL };
	static const char *const names[] = { "demangledName", "shortName", NULL };
	const char *t = "CUPTI_ACTIVITY_KIND_KERNEL", *name;
	char sql[512];

	if (!has_table(n, t))
		return err_set(err, LITSI_EDATA, "%s: no table %s: the export holds no CUDA "
			       "kernels (profile with -t cuda)", n->path, t);
	if (need_cols(n, t, need, err))
		return err->status;
	if (!(name = first_col(n, t, names)))
		return err_set(err, LITSI_EDATA, "%s: table %s has neither demangledName nor "
			       "shortName (export schema version %s): not an Nsight Systems export "
			       "litsi knows", n->path, t, n->version);
	snprintf(sql, sizeof(sql),
		 "SELECT k.start, k.end, k.deviceId, k.streamId, %s, %s, s.value, NULL"
		 " FROM %s k LEFT JOIN StringIds s ON s.id = k.%s ORDER BY k.start",
		 has_col(n, t, "correlationId") ? "k.correlationId" : "NULL",
		 has_col(n, t, "globalPid") ? "k.globalPid" : "NULL", t, name);
	return each_row(n, sql, "cannot read CUPTI_ACTIVITY_KIND_KERNEL", 1u << KC_NAME, row_kernel,
			err);
}

static int
read_copies(struct nsys *n, const char *t, int (*row)(struct nsys *, sqlite3_stmt *, struct err *),
	    struct err *err)
{
	static const char *const need[] = { "start", "end", "deviceId", "streamId", NULL };
	char sql[512], what[96];

	if (!has_table(n, t))
		return 0;
	if (need_cols(n, t, need, err))
		return err->status;
	snprintf(sql, sizeof(sql),
		 "SELECT start, end, deviceId, streamId, %s, %s, NULL, %s FROM %s ORDER BY start",
		 has_col(n, t, "correlationId") ? "correlationId" : "NULL",
		 has_col(n, t, "globalPid") ? "globalPid" : "NULL",
		 has_col(n, t, "bytes") ? "bytes" : "NULL", t);
	snprintf(what, sizeof(what), "cannot read %s", t);
	return each_row(n, sql, what, 1u << KC_NAME, row, err);
}

static int
row_launch(struct nsys *n, sqlite3_stmt *s, struct err *err)
{
	int64_t global = opt_i64(s, 1, 0);
	struct rec_launch l = { .rank = -1, .ts_ns = sqlite3_column_int64(s, 0),
				.tid = global & 0xffffff, .external_id = -1 };

	l.correlation = corr_key(global, sqlite3_column_int64(s, 2));
	return n->sink->launch(n->sink, &l, err);
}

/* Runtime calls that launched a kernel, by correlation id. */
static int
read_launches(struct nsys *n, struct err *err)
{
	static const char *const need[] = { "start", "globalTid", "correlationId", NULL };
	const char *t = "CUPTI_ACTIVITY_KIND_RUNTIME";

	if (!has_table(n, t) || !has_col(n, "CUPTI_ACTIVITY_KIND_KERNEL", "correlationId"))
		return 0;
	if (need_cols(n, t, need, err))
		return err->status;
	return each_row(n, "SELECT start, globalTid, correlationId FROM CUPTI_ACTIVITY_KIND_RUNTIME"
			" WHERE correlationId IN (SELECT correlationId FROM "
			"CUPTI_ACTIVITY_KIND_KERNEL) ORDER BY start",
			"cannot read CUPTI_ACTIVITY_KIND_RUNTIME", 0, row_launch, err);
}

/* "ProfilerStep#12" → 12; else -1. */
static int64_t
step_of(const char *text)
{
	int64_t v;

	if (strncmp(text, "ProfilerStep#", 13) || parse_i64(text + 13, 0, INT64_MAX, &v))
		return -1;
	return v;
}

static int
row_nvtx(struct nsys *n, sqlite3_stmt *s, struct err *err)
{
	const char *text = (const char *)sqlite3_column_text(s, 2);
	int64_t t0 = sqlite3_column_int64(s, 0), t1 = opt_i64(s, 1, t0), step;
	int64_t tid = opt_i64(s, 3, 0) & 0xffffff;

	if (!text || t1 < t0)
		return 0;	/* a range never closed, or one without a name */
	if ((step = step_of(text)) >= 0) {
		struct rec_step st = { .rank = -1, .step = step, .start_ns = t0, .end_ns = t1 };

		return n->sink->step(n->sink, &st, err);
	} else {
		struct rec_annotation a = { .rank = -1, .kind = "user_annotation", .name = text,
					    .start_ns = t0, .end_ns = t1, .tid = tid,
					    .device = -1, .external_id = -1 };

		return n->sink->annotation(n->sink, &a, err);
	}
}

/* NVTX push/pop and start/end ranges; the text is inline (text) or a StringIds id (textId). */
static int
read_nvtx(struct nsys *n, struct err *err)
{
	static const char *const need[] = { "start", "end", "eventType", NULL };
	const char *t = "NVTX_EVENTS";
	bool inline_text, text_id;
	char sql[512];

	if (!has_table(n, t))
		return 0;
	if (need_cols(n, t, need, err))
		return err->status;
	inline_text = has_col(n, t, "text");
	text_id = has_col(n, t, "textId");
	if (!inline_text && !text_id)
		return err_set(err, LITSI_EDATA, "%s: table NVTX_EVENTS has neither text nor textId "
			       "(export schema version %s)", n->path, n->version);
	snprintf(sql, sizeof(sql),
		 "SELECT e.start, e.end, %s, %s FROM NVTX_EVENTS e %s WHERE e.eventType IN (%d, %d)"
		 " ORDER BY e.start",
		 inline_text && text_id ? "coalesce(e.text, s.value)" : inline_text ? "e.text" :
		 "s.value", has_col(n, t, "globalTid") ? "e.globalTid" : "NULL",
		 text_id ? "LEFT JOIN StringIds s ON s.id = e.textId" : "", NVTX_PUSHPOP,
		 NVTX_STARTEND);
	return each_row(n, sql, "cannot read NVTX_EVENTS", 1u << 2, row_nvtx, err);
}

/* Session start (epoch) and host name; times are ns since the session start. */
static int
read_session(struct nsys *n, struct rec_source *src, char *host, size_t hostsz, int64_t *base,
	     struct err *err)
{
	sqlite3_stmt *s;

	*base = TIME_NONE;
	if (has_table(n, "TARGET_INFO_SESSION_START_TIME") &&
	    has_col(n, "TARGET_INFO_SESSION_START_TIME", "utcEpochNs") &&
	    sqlite3_prepare_v2(n->db, "SELECT utcEpochNs FROM TARGET_INFO_SESSION_START_TIME",
			       -1, &s, NULL) == SQLITE_OK) {
		if (sqlite3_step(s) == SQLITE_ROW && sqlite3_column_type(s, 0) == SQLITE_INTEGER)
			*base = sqlite3_column_int64(s, 0);
		sqlite3_finalize(s);
	}
	src->clock = *base != TIME_NONE ? CLK_EPOCH : CLK_BOOTTIME;
	if (has_table(n, "TARGET_INFO_SYSTEM_ENV") &&
	    has_col(n, "TARGET_INFO_SYSTEM_ENV", "name") &&
	    has_col(n, "TARGET_INFO_SYSTEM_ENV", "value") &&
	    sqlite3_prepare_v2(n->db, "SELECT value FROM TARGET_INFO_SYSTEM_ENV WHERE name = "
			       "'Hostname'", -1, &s, NULL) == SQLITE_OK) {
		if (sqlite3_step(s) == SQLITE_ROW && sqlite3_column_text(s, 0)) {
			snprintf(host, hostsz, "%s", (const char *)sqlite3_column_text(s, 0));
			src->hostname = host;
		}
		sqlite3_finalize(s);
	}
	return 0;
	(void)err;
}

/* "file:" URI of @path, with the characters a URI path may not hold %-escaped. */
static void
file_uri(const char *path, struct sbuf *out)
{
	sbuf_addstr(out, "file:");
	for (; *path; path++) {
		unsigned char c = (unsigned char)*path;

		if (c == '%' || c == '?' || c == '#' || c <= ' ' || c >= 0x7f)
			sbuf_addf(out, "%%%02X", c);
		else
			sbuf_addch(out, c);
	}
	sbuf_addstr(out, "?mode=ro&immutable=1");
}

static int
open_export(struct nsys *n, struct err *err)
{
	struct sbuf uri = SBUF_INIT;
	struct stat st;
	int rc;

	file_uri(n->path, &uri);
	rc = sqlite3_open_v2(uri.buf, &n->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
	sbuf_release(&uri);
	if (rc != SQLITE_OK)
		return n->db ? ns_err(n, "cannot open the Nsight Systems export", err)
			     : err_set(err, LITSI_ENOMEM, "%s: cannot open the export", n->path);
	sqlite3_db_config(n->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
	sqlite3_db_config(n->db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
	/* A longer value is never read into memory (SQLITE_TOOBIG); a row holds a few ints more. */
	sqlite3_limit(n->db, SQLITE_LIMIT_LENGTH, NSYS_MAX_STRING + 4096);
	/* About 1000 VM steps per call: far more than reading every byte of the file needs. */
	n->budget = 1000000 + (stat(n->path, &st) ? 0 : (int64_t)st.st_size);
	sqlite3_progress_handler(n->db, 1000, progress, n);
	if (sqlite3_exec(n->db, "SELECT count(*) FROM sqlite_schema", NULL, NULL, NULL) != SQLITE_OK)
		return ns_err(n, "not an SQLite database", err);
	return 0;
}

int
store_read_nsys(const char *path, const struct parse_opts *o, struct sink *sink,
		struct err *err)
{
	struct nsys n = { .path = path, .sink = sink };
	struct rec_source src = { "nsys-sqlite", CLK_BOOTTIME, NULL, -1, -1 };
	char host[256];
	int64_t base;
	int rc;

	(void)o;
	if ((rc = open_export(&n, err)))
		goto out;
	read_version(&n);
	if (!has_table(&n, "StringIds")) {
		rc = err_set(err, LITSI_EDATA, "%s: no table StringIds: not an Nsight Systems "
			     "export (nsys export --type sqlite)", path);
		goto out;
	}
	if ((rc = read_session(&n, &src, host, sizeof(host), &base, err)) ||
	    (rc = sink->source(sink, &src, err)) ||
	    (rc = sink->meta(sink, "nsys_export_schema_version", n.version, err)))
		goto out;
	if (base != TIME_NONE && (rc = sink->time_base(sink, base, err)))
		goto out;
	if ((rc = read_gpus(&n, err)) || (rc = read_kernels(&n, err)) ||
	    (rc = read_copies(&n, "CUPTI_ACTIVITY_KIND_MEMCPY", row_memcpy, err)) ||
	    (rc = read_copies(&n, "CUPTI_ACTIVITY_KIND_MEMSET", row_memset, err)) ||
	    (rc = read_launches(&n, err)) || (rc = read_nvtx(&n, err)))
		goto out;
out:
	free(n.devs);
	sqlite3_close(n.db);
	return rc;
}
