/* SPDX-License-Identifier: MIT */
/*
 * fmt.h: result formatting. A command describes each result table by its
 * columns, then feeds cells; the formatter writes an aligned table, TSV
 * (gnuplot-ready: '#' header, blank lines between blocks), CSV or one JSON
 * document. All number formatting goes through here.
 */
#ifndef LITSI_FMT_H
#define LITSI_FMT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/*
 * The output formats. FMT_TABLE to FMT_JSON have a writer behind fmt_new();
 * FMT_JUNIT is check's own document (fmt_junit_*() below).
 */
enum fmt_kind { FMT_TABLE, FMT_TSV, FMT_CSV, FMT_JSON, FMT_JUNIT };
enum fmt_type { FT_STR, FT_INT, FT_DBL, FT_BOOL };

struct fmt_col {
	const char *name;	/* column header / JSON key, units in the name (start_ns) */
	enum fmt_type type;	/* which fmt_str/int/dbl/bool() call fills the cell */
	int prec;		/* decimals for FT_DBL */
};

struct fmt;

/*
 * The --format names, from one table in fmt.c that says which commands take
 * each name. fmt_parse_name() - @s as a --format of command @cmd → @kind; -1
 * when @cmd does not take it ("text" is the former name of table, accepted,
 * never listed).
 */
int fmt_parse_name(const char *cmd, const char *s, enum fmt_kind *kind);
/*
 * fmt_names_text() - the names @cmd takes in the table's order, joined by
 * @sep with @last before the last one: ("|", "|") gives "table|tsv|csv|json",
 * (", ", " or ") gives "table, tsv, csv or json". NULL when @cmd takes no
 * output format. The caller frees it.
 */
char *fmt_names_text(const char *cmd, const char *sep, const char *last);
/* fmt_default_kind() - table when @out is a terminal, else tsv. */
enum fmt_kind fmt_default_kind(FILE *out);

struct fmt *fmt_new(FILE *out, enum fmt_kind kind);
/* fmt_free() - finish the document (JSON closing brace); NULL is a no-op. */
void fmt_free(struct fmt *f);

/*
 * fmt_begin() - start table @name (JSON key; table/tsv/csv print it as a
 * title line "# name"). @cols must stay valid until fmt_end().
 */
void fmt_begin(struct fmt *f, const char *name, const struct fmt_col *cols, size_t ncols);
void fmt_str(struct fmt *f, const char *v);	/* NULL prints as "-" / null */
void fmt_int(struct fmt *f, int64_t v);
/* fmt_bool() - true/false in JSON, yes/no in tables, 1/0 in TSV/CSV. */
void fmt_bool(struct fmt *f, bool v);
/* fmt_dbl() - fixed decimals in tables ("n/a" for NaN); exact in TSV/CSV (NaN: empty) and JSON (null). */
void fmt_dbl(struct fmt *f, double v);
void fmt_end_row(struct fmt *f);
/* fmt_break() - a block boundary (e.g. next GPU): two blank lines in TSV for gnuplot 'index'. */
void fmt_break(struct fmt *f);
void fmt_end(struct fmt *f);
/*
 * fmt_note() - a key/value line outside tables: "key: value" in table mode,
 * "# key: value" in TSV/CSV, a string member in JSON.
 */
void fmt_note(struct fmt *f, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * JUnit XML (src/fmt/fmt_junit.c), written straight to @out: open, then per
 * suite fmt_junit_suite(), its cases, fmt_junit_suite_end(); then close.
 * Every name and message is XML-escaped here (sbuf_add_xml()).
 */
enum fmt_junit_state { FMT_JUNIT_PASS, FMT_JUNIT_SKIPPED, FMT_JUNIT_FAILURE };
void fmt_junit_open(FILE *out, const char *name, size_t tests, size_t failures, size_t skipped);
/* fmt_junit_suite() - a testsuite and its properties: @props holds @nprops name, value pairs. */
void fmt_junit_suite(FILE *out, const char *name, size_t tests, size_t failures, size_t skipped,
		     const char *const *props, size_t nprops);
/*
 * fmt_junit_case() - a testcase; a skipped or failed one carries @message and,
 * when @body is not NULL, @body as the element's text.
 */
void fmt_junit_case(FILE *out, const char *classname, const char *name, enum fmt_junit_state st,
		    const char *message, const char *body);
void fmt_junit_suite_end(FILE *out);
void fmt_junit_close(FILE *out);

/* Number helpers shared by every command (fixed, documented precision). */
void fmt_double_to(char *buf, size_t n, double v, int prec);
/* fmt_text_str() - @s for a terminal: control characters made visible (sbuf_add_visible()). */
void fmt_text_str(FILE *out, const char *s);
/* fmt_text_short() - as fmt_text_str(), cut to @max bytes with "..." when longer. */
void fmt_text_short(FILE *out, const char *s, size_t max);
/* fmt_double_exact() - the shortest text that reads back (strtod) to @v. */
void fmt_double_exact(char *buf, size_t n, double v);

#endif
