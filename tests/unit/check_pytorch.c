/* SPDX-License-Identifier: MIT */
/*
 * check_pytorch.c: the Kineto chrome-trace parser, through a recording sink
 * (what the parser pushes) and through the store (what ingest keeps).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "litsi/litsi.h"
#include "litsi/caps.h"
#include "litsi/overlap.h"
#include "litsi/parse.h"
#include "litsi/results.h"
#include "litsi/store.h"
#include "unit.h"

/* ---- a sink that records what it is given ---- */

struct rec {
	struct rec_source src;
	int nsrc;
	struct rec_gpu gpus[16];
	char products[16][64], vendors[16][16];
	int ngpu;
	long kernels, comm, launches, steps, anns, colls;
	int64_t first_kernel_start, base;
	int64_t steps_seen[64];
	/* the longest collective carried on a kernel */
	int64_t coll_dur, coll_in, coll_out;
	char coll_name[64], coll_pg[64], coll_desc[64], coll_ranks[64], coll_split[64];
	char meta_dist[256];
};

static int
r_source(struct sink *s, const struct rec_source *r, struct err *e)
{
	struct rec *x = s->ctx;

	(void)e;
	x->src = *r;
	x->nsrc++;
	return 0;
}

static int
r_gpu(struct sink *s, const struct rec_gpu *r, struct err *e)
{
	struct rec *x = s->ctx;

	(void)e;
	ck_assert_int_lt(x->ngpu, 16);
	x->gpus[x->ngpu] = *r;
	snprintf(x->products[x->ngpu], 64, "%s", r->product ? r->product : "-");
	snprintf(x->vendors[x->ngpu], 16, "%s", r->vendor ? r->vendor : "-");
	x->ngpu++;
	return 0;
}

static int
r_kernel(struct sink *s, const struct rec_kernel *r, struct err *e)
{
	struct rec *x = s->ctx;

	(void)e;
	if (!x->kernels)
		x->first_kernel_start = r->start_ns;
	x->kernels++;
	x->comm += r->kclass == KCLASS_COMM;
	return 0;
}

static int
r_launch(struct sink *s, const struct rec_launch *r, struct err *e)
{
	(void)r;
	(void)e;
	((struct rec *)s->ctx)->launches++;
	return 0;
}

static int
r_step(struct sink *s, const struct rec_step *r, struct err *e)
{
	struct rec *x = s->ctx;

	(void)e;
	if (x->steps < 64)
		x->steps_seen[x->steps] = r->step;
	x->steps++;
	return 0;
}

static int
r_ann(struct sink *s, const struct rec_annotation *r, struct err *e)
{
	(void)r;
	(void)e;
	((struct rec *)s->ctx)->anns++;
	return 0;
}

static int
r_coll(struct sink *s, const struct rec_collective *r, struct err *e)
{
	struct rec *x = s->ctx;

	(void)e;
	x->colls++;
	if (r->correlation >= 0 && r->end_ns - r->start_ns > x->coll_dur) {
		x->coll_dur = r->end_ns - r->start_ns;
		x->coll_in = r->in_nelems;
		x->coll_out = r->out_nelems;
		snprintf(x->coll_name, 64, "%s", r->coll_name ? r->coll_name : "-");
		snprintf(x->coll_pg, 64, "%s", r->pg_name ? r->pg_name : "-");
		snprintf(x->coll_desc, 64, "%s", r->pg_desc ? r->pg_desc : "-");
		snprintf(x->coll_ranks, 64, "%s", r->pg_ranks ? r->pg_ranks : "-");
		snprintf(x->coll_split, 64, "%s", r->in_split ? r->in_split : "-");
	}
	return 0;
}

static int
r_meta(struct sink *s, const char *k, const char *v, struct err *e)
{
	struct rec *x = s->ctx;

	(void)e;
	if (!strcmp(k, "distributedInfo"))
		snprintf(x->meta_dist, sizeof(x->meta_dist), "%s", v);
	return 0;
}

static int
r_base(struct sink *s, int64_t base, struct err *e)
{
	(void)e;
	((struct rec *)s->ctx)->base += base;
	return 0;
}

static void
rec_sink(struct rec *x, struct sink *s)
{
	memset(x, 0, sizeof(*x));
	memset(s, 0, sizeof(*s));
	s->ctx = x;
	s->source = r_source;
	s->gpu = r_gpu;
	s->kernel = r_kernel;
	s->launch = r_launch;
	s->step = r_step;
	s->annotation = r_ann;
	s->collective = r_coll;
	s->meta = r_meta;
	s->time_base = r_base;
}

static int
parse_input(struct input *in, int rank, struct rec *x, struct err *err)
{
	const struct parser *p = parse_find("pytorch");
	struct parse_opts o = { .rank = rank, .time_ns = TIME_NONE };
	struct sink s;

	ck_assert_ptr_nonnull(p);
	rec_sink(x, &s);
	return p->parse(in, &o, &s, err);
}

static int
parse_file(const char *path, struct rec *x, struct err *err)
{
	struct input *in;
	int rc;

	ck_assert_msg(input_open(path, &in, err) == 0, "%s", err->msg);
	rc = parse_input(in, -1, x, err);
	input_close(in);
	return rc;
}

static int
parse_text(const char *name, const char *doc, int rank, struct rec *x, struct err *err)
{
	struct input *in;
	int rc;

	ck_assert_int_eq(input_open_mem(doc, strlen(doc), name, &in, err), 0);
	rc = parse_input(in, rank, x, err);
	input_close(in);
	return rc;
}

/* ---- corpus counts, through the store as ingest writes them ---- */

/*
 * Expected numbers were obtained independently with python3 (json.load of the
 * gunzipped file): kernels = events with ph "X" and cat kernel/Kernel/
 * gpu_memcpy/gpu_memset; comm = those (not gpu_memcpy) whose name contains
 * nccl or rccl (case-insensitive); samples = for each GPU (args.device, else
 * pid) the number of distinct ProfilerStep#N user_annotation events of its
 * rank (args.rank), or 1 when there are none; rank = distributedInfo.rank.
 */
static const struct {
	const char *rel;
	long kernels, comm, samples, gpus;
	int rank;
} corpus_expect[] = {
	{ "hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_all_events.json.gz",
	  16287, 84, 12, 4, -1 },
	{ "hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_nccl_only.json.gz",
	  84, 84, 4, 4, -1 },
	{ "hta/tests/data/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz", 16, 0, 2, 1, -1 },
	{ "hta/tests/data/cpu_only/rank-34.Jul_15_10_52_41.1074.pt.trace.json.gz", 0, 0, 0, 0, 34 },
	{ "hta/tests/data/critical_path/simple_add/benchmark_result_493459_1694039959_trace.json.gz",
	  98, 0, 1, 1, 0 },
	{ "hta/tests/data/nccl_parser_config/nccl_data.json.gz", 3774, 21, 3, 1, 0 },
	{ "hta/tests/data/ns_resolution_trace/rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz",
	  6095, 0, 5, 1, 0 },
	{ "hta/tests/data/trace_filter/sampled_rank-0.json.gz", 1204, 10, 2, 1, 0 },
	{ "hta/tests/data/trace_filter/sampled_rank-1.json.gz", 1154, 10, 2, 1, 1 },
	{ "tracelens/tests/traces/b200/eager_trace.json.gz", 929, 1, 1, 1, 0 },
	{ "tracelens/tests/traces/h100/Falconsai_nsfw_image_detection__1016002.json.gz",
	  156, 0, 1, 1, -1 },
	{ "tracelens/tests/traces/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz", 1707, 0, 1, 1, -1 },
	{ "tracelens/tests/traces/h100/facebook_timesformer-base-finetuned-k400__1016002.json.gz",
	  534, 0, 1, 1, -1 },
	{ "tracelens/tests/traces/h100/gaunernst_bert-small-uncased__1016001.json.gz",
	  61, 0, 1, 1, -1 },
	{ "tracelens/tests/traces/mi210/gpu_only_trace/gpu_only_trace.json.gz", 562, 0, 1, 1, -1 },
};

/* ingest_one() - what cmd_ingest does for one file, into the store at @db. */
static void
ingest_one(const char *db, const char *path, struct ingest_summary *sum)
{
	struct ingest_opts io = { .rank = -1 };
	struct parse_opts po = { .rank = -1, .time_ns = TIME_NONE };
	const struct parser *p = parse_find("pytorch");
	struct store_ingest *ig;
	struct store *st;
	struct input *in;
	struct err err = { 0 };
	struct sink sink;
	const char *head;
	char hex[65];
	size_t got;

	ck_assert_msg(store_open(db, STORE_RDWR, &st, &err) == 0, "%s", err.msg);
	ck_assert_msg(input_open(path, &in, &err) == 0, "%s", err.msg);
	head = input_peek(in, 65536, &got, &err);
	ck_assert_ptr_nonnull(head);
	ck_assert_ptr_eq(parse_detect(head, got, path), p);
	ck_assert_int_eq(store_ingest_begin(st, path, &io, &ig, &sink, &err), 0);
	ck_assert_msg(p->parse(in, &po, &sink, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(input_drain_hash(in, hex, &err), 0);
	ck_assert_msg(store_ingest_finish(ig, hex, input_raw_offset(in), sum, &err) == 0, "%s",
		      err.msg);
	input_close(in);
	store_close(st);
}

START_TEST(test_corpus_counts)
{
	char dir[] = "/tmp/litsi-pt.XXXXXX", db[64];
	struct ingest_summary sum;
	CORPUS_OR_SKIP(path, corpus_expect[_i].rel);

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(db, sizeof(db), "%s/t.db", dir);
	ingest_one(db, path, &sum);
	ck_assert_str_eq(sum.format, "pytorch");
	ck_assert_int_eq(sum.kernels, corpus_expect[_i].kernels);
	ck_assert_int_eq(sum.comm, corpus_expect[_i].comm);
	ck_assert_int_eq(sum.samples, corpus_expect[_i].samples);
	ck_assert_int_eq(sum.gpus, corpus_expect[_i].gpus);
	ck_assert_int_eq(sum.rank, corpus_expect[_i].rank);
	unlink(db);
	rmdir(dir);
}
END_TEST

/*
 * ---- HTA's comm/comp overlap, through the store as `overlap --summary` reads it ----
 * The figures get_comm_comp_overlap() prints (HolisticTraceAnalysis at
 * f4d0062, TraceAnalysis(trace_files={0: file}).get_comm_comp_overlap()),
 * NaN where it prints NaN. The fused 4-rank file is one rank to HTA (75.82
 * over all GPUs together); the figures per GPU are what HTA prints for the
 * events of each rank (args.rank) written to a file of their own.
 */
static const struct {
	const char *rel;
	int device;
	double pct;
} hta_expect[] = {
	{ "hta/tests/data/nccl_parser_config/nccl_data.json.gz", 0, 14.31 },
	{ "hta/tests/data/trace_filter/sampled_rank-0.json.gz", 0, 11.81 },
	{ "hta/tests/data/trace_filter/sampled_rank-1.json.gz", 1, 20.05 },
	{ "tracelens/tests/traces/b200/eager_trace.json.gz", 0, 0.0 },
	{ "hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_all_events.json.gz", 2,
	  37.10 },
	{ "hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_all_events.json.gz", 3,
	  19.60 },
	{ "hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_all_events.json.gz", 4,
	  18.11 },
	{ "hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_all_events.json.gz", 5,
	  4.82 },
	{ "hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_nccl_only.json.gz", 2, 0.0 },
	{ "hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_nccl_only.json.gz", 5, 0.0 },
	{ "hta/tests/data/ns_resolution_trace/rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz", 0, NAN },
	{ "hta/tests/data/critical_path/simple_add/benchmark_result_493459_1694039959_trace.json.gz",
	  0, NAN },
	{ "hta/tests/data/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz", 2, NAN },
	{ "tracelens/tests/traces/mi210/gpu_only_trace/gpu_only_trace.json.gz", 1, NAN },
	{ "tracelens/tests/traces/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz", 0, NAN },
	{ "tracelens/tests/traces/h100/gaunernst_bert-small-uncased__1016001.json.gz", 0, NAN },
};

static const char *
hta_name(void *st, uint32_t name_id)
{
	return store_name(st, name_id);
}

/* hta_of() - HTA's figure for GPU @device of the trace @path, as overlap computes it. */
static double
hta_of(const char *path, int device)
{
	char dir[] = "/tmp/litsi-hta.XXXXXX", db[64];
	struct ingest_summary sum;
	struct err err = { 0 };
	struct node_row *nodes;
	struct gpu_row *gpus;
	struct hta_trace t;
	struct kspan *k;
	struct store *st;
	size_t nn, ng, nk, g;
	double pct = -1;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(db, sizeof(db), "%s/t.db", dir);
	ingest_one(db, path, &sum);
	ck_assert_int_eq(store_open(db, STORE_RDONLY, &st, &err), 0);
	ck_assert_int_eq(store_list_nodes(st, &nodes, &nn, &err), 0);
	ck_assert_uint_eq(nn, 1);
	ck_assert_int_eq(store_list_gpus(st, nodes[0].id, &gpus, &ng, &err), 0);
	for (g = 0; g < ng; g++) {
		if (gpus[g].device != device)
			continue;
		ck_assert_int_eq(store_load_kernels(st, gpus[g].id, 0, true, &k, &nk, &err), 0);
		ck_assert_int_eq(store_gpu_time_base(st, gpus[g].id, &t.base_ns, &err), 0);
		ck_assert_int_eq(store_profiler_steps(st, gpus[g].id, &t.profiler_steps,
						      &t.last_step_ns, &err), 0);
		pct = overlap_hta_pct(k, nk, hta_name, st, &t);
		free(k);
	}
	ck_assert_msg(pct != -1, "%s: no GPU %d", path, device);
	store_free_gpus(gpus, ng);
	store_free_nodes(nodes, nn);
	store_close(st);
	unlink(db);
	rmdir(dir);
	return pct;
}

START_TEST(test_corpus_hta)
{
	CORPUS_OR_SKIP(path, hta_expect[_i].rel);
	double pct = hta_of(path, hta_expect[_i].device), want = hta_expect[_i].pct;

	if (isnan(want))
		ck_assert_msg(isnan(pct), "%s: HTA prints NaN, got %.17g", path, pct);
	else
		ck_assert_msg(pct == want, "%s gpu %d: HTA prints %.2f, got %.17g", path,
			      hta_expect[_i].device, want, pct);
}
END_TEST

/*
 * tests/data/hta/rules.json exercises each of HTA's rules at once: sub-µs
 * times rounded (ts up, end down; two kernels end before they start), three
 * ProfilerSteps (kernels launched from the last one, unlinked ones and one
 * launched 0.1 µs before it, which rounds to its start, are left out), types
 * by name (hipMemcpy is comm, Memcpy and "Sync" are neither, rccl is compute).
 * HTA prints 33.33 for it; 37.50 if the cut ignored rounding, 32.88 if the
 * comm kernel that ends before it starts were dropped.
 */
START_TEST(test_hta_rules)
{
	ck_assert_double_eq(hta_of("tests/data/hta/rules.json", 0), 33.33);
}
END_TEST

START_TEST(test_nccl_data)
{
	struct rec x;
	struct err err = { 0 };
	CORPUS_OR_SKIP(path, "hta/tests/data/nccl_parser_config/nccl_data.json.gz");

	ck_assert_int_eq(parse_file(path, &x, &err), 0);
	/* EXPECTED.md: 21 ncclKernel kernels; the longest (5993.392 µs) is an allreduce */
	ck_assert_int_eq(x.comm, 21);
	ck_assert_int_eq(x.coll_dur, 5993392);
	ck_assert_str_eq(x.coll_name, "allreduce");
	ck_assert_int_eq(x.coll_in, 2049000);
	ck_assert_int_eq(x.coll_out, 2049000);
	ck_assert_str_eq(x.coll_split, "[]");
	ck_assert_str_eq(x.coll_pg, "0");
	ck_assert_str_eq(x.coll_desc, "default_pg");
	ck_assert_str_eq(x.coll_ranks, "[0, 1]");
	ck_assert_int_eq(x.src.rank, 0);
	ck_assert_int_eq(x.src.world_size, 2);
	ck_assert_str_eq(x.src.format, "pytorch");
	ck_assert_int_eq(x.ngpu, 1);
	ck_assert_str_eq(x.products[0], "NVIDIA A100-PG509-200");
	ck_assert_str_eq(x.vendors[0], "NVIDIA");
	/* baseTimeNanoseconds comes after traceEvents: sent as a late base */
	ck_assert_int_gt(x.base, 0);
}
END_TEST

START_TEST(test_sampled_step)
{
	struct rec x;
	struct err err = { 0 };
	long i;
	int found = 0;
	CORPUS_OR_SKIP(path, "hta/tests/data/trace_filter/sampled_rank-0.json.gz");

	ck_assert_int_eq(parse_file(path, &x, &err), 0);
	for (i = 0; i < x.steps && i < 64; i++)
		found |= x.steps_seen[i] == 551;
	ck_assert(found);
	ck_assert_int_eq(x.src.world_size, 128);
}
END_TEST

START_TEST(test_fused_ranks)
{
	struct rec x;
	struct err err = { 0 };
	int i;
	CORPUS_OR_SKIP(path,
		       "hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_all_events.json.gz");

	ck_assert_int_eq(parse_file(path, &x, &err), 0);
	ck_assert_int_eq(x.ngpu, 4);
	for (i = 0; i < 4; i++) {
		/* devices 2..5 hold ranks 0..3 (pid = rank*1e8 + pid, args.rank) */
		ck_assert_int_eq(x.gpus[i].device, i + 2);
		ck_assert_int_eq(x.gpus[i].rank, i);
		ck_assert_str_eq(x.vendors[i], "AMD");	/* from its HIP runtime calls */
	}
	ck_assert_int_eq(x.comm, 84);
	/* 84 on the kernels, 108 record_param_comms cpu_ops (python3 count) */
	ck_assert_int_eq(x.colls, 84 + 108);
}
END_TEST

START_TEST(test_vendor_amd)
{
	struct rec x;
	struct err err = { 0 };
	CORPUS_OR_SKIP(path, "hta/tests/data/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz");

	ck_assert_int_eq(parse_file(path, &x, &err), 0);
	ck_assert_int_eq(x.ngpu, 1);
	ck_assert_str_eq(x.products[0], "AMD Radeon Graphics");
	ck_assert_str_eq(x.vendors[0], "AMD");	/* warpSize 64, not the name */
}
END_TEST

/* ---- hand-written traces ---- */

#define KERNEL(ts, dur) "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7," \
			"\"ts\":" ts ",\"dur\":" dur ",\"args\":{\"correlation\":5}}"

START_TEST(test_time_base)
{
	struct rec x;
	struct err err = { 0 };

	/* base first: times are absolute at once */
	ck_assert_int_eq(parse_text("a.json", "{\"baseTimeNanoseconds\": 1700000000000000000,"
				    "\"traceEvents\":[" KERNEL("12.345", "1.5") "]}", -1, &x, &err), 0);
	ck_assert_int_eq(x.first_kernel_start, 1700000000000012345LL);
	ck_assert_int_eq(x.base, 0);
	/* base last: relative times and a late base */
	ck_assert_int_eq(parse_text("a.json", "{\"traceEvents\":[" KERNEL("12.345", "1.5") "],"
				    "\"baseTimeNanoseconds\": 1700000000000000000}", -1, &x, &err), 0);
	ck_assert_int_eq(x.first_kernel_start, 12345);
	ck_assert_int_eq(x.base, 1700000000000000000LL);
	/* absolute integer epoch µs, as strings too */
	ck_assert_int_eq(parse_text("a.json", "{\"traceEvents\":[" KERNEL("\"1694128201429795\"",
				    "\"2146\"") "]}", -1, &x, &err), 0);
	ck_assert_int_eq(x.first_kernel_start, 1694128201429795000LL);
}
END_TEST

START_TEST(test_events)
{
	struct rec x;
	struct err err = { 0 };
	static const char doc[] =
		"{\"distributedInfo\": {\"rank\": 2, \"world_size\": 4, \"pg_config\": "
		"[{\"pg_name\": \"0\", \"ranks\": \"[0, 1, 2, 3]\"}]}, \"traceEvents\": ["
		"{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep #12\",\"pid\":\"1\","
		"\"tid\":\"1\",\"ts\":1,\"dur\":100},"
		"{\"ph\":\"X\",\"cat\":\"gpu_user_annotation\",\"name\":\"ProfilerStep#12\",\"pid\":0,"
		"\"tid\":7,\"ts\":1,\"dur\":100},"
		"{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"## fwd \\u0023#\",\"pid\":1,"
		"\"tid\":1,\"ts\":2,\"dur\":10},"
		"{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":1,"
		"\"tid\":1,\"ts\":3,\"dur\":1,\"args\":{\"correlation\":5,\"External id\":9}},"
		"{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaStreamSynchronize\",\"pid\":1,"
		"\"tid\":1,\"ts\":3,\"dur\":1,\"args\":{}},"
		"{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"record_param_comms\",\"pid\":1,\"tid\":1,"
		"\"ts\":3,\"dur\":1,\"args\":{\"Collective name\":\"allreduce\",\"In msg nelems\":\"8\","
		"\"In split size\":[1,2],\"Group size\":4}},"
		"{\"ph\":\"M\",\"name\":\"process_labels\",\"pid\":0,\"args\":{\"labels\":\"GPU 0\"}},"
		"{\"ph\":\"s\",\"cat\":\"ac2g\",\"id\":5,\"pid\":1,\"tid\":1,\"ts\":3},"
		KERNEL("4", "2") ","
		"{\"ph\":\"X\",\"cat\":\"gpu_memcpy\",\"name\":\"Memcpy HtoD\",\"pid\":0,\"tid\":7,"
		"\"ts\":4,\"dur\":2,\"args\":{\"device\":1,\"bytes\":64}}"
		"]}";

	ck_assert_msg(parse_text("x/worker3_a.json", doc, -1, &x, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(x.kernels, 2);
	ck_assert_int_eq(x.launches, 1);
	ck_assert_int_eq(x.steps, 1);
	ck_assert_int_eq(x.steps_seen[0], 12);
	ck_assert_int_eq(x.anns, 2);
	ck_assert_int_eq(x.colls, 1);
	ck_assert_int_eq(x.src.rank, 2);	/* distributedInfo wins over the file name */
	ck_assert_int_eq(x.src.world_size, 4);
	ck_assert_int_eq(x.ngpu, 2);
	ck_assert_int_eq(x.gpus[0].rank, 2);
	ck_assert_str_eq(x.vendors[0], "NVIDIA");
	ck_assert_ptr_nonnull(strstr(x.meta_dist, "\"world_size\":4"));
	/* file-name fallbacks, and --rank over everything */
	ck_assert_int_eq(parse_text("d/worker3_a.json", "{\"traceEvents\":[]}", -1, &x, &err), 0);
	ck_assert_int_eq(x.src.rank, 3);
	ck_assert_int_eq(parse_text("b.tar:rank-7.json", "{\"traceEvents\":[]}", -1, &x, &err), 0);
	ck_assert_int_eq(x.src.rank, 7);
	ck_assert_int_eq(parse_text("rank5_x.json", "{\"traceEvents\":[]}", -1, &x, &err), 0);
	ck_assert_int_eq(x.src.rank, 5);
	ck_assert_int_eq(parse_text("rank5x.json", "{\"traceEvents\":[]}", -1, &x, &err), 0);
	ck_assert_int_eq(x.src.rank, -1);
	ck_assert_int_eq(parse_text("rank5_x.json", "{\"traceEvents\":[]}", 9, &x, &err), 0);
	ck_assert_int_eq(x.src.rank, 9);
	ck_assert_int_eq(x.nsrc, 1);
}
END_TEST

static void
expect_bad(const char *doc, const char *msg)
{
	struct rec x;
	struct err err = { 0 };

	ck_assert_int_eq(parse_text("t.json", doc, -1, &x, &err), LITSI_EDATA);
	ck_assert_str_eq(err.msg, msg);
}

START_TEST(test_bad)
{
	expect_bad("", "t.json: byte 0: expected a JSON value, but the input is empty");
	expect_bad("[]", "t.json: byte 1: expected a JSON object with \"traceEvents\", got an array");
	expect_bad("{\"traceEvents\": {}}",
		   "t.json: byte 16: expected an array for \"traceEvents\", got an object");
	expect_bad("{\"traceEvents\": [1]}",
		   "t.json: byte 17: expected an event object in \"traceEvents\", got a number");
	expect_bad("{\"traceEvents\": [" KERNEL("1", "-2") "]}",
		   "t.json: byte 82: expected a non-negative \"dur\", got -2");
	expect_bad("{\"traceEvents\": [{\"name\": 3}]}",
		   "t.json: byte 26: expected a string for \"name\", got a number");
	expect_bad("{\"traceEvents\": [{\"ph\":\"X\",\"cat\":\"kernel\",\"ts\":[1]}]}",
		   "t.json: byte 47: expected a string or number for \"ts\", got an array");
	expect_bad("{\"traceEvents\": [" KERNEL("\"abc\"", "1") "]}",
		   "t.json: byte 74: expected a number of microseconds for \"ts\", got 'abc'");
	expect_bad("{\"traceEvents\": [{\"args\": 1}]}",
		   "t.json: byte 26: expected an object for \"args\", got a number");
	expect_bad("{\"traceEvents\": [" KERNEL("1", "2"),
		   "t.json: byte 109: the file is truncated: it ends where ',' or ']' was expected");
	expect_bad("{\"schemaVersion\": 1}",
		   "t.json: byte 20: expected \"traceEvents\" in the top-level object");
	expect_bad("{\"traceEvents\": []} {}",
		   "t.json: byte 20: expected the end of the input after the JSON value");
}
END_TEST

START_TEST(test_probe)
{
	const struct parser *p = parse_find("pytorch");

	ck_assert_int_ge(p->probe(" \n{\"schemaVersion\":1, \"traceEvents\": [", 38, "x"), 90);
	ck_assert_int_le(p->probe("{\"a\": 1}", 8, "x"), 10);
	ck_assert_int_eq(p->probe("x,y\n1,2\n", 8, "x"), 0);
	ck_assert_int_eq(p->probe("[\"traceEvents\"]", 15, "x"), 0);
}
END_TEST

/*
 * The contention the caps model fits (time a kernel loses per ns beside a comm
 * kernel, within each matched key over the GPUs) on real multi-GPU traces:
 * the fused 4 x MI300X TraceLens trace and HTA's two sampled ranks, at equal
 * clocks (they carry no telemetry). Both lose time beside comm (their
 * overlap/duration correlations are positive on most keys): the fit is a
 * plausible fraction, 0.10 and 0.13 at the time of writing. Fitted on the
 * nanoseconds beside comm rather than the share it read 0.23 and 0.21: a
 * kernel wholly beside comm has o = d, so every other cause of a long
 * kernel (its data, its GPU) counted as contention there. Each traced
 * step's time outside its keys that no GPU computes in (caps_step_outside():
 * the exposed collectives and host time that open and close it) is a small
 * part of the keys' span there: 0.07, 0.19 and 2.3 ms of about 48 ms in the
 * fused trace's three steps, 0 and 3 us of 600 ms in HTA's two.
 */
START_TEST(test_corpus_contention)
{
	static const char *const fused[] = {
		"hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_all_events.json.gz", NULL
	};
	static const char *const sampled[] = { "hta/tests/data/trace_filter/sampled_rank-0.json.gz",
					       "hta/tests/data/trace_filter/sampled_rank-1.json.gz",
					       NULL };
	const char *const *sets[] = { fused, sampled };
	char dir[] = "/tmp/litsi-pt.XXXXXX", db[64];
	struct ingest_summary sum;
	struct node_row *nodes;
	struct res_opts o;
	struct res_model m;
	struct store *st;
	struct err err = { 0 };
	double f[8] = { 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000 }, c;
	size_t i, nn;

	for (i = 0; sets[_i][i]; i++)
		if (!corpus_path(sets[_i][i])) {
			printf("SKIP: %s: corpus file absent (set LITSI_CORPUS)\n", sets[_i][i]);
			return;
		}
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(db, sizeof(db), "%s/t.db", dir);
	for (i = 0; sets[_i][i]; i++)
		ingest_one(db, corpus_path(sets[_i][i]), &sum);
	ck_assert_int_eq(store_open(db, STORE_RDONLY, &st, &err), 0);
	ck_assert_int_eq(store_list_nodes(st, &nodes, &nn, &err), 0);
	ck_assert_uint_eq(nn, 1);
	res_opts_default(&o);
	ck_assert_msg(res_model_load(st, &nodes[0], &o, false, &m, &err) == 0, "%s", err.msg);
	ck_assert_uint_ge(m.nsamples, 2);
	ck_assert_uint_le(m.nd.G, ARRAY_SIZE(f));
	for (i = 0; i < m.nsamples; i++) {
		struct caps_pred pr;

		caps_pred_init(&pr, &m.cs[i], 1, NULL);
		ck_assert(!m.cs[i].whole);
		ck_assert_msg(m.cs[i].outside >= 0 && m.cs[i].outside < 0.06 * pr.span,
			      "sample %zu: %g ns outside its keys of %g", i, m.cs[i].outside, pr.span);
		caps_pred_release(&pr);
	}
	c = caps_fit_contention(m.cs, m.nsamples, f);
	ck_assert_msg(c > 0.05 && c < 0.4, "contention %g", c);
	res_model_release(&m);
	store_free_nodes(nodes, nn);
	store_close(st);
	unlink(db);
	rmdir(dir);
}
END_TEST

Suite *
pytorch_suite(void)
{
	Suite *s = suite_create("pytorch");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_time_base);
	tcase_add_test(tc, test_events);
	tcase_add_test(tc, test_bad);
	tcase_add_test(tc, test_probe);
	tcase_add_test(tc, test_hta_rules);
	suite_add_tcase(s, tc);
	tc = tcase_create("corpus");
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_corpus_counts, 0, (int)ARRAY_SIZE(corpus_expect));
	tcase_add_test(tc, test_nccl_data);
	tcase_add_test(tc, test_sampled_step);
	tcase_add_test(tc, test_fused_ranks);
	tcase_add_test(tc, test_vendor_amd);
	tcase_add_loop_test(tc, test_corpus_hta, 0, (int)ARRAY_SIZE(hta_expect));
	tcase_add_loop_test(tc, test_corpus_contention, 0, 2);
	suite_add_tcase(s, tc);
	return s;
}
