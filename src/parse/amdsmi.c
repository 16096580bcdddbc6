/* SPDX-License-Identifier: MIT */
/*
 * amdsmi.c: amd-smi `metric` and `monitor` logs, CSV and JSON, watch mode and
 * one-shot, and `static --json` identity files (GPU product names).
 */
#include "litsi/parse.h"
#include "litsi/litsi.h"

#include <json.h>
#include <string.h>
#include <strings.h>

#include "csv.h"
#include "telem.h"

enum col_kind {
	COL_SKIP,
	COL_TIME,	/* watch-mode timestamp, integer epoch seconds */
	COL_GPU,	/* amd-smi GPU index */
	COL_VALUE,	/* a reading under ->metric */
	COL_XCD,	/* gfx_<n>_clk: one XCD's clock, also averaged into gfx_clk_mhz */
	COL_VIOL,	/* pviol/tviol: kept, and their max is throttle_pct */
	COL_TVIOL,	/* another thermal violation: kept, and into thermal_viol_pct */
};

struct amd_col {
	enum col_kind kind;
	bool mapped;		/* named in a table: its unit beats the file's */
	const char *unit;
	char metric[96];
};

struct name_map {
	const char *name, *metric, *unit;
	enum col_kind kind;
};

/* Names shared by both commands. */
static const struct name_map common_map[] = {
	{ "timestamp", NULL, NULL, COL_TIME },
	{ "gpu", NULL, NULL, COL_GPU },
	{ "xcp", NULL, NULL, COL_SKIP },	/* partition index, not a reading */
	{ "throttle_status", NULL, NULL, COL_SKIP },
	{ "total_energy_consumption", METRIC_ENERGY, "J", COL_VALUE },
	{ "pviol", "pviol", "%", COL_VIOL },
	{ "tviol", "tviol", "%", COL_VIOL },
	{ "phot_tviol", "phot_tviol", "%", COL_TVIOL },
	{ "vr_tviol", "vr_tviol", "%", COL_TVIOL },
	{ "hbm_tviol", "hbm_tviol", "%", COL_TVIOL },
	/* amd-smi metric --throttle (-T; -v in later versions): the same shares */
	{ "ppt_violation_activity", "pviol", "%", COL_VIOL },
	{ "socket_thermal_violation_activity", "tviol", "%", COL_VIOL },
	{ "prochot_violation_activity", "phot_tviol", "%", COL_TVIOL },
	{ "vr_thermal_violation_activity", "vr_tviol", "%", COL_TVIOL },
	{ "hbm_thermal_violation_activity", "hbm_tviol", "%", COL_TVIOL },
};

/* amd-smi metric: leaf names of the flattened metric dictionaries. */
static const struct name_map metric_map[] = {
	{ "gfx_activity", METRIC_GFX_ACT, "%", COL_VALUE },
	{ "umc_activity", METRIC_MEM_ACT, "%", COL_VALUE },
	{ "socket_power", METRIC_POWER, "W", COL_VALUE },
	{ "edge", METRIC_TEMP_EDGE, "C", COL_VALUE },
	{ "hotspot", METRIC_TEMP_HOTSPOT, "C", COL_VALUE },
	{ "mem", METRIC_TEMP_MEM, "C", COL_VALUE },
	{ "mem_0_clk", METRIC_MEM_CLK, "MHz", COL_VALUE },
};

/* amd-smi monitor (both the ROCm 6.3 and the newer names). */
static const struct name_map monitor_map[] = {
	{ "power_usage", METRIC_POWER, "W", COL_VALUE },
	{ "max_power", METRIC_POWER_CAP, "W", COL_VALUE },
	{ "hotspot_temperature", METRIC_TEMP_HOTSPOT, "C", COL_VALUE },
	{ "edge_temperature", METRIC_TEMP_EDGE, "C", COL_VALUE },
	{ "memory_temperature", METRIC_TEMP_MEM, "C", COL_VALUE },
	{ "gfx_clk", METRIC_GFX_CLK, "MHz", COL_VALUE },
	{ "gfx_clock", METRIC_GFX_CLK, "MHz", COL_VALUE },
	{ "gfx", METRIC_GFX_ACT, "%", COL_VALUE },
	{ "mem", METRIC_MEM_ACT, "%", COL_VALUE },
	{ "mem_clock", METRIC_MEM_CLK, "MHz", COL_VALUE },
	{ "encoder", "encoder", "%", COL_VALUE },
	{ "decoder", "decoder", "%", COL_VALUE },
};

/* Names that only `monitor` prints: they tell the two commands apart. */
static const char *const monitor_marks[] = {
	"power_usage", "hotspot_temperature", "memory_temperature", "gfx_clk", "gfx_clock",
	"gfx", "pviol", "tviol",
};

static bool
is_monitor_name(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(monitor_marks); i++)
		if (!strcasecmp(name, monitor_marks[i]))
			return true;
	return false;
}

static const struct name_map *
lookup(const struct name_map *m, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcasecmp(m[i].name, name))
			return &m[i];
	return NULL;
}

/* "gfx_3_clk" → 1 (an XCD's current clock). */
static bool
is_xcd_clock(const char *s)
{
	size_t n = strlen(s), i = 4;

	if (n < 9 || strncmp(s, "gfx_", 4) || strcmp(s + n - 4, "_clk"))
		return false;
	for (; i < n - 4; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

static void
classify(const char *name, bool monitor, struct amd_col *c)
{
	const struct name_map *m = lookup(common_map, ARRAY_SIZE(common_map), name);

	if (!m)
		m = monitor ? lookup(monitor_map, ARRAY_SIZE(monitor_map), name)
			    : lookup(metric_map, ARRAY_SIZE(metric_map), name);
	memset(c, 0, sizeof(*c));
	if (m) {
		c->kind = m->kind;
		c->mapped = true;
		c->unit = m->unit;
		snprintf(c->metric, sizeof(c->metric), "%s", m->metric ? m->metric : "");
		return;
	}
	telem_sanitise(name, strlen(name), c->metric, sizeof(c->metric) - 4);
	c->kind = c->metric[0] ? COL_VALUE : COL_SKIP;
	if (!monitor && is_xcd_clock(c->metric)) {
		size_t n = strlen(c->metric);

		c->kind = COL_XCD;
		c->mapped = true;
		c->unit = "MHz";
		snprintf(c->metric + n, sizeof(c->metric) - n, "_mhz");
		return;
	}
	c->unit = telem_unit_guess(c->metric);
}

/* One reading of a row; @unit overrides the column's when the file names one. */
static int
put_cell(struct telem_row *row, const struct amd_col *c, const char *cell, const char *unit,
	 struct err *err)
{
	double v;

	if (c->kind < COL_VALUE || telem_number(cell, &v))
		return 0;
	if (c->kind == COL_XCD) {
		row->nr_xcd++;
		row->xcd_sum += v;
	} else if (c->kind == COL_VIOL || c->kind == COL_TVIOL) {
		/* pviol is the power class; every *tviol the thermal one */
		telem_viol(row, strcasecmp(c->metric, "pviol") != 0, v);
		if (c->kind == COL_VIOL && v > row->viol_max)
			row->viol_max = v;
	}
	if (c->mapped || !unit || !*unit)
		unit = c->unit;
	return telem_put(row, c->metric, unit, v, err);
}

/* ---- CSV ---- */

struct amd_csv {
	struct csv csv;
	struct amd_col *cols;
	size_t nr_cols;
	int time_col, gpu_col;
	bool monitor;
};

static bool
looks_like_header(const struct csv *c)
{
	const char *f = csv_get(c, 0);

	return !strcasecmp(f, "timestamp") || !strcasecmp(f, "gpu");
}

static void
take_header(struct amd_csv *a)
{
	size_t i, n = csv_nfields(&a->csv);

	csv_set_header(&a->csv);
	free(a->cols);
	a->cols = xcalloc(n, sizeof(*a->cols));
	a->nr_cols = n;
	a->monitor = false;
	for (i = 0; i < n; i++)
		if (is_monitor_name(csv_hdr_name(&a->csv, (int)i)))
			a->monitor = true;
	a->time_col = a->gpu_col = -1;
	for (i = 0; i < n; i++) {
		classify(csv_hdr_name(&a->csv, (int)i), a->monitor, &a->cols[i]);
		if (a->cols[i].kind == COL_TIME && a->time_col < 0)
			a->time_col = (int)i;
		if (a->cols[i].kind == COL_GPU && a->gpu_col < 0)
			a->gpu_col = (int)i;
	}
}

static int
csv_row(struct amd_csv *a, const struct parse_opts *o, struct telem_row *row,
	struct telem_gpus *gpus, struct err *err)
{
	struct csv *c = &a->csv;
	int64_t t = o->time_ns;
	int dev;
	size_t i;

	if (csv_nfields(c) != a->nr_cols)
		return csv_err(c, err, "expected %zu fields as in the header, got %zu",
			       a->nr_cols, csv_nfields(c));
	if (parse_int(csv_get(c, a->gpu_col), 0, 1 << 20, &dev))
		return csv_err(c, err, "expected a GPU index in column 'gpu'");
	if (a->time_col >= 0 && telem_epoch_seconds(csv_get(c, a->time_col), &t))
		return csv_err(c, err, "expected epoch seconds in column 'timestamp'");
	if (t == TIME_NONE)
		return csv_err(c, err, "no 'timestamp' column (amd-smi one-shot output): "
			       "pass --time to date the readings");
	if (telem_gpu(gpus, row->sink, dev, "AMD", NULL, err))
		return err->status;
	telem_row_start(row, dev, t);
	for (i = 0; i < a->nr_cols; i++)
		if (put_cell(row, &a->cols[i], csv_get(c, (int)i), NULL, err))
			return err->status;
	return telem_row_end(row, err);
}

static int
send_source(struct sink *s, const char *format, struct err *err)
{
	struct rec_source src = { .format = format, .clock = CLK_EPOCH, .rank = -1,
				  .world_size = -1 };

	return s->source(s, &src, err);
}

static int
amd_csv_parse(struct input *in, const struct parse_opts *o, struct sink *s, struct err *err)
{
	struct amd_csv a = { .time_col = -1, .gpu_col = -1 };
	struct telem_row row = { .sink = s };
	struct telem_gpus gpus = { 0 };
	int rc;

	csv_init(&a.csv, in, CSV_TRIM);
	rc = send_source(s, "amd-smi-csv", err);
	while (!rc && (rc = csv_next(&a.csv, err)) > 0) {
		size_t len;
		const char *raw = csv_raw(&a.csv, &len);

		rc = 0;
		if (csv_blank(&a.csv) || telem_is_ctrl_line(raw, len) ||
		    !strncmp(raw, "WARNING", 7))
			continue;
		if (looks_like_header(&a.csv)) {
			if (!a.cols || !csv_is_header(&a.csv))
				take_header(&a);
			if (a.gpu_col < 0)
				rc = csv_err(&a.csv, err, "expected a 'gpu' column in the header");
			continue;
		}
		if (!a.cols)
			rc = csv_err(&a.csv, err, "expected an amd-smi header line starting with "
				     "'timestamp,gpu' or 'gpu'");
		else
			rc = csv_row(&a, o, &row, &gpus, err);
	}
	if (!rc && !a.cols)
		rc = err_set(err, LITSI_EDATA, "%s:1: expected an amd-smi header line starting "
			     "with 'timestamp,gpu' or 'gpu'", input_name(in));
	telem_gpus_release(&gpus);
	free(a.cols);
	csv_release(&a.csv);
	return rc < 0 ? rc : 0;
}

/* A header made only of amd-smi's names: no dots or blanks (nvidia-smi), no 'index'. */
static int
amd_csv_probe(const char *head, size_t len, const char *name)
{
	size_t n, i;
	const char *l = telem_first_line(head, len, &n);

	(void)name;
	if (!l)
		return 0;
	if (!(n > 4 && !strncmp(l, "gpu,", 4)) && !(n > 14 && !strncmp(l, "timestamp,gpu,", 14)))
		return 0;
	for (i = 0; i < n; i++)
		if (l[i] == '.' || l[i] == ' ' || l[i] == '"')
			return 0;
	if (memmem(l, n, ",index,", 7) || (n >= 6 && !memcmp(l + n - 6, ",index", 6)))
		return 0;
	return 90;
}

const struct parser parser_amdsmi_csv = {
	.name = "amd-smi-csv",
	.probe = amd_csv_probe,
	.parse = amd_csv_parse,
};

/* ---- JSON ---- */

struct amd_json {
	struct input *in;
	const struct parse_opts *o;
	struct sink *sink;
	struct telem_row row;
	struct telem_gpus gpus;
	uint64_t line;
	bool monitor;
};

static int walk(struct amd_json *j, json_object *obj, const char *prefix, int depth,
		struct err *err);

static int
leaf(struct amd_json *j, const char *name, json_object *v, struct err *err)
{
	struct amd_col c;
	const char *unit;
	char cell[64];

	if (json_object_is_type(v, json_type_array) ||
	    telem_json_cell(v, cell, sizeof(cell), &unit))
		return 0;
	classify(name, j->monitor, &c);
	if (c.kind == COL_TIME || c.kind == COL_GPU)
		return 0;
	return put_cell(&j->row, &c, cell, unit, err);
}

/*
 * Flatten as amd-smi's CSV writer does: the category level (usage, power,
 * clock, ...) is dropped; deeper dictionaries prefix their key (gfx_0 → gfx_0_clk).
 */
static int
walk(struct amd_json *j, json_object *obj, const char *prefix, int depth, struct err *err)
{
	json_object_object_foreach(obj, key, val) {
		char name[160];
		json_object *probe;

		snprintf(name, sizeof(name), "%s%s", prefix, key);
		if (json_object_is_type(val, json_type_object) &&
		    !json_object_object_get_ex(val, "value", &probe)) {
			char sub[sizeof(name) + 2];

			snprintf(sub, sizeof(sub), "%s_", name);
			if (walk(j, val, depth ? sub : "", depth + 1, err))
				return err->status;
			continue;
		}
		if (leaf(j, name, val, err))
			return err->status;
	}
	return 0;
}

static int
json_err(struct amd_json *j, struct err *err, const char *what)
{
	return err_set(err, LITSI_EDATA, "%s:%llu: expected %s", input_name(j->in),
		       (unsigned long long)j->line, what);
}

/* A "value" (with a "unit") or a bare number in watts; 0 when absent or N/A. */
static double
json_watts(json_object *o, const char *key)
{
	json_object *v, *val;
	double w;

	if (!json_object_object_get_ex(o, key, &v))
		return 0;
	if (json_object_is_type(v, json_type_object) &&
	    json_object_object_get_ex(v, "value", &val))
		v = val;
	if (!json_object_is_type(v, json_type_int) && !json_object_is_type(v, json_type_double))
		return 0;
	w = json_object_get_double(v);
	return w > 0 && w < 1e5 ? w : 0;
}

/*
 * amd-smi static --limit: {"limit": {"ppt0": {"max_power_limit": ..,
 * "min_power_limit": .., "socket_power_limit": ..}}} (ROCm 7) or
 * {"limit": {"max_power": .., "min_power": .., "socket_power": ..}} (ROCm 6).
 */
static int
static_limits(struct amd_json *j, json_object *g, int dev, struct err *err)
{
	static const char *const keys[][2] = {
		{ "max_power_limit", "max" }, { "min_power_limit", "min" },
		{ "socket_power_limit", "cap" }, { "max_power", "max" }, { "min_power", "min" },
		{ "socket_power", "cap" }, { "power_cap", "cap" }, { "default_power_cap", "default" },
	};
	json_object *lim, *ppt;
	size_t i;

	if (!j->sink->limit || !json_object_object_get_ex(g, "limit", &lim) ||
	    !json_object_is_type(lim, json_type_object))
		return 0;
	if (json_object_object_get_ex(lim, "ppt0", &ppt) &&
	    json_object_is_type(ppt, json_type_object))
		lim = ppt;
	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		struct rec_limit r = { dev, keys[i][1], json_watts(lim, keys[i][0]) };

		if (r.watts > 0 && j->sink->limit(j->sink, &r, err))
			return err->status;
	}
	return 0;
}

static int
gpu_object(struct amd_json *j, json_object *g, struct err *err)
{
	json_object *v, *asic, *name;
	int64_t t = j->o->time_ns, dev;

	if (!json_object_object_get_ex(g, "gpu", &v) ||
	    (!json_object_is_type(v, json_type_int) && !json_object_is_type(v, json_type_string)) ||
	    parse_i64(json_object_get_string(v), 0, 1 << 20, &dev))
		return json_err(j, err, "a GPU index in key 'gpu' of each amd-smi GPU object");
	if (json_object_object_get_ex(g, "asic", &asic)) {
		const char *product = NULL;

		if (json_object_object_get_ex(asic, "market_name", &name) &&
		    json_object_is_type(name, json_type_string) &&
		    strcmp(json_object_get_string(name), "N/A"))
			product = json_object_get_string(name);
		if (telem_gpu(&j->gpus, j->sink, (int)dev, "AMD", product, err))
			return err->status;
		return static_limits(j, g, (int)dev, err);
	}
	if (json_object_object_get_ex(g, "timestamp", &v) &&
	    telem_epoch_seconds(json_object_get_string(v), &t))
		return json_err(j, err, "epoch seconds in key 'timestamp'");
	if (t == TIME_NONE)
		return err_set(err, LITSI_EDATA, "%s:%llu: no 'timestamp' key (amd-smi one-shot "
			       "output): pass --time to date the readings", input_name(j->in),
			       (unsigned long long)j->line);
	j->monitor = false;
	json_object_object_foreach(g, key, val) {
		(void)val;
		if (is_monitor_name(key))
			j->monitor = true;
	}
	if (telem_gpu(&j->gpus, j->sink, (int)dev, "AMD", NULL, err))
		return err->status;
	telem_row_start(&j->row, (int)dev, t);
	if (walk(j, g, "", 0, err))
		return err->status;
	return telem_row_end(&j->row, err);
}

static int
json_value(struct amd_json *j, json_object *v, struct err *err)
{
	json_object *data;
	size_t i;

	if (json_object_is_type(v, json_type_array)) {
		for (i = 0; i < json_object_array_length(v); i++)
			if (json_value(j, json_object_array_get_idx(v, i), err))
				return err->status;
		return 0;
	}
	if (!json_object_is_type(v, json_type_object))
		return json_err(j, err, "an amd-smi GPU object or a list of them");
	if (json_object_object_get_ex(v, "gpu_data", &data))
		return json_value(j, data, err);
	return gpu_object(j, v, err);
}

struct json_cb {
	struct amd_json *j;
	struct err *err;
};

static int
json_top(json_object *v, uint64_t line, void *arg)
{
	struct json_cb *cb = arg;

	cb->j->line = line;
	return json_value(cb->j, v, cb->err);
}

static int
amd_json_parse(struct input *in, const struct parse_opts *o, struct sink *s, struct err *err)
{
	struct amd_json j = { .in = in, .o = o, .sink = s, .row = { .sink = s } };
	struct json_cb cb = { &j, err };
	int rc;

	rc = send_source(s, "amd-smi-json", err);
	if (!rc)
		rc = telem_json_each(in, json_top, &cb, err);
	telem_gpus_release(&j.gpus);
	return rc;
}

/* amd-smi JSON: GPU objects keyed "gpu" with {"value", "unit"} leaves or an asic block. */
static int
amd_json_probe(const char *head, size_t len, const char *name)
{
	size_t n;
	const char *l = telem_first_line(head, len, &n);

	(void)name;
	if (!l || (*l != '[' && *l != '{'))
		return 0;
	if (memmem(head, len, "\"traceEvents\"", 13) || memmem(head, len, "\"card", 5))
		return 0;
	if (!memmem(head, len, "\"gpu\"", 5))
		return 0;
	if (memmem(head, len, "\"gpu_data\"", 10) || memmem(head, len, "\"unit\"", 6) ||
	    memmem(head, len, "\"asic\"", 6))
		return 90;
	return 0;
}

const struct parser parser_amdsmi_json = {
	.name = "amd-smi-json",
	.probe = amd_json_probe,
	.parse = amd_json_parse,
};
