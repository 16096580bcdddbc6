/* SPDX-License-Identifier: MIT */
/*
 * prom.c: GPU telemetry kept by Prometheus: the text exposition format (a
 * dump of /metrics, one scrape or many concatenated) and the JSON of the
 * HTTP API's query and query_range (vector and matrix results), for the
 * metric names of NVIDIA dcgm-exporter and AMD device-metrics-exporter.
 * Host labels name nodes; series of other metrics are counted and skipped.
 */
#include "litsi/parse.h"
#include "litsi/litsi.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "jscan.h"
#include "telem.h"

enum pm_kind {
	PM_VALUE,		/* a reading in the table's unit, times scale */
	PM_REASONS,		/* an NVML clock event reasons bitmask */
	PM_CLOCK,		/* AMD gpu_clock: by label clock_type, XCDs averaged */
};

struct prom_metric {
	const char *name;	/* as exposed (AMD: after an optional prefix, e.g. amd_) */
	const char *metric;	/* litsi's name */
	const char *unit;
	double scale;
	enum pm_kind kind;
	bool amd;
};

/*
 * The metric table (litsi-formats(7) lists it). dcgm-exporter: names and units
 * of etc/default-counters.csv; AMD device-metrics-exporter: the field names of
 * docs/configuration/metricslist.md in lower case, as exported.
 */
static const struct prom_metric prom_metrics[] = {
	{ "DCGM_FI_DEV_GPU_TEMP", METRIC_TEMP_HOTSPOT, "C", 1, PM_VALUE, false },
	{ "DCGM_FI_DEV_MEMORY_TEMP", METRIC_TEMP_MEM, "C", 1, PM_VALUE, false },
	{ "DCGM_FI_DEV_POWER_USAGE", METRIC_POWER, "W", 1, PM_VALUE, false },
	{ "DCGM_FI_DEV_POWER_USAGE_INSTANT", "power_instant_w", "W", 1, PM_VALUE, false },
	{ "DCGM_FI_DEV_POWER_MGMT_LIMIT", METRIC_POWER_CAP, "W", 1, PM_VALUE, false },
	{ "DCGM_FI_DEV_SM_CLOCK", METRIC_GFX_CLK, "MHz", 1, PM_VALUE, false },
	{ "DCGM_FI_DEV_MEM_CLOCK", METRIC_MEM_CLK, "MHz", 1, PM_VALUE, false },
	{ "DCGM_FI_DEV_GPU_UTIL", METRIC_GFX_ACT, "%", 1, PM_VALUE, false },
	{ "DCGM_FI_DEV_MEM_COPY_UTIL", METRIC_MEM_ACT, "%", 1, PM_VALUE, false },
	{ "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", METRIC_ENERGY, "J", 1e-3, PM_VALUE, false },
	{ "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", NULL, NULL, 1, PM_REASONS, false },
	{ "DCGM_FI_DEV_CLOCKS_EVENT_REASONS", NULL, NULL, 1, PM_REASONS, false },
	{ "DCGM_FI_PROF_GR_ENGINE_ACTIVE", "gr_engine_active_pct", "%", 100, PM_VALUE, false },
	{ "gpu_junction_temperature", METRIC_TEMP_HOTSPOT, "C", 1, PM_VALUE, true },
	{ "gpu_edge_temperature", METRIC_TEMP_EDGE, "C", 1, PM_VALUE, true },
	{ "gpu_memory_temperature", METRIC_TEMP_MEM, "C", 1, PM_VALUE, true },
	{ "gpu_package_power", METRIC_POWER, "W", 1, PM_VALUE, true },
	{ "gpu_average_package_power", METRIC_POWER, "W", 1, PM_VALUE, true },
	{ "gpu_power_usage", "power_usage_w", "W", 1, PM_VALUE, true },
	{ "gpu_gfx_activity", METRIC_GFX_ACT, "%", 1, PM_VALUE, true },
	{ "gpu_umc_activity", METRIC_MEM_ACT, "%", 1, PM_VALUE, true },
	{ "gpu_clock", NULL, "MHz", 1, PM_CLOCK, true },
	{ "gpu_violation_ppt_residency_percentage", "ppt_viol_pct", "%", 1, PM_VALUE, true },
	{ "gpu_violation_socket_thermal_residency_percentage", "socket_thermal_viol_pct", "%",
	  1, PM_VALUE, true },
};

enum { PROM_MAX_LABELS = 64, PROM_MAX_LINE = 1 << 16 };

/* One series: its metric name and labels (name/value pairs, decoded). */
struct series {
	struct sbuf name;
	struct sbuf lab[PROM_MAX_LABELS][2];
	int nr;
};

/* An AMD system clock reading awaiting the mean of the GPU's XCDs. */
struct clk_acc {
	int node, device;
	int64_t t_ns;
	double sum;
	int n;
};

struct prom {
	struct sink *sink;
	const struct parse_opts *o;
	char **hosts;		/* host names seen; index = node number */
	size_t nr_hosts, alloc_hosts;
	struct hmap host_ix;	/* host name -> node number */
	int cur_host;		/* last host sent to sink->node, -1 = none */
	struct hmap gpus;	/* (node, device) of the GPUs announced */
	struct clk_acc *clk;	/* pending XCD clock means (one family / one result) */
	size_t nr_clk, alloc_clk;
	struct hmap clk_ix;	/* (node, device, t_ns) -> index in clk */
	int64_t skipped;	/* samples of metrics not in the table */
};

static const char *
label(const struct series *s, const char *name)
{
	int i;

	for (i = 0; i < s->nr; i++)
		if (!strcmp(s->lab[i][0].buf, name))
			return s->lab[i][1].buf;
	return NULL;
}

static const struct prom_metric *
lookup(const char *name)
{
	size_t i, n = strlen(name);

	for (i = 0; i < ARRAY_SIZE(prom_metrics); i++) {
		const struct prom_metric *m = &prom_metrics[i];
		size_t k = strlen(m->name);

		if (!strcmp(name, m->name))
			return m;
		/* AMD's MetricsFieldPrefix: "amd_gpu_package_power". */
		if (m->amd && n > k && name[n - k - 1] == '_' && !strcmp(name + n - k, m->name))
			return m;
	}
	return NULL;
}

static int
host_index(struct prom *p, const char *host)
{
	int64_t i = hmap_intern(&p->host_ix, host, strlen(host), (int64_t)p->nr_hosts);

	if ((size_t)i < p->nr_hosts)
		return (int)i;
	VEC_GROW(p->hosts, p->nr_hosts + 1, p->alloc_hosts);
	p->hosts[p->nr_hosts] = xstrdup(host);
	return (int)p->nr_hosts++;
}

/* The series' host: Hostname (dcgm-exporter), hostname (AMD), else instance without port. */
static int
series_host(struct prom *p, const struct series *s, char *buf, size_t bufsz)
{
	const char *h = label(s, "Hostname"), *colon;

	h = h ? h : label(s, "hostname");
	if (!h && (h = label(s, "instance"))) {
		colon = strrchr(h, ':');
		snprintf(buf, bufsz, "%.*s", (int)(colon && !strchr(colon, ']') ?
						   (size_t)(colon - h) : strlen(h)), h);
		h = buf;
	}
	return h && *h ? host_index(p, h) : -1;
}

static int
switch_node(struct prom *p, int node, struct err *err)
{
	if (node < 0 || node == p->cur_host)
		return 0;
	p->cur_host = node;
	return p->sink->node(p->sink, p->hosts[node], err);
}

static int
announce(struct prom *p, const struct series *s, int node, int device, bool amd,
	 struct err *err)
{
	struct rec_gpu g = { .device = device, .rank = -1, .vendor = amd ? "AMD" : "NVIDIA" };
	int key[2] = { node, device };

	if (hmap_get(&p->gpus, key, sizeof(key)) >= 0)
		return 0;	/* already announced */
	hmap_intern(&p->gpus, key, sizeof(key), 0);
	g.product = label(s, amd ? "card_model" : "modelName");
	g.product = g.product && *g.product ? g.product : NULL;
	return p->sink->gpu(p->sink, &g, err);
}

static int
put(struct prom *p, int device, int64_t t, const char *metric, const char *unit, double v,
    struct err *err)
{
	struct rec_telemetry r = { .device = device, .t_ns = t, .metric = metric,
				   .unit = unit, .value = v };

	return p->sink->telemetry(p->sink, &r, err);
}

static void
clk_add(struct prom *p, int node, int device, int64_t t, double v)
{
	struct { int64_t t; int node, device; } key = { t, node, device };
	int64_t i = hmap_intern(&p->clk_ix, &key, sizeof(key), (int64_t)p->nr_clk);

	if ((size_t)i < p->nr_clk) {
		p->clk[i].sum += v;
		p->clk[i].n++;
		return;
	}
	VEC_GROW(p->clk, p->nr_clk + 1, p->alloc_clk);
	p->clk[p->nr_clk++] = (struct clk_acc){ node, device, t, v, 1 };
}

/* Send the pending XCD clock means, each under its node. */
static int
clk_flush(struct prom *p, struct err *err)
{
	size_t i;

	for (i = 0; i < p->nr_clk; i++) {
		const struct clk_acc *c = &p->clk[i];

		if (switch_node(p, c->node, err) ||
		    put(p, c->device, c->t_ns, METRIC_GFX_CLK, "MHz", c->sum / c->n, err))
			return err->status;
	}
	p->nr_clk = 0;
	hmap_clear(&p->clk_ix);
	return 0;
}

static int
put_clock(struct prom *p, const struct series *s, int node, int device, int64_t t, double v,
	  struct err *err)
{
	const char *type = label(s, "clock_type");

	if (!type)
		return 0;
	if (!strncasecmp(type, "GPU_CLOCK_TYPE_", 15))	/* before exporter v1.2 */
		type += 15;
	if (!strcasecmp(type, "system")) {
		clk_add(p, node, device, t, v);
		return 0;
	}
	if (!strcasecmp(type, "memory"))
		return put(p, device, t, METRIC_MEM_CLK, "MHz", v, err);
	return 0;
}

/*
 * One sample of series @s at @t. Return: 0, or LITSI_EDATA with a message
 * the caller prefixes with the position.
 */
static int
prom_sample(struct prom *p, const struct series *s, int64_t t, double v, struct err *err)
{
	const struct prom_metric *m = lookup(s->name.buf);
	const char *dev_s;
	char hbuf[256];
	int device, node;

	if (!m) {
		p->skipped++;
		return 0;
	}
	dev_s = label(s, m->amd ? "gpu_id" : "gpu");
	if (!dev_s || parse_int(dev_s, 0, 1 << 20, &device))
		return err_set(err, LITSI_EDATA, "%s: expected a GPU index in label '%s'",
			       s->name.buf, m->amd ? "gpu_id" : "gpu");
	/* DCGM writes its "blank" sentinels (>= 0x7ffffffffffffff0) for no reading. */
	if (isnan(v) || isinf(v) || (!m->amd && v >= 9223372036854775792.0))
		return 0;
	node = series_host(p, s, hbuf, sizeof(hbuf));
	if (switch_node(p, node, err) || announce(p, s, node, device, m->amd, err))
		return err->status;
	if (m->kind == PM_CLOCK)
		return put_clock(p, s, node, device, t, v, err);
	if (m->kind == PM_REASONS) {
		struct telem_row row = { .sink = p->sink };

		telem_row_start(&row, device, t);
		return telem_put_reasons(&row, v, err);
	}
	return put(p, device, t, m->metric, m->unit, v * m->scale, err);
}

static void
series_init(struct series *s)
{
	int i;

	sbuf_init(&s->name);
	for (i = 0; i < PROM_MAX_LABELS; i++) {
		sbuf_init(&s->lab[i][0]);
		sbuf_init(&s->lab[i][1]);
	}
	s->nr = 0;
}

static void
series_reset(struct series *s)
{
	int i;

	sbuf_reset(&s->name);
	for (i = 0; i < s->nr; i++) {
		sbuf_reset(&s->lab[i][0]);
		sbuf_reset(&s->lab[i][1]);
	}
	s->nr = 0;
}

static void
series_release(struct series *s)
{
	int i;

	sbuf_release(&s->name);
	for (i = 0; i < PROM_MAX_LABELS; i++) {
		sbuf_release(&s->lab[i][0]);
		sbuf_release(&s->lab[i][1]);
	}
}

static void
prom_release(struct prom *p)
{
	while (p->nr_hosts)
		free(p->hosts[--p->nr_hosts]);
	free(p->hosts);
	hmap_release(&p->host_ix);
	hmap_release(&p->gpus);
	hmap_release(&p->clk_ix);
	free(p->clk);
}

static int
prom_begin(struct prom *p, const char *format, struct err *err)
{
	struct rec_source src = { .format = format, .clock = CLK_EPOCH, .rank = -1,
				  .world_size = -1 };

	p->cur_host = -1;
	hmap_init(&p->host_ix);
	hmap_init(&p->gpus);
	hmap_init(&p->clk_ix);
	return p->sink->source(p->sink, &src, err);
}

static int
prom_end(struct prom *p, struct err *err)
{
	char msg[96];

	if (clk_flush(p, err))
		return err->status;
	if (!p->skipped)
		return 0;
	snprintf(msg, sizeof(msg), "%lld samples of metrics litsi does not know skipped",
		 (long long)p->skipped);
	return p->sink->meta(p->sink, "note", msg, err);
}

/* ---- the text exposition format ---- */

struct ptext {
	struct prom p;
	struct input *in;
	struct series s;
	struct sbuf line, first;	/* first: the first sample's series text (scrape repeats) */
	const char *c;			/* cursor in line */
	bool untimed_seen;		/* a sample without a timestamp was dated with --time */
	char family[256];		/* metric name of the lines being read */
};

static int
text_err(struct ptext *x, struct err *err, const char *what)
{
	return err_set(err, LITSI_EDATA, "%s:%llu: %s", input_name(x->in),
		       (unsigned long long)input_lineno(x->in), what);
}

static bool
name_char(int ch, bool first)
{
	return isalpha(ch) || ch == '_' || ch == ':' || (!first && isdigit(ch));
}

/* A label value in double quotes, with \\, \" and \n escapes. */
static int
label_value(struct ptext *x, struct sbuf *out)
{
	const char *c = x->c;

	if (*c++ != '"')
		return -1;
	for (; *c && *c != '"'; c++) {
		if (*c == '\\') {
			c++;
			if (*c != '\\' && *c != '"' && *c != 'n')
				return -1;
			sbuf_addch(out, *c == 'n' ? '\n' : *c);
		} else {
			sbuf_addch(out, *c);
		}
	}
	if (*c != '"')
		return -1;
	x->c = c + 1;
	return 0;
}

static void
skip_blank(struct ptext *x)
{
	while (*x->c == ' ' || *x->c == '\t')
		x->c++;
}

static int
text_labels(struct ptext *x)
{
	struct series *s = &x->s;

	x->c++;		/* '{' */
	for (;;) {
		skip_blank(x);
		if (*x->c == '}') {
			x->c++;
			return 0;
		}
		if (s->nr == PROM_MAX_LABELS || !name_char((unsigned char)*x->c, true))
			return -1;
		while (name_char((unsigned char)*x->c, false))
			sbuf_addch(&s->lab[s->nr][0], *x->c++);
		skip_blank(x);
		if (*x->c++ != '=')
			return -1;
		skip_blank(x);
		if (label_value(x, &s->lab[s->nr][1]))
			return -1;
		s->nr++;
		skip_blank(x);
		if (*x->c == ',')
			x->c++;
		else if (*x->c != '}')
			return -1;
	}
}

/* A sample value: a Go float, or NaN, +Inf, -Inf. */
static int
text_value(const char *tok, double *v)
{
	if (!strcmp(tok, "NaN") || !strcmp(tok, "+Inf") || !strcmp(tok, "-Inf") ||
	    !strcmp(tok, "Inf")) {
		*v = NAN;
		return 0;
	}
	return parse_double(tok, v);
}

static int
text_time(struct ptext *x, const char *tok, int64_t *t, struct err *err)
{
	int64_t ms;

	if (!*tok) {
		if (x->p.o->time_ns == TIME_NONE)
			return text_err(x, err, "sample without a timestamp: pass --time to date "
					"the scrape");
		x->untimed_seen = true;
		*t = x->p.o->time_ns;
		return 0;
	}
	if (parse_i64(tok, INT64_MIN / 1000000, INT64_MAX / 1000000, &ms))
		return text_err(x, err, "expected a timestamp in milliseconds after the value");
	*t = ms * 1000000;
	return 0;
}

/* Several scrapes without timestamps cannot be told apart in time. */
static int
text_repeat(struct ptext *x, const char *series_txt, size_t n, bool timed, struct err *err)
{
	if (!x->first.len) {
		sbuf_add(&x->first, series_txt, n);
		return 0;
	}
	if (timed || !x->untimed_seen || x->first.len != n || memcmp(x->first.buf, series_txt, n))
		return 0;
	return text_err(x, err, "a second scrape without timestamps: one --time cannot date "
			"several scrapes (dump them with timestamps, or one file per scrape)");
}

static int
text_sample(struct ptext *x, struct err *err)
{
	const char *l = x->line.buf, *series_end;
	char val[64], ts[32];
	double v;
	int64_t t = 0;
	int n;

	series_reset(&x->s);
	x->c = l;
	while (name_char((unsigned char)*x->c, x->c == l))
		sbuf_addch(&x->s.name, *x->c++);
	if (!x->s.name.len)
		return text_err(x, err, "expected a metric name");
	skip_blank(x);
	if (*x->c == '{' && text_labels(x))
		return text_err(x, err, "expected labels like {gpu=\"0\",Hostname=\"node1\"}");
	series_end = x->c;
	if (sscanf(x->c, " %63s%n", val, &n) != 1 || text_value(val, &v))
		return text_err(x, err, "expected a sample value after the series");
	x->c += n;
	ts[0] = '\0';
	if (sscanf(x->c, " %31s%n", ts, &n) == 1)
		x->c += n;
	skip_blank(x);
	if (*x->c)
		return text_err(x, err, "unexpected text after the timestamp");
	if (text_repeat(x, l, (size_t)(series_end - l), ts[0] != '\0', err) ||
	    text_time(x, ts, &t, err))
		return err->status;
	if (strcmp(x->family, x->s.name.buf)) {
		snprintf(x->family, sizeof(x->family), "%s", x->s.name.buf);
		if (clk_flush(&x->p, err))
			return err->status;
	}
	if (prom_sample(&x->p, &x->s, t, v, err))
		return err_prefix(err, "%s:%llu", input_name(x->in),
				  (unsigned long long)input_lineno(x->in));
	return 0;
}

static int
text_parse(struct input *in, const struct parse_opts *o, struct sink *s, struct err *err)
{
	struct ptext *x = xcalloc(1, sizeof(*x));
	int rc;

	x->in = in;
	x->p.sink = s;
	x->p.o = o;
	sbuf_init(&x->line);
	sbuf_init(&x->first);
	series_init(&x->s);
	rc = prom_begin(&x->p, "prometheus-text", err);
	while (!rc && (rc = input_getline(in, &x->line, err)) > 0) {
		const char *l = x->line.buf;

		rc = 0;
		while (*l == ' ' || *l == '\t')
			l++;
		if (x->line.len > PROM_MAX_LINE)
			rc = text_err(x, err, "line longer than 64 KiB");
		else if (*l && *l != '#')
			rc = text_sample(x, err);
	}
	if (!rc)
		rc = prom_end(&x->p, err);
	prom_release(&x->p);
	series_release(&x->s);
	sbuf_release(&x->line);
	sbuf_release(&x->first);
	free(x);
	return rc < 0 ? rc : 0;
}

/* "# HELP DCGM_FI_..." / "# TYPE gpu_..." or a sample line of a known metric. */
static int
text_probe(const char *head, size_t len, const char *name)
{
	size_t n;
	const char *l = telem_first_line(head, len, &n);

	(void)name;
	if (!l)
		return 0;
	if (memmem(head, len, "DCGM_FI_", 8) || memmem(head, len, "gpu_junction_temperature", 24) ||
	    memmem(head, len, "gpu_package_power", 17) || memmem(head, len, "gpu_gfx_activity", 16)) {
		if (n > 7 && (!memcmp(l, "# HELP ", 7) || !memcmp(l, "# TYPE ", 7)))
			return 90;
		if (name_char((unsigned char)l[0], true) && memchr(l, '{', n) &&
		    memchr(l, '}', n))
			return 80;
	}
	return 0;
}

const struct parser parser_prom_text = {
	.name = "prometheus-text",
	.probe = text_probe,
	.parse = text_parse,
};

/* ---- the HTTP API's JSON (query, query_range) ---- */

struct pjson {
	struct prom p;
	struct jscan js;
	struct series s;
	bool has_metric;
};

static int
expect(struct pjson *x, int want, const char *what)
{
	int t = jscan_next(&x->js);

	if (t < 0)
		return t;
	if (t != want)
		return jscan_fail(&x->js, "expected %s", what);
	return 0;
}

/* "metric": {"__name__": "...", "gpu": "0", ...} */
static int
json_metric(struct pjson *x)
{
	struct series *s = &x->s;
	int t;

	if ((t = expect(x, JT_OBJ, "an object of labels after \"metric\"")))
		return t;
	while ((t = jscan_next(&x->js)) == JT_KEY) {
		bool is_name = x->js.n == 8 && !memcmp(x->js.s, "__name__", 8);

		if (!is_name) {
			if (s->nr == PROM_MAX_LABELS)
				return jscan_fail(&x->js, "expected at most %d labels", PROM_MAX_LABELS);
			sbuf_add(&s->lab[s->nr][0], x->js.s, x->js.n);
		}
		if ((t = expect(x, JT_STR, "a string label value")))
			return t;
		sbuf_add(is_name ? &s->name : &s->lab[s->nr][1], x->js.s, x->js.n);
		s->nr += !is_name;
	}
	if (t < 0)
		return t;
	x->has_metric = true;
	return 0;
}

/* [1700000000.123, "412.5"]: epoch seconds (a number) and the value (a string). */
static int
json_point(struct pjson *x, struct err *err)
{
	uint64_t off = jscan_offset(&x->js);
	char buf[64];
	int64_t t;
	double v;
	int rc;

	if ((rc = expect(x, JT_NUM, "[time, \"value\"] with the time in epoch seconds")))
		return rc;
	snprintf(buf, sizeof(buf), "%.*s", (int)x->js.n, x->js.s);
	if (telem_epoch_seconds(buf, &t))
		return jscan_fail_at(&x->js, off, "expected a time in epoch seconds");
	if ((rc = expect(x, JT_STR, "a sample value as a string")))
		return rc;
	snprintf(buf, sizeof(buf), "%.*s", (int)x->js.n, x->js.s);
	if (text_value(buf, &v))
		return jscan_fail_at(&x->js, off, "expected a number as the sample value");
	if ((rc = expect(x, JT_ARR_END, "']' after [time, \"value\"]")))
		return rc;
	if (!x->has_metric)
		return jscan_fail_at(&x->js, off, "expected \"metric\" before the samples of a series");
	if (prom_sample(&x->p, &x->s, t, v, err))
		return err_prefix(err, "%s: byte %llu", input_name(x->js.in),
				  (unsigned long long)off);
	return 0;
}

/* One element of "result": {"metric": {...}, "value": [...]} or {..., "values": [[...]]}. */
static int
json_series(struct pjson *x, struct err *err)
{
	int t, rc;

	series_reset(&x->s);
	x->has_metric = false;
	while ((t = jscan_next(&x->js)) == JT_KEY) {
		if (x->js.n == 6 && !memcmp(x->js.s, "metric", 6)) {
			rc = json_metric(x);
		} else if (x->js.n == 5 && !memcmp(x->js.s, "value", 5)) {
			rc = expect(x, JT_ARR, "[time, \"value\"] after \"value\"");
			rc = rc ? rc : json_point(x, err);
		} else if (x->js.n == 6 && !memcmp(x->js.s, "values", 6)) {
			rc = expect(x, JT_ARR, "an array after \"values\"");
			while (!rc && (t = jscan_next(&x->js)) == JT_ARR)
				rc = json_point(x, err);
			if (!rc && t != JT_ARR_END)
				rc = t < 0 ? t : jscan_fail(&x->js, "expected [time, \"value\"] pairs");
		} else {
			rc = jscan_skip(&x->js, 0);
			rc = rc < 0 ? rc : 0;
		}
		if (rc)
			return rc;
	}
	return t < 0 ? t : 0;
}

static int
json_result(struct pjson *x, struct err *err)
{
	int t, rc;

	if ((rc = expect(x, JT_ARR, "an array after \"result\"")))
		return rc;
	while ((t = jscan_next(&x->js)) == JT_OBJ)
		if ((rc = json_series(x, err)))
			return rc;
	if (t != JT_ARR_END)
		return t < 0 ? t : jscan_fail(&x->js, "expected series objects in \"result\"");
	return clk_flush(&x->p, err);
}

static int
json_status(struct pjson *x)
{
	uint64_t off = jscan_offset(&x->js);
	int rc = expect(x, JT_STR, "a string after \"status\"");

	if (rc)
		return rc;
	if (x->js.n != 7 || memcmp(x->js.s, "success", 7))
		return jscan_fail_at(&x->js, off, "expected \"status\": \"success\" (the query failed)");
	return 0;
}

/* "data": {"resultType": "matrix"|"vector", "result": [...]} */
static int
json_data(struct pjson *x, struct err *err)
{
	int t, rc;

	if ((rc = expect(x, JT_OBJ, "an object after \"data\"")))
		return rc;
	while ((t = jscan_next(&x->js)) == JT_KEY) {
		uint64_t off = jscan_offset(&x->js);

		if (x->js.n == 10 && !memcmp(x->js.s, "resultType", 10)) {
			if ((rc = expect(x, JT_STR, "a string after \"resultType\"")))
				return rc;
			if (!(x->js.n == 6 && !memcmp(x->js.s, "matrix", 6)) &&
			    !(x->js.n == 6 && !memcmp(x->js.s, "vector", 6)))
				return jscan_fail_at(&x->js, off, "expected resultType matrix or vector");
		} else if (x->js.n == 6 && !memcmp(x->js.s, "result", 6)) {
			if ((rc = json_result(x, err)))
				return rc;
		} else if ((rc = jscan_skip(&x->js, 0)) < 0) {
			return rc;
		}
	}
	return t < 0 ? t : 0;
}

static int
json_parse(struct input *in, const struct parse_opts *o, struct sink *s, struct err *err)
{
	struct pjson *x = xcalloc(1, sizeof(*x));
	int t = 0, rc;

	x->p.sink = s;
	x->p.o = o;
	series_init(&x->s);
	jscan_init(&x->js, in, err);
	rc = prom_begin(&x->p, "prometheus-json", err);
	if (!rc)
		rc = expect(x, JT_OBJ, "a Prometheus API response object");
	while (!rc && (t = jscan_next(&x->js)) == JT_KEY) {
		if (x->js.n == 6 && !memcmp(x->js.s, "status", 6))
			rc = json_status(x);
		else if (x->js.n == 4 && !memcmp(x->js.s, "data", 4))
			rc = json_data(x, err);
		else
			rc = (t = jscan_skip(&x->js, 0)) < 0 ? t : 0;
	}
	if (!rc && t != JT_OBJ_END)
		rc = t < 0 ? t : jscan_fail(&x->js, "expected a key");
	if (!rc && (t = jscan_next(&x->js)) != JT_EOF)
		rc = t < 0 ? t : jscan_fail(&x->js, "expected the end after the response");
	if (!rc)
		rc = prom_end(&x->p, err);
	prom_release(&x->p);
	series_release(&x->s);
	jscan_release(&x->js);
	free(x);
	return rc < 0 ? rc : 0;
}

/* {"status":"success","data":{"resultType":"matrix",... */
static int
json_probe(const char *head, size_t len, const char *name)
{
	size_t i = 0;

	(void)name;
	while (i < len && isspace((unsigned char)head[i]))
		i++;
	if (i == len || head[i] != '{')
		return 0;
	/* An error response ("errorType") is read too, to report the failed query. */
	if (memmem(head, len, "\"status\"", 8) && (memmem(head, len, "\"resultType\"", 12) ||
						  memmem(head, len, "\"errorType\"", 11)))
		return 95;
	return 0;
}

const struct parser parser_prom_json = {
	.name = "prometheus-json",
	.probe = json_probe,
	.parse = json_parse,
};
