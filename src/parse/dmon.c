/* SPDX-License-Identifier: MIT */
/*
 * dmon.c: dcgmi dmon text logs. A header "#Entity  TAG ..." (field short
 * names), a units line "ID ...", then one row per entity per tick ("GPU 0"
 * and the values in the header's columns, N/A for no value); the header is
 * printed again every 14 ticks. dmon prints no times: tick k is dated
 * --time + k * --interval (dmon -d, 1 s by default).
 */
#include "litsi/parse.h"
#include "litsi/litsi.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "telem.h"

enum { DMON_MAX_COLS = 64 };

enum dm_kind { DM_VALUE, DM_REASONS };

/* DCGM field short names (dcgmlib/src/dcgm_fields.cpp) and what litsi stores. */
static const struct dm_field {
	const char *tag;	/* as dmon prints it; field id in the comment */
	const char *metric, *unit;
	double scale;
	enum dm_kind kind;
} dm_fields[] = {
	{ "SMCLK", METRIC_GFX_CLK, "MHz", 1, DM_VALUE },	/* 100 */
	{ "MMCLK", METRIC_MEM_CLK, "MHz", 1, DM_VALUE },	/* 101 */
	{ "DVCCTR", NULL, NULL, 1, DM_REASONS },		/* 112 */
	{ "MMTMP", METRIC_TEMP_MEM, "C", 1, DM_VALUE },		/* 140 */
	{ "TMPTR", METRIC_TEMP_HOTSPOT, "C", 1, DM_VALUE },	/* 150 */
	{ "POWER", METRIC_POWER, "W", 1, DM_VALUE },		/* 155 */
	{ "TOTEC", METRIC_ENERGY, "J", 1e-3, DM_VALUE },	/* 156, mJ */
	{ "GPUTL", METRIC_GFX_ACT, "%", 1, DM_VALUE },		/* 203 */
	{ "MCUTL", METRIC_MEM_ACT, "%", 1, DM_VALUE },		/* 204 */
};

struct dm_col {
	size_t start;		/* byte offset of the column in each line */
	const struct dm_field *f;	/* NULL: kept under the tag's lower-case name */
	char raw[32];
};

struct dmon {
	struct input *in;
	const struct parse_opts *o;
	struct telem_row row;
	struct telem_gpus gpus;
	struct dm_col cols[DMON_MAX_COLS];
	int nr_cols;
	int64_t tick;		/* ticks seen so far, minus one */
	int last_dev;		/* device of the previous row; a lower or equal one starts a tick */
	bool want_units;	/* the line after a header is its units line */
};

static int
dm_err(struct dmon *d, struct err *err, const char *what)
{
	return err_set(err, LITSI_EDATA, "%s:%llu: %s", input_name(d->in),
		       (unsigned long long)input_lineno(d->in), what);
}

/* "#Entity   SMCLK   POWER ..." → column offsets and meanings. */
static int
dm_header(struct dmon *d, const char *l, struct err *err)
{
	const char *p = l + 7;

	d->nr_cols = 0;
	for (;;) {
		const char *s;
		size_t n, i;
		struct dm_col *c;

		while (*p == ' ')
			p++;
		if (!*p)
			break;
		s = p;
		while (*p && *p != ' ')
			p++;
		n = (size_t)(p - s);
		if (d->nr_cols == DMON_MAX_COLS)
			return dm_err(d, err, "more than 64 fields in the header");
		c = &d->cols[d->nr_cols++];
		c->start = (size_t)(s - l);
		c->f = NULL;
		for (i = 0; i < ARRAY_SIZE(dm_fields); i++)
			if (strlen(dm_fields[i].tag) == n && !memcmp(dm_fields[i].tag, s, n))
				c->f = &dm_fields[i];
		telem_sanitise(s, n, c->raw, sizeof(c->raw));
	}
	if (!d->nr_cols)
		return dm_err(d, err, "expected field names after '#Entity'");
	d->want_units = true;
	return 0;
}

/* The cell of column @i: from its start to the next column's, blanks trimmed. */
static void
dm_cell(const struct dmon *d, const char *l, size_t len, int i, char *buf, size_t bufsz)
{
	size_t a = d->cols[i].start, b = i + 1 < d->nr_cols ? d->cols[i + 1].start : len;

	buf[0] = '\0';
	if (a >= len)
		return;
	b = b > len ? len : b;
	while (a < b && l[a] == ' ')
		a++;
	while (b > a && l[b - 1] == ' ')
		b--;
	snprintf(buf, bufsz, "%.*s", (int)(b - a), l + a);
}

static const char *
dm_name(const struct dm_col *c)
{
	return c->f ? c->f->tag : c->raw;
}

/*
 * A row must fit the header's columns: every word lies inside one field's
 * column and no column holds two words. A damaged or hand-edited log whose
 * row is shifted would otherwise be read by offsets as other numbers (612.455
 * cut to 612.4, a cell dropped): it is refused, naming the line.
 */
static int
dm_fits(struct dmon *d, const char *l, size_t len, struct err *err)
{
	bool used[DMON_MAX_COLS] = { false };
	size_t i = d->cols[0].start;
	char msg[160];

	while (i < len) {
		size_t a, b;
		int c;

		while (i < len && l[i] == ' ')
			i++;
		if (i == len)
			break;
		a = i;
		while (i < len && l[i] != ' ')
			i++;
		b = i;
		for (c = d->nr_cols - 1; c > 0 && d->cols[c].start > a; c--)
			;
		if (b - a > 63)
			snprintf(msg, sizeof(msg), "byte %zu: a value longer than 63 bytes in the "
				 "column of field %s", a + 1, dm_name(&d->cols[c]));
		else if (used[c])
			snprintf(msg, sizeof(msg), "byte %zu: two values in the column of field %s "
				 "(a row that does not fit the header's columns)", a + 1,
				 dm_name(&d->cols[c]));
		else if (c + 1 < d->nr_cols && b > d->cols[c + 1].start)
			snprintf(msg, sizeof(msg), "byte %zu: a value runs from the column of field "
				 "%s into that of %s (a row that does not fit the header's "
				 "columns)", a + 1, dm_name(&d->cols[c]), dm_name(&d->cols[c + 1]));
		else {
			used[c] = true;
			continue;
		}
		return dm_err(d, err, msg);
	}
	return 0;
}

static int
dm_put(struct dmon *d, const struct dm_col *c, const char *cell, struct err *err)
{
	double v;
	char msg[160];

	if (!*cell || !strcmp(cell, "N/A"))
		return 0;	/* no reading */
	if (parse_double(cell, &v) || !isfinite(v)) {
		if (!c->f)
			return 0;	/* a field litsi does not read */
		snprintf(msg, sizeof(msg), "field %s: expected a number or N/A, not '%.40s'",
			 c->f->tag, cell);
		return dm_err(d, err, msg);
	}
	if (!c->f)
		return telem_put(&d->row, c->raw, telem_unit_guess(c->raw), v, err);
	if (c->f->kind == DM_REASONS)
		return telem_put_reasons(&d->row, v, err);
	return telem_put(&d->row, c->f->metric, c->f->unit, v * c->f->scale, err);
}

/* "GPU 3   1410   61.575 ..." */
static int
dm_row(struct dmon *d, const char *l, size_t len, struct err *err)
{
	int64_t t, off;
	char cell[64];
	int dev, i;

	if (!d->nr_cols)
		return dm_err(d, err, "a row before the '#Entity' header");
	snprintf(cell, sizeof(cell), "%.*s", (int)(d->cols[0].start < len ? d->cols[0].start : len),
		 l);
	for (i = (int)strlen(cell); i > 0 && cell[i - 1] == ' '; i--)
		cell[i - 1] = '\0';
	if (strncmp(cell, "GPU ", 4) || parse_int(cell + 4, 0, 1 << 20, &dev))
		return 0;	/* links, switches, CPUs, MIG instances */
	if (dm_fits(d, l, len, err))
		return err->status;
	if (d->o->time_ns == TIME_NONE)
		return dm_err(d, err, "dcgmi dmon prints no times: pass --time (the first "
			      "tick) and --interval (dmon -d) to date the rows");
	if (d->tick < 0 || dev <= d->last_dev)
		d->tick++;
	d->last_dev = dev;
	if (__builtin_mul_overflow(d->tick, d->o->interval_ns > 0 ? d->o->interval_ns :
				   INT64_C(1000000000), &off) ||
	    __builtin_add_overflow(d->o->time_ns, off, &t))
		return dm_err(d, err, "the tick time does not fit in 64-bit nanoseconds");
	if (telem_gpu(&d->gpus, d->row.sink, dev, "NVIDIA", NULL, err))
		return err->status;
	telem_row_start(&d->row, dev, t);
	for (i = 0; i < d->nr_cols; i++) {
		dm_cell(d, l, len, i, cell, sizeof(cell));
		if (dm_put(d, &d->cols[i], cell, err))
			return err->status;
	}
	return telem_row_end(&d->row, err);
}

static int
dm_line(struct dmon *d, const char *l, size_t len, struct err *err)
{
	if (!strncmp(l, "#Entity", 7))
		return dm_header(d, l, err);
	if (d->want_units && !strncmp(l, "ID", 2)) {
		d->want_units = false;
		return 0;
	}
	d->want_units = false;
	while (len && l[len - 1] == ' ')
		len--;
	if (!len || !strncmp(l, "dmon was stopped", 16))
		return 0;
	return dm_row(d, l, len, err);
}

static int
dm_parse(struct input *in, const struct parse_opts *o, struct sink *s, struct err *err)
{
	struct rec_source src = { .format = "dcgmi-dmon", .clock = CLK_EPOCH, .rank = -1,
				  .world_size = -1 };
	struct dmon d = { .in = in, .o = o, .row = { .sink = s }, .tick = -1, .last_dev = -1 };
	struct sbuf line = SBUF_INIT;
	int rc;

	rc = s->source(s, &src, err);
	while (!rc && (rc = input_getline(in, &line, err)) > 0)
		rc = line.len > 4096 ? dm_err(&d, err, "line longer than 4 KiB")
				     : dm_line(&d, line.buf, line.len, err);
	telem_gpus_release(&d.gpus);
	sbuf_release(&line);
	return rc < 0 ? rc : 0;
}

static int
dm_probe(const char *head, size_t len, const char *name)
{
	size_t n;
	const char *l = telem_first_line(head, len, &n);

	(void)name;
	return l && n > 8 && !memcmp(l, "#Entity", 7) && (l[7] == ' ' || l[7] == '\t') ? 90 : 0;
}

const struct parser parser_dcgmi_dmon = {
	.name = "dcgmi-dmon",
	.probe = dm_probe,
	.parse = dm_parse,
};
