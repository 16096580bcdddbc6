/* SPDX-License-Identifier: MIT */
/*
 * fmt_tsv.c: TSV for gnuplot and scripts: "# name" and "# col\tcol" header
 * lines, tab-separated fields with control characters made visible (a tab
 * or newline inside a field would break the record), two blank lines
 * between tables and between blocks (gnuplot's 'index').
 */
#include "fmt_writer.h"

static void
tsv_begin(struct fmt *f, const char *name)
{
	size_t i;

	if (f->any_output)
		fputs("\n\n", f->out);
	fputs("# ", f->out);
	fmt_put_visible(f->out, name);
	fputs("\n#", f->out);
	for (i = 0; i < f->ncols; i++)
		fprintf(f->out, "%s%s", i ? "\t" : " ", f->cols[i].name);
	fputc('\n', f->out);
}

static void
tsv_cell(struct fmt *f, const char *text, bool is_null, bool quote)
{
	(void)is_null;
	(void)quote;
	if (f->col)
		fputc('\t', f->out);
	fmt_put_visible(f->out, text);
}

static void
tsv_break(struct fmt *f)
{
	fputs("\n\n", f->out);
}

const struct fmt_writer fmt_writer_tsv = {
	.kind = FMT_TSV,
	.begin = tsv_begin,
	.cell = tsv_cell,
	.end_row = fmt_row_newline,
	.brk = tsv_break,
	.note = fmt_note_comment,
	.bool_text = { "0", "1" },
};
