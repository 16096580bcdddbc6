/* SPDX-License-Identifier: MIT */
/*
 * fmt.c: the column bookkeeping of include/litsi/fmt.h and the table of
 * writers (one file per format: fmt_table.c, fmt_tsv.c, fmt_csv.c,
 * fmt_json.c); every call is passed to the writer of the document's kind.
 */
#include "fmt_writer.h"
#include "litsi/litsi.h"
#include "litsi/util.h"
#include "litsi/err.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The writers, by kind (each defined in its src/fmt/fmt_<name>.c). */
extern const struct fmt_writer fmt_writer_table, fmt_writer_tsv, fmt_writer_csv,
	fmt_writer_json;
static const struct fmt_writer *const writers[] = {
	[FMT_TABLE] = &fmt_writer_table,
	[FMT_TSV] = &fmt_writer_tsv,
	[FMT_CSV] = &fmt_writer_csv,
	[FMT_JSON] = &fmt_writer_json,
};

/*
 * The --format names: one row per name, with the commands that take it
 * (space-separated). Usage lines, "expected ..." messages and the hidden
 * `litsi --list-formats` (which tests/meta compares with the man pages)
 * are made from this table. A command listed in no row takes no --format.
 */
#define TABULAR "caps compare corr fleet info lead model overlap thermal"
static const struct fmt_name {
	const char *name;
	enum fmt_kind kind;
	const char *cmds;	/* the commands that take it */
	bool alias;		/* a former name: accepted, never listed */
} fmt_names[] = {
	{ "table", FMT_TABLE, TABULAR " check report", false },
	{ "tsv", FMT_TSV, TABULAR, false },
	{ "csv", FMT_CSV, TABULAR, false },
	{ "json", FMT_JSON, TABULAR " check report", false },
	{ "junit", FMT_JUNIT, "check", false },
	{ "text", FMT_TABLE, TABULAR " check report", true },
};

/* Whether the space-separated @list names @cmd. */
static bool
names_cmd(const char *list, const char *cmd)
{
	size_t n = strlen(cmd);

	while (*list) {
		size_t k = strcspn(list, " ");

		if (k == n && !strncmp(list, cmd, n))
			return true;
		list += k;
		list += strspn(list, " ");
	}
	return false;
}

int
fmt_parse_name(const char *cmd, const char *s, enum fmt_kind *kind)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fmt_names); i++) {
		if (!strcmp(s, fmt_names[i].name) && names_cmd(fmt_names[i].cmds, cmd)) {
			*kind = fmt_names[i].kind;
			return 0;
		}
	}
	return -1;
}

char *
fmt_names_text(const char *cmd, const char *sep, const char *last)
{
	struct sbuf sb = SBUF_INIT;
	size_t i, n = 0, k = 0;

	for (i = 0; i < ARRAY_SIZE(fmt_names); i++)
		n += !fmt_names[i].alias && names_cmd(fmt_names[i].cmds, cmd);
	if (!n)
		return NULL;
	for (i = 0; i < ARRAY_SIZE(fmt_names); i++) {
		if (fmt_names[i].alias || !names_cmd(fmt_names[i].cmds, cmd))
			continue;
		if (k++)
			sbuf_addstr(&sb, k == n ? last : sep);
		sbuf_addstr(&sb, fmt_names[i].name);
	}
	return sbuf_detach(&sb);
}

enum fmt_kind
fmt_default_kind(FILE *out)
{
	return isatty(fileno(out)) ? FMT_TABLE : FMT_TSV;
}

struct fmt *
fmt_new(FILE *out, enum fmt_kind kind)
{
	struct fmt *f = xcalloc(1, sizeof(*f));

	if ((size_t)kind >= ARRAY_SIZE(writers) || !writers[kind])
		BUG("no writer for format kind %d", (int)kind);
	f->out = out;
	f->w = writers[kind];
	if (f->w->open)
		f->w->open(f);
	return f;
}

void
fmt_double_to(char *buf, size_t n, double v, int prec)
{
	if (isnan(v))
		snprintf(buf, n, "nan");
	else if (isinf(v))
		snprintf(buf, n, v > 0 ? "inf" : "-inf");
	else {
		snprintf(buf, n, "%.*f", prec, v);
		/* Never print "-0.000". */
		if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
			memmove(buf, buf + 1, strlen(buf));
	}
}

void
fmt_put_json_string(FILE *out, const char *s)
{
	struct sbuf sb = SBUF_INIT;

	sbuf_add_json(&sb, s, strlen(s));
	fputc('"', out);
	fputs(sb.buf, out);
	fputc('"', out);
	sbuf_release(&sb);
}

/* Text for a terminal or one line of TSV: control characters made visible. */
void
fmt_put_visible(FILE *out, const char *s)
{
	struct sbuf sb = SBUF_INIT;

	sbuf_add_visible(&sb, s, strlen(s));
	fputs(sb.buf, out);
	sbuf_release(&sb);
}

void
fmt_put_note_line(FILE *out, const char *prefix, const char *key, const char *value)
{
	/* One line whatever the value holds (a --node name with a newline). */
	fputs(prefix, out);
	fmt_put_visible(out, key);
	fputs(": ", out);
	fmt_put_visible(out, value);
	fputc('\n', out);
}

void
fmt_row_newline(struct fmt *f)
{
	fputc('\n', f->out);
}

void
fmt_note_comment(struct fmt *f, const char *key, const char *value)
{
	fmt_put_note_line(f->out, "# ", key, value);
}

void
fmt_begin(struct fmt *f, const char *name, const struct fmt_col *cols, size_t ncols)
{
	f->cols = cols;
	f->ncols = ncols;
	f->col = 0;
	f->in_table = true;
	f->w->begin(f, name);
	f->any_output = true;
}

static void
cell(struct fmt *f, const char *text, bool is_null, bool quote)
{
	if (f->col >= f->ncols)
		BUG("too many cells in a row of %zu columns", f->ncols);
	f->w->cell(f, text, is_null, quote);
	f->col++;
}

void
fmt_str(struct fmt *f, const char *v)
{
	cell(f, v ? v : "-", !v, true);
}

void
fmt_int(struct fmt *f, int64_t v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%lld", (long long)v);
	cell(f, buf, false, false);
}

void
fmt_bool(struct fmt *f, bool v)
{
	cell(f, f->w->bool_text[v], false, false);
}

void
fmt_double_exact(char *buf, size_t n, double v)
{
	int p;

	if (!isfinite(v)) {
		fmt_double_to(buf, n, v, 0);
		return;
	}
	if (v == 0) {
		snprintf(buf, n, "0");
		return;
	}
	/* Plain decimals where they stay short (750, 16.12032), else exponent form. */
	if (fabs(v) >= 1e-5 && fabs(v) < 1e16)
		for (p = 0; p <= 20; p++) {
			snprintf(buf, n, "%.*f", p, v);
			if (strtod(buf, NULL) == v)
				return;
		}
	for (p = 1; p < 17; p++) {
		snprintf(buf, n, "%.*g", p, v);
		if (strtod(buf, NULL) == v)
			return;
	}
	snprintf(buf, n, "%.17g", v);
}

/*
 * A person reads the table: fixed decimals, "n/a" for a missing value. A
 * program reads TSV, CSV and JSON: every number reads back to the same
 * double; a missing value is an empty field, or null in JSON.
 */
/*
 * A program reads TSV, CSV and JSON: every number reads back to the same
 * double; a missing value is an empty field, or null in JSON.
 */
void
fmt_dbl_exact_text(const struct fmt *f, double v, char *buf, size_t n)
{
	(void)f;
	if (isnan(v))
		buf[0] = '\0';
	else
		fmt_double_exact(buf, n, v);
}

void
fmt_dbl(struct fmt *f, double v)
{
	char buf[64];

	(f->w->dbl_text ? f->w->dbl_text : fmt_dbl_exact_text)(f, v, buf, sizeof(buf));
	cell(f, buf, !isfinite(v), false);
}

void
fmt_end_row(struct fmt *f)
{
	if (f->col != f->ncols)
		BUG("row has %zu of %zu cells", f->col, f->ncols);
	f->col = 0;
	if (f->w->end_row)
		f->w->end_row(f);
}

void
fmt_break(struct fmt *f)
{
	if (f->w->brk)
		f->w->brk(f);
}

void
fmt_end(struct fmt *f)
{
	if (!f->in_table)
		return;
	if (f->w->end)
		f->w->end(f);
	f->in_table = false;
}

void
fmt_note(struct fmt *f, const char *key, const char *fmt, ...)
{
	struct sbuf sb = SBUF_INIT;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	sbuf_grow(&sb, (size_t)(n > 0 ? n : 0));
	va_start(ap, fmt);
	vsnprintf(sb.buf, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb.len = (size_t)n;
	if (f->w->note)
		f->w->note(f, key, sb.buf);
	f->any_output = true;
	sbuf_release(&sb);
}

void
fmt_free(struct fmt *f)
{
	if (!f)
		return;
	fmt_end(f);
	if (f->w->close)
		f->w->close(f);
	if (f->w->release)
		f->w->release(f);
	free(f);
}

void
fmt_text_str(FILE *out, const char *s)
{
	fmt_put_visible(out, s);
}

void
fmt_text_short(FILE *out, const char *s, size_t max)
{
	struct sbuf sb = SBUF_INIT;
	size_t n;

	sbuf_add_visible(&sb, s, strlen(s));
	n = sb.len;
	if (n > max) {
		/* Cut at a character boundary, never inside a UTF-8 sequence. */
		n = max;
		while (n > 0 && ((unsigned char)sb.buf[n] & 0xc0) == 0x80)
			n--;
	}
	fwrite(sb.buf, 1, n, out);
	if (n < sb.len)
		fputs("...", out);
	sbuf_release(&sb);
}
