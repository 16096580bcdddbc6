/* SPDX-License-Identifier: MIT */
/*
 * fmt_csv.c: CSV (RFC 4180): a header row of column names, fields with
 * control characters made visible and then quoted where they hold a comma
 * or a quote; one blank line between tables, notes as "# key: value".
 */
#include "fmt_writer.h"
#include "litsi/util.h"

#include <string.h>

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
csv_begin(struct fmt *f, const char *name)
{
	size_t i;

	(void)name;
	if (f->any_output)
		fputc('\n', f->out);
	for (i = 0; i < f->ncols; i++) {
		if (i)
			fputc(',', f->out);
		csv_field(f->out, f->cols[i].name);
	}
	fputc('\n', f->out);
}

static void
csv_cell(struct fmt *f, const char *text, bool is_null, bool quote)
{
	(void)is_null;
	(void)quote;
	if (f->col)
		fputc(',', f->out);
	csv_field(f->out, text);
}

const struct fmt_writer fmt_writer_csv = {
	.kind = FMT_CSV,
	.begin = csv_begin,
	.cell = csv_cell,
	.end_row = fmt_row_newline,
	.note = fmt_note_comment,
	.bool_text = { "0", "1" },
};
