/* SPDX-License-Identifier: MIT */
/* check_store.c: schema, ingest sink (linking, samples, dedup, rollback), reads. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "litsi/store.h"
#include "litsi/util.h"
#include "store/store_int.h"
#include "unit.h"

static char tmpdir[256];
static char dbpath[300];

static void
setup(void)
{
	snprintf(tmpdir, sizeof(tmpdir), "%s/litsi-store.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	snprintf(dbpath, sizeof(dbpath), "%s/t.db", tmpdir);
}

static void
teardown(void)
{
	char cmd[400];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	ck_assert_int_eq(system(cmd), 0);
}

static struct rec_kernel
kern(int dev, const char *name, int64_t s, int64_t e, int64_t corr)
{
	struct rec_kernel k = { .device = dev, .rank = -1, .stream = 7, .name = name,
				.name_len = strlen(name), .start_ns = s, .end_ns = e,
				.kclass = KCLASS_COMPUTE, .correlation = corr,
				.launch_ns = TIME_NONE, .bytes = -1 };

	if (strstr(name, "nccl"))
		k.kclass = KCLASS_COMM;
	return k;
}

/* One file: 2 steps, 3 kernels; kernel 3 launched in step 2 but runs later. */
static int
ingest_one(struct store *st, const char *hash, bool force, struct ingest_summary *sum,
	   struct err *err)
{
	struct ingest_opts o = { .rank = -1, .force = force };
	struct store_ingest *ig;
	struct sink s;
	struct rec_source src = { .format = "pytorch", .clock = CLK_EPOCH, .rank = 0,
				  .world_size = 2 };
	struct rec_gpu g = { .device = 0, .rank = 0, .vendor = "AMD",
			     .product = "AMD Instinct MI300X" };
	struct rec_step st1 = { .rank = -1, .step = 1, .start_ns = 100, .end_ns = 200 };
	struct rec_step st2 = { .rank = -1, .step = 2, .start_ns = 200, .end_ns = 300 };
	struct rec_launch l1 = { .rank = -1, .correlation = 11, .ts_ns = 150, .tid = 1 };
	struct rec_launch l3 = { .rank = -1, .correlation = 13, .ts_ns = 250, .tid = 1 };
	struct rec_kernel k1 = kern(0, "gemm", 160, 190, 11);
	struct rec_kernel k2 = kern(0, "ncclDevKernel_Generic", 170, 400, 12);
	struct rec_kernel k3 = kern(0, "gemm", 310, 330, 13);

	if (store_ingest_begin(st, "x.json", &o, &ig, &s, err))
		return err->status;
	if (s.source(&s, &src, err) || s.gpu(&s, &g, err) || s.step(&s, &st1, err) ||
	    s.step(&s, &st2, err) || s.launch(&s, &l1, err) || s.kernel(&s, &k1, err) ||
	    s.kernel(&s, &k2, err) || s.kernel(&s, &k3, err) || s.launch(&s, &l3, err)) {
		store_ingest_abort(ig);
		return err->status;
	}
	return store_ingest_finish(ig, hash, 123, sum, err);
}

START_TEST(test_ingest_links_samples)
{
	struct store *st;
	struct err err = { 0 };
	struct ingest_summary sum;
	struct kspan *k;
	size_t n;
	struct node_row *nodes;
	struct gpu_row *gpus;
	size_t nn, ng;
	int64_t *steps;

	ck_assert_int_eq(store_open(dbpath, STORE_RDWR, &st, &err), 0);
	ck_assert_int_eq(ingest_one(st, "h1", false, &sum, &err), 0);
	ck_assert_int_eq(sum.kernels, 3);
	ck_assert_int_eq(sum.comm, 1);
	ck_assert_int_eq(sum.samples, 2);
	ck_assert_int_eq(sum.gpus, 1);
	ck_assert_str_eq(sum.node, "default");
	ck_assert_int_eq(store_list_nodes(st, &nodes, &nn, &err), 0);
	ck_assert_uint_eq(nn, 1);
	ck_assert_int_eq(store_list_gpus(st, nodes[0].id, &gpus, &ng, &err), 0);
	ck_assert_uint_eq(ng, 1);
	ck_assert_int_eq(gpus[0].rank, 0);
	ck_assert_str_eq(gpus[0].product, "AMD Instinct MI300X");
	ck_assert_int_eq(store_list_steps(st, nodes[0].id, &steps, &n, &err), 0);
	ck_assert_uint_eq(n, 2);
	free(steps);
	/* Step 2 holds the kernel launched at 250 even though it ran at 310. */
	ck_assert_int_eq(store_load_kernels(st, gpus[0].id, 2, false, &k, &n, &err), 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(k[0].start_ns, 310);
	ck_assert_int_eq(k[0].launch_ns, 250);
	ck_assert_str_eq(store_name(st, k[0].name_id), "gemm");
	free(k);
	/* Step 1: the gemm and the unlinked comm kernel (falls back to its start). */
	ck_assert_int_eq(store_load_kernels(st, gpus[0].id, 1, false, &k, &n, &err), 0);
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(k[1].kclass, KCLASS_COMM);
	ck_assert_int_eq(k[1].launch_ns, TIME_NONE);
	free(k);
	store_free_nodes(nodes, nn);
	store_free_gpus(gpus, ng);
	store_close(st);
}
END_TEST

START_TEST(test_duplicate_and_force)
{
	struct store *st;
	struct err err = { 0 };
	struct ingest_summary sum;
	struct kspan *k;
	struct gpu_row *gpus;
	size_t n, ng;
	bool has;

	ck_assert_int_eq(store_open(dbpath, STORE_RDWR, &st, &err), 0);
	ck_assert_int_eq(ingest_one(st, "h1", false, &sum, &err), 0);
	ck_assert_int_eq(ingest_one(st, "h1", false, &sum, &err), 0);
	ck_assert(sum.duplicate);
	ck_assert_int_eq(store_has_source(st, "h1", &has, &err), 0);
	ck_assert(has);
	ck_assert_int_eq(ingest_one(st, "h1", true, &sum, &err), 0);
	ck_assert(sum.replaced);
	ck_assert_int_eq(store_list_gpus(st, 1, &gpus, &ng, &err), 0);
	ck_assert_int_eq(store_load_kernels(st, gpus[0].id, 0, true, &k, &n, &err), 0);
	ck_assert_uint_eq(n, 3);
	free(k);
	store_free_gpus(gpus, ng);
	store_close(st);
}
END_TEST

START_TEST(test_abort_leaves_nothing)
{
	struct store *st;
	struct err err = { 0 };
	struct ingest_opts o = { .rank = -1 };
	struct store_ingest *ig;
	struct sink s;
	struct rec_kernel k = kern(0, "gemm", 1, 2, -1);
	struct info_source *src;
	struct info_gpu *g;
	struct info_metric *m;
	size_t ns, ng, nm;

	ck_assert_int_eq(store_open(dbpath, STORE_RDWR, &st, &err), 0);
	ck_assert_int_eq(store_ingest_begin(st, "bad.json", &o, &ig, &s, &err), 0);
	ck_assert_int_eq(s.kernel(&s, &k, &err), 0);
	store_ingest_abort(ig);
	ck_assert_int_eq(store_info_sources(st, &src, &ns, &err), 0);
	ck_assert_int_eq(store_info_gpus(st, &g, &ng, &err), 0);
	ck_assert_int_eq(store_info_metrics(st, &m, &nm, &err), 0);
	ck_assert_uint_eq(ns, 0);
	ck_assert_uint_eq(ng, 0);
	ck_assert_uint_eq(nm, 0);
	store_info_free(src, ns, g, ng, m, nm);
	store_close(st);
}
END_TEST

START_TEST(test_time_base_and_bad_kernel)
{
	struct store *st;
	struct err err = { 0 };
	struct ingest_opts o = { .rank = -1 };
	struct store_ingest *ig;
	struct ingest_summary sum;
	struct sink s;
	struct rec_kernel k = kern(0, "gemm", 1, 2, -1);
	struct rec_kernel bad = kern(0, "gemm", 5, 4, -1);
	struct gpu_row *gpus;
	struct kspan *v;
	size_t ng, n;

	ck_assert_int_eq(store_open(dbpath, STORE_RDWR, &st, &err), 0);
	ck_assert_int_eq(store_ingest_begin(st, "b.json", &o, &ig, &s, &err), 0);
	ck_assert_int_eq(s.kernel(&s, &k, &err), 0);
	ck_assert_int_eq(s.time_base(&s, 1000, &err), 0);
	ck_assert_int_eq(s.kernel(&s, &k, &err), 0);
	ck_assert_int_eq(s.kernel(&s, &bad, &err), LITSI_EDATA);
	ck_assert_ptr_nonnull(strstr(err.msg, "ends before it starts"));
	ck_assert_int_eq(store_ingest_finish(ig, "h", 1, &sum, &err), 0);
	ck_assert_int_eq(store_list_gpus(st, 1, &gpus, &ng, &err), 0);
	ck_assert_int_eq(store_load_kernels(st, gpus[0].id, -1, false, &v, &n, &err), 0);
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(v[0].start_ns, 1001);
	ck_assert_int_eq(v[1].start_ns, 1001);
	free(v);
	store_free_gpus(gpus, ng);
	store_close(st);
}
END_TEST

/*
 * A stream that exercises every link: two rank contexts on three GPUs (one
 * without steps), launches before and after their kernels, a repeated
 * correlation id (the first launch wins), a kernel that knows its own launch,
 * a late time base, annotations with and without a device, and collectives
 * linked by correlation id, by a launch on their thread, or not at all.
 */
static int
ingest_mix(struct store *st, struct err *err)
{
	struct ingest_opts o = { .rank = -1 };
	struct store_ingest *ig;
	struct ingest_summary sum;
	struct sink s;
	int i, rc = 0;

	if (store_ingest_begin(st, "mix.json", &o, &ig, &s, err))
		return err->status;
	for (i = 0; i < 9000 && !rc; i++) {
		int rank = i % 2, dev = i % 3 == 2 ? 2 : rank;
		int64_t t = 1000 + (int64_t)i * 10;
		struct rec_kernel k = kern(dev, i % 50 ? "gemm" : "ncclKernel", t + 5, t + 9, i);
		struct rec_launch l = { .rank = rank, .correlation = i, .ts_ns = t, .tid = 1 + rank,
					.external_id = -1 };
		struct rec_launch dup = l;
		struct rec_step stp = { .rank = rank, .step = i / 1000, .start_ns = t,
					.end_ns = t + 10 };
		struct rec_annotation a = { .rank = rank, .kind = i % 2 ? "user_annotation" :
					    "gpu_user_annotation", .name = "fwd", .start_ns = t,
					    .end_ns = t + 3, .tid = 1, .device = i % 4 ? -1 : dev,
					    .external_id = i % 3 ? i : -1 };
		struct rec_collective c = { .rank = rank, .start_ns = t - 2, .end_ns = t + 1,
					    .tid = 1 + rank, .correlation = i % 100 ? -1 : i,
					    .external_id = -1, .coll_name = "allreduce", .dtype = "f32",
					    .in_nelems = 4, .out_nelems = 4, .group_size = 2,
					    .seq = i, .pg_name = "0" };

		k.rank = rank;
		k.launch_ns = i % 7 == 0 ? t - 1 : TIME_NONE;
		k.correlation = i % 11 == 0 ? -1 : i;
		dup.ts_ns = t + 3;
		if (i == 4500)
			rc = s.time_base(&s, 100000, err);
		if (!rc && i % 3 == 0)	/* the launch after its kernel */
			rc = s.kernel(&s, &k, err) || s.launch(&s, &l, err);
		else if (!rc)
			rc = s.launch(&s, &l, err) || s.kernel(&s, &k, err);
		if (!rc && i % 5 == 0)
			rc = s.launch(&s, &dup, err);
		if (!rc && i % 100 == 0 && dev != 2)
			rc = s.step(&s, &stp, err);
		if (!rc && i % 9 == 0)
			rc = s.annotation(&s, &a, err);
		if (!rc && i % 25 == 0)
			rc = s.collective(&s, &c, err);
	}
	if (rc) {
		store_ingest_abort(ig);
		return err->status;
	}
	return store_ingest_finish(ig, "mix", 1, &sum, err);
}

/* Every row of the linked tables, in id order, as text. */
static char *
linked_rows(const char *path)
{
	static const char *const q[] = {
		"SELECT * FROM sample ORDER BY id", "SELECT * FROM kernel ORDER BY id",
		"SELECT * FROM annotation ORDER BY id", "SELECT * FROM collective ORDER BY id",
	};
	struct sbuf out = SBUF_INIT;
	sqlite3 *db;
	sqlite3_stmt *s;
	size_t i;
	int c;

	ck_assert_int_eq(sqlite3_open(path, &db), SQLITE_OK);
	for (i = 0; i < sizeof(q) / sizeof(q[0]); i++) {
		ck_assert_int_eq(sqlite3_prepare_v2(db, q[i], -1, &s, NULL), SQLITE_OK);
		while (sqlite3_step(s) == SQLITE_ROW) {
			for (c = 0; c < sqlite3_column_count(s); c++) {
				const unsigned char *t = sqlite3_column_text(s, c);

				sbuf_addstr(&out, t ? (const char *)t : "NULL");
				sbuf_addstr(&out, c + 1 < sqlite3_column_count(s) ? "|" : "\n");
			}
		}
		sqlite3_finalize(s);
		sbuf_addstr(&out, "--\n");
	}
	sqlite3_close(db);
	return out.buf;
}

/* Held in memory, staged from the start, staged midway: the same rows. */
START_TEST(test_held_equals_staged)
{
	static const char *const budgets[] = { NULL, "1", "200000" };
	char *rows[3];
	struct store *st;
	struct err err = { 0 };
	size_t i;

	for (i = 0; i < 3; i++) {
		snprintf(dbpath, sizeof(dbpath), "%s/t%zu.db", tmpdir, i);
		if (budgets[i])
			setenv("LITSI_LINK_MEM", budgets[i], 1);
		else
			unsetenv("LITSI_LINK_MEM");
		ck_assert_int_eq(store_open(dbpath, STORE_RDWR, &st, &err), 0);
		ck_assert_msg(ingest_mix(st, &err) == 0, "%s", err.msg);
		store_close(st);
		rows[i] = linked_rows(dbpath);
	}
	unsetenv("LITSI_LINK_MEM");
	/* kernel 9000 of source 1 is there */
	ck_assert_ptr_nonnull(strstr(rows[0], "\n9000|1|"));
	for (i = 1; i < 3; i++) {
		size_t d = 0;

		while (rows[0][d] && rows[0][d] == rows[i][d])
			d++;
		ck_assert_msg(rows[0][d] == rows[i][d], "budget %s: rows differ at byte %zu: %.60s",
			      budgets[i], d, rows[i] + d);
	}
	for (i = 0; i < 3; i++)
		free(rows[i]);
}
END_TEST

START_TEST(test_newer_schema_refused)
{
	struct store *st;
	struct err err = { 0 };
	char cmd[512];

	ck_assert_int_eq(store_open(dbpath, STORE_RDWR, &st, &err), 0);
	store_close(st);
	snprintf(cmd, sizeof(cmd), "sqlite3 '%s' 'PRAGMA user_version = 99' 2>/dev/null", dbpath);
	if (system(cmd) != 0) {
		printf("SKIP: sqlite3 command not installed\n");
		return;
	}
	ck_assert_int_eq(store_open(dbpath, STORE_RDONLY, &st, &err), LITSI_EDB);
	ck_assert_ptr_nonnull(strstr(err.msg, "database schema version 99 is newer than this"));
}
END_TEST

/*
 * Readings of one GPU and metric at the same time come in the order they were
 * written (rowid), as before the value joined the (gpu, metric, time) index,
 * whose order within one time is by value.
 */
START_TEST(test_telemetry_ties_in_rowid_order)
{
	static const char sql[] =
		"INSERT INTO node(id, name) VALUES (1, 'n');"
		"INSERT INTO source(id, path, sha256, format, node_id, clock, bytes, ingested_at)"
		" VALUES (1, 'p', 'h', 'amd-smi-csv', 1, 'epoch', 1, 'T');"
		"INSERT INTO gpu(id, node_id, device) VALUES (1, 1, 0);"
		"INSERT INTO metric(id, name) VALUES (1, 'power_w');"
		"INSERT INTO telemetry VALUES (1, 1, 1, 20, 9), (1, 1, 1, 10, 5), (1, 1, 1, 20, 3),"
		" (1, 1, 1, 20, 7), (1, 1, 1, 30, 1), (1, 1, 1, 10, 2);";
	static const int64_t want_t[] = { 10, 10, 20, 20, 20, 30 };
	static const double want_v[] = { 5, 2, 9, 3, 7, 1 };
	struct store *st;
	struct err err = { 0 };
	struct tsample *v;
	sqlite3 *db;
	size_t n, i;

	ck_assert_int_eq(store_open(dbpath, STORE_RDWR, &st, &err), 0);
	store_close(st);
	ck_assert_int_eq(sqlite3_open(dbpath, &db), SQLITE_OK);
	ck_assert_int_eq(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
	ck_assert_int_eq(store_open(dbpath, STORE_RDONLY, &st, &err), 0);
	ck_assert_int_eq(store_load_telemetry(st, 1, "power_w", &v, &n, &err), 0);
	ck_assert_uint_eq(n, 6);
	for (i = 0; i < n; i++) {
		ck_assert_int_eq(v[i].t_ns, want_t[i]);
		ck_assert_double_eq(v[i].value, want_v[i]);
	}
	free(v);
	store_close(st);
}
END_TEST

START_TEST(test_missing_db_readonly)
{
	struct store *st;
	struct err err = { 0 };

	ck_assert_int_eq(store_open(dbpath, STORE_RDONLY, &st, &err), LITSI_EDB);
	ck_assert_ptr_nonnull(strstr(err.msg, "cannot open database"));
}
END_TEST

/* A one-kernel trace of GPU @dev at @t0_ns claiming @product (NULL: none). */
static int
ingest_at(struct store *st, const char *hash, int dev, int64_t t0_ns, const char *product,
	  struct err *err)
{
	struct ingest_opts o = { .rank = -1 };
	struct store_ingest *ig;
	struct sink s;
	struct ingest_summary sum;
	struct rec_source src = { .format = "pytorch", .clock = CLK_EPOCH, .rank = -1,
				  .world_size = -1 };
	struct rec_gpu g = { .device = dev, .rank = -1, .product = product };
	struct rec_kernel k = kern(dev, "gemm", t0_ns, t0_ns + 1000, 1);

	if (store_ingest_begin(st, hash, &o, &ig, &s, err))
		return err->status;
	if (s.source(&s, &src, err) || (product && s.gpu(&s, &g, err)) || s.kernel(&s, &k, err)) {
		store_ingest_abort(ig);
		return err->status;
	}
	return store_ingest_finish(ig, hash, 1, &sum, err);
}

START_TEST(test_one_gpu_one_run_one_product)
{
	static const int64_t t = INT64_C(1700000000000000000), min = INT64_C(60000000000);
	struct store *st;
	struct err err = { 0 };

	ck_assert_int_eq(store_open(dbpath, STORE_RDWR, &st, &err), 0);
	ck_assert_int_eq(ingest_at(st, "a", 0, t, "NVIDIA H100 80GB HBM3", &err), 0);
	/* 59 minutes after the first ends: one run. */
	ck_assert_int_eq(ingest_at(st, "b", 0, t + 1000 + 59 * min, NULL, &err), 0);
	/* 61 minutes before the first begins: another run, refused naming both files. */
	ck_assert_int_eq(ingest_at(st, "c", 0, t - 1000 - 61 * min, NULL, &err), LITSI_EDATA);
	ck_assert_ptr_nonnull(strstr(err.msg, "c: traced at "));
	ck_assert_ptr_nonnull(strstr(err.msg, "from 'a'"));
	ck_assert_ptr_nonnull(strstr(err.msg, "--node"));
	/* Another part on the same GPU, inside the run's window. */
	err_clear(&err);
	ck_assert_int_eq(ingest_at(st, "d", 0, t, "NVIDIA B200", &err), LITSI_EDATA);
	ck_assert_ptr_nonnull(strstr(err.msg, "'NVIDIA H100 80GB HBM3' in 'a'"));
	err_clear(&err);
	ck_assert_int_eq(ingest_at(st, "e", 0, t + 2000, "H100 80GB HBM3", &err), 0);
	/* The same GPU over the same time again: another run, whatever the gap. */
	ck_assert_int_eq(ingest_at(st, "h", 0, t + 500, NULL, &err), LITSI_EDATA);
	ck_assert_ptr_nonnull(strstr(err.msg, "h: another run of GPU 0 of node 'default'"));
	ck_assert_ptr_nonnull(strstr(err.msg, "overlaps in time 'a'"));
	ck_assert_ptr_nonnull(strstr(err.msg, "--run auto"));
	err_clear(&err);
	/* Another GPU of the node, a day later: another run all the same. */
	ck_assert_int_eq(ingest_at(st, "f", 1, t + 24 * 60 * min, NULL, &err), LITSI_EDATA);
	ck_assert_ptr_nonnull(strstr(err.msg, "on node 'default': two runs"));
	err_clear(&err);
	ck_assert_int_eq(ingest_at(st, "g", 1, t + 10 * min, "NVIDIA B200", &err), 0);
	store_close(st);
}
END_TEST

START_TEST(test_products_differ)
{
	static const struct {
		const char *a, *b;
		bool differ;
	} cases[] = {
		{ "NVIDIA B200", "NVIDIA H100 80GB HBM3", true },
		{ "Tesla V100-SXM2-32GB", "Tesla V100-SXM2-16GB", true },
		{ "NVIDIA A100-PG509-200", "Tesla V100-SXM2-32GB", true },
		{ "AMD Instinct MI300X", "MI300X", false },
		{ "AMD Instinct MI300X", "AMD Instinct MI300X OAM", false },
		{ "AMD Instinct MI300X", "AMD Instinct MI250X", true },
		{ "AMD Radeon Graphics", "AMD Instinct MI250X", false },
		{ "nvidia h100 80gb hbm3", "NVIDIA H100 80GB HBM3", false },
		{ NULL, "NVIDIA B200", false },
		{ "", "NVIDIA B200", false },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		ck_assert_msg(store_products_differ(cases[i].a, cases[i].b) == cases[i].differ,
			      "case %zu: '%s' vs '%s'", i, cases[i].a ? cases[i].a : "(null)",
			      cases[i].b);
}
END_TEST

Suite *
store_suite(void)
{
	Suite *s = suite_create("store");
	TCase *tc = tcase_create("store");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_ingest_links_samples);
	tcase_add_test(tc, test_duplicate_and_force);
	tcase_add_test(tc, test_abort_leaves_nothing);
	tcase_add_test(tc, test_time_base_and_bad_kernel);
	tcase_add_test(tc, test_held_equals_staged);
	tcase_add_test(tc, test_newer_schema_refused);
	tcase_add_test(tc, test_missing_db_readonly);
	tcase_add_test(tc, test_telemetry_ties_in_rowid_order);
	tcase_add_test(tc, test_one_gpu_one_run_one_product);
	tcase_add_test(tc, test_products_differ);
	suite_add_tcase(s, tc);
	return s;
}
