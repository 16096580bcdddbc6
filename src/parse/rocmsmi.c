/* SPDX-License-Identifier: MIT */
/*
 * rocmsmi.c: rocm-smi --csv and --json output (one row or object per card,
 * values as strings under human labels, no timestamp of its own).
 */
#include "litsi/parse.h"
#include "litsi/litsi.h"

#include <json.h>
#include <string.h>
#include <strings.h>

#include "csv.h"
#include "telem.h"

struct label_map {
	const char *label, *metric, *unit;
	double scale;
};

static const struct label_map labels[] = {
	{ "Temperature (Sensor junction) (C)", METRIC_TEMP_HOTSPOT, "C", 1 },
	{ "Temperature (Sensor edge) (C)", METRIC_TEMP_EDGE, "C", 1 },
	{ "Temperature (Sensor memory) (C)", METRIC_TEMP_MEM, "C", 1 },
	{ "Current Socket Graphics Package Power (W)", METRIC_POWER, "W", 1 },
	{ "Average Graphics Package Power (W)", METRIC_POWER, "W", 1 },
	{ "Max Graphics Package Power (W)", METRIC_POWER_CAP, "W", 1 },
	{ "sclk clock speed:", METRIC_GFX_CLK, "MHz", 1 },
	{ "mclk clock speed:", METRIC_MEM_CLK, "MHz", 1 },
	{ "GPU use (%)", METRIC_GFX_ACT, "%", 1 },
	{ "GPU memory use (%)", METRIC_MEM_ACT, "%", 1 },
	{ "Accumulated Energy (uJ)", METRIC_ENERGY, "J", 1e-6 },
};

struct col {
	bool skip;
	double scale;
	const char *unit;
	char metric[96];
	char unit_buf[16];
};

/* The unit in a label's trailing "(X)", "MHz" for "... clock speed:", else "". */
static void
label_unit(const char *label, struct col *c)
{
	size_t n = strlen(label);
	const char *open;

	c->unit = "";
	if (n > 12 && !strcmp(label + n - 12, "clock speed:")) {
		c->unit = "MHz";
		return;
	}
	if (!n || label[n - 1] != ')' || !(open = strrchr(label, '(')))
		return;
	if ((size_t)(label + n - 1 - open - 1) < sizeof(c->unit_buf)) {
		snprintf(c->unit_buf, sizeof(c->unit_buf), "%.*s", (int)(label + n - 1 - open - 1),
			 open + 1);
		c->unit = c->unit_buf;
	}
}

static void
classify(const char *label, struct col *c)
{
	size_t i;

	memset(c, 0, sizeof(*c));
	c->scale = 1;
	for (i = 0; i < ARRAY_SIZE(labels); i++) {
		if (strcasecmp(labels[i].label, label))
			continue;
		snprintf(c->metric, sizeof(c->metric), "%s", labels[i].metric);
		c->unit = labels[i].unit;
		c->scale = labels[i].scale;
		return;
	}
	telem_sanitise(label, strlen(label), c->metric, sizeof(c->metric));
	c->skip = !c->metric[0] || !strcasecmp(label, "device") || !strcasecmp(label, "timestamp");
	label_unit(label, c);
}

static int
put(struct telem_row *row, const struct col *c, const char *cell, struct err *err)
{
	double v;

	if (c->skip || telem_number(cell, &v))
		return 0;
	return telem_put(row, c->metric, c->unit, v * c->scale, err);
}

/* "card3" → 3. */
static int
card_index(const char *s, int *dev)
{
	if (strncasecmp(s, "card", 4))
		return -1;
	return parse_int(s + 4, 0, 1 << 20, dev);
}

static int
send_source(struct sink *s, const char *format, struct err *err)
{
	struct rec_source src = { .format = format, .clock = CLK_EPOCH, .rank = -1,
				  .world_size = -1 };

	return s->source(s, &src, err);
}

/* ---- CSV ---- */

enum block_state { BLOCK_NONE, BLOCK_CARDS, BLOCK_OTHER };

struct rocm_csv {
	struct csv csv;
	enum block_state state;
	struct col *cols;
	size_t nr_cols;
	int dev_col, time_col;
};

static void
take_header(struct rocm_csv *r)
{
	size_t i, n = csv_nfields(&r->csv);

	csv_set_header(&r->csv);
	free(r->cols);
	r->cols = xcalloc(n, sizeof(*r->cols));
	r->nr_cols = n;
	r->dev_col = csv_col(&r->csv, "device");
	r->time_col = csv_col(&r->csv, "timestamp");
	for (i = 0; i < n; i++)
		classify(csv_hdr_name(&r->csv, (int)i), &r->cols[i]);
	r->state = BLOCK_CARDS;
}

static int
csv_row(struct rocm_csv *r, const struct parse_opts *o, struct telem_row *row,
	struct telem_gpus *gpus, struct err *err)
{
	struct csv *c = &r->csv;
	int64_t t = o->time_ns;
	size_t i;
	int dev;

	if (csv_nfields(c) != r->nr_cols)
		return csv_err(c, err, "expected %zu fields as in the header, got %zu",
			       r->nr_cols, csv_nfields(c));
	if (card_index(csv_get(c, r->dev_col), &dev))
		return csv_err(c, err, "expected 'card<N>' in column 'device'");
	if (r->time_col >= 0 && telem_epoch_seconds(csv_get(c, r->time_col), &t))
		return csv_err(c, err, "expected epoch seconds in column 'timestamp'");
	if (t == TIME_NONE)
		return csv_err(c, err, "rocm-smi writes no timestamp: pass --time to date the "
			       "readings (or add a leading 'timestamp' column)");
	if (telem_gpu(gpus, row->sink, dev, "AMD", NULL, err))
		return err->status;
	telem_row_start(row, dev, t);
	for (i = 0; i < r->nr_cols; i++)
		if (put(row, &r->cols[i], csv_get(c, (int)i), err))
			return err->status;
	return telem_row_end(row, err);
}

static bool
is_card_header(const struct csv *c)
{
	const char *f = csv_get(c, 0);

	return !strcasecmp(f, "device") ||
	       (!strcasecmp(f, "timestamp") && !strcasecmp(csv_get(c, 1), "device"));
}

/* One record; blank lines end a block, each block has its own header. */
static int
csv_record(struct rocm_csv *r, const struct parse_opts *o, struct telem_row *row,
	   struct telem_gpus *gpus, struct err *err)
{
	size_t len;
	const char *raw = csv_raw(&r->csv, &len);

	if (csv_blank(&r->csv)) {
		r->state = BLOCK_NONE;
		return 0;
	}
	if (!strncmp(raw, "WARNING", 7) || !strncmp(raw, "=====", 5))
		return 0;
	if (is_card_header(&r->csv)) {
		take_header(r);
		return 0;
	}
	if (r->state == BLOCK_NONE)
		r->state = BLOCK_OTHER;	/* the "system" block or other text */
	if (r->state == BLOCK_OTHER)
		return 0;
	return csv_row(r, o, row, gpus, err);
}

static int
rocm_csv_parse(struct input *in, const struct parse_opts *o, struct sink *s, struct err *err)
{
	struct rocm_csv r = { .dev_col = -1, .time_col = -1 };
	struct telem_row row = { .sink = s };
	struct telem_gpus gpus = { 0 };
	int rc;

	csv_init(&r.csv, in, CSV_TRIM);
	rc = send_source(s, "rocm-smi-csv", err);
	while (!rc && (rc = csv_next(&r.csv, err)) > 0)
		rc = csv_record(&r, o, &row, &gpus, err);
	if (!rc && !r.cols)
		rc = err_set(err, LITSI_EDATA, "%s:1: expected a rocm-smi CSV header starting "
			     "with 'device'", input_name(in));
	telem_gpus_release(&gpus);
	free(r.cols);
	csv_release(&r.csv);
	return rc < 0 ? rc : 0;
}

static int
rocm_csv_probe(const char *head, size_t len, const char *name)
{
	size_t n;
	const char *l = telem_first_line(head, len, &n);

	(void)name;
	if (!l)
		return 0;
	if ((n > 7 && !strncmp(l, "device,", 7)) ||
	    (n > 17 && !strncmp(l, "timestamp,device,", 17)))
		return memmem(head, len, "\ncard", 5) ? 90 : 60;
	return 0;
}

const struct parser parser_rocmsmi_csv = {
	.name = "rocm-smi-csv",
	.probe = rocm_csv_probe,
	.parse = rocm_csv_parse,
};

/* ---- JSON ---- */

struct rocm_json {
	struct input *in;
	const struct parse_opts *o;
	struct telem_row row;
	struct telem_gpus gpus;
	struct err *err;
};

static int
card_object(struct rocm_json *j, int dev, json_object *card, int64_t t, uint64_t line)
{
	struct err *err = j->err;
	json_object *v;

	if (!json_object_is_type(card, json_type_object))
		return err_set(err, LITSI_EDATA, "%s:%llu: expected an object of labels for "
			       "card%d", input_name(j->in), (unsigned long long)line, dev);
	if (json_object_object_get_ex(card, "timestamp", &v) &&
	    telem_epoch_seconds(json_object_get_string(v), &t))
		return err_set(err, LITSI_EDATA, "%s:%llu: expected epoch seconds in key "
			       "'timestamp' of card%d", input_name(j->in),
			       (unsigned long long)line, dev);
	if (t == TIME_NONE)
		return err_set(err, LITSI_EDATA, "%s:%llu: rocm-smi writes no timestamp: pass "
			       "--time to date the readings (or add a 'timestamp' key)",
			       input_name(j->in), (unsigned long long)line);
	if (telem_gpu(&j->gpus, j->row.sink, dev, "AMD", NULL, err))
		return err->status;
	telem_row_start(&j->row, dev, t);
	json_object_object_foreach(card, key, val) {
		struct col c;

		if (!json_object_is_type(val, json_type_string) &&
		    !json_object_is_type(val, json_type_int) &&
		    !json_object_is_type(val, json_type_double))
			continue;
		classify(key, &c);
		if (put(&j->row, &c, json_object_get_string(val), err))
			return err->status;
	}
	return telem_row_end(&j->row, err);
}

static int
rocm_json_top(json_object *top, uint64_t line, void *arg)
{
	struct rocm_json *j = arg;
	int64_t t = j->o->time_ns;
	json_object *v;
	int dev;

	if (!json_object_is_type(top, json_type_object))
		return err_set(j->err, LITSI_EDATA, "%s:%llu: expected an object keyed by "
			       "'card<N>'", input_name(j->in), (unsigned long long)line);
	if (json_object_object_get_ex(top, "timestamp", &v) &&
	    telem_epoch_seconds(json_object_get_string(v), &t))
		return err_set(j->err, LITSI_EDATA, "%s:%llu: expected epoch seconds in key "
			       "'timestamp'", input_name(j->in), (unsigned long long)line);
	json_object_object_foreach(top, key, val) {
		if (card_index(key, &dev))
			continue;	/* "system", "timestamp" */
		if (card_object(j, dev, val, t, line))
			return j->err->status;
	}
	return 0;
}

static int
rocm_json_parse(struct input *in, const struct parse_opts *o, struct sink *s, struct err *err)
{
	struct rocm_json j = { .in = in, .o = o, .row = { .sink = s }, .err = err };
	int rc;

	rc = send_source(s, "rocm-smi-json", err);
	if (!rc)
		rc = telem_json_each(in, rocm_json_top, &j, err);
	telem_gpus_release(&j.gpus);
	return rc;
}

static int
rocm_json_probe(const char *head, size_t len, const char *name)
{
	size_t n;
	const char *l = telem_first_line(head, len, &n);

	(void)name;
	if (!l || *l != '{' || !memmem(head, len, "\"card", 5))
		return 0;
	return memmem(head, len, "(C)\"", 4) || memmem(head, len, "(W)\"", 4) ||
		       memmem(head, len, "(%)\"", 4) || memmem(head, len, "clock speed:\"", 13)
		       ? 90 : 30;
}

const struct parser parser_rocmsmi_json = {
	.name = "rocm-smi-json",
	.probe = rocm_json_probe,
	.parse = rocm_json_parse,
};
