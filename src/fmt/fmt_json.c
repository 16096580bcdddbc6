/* SPDX-License-Identifier: MIT */
/*
 * fmt_json.c: one JSON document: each table a member holding an array of
 * row objects keyed by column name, each note a string member; numbers
 * exact, a missing value null, booleans true/false.
 */
#include "fmt_writer.h"
#include "litsi/util.h"

#include <stdlib.h>

struct json {
	bool first_member;	/* no member written yet: no comma before the next */
	bool first_row;		/* the open table has no row yet */
};

static void
json_open(struct fmt *f)
{
	struct json *j = xcalloc(1, sizeof(*j));

	j->first_member = true;
	f->priv = j;
	fputc('{', f->out);
}

static void
json_member(struct fmt *f, const char *key)
{
	struct json *j = f->priv;

	if (!j->first_member)
		fputc(',', f->out);
	j->first_member = false;
	fputs("\n", f->out);
	fmt_put_json_string(f->out, key);
	fputc(':', f->out);
}

static void
json_begin(struct fmt *f, const char *name)
{
	struct json *j = f->priv;

	json_member(f, name);
	fputc('[', f->out);
	j->first_row = true;
}

static void
json_cell(struct fmt *f, const char *text, bool is_null, bool quote)
{
	struct json *j = f->priv;

	if (f->col == 0) {
		fputs(j->first_row ? "\n{" : ",\n{", f->out);
		j->first_row = false;
	} else {
		fputc(',', f->out);
	}
	fmt_put_json_string(f->out, f->cols[f->col].name);
	fputc(':', f->out);
	if (is_null)
		fputs("null", f->out);
	else if (quote)
		fmt_put_json_string(f->out, text);
	else
		fputs(text, f->out);
}

static void
json_end_row(struct fmt *f)
{
	fputc('}', f->out);
}

static void
json_end(struct fmt *f)
{
	fputs("\n]", f->out);
}

static void
json_note(struct fmt *f, const char *key, const char *value)
{
	json_member(f, key);
	fmt_put_json_string(f->out, value);
}

static void
json_close(struct fmt *f)
{
	fputs("\n}\n", f->out);
}

static void
json_release(struct fmt *f)
{
	free(f->priv);
}

const struct fmt_writer fmt_writer_json = {
	.kind = FMT_JSON,
	.open = json_open,
	.begin = json_begin,
	.cell = json_cell,
	.end_row = json_end_row,
	.end = json_end,
	.note = json_note,
	.close = json_close,
	.release = json_release,
	.bool_text = { "false", "true" },
};
