/* SPDX-License-Identifier: MIT */
/*
 * csv.h: module-private RFC 4180 CSV reader shared by the parsers in
 * src/parse/. Reads records from a struct input with line numbers: quoted
 * fields (with "" escapes and embedded newlines), an optional UTF-8 BOM,
 * CRLF, Python-list cells, header lookup by name with aliases and bounded
 * memory (a record may not exceed max_record bytes or max_fields fields).
 *
 *	struct csv c;
 *	csv_init(&c, in, 0);
 *	if ((rc = csv_header(&c, err)) <= 0) ...;	// first non-blank record
 *	int col = csv_col(&c, "Agent_Id|AgentId");	// -1 when absent
 *	while ((rc = csv_next(&c, err)) > 0) {
 *		if (csv_blank(&c)) continue;
 *		const char *v = csv_get(&c, col);	// "" when col < 0 or missing
 *	}
 *	csv_release(&c);
 */
#ifndef LITSI_PARSE_CSV_H
#define LITSI_PARSE_CSV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "litsi/err.h"
#include "litsi/parse.h"
#include "litsi/util.h"

enum csv_flags {
	CSV_TRIM = 1 << 0,	/* strip blanks around unquoted fields ("a, b" → "b") */
	CSV_BRACKETS = 1 << 1,	/* an unquoted field starting with '[' runs to its ']' */
};

enum { CSV_MAX_FIELDS = 8192, CSV_MAX_RECORD = 16 << 20 };

struct csv {
	struct input *in;
	unsigned flags;		/* enum csv_flags */
	size_t max_fields;	/* CSV_MAX_FIELDS after csv_init(); may be lowered */
	size_t max_record;	/* CSV_MAX_RECORD after csv_init(); may be lowered */
	uint64_t lineno;	/* 1-based line where the current record starts */
	uint64_t nrec;		/* records read so far, blank ones included */
	/* private */
	struct sbuf raw;	/* the current record as it appears in the file */
	struct sbuf data;	/* unquoted cells, each NUL-terminated */
	size_t *off, *len;
	size_t nf, af;
	char **hdr;		/* header names (copies) */
	size_t nhdr;
};

/* csv_init() - start reading @in (not owned) with enum csv_flags @flags. */
void csv_init(struct csv *c, struct input *in, unsigned flags);
void csv_release(struct csv *c);

/*
 * csv_next() - read the next record.
 * Return: 1 with a record, 0 at end of input, or a negative status with
 * @err set ("NAME:LINE: unterminated quoted field", size caps).
 */
int csv_next(struct csv *c, struct err *err);

/*
 * csv_header() - skip blank records and make the next one the header.
 * Return: 1, 0 when the input holds no record, or a negative status.
 */
int csv_header(struct csv *c, struct err *err);
/* csv_set_header() - make the current record the header (copies it). */
void csv_set_header(struct csv *c);
/* csv_is_header() - whether the current record repeats the header exactly. */
bool csv_is_header(const struct csv *c);

/*
 * csv_col() - index of the header column named by any of the '|'-separated
 * @names ("Private_Segment_Size|Scratch_Size"), compared case-insensitively;
 * -1 when none is present. Earlier aliases win.
 */
int csv_col(const struct csv *c, const char *names);
/* csv_hdr_name() - header name of column @i, or "" when out of range. */
const char *csv_hdr_name(const struct csv *c, int i);

/* Fields of the current record: NUL-terminated, valid until csv_next(). */
static inline size_t
csv_nfields(const struct csv *c)
{
	return c->nf;
}
/* csv_get() - field @i, or "" when @i is negative or past the end. */
const char *csv_get(const struct csv *c, int i);
size_t csv_get_len(const struct csv *c, int i);
/* csv_blank() - the record is an empty line (one empty field). */
bool csv_blank(const struct csv *c);
/* csv_raw() - the record's bytes as read (quotes kept, no trailing newline). */
const char *csv_raw(const struct csv *c, size_t *len);

/*
 * csv_i64() - field @col as an integer. A missing column or an empty or
 * malformed cell is an error "NAME:LINE: expected an integer in column
 * COLUMN" (LITSI_EDATA) naming the header column.
 */
int csv_i64(const struct csv *c, int col, int64_t *out, struct err *err);
/* csv_f64() - same for a decimal number. */
int csv_f64(const struct csv *c, int col, double *out, struct err *err);
/*
 * csv_err() - LITSI_EDATA with "NAME:LINE: " before the formatted message,
 * the line being where the current record starts.
 */
int csv_err(const struct csv *c, struct err *err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * csv_head_has() - for probes: whether the first non-blank line of @head
 * (quoted or not) has a column named by any of the '|'-separated @names,
 * compared case-insensitively.
 */
bool csv_head_has(const char *head, size_t len, const char *names);

#endif
