/* SPDX-License-Identifier: MIT */
/*
 * check_telemetry.c: the GPU telemetry parsers (amd-smi, rocm-smi,
 * nvidia-smi, Zeus) and their helpers, through a recording sink. Expected
 * counts of the corpus files were taken independently with python3/awk (see
 * the comment above each test).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "litsi/litsi.h"
#include "litsi/parse.h"
#include "parse/telem.h"
#include "unit.h"

enum { MAXREC = 4096, MAXGPU = 16 };

struct reading {
	int device;
	int64_t t_ns;
	char metric[64], unit[8];
	double value;
};

struct rec {
	char format[32];
	int nr_gpus;
	int gpu_dev[MAXGPU];
	char vendor[MAXGPU][16], product[MAXGPU][48];
	int nr;
	struct reading r[MAXREC];
	char meta1[96];		/* the value of metadata key "device 1" */
};

static int
r_source(struct sink *s, const struct rec_source *src, struct err *e)
{
	struct rec *c = s->ctx;

	(void)e;
	ck_assert_int_eq(src->clock, CLK_EPOCH);
	ck_assert_ptr_null(src->hostname);
	snprintf(c->format, sizeof(c->format), "%s", src->format);
	return 0;
}

static int
r_gpu(struct sink *s, const struct rec_gpu *g, struct err *e)
{
	struct rec *c = s->ctx;
	int i;

	(void)e;
	for (i = 0; i < c->nr_gpus; i++)
		if (c->gpu_dev[i] == g->device)
			break;
	ck_assert_int_lt(i, MAXGPU);
	if (i == c->nr_gpus)
		c->nr_gpus++;
	c->gpu_dev[i] = g->device;
	snprintf(c->vendor[i], sizeof(c->vendor[i]), "%s", g->vendor ? g->vendor : "");
	snprintf(c->product[i], sizeof(c->product[i]), "%s", g->product ? g->product : "");
	return 0;
}

static int
r_telemetry(struct sink *s, const struct rec_telemetry *t, struct err *e)
{
	struct rec *c = s->ctx;
	struct reading *r;

	(void)e;
	ck_assert_int_lt(c->nr, MAXREC);
	r = &c->r[c->nr++];
	r->device = t->device;
	r->t_ns = t->t_ns;
	r->value = t->value;
	snprintf(r->metric, sizeof(r->metric), "%s", t->metric);
	snprintf(r->unit, sizeof(r->unit), "%s", t->unit);
	return 0;
}

static int
r_meta(struct sink *s, const char *key, const char *value, struct err *e)
{
	struct rec *c = s->ctx;

	(void)e;
	if (!strcmp(key, "device 1"))
		snprintf(c->meta1, sizeof(c->meta1), "%s", value);
	return 0;
}

static struct sink
rec_sink(struct rec *c)
{
	struct sink s = { .ctx = c, .source = r_source, .gpu = r_gpu,
			  .telemetry = r_telemetry, .meta = r_meta };

	memset(c, 0, sizeof(*c));
	return s;
}

static struct parse_opts
opts(int64_t time_ns, const char *tz)
{
	struct parse_opts o = { .rank = -1, .time_ns = time_ns, .tz = tz, .device = -1 };

	return o;
}

/* Parse @text (named @name) with the detected parser; returns the status, err filled. */
static int
run_mem(const char *name, const char *text, const struct parse_opts *o, struct rec *c,
	struct err *err)
{
	struct input *in = NULL;
	struct sink s = rec_sink(c);
	const struct parser *p;
	const char *base = strrchr(name, '/');
	int rc;

	p = parse_detect(text, strlen(text), base ? base + 1 : name);
	ck_assert_msg(p != NULL, "no parser for %s", name);
	ck_assert_int_eq(input_open_mem(text, strlen(text), name, &in, err), 0);
	rc = p->parse(in, o, &s, err);
	input_close(in);
	return rc;
}

static int
run_file(const char *path, const struct parse_opts *o, struct rec *c, struct err *err)
{
	struct input *in = NULL;
	struct sink s = rec_sink(c);
	const struct parser *p;
	const char *head, *base = strrchr(path, '/');
	size_t got;
	int rc;

	ck_assert_int_eq(input_open(path, &in, err), 0);
	head = input_peek(in, 65536, &got, err);
	ck_assert_ptr_nonnull(head);
	p = parse_detect(head, got, base ? base + 1 : path);
	ck_assert_ptr_nonnull(p);
	rc = p->parse(in, o, &s, err);
	input_close(in);
	return rc;
}

static int
count_metric(const struct rec *c, const char *metric)
{
	int i, n = 0;

	for (i = 0; i < c->nr; i++)
		n += !strcmp(c->r[i].metric, metric);
	return n;
}

static const struct reading *
find(const struct rec *c, int device, int64_t t_ns, const char *metric)
{
	int i;

	for (i = 0; i < c->nr; i++)
		if (c->r[i].device == device && c->r[i].t_ns == t_ns &&
		    !strcmp(c->r[i].metric, metric))
			return &c->r[i];
	return NULL;
}

static double
value_of(const struct rec *c, int device, int64_t t_ns, const char *metric)
{
	const struct reading *r = find(c, device, t_ns, metric);

	ck_assert_msg(r != NULL, "no %s for GPU %d at %lld", metric, device, (long long)t_ns);
	return r->value;
}

static struct rec rec;	/* large: kept off the stack */

/* ---- helpers ---- */

START_TEST(test_number)
{
	static const struct {
		const char *cell;
		int ok;
		double v;
	} cases[] = {
		{ "238", 0, 238 }, { " 22.89 W", 0, 22.89 }, { "(1700Mhz)", 0, 1700 },
		{ "98 %", 0, 98 }, { "37 \xc2\xb0" "C", 0, 37 }, { "-1", 0, -1 },
		{ "2.07e+11", 0, 2.07e11 }, { "13456 MiB", 0, 13456 },
		{ "N/A", -1, 0 }, { "[N/A]", -1, 0 }, { "[Not Supported]", -1, 0 },
		{ "ENABLED", -1, 0 }, { "[0, 0, 0, 0]", -1, 0 }, { "0x740c", -1, 0 },
		{ "0xab", -1, 0 }, { "", -1, 0 }, { "N/A (Secondary die)", -1, 0 },
		{ "1,2", -1, 0 }, { "2025-09-08", -1, 0 }, { "1.2.3", -1, 0 }, { "nan", -1, 0 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		double v = 0;
		int rc = telem_number(cases[i].cell, &v);

		ck_assert_msg(rc == cases[i].ok, "cell '%s': rc %d", cases[i].cell, rc);
		if (!rc)
			ck_assert_double_eq_tol(v, cases[i].v, 1e-9);
	}
}
END_TEST

START_TEST(test_sanitise)
{
	char out[64];

	telem_sanitise("power.draw", 10, out, sizeof(out));
	ck_assert_str_eq(out, "power_draw");
	telem_sanitise("Temperature (Sensor HBM 0) (C)", 31, out, sizeof(out));
	ck_assert_str_eq(out, "temperature_sensor_hbm_0_c");
	telem_sanitise("  --  ", 6, out, sizeof(out));
	ck_assert_str_eq(out, "");
}
END_TEST

START_TEST(test_time)
{
	struct telem_tz tz;
	const char *before = getenv("TZ");
	char saved[64];
	int64_t t;

	snprintf(saved, sizeof(saved), "%s", before ? before : "");
	/* python3: datetime.fromisoformat('2025-09-08T17:26:50+08:00').timestamp() = 1757323610 */
	telem_tz_push(&tz, "UTC");
	ck_assert_int_eq(telem_parse_time(&tz, "2025-09-08T17:26:50+08:00", &t), 0);
	ck_assert_int_eq(t, 1757323610LL * 1000000000);
	ck_assert_int_eq(telem_parse_time(&tz, "2025-09-08T09:26:50.5Z", &t), 0);
	ck_assert_int_eq(t, 1757323610LL * 1000000000 + 500000000);
	/* calendar.timegm((2024, 10, 30, 18, 42, 33)) = 1730313753 */
	ck_assert_int_eq(telem_parse_time(&tz, "2024/10/30 18:42:33.189", &t), 0);
	ck_assert_int_eq(t, 1730313753189000000LL);
	ck_assert_int_eq(telem_parse_time(&tz, "2024/10/30 18:42", &t), -1);
	ck_assert_int_eq(telem_parse_time(&tz, "2024/13/30 18:42:33", &t), -1);
	ck_assert_int_eq(telem_parse_time(&tz, "2024/10/30 18:42:33 PM", &t), -1);
	telem_tz_pop(&tz);
	/* The same wall time in UTC+8 is 8 hours earlier. */
	telem_tz_push(&tz, "Asia/Shanghai");
	ck_assert_int_eq(telem_parse_time(&tz, "2024/10/30 18:42:33.189", &t), 0);
	ck_assert_int_eq(t, 1730313753189000000LL - 8LL * 3600 * 1000000000);
	telem_tz_pop(&tz);
	ck_assert_str_eq(getenv("TZ") ? getenv("TZ") : "", saved);
	ck_assert_int_eq(telem_epoch_seconds("1786553852", &t), 0);
	ck_assert_int_eq(t, 1786553852000000000LL);
	ck_assert_int_eq(telem_epoch_seconds("1700000000.125", &t), 0);
	ck_assert_int_eq(t, 1700000000125000000LL);
	ck_assert_int_eq(telem_epoch_seconds("x", &t), -1);
}
END_TEST

/* ---- amd-smi ---- */

#define AMD_HDR "timestamp,gpu,gfx_activity,umc_activity,vcn_activity,socket_power," \
	"throttle_status,gfx_0_clk,gfx_0_min_clk,gfx_1_clk,gfx_1_min_clk,mem_0_clk," \
	"edge,hotspot,mem\n"

static const char amd_watch[] =
	"'CTRL' + 'C' to stop watching output:\n"
	AMD_HDR
	"1786553852,0,10,5,\"['N/A', 'N/A']\",238,N/A,100,500,110,500,1300,N/A,37,23\n"
	"1786553852,1,11,6,\"[0, 0]\",242,N/A,200,500,N/A,500,1300,N/A,41,26\n"
	"\n"
	AMD_HDR
	"1786553853,0,12,7,\"[0, 0]\",250,N/A,N/A,500,N/A,500,N/A,N/A,38,24\n";

START_TEST(test_amd_csv_watch)
{
	struct parse_opts o = opts(TIME_NONE, NULL);
	struct err err = { 0 };
	const int64_t t0 = 1786553852000000000LL, t1 = t0 + 1000000000;

	ck_assert_int_eq(run_mem("watch.csv", amd_watch, &o, &rec, &err), 0);
	ck_assert_str_eq(rec.format, "amd-smi-csv");
	ck_assert_int_eq(rec.nr_gpus, 2);
	ck_assert_str_eq(rec.vendor[0], "AMD");
	/* Row 1: 2 act + power + 2 xcd + 2 min + mem clk + hotspot + mem + mean = 11;
	 * row 2: one XCD fewer = 10; row 3: 2 act + power + 2 min + 2 temps = 7. */
	ck_assert_int_eq(rec.nr, 28);
	ck_assert_double_eq(value_of(&rec, 0, t0, METRIC_GFX_CLK), 105);
	ck_assert_double_eq(value_of(&rec, 1, t0, METRIC_GFX_CLK), 200);
	ck_assert_ptr_null(find(&rec, 0, t1, METRIC_GFX_CLK));
	ck_assert_double_eq(value_of(&rec, 0, t0, "gfx_1_clk_mhz"), 110);
	ck_assert_double_eq(value_of(&rec, 0, t0, "gfx_0_min_clk"), 500);
	ck_assert_double_eq(value_of(&rec, 1, t0, METRIC_POWER), 242);
	ck_assert_double_eq(value_of(&rec, 0, t1, METRIC_TEMP_HOTSPOT), 38);
	ck_assert_double_eq(value_of(&rec, 0, t0, METRIC_TEMP_MEM), 23);
	ck_assert_double_eq(value_of(&rec, 0, t0, METRIC_MEM_ACT), 5);
	ck_assert_double_eq(value_of(&rec, 0, t0, METRIC_MEM_CLK), 1300);
	ck_assert_int_eq(count_metric(&rec, METRIC_TEMP_EDGE), 0);
	ck_assert_int_eq(count_metric(&rec, "vcn_activity"), 0);
}
END_TEST

START_TEST(test_amd_csv_monitor)
{
	static const char text[] =
		"timestamp,gpu,power_usage,hotspot_temperature,memory_temperature,gfx_clock,"
		"gfx,mem,pviol,tviol\n"
		"1727100000,0,352,61,48,2100,97,41,12.5,30\n"
		"1727100000,1,348,66,50,2085,96,40,N/A,N/A\n";
	struct parse_opts o = opts(TIME_NONE, NULL);
	struct err err = { 0 };
	const int64_t t = 1727100000000000000LL;

	ck_assert_int_eq(run_mem("mon.csv", text, &o, &rec, &err), 0);
	/* `mem` is memory activity in monitor output, not a temperature. */
	ck_assert_double_eq(value_of(&rec, 0, t, METRIC_MEM_ACT), 41);
	ck_assert_double_eq(value_of(&rec, 0, t, METRIC_TEMP_MEM), 48);
	ck_assert_double_eq(value_of(&rec, 0, t, METRIC_GFX_CLK), 2100);
	ck_assert_double_eq(value_of(&rec, 0, t, METRIC_THROTTLE), 30);
	ck_assert_double_eq(value_of(&rec, 0, t, "pviol"), 12.5);
	ck_assert_ptr_null(find(&rec, 1, t, METRIC_THROTTLE));
	/* pviol is the power class, tviol the thermal one */
	ck_assert_double_eq(value_of(&rec, 0, t, METRIC_THR_POWER), 12.5);
	ck_assert_double_eq(value_of(&rec, 0, t, METRIC_THR_THERMAL), 30);
	ck_assert_ptr_null(find(&rec, 1, t, METRIC_THR_THERMAL));
	/* GPU 0: 6 readings, pviol, tviol, throttle_pct and both classes; GPU 1: 6. */
	ck_assert_int_eq(rec.nr, 11 + 6);
}
END_TEST

START_TEST(test_amd_csv_oneshot)
{
	static const char text[] = "gpu,total_energy_consumption\n0,416143212.215\n1,417.5\n";
	struct parse_opts o = opts(TIME_NONE, NULL);
	struct err err = { 0 };

	ck_assert_int_eq(run_mem("e.csv", text, &o, &rec, &err), LITSI_EDATA);
	ck_assert_str_eq(err.msg, "e.csv:2: no 'timestamp' column (amd-smi one-shot output): "
				  "pass --time to date the readings");
	o.time_ns = 5000000000;
	ck_assert_int_eq(run_mem("e.csv", text, &o, &rec, &err), 0);
	ck_assert_int_eq(rec.nr, 2);
	ck_assert_double_eq_tol(value_of(&rec, 0, 5000000000, METRIC_ENERGY), 416143212.215,
				1e-3);
	ck_assert_str_eq(rec.r[0].unit, "J");
}
END_TEST

START_TEST(test_amd_csv_errors)
{
	static const struct {
		const char *text, *msg;
	} cases[] = {
		{ AMD_HDR "1786553852,x,1,1,0,1,N/A,1,1,1,1,1,1,1,1\n",
		  "bad.csv:2: expected a GPU index in column 'gpu'" },
		{ AMD_HDR "17865x,0,1,1,0,1,N/A,1,1,1,1,1,1,1,1\n",
		  "bad.csv:2: expected epoch seconds in column 'timestamp'" },
		{ AMD_HDR "1786553852,0,1\n",
		  "bad.csv:2: expected 15 fields as in the header, got 3" },
		{ "timestamp,gpu,socket_power\n1,0,\"[0,\n",
		  "bad.csv:2: unterminated quoted field" },
		{ "timestamp,gpu,x\nhello\n",
		  "bad.csv:2: expected 3 fields as in the header, got 1" },
	};
	struct parse_opts o = opts(TIME_NONE, NULL);
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct err err = { 0 };

		ck_assert_int_eq(run_mem("bad.csv", cases[i].text, &o, &rec, &err), LITSI_EDATA);
		ck_assert_str_eq(err.msg, cases[i].msg);
	}
}
END_TEST

START_TEST(test_amd_json)
{
	static const char text[] =
		"'CTRL' + 'C' to stop watching output:\n"
		"[{\"timestamp\": 100, \"gpu\": 0,\n"
		"  \"usage\": {\"gfx_activity\": {\"value\": 98, \"unit\": \"%\"},"
		" \"vcn_activity\": [\"N/A\"]},\n"
		"  \"power\": {\"socket_power\": {\"value\": 610, \"unit\": \"W\"},"
		" \"gfx_voltage\": {\"value\": 800, \"unit\": \"mV\"}},\n"
		"  \"clock\": {\"gfx_0\": {\"clk\": {\"value\": 2100, \"unit\": \"MHz\"}},"
		" \"gfx_1\": {\"clk\": {\"value\": 2000, \"unit\": \"MHz\"}}},\n"
		"  \"temperature\": {\"edge\": \"N/A\","
		" \"hotspot\": {\"value\": 71, \"unit\": \"C\"}}}]\n"
		"[{\"timestamp\": 101, \"gpu\": 0, \"power\": {\"socket_power\": {\"value\": 615,"
		" \"unit\": \"W\"}}}]\n";
	struct parse_opts o = opts(TIME_NONE, NULL);
	struct err err = { 0 };
	const int64_t t0 = 100000000000LL;

	ck_assert_int_eq(run_mem("m.json", text, &o, &rec, &err), 0);
	ck_assert_str_eq(rec.format, "amd-smi-json");
	/* gfx_activity, power, voltage, 2 XCDs, hotspot, mean; then one power. */
	ck_assert_int_eq(rec.nr, 8);
	ck_assert_double_eq(value_of(&rec, 0, t0, METRIC_GFX_CLK), 2050);
	ck_assert_double_eq(value_of(&rec, 0, t0 + 1000000000, METRIC_POWER), 615);
	ck_assert_str_eq(find(&rec, 0, t0, "gfx_voltage")->unit, "mV");
}
END_TEST

START_TEST(test_amd_json_errors)
{
	struct parse_opts o = opts(TIME_NONE, NULL);
	struct err err = { 0 };

	ck_assert_int_eq(run_mem("a.json", "{\"gpu_data\": [{\"gpu\": 0, \"power\":"
				 " {\"socket_power\": {\"value\": 1, \"unit\": \"W\"}}}]}\n",
				 &o, &rec, &err),
			 LITSI_EDATA);
	ck_assert_str_eq(err.msg, "a.json:1: no 'timestamp' key (amd-smi one-shot output): "
				  "pass --time to date the readings");
	ck_assert_int_eq(run_mem("b.json", "\n[{\"gpu\": 0, \"timestamp\": 1,\n \"x\": {\"unit\":",
				 &o, &rec, &err), LITSI_EDATA);
	ck_assert_str_eq(err.msg, "b.json:2: expected the end of the JSON value that starts on "
				  "this line (the file ends inside it)");
	ck_assert_int_eq(run_mem("c.json", "[{\"gpu\": \"one\", \"unit\": 1}]", &o, &rec, &err),
			 LITSI_EDATA);
	ck_assert_str_eq(err.msg, "c.json:1: expected a GPU index in key 'gpu' of each amd-smi "
				  "GPU object");
}
END_TEST

/* ---- rocm-smi ---- */

START_TEST(test_rocm_csv)
{
	static const char text[] =
		"WARNING: AMD GPU device(s) is/are in a low-power state\n"
		"\n"
		"device,Temperature (Sensor edge) (C),Temperature (Sensor junction) (C)\n"
		"card0,N/A,45.0\n"
		"card1,N/A,47.0\n"
		"\n"
		"device,Current Socket Graphics Package Power (W),sclk clock speed:,GPU use (%)\n"
		"card0,159.0,(1700Mhz),97\n"
		"card1,N/A (Secondary die),(1650Mhz),96\n"
		"\n"
		"name,value\n"
		"Driver version,6.8.5\n";
	struct parse_opts o = opts(TIME_NONE, NULL);
	struct err err = { 0 };
	const int64_t t = 1700000000000000000LL;

	ck_assert_int_eq(run_mem("r.csv", text, &o, &rec, &err), LITSI_EDATA);
	ck_assert_str_eq(err.msg, "r.csv:4: rocm-smi writes no timestamp: pass --time to date "
				  "the readings (or add a leading 'timestamp' column)");
	o.time_ns = t;
	ck_assert_int_eq(run_mem("r.csv", text, &o, &rec, &err), 0);
	ck_assert_str_eq(rec.format, "rocm-smi-csv");
	ck_assert_int_eq(rec.nr_gpus, 2);
	ck_assert_int_eq(rec.nr, 7);
	ck_assert_double_eq(value_of(&rec, 1, t, METRIC_TEMP_HOTSPOT), 47);
	ck_assert_double_eq(value_of(&rec, 0, t, METRIC_GFX_CLK), 1700);
	ck_assert_double_eq(value_of(&rec, 0, t, METRIC_GFX_ACT), 97);
	ck_assert_ptr_null(find(&rec, 1, t, METRIC_POWER));
}
END_TEST

START_TEST(test_rocm_json)
{
	static const char text[] =
		"{\"card0\": {\"GPU ID\": \"0x740c\", \"Temperature (Sensor HBM 3) (C)\": \"43.0\","
		" \"Average Graphics Package Power (W)\": \"300.0\","
		" \"Max Graphics Package Power (W)\": \"560.0\","
		" \"Accumulated Energy (uJ)\": \"2500000.0\"},"
		" \"system\": {\"Driver version\": \"6.8\"}, \"timestamp\": \"1700000000\"}\n";
	struct parse_opts o = opts(TIME_NONE, NULL);
	struct err err = { 0 };
	const int64_t t = 1700000000000000000LL;

	ck_assert_int_eq(run_mem("r.json", text, &o, &rec, &err), 0);
	ck_assert_str_eq(rec.format, "rocm-smi-json");
	ck_assert_int_eq(rec.nr, 4);
	ck_assert_double_eq(value_of(&rec, 0, t, "temperature_sensor_hbm_3_c"), 43);
	ck_assert_double_eq(value_of(&rec, 0, t, METRIC_POWER_CAP), 560);
	ck_assert_double_eq_tol(value_of(&rec, 0, t, METRIC_ENERGY), 2.5, 1e-9);
}
END_TEST

/* ---- nvidia-smi and Zeus ---- */

START_TEST(test_nvsmi)
{
	static const char text[] =
		"timestamp, index, name, power.draw [W], temperature.gpu, clocks.current.sm [MHz],"
		" clocks_throttle_reasons.active\n"
		"2024/10/30 18:42:33.189, 0, NVIDIA H100, 22.89 W, 40, 1980 MHz,"
		" 0x0000000000000020\n"
		"2024/10/30 18:42:33.193, 1, NVIDIA H100, [N/A], [Not Supported], 1965 MHz,"
		" 0x0000000000000001\n";
	struct parse_opts o = opts(TIME_NONE, "UTC");
	struct err err = { 0 };
	const int64_t t = 1730313753189000000LL;

	ck_assert_int_eq(run_mem("n.csv", text, &o, &rec, &err), 0);
	ck_assert_str_eq(rec.format, "nvidia-smi-csv");
	ck_assert_str_eq(rec.vendor[1], "NVIDIA");
	ck_assert_str_eq(rec.product[0], "NVIDIA H100");
	ck_assert_double_eq(value_of(&rec, 0, t, METRIC_POWER), 22.89);
	ck_assert_str_eq(find(&rec, 0, t, METRIC_POWER)->unit, "W");
	ck_assert_double_eq(value_of(&rec, 0, t, METRIC_TEMP_HOTSPOT), 40);
	ck_assert_double_eq(value_of(&rec, 0, t, METRIC_THROTTLE), 100);
	ck_assert_double_eq(value_of(&rec, 1, t + 4000000, METRIC_THROTTLE), 0);
	/* 0x20 is SW thermal slowdown: the thermal class, not the power one */
	ck_assert_double_eq(value_of(&rec, 0, t, METRIC_THR_THERMAL), 100);
	ck_assert_double_eq(value_of(&rec, 0, t, METRIC_THR_POWER), 0);
	ck_assert_double_eq(value_of(&rec, 1, t + 4000000, METRIC_THR_THERMAL), 0);
	ck_assert_ptr_null(find(&rec, 1, t + 4000000, METRIC_POWER));
	/* 0: power, temp, clock, reasons, throttle, 2 classes; 1: clock, reasons, throttle, 2 */
	ck_assert_int_eq(rec.nr, 12);
	ck_assert_int_eq(run_mem("n.csv", "timestamp, index, power.draw [W]\n"
				 "2024-10-30, 0, 1 W\n", &o, &rec, &err), LITSI_EDATA);
	ck_assert_str_eq(err.msg, "n.csv:2: expected a time like '2024/10/30 18:42:33.189' in "
				  "column 'timestamp'");
}
END_TEST

/* One column per reason (nvidia-smi --query-gpu=clocks_event_reasons.sw_power_cap,...). */
START_TEST(test_nvsmi_reason_columns)
{
	static const char text[] =
		"timestamp, index, power.draw [W], clocks_event_reasons.sw_power_cap, "
		"clocks_event_reasons.hw_thermal_slowdown, clocks_throttle_reasons.sw_thermal_slowdown\n"
		"2024/10/30 18:42:33.189, 0, 700 W, Active, Not Active, Not Active\n"
		"2024/10/30 18:42:33.189, 1, 650 W, Not Active, Not Active, Active\n"
		"2024/10/30 18:42:33.189, 2, 90 W, [N/A], [N/A], [N/A]\n";
	struct parse_opts o = opts(TIME_NONE, "UTC");
	struct err err = { 0 };
	const int64_t t = 1730313753189000000LL;

	ck_assert_int_eq(run_mem("n.csv", text, &o, &rec, &err), 0);
	ck_assert_double_eq(value_of(&rec, 0, t, METRIC_THR_POWER), 100);
	ck_assert_double_eq(value_of(&rec, 0, t, METRIC_THR_THERMAL), 0);
	ck_assert_double_eq(value_of(&rec, 1, t, METRIC_THR_POWER), 0);
	ck_assert_double_eq(value_of(&rec, 1, t, METRIC_THR_THERMAL), 100);
	ck_assert_ptr_null(find(&rec, 2, t, METRIC_THR_THERMAL));
	ck_assert_int_eq(rec.nr, 3 + 4);
}
END_TEST

/* Logs without an 'index' column: one GPU, keyed by pci.bus_id, ticks, ambiguous. */
START_TEST(test_nvsmi_noindex)
{
	struct parse_opts o = opts(TIME_NONE, "UTC");
	struct err err = { 0 };
	const int64_t t = 1730313753189000000LL;

	ck_assert_int_eq(run_mem("n.csv", "timestamp, power.draw [W]\n"
				 "2024/10/30 18:42:33.189, 100.5 W\n"
				 "2024/10/30 18:42:33.239, 101.5 W\n"
				 "2024/10/30 18:42:33.290, 102.5 W\n", &o, &rec, &err), 0);
	ck_assert_int_eq(rec.nr, 3);
	ck_assert_double_eq(value_of(&rec, 0, t + 101000000, METRIC_POWER), 102.5);
	o.device = 5;
	ck_assert_int_eq(run_mem("n.csv", "timestamp, power.draw [W]\n"
				 "2024-10-30T18:42:33.189Z, 100.5 W\n", &o, &rec, &err), 0);
	ck_assert_double_eq(value_of(&rec, 5, t, METRIC_POWER), 100.5);
	o.device = -1;
	ck_assert_int_eq(run_mem("n.csv", "timestamp, pci.bus_id, power.draw [W]\n"
				 "2024/10/30 18:42:33.189, 00000000:18:00.0, 1 W\n"
				 "2024/10/30 18:42:33.193, 00000000:2A:00.0, 2 W\n"
				 "2024/10/30 18:42:34.189, 00000000:18:00.0, 3 W\n"
				 "2024/10/30 18:42:34.193, 00000000:2A:00.0, 4 W\n", &o, &rec, &err),
			 0);
	ck_assert_double_eq(value_of(&rec, 1, t + 1004000000, METRIC_POWER), 4);
	ck_assert_str_eq(rec.meta1, "pci.bus_id 00000000:2A:00.0");
	/* Two GPUs stamped with one time per tick: the position is the device. */
	ck_assert_int_eq(run_mem("n.csv", "timestamp, power.draw [W]\n"
				 "2024/10/30 18:42:33.189, 1 W\n2024/10/30 18:42:33.189, 2 W\n"
				 "2024/10/30 18:42:34.189, 3 W\n2024/10/30 18:42:34.189, 4 W\n",
				 &o, &rec, &err), 0);
	ck_assert_double_eq(value_of(&rec, 1, t + 1000000000, METRIC_POWER), 4);
	/* Two GPUs a few ms apart: cannot be told apart. */
	ck_assert_int_eq(run_mem("n.csv", "timestamp, power.draw [W]\n"
				 "2024/10/30 18:42:33.189, 1 W\n2024/10/30 18:42:33.193, 2 W\n"
				 "2024/10/30 18:42:34.189, 3 W\n2024/10/30 18:42:34.193, 4 W\n",
				 &o, &rec, &err), LITSI_EDATA);
	ck_assert_str_eq(err.msg, "n.csv:4: no GPU column and readings unevenly apart: several "
				  "GPUs cannot be told apart (add 'index' or 'pci.bus_id' to "
				  "--query-gpu, or pass --device for one GPU)");
}
END_TEST

START_TEST(test_time_arg)
{
	int64_t t;

	ck_assert_int_eq(parse_time_arg("1700000000s", NULL, &t), 0);
	ck_assert_int_eq(t, 1700000000LL * 1000000000);
	ck_assert_int_eq(parse_time_arg("1700000000123ms", NULL, &t), 0);
	ck_assert_int_eq(t, 1700000000123LL * 1000000);
	ck_assert_int_eq(parse_time_arg("2023-11-14T22:13:20Z", NULL, &t), 0);
	ck_assert_int_eq(t, 1700000000LL * 1000000000);
	ck_assert_int_eq(parse_time_arg("2023-11-14T23:13:20.5+01:00", NULL, &t), 0);
	ck_assert_int_eq(t, 1700000000500000000LL);
	ck_assert_int_eq(parse_time_arg("2023-11-14T21:13:20-0100", NULL, &t), 0);
	ck_assert_int_eq(t, 1700000000LL * 1000000000);
	ck_assert_int_eq(parse_time_arg("2023-11-14T23:13:20+01", NULL, &t), 0);
	ck_assert_int_eq(t, 1700000000LL * 1000000000);
	ck_assert_int_eq(parse_time_arg("2023-11-14 23:13:20", "Europe/Paris", &t), 0);
	ck_assert_int_eq(t, 1700000000LL * 1000000000);
	ck_assert_int_eq(parse_time_arg("2023-11-14T23:13:20+1", NULL, &t), -1);
	ck_assert_int_eq(parse_time_arg("2023-11-14T23:13:20+24:00", NULL, &t), -1);
	ck_assert_int_eq(parse_time_arg("yesterday", NULL, &t), -1);
}
END_TEST

START_TEST(test_zeus)
{
	struct parse_opts o = opts(TIME_NONE, NULL);
	struct err err = { 0 };

	ck_assert_int_eq(run_mem("logs/power_2.csv", "unix_time_s,value\n1700000000.5,250.5\n"
				 "1700000001.5,-1\n1700000002.5,251\n", &o, &rec, &err), 0);
	ck_assert_str_eq(rec.format, "zeus-csv");
	ck_assert_int_eq(rec.nr, 2);
	ck_assert_int_eq(rec.gpu_dev[0], 2);
	ck_assert_double_eq(value_of(&rec, 2, 1700000000500000000LL, METRIC_POWER), 250.5);
	ck_assert_int_eq(run_mem("power.csv", "unix_time_s,value\n1,2\n", &o, &rec, &err),
			 LITSI_EDATA);
	ck_assert_str_eq(err.msg, "power.csv: cannot tell the metric and GPU from the file name "
				  "(expected {metric}_{gpu}.csv, e.g. power_3.csv)");
}
END_TEST

START_TEST(test_probe)
{
	static const struct {
		const char *head, *name, *want;
	} cases[] = {
		{ amd_watch, "x.csv", "amd-smi-csv" },
		{ "gpu,total_energy_consumption\n0,1\n", "x.csv", "amd-smi-csv" },
		{ "[{\"gpu\": 0, \"power\": {\"socket_power\": {\"value\": 1, \"unit\": \"W\"}}}]",
		  "x.json", "amd-smi-json" },
		{ "{\"card0\": {\"GPU use (%)\": \"0\"}}", "x.json", "rocm-smi-json" },
		{ "WARNING: x\n\ndevice,GPU use (%)\ncard0,1\n", "x.csv", "rocm-smi-csv" },
		{ "timestamp,gpu,index,memory.used,power.draw\n", "x.csv", "nvidia-smi-csv" },
		{ "timestamp, index, power.draw [W]\n", "x.csv", "nvidia-smi-csv" },
		{ "1700000000.5,250\n", "power_1.csv", "zeus-csv" },
		{ "unix_time_s,value\n", "p.csv", "zeus-csv" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct parser *p = parse_detect(cases[i].head, strlen(cases[i].head),
						      cases[i].name);

		ck_assert_msg(p && !strcmp(p->name, cases[i].want), "case %zu: got %s", i,
			      p ? p->name : "none");
	}
	ck_assert_ptr_null(parse_detect("1700000000.5,250\n", 17, "data.csv"));
}
END_TEST

/* ---- corpus ---- */

/*
 * awk -F, 'NR>1' gpu_metrics_energy_start.csv: 8 rows, GPUs 0-7, GPU 0 = 416143212.215 J;
 * python3 json.load(gpu_metrics_identity.json)['gpu_data']: 8 GPUs, all asic.market_name
 * 'AMD Instinct MI355X'.
 */
START_TEST(test_corpus_amdsmi)
{
	CORPUS_OR_SKIP(energy, "amdsmi_mi355x_inferencex/gpu_metrics_energy_start.csv");
	CORPUS_OR_SKIP(ident, "amdsmi_mi355x_inferencex/gpu_metrics_identity.json");
	struct parse_opts o = opts(1000000000, NULL);
	struct err err = { 0 };
	int i;

	ck_assert_int_eq(run_file(energy, &o, &rec, &err), 0);
	ck_assert_int_eq(rec.nr, 8);
	ck_assert_int_eq(rec.nr_gpus, 8);
	ck_assert_int_eq(count_metric(&rec, METRIC_ENERGY), 8);
	ck_assert_double_eq_tol(value_of(&rec, 0, 1000000000, METRIC_ENERGY), 416143212.215, 1e-3);
	ck_assert_double_eq_tol(value_of(&rec, 7, 1000000000, METRIC_ENERGY), 391085543.478, 1e-3);
	ck_assert_int_eq(run_file(ident, &o, &rec, &err), 0);
	ck_assert_str_eq(rec.format, "amd-smi-json");
	ck_assert_int_eq(rec.nr, 0);
	ck_assert_int_eq(rec.nr_gpus, 8);
	for (i = 0; i < 8; i++) {
		ck_assert_int_eq(rec.gpu_dev[i], i);
		ck_assert_str_eq(rec.product[i], "AMD Instinct MI355X");
		ck_assert_str_eq(rec.vendor[i], "AMD");
	}
}
END_TEST

/*
 * python3 csv (skipinitialspace): 43 rows, 'gpu' 0-7 ('index' always 0), 4 numeric columns →
 * 172 readings; first 2025-09-08T17:26:50+08:00 = 1757323610 s; GPU 3's temperature is 36
 * in all 5 of its rows; sum of GPU 0's power.draw = 444.2.
 */
START_TEST(test_corpus_nvsmi)
{
	CORPUS_OR_SKIP(path, "nvidia_smi_gpu_glasses/nvidia_smi.csv");
	struct parse_opts o = opts(TIME_NONE, NULL);
	struct err err = { 0 };
	double sum = 0;
	int i, n3 = 0;

	ck_assert_int_eq(run_file(path, &o, &rec, &err), 0);
	ck_assert_str_eq(rec.format, "nvidia-smi-csv");
	ck_assert_int_eq(rec.nr, 172);
	ck_assert_int_eq(rec.nr_gpus, 8);
	ck_assert_int_eq(rec.r[0].t_ns, 1757323610LL * 1000000000);
	for (i = 0; i < rec.nr; i++) {
		if (rec.r[i].device == 0 && !strcmp(rec.r[i].metric, METRIC_POWER))
			sum += rec.r[i].value;
		if (rec.r[i].device == 3 && !strcmp(rec.r[i].metric, METRIC_TEMP_HOTSPOT)) {
			ck_assert_double_eq(rec.r[i].value, 36);
			n3++;
		}
	}
	ck_assert_int_eq(n3, 5);
	ck_assert_double_eq_tol(sum, 444.2, 1e-9);
	ck_assert_int_eq(count_metric(&rec, "memory_total"), 43);
}
END_TEST

Suite *
telemetry_suite(void)
{
	Suite *s = suite_create("telemetry");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_number);
	tcase_add_test(tc, test_sanitise);
	tcase_add_test(tc, test_time);
	tcase_add_test(tc, test_amd_csv_watch);
	tcase_add_test(tc, test_amd_csv_monitor);
	tcase_add_test(tc, test_amd_csv_oneshot);
	tcase_add_test(tc, test_amd_csv_errors);
	tcase_add_test(tc, test_amd_json);
	tcase_add_test(tc, test_amd_json_errors);
	tcase_add_test(tc, test_rocm_csv);
	tcase_add_test(tc, test_rocm_json);
	tcase_add_test(tc, test_nvsmi);
	tcase_add_test(tc, test_nvsmi_reason_columns);
	tcase_add_test(tc, test_nvsmi_noindex);
	tcase_add_test(tc, test_time_arg);
	tcase_add_test(tc, test_zeus);
	tcase_add_test(tc, test_probe);
	tcase_add_test(tc, test_corpus_amdsmi);
	tcase_add_test(tc, test_corpus_nvsmi);
	suite_add_tcase(s, tc);
	return s;
}
