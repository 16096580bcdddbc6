/* SPDX-License-Identifier: MIT */
/* fmt.c: table / TSV / CSV / JSON writers driven by column tables. */
#include "litsi/fmt.h"
#include "litsi/litsi.h"
#include "litsi/util.h"
#include "litsi/err.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct fmt {
	FILE *out;
	enum fmt_kind kind;
	const struct fmt_col *cols;
	size_t ncols, col;
	bool in_table, json_first_member, json_first_row;
	/* table mode: buffered cells for alignment */
	char **cells;
	size_t ncells, cells_alloc;
	bool *breaks;		/* per row: a block break before it */
	size_t nrows, breaks_alloc;
	bool pending_break;
	bool any_output;
};

int
fmt_parse_kind(const char *s, enum fmt_kind *kind)
{
	static const struct {
		const char *name;
		enum fmt_kind kind;
	} kinds[] = { { "table", FMT_TABLE }, { "tsv", FMT_TSV }, { "csv", FMT_CSV },
		      { "json", FMT_JSON }, { "text", FMT_TABLE } };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		if (!strcmp(s, kinds[i].name)) {
			*kind = kinds[i].kind;
			return 0;
		}
	}
	return -1;
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

	f->out = out;
	f->kind = kind;
	f->json_first_member = true;
	if (kind == FMT_JSON)
		fputc('{', out);
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

static void
json_string(FILE *out, const char *s)
{
	struct sbuf sb = SBUF_INIT;

	sbuf_add_json(&sb, s, strlen(s));
	fputc('"', out);
	fputs(sb.buf, out);
	fputc('"', out);
	sbuf_release(&sb);
}

/* Text for a terminal or one line of TSV: control characters made visible. */
static void
visible(FILE *out, const char *s)
{
	struct sbuf sb = SBUF_INIT;

	sbuf_add_visible(&sb, s, strlen(s));
	fputs(sb.buf, out);
	sbuf_release(&sb);
}

static void
json_member(struct fmt *f, const char *key)
{
	if (!f->json_first_member)
		fputc(',', f->out);
	f->json_first_member = false;
	fputs("\n", f->out);
	json_string(f->out, key);
	fputc(':', f->out);
}

/* A CSV field: control characters made visible first, then RFC 4180 quoting. */
static void
csv_field(FILE *out, const char *s)
{
	struct sbuf sb = SBUF_INIT;
	const char *p;

	sbuf_add_visible(&sb, s, strlen(s));
	p = sb.buf ? sb.buf : "";
	if (!strpbrk(p, ",\"")) {
		fputs(p, out);
		sbuf_release(&sb);
		return;
	}
	fputc('"', out);
	for (; *p; p++) {
		if (*p == '"')
			fputc('"', out);
		fputc(*p, out);
	}
	fputc('"', out);
	sbuf_release(&sb);
}

static void
tsv_field(FILE *out, const char *s)
{
	/* Tabs, newlines and escapes inside a field would break the record: \t, \n, \e. */
	visible(out, s);
}

void
fmt_begin(struct fmt *f, const char *name, const struct fmt_col *cols, size_t ncols)
{
	size_t i;

	f->cols = cols;
	f->ncols = ncols;
	f->col = 0;
	f->in_table = true;
	f->nrows = 0;
	f->ncells = 0;
	f->pending_break = false;
	switch (f->kind) {
	case FMT_JSON:
		json_member(f, name);
		fputc('[', f->out);
		f->json_first_row = true;
		break;
	case FMT_TSV:
	case FMT_CSV:
		if (f->any_output)
			fputs(f->kind == FMT_TSV ? "\n\n" : "\n", f->out);
		if (f->kind == FMT_TSV) {
			fputs("# ", f->out);
			visible(f->out, name);
			fputs("\n#", f->out);
			for (i = 0; i < ncols; i++)
				fprintf(f->out, "%s%s", i ? "\t" : " ", cols[i].name);
		} else {
			for (i = 0; i < ncols; i++) {
				if (i)
					fputc(',', f->out);
				csv_field(f->out, cols[i].name);
			}
		}
		fputc('\n', f->out);
		break;
	case FMT_TABLE:
		if (f->any_output)
			fputc('\n', f->out);
		visible(f->out, name);
		fputc('\n', f->out);
		break;
	}
	f->any_output = true;
}

static void
cell(struct fmt *f, const char *text, bool is_null, bool quote)
{
	const struct fmt_col *c;

	if (f->col >= f->ncols)
		BUG("too many cells in a row of %zu columns", f->ncols);
	c = &f->cols[f->col];
	switch (f->kind) {
	case FMT_JSON:
		if (f->col == 0) {
			fputs(f->json_first_row ? "\n{" : ",\n{", f->out);
			f->json_first_row = false;
		} else {
			fputc(',', f->out);
		}
		json_string(f->out, c->name);
		fputc(':', f->out);
		if (is_null)
			fputs("null", f->out);
		else if (quote)
			json_string(f->out, text);
		else
			fputs(text, f->out);
		break;
	case FMT_TSV:
		if (f->col)
			fputc('\t', f->out);
		tsv_field(f->out, text);
		break;
	case FMT_CSV:
		if (f->col)
			fputc(',', f->out);
		csv_field(f->out, text);
		break;
	case FMT_TABLE:
		VEC_GROW(f->cells, f->ncells + 1, f->cells_alloc);
		f->cells[f->ncells++] = visible_dup(text);
		break;
	}
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
	const char *text = f->kind == FMT_JSON ? (v ? "true" : "false") :
			   f->kind == FMT_TABLE ? (v ? "yes" : "no") : (v ? "1" : "0");

	cell(f, text, false, false);
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
void
fmt_dbl(struct fmt *f, double v)
{
	char buf[64];

	if (f->kind == FMT_TABLE && isnan(v))
		snprintf(buf, sizeof(buf), "n/a");
	else if (f->kind == FMT_TABLE)
		fmt_double_to(buf, sizeof(buf), v, f->col < f->ncols ? f->cols[f->col].prec : 3);
	else if (isnan(v))
		buf[0] = '\0';
	else
		fmt_double_exact(buf, sizeof(buf), v);
	cell(f, buf, !isfinite(v), false);
}

void
fmt_end_row(struct fmt *f)
{
	if (f->col != f->ncols)
		BUG("row has %zu of %zu cells", f->col, f->ncols);
	f->col = 0;
	switch (f->kind) {
	case FMT_JSON:
		fputc('}', f->out);
		break;
	case FMT_TSV:
	case FMT_CSV:
		fputc('\n', f->out);
		break;
	case FMT_TABLE:
		VEC_GROW(f->breaks, f->nrows + 1, f->breaks_alloc);
		f->breaks[f->nrows++] = f->pending_break;
		break;
	}
	f->pending_break = false;
}

void
fmt_break(struct fmt *f)
{
	if (f->kind == FMT_TSV)
		fputs("\n\n", f->out);
	else if (f->kind == FMT_TABLE && f->nrows)
		f->pending_break = true;
}

static void
table_flush(struct fmt *f)
{
	size_t *w = xcalloc(f->ncols, sizeof(*w)), r, c;

	for (c = 0; c < f->ncols; c++)
		w[c] = strlen(f->cols[c].name);
	for (r = 0; r < f->nrows; r++)
		for (c = 0; c < f->ncols; c++) {
			size_t l = strlen(f->cells[r * f->ncols + c]);

			if (l > w[c])
				w[c] = l;
		}
	for (c = 0; c < f->ncols; c++)
		fprintf(f->out, "%s%-*s", c ? "  " : "", c + 1 < f->ncols ? (int)w[c] : 0,
			f->cols[c].name);
	fputc('\n', f->out);
	for (r = 0; r < f->nrows; r++) {
		if (f->breaks[r])
			fputc('\n', f->out);
		for (c = 0; c < f->ncols; c++) {
			const char *s = f->cells[r * f->ncols + c];
			bool right = f->cols[c].type != FT_STR;

			if (right)
				fprintf(f->out, "%s%*s", c ? "  " : "", (int)w[c], s);
			else
				fprintf(f->out, "%s%-*s", c ? "  " : "",
					c + 1 < f->ncols ? (int)w[c] : 0, s);
		}
		fputc('\n', f->out);
	}
	for (r = 0; r < f->ncells; r++)
		free(f->cells[r]);
	f->ncells = 0;
	f->nrows = 0;
	free(w);
}

void
fmt_end(struct fmt *f)
{
	if (!f->in_table)
		return;
	if (f->kind == FMT_JSON)
		fputs("\n]", f->out);
	else if (f->kind == FMT_TABLE)
		table_flush(f);
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
	switch (f->kind) {
	case FMT_JSON:
		json_member(f, key);
		json_string(f->out, sb.buf);
		break;
	default:
		/* One line whatever the value holds (a --node name with a newline). */
		fputs(f->kind == FMT_TABLE ? "" : "# ", f->out);
		visible(f->out, key);
		fputs(": ", f->out);
		visible(f->out, sb.buf);
		fputc('\n', f->out);
		break;
	}
	f->any_output = true;
	sbuf_release(&sb);
}

void
fmt_free(struct fmt *f)
{
	if (!f)
		return;
	fmt_end(f);
	if (f->kind == FMT_JSON)
		fputs("\n}\n", f->out);
	free(f->cells);
	free(f->breaks);
	free(f);
}

void
fmt_text_str(FILE *out, const char *s)
{
	visible(out, s);
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
