/* SPDX-License-Identifier: MIT */
/*
 * check_cluster.c: the inputs clusters keep: Prometheus text exposition and
 * HTTP API JSON (dcgm-exporter, AMD device-metrics-exporter), through a
 * recording sink that also records the host switches (sink->node).
 */
#include "litsi/parse.h"
#include "litsi/litsi.h"
#include "litsi/store.h"

#include <string.h>

#include "unit.h"

enum { CL_MAXREC = 256, CL_MAXGPU = 16 };

struct cl_reading {
	char node[32];
	int device;
	int64_t t_ns;
	char metric[48], unit[8];
	double value;
};

struct cl_rec {
	char format[32], node[32], note[96];
	int nr_nodes, nr_gpus;
	char gpu_node[CL_MAXGPU][32], product[CL_MAXGPU][48];
	int gpu_dev[CL_MAXGPU];
	int nr;
	struct cl_reading r[CL_MAXREC];
	/* nsys: counts, and what the first records held */
	int nr_kernels, nr_comm, nr_copies, nr_launches, nr_steps, nr_ann, clock;
	int64_t base, first_start, first_corr, step2_start;
	int dev_of_pid1;	/* device of the kernel with correlation (4243 << 32) | 101 */
	char first_name[128], ann[32], meta[32];
};

static struct cl_rec rec;

static int
c_source(struct sink *s, const struct rec_source *src, struct err *e)
{
	struct cl_rec *c = s->ctx;

	(void)e;
	snprintf(c->format, sizeof(c->format), "%s", src->format);
	return 0;
}

static int
c_node(struct sink *s, const char *name, struct err *e)
{
	struct cl_rec *c = s->ctx;

	(void)e;
	snprintf(c->node, sizeof(c->node), "%s", name);
	c->nr_nodes++;
	return 0;
}

static int
c_gpu(struct sink *s, const struct rec_gpu *g, struct err *e)
{
	struct cl_rec *c = s->ctx;

	(void)e;
	ck_assert_int_lt(c->nr_gpus, CL_MAXGPU);
	c->gpu_dev[c->nr_gpus] = g->device;
	snprintf(c->gpu_node[c->nr_gpus], sizeof(c->gpu_node[0]), "%s", c->node);
	snprintf(c->product[c->nr_gpus++], sizeof(c->product[0]), "%s",
		 g->product ? g->product : "");
	return 0;
}

static int
c_telemetry(struct sink *s, const struct rec_telemetry *t, struct err *e)
{
	struct cl_rec *c = s->ctx;
	struct cl_reading *r;

	(void)e;
	ck_assert_int_lt(c->nr, CL_MAXREC);
	r = &c->r[c->nr++];
	snprintf(r->node, sizeof(r->node), "%s", c->node);
	r->device = t->device;
	r->t_ns = t->t_ns;
	r->value = t->value;
	snprintf(r->metric, sizeof(r->metric), "%s", t->metric);
	snprintf(r->unit, sizeof(r->unit), "%s", t->unit);
	return 0;
}

static int
c_meta(struct sink *s, const char *key, const char *value, struct err *e)
{
	struct cl_rec *c = s->ctx;

	(void)e;
	if (!strcmp(key, "note"))
		snprintf(c->note, sizeof(c->note), "%s", value);
	return 0;
}

static int
c_kernel(struct sink *s, const struct rec_kernel *k, struct err *e)
{
	struct cl_rec *c = s->ctx;

	(void)e;
	if (!c->nr_kernels++) {
		c->first_start = k->start_ns;
		c->first_corr = k->correlation;
		snprintf(c->first_name, sizeof(c->first_name), "%.*s", (int)k->name_len, k->name);
	}
	c->nr_comm += k->kclass == KCLASS_COMM;
	c->nr_copies += k->kclass == KCLASS_MEMCPY;
	if (k->correlation == ((INT64_C(4243) << 32) | 101))
		c->dev_of_pid1 = k->device;
	return 0;
}

static int
c_launch(struct sink *s, const struct rec_launch *l, struct err *e)
{
	struct cl_rec *c = s->ctx;

	(void)e;
	(void)l;
	c->nr_launches++;
	return 0;
}

static int
c_step(struct sink *s, const struct rec_step *st, struct err *e)
{
	struct cl_rec *c = s->ctx;

	(void)e;
	if (st->step == 2)
		c->step2_start = st->start_ns;
	c->nr_steps++;
	return 0;
}

static int
c_annotation(struct sink *s, const struct rec_annotation *a, struct err *e)
{
	struct cl_rec *c = s->ctx;

	(void)e;
	snprintf(c->ann, sizeof(c->ann), "%s", a->name);
	c->nr_ann++;
	return 0;
}

static int
c_time_base(struct sink *s, int64_t base, struct err *e)
{
	struct cl_rec *c = s->ctx;

	(void)e;
	c->base = base;
	return 0;
}

static int
c_source_nsys(struct sink *s, const struct rec_source *src, struct err *e)
{
	struct cl_rec *c = s->ctx;

	c->clock = (int)src->clock;
	return c_source(s, src, e);
}

static int
c_meta_nsys(struct sink *s, const char *key, const char *value, struct err *e)
{
	struct cl_rec *c = s->ctx;

	(void)e;
	if (!strcmp(key, "nsys_export_schema_version"))
		snprintf(c->meta, sizeof(c->meta), "%s", value);
	return 0;
}

/* Parse the export at @path (relative to the repository root). */
static int
nsys_run(const char *path, struct err *err)
{
	struct sink s = { .ctx = &rec, .source = c_source_nsys, .gpu = c_gpu, .kernel = c_kernel,
			  .launch = c_launch, .step = c_step, .annotation = c_annotation,
			  .meta = c_meta_nsys, .time_base = c_time_base, .node = c_node };
	struct parse_opts o = { .rank = -1, .time_ns = TIME_NONE, .device = -1,
 };
	const struct parser *p = parse_find("nsys-sqlite");
	struct input *in = NULL;
	const char *head;
	size_t got;
	int rc;

	memset(&rec, 0, sizeof(rec));
	memset(err, 0, sizeof(*err));
	ck_assert_int_eq(input_open(path, &in, err), 0);
	head = input_peek(in, 4096, &got, err);
	ck_assert_ptr_eq(parse_detect(head, got, path), p);
	rc = p->parse(in, &o, &s, err);
	input_close(in);
	return rc;
}

static int64_t cl_interval_ns;	/* --interval for cl_run; 0 = the default */

/* Detect and parse @text named @name; the status, @err filled. */
static int
cl_run(const char *name, const char *text, int64_t time_ns, struct err *err)
{
	struct sink s = { .ctx = &rec, .source = c_source, .gpu = c_gpu,
			  .telemetry = c_telemetry, .meta = c_meta, .node = c_node };
	struct parse_opts o = { .rank = -1, .time_ns = time_ns, .device = -1,
				.interval_ns = cl_interval_ns };
	const struct parser *p = parse_detect(text, strlen(text), name);
	struct input *in = NULL;
	int rc;

	memset(&rec, 0, sizeof(rec));
	memset(err, 0, sizeof(*err));
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(input_open_mem(text, strlen(text), name, &in, err), 0);
	rc = p->parse(in, &o, &s, err);
	input_close(in);
	return rc;
}

static const struct cl_reading *
cl_find(const char *node, int dev, int64_t t, const char *metric)
{
	int i;

	for (i = 0; i < rec.nr; i++)
		if (!strcmp(rec.r[i].node, node) && rec.r[i].device == dev &&
		    rec.r[i].t_ns == t && !strcmp(rec.r[i].metric, metric))
			return &rec.r[i];
	return NULL;
}

static double
cl_value(const char *node, int dev, int64_t t, const char *metric)
{
	const struct cl_reading *r = cl_find(node, dev, t, metric);

	ck_assert_msg(r != NULL, "no %s of %s GPU %d at %lld", metric, node, dev, (long long)t);
	return r->value;
}

/* ---- Prometheus text ---- */

static const char dcgm_text[] =
	"# HELP DCGM_FI_DEV_SM_CLOCK SM clock frequency (in MHz).\n"
	"# TYPE DCGM_FI_DEV_SM_CLOCK gauge\n"
	"DCGM_FI_DEV_SM_CLOCK{gpu=\"0\", UUID=\"GPU-a\",modelName=\"NVIDIA H100 80GB HBM3\","
	"Hostname=\"n1\"} 1980\n"
	"DCGM_FI_DEV_SM_CLOCK{gpu=\"1\",UUID=\"GPU-b\",Hostname=\"n1\"} 1755\n"
	"# HELP DCGM_FI_DEV_MEMORY_TEMP Memory temperature (in C).\n"
	"DCGM_FI_DEV_MEMORY_TEMP{gpu=\"0\",Hostname=\"n1\"} 9223372036854775794\n"
	"DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu=\"0\",Hostname=\"n1\"} 81452113211\n"
	"DCGM_FI_DEV_CLOCK_THROTTLE_REASONS{gpu=\"1\",Hostname=\"n1\"} 32\n"
	"DCGM_FI_DEV_POWER_USAGE{gpu=\"1\",Hostname=\"n1\"} NaN\n"
	"DCGM_FI_DEV_FB_USED{gpu=\"0\",Hostname=\"n1\"} 1024\n";

START_TEST(test_prom_text_dcgm)
{
	const int64_t t = 1764547200LL * 1000000000;
	struct err err;

	ck_assert_int_eq(cl_run("m.prom", dcgm_text, t, &err), 0);
	ck_assert_str_eq(rec.format, "prometheus-text");
	ck_assert_int_eq(rec.nr_nodes, 1);
	ck_assert_int_eq(rec.nr_gpus, 2);
	ck_assert_str_eq(rec.product[0], "NVIDIA H100 80GB HBM3");
	ck_assert_double_eq(cl_value("n1", 0, t, METRIC_GFX_CLK), 1980);
	ck_assert_double_eq(cl_value("n1", 1, t, METRIC_GFX_CLK), 1755);
	ck_assert_double_eq_tol(cl_value("n1", 0, t, METRIC_ENERGY), 81452113.211, 1e-6);
	ck_assert_double_eq(cl_value("n1", 1, t, METRIC_THROTTLE), 100);
	/* the reasons mask also gives the thermal and power classes apart */
	ck_assert(cl_find("n1", 1, t, METRIC_THR_THERMAL) != NULL);
	ck_assert(cl_find("n1", 1, t, METRIC_THR_POWER) != NULL);
	/* The blank sentinel and NaN are no readings; FB_USED is not in the table. */
	ck_assert_ptr_null(cl_find("n1", 0, t, METRIC_TEMP_MEM));
	ck_assert_ptr_null(cl_find("n1", 1, t, METRIC_POWER));
	ck_assert_int_eq(rec.nr, 7);
	ck_assert_str_eq(rec.note, "1 samples of metrics litsi does not know skipped");
	/* No timestamps and no --time. */
	ck_assert_int_eq(cl_run("m.prom", dcgm_text, TIME_NONE, &err), LITSI_EDATA);
	ck_assert_str_eq(err.msg, "m.prom:3: sample without a timestamp: pass --time to date the "
				  "scrape");
}
END_TEST

START_TEST(test_prom_text_amd)
{
	static const char text[] =
		"# TYPE amd_gpu_clock untyped\n"
		"amd_gpu_clock{clock_index=\"2\",clock_type=\"system\",gpu_id=\"0\","
		"hostname=\"a\"} 2100 1764547200000\n"
		"amd_gpu_clock{clock_index=\"3\",clock_type=\"system\",gpu_id=\"0\","
		"hostname=\"a\"} 2080 1764547200000\n"
		"amd_gpu_clock{clock_index=\"3\",clock_type=\"GPU_CLOCK_TYPE_SYSTEM\",gpu_id=\"0\","
		"hostname=\"b\"} 1900 1764547200000\n"
		"amd_gpu_clock{clock_index=\"8\",clock_type=\"memory\",gpu_id=\"0\","
		"hostname=\"a\"} 1300 1764547200000\n"
		"gpu_package_power{gpu_id=\"1\",hostname=\"b\",card_model=\"AMD Instinct MI300X\"}"
		" 693 1764547215000\n"
		"gpu_junction_temperature{gpu_id=\"1\",instance=\"10.0.0.9:5000\"} 71 1764547215000\n";
	const int64_t t = 1764547200LL * 1000000000, t2 = t + 15000000000LL;
	struct err err;

	ck_assert_int_eq(cl_run("f.prom", text, TIME_NONE, &err), 0);
	ck_assert_double_eq(cl_value("a", 0, t, METRIC_GFX_CLK), 2090);
	ck_assert_double_eq(cl_value("b", 0, t, METRIC_GFX_CLK), 1900);
	ck_assert_double_eq(cl_value("a", 0, t, METRIC_MEM_CLK), 1300);
	ck_assert_double_eq(cl_value("b", 1, t2, METRIC_POWER), 693);
	ck_assert_double_eq(cl_value("10.0.0.9", 1, t2, METRIC_TEMP_HOTSPOT), 71);
	ck_assert_int_eq(rec.nr, 5);
	ck_assert_str_eq(rec.gpu_node[2], "b");
	ck_assert_str_eq(rec.product[2], "AMD Instinct MI300X");
}
END_TEST

START_TEST(test_prom_text_errors)
{
	static const struct {
		const char *text, *msg;
	} cases[] = {
		{ "# HELP DCGM_FI_DEV_GPU_TEMP x\nDCGM_FI_DEV_GPU_TEMP{gpu=\"0} 1 2\n",
		  "e.prom:2: expected labels like {gpu=\"0\",Hostname=\"node1\"}" },
		{ "# HELP DCGM_FI_DEV_GPU_TEMP x\nDCGM_FI_DEV_GPU_TEMP{gpu=\"0\"} hot 2\n",
		  "e.prom:2: expected a sample value after the series" },
		{ "# HELP DCGM_FI_DEV_GPU_TEMP x\nDCGM_FI_DEV_GPU_TEMP{gpu=\"0\"} 1 2.5\n",
		  "e.prom:2: expected a timestamp in milliseconds after the value" },
		{ "# HELP DCGM_FI_DEV_GPU_TEMP x\nDCGM_FI_DEV_GPU_TEMP{UUID=\"GPU-a\"} 1 2\n",
		  "e.prom:2: DCGM_FI_DEV_GPU_TEMP: expected a GPU index in label 'gpu'" },
		{ "# HELP DCGM_FI_DEV_GPU_TEMP x\nDCGM_FI_DEV_GPU_TEMP{gpu=\"0\"} 1\n"
		  "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\"} 2\n",
		  "e.prom:3: a second scrape without timestamps: one --time cannot date several "
		  "scrapes (dump them with timestamps, or one file per scrape)" },
	};
	struct err err;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		ck_assert_int_eq(cl_run("e.prom", cases[i].text, 1, &err), LITSI_EDATA);
		ck_assert_str_eq(err.msg, cases[i].msg);
	}
}
END_TEST

/* ---- Prometheus HTTP API JSON ---- */

START_TEST(test_prom_json)
{
	static const char matrix[] =
		"{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":["
		"{\"metric\":{\"__name__\":\"DCGM_FI_DEV_POWER_USAGE\",\"Hostname\":\"n1\","
		"\"gpu\":\"0\"},\"values\":[[1764547200,\"600.5\"],[1764547215.25,\"601\"]]},"
		"{\"metric\":{\"__name__\":\"DCGM_FI_DEV_POWER_USAGE\",\"Hostname\":\"n2\","
		"\"gpu\":\"3\"},\"values\":[[1764547200,\"640\"]]}]}}\n";
	static const char vector[] =
		"{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":["
		"{\"metric\":{\"__name__\":\"amd_gpu_edge_temperature\",\"hostname\":\"x\","
		"\"gpu_id\":\"2\"},\"value\":[1764547230.123,\"52\"]}]}}";
	const int64_t t = 1764547200LL * 1000000000;
	struct err err;

	ck_assert_int_eq(cl_run("q.json", matrix, TIME_NONE, &err), 0);
	ck_assert_str_eq(rec.format, "prometheus-json");
	ck_assert_double_eq(cl_value("n1", 0, t, METRIC_POWER), 600.5);
	ck_assert_double_eq(cl_value("n1", 0, t + 15250000000LL, METRIC_POWER), 601);
	ck_assert_double_eq(cl_value("n2", 3, t, METRIC_POWER), 640);
	ck_assert_int_eq(rec.nr, 3);
	ck_assert_int_eq(cl_run("v.json", vector, TIME_NONE, &err), 0);
	ck_assert_double_eq(cl_value("x", 2, t + 30123000000LL, METRIC_TEMP_EDGE), 52);
	ck_assert_int_eq(cl_run("s.json", "{\"status\":\"success\",\"data\":{\"resultType\":"
				"\"scalar\",\"result\":[1,\"2\"]}}", TIME_NONE, &err), LITSI_EDATA);
	ck_assert_str_eq(err.msg, "s.json: byte 40: expected resultType matrix or vector");
	ck_assert_int_eq(cl_run("e.json", "{\"status\":\"error\",\"errorType\":\"bad_data\","
				"\"resultType\":null}", TIME_NONE, &err), LITSI_EDATA);
	ck_assert_str_eq(err.msg, "e.json: byte 9: expected \"status\": \"success\" (the query "
				  "failed)");
	ck_assert_int_eq(cl_run("p.json", "{\"status\":\"success\",\"data\":{\"resultType\":"
				"\"vector\",\"result\":[{\"metric\":{\"gpu\":\"0\",\"__name__\":"
				"\"DCGM_FI_DEV_GPU_TEMP\"},\"value\":[\"now\",\"1\"]}]}}",
				TIME_NONE, &err), LITSI_EDATA);
	ck_assert_str_eq(err.msg, "p.json: byte 130: expected [time, \"value\"] with the time in "
				  "epoch seconds");
}
END_TEST

/* ---- dcgmi dmon ---- */

START_TEST(test_dmon)
{
	static const char text[] =
		"#Entity         SMCLK        POWER             DVCCTR                      TOTEC"
		"                         \n"
		"ID                            W                                            mJ  "
		"                         \n"
		"GPU 0           1980         612.455           0                           814521"
		"13211                   \n"
		"GPU 1           1755         N/A               32                          N/A   "
		"                         \n"
		"GPU 0 LINK 0    N/A          N/A               N/A                         N/A   "
		"                         \n"
		"GPU 0           1965         620.000           4                           814521"
		"14211                   \n"
		"GPU 1           1740                           0                                 "
		"                         \n";
	const int64_t t = 1764547200LL * 1000000000;
	struct err err;

	cl_interval_ns = 500000000;
	ck_assert_int_eq(cl_run("d.txt", text, t, &err), 0);
	ck_assert_str_eq(rec.format, "dcgmi-dmon");
	ck_assert_double_eq(cl_value("", 0, t, METRIC_GFX_CLK), 1980);
	ck_assert_double_eq(cl_value("", 0, t, METRIC_POWER), 612.455);
	ck_assert_double_eq_tol(cl_value("", 0, t, METRIC_ENERGY), 81452113.211, 1e-6);
	ck_assert_double_eq(cl_value("", 1, t, METRIC_THROTTLE), 100);
	ck_assert_ptr_null(cl_find("", 1, t, METRIC_POWER));
	ck_assert_double_eq(cl_value("", 0, t + 500000000, METRIC_THROTTLE), 100);
	ck_assert_double_eq(cl_value("", 1, t + 500000000, METRIC_GFX_CLK), 1740);
	ck_assert_ptr_null(cl_find("", 1, t + 500000000, METRIC_POWER));
	cl_interval_ns = 0;
	ck_assert_int_eq(cl_run("d.txt", text, TIME_NONE, &err), LITSI_EDATA);
	ck_assert_str_eq(err.msg, "d.txt:3: dcgmi dmon prints no times: pass --time (the first "
				  "tick) and --interval (dmon -d) to date the rows");
	ck_assert_int_eq(cl_run("d.txt", "#Entity  SMCLK\nGPU x    1\nCPU 0  1\n", t, &err), 0);
	ck_assert_int_eq(rec.nr, 0);
}
END_TEST

/* dmon rows that do not fit the header's columns are refused, naming the line. */
START_TEST(test_dmon_misaligned)
{
	static const char head[] =
		"#Entity         SMCLK        POWER             TMPTR        \n"
		"ID                            W                 C            \n"
		"GPU 0           1980         612.455           61           \n";
	static const struct {
		const char *row, *msg;
	} bad[] = {
		/* shifted left by two: 612.455 would have been read as 612.4 and 55 */
		{ "GPU 1           1755       612.455           74           \n",
		  "d.txt:4: byte 28: two values in the column of field SMCLK (a row that does "
		  "not fit the header's columns)" },
		/* shifted right: a value crosses into the next column */
		{ "GPU 1                      1755         612.455           74\n",
		  "d.txt:4: byte 28: a value runs from the column of field SMCLK into that of "
		  "POWER (a row that does not fit the header's columns)" },
		/* garbage where a number belongs is not "no reading" */
		{ "GPU 1           1755         x12.4             74           \n",
		  "d.txt:4: field POWER: expected a number or N/A, not 'x12.4'" },
		{ "GPU 1           1755         612.455           inf          \n",
		  "d.txt:4: field TMPTR: expected a number or N/A, not 'inf'" },
	};
	const int64_t t = 1764547200LL * 1000000000;
	struct err err;
	size_t i;

	ck_assert_int_eq(cl_run("d.txt", head, t, &err), 0);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		char text[512];

		snprintf(text, sizeof(text), "%s%s", head, bad[i].row);
		ck_assert_int_eq(cl_run("d.txt", text, t, &err), LITSI_EDATA);
		ck_assert_str_eq(err.msg, bad[i].msg);
	}
}
END_TEST

/* ---- Nsight Systems SQLite exports ---- */

START_TEST(test_nsys_2025)
{
	struct err err;

	ck_assert_int_eq(nsys_run("tests/data/nsys/nsys-2025.sqlite", &err), 0);
	ck_assert_str_eq(rec.format, "nsys-sqlite");
	ck_assert_str_eq(rec.meta, "3.14.0");
	ck_assert_int_eq(rec.clock, CLK_EPOCH);
	ck_assert_int_eq(rec.base, 1764547200000000000LL);
	ck_assert_int_eq(rec.nr_gpus, 2);
	ck_assert_str_eq(rec.product[1], "NVIDIA H100 80GB HBM3");
	ck_assert_int_eq(rec.nr_kernels, 9);
	ck_assert_int_eq(rec.nr_comm, 4);
	ck_assert_int_eq(rec.nr_copies, 1);
	ck_assert_int_eq(rec.first_start, 1000000);
	ck_assert_int_eq(rec.first_corr, (INT64_C(4242) << 32) | 101);
	ck_assert_str_eq(rec.first_name, "void at::native::elementwise_kernel<128, 2>(int, "
			 "at::native::gpu_kernel_impl_nocast<at::native::CUDAFunctor_add<float>>)");
	/* Rank 1 (pid 4243) sees its GPU as CUDA device 0: TARGET_INFO_CUDA_DEVICE says GPU 1. */
	ck_assert_int_eq(rec.dev_of_pid1, 1);
	ck_assert_int_eq(rec.nr_launches, 8);
	ck_assert_int_eq(rec.nr_steps, 2);
	ck_assert_int_eq(rec.step2_start, 10800000);
	/* "forward" through textId; the mark (eventType 34) is no range. */
	ck_assert_int_eq(rec.nr_ann, 1);
	ck_assert_str_eq(rec.ann, "forward");
}
END_TEST

START_TEST(test_nsys_2021)
{
	struct err err;

	ck_assert_int_eq(nsys_run("tests/data/nsys/nsys-2021.sqlite", &err), 0);
	ck_assert_str_eq(rec.meta, "unknown");
	ck_assert_int_eq(rec.clock, CLK_BOOTTIME);
	ck_assert_int_eq(rec.nr_kernels, 1);
	ck_assert_int_eq(rec.nr_launches, 1);
	ck_assert_int_eq(rec.nr_ann, 1);
	ck_assert_str_eq(rec.ann, "train_step");
	ck_assert_str_eq(rec.product[0], "NVIDIA A100-SXM4-40GB");
	ck_assert_int_eq(nsys_run("tests/data/bad/nsys-unknown-schema.sqlite", &err), LITSI_EDATA);
	ck_assert_str_eq(err.msg, "tests/data/bad/nsys-unknown-schema.sqlite: table "
				  "CUPTI_ACTIVITY_KIND_KERNEL has neither demangledName nor "
				  "shortName (export schema version 9.0.0): not an Nsight Systems "
				  "export litsi knows");
}
END_TEST

Suite *
cluster_suite(void)
{
	Suite *s = suite_create("cluster");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_prom_text_dcgm);
	tcase_add_test(tc, test_prom_text_amd);
	tcase_add_test(tc, test_prom_text_errors);
	tcase_add_test(tc, test_prom_json);
	tcase_add_test(tc, test_dmon);
	tcase_add_test(tc, test_dmon_misaligned);
	tcase_add_test(tc, test_nsys_2025);
	tcase_add_test(tc, test_nsys_2021);
	suite_add_tcase(s, tc);
	return s;
}
