/* SPDX-License-Identifier: MIT */
/*
 * check_rocprof.c: the ROCm profiler parsers (legacy rocprof, rocprofv3 CSV
 * and JSON) and the shared CSV reader, through a counting sink. Expected
 * counts of the corpus files were taken independently with python3/awk (see
 * the comment above each test).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "litsi/kclass.h"
#include "litsi/litsi.h"
#include "litsi/parse.h"
#include "parse/csv.h"
#include "unit.h"

#define MAXDEV 16

struct counts {
	char format[32], host[64];
	int clock;
	long kernels, comm, memcpy, annotations, launches, aggregates, gpus, meta;
	long per_dev[MAXDEV];
	char product[MAXDEV][48];
	long hip_api, rccl_api, marker;
	int64_t first_start, last_end, corr_sum;
	char last_agg[160];
	int64_t agg_total;
};

static int
c_source(struct sink *s, const struct rec_source *r, struct err *e)
{
	struct counts *c = s->ctx;

	snprintf(c->format, sizeof(c->format), "%s", r->format);
	if (r->hostname)
		snprintf(c->host, sizeof(c->host), "%s", r->hostname);
	c->clock = (int)r->clock;
	return 0;
}

static int
c_gpu(struct sink *s, const struct rec_gpu *r, struct err *e)
{
	struct counts *c = s->ctx;

	ck_assert_int_ge(r->device, 0);
	ck_assert_int_lt(r->device, MAXDEV);
	c->gpus++;
	if (r->product)
		snprintf(c->product[r->device], sizeof(c->product[0]), "%s", r->product);
	return 0;
}

static int
c_kernel(struct sink *s, const struct rec_kernel *r, struct err *e)
{
	struct counts *c = s->ctx;

	ck_assert_int_ge(r->device, 0);
	ck_assert_int_lt(r->device, MAXDEV);
	ck_assert(r->end_ns >= r->start_ns);
	c->kernels++;
	c->per_dev[r->device]++;
	c->comm += r->kclass == KCLASS_COMM;
	c->memcpy += r->kclass == KCLASS_MEMCPY;
	if (!c->first_start || r->start_ns < c->first_start)
		c->first_start = r->start_ns;
	if (r->end_ns > c->last_end)
		c->last_end = r->end_ns;
	if (r->correlation > 0)
		c->corr_sum += r->correlation;
	return 0;
}

static int
c_launch(struct sink *s, const struct rec_launch *r, struct err *e)
{
	((struct counts *)s->ctx)->launches++;
	return 0;
}

static int
c_ann(struct sink *s, const struct rec_annotation *r, struct err *e)
{
	struct counts *c = s->ctx;

	c->annotations++;
	c->hip_api += !strcmp(r->kind, "hip_api");
	c->rccl_api += !strcmp(r->kind, "rccl_api");
	c->marker += !strcmp(r->kind, "marker");
	return 0;
}

static int
c_agg(struct sink *s, const struct rec_aggregate *r, struct err *e)
{
	struct counts *c = s->ctx;

	c->aggregates++;
	c->agg_total += r->total_ns;
	snprintf(c->last_agg, sizeof(c->last_agg), "%s|%s", r->kind, r->name);
	return 0;
}

static int
c_meta(struct sink *s, const char *k, const char *v, struct err *e)
{
	((struct counts *)s->ctx)->meta++;
	return 0;
}

static void
sink_for(struct sink *s, struct counts *c)
{
	memset(s, 0, sizeof(*s));
	memset(c, 0, sizeof(*c));
	c->clock = -1;
	s->ctx = c;
	s->source = c_source;
	s->gpu = c_gpu;
	s->kernel = c_kernel;
	s->launch = c_launch;
	s->annotation = c_ann;
	s->aggregate = c_agg;
	s->meta = c_meta;
}

/* Detect the format of @path, check it is @want, and parse it into @c. */
static int
run(const char *path, const char *want, struct counts *c, struct err *err)
{
	const struct parser *p;
	struct parse_opts o = { .rank = -1, .time_ns = TIME_NONE, .device = -1 };
	struct input *in;
	struct sink s;
	const char *head;
	size_t got;
	int rc;

	sink_for(&s, c);
	ck_assert_int_eq(input_open(path, &in, err), 0);
	head = input_peek(in, 65536, &got, err);
	ck_assert_ptr_nonnull(head);
	p = parse_detect(head, got, path);
	ck_assert_ptr_nonnull(p);
	ck_assert_str_eq(p->name, want);
	rc = p->parse(in, &o, &s, err);
	input_close(in);
	return rc;
}

#define DATA "tests/data/rocprof/"
#define DOCS "rocprofv3_docs_samples/projects/rocprofiler-sdk/source/docs/data/"

/* The rules of kernel_classify() one at a time, as they read: the reference. */
static bool
ref_has(const char *s, size_t n, const char *needle)
{
	size_t nl = strlen(needle), i;

	for (i = 0; i + nl <= n; i++)
		if (!strncasecmp(s + i, needle, nl))
			return true;
	return false;
}

static enum kernel_class
ref_classify(const char *name, size_t len, const char *cat)
{
	if (cat && !strcmp(cat, "gpu_memcpy"))
		return KCLASS_MEMCPY;
	if (ref_has(name, len, "nccl") || ref_has(name, len, "rccl"))
		return KCLASS_COMM;
	if (cat && !strcmp(cat, "gpu_memset"))
		return KCLASS_MEMSET;
	if (len >= 6 && (!strncmp(name, "Memcpy", 6) ||
			 !strncmp(name, "MEMORY_COPY", len < 11 ? len : 11)))
		return KCLASS_MEMCPY;
	if (len >= 6 && !strncmp(name, "Memset", 6))
		return KCLASS_MEMSET;
	if (ref_has(name, len, "__amd_rocclr_copyBuffer"))
		return KCLASS_MEMCPY;
	if (ref_has(name, len, "__amd_rocclr_fillBuffer"))
		return KCLASS_MEMSET;
	return KCLASS_COMPUTE;
}

/* Names built from the needles' own letters, cut and cased at random. */
START_TEST(test_kernel_classify_vs_rules)
{
	static const char *const parts[] = { "nccl", "RCCL", "nCcL", "ncc", "cl", "n", "r_",
		"__amd_rocclr_copyBuffer", "__AMD_ROCCLR_FILLBUFFER", "__amd_rocclr_",
		"copyBuffer", "_", "Memcpy", "Memset", "MEMORY_COPY", "gemm<float>", "\x7f" };
	static const char *const cats[] = { NULL, "kernel", "gpu_memcpy", "gpu_memset" };
	unsigned seed = 7;
	char name[256];
	int i, j;

	for (i = 0; i < 200000; i++) {
		size_t n = 0, k, cut;
		int np = i % 6;

		for (j = 0; j < np; j++) {
			const char *p;

			seed = seed * 1103515245u + 12345u;
			p = parts[(seed >> 16) % (sizeof(parts) / sizeof(parts[0]))];
			for (k = 0; p[k] && n < sizeof(name); k++)
				name[n++] = seed & (1u << (k % 16)) && p[k] >= 'a' && p[k] <= 'z' ?
					(char)(p[k] - 32) : p[k];
		}
		seed = seed * 1103515245u + 12345u;
		cut = n ? (seed >> 16) % (n + 1) : 0;	/* a name may end inside a needle */
		for (k = 0; k < 2; k++) {
			size_t len = k ? cut : n;
			const char *cat = cats[(i + k) % 4];

			if (kernel_classify(name, len, cat) != ref_classify(name, len, cat))
				ck_abort_msg("'%.*s' (%s): %d, the rules say %d", (int)len, name,
					     cat ? cat : "no category", kernel_classify(name, len, cat),
					     ref_classify(name, len, cat));
		}
	}
}
END_TEST

START_TEST(test_csv_reader)
{
	static const char text[] = "\xEF\xBB\xBF\"A\",\"b_c\",C\n"
				   "1,\"x, \"\"y\"\"\",\"multi\nline\"\n"
				   "\n"
				   "2,\"['N/A', 'N/A']\",[1, 2]\n"
				   "3,\"open\n";
	struct input *in;
	struct err err = { 0 };
	struct csv c;

	ck_assert_int_eq(input_open_mem(text, sizeof(text) - 1, "t.csv", &in, &err), 0);
	csv_init(&c, in, CSV_BRACKETS);
	ck_assert_int_eq(csv_header(&c, &err), 1);
	ck_assert_int_eq(csv_col(&c, "a"), 0);
	ck_assert_int_eq(csv_col(&c, "nope|B_C"), 1);
	ck_assert_int_eq(csv_col(&c, "d"), -1);
	ck_assert_int_eq(csv_next(&c, &err), 1);
	ck_assert_uint_eq(c.lineno, 2);
	ck_assert_str_eq(csv_get(&c, 1), "x, \"y\"");
	ck_assert_str_eq(csv_get(&c, 2), "multi\nline");
	ck_assert_str_eq(csv_get(&c, 7), "");
	ck_assert_int_eq(csv_next(&c, &err), 1);
	ck_assert(csv_blank(&c));
	ck_assert_int_eq(csv_next(&c, &err), 1);
	ck_assert_uint_eq(csv_nfields(&c), 3);
	ck_assert_str_eq(csv_get(&c, 1), "['N/A', 'N/A']");
	ck_assert_str_eq(csv_get(&c, 2), "[1, 2]");
	ck_assert_int_eq(csv_next(&c, &err), LITSI_EDATA);
	ck_assert_str_eq(err.msg, "t.csv:6: unterminated quoted field");
	csv_release(&c);
	input_close(in);
	ck_assert(csv_head_has("\"Kind\",\"Agent_Id\"\n", 18, "x|agent_id"));
	ck_assert(!csv_head_has("\"Kind\",\"Agent_Id\"\n", 18, "Agent"));
}
END_TEST

START_TEST(test_csv_int_error)
{
	static const char text[] = "Name,Calls\nfoo,12x\n";
	struct input *in;
	struct err err = { 0 };
	struct csv c;
	int64_t v;

	ck_assert_int_eq(input_open_mem(text, sizeof(text) - 1, "s.csv", &in, &err), 0);
	csv_init(&c, in, 0);
	ck_assert_int_eq(csv_header(&c, &err), 1);
	ck_assert_int_eq(csv_next(&c, &err), 1);
	ck_assert_int_eq(csv_i64(&c, csv_col(&c, "calls"), &v, &err), LITSI_EDATA);
	ck_assert_str_eq(err.msg, "s.csv:2: expected an integer in column Calls");
	csv_release(&c);
	input_close(in);
}
END_TEST

START_TEST(test_legacy_csv)
{
	struct counts c;
	struct err err = { 0 };

	ck_assert_int_eq(run(DATA "results.csv", "rocprof-csv", &c, &err), 0);
	ck_assert_str_eq(c.format, "rocprof-csv");
	ck_assert_int_eq(c.clock, CLK_BOOTTIME);
	ck_assert_int_eq(c.kernels, 3);
	ck_assert_int_eq(c.per_dev[0], 1);
	ck_assert_int_eq(c.per_dev[1], 2);
	ck_assert_int_eq(c.comm, 1);
	ck_assert_int_eq(c.memcpy, 1);
	ck_assert_int_eq(c.first_start, 1591372809872935);
	ck_assert_int_eq(c.last_end, 1591372837150000);
}
END_TEST

START_TEST(test_legacy_stats)
{
	struct counts c;
	struct err err = { 0 };

	ck_assert_int_eq(run(DATA "results.stats.csv", "rocprof-stats", &c, &err), 0);
	ck_assert_int_eq(c.aggregates, 2);
	ck_assert_int_eq(c.kernels, 0);
	ck_assert_int_eq(c.agg_total, 533600 + 1111);
	ck_assert_str_eq(c.last_agg, "kernel_stats|bodyForce(Body*, float, int) [clone .kd]");
	ck_assert_int_eq(run(DATA "results.hip_stats.csv", "rocprof-stats", &c, &err), 0);
	ck_assert_int_eq(c.aggregates, 2);
	ck_assert_str_eq(c.last_agg, "hip_stats|hipLaunchKernel");
	ck_assert_int_eq(run(DATA "results.copy_stats.csv", "rocprof-stats", &c, &err), 0);
	ck_assert_int_eq(c.agg_total, 786128 + 335000);
}
END_TEST

START_TEST(test_legacy_stats_quirk_name)
{
	struct counts c;
	struct err err = { 0 };
	struct input *in;
	struct sink s;
	static const char text[] = "\"Name\",\"Calls\",\"TotalDurationNs\",\"AverageNs\","
				   "\"Percentage\"\nvoid f<a, b>(int, int),1,5,5.0,100\n";

	sink_for(&s, &c);
	ck_assert_int_eq(input_open_mem(text, sizeof(text) - 1, "results.stats.csv", &in, &err),
			 0);
	ck_assert_int_eq(parse_find("rocprof-stats")->parse(in, NULL, &s, &err), 0);
	ck_assert_str_eq(c.last_agg, "kernel_stats|void f<a, b>(int, int)");
	input_close(in);
}
END_TEST

START_TEST(test_legacy_json)
{
	struct counts c;
	struct err err = { 0 };

	ck_assert_int_eq(run(DATA "results.json", "rocprof-json", &c, &err), 0);
	ck_assert_int_eq(c.kernels, 2);
	ck_assert_int_eq(c.per_dev[0], 1);
	ck_assert_int_eq(c.per_dev[1], 1);
	ck_assert_int_eq(c.comm, 1);
	/* args.BeginNs wins over ts; ts in µs otherwise */
	ck_assert_int_eq(c.first_start, 3497798460000123);
	ck_assert_int_eq(c.last_end, 3497798470001000);
	ck_assert_int_eq(c.annotations, 2);
	ck_assert_int_eq(c.hip_api, 1);
}
END_TEST

/* awk -F, 'NR>1' kernel_trace.csv | wc -l → 9 (all "Agent 4") */
START_TEST(test_v3_kernel_trace)
{
	CORPUS_OR_SKIP(p, DOCS "kernel_trace.csv");
	struct counts c;
	struct err err = { 0 };

	ck_assert_int_eq(run(p, "rocprofv3-csv", &c, &err), 0);
	ck_assert_str_eq(c.format, "rocprofv3-csv");
	ck_assert_int_eq(c.kernels, 9);
	ck_assert_int_eq(c.per_dev[0], 9);
	ck_assert_int_eq(c.meta, 1);	/* no agent_info: first-appearance note */
	ck_assert_int_eq(c.first_start, 1550151853029637);
	ck_assert_int_eq(c.last_end, 1550151853174037);
	/* awk -F, 'NR>1{s+=$9} END{print s}' → 1+4+3+2+5+6+13+12+11 = 57 */
	ck_assert_int_eq(c.corr_sum, 57);
}
END_TEST

START_TEST(test_v3_samples)
{
	static const struct {
		const char *file;
		long kernels, memcpy, ann, launches, agg;
	} t[] = {
		/* counts: python3 csv.reader rows minus header */
		{ "kernel_trace_truncated.csv", 4, 0, 0, 0, 0 },
		{ "memory_copy_trace.csv", 4, 4, 0, 0, 0 },
		{ "hip_trace.csv", 0, 0, 17, 2, 0 },	/* 2 hipMemcpyAsync */
		{ "rccl_trace.csv", 0, 0, 21, 0, 0 },
		{ "marker_api_trace.csv", 0, 0, 5, 0, 0 },
		{ "rocpd-to-csv.csv", 0, 0, 13, 4, 0 },	/* 3 hipMemcpy + hipLaunchKernel */
		{ "hip_api_stats.csv", 0, 0, 0, 0, 17 },
		{ "hip_domain_stats.csv", 0, 0, 0, 0, 1 },
		{ "memory_allocation_trace.csv", 0, 0, 4, 0, 0 },
		{ "scratch_memory_trace.csv", 0, 0, 2, 0, 0 },
		{ "counter_collection.csv", 0, 0, 0, 0, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		char rel[256];
		const char *p;
		struct counts c;
		struct err err = { 0 };

		snprintf(rel, sizeof(rel), DOCS "%s", t[i].file);
		p = corpus_path(rel);
		if (!p) {
			printf("SKIP: %s: corpus file absent\n", rel);
			return;
		}
		ck_assert_msg(run(p, "rocprofv3-csv", &c, &err) == 0, "%s: %s", t[i].file, err.msg);
		ck_assert_msg(c.kernels == t[i].kernels && c.memcpy == t[i].memcpy &&
				      c.annotations == t[i].ann && c.launches == t[i].launches &&
				      c.aggregates == t[i].agg,
			      "%s: k=%ld m=%ld a=%ld l=%ld g=%ld", t[i].file, c.kernels, c.memcpy,
			      c.annotations, c.launches, c.aggregates);
	}
}
END_TEST

START_TEST(test_v3_folder)
{
	struct counts c;
	struct err err = { 0 };
	const char *d = DATA "v3dir/node7/199/";
	char p[256];

	snprintf(p, sizeof(p), "%s199_kernel_trace.csv", d);
	ck_assert_int_eq(run(p, "rocprofv3-csv", &c, &err), 0);
	ck_assert_str_eq(c.host, "node7");
	ck_assert_int_eq(c.kernels, 3);
	/* agent_info: logical 2 → GPU 0, logical 3 → GPU 1 */
	ck_assert_int_eq(c.per_dev[0], 2);
	ck_assert_int_eq(c.per_dev[1], 1);
	ck_assert_int_eq(c.comm, 1);
	ck_assert_int_eq(c.meta, 0);
	ck_assert_str_eq(c.product[1], "AMD Instinct MI300X");
	snprintf(p, sizeof(p), "%s199_memory_copy_trace.csv", d);
	ck_assert_int_eq(run(p, "rocprofv3-csv", &c, &err), 0);
	ck_assert_int_eq(c.memcpy, 2);
	ck_assert_int_eq(c.per_dev[0], 1);
	ck_assert_int_eq(c.per_dev[1], 1);
	snprintf(p, sizeof(p), "%s199_agent_info.csv", d);
	ck_assert_int_eq(run(p, "rocprofv3-csv", &c, &err), 0);
	ck_assert_int_eq(c.gpus, 2);
	snprintf(p, sizeof(p), "%s199_hip_api_trace.csv", d);
	ck_assert_int_eq(run(p, "rocprofv3-csv", &c, &err), 0);
	ck_assert_int_eq(c.launches, 2);
	ck_assert_int_eq(c.hip_api, 3);
}
END_TEST

/*
 * python3: len(buffer_records.kernel_dispatch) = 43915, all on the agent with
 * logical_node_type_id 0; 1310 names (truncated_kernel_name first) contain
 * nccl/rccl; min start 63857982592000, max end 63873104615494.
 */
START_TEST(test_v3_json)
{
	CORPUS_OR_SKIP(p, "tracelens/tests/rocprof/908_results.json.gz");
	struct counts c;
	struct err err = { 0 };

	ck_assert_int_eq(run(p, "rocprofv3-json", &c, &err), 0);
	ck_assert_str_eq(c.format, "rocprofv3-json");
	ck_assert_str_eq(c.host, "smci350-zts-gtu-c6-25");
	ck_assert_int_eq(c.kernels, 43915);
	ck_assert_int_eq(c.per_dev[0], 43915);
	ck_assert_int_eq(c.comm, 1310);
	ck_assert_int_eq(c.first_start, 63857982592000);
	ck_assert_int_eq(c.last_end, 63873104615494);
	ck_assert_int_eq(c.gpus, 1);
	ck_assert_str_eq(c.product[0], "AMD Instinct MI350X");
}
END_TEST

static void
bad(const char *text, const char *fmt, const char *name, const char *want)
{
	struct counts c;
	struct err err = { 0 };
	struct input *in;
	struct sink s;

	sink_for(&s, &c);
	ck_assert_int_eq(input_open_mem(text, strlen(text), name, &in, &err), 0);
	ck_assert_msg(parse_find(fmt)->parse(in, NULL, &s, &err) == LITSI_EDATA, "%s: no error", text);
	ck_assert_str_eq(err.msg, want);
	input_close(in);
}

START_TEST(test_bad_inputs)
{
	bad("\"Kind\",\"Agent_Id\",\"Kernel_Name\",\"Start_Timestamp\",\"End_Timestamp\"\n"
	    "\"KERNEL_DISPATCH\",\"Agent 4\",\"k\",10,x\n",
	    "rocprofv3-csv", "k.csv", "k.csv:2: expected an integer in column End_Timestamp");
	bad("\"Kind\",\"Agent_Id\",\"Kernel_Name\",\"Start_Timestamp\",\"End_Timestamp\"\n"
	    "\"KERNEL_DISPATCH\",\"Node 4\",\"k\",10,20\n",
	    "rocprofv3-csv", "k.csv",
	    "k.csv:2: expected an agent label (\"Agent N\", \"GPU N\") in column Agent_Id");
	bad("\"Kind\",\"Agent_Id\",\"Kernel_Name\",\"Start_Timestamp\",\"End_Timestamp\"\n"
	    "\"KERNEL_DISPATCH\",\"GPU 0\",\"k\",30,20\n",
	    "rocprofv3-csv", "k.csv", "k.csv:2: expected End_Timestamp >= Start_Timestamp");
	bad("{\"rocprofiler-sdk-tool\":[{\"agents\":[{\"id\":{\"handle\":\"x\"}}]}]}",
	    "rocprofv3-json", "r.json", "r.json: byte 52: expected an integer for agents[].id.handle");
	bad("{\"traceEvents\":[{},{\"ph\":\"X\",\"name\":\"k\",\"pid\":6,\"tid\":0,\"ts\":\"1x\"}]}",
	    "rocprof-json", "r.json", "r.json: byte 19: expected ts/dur or args.BeginNs/EndNs times");
}
END_TEST

/*
 * rocpd budgets: a kernels view that never yields a row stops after max_ms,
 * one that yields rows forever after max_rows, and a set stop flag (SIGINT)
 * stops it too; each with a message naming the file. Needs sqlite3(1).
 */
static void
rocpd_budget(const char *view, int64_t rows, int64_t ms, int stop, int want, const char *msg)
{
	char dir[] = "/tmp/litsi-rocpd.XXXXXX", cmd[2048], path[64];
	volatile sig_atomic_t flag = stop;
	struct parse_opts o = { .rank = -1, .time_ns = TIME_NONE, .stop = &flag, .db_max_rows = rows,
				 .db_max_ms = ms };
	struct err err = { 0 };
	struct counts c;
	struct input *in;
	struct sink s;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/r.db", dir);
	snprintf(cmd, sizeof(cmd), "sqlite3 %s < " DATA "rocpd.sql && sqlite3 %s \"DROP VIEW "
		 "kernels; CREATE VIEW kernels AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL "
		 "SELECT x + 1 FROM c) SELECT 'k' AS name, 0 AS agent_type_index, x AS start, "
		 "x AS \\\"end\\\" FROM c %s\"", path, path, view);
	ck_assert_int_eq(system(cmd), 0);
	sink_for(&s, &c);
	ck_assert_int_eq(input_open(path, &in, &err), 0);
	ck_assert_int_eq(parse_find("rocpd")->parse(in, &o, &s, &err), want);
	ck_assert_str_eq(err.msg + strlen(dir) + 1, msg);
	input_close(in);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ck_assert_int_eq(system(cmd), 0);
}

START_TEST(test_rocpd_budget)
{
	if (system("sqlite3 -version >/dev/null 2>&1")) {
		printf("SKIP: sqlite3(1) not installed\n");
		return;
	}
	rocpd_budget("WHERE x < 0", 0, 300, 0, LITSI_EDATA,
		     "r.db: kernels: no row for more than 0.3 s (the time budget of an input database)");
	rocpd_budget("", 1000, 0, 0, LITSI_EDATA,
		     "r.db: kernels: more than 1000 rows (the row budget of an input database)");
	rocpd_budget("WHERE x < 0", 0, 0, 1, LITSI_EINTR, "r.db: interrupted");
}
END_TEST

Suite *
rocprof_suite(void)
{
	Suite *s = suite_create("rocprof");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_csv_reader);
	tcase_add_test(tc, test_kernel_classify_vs_rules);
	tcase_add_test(tc, test_csv_int_error);
	tcase_add_test(tc, test_legacy_csv);
	tcase_add_test(tc, test_legacy_stats);
	tcase_add_test(tc, test_legacy_stats_quirk_name);
	tcase_add_test(tc, test_legacy_json);
	tcase_add_test(tc, test_v3_kernel_trace);
	tcase_add_test(tc, test_v3_samples);
	tcase_add_test(tc, test_v3_folder);
	tcase_add_test(tc, test_v3_json);
	tcase_add_test(tc, test_bad_inputs);
	tcase_add_test(tc, test_rocpd_budget);
	suite_add_tcase(s, tc);
	return s;
}
