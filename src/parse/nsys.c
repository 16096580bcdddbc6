/* SPDX-License-Identifier: MIT */
/*
 * nsys.c: Nsight Systems SQLite exports (nsys export --type sqlite), read
 * through the read-only input cursor (dbinput.h, owned by the store layer,
 * which alone speaks SQL) under its row and time budget. Only tables are
 * read (never views: a file's views run code of its own) and only named
 * columns, checked first; table and column names come from fixed lists.
 * Strings (kernel names, NVTX text) are looked up by id in StringIds.
 */
#include "litsi/dbinput.h"
#include "litsi/kclass.h"
#include "litsi/litsi.h"
#include "litsi/parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* NVTX_EVENTS.eventType: NvtxPushPopRange and NvtxStartEndRange. */
enum { NVTX_PUSHPOP = 59, NVTX_STARTEND = 60 };
/* The longest string any reader takes (JSCAN_MAX_STRING for Kineto). */
enum { NSYS_MAX_STRING = 4 << 20 };

struct cuda_dev {
	int64_t pid, cuda_id, gpu_id;
};

struct nsys {
	struct store_input *db;
	const char *path;
	struct sink *sink;
	char version[32];		/* META_DATA_EXPORT EXPORT_SCHEMA_VERSION, or "unknown" */
	struct cuda_dev *devs;		/* TARGET_INFO_CUDA_DEVICE: (pid, CUDA id) → GPU id */
	size_t nr_devs, alloc_devs;
	int64_t *corrs;			/* kernels' correlation ids, sorted: launches to read */
	size_t nr_corrs, alloc_corrs;
	const char *what;		/* "cannot read TABLE", for messages */
	int64_t nrow;			/* 1-based row of the current table, as read */
	const char *const *cols;	/* the names of the columns being read */
};

/* A table of that name exists; a damaged file is no export. */
static bool
has_table(struct nsys *n, const char *table)
{
	struct err ignored = { 0 };

	return store_input_has_table(n->db, table, &ignored) == 1;
}

static bool
has_col(struct nsys *n, const char *table, const char *col)
{
	return store_input_has_col(n->db, table, col);
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

/* @col of @table if it has one, else NULL (read as a NULL column). */
static const char *
opt_col(struct nsys *n, const char *table, const char *col)
{
	return has_col(n, table, col) ? col : NULL;
}

/* A string or blob over the limit, refused before SQLite read it into memory. */
static int
too_long(struct nsys *n, int64_t row, struct err *err)
{
	return err_set(err, LITSI_EDATA, "%s: %s: row %lld: a string or blob longer than %d MiB "
		       "(the limit of every reader)", n->path, n->what, (long long)row,
		       NSYS_MAX_STRING >> 20);
}

/*
 * The limits of every reader (Kineto's among them): a string is at most 4 MiB,
 * and an integer column holds an integer or NULL: text, a blob or a real
 * where one belongs is refused, not read as 0. Bit c of @text_cols: column c
 * may hold text; @name is the column's.
 */
static int
check_value(struct nsys *n, enum store_input_type t, size_t bytes, bool text, const char *name,
	    struct err *err)
{
	if (t == STORE_INPUT_NULL || t == STORE_INPUT_INTEGER)
		return 0;
	if (text && t == STORE_INPUT_TEXT && bytes <= NSYS_MAX_STRING)
		return 0;
	if (text && t == STORE_INPUT_TEXT)
		return err_set(err, LITSI_EDATA, "%s: %s: row %lld: a string longer than %d MiB "
			       "(the limit of every reader)", n->path, n->what,
			       (long long)n->nrow, NSYS_MAX_STRING >> 20);
	return err_set(err, LITSI_EDATA, "%s: %s: row %lld: column %s holds %s where %s belongs",
		       n->path, n->what, (long long)n->nrow, name,
		       t == STORE_INPUT_TEXT ? "text" : t == STORE_INPUT_BLOB ? "a blob" : "a real",
		       text ? "text" : "an integer");
}

static int
check_types(struct nsys *n, size_t nr, unsigned text_cols, unsigned skip, struct err *err)
{
	size_t c, bytes;

	for (c = 0; c < nr; c++) {
		enum store_input_type t = store_input_type(n->db, (int)c, &bytes);

		if (c < 32 && (skip >> c & 1))
			continue;
		if (check_value(n, t, bytes, c < 32 && (text_cols >> c & 1), n->cols[c], err))
			return err->status;
	}
	return 0;
}

static int64_t
col_i64(const struct nsys *n, int c)
{
	int64_t v;

	return store_input_int(n->db, c, &v) ? 0 : v;
}

static int64_t
opt_i64(const struct nsys *n, int c, int64_t none)
{
	return store_input_null(n->db, c) ? none : col_i64(n, c);
}

/*
 * The text of StringIds row @c's id names (NULL for none), checked as a
 * column of the current row is: the row joined to its string.
 */
static int
string_of(struct nsys *n, int c, const char **text, struct err *err)
{
	const char *t = NULL;
	size_t len = 0;
	int64_t id;
	int rc;

	*text = NULL;
	if (store_input_type(n->db, c, NULL) != STORE_INPUT_INTEGER ||
	    store_input_int(n->db, c, &id))
		return 0;
	rc = store_input_lookup(n->db, "StringIds", "id", "value", id, &t, &len, err);
	if (rc < 0)
		return store_input_too_long(n->db) ? too_long(n, n->nrow, err) : rc;
	if (rc == 0 || !t)
		return 0;
	if (len > NSYS_MAX_STRING)
		return check_value(n, STORE_INPUT_TEXT, len, true, "value", err);
	*text = t;
	return 0;
}

/* What to read of a table: a WHERE and a SELECT, spelled as a reader's fixed lists. */
struct nsys_read {
	const char *table;
	const char *const *cols;	/* column c of a row; a NULL entry reads as NULL */
	size_t nr;
	const char *order;		/* the column that sorts the rows; NULL: file order */
	unsigned text_cols;		/* bit c: column c may hold text */
	unsigned skip_cols;		/* bit c: column c is not checked (an id to look up) */
	bool (*keep)(struct nsys *);	/* the rows to read; NULL: all */
	int (*row)(struct nsys *, struct err *);
};

/* Read the rows of @r, each one's types checked before r->row takes it. */
static int
each_row(struct nsys *n, const struct nsys_read *r, struct err *err)
{
	char what[96];
	int rc;

	snprintf(what, sizeof(what), "cannot read %s", r->table);
	n->what = what;
	n->cols = r->cols;
	n->nrow = 0;
	if ((rc = store_input_select_cols(n->db, r->table, r->cols, r->nr, r->order, err)) < 0)
		return rc;
	while (rc && (rc = store_input_step(n->db, err)) == 1) {
		if (r->keep && !r->keep(n))
			continue;
		n->nrow++;
		if (check_types(n, r->nr, r->text_cols, r->skip_cols, err) || r->row(n, err))
			return err->status;
	}
	if (rc < 0 && store_input_too_long(n->db))
		return too_long(n, n->nrow + 1, err);
	return rc;
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
row_cuda_dev(struct nsys *n, struct err *err)
{
	(void)err;
	VEC_GROW(n->devs, n->nr_devs + 1, n->alloc_devs);
	n->devs[n->nr_devs++] = (struct cuda_dev){ col_i64(n, 0), col_i64(n, 1), col_i64(n, 2) };
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
row_gpu(struct nsys *n, struct err *err)
{
	struct rec_gpu g = { .rank = -1, .vendor = "NVIDIA" };
	int64_t id = col_i64(n, 0);

	if (id < 0 || id > (1 << 20))
		return err_set(err, LITSI_EDATA, "%s: TARGET_INFO_GPU: GPU id %lld out of range",
			       n->path, (long long)id);
	g.device = (int)id;
	g.product = store_input_text(n->db, 1, NULL);
	g.product = g.product && *g.product ? g.product : NULL;
	return n->sink->gpu(n->sink, &g, err);
}

static int
read_gpus(struct nsys *n, struct err *err)
{
	static const char *const dev_cols[] = { "pid", "cudaId", "gpuId", NULL };
	static const char *const gpu_cols[] = { "id", "name", NULL };
	const struct nsys_read devs = { "TARGET_INFO_CUDA_DEVICE", dev_cols, 3, NULL, 0, 0, NULL,
					row_cuda_dev };
	const struct nsys_read gpus = { "TARGET_INFO_GPU", gpu_cols, 2, "id", 1u << 1, 0, NULL,
					row_gpu };

	if (has_table(n, devs.table) && (need_cols(n, devs.table, dev_cols, err) ||
					 each_row(n, &devs, err)))
		return err->status;
	if (!has_table(n, gpus.table))
		return 0;
	if (need_cols(n, gpus.table, gpu_cols, err))
		return err->status;
	return each_row(n, &gpus, err);
}

/* Columns of a kernel, memcpy or memset read, in this order. */
enum { KC_START, KC_END, KC_DEV, KC_STREAM, KC_CORR, KC_PID, KC_NAME, KC_BYTES, KC_NR };

static int
send_kernel(struct nsys *n, enum kernel_class kclass, const char *name, struct err *err)
{
	struct rec_kernel k = { .rank = -1, .launch_ns = TIME_NONE };
	int64_t global = opt_i64(n, KC_PID, 0), dev;

	dev = gpu_of(n, pid_of(global), col_i64(n, KC_DEV));
	if (dev < 0 || dev > (1 << 20))
		return err_set(err, LITSI_EDATA, "%s: kernel '%s': device %lld out of range",
			       n->path, name, (long long)dev);
	k.device = (int)dev;
	k.stream = col_i64(n, KC_STREAM);
	k.name = name;
	k.name_len = strlen(name);
	k.start_ns = col_i64(n, KC_START);
	k.end_ns = col_i64(n, KC_END);
	k.kclass = kclass == KCLASS_COMPUTE ? kernel_classify(name, k.name_len, NULL) : kclass;
	k.correlation = corr_key(global, opt_i64(n, KC_CORR, -1));
	k.bytes = opt_i64(n, KC_BYTES, -1);
	if (k.end_ns < k.start_ns)
		return err_set(err, LITSI_EDATA, "%s: kernel '%s' at %lld ns ends before it starts",
			       n->path, name, (long long)k.start_ns);
	return n->sink->kernel(n->sink, &k, err);
}

static int
row_kernel(struct nsys *n, struct err *err)
{
	const char *name;

	if (string_of(n, KC_NAME, &name, err))
		return err->status;
	if (!store_input_null(n->db, KC_CORR)) {
		VEC_GROW(n->corrs, n->nr_corrs + 1, n->alloc_corrs);
		n->corrs[n->nr_corrs++] = col_i64(n, KC_CORR);
	}
	return send_kernel(n, KCLASS_COMPUTE, name ? name : "", err);
}

static int
row_memcpy(struct nsys *n, struct err *err)
{
	return send_kernel(n, KCLASS_MEMCPY, "Memcpy", err);
}

static int
row_memset(struct nsys *n, struct err *err)
{
	return send_kernel(n, KCLASS_MEMSET, "Memset", err);
}

static int
cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
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
	const char *cols[KC_NR];

	if (!has_table(n, t))
		return err_set(err, LITSI_EDATA, "%s: no table %s: the export holds no CUDA "
			       "kernels (profile with -t cuda)", n->path, t);
	if (need_cols(n, t, need, err))
		return err->status;
	if (!(name = first_col(n, t, names)))
		return err_set(err, LITSI_EDATA, "%s: table %s has neither demangledName nor "
			       "shortName (export schema version %s): not an Nsight Systems export "
			       "litsi knows", n->path, t, n->version);
	memcpy(cols, need, 4 * sizeof(*cols));
	cols[KC_CORR] = opt_col(n, t, "correlationId");
	cols[KC_PID] = opt_col(n, t, "globalPid");
	cols[KC_NAME] = name;
	cols[KC_BYTES] = NULL;
	/* The name column holds an id: the string it names is checked as it is read. */
	if (each_row(n, &(struct nsys_read){ t, cols, KC_NR, "start", 0, 1u << KC_NAME, NULL,
					     row_kernel }, err))
		return err->status;
	qsort(n->corrs, n->nr_corrs, sizeof(*n->corrs), cmp_i64);
	return 0;
}

static int
read_copies(struct nsys *n, const char *t, int (*row)(struct nsys *, struct err *),
	    struct err *err)
{
	static const char *const need[] = { "start", "end", "deviceId", "streamId", NULL };
	const char *cols[KC_NR];

	if (!has_table(n, t))
		return 0;
	if (need_cols(n, t, need, err))
		return err->status;
	memcpy(cols, need, 4 * sizeof(*cols));
	cols[KC_CORR] = opt_col(n, t, "correlationId");
	cols[KC_PID] = opt_col(n, t, "globalPid");
	cols[KC_NAME] = NULL;
	cols[KC_BYTES] = opt_col(n, t, "bytes");
	return each_row(n, &(struct nsys_read){ t, cols, KC_NR, "start", 1u << KC_NAME, 0, NULL,
						row }, err);
}

/* A runtime call that launched a kernel of the export (its correlation id is a kernel's). */
static bool
is_launch(struct nsys *n)
{
	int64_t corr;

	if (store_input_type(n->db, 2, NULL) != STORE_INPUT_INTEGER ||
	    store_input_int(n->db, 2, &corr))
		return false;
	return bsearch(&corr, n->corrs, n->nr_corrs, sizeof(*n->corrs), cmp_i64) != NULL;
}

static int
row_launch(struct nsys *n, struct err *err)
{
	int64_t global = opt_i64(n, 1, 0);
	struct rec_launch l = { .rank = -1, .ts_ns = col_i64(n, 0), .tid = global & 0xffffff,
				.external_id = -1 };

	l.correlation = corr_key(global, col_i64(n, 2));
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
	return each_row(n, &(struct nsys_read){ t, need, 3, "start", 0, 0, is_launch, row_launch },
			err);
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

/* Columns of an NVTX read: the text inline, its StringIds id, or both. */
enum { NV_START, NV_END, NV_TEXT, NV_TID, NV_TYPE, NV_TEXT_ID, NV_NR };

/* A push/pop or start/end range (eventType), not a mark or a domain. */
static bool
is_range(struct nsys *n)
{
	int64_t type;

	if (store_input_type(n->db, NV_TYPE, NULL) != STORE_INPUT_INTEGER ||
	    store_input_int(n->db, NV_TYPE, &type))
		return false;
	return type == NVTX_PUSHPOP || type == NVTX_STARTEND;
}

static int
row_nvtx(struct nsys *n, struct err *err)
{
	const char *text = store_input_text(n->db, NV_TEXT, NULL);
	int64_t t0 = col_i64(n, NV_START), t1 = opt_i64(n, NV_END, t0), step;
	int64_t tid = opt_i64(n, NV_TID, 0) & 0xffffff;

	if (!text && string_of(n, NV_TEXT_ID, &text, err))
		return err->status;
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
	const char *cols[NV_NR];

	if (!has_table(n, t))
		return 0;
	if (need_cols(n, t, need, err))
		return err->status;
	cols[NV_START] = "start";
	cols[NV_END] = "end";
	cols[NV_TID] = opt_col(n, t, "globalTid");
	cols[NV_TYPE] = "eventType";
	cols[NV_TEXT] = opt_col(n, t, "text");
	cols[NV_TEXT_ID] = opt_col(n, t, "textId");
	if (!cols[NV_TEXT] && !cols[NV_TEXT_ID])
		return err_set(err, LITSI_EDATA, "%s: table NVTX_EVENTS has neither text nor textId "
			       "(export schema version %s)", n->path, n->version);
	return each_row(n, &(struct nsys_read){ t, cols, NV_NR, "start", 1u << NV_TEXT,
						1u << NV_TYPE | 1u << NV_TEXT_ID, is_range,
						row_nvtx }, err);
}

/* The text of column 1 in the first row of @t whose column 0 is @name, into @buf. */
static bool
named_value(struct nsys *n, const char *t, const char *name, char *buf, size_t size)
{
	static const char *const cols[] = { "name", "value" };
	struct err ignored = { 0 };

	if (!has_table(n, t) || !has_col(n, t, "name") || !has_col(n, t, "value") ||
	    store_input_select_cols(n->db, t, cols, 2, NULL, &ignored) != 1)
		return false;
	while (store_input_step(n->db, &ignored) == 1) {
		const char *key = store_input_text(n->db, 0, NULL);
		const char *v;

		if (!key || strcmp(key, name))
			continue;
		if ((v = store_input_text(n->db, 1, NULL)))
			snprintf(buf, size, "%s", v);
		return v != NULL;
	}
	return false;
}

/* Session start (epoch) and host name; times are ns since the session start. */
static void
read_session(struct nsys *n, struct rec_source *src, char *host, size_t hostsz, int64_t *base)
{
	static const char *const cols[] = { "utcEpochNs" };
	const char *t = "TARGET_INFO_SESSION_START_TIME";
	struct err ignored = { 0 };

	*base = TIME_NONE;
	if (has_table(n, t) && has_col(n, t, "utcEpochNs") &&
	    store_input_select_cols(n->db, t, cols, 1, NULL, &ignored) == 1 &&
	    store_input_step(n->db, &ignored) == 1 &&
	    store_input_type(n->db, 0, NULL) == STORE_INPUT_INTEGER)
		*base = col_i64(n, 0);
	src->clock = *base != TIME_NONE ? CLK_EPOCH : CLK_BOOTTIME;
	if (named_value(n, "TARGET_INFO_SYSTEM_ENV", "Hostname", host, hostsz))
		src->hostname = host;
}

static int
read_export(struct nsys *n, struct err *err)
{
	struct rec_source src = { "nsys-sqlite", CLK_BOOTTIME, NULL, -1, -1 };
	struct sink *sink = n->sink;
	char host[256];
	int64_t base;
	int rc;

	if ((rc = store_input_has_table(n->db, "StringIds", err)) < 0)
		return rc;
	if (!named_value(n, "META_DATA_EXPORT", "EXPORT_SCHEMA_VERSION", n->version,
			 sizeof(n->version)))
		snprintf(n->version, sizeof(n->version), "unknown");
	if (!rc)
		return err_set(err, LITSI_EDATA, "%s: no table StringIds: not an Nsight Systems "
			       "export (nsys export --type sqlite)", n->path);
	read_session(n, &src, host, sizeof(host), &base);
	if ((rc = sink->source(sink, &src, err)) ||
	    (rc = sink->meta(sink, "nsys_export_schema_version", n->version, err)))
		return rc;
	if (base != TIME_NONE && (rc = sink->time_base(sink, base, err)))
		return rc;
	if ((rc = read_gpus(n, err)) || (rc = read_kernels(n, err)) ||
	    (rc = read_copies(n, "CUPTI_ACTIVITY_KIND_MEMCPY", row_memcpy, err)) ||
	    (rc = read_copies(n, "CUPTI_ACTIVITY_KIND_MEMSET", row_memset, err)) ||
	    (rc = read_launches(n, err)) || (rc = read_nvtx(n, err)))
		return rc;
	return 0;
}

/* An SQLite file whose schema page names tables of an nsys export. */
static int
probe(const char *head, size_t len, const char *name)
{
	static const char *const marks[] = { "CUPTI_ACTIVITY_KIND_", "TARGET_INFO_GPU",
					     "NVTX_EVENTS", "StringIds" };
	size_t i;

	(void)name;
	if (len < 16 || memcmp(head, "SQLite format 3", 16))
		return 0;
	for (i = 0; i < ARRAY_SIZE(marks); i++)
		if (memmem(head, len, marks[i], strlen(marks[i])))
			return 96;	/* above rocpd, which takes any SQLite file */
	return 0;
}

static int
parse(struct input *in, const struct parse_opts *o, struct sink *s, struct err *err)
{
	struct store_input_limits lim = { o->stop, o->db_max_rows, o->db_max_ms };
	const char *path = input_path(in);
	struct nsys n = { .path = path, .sink = s };
	struct stat st;
	int rc;

	if (!path || stat(path, &st) || !S_ISREG(st.st_mode))
		return err_set(err, LITSI_EDATA,
			       "%s: byte 0: an Nsight Systems export must be a plain file "
			       "(not compressed or inside an archive)", input_name(in));
	if (store_input_open(path, &lim, &n.db, err))
		return err->status;
	rc = read_export(&n, err);
	free(n.devs);
	free(n.corrs);
	store_input_close(n.db);
	return rc < 0 ? rc : 0;
}

const struct parser parser_nsys = { "nsys-sqlite", probe, parse };
