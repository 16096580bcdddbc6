/* SPDX-License-Identifier: MIT */
/*
 * nvsmi.c: nvidia-smi --query-gpu CSV logs (with or without units, local
 * timestamps) and Zeus per-metric files {metric}_{gpu}.csv (unix_time_s,value).
 */
#include "litsi/parse.h"
#include "litsi/litsi.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "csv.h"
#include "telem.h"

enum col_kind { COL_SKIP, COL_TIME, COL_GPU, COL_INDEX, COL_NAME, COL_VALUE, COL_REASONS };

struct nv_map {
	const char *name, *metric, *unit;
	enum col_kind kind;
};

/* Query names as nvidia-smi prints them in the header (aliases expanded). */
static const struct nv_map nv_map[] = {
	{ "timestamp", NULL, NULL, COL_TIME },
	{ "gpu", NULL, NULL, COL_GPU },
	{ "index", NULL, NULL, COL_INDEX },
	{ "name", NULL, NULL, COL_NAME },
	{ "power.draw", METRIC_POWER, "W", COL_VALUE },
	{ "power.draw.instant", METRIC_POWER, "W", COL_VALUE },
	{ "power.limit", METRIC_POWER_CAP, "W", COL_VALUE },
	{ "enforced.power.limit", METRIC_POWER_CAP, "W", COL_VALUE },
	{ "power.min_limit", METRIC_POWER_MIN, "W", COL_VALUE },
	{ "power.max_limit", METRIC_POWER_MAX, "W", COL_VALUE },
	{ "power.default_limit", METRIC_POWER_DEFAULT, "W", COL_VALUE },
	{ "temperature.gpu", METRIC_TEMP_HOTSPOT, "C", COL_VALUE },
	{ "temperature.memory", METRIC_TEMP_MEM, "C", COL_VALUE },
	{ "clocks.current.sm", METRIC_GFX_CLK, "MHz", COL_VALUE },
	{ "clocks.sm", METRIC_GFX_CLK, "MHz", COL_VALUE },
	{ "clocks.current.graphics", METRIC_GFX_CLK, "MHz", COL_VALUE },
	{ "clocks.gr", METRIC_GFX_CLK, "MHz", COL_VALUE },
	{ "clocks.current.memory", METRIC_MEM_CLK, "MHz", COL_VALUE },
	{ "clocks.mem", METRIC_MEM_CLK, "MHz", COL_VALUE },
	{ "utilization.gpu", METRIC_GFX_ACT, "%", COL_VALUE },
	{ "utilization.memory", METRIC_MEM_ACT, "%", COL_VALUE },
	{ "clocks_throttle_reasons.active", NULL, NULL, COL_REASONS },
	{ "clocks_event_reasons.active", NULL, NULL, COL_REASONS },
	{ "clocks_throttle_reasons", NULL, NULL, COL_REASONS },
	{ "clocks_event_reasons", NULL, NULL, COL_REASONS },
};

/*
 * NVML clock event reasons that mean power or thermal limiting: SW power cap
 * 0x4, HW slowdown 0x8, SW thermal 0x20, HW thermal 0x40, HW power brake 0x80.
 */
enum { NV_THROTTLE_MASK = 0x4 | 0x8 | 0x20 | 0x40 | 0x80 };

struct nv_col {
	enum col_kind kind;
	const char *unit;
	char metric[96];
	char unit_buf[16];
};

/* "power.draw [W]" → name "power.draw", unit "W". */
static void
classify(const char *hdr, struct nv_col *c)
{
	const char *br = strchr(hdr, '[');
	size_t n = br ? (size_t)(br - hdr) : strlen(hdr), i;

	memset(c, 0, sizeof(*c));
	while (n && hdr[n - 1] == ' ')
		n--;
	c->unit = "";
	if (br && strchr(br, ']')) {
		snprintf(c->unit_buf, sizeof(c->unit_buf), "%.*s",
			 (int)(strchr(br, ']') - br - 1), br + 1);
		c->unit = c->unit_buf;
	}
	for (i = 0; i < ARRAY_SIZE(nv_map); i++) {
		if (strlen(nv_map[i].name) != n || strncasecmp(nv_map[i].name, hdr, n))
			continue;
		c->kind = nv_map[i].kind;
		if (nv_map[i].metric) {
			snprintf(c->metric, sizeof(c->metric), "%s", nv_map[i].metric);
			c->unit = nv_map[i].unit;
		}
		return;
	}
	telem_sanitise(hdr, n, c->metric, sizeof(c->metric));
	c->kind = c->metric[0] ? COL_VALUE : COL_SKIP;
}

static int
send_source(struct sink *s, const char *format, struct err *err)
{
	struct rec_source src = { .format = format, .clock = CLK_EPOCH, .rank = -1,
				  .world_size = -1 };

	return s->source(s, &src, err);
}

struct nv_csv {
	struct csv csv;
	struct nv_col *cols;
	size_t nr_cols;
	int time_col, dev_col, name_col;
	struct telem_tz tz;
};

static void
take_header(struct nv_csv *a)
{
	size_t i, n = csv_nfields(&a->csv);
	int index_col = -1, gpu_col = -1;

	csv_set_header(&a->csv);
	free(a->cols);
	a->cols = xcalloc(n, sizeof(*a->cols));
	a->nr_cols = n;
	a->time_col = a->name_col = -1;
	for (i = 0; i < n; i++) {
		struct nv_col *c = &a->cols[i];

		classify(csv_hdr_name(&a->csv, (int)i), c);
		if (c->kind == COL_TIME && a->time_col < 0)
			a->time_col = (int)i;
		if (c->kind == COL_GPU && gpu_col < 0)
			gpu_col = (int)i;
		if (c->kind == COL_INDEX && index_col < 0)
			index_col = (int)i;
		if (c->kind == COL_NAME && a->name_col < 0)
			a->name_col = (int)i;
	}
	/* A script's own 'gpu' column names the device; 'index' is then what it queried. */
	a->dev_col = gpu_col >= 0 ? gpu_col : index_col;
}

static int
put_reasons(struct telem_row *row, const char *cell, struct err *err)
{
	unsigned long long mask;
	char *end;

	if (strncasecmp(cell, "0x", 2))
		return 0;
	mask = strtoull(cell + 2, &end, 16);
	if (*end || end == cell + 2)
		return 0;
	if (telem_put(row, "clocks_event_reasons", "", (double)mask, err))
		return err->status;
	return telem_put(row, METRIC_THROTTLE, "%", mask & NV_THROTTLE_MASK ? 100 : 0, err);
}

static int
csv_row(struct nv_csv *a, const struct parse_opts *o, struct telem_row *row,
	struct telem_gpus *gpus, struct err *err)
{
	struct csv *c = &a->csv;
	int64_t t = o->time_ns;
	const char *product = NULL;
	size_t i;
	int dev;

	if (csv_nfields(c) != a->nr_cols)
		return csv_err(c, err, "expected %zu fields as in the header, got %zu",
			       a->nr_cols, csv_nfields(c));
	if (parse_int(csv_get(c, a->dev_col), 0, 1 << 20, &dev))
		return csv_err(c, err, "expected a GPU index in column '%s'",
			       csv_hdr_name(c, a->dev_col));
	if (a->time_col >= 0 && telem_parse_time(&a->tz, csv_get(c, a->time_col), &t))
		return csv_err(c, err, "expected a time like '2024/10/30 18:42:33.189' in "
			       "column '%s'", csv_hdr_name(c, a->time_col));
	if (t == TIME_NONE)
		return csv_err(c, err, "no 'timestamp' column: pass --time to date the readings");
	if (a->name_col >= 0 && *csv_get(c, a->name_col) && csv_get(c, a->name_col)[0] != '[')
		product = csv_get(c, a->name_col);
	if (telem_gpu(gpus, row->sink, dev, "NVIDIA", product, err))
		return err->status;
	telem_row_start(row, dev, t);
	for (i = 0; i < a->nr_cols; i++) {
		const struct nv_col *col = &a->cols[i];
		double v;

		if (col->kind == COL_REASONS && put_reasons(row, csv_get(c, (int)i), err))
			return err->status;
		if (col->kind != COL_VALUE || telem_number(csv_get(c, (int)i), &v))
			continue;
		if (telem_put(row, col->metric, col->unit, v, err))
			return err->status;
	}
	return telem_row_end(row, err);
}

static int
nv_record(struct nv_csv *a, const struct parse_opts *o, struct telem_row *row,
	  struct telem_gpus *gpus, struct err *err)
{
	if (csv_blank(&a->csv))
		return 0;
	if (!a->cols || !strncasecmp(csv_get(&a->csv, 0), "timestamp", 9) ||
	    !strcasecmp(csv_get(&a->csv, 0), "index")) {
		if (!a->cols || !csv_is_header(&a->csv))
			take_header(a);
		if (a->dev_col < 0)
			return csv_err(&a->csv, err, "expected an 'index' column in the header");
		return 0;
	}
	return csv_row(a, o, row, gpus, err);
}

static int
nv_csv_parse(struct input *in, const struct parse_opts *o, struct sink *s, struct err *err)
{
	struct nv_csv a = { .time_col = -1, .dev_col = -1, .name_col = -1 };
	struct telem_row row = { .sink = s };
	struct telem_gpus gpus = { 0 };
	int rc;

	csv_init(&a.csv, in, CSV_TRIM);
	telem_tz_push(&a.tz, o->tz);
	rc = send_source(s, "nvidia-smi-csv", err);
	while (!rc && (rc = csv_next(&a.csv, err)) > 0)
		rc = nv_record(&a, o, &row, &gpus, err);
	telem_tz_pop(&a.tz);
	telem_gpus_release(&gpus);
	free(a.cols);
	csv_release(&a.csv);
	return rc < 0 ? rc : 0;
}

/* A header of nvidia-smi query names: dotted names next to timestamp or index. */
static int
nv_csv_probe(const char *head, size_t len, const char *name)
{
	static const char *const marks[] = {
		"power.draw", "temperature.gpu", "utilization.gpu", "clocks.current.",
		"clocks.sm", "clocks.gr", "memory.used", "pci.bus_id",
	};
	size_t n, i;
	const char *l = telem_first_line(head, len, &n);

	(void)name;
	if (!l || (strncasecmp(l, "timestamp", 9) && strncasecmp(l, "index", 5)))
		return 0;
	for (i = 0; i < ARRAY_SIZE(marks); i++)
		if (memmem(l, n, marks[i], strlen(marks[i])))
			return 90;
	return 0;
}

const struct parser parser_nvsmi_csv = {
	.name = "nvidia-smi-csv",
	.probe = nv_csv_probe,
	.parse = nv_csv_parse,
};

/* ---- Zeus per-metric files ---- */

struct zeus_name {
	char metric[64];	/* canonical or sanitised */
	const char *unit;
	int device;
};

/* "power_3.csv" (or .csv.gz) → power_w of GPU 3. Return: 0 or -1. */
static int
zeus_name(const char *path, struct zeus_name *z)
{
	const char *base = strrchr(path, '/'), *us, *dot;
	char raw[64];

	base = base ? base + 1 : path;
	us = strrchr(base, '_');
	dot = us ? strchr(us, '.') : NULL;
	if (!us || us == base || !dot || strncmp(dot, ".csv", 4) ||
	    (dot[4] && strcmp(dot + 4, ".gz")))
		return -1;
	snprintf(raw, sizeof(raw), "%.*s", (int)(dot - us - 1), us + 1);
	if (parse_int(raw, 0, 1 << 20, &z->device))
		return -1;
	telem_sanitise(base, (size_t)(us - base), raw, sizeof(raw));
	z->unit = "";
	if (!strcmp(raw, "power")) {
		snprintf(z->metric, sizeof(z->metric), "%s", METRIC_POWER);
		z->unit = "W";
	} else if (!strcmp(raw, "temperature") || !strcmp(raw, "temp")) {
		snprintf(z->metric, sizeof(z->metric), "%s", METRIC_TEMP_HOTSPOT);
		z->unit = "C";
	} else if (!strcmp(raw, "utilization") || !strcmp(raw, "util")) {
		snprintf(z->metric, sizeof(z->metric), "%s", METRIC_GFX_ACT);
		z->unit = "%";
	} else {
		snprintf(z->metric, sizeof(z->metric), "%s", raw);
	}
	return z->metric[0] ? 0 : -1;
}

static int
zeus_record(struct csv *c, const struct zeus_name *z, struct telem_row *row, bool first,
	    struct err *err)
{
	double v;
	int64_t t;

	if (csv_blank(c))
		return 0;
	if (csv_nfields(c) != 2)
		return csv_err(c, err, "expected 2 fields (unix_time_s,value), got %zu",
			       csv_nfields(c));
	if (telem_epoch_seconds(csv_get(c, 0), &t)) {
		if (first)
			return 0;	/* a header line */
		return csv_err(c, err, "expected epoch seconds in column 'unix_time_s'");
	}
	if (telem_number(csv_get(c, 1), &v))
		return csv_err(c, err, "expected a number in column 'value'");
	if (v == -1)
		return 0;	/* Zeus writes -1 when a read failed */
	telem_row_start(row, z->device, t);
	return telem_put(row, z->metric, z->unit, v, err);
}

static int
zeus_parse(struct input *in, const struct parse_opts *o, struct sink *s, struct err *err)
{
	struct telem_row row = { .sink = s };
	struct zeus_name z;
	struct rec_gpu g = { .rank = -1 };
	struct csv c;
	bool first = true;
	int rc;

	(void)o;
	if (zeus_name(input_name(in), &z))
		return err_set(err, LITSI_EDATA, "%s: cannot tell the metric and GPU from the file "
			       "name (expected {metric}_{gpu}.csv, e.g. power_3.csv)",
			       input_name(in));
	g.device = z.device;
	if ((rc = send_source(s, "zeus-csv", err)) || (rc = s->gpu(s, &g, err)))
		return rc;
	csv_init(&c, in, CSV_TRIM);
	while ((rc = csv_next(&c, err)) > 0) {
		rc = zeus_record(&c, &z, &row, first, err);
		if (rc)
			break;
		first = first && csv_blank(&c);
	}
	csv_release(&c);
	return rc < 0 ? rc : 0;
}

/* Two numeric columns (time, value) and a {metric}_{gpu}.csv name, or the header. */
static int
zeus_probe(const char *head, size_t len, const char *name)
{
	struct zeus_name z;
	size_t n;
	const char *l = telem_first_line(head, len, &n), *comma;
	char a[64], b[64];
	double v;
	int64_t t;

	if (!l)
		return 0;
	if (n == 17 && !memcmp(l, "unix_time_s,value", 17))
		return 90;
	comma = memchr(l, ',', n);
	if (!comma || zeus_name(name, &z) || memchr(comma + 1, ',', (size_t)(l + n - comma - 1)))
		return 0;
	snprintf(a, sizeof(a), "%.*s", (int)(comma - l), l);
	snprintf(b, sizeof(b), "%.*s", (int)(l + n - comma - 1), comma + 1);
	if (telem_epoch_seconds(a, &t) || telem_number(b, &v))
		return 0;
	return 60;
}

const struct parser parser_zeus_csv = {
	.name = "zeus-csv",
	.probe = zeus_probe,
	.parse = zeus_parse,
};
