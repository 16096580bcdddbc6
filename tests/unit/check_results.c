/* SPDX-License-Identifier: MIT */
/*
 * check_results.c: the node-results library: devices (not indexes) in
 * results, the persistent straggler, the telemetry windowing policy and idle
 * readings, the part's top clock, the power references, run-scoped loads.
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "litsi/parse.h"
#include "litsi/results.h"
#include "litsi/store.h"
#include "unit.h"

static char tmpdir[256];
static char dbpath[300];
/* The run the next ingests go to (ingest --run), NULL: none; and whether device 2 is the hot one. */
static const char *cur_run;
static bool hot_two;

static void
setup(void)
{
	snprintf(tmpdir, sizeof(tmpdir), "%s/litsi-results.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	snprintf(dbpath, sizeof(dbpath), "%s/t.db", tmpdir);
	cur_run = NULL;
	hot_two = false;
}

static void
teardown(void)
{
	char cmd[400];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	ck_assert_int_eq(system(cmd), 0);
}

/* Times: epoch ns; the traced window is [T0, T0 + 3 s). */
#define T0 1700000000000000000LL
#define S 1000000000LL

enum tel_case { TEL_IN_WINDOW, TEL_OUTSIDE, TEL_NONE };


static void
put_kernel(struct sink *s, int dev, const char *name, int64_t a, int64_t b, int64_t corr,
	   struct err *err)
{
	struct rec_kernel k = { .device = dev, .rank = -1, .stream = 7, .name = name,
				.name_len = strlen(name), .start_ns = a, .end_ns = b,
				.kclass = strstr(name, "nccl") ? KCLASS_COMM : KCLASS_COMPUTE,
				.correlation = corr, .launch_ns = TIME_NONE, .bytes = -1 };

	ck_assert_int_eq(s->kernel(s, &k, err), 0);
}

/*
 * One trace file of GPU @dev (rank @rank): 3 samples of one second, each a
 * gemm then an allreduce; the GPU's gemm ends @late ns later than the others'.
 */
static void
ingest_trace(struct store *st, int dev, int rank, int64_t late, const char *hash)
{
	struct ingest_opts o = { .rank = -1, .run = cur_run };
	struct rec_source src = { .format = "pytorch", .clock = CLK_EPOCH, .rank = rank,
				  .world_size = 2 };
	struct rec_gpu g = { .device = dev, .rank = rank, .vendor = "AMD",
			     .product = "AMD Instinct MI300X" };
	struct store_ingest *ig;
	struct ingest_summary sum;
	struct err err = { 0 };
	struct sink s;
	int i;

	ck_assert_int_eq(store_ingest_begin(st, "t.json", &o, &ig, &s, &err), 0);
	ck_assert_int_eq(s.source(&s, &src, &err), 0);
	ck_assert_int_eq(s.gpu(&s, &g, &err), 0);
	for (i = 0; i < 3; i++) {
		int64_t b = T0 + i * S;
		struct rec_step stp = { .rank = -1, .step = i, .start_ns = b, .end_ns = b + S };
		struct rec_launch l1 = { .rank = -1, .correlation = 10 * i + 1, .ts_ns = b + 1,
					 .tid = 1 };
		struct rec_launch l2 = { .rank = -1, .correlation = 10 * i + 2, .ts_ns = b + 2,
					 .tid = 1 };
		struct rec_launch l3 = { .rank = -1, .correlation = 10 * i + 3, .ts_ns = b + 3,
					 .tid = 1 };

		ck_assert_int_eq(s.step(&s, &stp, &err), 0);
		ck_assert_int_eq(s.launch(&s, &l1, &err), 0);
		ck_assert_int_eq(s.launch(&s, &l2, &err), 0);
		ck_assert_int_eq(s.launch(&s, &l3, &err), 0);
		put_kernel(&s, dev, "gemm", b + 10, b + 100000000 + late, 10 * i + 1, &err);
		put_kernel(&s, dev, "gemm", b + 100000000 + late, b + 200000000 + late,
			   10 * i + 3, &err);
		put_kernel(&s, dev, "ncclDevKernel_AllReduce", b + 200000000 + late,
			   b + 300000000, 10 * i + 2, &err);
	}
	ck_assert_int_eq(store_ingest_finish(ig, hash, 1, &sum, &err), 0);
}

static void
put_tel(struct sink *s, int dev, int64_t t, const char *metric, double v)
{
	struct rec_telemetry r = { .device = dev, .t_ns = t, .metric = metric, .unit = "",
				   .value = v };
	struct err err = { 0 };

	ck_assert_int_eq(s->telemetry(s, &r, &err), 0);
}

/*
 * Telemetry of devices 2 and 3. In the window (TEL_IN_WINDOW): device 2 at
 * 60 C / 2100 MHz / 700 W, device 3 at 75 C / 1900 MHz / 740 W; an idle
 * reading before the window (30 C / 100 MHz / 100 W at 0% activity) that the
 * window cuts away. TEL_OUTSIDE shifts everything an hour later, so the whole
 * log is used and the idle readings must be left out of temperature and clock.
 */
static void
ingest_tel(struct store *st, enum tel_case tc)
{
	struct ingest_opts o = { .rank = -1, .run = cur_run };
	char hash[32];
	struct rec_source src = { .format = "amd-smi-csv", .clock = CLK_EPOCH, .rank = -1,
				  .world_size = -1 };
	int64_t shift = tc == TEL_OUTSIDE ? 3600 * S : 0;
	struct store_ingest *ig;
	struct ingest_summary sum;
	struct err err = { 0 };
	struct sink s;
	int d, i;

	ck_assert_int_eq(store_ingest_begin(st, "amd-smi.csv", &o, &ig, &s, &err), 0);
	ck_assert_int_eq(s.source(&s, &src, &err), 0);
	for (d = 2; d <= 3; d++) {
		struct rec_gpu g = { .device = d, .rank = -1, .vendor = "AMD" };
		int64_t t = T0 - 10 * S + shift;

		ck_assert_int_eq(s.gpu(&s, &g, &err), 0);
		put_tel(&s, d, t, METRIC_TEMP_HOTSPOT, 30);
		put_tel(&s, d, t, METRIC_GFX_CLK, 100);
		put_tel(&s, d, t, METRIC_POWER, 100);
		put_tel(&s, d, t, METRIC_GFX_ACT, 0);
		put_tel(&s, d, t, "clocks_max_sm", 2400);
		for (i = 0; i < 3; i++) {
			t = T0 + i * S + S / 10 + shift;
			bool cool = (d == 2) != hot_two;

			put_tel(&s, d, t, METRIC_TEMP_HOTSPOT, cool ? 60 : 75);
			put_tel(&s, d, t, METRIC_GFX_CLK, cool ? 2100 : 1900);
			put_tel(&s, d, t, METRIC_POWER, cool ? 700 : 740);
			put_tel(&s, d, t, METRIC_GFX_ACT, 100);
		}
	}
	snprintf(hash, sizeof(hash), "tel%s%s", cur_run ? "-" : "", cur_run ? cur_run : "");
	ck_assert_int_eq(store_ingest_finish(ig, hash, 1, &sum, &err), 0);
}

/* A node of devices 2 and 3 (ranks 0 and 1); device 3 finishes its gemm 50 ms late. */
static struct store *
make_node(enum tel_case tc, bool one_gpu)
{
	struct store *st;
	struct err err = { 0 };

	ck_assert_int_eq(store_open(dbpath, STORE_RDWR, &st, &err), 0);
	/* Readings outside the traced window are refused after the traces, taken before. */
	if (tc == TEL_OUTSIDE)
		ingest_tel(st, tc);
	ingest_trace(st, 2, 0, 0, "a");
	if (!one_gpu)
		ingest_trace(st, 3, 1, 50000000, "b");
	if (tc != TEL_NONE && tc != TEL_OUTSIDE)
		ingest_tel(st, tc);
	return st;
}

/* The fixture has 3 readings under load per GPU: @min_readings decides whether they suffice. */
static void
load_min(struct store *st, struct res_model *n, size_t min_readings)
{
	struct node_row *nodes;
	size_t nn;
	struct res_opts o;
	struct err err = { 0 };

	res_opts_default(&o);
	o.min_readings = min_readings;
	ck_assert_int_eq(store_list_nodes(st, &nodes, &nn, &err), 0);
	ck_assert_uint_eq(nn, 1);
	ck_assert_int_eq(res_model_load(st, &nodes[0], &o, true, n, &err), 0);
	/* The node name is borrowed: keep the rows until the test ends. */
	n->nd.name = "default";
	store_free_nodes(nodes, nn);
}

static void
load(struct store *st, struct res_model *n)
{
	load_min(st, n, 3);
}

/*
 * Two runs of one node over the same steps and times: in run a device 3 is
 * late and hot, in run b device 2. Each run-scoped load sees its own sources
 * only; the node-wide load sees both.
 */
static struct store *
make_two_runs(void)
{
	struct store *st;
	struct err err = { 0 };

	ck_assert_int_eq(store_open(dbpath, STORE_RDWR, &st, &err), 0);
	cur_run = "a";
	ingest_trace(st, 2, 0, 0, "a2");
	ingest_trace(st, 3, 1, 50000000, "a3");
	ingest_tel(st, TEL_IN_WINDOW);
	cur_run = "b";
	hot_two = true;
	ingest_trace(st, 2, 0, 40000000, "b2");
	ingest_trace(st, 3, 1, 0, "b3");
	ingest_tel(st, TEL_IN_WINDOW);
	cur_run = NULL;
	hot_two = false;
	return st;
}

static int
load_run(struct store *st, const char *run, struct res_model *n, struct err *err)
{
	struct node_row node = { .id = 0, .name = (char *)"default" };
	struct res_opts o;

	res_opts_default(&o);
	o.run = run;
	ck_assert_int_eq(store_find_node(st, "default", &node.id, err), 0);
	return res_model_load(st, &node, &o, true, n, err);
}

START_TEST(test_run_scoped_load)
{
	struct store *st = make_two_runs();
	struct res_model a, b, all, inner;
	struct res_run ra;
	struct node_row node = { .name = (char *)"default" };
	struct res_opts o;
	struct err err = { 0 };

	ck_assert_int_eq(load_run(st, "a", &a, &err), 0);
	ck_assert_str_eq(store_scope(st), "a");
	ck_assert_uint_eq(a.nd.G, 2);
	ck_assert_uint_eq(a.nsamples, 3);
	ck_assert_int_eq(a.straggler.device, 3);
	ck_assert_uint_eq(a.tel.n[RES_HOT][0], 3);
	ck_assert_double_eq(a.tel.med[RES_HOT][0], 60);
	ck_assert_double_eq(a.tel.med[RES_HOT][1], 75);
	ck_assert_double_eq(a.p_base, 720);
	/* a load without a run inside a scoped one reads through its scope */
	ck_assert_int_eq(load_run(st, NULL, &inner, &err), 0);
	ck_assert_uint_eq(inner.tel.n[RES_HOT][0], 3);
	ck_assert_int_eq(inner.straggler.device, 3);
	res_model_release(&inner);
	ck_assert_str_eq(store_scope(st), "a");
	res_model_release(&a);
	ck_assert_ptr_null(store_scope(st));

	ck_assert_int_eq(load_run(st, "b", &b, &err), 0);
	ck_assert_uint_eq(b.nsamples, 3);
	ck_assert_int_eq(b.straggler.device, 2);
	ck_assert_double_eq(b.tel.med[RES_HOT][0], 75);
	ck_assert_double_eq(b.tel.med[RES_CLK][1], 2100);
	ck_assert_int_eq(b.mean_lead[0] < b.mean_lead[1], 1);
	res_model_release(&b);

	/* the node-wide load sees both runs' readings */
	ck_assert_int_eq(load_run(st, NULL, &all, &err), 0);
	ck_assert_uint_eq(all.tel.n[RES_HOT][0], 6);
	res_model_release(&all);

	/* a run the node lacks: a usage error, and no scope left behind */
	ck_assert_int_eq(load_run(st, "c", &all, &err), LITSI_EUSAGE);
	ck_assert_ptr_nonnull(strstr(err.msg, "no run 'c'"));
	ck_assert_ptr_null(store_scope(st));
	res_model_release(&all);

	/* one run's figures for compare: step time, node power, energy, verdict */
	res_opts_default(&o);
	ck_assert_int_eq(store_find_node(st, "default", &node.id, &err), 0);
	ck_assert_int_eq(res_run_eval(st, &node, &o, "a", &ra, &err), 0);
	ck_assert_ptr_null(store_scope(st));
	ck_assert_uint_eq(ra.s.steps, 3);
	ck_assert_double_eq_tol(ra.s.step_ns, 1e9, 1e-3);
	ck_assert_double_eq(ra.s.node_power_w, 1440);
	ck_assert_double_eq_tol(ra.energy_j, 1440, 1e-9);
	ck_assert_int_eq(ra.device[1], 3);
	ck_assert_int_eq(ra.straggler.device, 3);
	ck_assert_double_eq(ra.med[RES_POW][1], 740);
	ck_assert(isnan(ra.cap[0]));
	ck_assert_int_eq(ra.verdict, CHECK_IMBALANCED);
	res_run_release(&ra);
	store_close(st);
}
END_TEST

/* One overlap per GPU and sample: the summary's figures, 0 (never NaN) without comm. */
START_TEST(test_overlap_gpu)
{
	struct kspan k[] = {
		{ .start_ns = 0, .end_ns = 20, .kclass = KCLASS_COMPUTE, .name_id = 1 },
		{ .start_ns = 10, .end_ns = 30, .kclass = KCLASS_COMM, .name_id = 2 },
		{ .start_ns = 40, .end_ns = 50, .kclass = KCLASS_COMPUTE, .name_id = 1 },
	};
	struct res_overlap_gpu og;

	res_overlap_gpu(k, 3, &og);
	ck_assert_uint_eq(og.nu, 1);
	ck_assert_int_eq(og.ov[0], 10);
	ck_assert_uint_eq(og.s.n_compute, 2);
	ck_assert_double_eq_tol(og.overlap_pct, 100.0 * 10 / 30, 1e-12);
	ck_assert_double_eq_tol(og.kernel_mean_pct, 25, 1e-12);
	res_overlap_gpu_release(&og);
	k[1].kclass = KCLASS_COMPUTE;	/* no comm kernel: nothing overlaps */
	res_overlap_gpu(k, 3, &og);
	ck_assert_uint_eq(og.s.n_comm, 0);
	ck_assert_double_eq(og.overlap_pct, 0);
	ck_assert_double_eq(og.kernel_mean_pct, 0);
	res_overlap_gpu_release(&og);
}
END_TEST

START_TEST(test_straggler_is_a_device)
{
	struct store *st = make_node(TEL_IN_WINDOW, false);
	struct res_model n;
	struct res_verdict v;
	struct check_params p;

	load(st, &n);
	ck_assert_uint_eq(n.nsamples, 3);
	ck_assert_int_eq(n.straggler.device, 3);
	ck_assert_int_eq(n.straggler.rank, 1);
	ck_assert_double_eq_tol(n.straggler.share_pct, 100, 1e-9);
	ck_assert_int_eq(n.mean_lead[1] < n.mean_lead[0], 1);
	check_params_default(&p);
	res_verdict_eval(&n, &p, LEAD_SUM, &v);
	ck_assert_int_eq(v.straggler, 3);
	ck_assert_int_eq(v.straggler_rank, 1);
	/* The rule's text names the device, never the array index 1. */
	ck_assert_ptr_nonnull(strstr(v.r.rule[CHECK_STRAGGLER].why, "gpu 3 "));
	res_verdict_release(&v);
	res_model_release(&n);
	store_close(st);
}
END_TEST

START_TEST(test_one_gpu_has_no_straggler)
{
	struct store *st = make_node(TEL_NONE, true);
	struct res_model n;
	struct res_verdict v;
	struct check_params p;

	load(st, &n);
	ck_assert_int_eq(n.straggler.device, -1);
	check_params_default(&p);
	res_verdict_eval(&n, &p, LEAD_SUM, &v);
	ck_assert_int_eq(v.straggler, -1);
	ck_assert_int_eq(v.r.persistent, -1);
	ck_assert_int_eq(v.r.rule[CHECK_STRAGGLER].state, CHECK_SKIPPED);
	res_verdict_release(&v);
	res_model_release(&n);
	store_close(st);
}
END_TEST

START_TEST(test_window_cuts_idle_readings)
{
	struct store *st = make_node(TEL_IN_WINDOW, false);
	struct res_model n;
	struct res_thermal th;

	load(st, &n);
	ck_assert(n.tel.aligned);
	ck_assert_double_eq(n.tel.med[RES_HOT][0], 60);
	ck_assert_double_eq(n.tel.med[RES_HOT][1], 75);
	ck_assert_uint_eq(n.tel.n[RES_POW][0], 3);
	/* The part's top clock: the reported maximum beats the clocks seen. */
	ck_assert_double_eq(n.tel.fmax[0], 2400);
	/* P_baseline: median power of the node in the window; P_idle: at 0% activity. */
	ck_assert_double_eq(n.p_base, 720);
	ck_assert_str_eq(n.p_base_from, "telemetry");
	ck_assert_double_eq(n.p_idle, 100);
	res_thermal_eval(&n.nd, &n.tel, n.mean_lead, n.nsamples, &th);
	ck_assert_double_eq_tol(th.temp_spread, 75.0 / 60.0, 1e-12);
	ck_assert_double_eq_tol(th.freq_spread, 2100.0 / 1900.0, 1e-12);
	ck_assert_uint_eq(th.nhot, 2);
	ck_assert_int_eq(th.hottest[0], 3);
	ck_assert_int_eq(th.slowest[0], 3);
	ck_assert_uint_eq(n.tel.nload[RES_HOT][0], 3);
	res_thermal_release(&th);
	res_model_release(&n);
	store_close(st);
}
END_TEST

START_TEST(test_too_few_readings_under_load)
{
	struct store *st = make_node(TEL_IN_WINDOW, false);
	struct res_model n;
	struct res_thermal th;
	struct res_verdict v;
	struct check_params p;

	load_min(st, &n, 4);
	/* The medians of every reading stay; the spreads need 4 readings under load. */
	ck_assert_double_eq(n.tel.med[RES_HOT][1], 75);
	ck_assert(isnan(n.tel.load_med[RES_HOT][1]));
	res_thermal_eval(&n.nd, &n.tel, n.mean_lead, n.nsamples, &th);
	ck_assert(isnan(th.temp_spread));
	check_params_default(&p);
	res_verdict_eval(&n, &p, LEAD_SUM, &v);
	ck_assert_int_eq(v.r.rule[CHECK_TEMP].state, CHECK_SKIPPED);
	ck_assert_str_eq(v.r.rule[CHECK_TEMP].why,
			 "0 of 2 GPUs with 4+ hotspot temperature readings under load (gfx "
			 "activity > 10%, or power > 150 W without activity readings)");
	ck_assert_int_eq(v.r.verdict, CHECK_INCONCLUSIVE);
	res_verdict_release(&v);
	res_thermal_release(&th);
	res_model_release(&n);
	store_close(st);
}
END_TEST

START_TEST(test_whole_log_drops_idle_temperature)
{
	struct store *st = make_node(TEL_OUTSIDE, false);
	struct res_model n;

	load(st, &n);
	ck_assert(!n.tel.aligned);
	/* The 30 C / 100 MHz idle readings are left out; power keeps every reading. */
	ck_assert_uint_eq(n.tel.n[RES_HOT][0], 3);
	ck_assert_double_eq(n.tel.med[RES_HOT][0], 60);
	ck_assert_double_eq(n.tel.med[RES_CLK][1], 1900);
	ck_assert_uint_eq(n.tel.n[RES_POW][0], 4);
	res_model_release(&n);
	store_close(st);
}
END_TEST

START_TEST(test_straggler_rule)
{
	static const struct gpu_row gpus[3] = { { .device = 4, .rank = 0 },
						{ .device = 6, .rank = 1 },
						{ .device = 7, .rank = -1 } };
	size_t count[3] = { 1, 8, 1 }, none[3] = { 0, 0, 0 };
	struct res_straggler st;

	res_straggler_eval(gpus, 3, count, 10, 80, &st);
	ck_assert_int_eq(st.device, 6);
	ck_assert_int_eq(st.rank, 1);
	ck_assert_int_eq(st.most, 6);
	ck_assert_double_eq_tol(st.share_pct, 80, 1e-12);
	res_straggler_eval(gpus, 3, count, 10, 81, &st);
	ck_assert_int_eq(st.device, -1);
	ck_assert_int_eq(st.most, 6);
	res_straggler_eval(gpus, 3, none, 10, 80, &st);
	ck_assert_int_eq(st.device, -1);
	ck_assert_int_eq(st.most, -1);
	res_straggler_eval(gpus, 3, count, 0, 80, &st);
	ck_assert(isnan(st.share_pct));
	ck_assert_int_eq(st.device, -1);
}
END_TEST

/* Two collectives on devices 4 and 6: device 6 arrives last in the first, 4 in the second. */
START_TEST(test_collective_waits)
{
	struct gpu_row gpus[2] = { { .device = 4, .rank = 0 }, { .device = 6, .rank = 1 } };
	struct res_node nd = { .gpus = gpus, .G = 2 };
	uint32_t group[2] = { 0, 0 }, occ[2] = { 0, 1 };
	/* [G*K]: GPU 0's two instances, then GPU 1's. */
	int64_t start[4] = { 100, 500, 130, 490 }, end[4] = { 200, 600, 200, 600 };
	struct coll_match m = { .G = 2, .K = 2, .group = group, .occ = occ, .start = start,
				.end = end };
	struct res_collectives c;

	res_collectives_init(&c, 2);
	res_collectives_add(&c, &nd, 7, &m);
	ck_assert_uint_eq(c.nr_inst, 2);
	ck_assert_int_eq(c.inst[0].last_device, 6);
	ck_assert_int_eq(c.inst[0].start_skew, 30);
	ck_assert_int_eq(c.inst[0].end_skew, 0);
	ck_assert_int_eq(c.inst[1].last_device, 4);
	ck_assert_int_eq(c.inst[1].start_skew, 10);
	ck_assert_int_eq(c.inst[1].step, 7);
	/* Device 4 waited 30 ns for 6; device 6 waited 10 ns for 4. */
	ck_assert_int_eq(c.wait[0], 30);
	ck_assert_int_eq(c.wait[1], 10);
	ck_assert_uint_eq(c.arrived_last[0], 1);
	ck_assert_uint_eq(c.arrived_last[1], 1);
	ck_assert_int_eq(c.comm_ns[0], 100 + 100);
	ck_assert_int_eq(c.comm_ns[1], 70 + 110);
	ck_assert_uint_eq(c.ninst[1], 2);
	res_collectives_release(&c);
}
END_TEST

/*
 * The part's limits: the product table places the MI300X (TDP 750 W, cap
 * 700 W), but device 3 drew 740 W, over 2% above that cap, so without a
 * recorded cap the initial cap is the TDP; a cap in force in the telemetry
 * (740 W) wins over both; a
 * GPU whose median power is within 2% of it is taken at the cap (device 3,
 * 740 W), one further under it keeps its reading (device 2, 700 W).
 */
START_TEST(test_limits_follow_the_part)
{
	struct store *st = make_node(TEL_IN_WINDOW, false);
	struct caps_gpu_model gm[2];
	struct ingest_opts o = { .rank = -1 };
	struct rec_source src = { .format = "amd-smi-csv", .clock = CLK_EPOCH, .rank = -1,
				  .world_size = -1 };
	struct store_ingest *ig;
	struct ingest_summary sum;
	struct res_model n;
	struct err err = { 0 };
	struct sink s;
	int d;

	load(st, &n);
	ck_assert(n.has_lim);
	ck_assert_int_eq(n.lim.tdp, 750);
	ck_assert_int_eq(n.lim.cap0, 750);
	ck_assert_str_eq(n.lim.cap0_from, "power readings");
	res_model_release(&n);
	ck_assert_int_eq(store_ingest_begin(st, "caps.csv", &o, &ig, &s, &err), 0);
	ck_assert_int_eq(s.source(&s, &src, &err), 0);
	for (d = 2; d <= 3; d++) {
		struct rec_gpu g = { .device = d, .rank = -1, .vendor = "AMD" };

		ck_assert_int_eq(s.gpu(&s, &g, &err), 0);
		put_tel(&s, d, T0 + S / 2, METRIC_POWER_CAP, 738);
		put_tel(&s, d, T0 + S, METRIC_POWER_CAP, 740);
		put_tel(&s, d, T0 + 2 * S, METRIC_POWER_CAP, 742);
	}
	ck_assert_int_eq(store_ingest_finish(ig, "caps", 1, &sum, &err), 0);
	load(st, &n);
	ck_assert(n.has_lim);
	ck_assert_int_eq(n.lim.cap0, 740);
	ck_assert_str_eq(n.lim.cap0_from, "telemetry");
	ck_assert_int_eq(n.lim.tdp, 750);
	ck_assert(res_gpu_models(&n, gm));
	ck_assert_double_eq(gm[0].p, 700);
	ck_assert_double_eq(gm[1].p, 740);
	ck_assert_double_eq(gm[1].cap, 740);
	ck_assert_uint_eq(n.nruns, 0);
	res_model_release(&n);
	store_close(st);
}
END_TEST

/*
 * At its cap: within 2% under it, or over it by no more than its noise
 * (t99 of its readings times the standard error, at least 1% of the cap).
 * The 561 W a GPU drew at its lowest clock under a 551 W cap (se 0.2 W over
 * 300 readings) is not its cap; without a standard error, 2% either way is.
 */
START_TEST(test_at_cap)
{
	ck_assert(res_at_cap(551, 551, 0.2, 300));
	ck_assert(res_at_cap(541, 551, 0.2, 300));
	ck_assert(!res_at_cap(535, 551, 0.2, 300));
	ck_assert(res_at_cap(556, 551, 0.2, 300));
	ck_assert(!res_at_cap(561, 551, 0.2, 300));
	ck_assert(res_at_cap(561, 551, 5, 300));	/* noisy: 2.3 × 5 W */
	ck_assert(res_at_cap(561, 551, NAN, 0));
	ck_assert(!res_at_cap(563, 551, NAN, 0));
	ck_assert(!res_at_cap(551, 0, 0.2, 300));
	ck_assert(!res_at_cap(NAN, 551, 0.2, 300));
}
END_TEST

/* Telemetry of run @run: devices 2 and 3 read @clk (@n readings) at @pw W under a @cap W cap, top 2100. */
static void
ingest_run_tel(struct store *st, const char *run, const double *clk, size_t n, double pw,
	       double cap)
{
	struct ingest_opts o = { .rank = -1, .run = run };
	struct rec_source src = { .format = "amd-smi-csv", .clock = CLK_EPOCH, .rank = -1,
				  .world_size = -1 };
	struct store_ingest *ig;
	struct ingest_summary sum;
	struct err err = { 0 };
	struct sink s;
	char hash[32];
	size_t i;
	int d;

	ck_assert_int_eq(store_ingest_begin(st, "amd-smi.csv", &o, &ig, &s, &err), 0);
	ck_assert_int_eq(s.source(&s, &src, &err), 0);
	for (d = 2; d <= 3; d++) {
		struct rec_gpu g = { .device = d, .rank = -1, .vendor = "AMD" };

		ck_assert_int_eq(s.gpu(&s, &g, &err), 0);
		put_tel(&s, d, T0, "gfx_0_max_clk", 2100);
		put_tel(&s, d, T0, METRIC_POWER_CAP, cap);
		for (i = 0; i < n; i++) {
			int64_t t = T0 + (int64_t)i * S / 2 + S / 10;

			put_tel(&s, d, t, METRIC_GFX_CLK, clk[i]);
			put_tel(&s, d, t, METRIC_POWER, pw);
			put_tel(&s, d, t, METRIC_GFX_ACT, 100);
		}
	}
	snprintf(hash, sizeof(hash), "tel-%s", run);
	ck_assert_int_eq(store_ingest_finish(ig, hash, 1, &sum, &err), 0);
}

/*
 * The top clock on the logs' scale: a GPU held at its top under its cap
 * reads its eight XCD clocks averaged, 2099.125 at most for the part's 2100;
 * its readings pile up there and their median falls under it by chance
 * (2096 here). A later run at a lower cap is re-timed to the top as the logs
 * read it, the highest reading: the part's figure would overstate the step.
 */
START_TEST(test_top_as_logs_read)
{
	static const double top[5] = { 2099.125, 2099.125, 2096, 2095, 2094 };
	static const double capped[5] = { 2090, 2091, 2089, 2090, 2090 };
	struct caps_gpu_model gm[2];
	struct node_row node = { .name = (char *)"default" };
	struct res_opts o;
	struct store *st;
	struct res_model n;
	struct err err = { 0 };

	ck_assert_int_eq(store_open(dbpath, STORE_RDWR, &st, &err), 0);
	cur_run = "a";
	ingest_trace(st, 2, 0, 0, "a2");
	ingest_trace(st, 3, 1, 0, "a3");
	ingest_run_tel(st, "a", top, 5, 650, 750);
	cur_run = "b";
	ingest_trace(st, 2, 0, 0, "b2");
	ingest_trace(st, 3, 1, 0, "b3");
	ingest_run_tel(st, "b", capped, 5, 640, 640);
	cur_run = NULL;
	/* as caps reads it: run b's traces, every run's telemetry */
	res_opts_default(&o);
	o.run = "b";
	o.latest = true;
	ck_assert_int_eq(store_find_node(st, "default", &node.id, &err), 0);
	ck_assert_int_eq(res_model_load(st, &node, &o, true, &n, &err), 0);
	ck_assert_uint_eq(n.nruns, 2);
	ck_assert_double_eq_tol(n.run_f[0], 2096, 1e-9);
	ck_assert(res_gpu_models(&n, gm));
	ck_assert_double_eq_tol(gm[0].f, 2090, 1e-9);
	ck_assert_double_eq_tol(gm[0].f_max, 2099.125, 1e-9);
	ck_assert_double_eq_tol(gm[1].f_max, 2099.125, 1e-9);
	res_model_release(&n);
	store_close(st);
}
END_TEST

/* At the top clock the telemetry reported, and only then (a top clock only seen is not the part's). */
START_TEST(test_at_top)
{
	struct res_model n;
	double fmax[2] = { 1980, 1980 };
	bool rep[2] = { true, false };

	memset(&n, 0, sizeof(n));
	n.tel.fmax = fmax;
	n.tel.fmax_rep = rep;
	ck_assert(res_at_top(&n, 0, 1980));
	ck_assert(res_at_top(&n, 0, 1979.2));
	ck_assert(!res_at_top(&n, 0, 1975.8));
	ck_assert(!res_at_top(&n, 0, NAN));
	ck_assert(!res_at_top(&n, 1, 1980));
	n.tel.fmax_rep = NULL;
	ck_assert(!res_at_top(&n, 0, 1980));
}
END_TEST

Suite *
results_suite(void)
{
	Suite *s = suite_create("results");
	TCase *tc = tcase_create("node");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_straggler_is_a_device);
	tcase_add_test(tc, test_one_gpu_has_no_straggler);
	tcase_add_test(tc, test_window_cuts_idle_readings);
	tcase_add_test(tc, test_too_few_readings_under_load);
	tcase_add_test(tc, test_whole_log_drops_idle_temperature);
	tcase_add_test(tc, test_straggler_rule);
	tcase_add_test(tc, test_collective_waits);
	tcase_add_test(tc, test_limits_follow_the_part);
	tcase_add_test(tc, test_run_scoped_load);
	tcase_add_test(tc, test_overlap_gpu);
	tcase_add_test(tc, test_at_cap);
	tcase_add_test(tc, test_at_top);
	tcase_add_test(tc, test_top_as_logs_read);
	suite_add_tcase(s, tc);
	return s;
}
