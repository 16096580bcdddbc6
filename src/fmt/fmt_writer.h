/* SPDX-License-Identifier: MIT */
/*
 * fmt_writer.h: the writers behind include/litsi/fmt.h, one file per
 * format (fmt_table.c, fmt_tsv.c, fmt_csv.c, fmt_json.c). fmt.c keeps the
 * column bookkeeping (which column a cell is in, whether a table is open)
 * and calls the writer of the document's kind through struct fmt_writer;
 * a writer only decides how a table, a cell, a row and a note look.
 * Internal to src/fmt.
 */
#ifndef LITSI_FMT_WRITER_H
#define LITSI_FMT_WRITER_H

#include "litsi/fmt.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* One document being written; the writers read it and keep their state in @priv. */
struct fmt {
	FILE *out;			/* where every byte goes; not owned */
	const struct fmt_writer *w;	/* the writer of the document's kind */
	void *priv;			/* the writer's own state, released by w->release */
	const struct fmt_col *cols;	/* the open table's columns (fmt_begin() to fmt_end()) */
	size_t ncols;
	size_t col;			/* the column the next cell goes into */
	bool in_table;			/* fmt_begin() called, fmt_end() not yet */
	bool any_output;		/* a table or a note was written: the next one is spaced */
};

/*
 * A writer. Every operation but begin and cell may be NULL (nothing to do).
 * Cells arrive as text: numbers already formatted (see dbl_text), @is_null
 * for a missing value, @quote for a string (JSON quotes it, numbers not).
 */
struct fmt_writer {
	enum fmt_kind kind;
	void (*open)(struct fmt *f);		/* fmt_new(): start the document */
	void (*begin)(struct fmt *f, const char *name);	/* a table's title and header */
	void (*cell)(struct fmt *f, const char *text, bool is_null, bool quote);
	void (*end_row)(struct fmt *f);
	void (*brk)(struct fmt *f);		/* fmt_break() */
	void (*end)(struct fmt *f);		/* the open table is complete */
	void (*note)(struct fmt *f, const char *key, const char *value);
	void (*close)(struct fmt *f);		/* fmt_free(): finish the document */
	void (*release)(struct fmt *f);		/* free @priv */
	/* fmt_dbl()'s text into @buf; NULL: exact, empty for NaN (fmt_dbl_exact_text()). */
	void (*dbl_text)(const struct fmt *f, double v, char *buf, size_t n);
	const char *bool_text[2];		/* fmt_bool(): the text of false, of true */
};

/* Shared by the writers (fmt.c). */
void fmt_put_visible(FILE *out, const char *s);		/* control characters made visible */
void fmt_put_json_string(FILE *out, const char *s);	/* "..." with JSON escapes */
/* "<prefix>key: value\n" on one line whatever key and value hold. */
void fmt_put_note_line(FILE *out, const char *prefix, const char *key, const char *value);
/* Writer operations TSV and CSV share: a row ends with a newline; a note is "# key: value". */
void fmt_row_newline(struct fmt *f);
void fmt_note_comment(struct fmt *f, const char *key, const char *value);
/* A number for a program: the shortest text that reads back to @v; empty for NaN. */
void fmt_dbl_exact_text(const struct fmt *f, double v, char *buf, size_t n);

#endif
