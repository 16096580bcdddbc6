/* SPDX-License-Identifier: MIT */
/*
 * fmt_table.c: the aligned table for a person: a title line, a header, the
 * rows buffered until the table ends so that every column gets its width,
 * numbers right-aligned, fixed decimals, "n/a" for a missing value.
 */
#include "fmt_writer.h"
#include "litsi/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct table {
	char **cells;		/* the rows' cells, visible text, row after row */
	size_t ncells, cells_alloc;
	bool *breaks;		/* per row: a block break before it */
	size_t nrows, breaks_alloc;
	bool pending_break;
};

static void
table_open(struct fmt *f)
{
	f->priv = xcalloc(1, sizeof(struct table));
}

static void
table_begin(struct fmt *f, const char *name)
{
	struct table *t = f->priv;

	t->nrows = 0;
	t->ncells = 0;
	t->pending_break = false;
	if (f->any_output)
		fputc('\n', f->out);
	fmt_put_visible(f->out, name);
	fputc('\n', f->out);
}

static void
table_cell(struct fmt *f, const char *text, bool is_null, bool quote)
{
	struct table *t = f->priv;

	(void)is_null;
	(void)quote;
	VEC_GROW(t->cells, t->ncells + 1, t->cells_alloc);
	t->cells[t->ncells++] = visible_dup(text);
}

static void
table_end_row(struct fmt *f)
{
	struct table *t = f->priv;

	VEC_GROW(t->breaks, t->nrows + 1, t->breaks_alloc);
	t->breaks[t->nrows++] = t->pending_break;
	t->pending_break = false;
}

static void
table_break(struct fmt *f)
{
	struct table *t = f->priv;

	if (t->nrows)
		t->pending_break = true;
}

static void
table_end(struct fmt *f)
{
	struct table *t = f->priv;
	size_t *w = xcalloc(f->ncols, sizeof(*w)), r, c;

	for (c = 0; c < f->ncols; c++)
		w[c] = strlen(f->cols[c].name);
	for (r = 0; r < t->nrows; r++)
		for (c = 0; c < f->ncols; c++) {
			size_t l = strlen(t->cells[r * f->ncols + c]);

			if (l > w[c])
				w[c] = l;
		}
	for (c = 0; c < f->ncols; c++)
		fprintf(f->out, "%s%-*s", c ? "  " : "", c + 1 < f->ncols ? (int)w[c] : 0,
			f->cols[c].name);
	fputc('\n', f->out);
	for (r = 0; r < t->nrows; r++) {
		if (t->breaks[r])
			fputc('\n', f->out);
		for (c = 0; c < f->ncols; c++) {
			const char *s = t->cells[r * f->ncols + c];
			bool right = f->cols[c].type != FT_STR;

			if (right)
				fprintf(f->out, "%s%*s", c ? "  " : "", (int)w[c], s);
			else
				fprintf(f->out, "%s%-*s", c ? "  " : "",
					c + 1 < f->ncols ? (int)w[c] : 0, s);
		}
		fputc('\n', f->out);
	}
	for (r = 0; r < t->ncells; r++)
		free(t->cells[r]);
	t->ncells = 0;
	t->nrows = 0;
	free(w);
}

static void
table_note(struct fmt *f, const char *key, const char *value)
{
	fmt_put_note_line(f->out, "", key, value);
}

static void
table_release(struct fmt *f)
{
	struct table *t = f->priv;

	free(t->cells);
	free(t->breaks);
	free(t);
}

/* A person reads the table: fixed decimals (the column's), "n/a" for a missing value. */
static void
table_dbl_text(const struct fmt *f, double v, char *buf, size_t n)
{
	if (isnan(v))
		snprintf(buf, n, "n/a");
	else
		fmt_double_to(buf, n, v, f->col < f->ncols ? f->cols[f->col].prec : 3);
}

const struct fmt_writer fmt_writer_table = {
	.kind = FMT_TABLE,
	.open = table_open,
	.begin = table_begin,
	.cell = table_cell,
	.end_row = table_end_row,
	.brk = table_break,
	.end = table_end,
	.note = table_note,
	.release = table_release,
	.dbl_text = table_dbl_text,
	.bool_text = { "no", "yes" },
};
