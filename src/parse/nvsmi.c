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

enum col_kind {
	COL_SKIP, COL_TIME, COL_GPU, COL_INDEX, COL_BUS, COL_UUID, COL_NAME, COL_VALUE, COL_REASONS,
	COL_THERMAL,	/* one thermal reason, Active / Not Active */
	COL_POWER,	/* one power reason, Active / Not Active */
};

struct nv_map {
	const char *name, *metric, *unit;
	enum col_kind kind;
};

/* Query names as nvidia-smi prints them in the header (aliases expanded). */
static const struct nv_map nv_map[] = {
	{ "timestamp", NULL, NULL, COL_TIME },
	{ "gpu", NULL, NULL, COL_GPU },
	{ "index", NULL, NULL, COL_INDEX },
	{ "pci.bus_id", NULL, NULL, COL_BUS },
	{ "gpu_bus_id", NULL, NULL, COL_BUS },
	{ "uuid", NULL, NULL, COL_UUID },
	{ "gpu_uuid", NULL, NULL, COL_UUID },
	{ "name", NULL, NULL, COL_NAME },
	{ "power.draw", METRIC_POWER, "W", COL_VALUE },
	{ "power.draw.instant", METRIC_POWER, "W", COL_VALUE },
	{ "power.limit", METRIC_POWER_CAP, "W", COL_VALUE },
	{ "enforced.power.limit", METRIC_POWER_CAP, "W", COL_VALUE },
	{ "power.min_limit", METRIC_POWER_MIN, "W", COL_VALUE },
	{ "power.max_limit", METRIC_POWER_MAX, "W", COL_VALUE },
	{ "power.default_limit", METRIC_POWER_DEFAULT, "W", COL_VALUE },
	/* Not an nvidia-smi query: NVML's energy counter as litsi record writes it, in J. */
	{ "total_energy_consumption", METRIC_ENERGY, "J", COL_VALUE },
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
	{ "clocks_throttle_reasons.sw_thermal_slowdown", NULL, NULL, COL_THERMAL },
	{ "clocks_event_reasons.sw_thermal_slowdown", NULL, NULL, COL_THERMAL },
	{ "clocks_throttle_reasons.hw_thermal_slowdown", NULL, NULL, COL_THERMAL },
	{ "clocks_event_reasons.hw_thermal_slowdown", NULL, NULL, COL_THERMAL },
	{ "clocks_throttle_reasons.sw_power_cap", NULL, NULL, COL_POWER },
	{ "clocks_event_reasons.sw_power_cap", NULL, NULL, COL_POWER },
	{ "clocks_throttle_reasons.hw_power_brake_slowdown", NULL, NULL, COL_POWER },
	{ "clocks_event_reasons.hw_power_brake_slowdown", NULL, NULL, COL_POWER },
};

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

/*
 * How a row names its GPU: a column holding the index (nvidia-smi's 'index'
 * or a script's 'gpu'), a column holding a stable key (pci.bus_id, uuid:
 * devices numbered in order of first appearance, which is nvidia-smi's index
 * order within a tick), or none (a single GPU, --device, or the position in
 * a tick of rows sharing one timestamp).
 */
enum dev_by { DEV_BY_INDEX, DEV_BY_KEY, DEV_BY_TICK };

struct nv_csv {
	struct csv csv;
	struct nv_col *cols;
	size_t nr_cols;
	int time_col, dev_col, name_col;
	enum dev_by dev_by;
	char **keys;		/* DEV_BY_KEY: keys[i] is device i */
	size_t nr_keys, alloc_keys;
	struct hmap key_ix;	/* key -> device */
	char tick_time[40];	/* DEV_BY_TICK: timestamp cell of the current tick */
	int tick_pos;		/* rows seen in the current tick */
	int64_t tick_t, gap_min, gap_max;	/* gaps between tick starts, ns */
	struct telem_tz tz;
};

static void
take_header(struct nv_csv *a)
{
	size_t i, n = csv_nfields(&a->csv);
	int index_col = -1, gpu_col = -1, key_col = -1;

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
		if ((c->kind == COL_BUS || (c->kind == COL_UUID && key_col < 0)))
			key_col = (int)i;
		if (c->kind == COL_NAME && a->name_col < 0)
			a->name_col = (int)i;
	}
	/* A script's own 'gpu' column names the device; 'index' is then what it queried. */
	a->dev_col = gpu_col >= 0 ? gpu_col : index_col;
	a->dev_by = DEV_BY_INDEX;
	if (a->dev_col < 0) {
		a->dev_col = key_col;
		a->dev_by = key_col >= 0 ? DEV_BY_KEY : DEV_BY_TICK;
	}
}

/* The device of a pci.bus_id or uuid, numbered on first sight and recorded as metadata. */
static int
key_device(struct nv_csv *a, struct sink *s, int *dev, struct err *err)
{
	const char *key = csv_get(&a->csv, a->dev_col), *raw = key;
	char mkey[32], mval[160], canon[24];
	unsigned dom, bus, slot, fn;
	int end = 0;
	int64_t i;

	if (!*key || *key == '[')
		return csv_err(&a->csv, err, "expected a GPU in column '%s'",
			       csv_hdr_name(&a->csv, a->dev_col));
	/*
	 * One GPU, one key: nvidia-smi writes a PCI address with an 8-digit
	 * domain (00000000:18:00.0), lspci and DCGM with 4 (0000:18:00.0).
	 */
	if (strlen(key) <= 16 && key[strspn(key, "0123456789abcdefABCDEF:.")] == '\0' &&
	    sscanf(key, "%8x:%2x:%2x.%1x%n", &dom, &bus, &slot, &fn, &end) == 4 &&
	    (size_t)end == strlen(key)) {
		snprintf(canon, sizeof(canon), "%08X:%02X:%02X.%X", dom, bus, slot, fn);
		key = canon;
	}
	i = hmap_get(&a->key_ix, key, strlen(key));
	if (i >= 0) {
		*dev = (int)i;
		return 0;
	}
	if (a->nr_keys >= 1 << 16)
		return csv_err(&a->csv, err, "more than 65536 GPUs in column '%s'",
			       csv_hdr_name(&a->csv, a->dev_col));
	VEC_GROW(a->keys, a->nr_keys + 1, a->alloc_keys);
	a->keys[a->nr_keys] = xstrdup(key);
	hmap_intern(&a->key_ix, key, strlen(key), (int64_t)a->nr_keys);
	*dev = (int)a->nr_keys++;
	snprintf(mkey, sizeof(mkey), "device %d", *dev);
	snprintf(mval, sizeof(mval), "%s %s", csv_hdr_name(&a->csv, a->dev_col), raw);
	return s->meta(s, mkey, mval, err);
}

/*
 * No GPU column: --device, else the position within a tick (rows with the
 * same timestamp). nvidia-smi stamps each GPU of a tick a few ms apart, so
 * gaps between ticks that differ by more than 5x mean several GPUs that this
 * log cannot tell apart: refused, naming the column to add.
 */
static int
tick_device(struct nv_csv *a, const struct parse_opts *o, int64_t t, int *dev,
	    struct err *err)
{
	const char *cell = a->time_col >= 0 ? csv_get(&a->csv, a->time_col) : "";

	if (o->device >= 0) {
		*dev = o->device;
		return 0;
	}
	if (a->tick_pos && !strcmp(cell, a->tick_time)) {
		if (a->tick_pos >= 64)
			return csv_err(&a->csv, err, "no GPU column and more than 64 rows at one "
				       "time (add 'index' to --query-gpu, or pass --device)");
		*dev = a->tick_pos++;
		return 0;
	}
	if (a->tick_pos) {
		int64_t gap = t - a->tick_t;

		a->gap_min = a->gap_min < 0 || gap < a->gap_min ? gap : a->gap_min;
		a->gap_max = gap > a->gap_max ? gap : a->gap_max;
		if (gap < 0 || (a->gap_min >= 0 && a->gap_max > 5 * a->gap_min))
			return csv_err(&a->csv, err, "no GPU column and readings %s apart: "
				       "several GPUs cannot be told apart (add 'index' or "
				       "'pci.bus_id' to --query-gpu, or pass --device for one GPU)",
				       gap < 0 ? "going back in time" : "unevenly");
	}
	snprintf(a->tick_time, sizeof(a->tick_time), "%s", cell);
	a->tick_t = t;
	a->tick_pos = 1;
	*dev = 0;
	return 0;
}

static int
row_device(struct nv_csv *a, const struct parse_opts *o, struct sink *s, int64_t t, int *dev,
	   struct err *err)
{
	struct csv *c = &a->csv;

	if (a->dev_by == DEV_BY_KEY)
		return key_device(a, s, dev, err);
	if (a->dev_by == DEV_BY_TICK)
		return tick_device(a, o, t, dev, err);
	if (parse_int(csv_get(c, a->dev_col), 0, 1 << 20, dev))
		return csv_err(c, err, "expected a GPU index in column '%s'",
			       csv_hdr_name(c, a->dev_col));
	return 0;
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
	return telem_put_reasons(row, (double)mask, err);
}

/* One reason column: "Active" holds it for the reading, "Not Active" does not. */
static void
put_reason(struct telem_row *row, bool thermal, const char *cell)
{
	while (*cell == ' ')
		cell++;
	if (!strcasecmp(cell, "Active"))
		telem_viol(row, thermal, 100);
	else if (!strcasecmp(cell, "Not Active"))
		telem_viol(row, thermal, 0);
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
	if (a->time_col >= 0 && telem_parse_time(&a->tz, csv_get(c, a->time_col), &t))
		return csv_err(c, err, "expected a time like '2024/10/30 18:42:33.189' in "
			       "column '%s'", csv_hdr_name(c, a->time_col));
	if (t == TIME_NONE)
		return csv_err(c, err, "no 'timestamp' column: pass --time to date the readings");
	if (row_device(a, o, row->sink, t, &dev, err))
		return err->status;
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
		if (col->kind == COL_THERMAL || col->kind == COL_POWER)
			put_reason(row, col->kind == COL_THERMAL, csv_get(c, (int)i));
		if (col->kind != COL_VALUE || telem_number(csv_get(c, (int)i), &v))
			continue;
		if (telem_put(row, col->metric, col->unit, v, err))
			return err->status;
	}
	return telem_row_end(row, err);
}

/* Whether a line (or first cell) starts like a header of nvidia-smi query names. */
static bool
header_start(const char *l, size_t n)
{
	static const char *const first[] = { "timestamp", "index", "pci.bus_id", "uuid" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(first); i++)
		if (n >= strlen(first[i]) && !strncasecmp(l, first[i], strlen(first[i])))
			return true;
	return false;
}

static int
nv_record(struct nv_csv *a, const struct parse_opts *o, struct telem_row *row,
	  struct telem_gpus *gpus, struct err *err)
{
	if (csv_blank(&a->csv))
		return 0;
	if (!a->cols || header_start(csv_get(&a->csv, 0), strlen(csv_get(&a->csv, 0)))) {
		if (!a->cols || !csv_is_header(&a->csv))
			take_header(a);
		return 0;
	}
	return csv_row(a, o, row, gpus, err);
}

static int
nv_csv_parse(struct input *in, const struct parse_opts *o, struct sink *s, struct err *err)
{
	struct nv_csv a = { .time_col = -1, .dev_col = -1, .name_col = -1, .gap_min = -1 };
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
	while (a.nr_keys)
		free(a.keys[--a.nr_keys]);
	free(a.keys);
	hmap_release(&a.key_ix);
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
	if (!l || !header_start(l, n))
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
