/* SPDX-License-Identifier: MIT */
/*
 * rocpd.c: the rocpd SQLite database of rocprofv3 (<pid>_results.db). The
 * file is an input: it is read through a read-only, immutable connection of
 * its own (dbinput.h, owned by the store layer, which alone speaks SQL) under
 * a row and time budget. The convenience views kernels and memory_copies and
 * the table rocpd_info_agent are read whole, their columns found by name, so
 * that schema additions do not matter. Times are ns since boot.
 */
#include "litsi/dbinput.h"
#include "litsi/kclass.h"
#include "litsi/litsi.h"
#include "litsi/parse.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

struct rocpd {
	struct store_input *db;
	const char *name;	/* display name for messages */
	struct sink *sink;
};

static int
probe(const char *head, size_t len, const char *name)
{
	return len >= 16 && !memcmp(head, "SQLite format 3", 16) ? 95 : 0;
}

static bool
is_gpu(const struct rocpd *r, int c)
{
	const char *t = store_input_text(r->db, c, NULL);

	return t && !strcasecmp(t, "GPU");
}

static int
row_err(const struct rocpd *r, const char *obj, const char *what, struct err *err)
{
	return err_set(err, LITSI_EDATA, "%s: %s row %lld: %s", r->name, obj,
		       (long long)store_input_row(r->db), what);
}

/* An integer device id in 0..DEVICE_MAX, or an error naming the row. */
static int
device_at(const struct rocpd *r, const char *obj, int c, int *dev, struct err *err)
{
	int64_t v;

	if (store_input_int(r->db, c, &v) || v < 0 || v > DEVICE_MAX)
		return err_set(err, LITSI_EDATA, "%s: %s row %lld: expected a GPU index, an "
				      "integer from 0 to %d", r->name, obj,
			       (long long)store_input_row(r->db), DEVICE_MAX);
	*dev = (int)v;
	return 0;
}

static int64_t
opt_i64(const struct rocpd *r, int c, int64_t none)
{
	int64_t v;

	return store_input_null(r->db, c) || store_input_int(r->db, c, &v) ? none : v;
}

static int
read_agents(struct rocpd *r, struct err *err)
{
	int rc, ct, ci, cp;

	if ((rc = store_input_select(r->db, "rocpd_info_agent", err)) <= 0)
		return rc;
	ct = store_input_col(r->db, "type|agent_type");
	ci = store_input_col(r->db, "type_index|logical_node_type_id|agent_type_index");
	cp = store_input_col(r->db, "product_name|product|marketing_name");
	if (ct < 0 || ci < 0)
		return err_set(err, LITSI_EDATA,
			       "%s: expected columns type and type_index in rocpd_info_agent",
			       r->name);
	while ((rc = store_input_step(r->db, err)) == 1) {
		struct rec_gpu g = { .rank = -1, .vendor = "AMD" };

		if (!is_gpu(r, ct))
			continue;
		if (device_at(r, "rocpd_info_agent", ci, &g.device, err))
			return err->status;
		g.product = store_input_text(r->db, cp, NULL);
		if (g.product && !*g.product)
			g.product = NULL;
		if (r->sink->gpu(r->sink, &g, err))
			return err->status;
	}
	return rc;
}

/* The times of one row: integers, end >= start. */
static int
row_times(const struct rocpd *r, const char *obj, int cs, int ce, struct rec_kernel *k,
	  struct err *err)
{
	if (store_input_int(r->db, cs, &k->start_ns) || store_input_int(r->db, ce, &k->end_ns))
		return row_err(r, obj, "expected integer start and end", err);
	if (k->end_ns < k->start_ns)
		return row_err(r, obj, "expected end >= start", err);
	return 0;
}

static int
read_kernels(struct rocpd *r, struct err *err)
{
	int rc, cn, cat, cidx, cst, cq, cs, ce, cc;

	if ((rc = store_input_select(r->db, "kernels", err)) <= 0)
		return rc ? rc : err_set(err, LITSI_EDATA,
					 "%s: expected a view named kernels (rocpd schema)", r->name);
	cn = store_input_col(r->db, "name|kernel_name");
	cat = store_input_col(r->db, "agent_type");
	cidx = store_input_col(r->db, "agent_type_index");
	cst = store_input_col(r->db, "stream_id");
	cq = store_input_col(r->db, "queue_id");
	cs = store_input_col(r->db, "start");
	ce = store_input_col(r->db, "end");
	cc = store_input_col(r->db, "corr_id|correlation_id");
	if (cn < 0 || cidx < 0 || cs < 0 || ce < 0)
		return err_set(err, LITSI_EDATA, "%s: expected columns name, agent_type_index, "
				      "start and end in view kernels", r->name);
	while ((rc = store_input_step(r->db, err)) == 1) {
		struct rec_kernel k = { .rank = -1, .launch_ns = TIME_NONE, .bytes = -1 };

		if (cat >= 0 && !is_gpu(r, cat))
			continue;
		if (device_at(r, "kernels", cidx, &k.device, err) ||
		    row_times(r, "kernels", cs, ce, &k, err))
			return err->status;
		k.stream = opt_i64(r, cst, opt_i64(r, cq, 0));
		k.name = store_input_text(r->db, cn, &k.name_len);
		if (!k.name)
			k.name = "";
		k.kclass = kernel_classify(k.name, k.name_len, NULL);
		k.correlation = opt_i64(r, cc, -1);
		if (r->sink->kernel(r->sink, &k, err))
			return err->status;
	}
	return rc;
}

struct copy_cols {
	int n, s, e, sz, st, cc, src_t, src_i, dst_t, dst_i;
};

/* One memory_copies row: 1 = sent, 0 = no GPU side (skipped), <0 = error. */
static int
copy_row(struct rocpd *r, const struct copy_cols *c, struct err *err)
{
	struct rec_kernel k = { .rank = -1, .launch_ns = TIME_NONE, .kclass = KCLASS_MEMCPY };
	int side = is_gpu(r, c->src_t) ? c->src_i : is_gpu(r, c->dst_t) ? c->dst_i : -1;

	if (side < 0)
		return 0;
	if (device_at(r, "memory_copies", side, &k.device, err) ||
	    row_times(r, "memory_copies", c->s, c->e, &k, err))
		return err->status;
	k.stream = opt_i64(r, c->st, -1);
	k.name = store_input_text(r->db, c->n, &k.name_len);
	if (!k.name) {
		k.name = "MEMORY_COPY";
		k.name_len = strlen(k.name);
	}
	k.correlation = opt_i64(r, c->cc, -1);
	k.bytes = opt_i64(r, c->sz, -1);
	return r->sink->kernel(r->sink, &k, err) ? err->status : 1;
}

static int
read_copies(struct rocpd *r, struct err *err)
{
	struct copy_cols c;
	int64_t skipped = 0;
	int rc;

	if ((rc = store_input_select(r->db, "memory_copies", err)) <= 0)
		return rc;
	c.n = store_input_col(r->db, "name|direction");
	c.s = store_input_col(r->db, "start");
	c.e = store_input_col(r->db, "end");
	c.sz = store_input_col(r->db, "size|bytes");
	c.st = store_input_col(r->db, "stream_id");
	c.cc = store_input_col(r->db, "corr_id|correlation_id");
	c.src_t = store_input_col(r->db, "src_agent_type");
	c.src_i = store_input_col(r->db, "src_agent_type_index");
	c.dst_t = store_input_col(r->db, "dst_agent_type");
	c.dst_i = store_input_col(r->db, "dst_agent_type_index");
	if (c.s < 0 || c.e < 0 || c.src_t < 0 || c.src_i < 0 || c.dst_t < 0 || c.dst_i < 0)
		return r->sink->meta(r->sink, "skipped",
				     "memory_copies view lacks start/end or agent columns", err);
	while ((rc = store_input_step(r->db, err)) == 1) {
		int got = copy_row(r, &c, err);

		if (got < 0)
			return got;
		skipped += !got;
	}
	if (rc == 0 && skipped) {
		char msg[96];

		snprintf(msg, sizeof(msg), "%lld host-to-host copies skipped (no GPU side)",
			 (long long)skipped);
		return r->sink->meta(r->sink, "note", msg, err);
	}
	return rc;
}

/*
 * rocprof v1 (rocprofiler 1) leaves a results.db of its own tables (A for
 * the kernel dispatches, HIP, HSA, COPY, ...) beside results.csv and
 * results.json, which hold the same dispatches and which litsi reads: the
 * database is skipped with a note, not read twice. 1 = skipped, 0 = not
 * such a database, <0 = error.
 */
static int
legacy_v1(struct rocpd *r, struct err *err)
{
	int rc = store_input_select(r->db, "kernels", err);
	struct rec_source src = { "rocprof-v1-db", CLK_BOOTTIME, NULL, -1, -1 };

	if (rc != 0)
		return rc < 0 ? rc : 0;
	if ((rc = store_input_select(r->db, "A", err)) <= 0)
		return rc;
	if ((rc = r->sink->source(r->sink, &src, err)))
		return rc;
	rc = r->sink->meta(r->sink, "skipped",
			   "a rocprof v1 results.db (its own tables, not rocprofv3's rocpd): "
			   "its kernels are those of results.csv and results.json beside it, "
			   "which litsi reads", err);
	return rc ? rc : 1;
}

/* The decompressed head looked like SQLite: the file itself must be plain SQLite too. */
static int
check_plain(struct input *in, const char *path, struct err *err)
{
	char magic[16] = { 0 };
	struct stat st;
	FILE *f;
	size_t got = 0;

	if (!path || stat(path, &st) || !S_ISREG(st.st_mode))
		return err_set(err, LITSI_EDATA,
			       "%s: byte 0: a rocpd database must be a plain file "
			       "(not compressed or inside an archive)", input_name(in));
	f = fopen(path, "rb");
	if (f) {
		got = fread(magic, 1, sizeof(magic), f);
		fclose(f);
	}
	if (got != sizeof(magic) || memcmp(magic, "SQLite format 3", 16))
		return err_set(err, LITSI_EDATA,
			       "%s: byte 0: expected an uncompressed SQLite file "
			       "(decompress the rocpd database first)", input_name(in));
	return 0;
}

static int
parse(struct input *in, const struct parse_opts *o, struct sink *s, struct err *err)
{
	struct rec_source src = { "rocpd", CLK_BOOTTIME, NULL, -1, -1 };
	struct store_input_limits lim = { o->stop, o->db_max_rows, o->db_max_ms };
	struct rocpd r = { .name = input_name(in), .sink = s };
	const char *path = input_path(in);
	int rc;

	if (check_plain(in, path, err) || store_input_open(path, &lim, &r.db, err))
		return err->status;
	if ((rc = legacy_v1(&r, err)) != 0) {
		store_input_close(r.db);
		return rc < 0 ? rc : 0;
	}
	if (!(rc = s->source(s, &src, err)) && !(rc = read_agents(&r, err)) &&
	    !(rc = read_kernels(&r, err)))
		rc = read_copies(&r, err);
	store_input_close(r.db);
	return rc < 0 ? rc : 0;
}

const struct parser parser_rocpd = { "rocpd", probe, parse };
