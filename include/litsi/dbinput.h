/* SPDX-License-Identifier: MIT */
/*
 * dbinput.h: another program's SQLite file read as an input (a rocpd
 * database, an Nsight Systems export), through a read-only, immutable
 * connection of its own that the store layer owns (src/store/store_input.c):
 * the one door through which a parser reads SQLite. It knows no schema: a
 * parser names a table or view (and columns), steps through its rows and
 * reads columns by name or position. Nothing is ever created beside the file
 * (no journal, -wal or -shm).
 */
#ifndef LITSI_DBINPUT_H
#define LITSI_DBINPUT_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "litsi/err.h"

/* The documented budgets of an input database (litsi-ingest(1)). */
enum {
	STORE_INPUT_MAX_ROWS = 20000000,	/* rows of one table or view */
	STORE_INPUT_MAX_MS = 120000,	/* time without a row, ms */
};

struct store_input;

struct store_input_limits {
	const volatile sig_atomic_t *stop;	/* non-zero: stop (SIGINT/SIGTERM); may be NULL */
	int64_t max_rows;	/* 0 = STORE_INPUT_MAX_ROWS */
	int64_t max_ms;		/* 0 = STORE_INPUT_MAX_MS */
};

/*
 * store_input_open() - open @path read-only and immutable. A non-empty -wal
 * file beside it is refused (immutable would ignore its pages). Every
 * statement runs under a progress handler: *stop set gives LITSI_EINTR, a
 * wait longer than max_ms for the next row gives LITSI_EDATA.
 */
int store_input_open(const char *path, const struct store_input_limits *lim,
		     struct store_input **out, struct err *err);
void store_input_close(struct store_input *in);
/*
 * store_input_select() - start reading every row of table or view @obj.
 * Return: 1 started, 0 no such table or view, <0 error.
 */
int store_input_select(struct store_input *in, const char *obj, struct err *err);
/*
 * store_input_select_cols() - start reading columns @cols (@nr of them; a NULL
 * entry reads as a NULL column) of table or view @obj, in that order, so that
 * column c of a row is cols[c]; sorted by column @order unless it is NULL.
 * Return: 1 started, 0 no such table or view, <0 error (a missing column too).
 */
int store_input_select_cols(struct store_input *in, const char *obj, const char *const *cols,
			    size_t nr, const char *order, struct err *err);
/* store_input_has_table() - 1: @table is a table (not a view: views run code), 0: not, <0 error. */
int store_input_has_table(struct store_input *in, const char *table, struct err *err);
/* store_input_has_col() - table @table has a column named @col. */
bool store_input_has_col(struct store_input *in, const char *table, const char *col);
/*
 * store_input_lookup() - the text of column @val of the first row of table
 * @table whose column @key equals @id (a string table: StringIds). *text is
 * borrowed until the next lookup, NULL for a NULL value.
 * Return: 1 found, 0 no such row, <0 error.
 */
int store_input_lookup(struct store_input *in, const char *table, const char *key,
		       const char *val, int64_t id, const char **text, size_t *len,
		       struct err *err);
/*
 * store_input_too_long() - the last error was a value longer than the string
 * limit of every reader (4 MiB), refused before it was read into memory.
 */
bool store_input_too_long(const struct store_input *in);
/* store_input_step() - 1 = a row, 0 = done, <0 = error (also past max_rows). */
int store_input_step(struct store_input *in, struct err *err);
/* store_input_row() - 1-based number of the current row. */
int64_t store_input_row(const struct store_input *in);
/* store_input_col() - column index by any of the '|'-separated names (any case), or -1. */
int store_input_col(const struct store_input *in, const char *names);
/* store_input_null() - column @c is NULL (or @c < 0). */
bool store_input_null(const struct store_input *in, int c);
/* store_input_int() - column @c as an exact integer (INTEGER, or TEXT that parses); -1 if not. */
int store_input_int(const struct store_input *in, int c, int64_t *v);
/* The storage class of a column's value in the current row. */
enum store_input_type {
	STORE_INPUT_NULL,
	STORE_INPUT_INTEGER,
	STORE_INPUT_REAL,
	STORE_INPUT_TEXT,
	STORE_INPUT_BLOB,
};
/* store_input_type() - what column @c holds (NULL for @c < 0); *bytes: its length in bytes. */
enum store_input_type store_input_type(const struct store_input *in, int c, size_t *bytes);
/* store_input_text() - column @c as text, borrowed until the next step; NULL for NULL. */
const char *store_input_text(const struct store_input *in, int c, size_t *len);

#endif
