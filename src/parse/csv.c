/* SPDX-License-Identifier: MIT */
/* csv.c: the RFC 4180 record reader behind csv.h. */
#include "csv.h"
#include "litsi/litsi.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void
csv_init(struct csv *c, struct input *in, unsigned flags)
{
	memset(c, 0, sizeof(*c));
	c->in = in;
	c->flags = flags;
	c->max_fields = CSV_MAX_FIELDS;
	c->max_record = CSV_MAX_RECORD;
	sbuf_init(&c->raw);
	sbuf_init(&c->data);
}

static void
free_header(struct csv *c)
{
	size_t i;

	for (i = 0; i < c->nhdr; i++)
		free(c->hdr[i]);
	free(c->hdr);
	c->hdr = NULL;
	c->nhdr = 0;
}

void
csv_release(struct csv *c)
{
	sbuf_release(&c->raw);
	sbuf_release(&c->data);
	free(c->off);
	free(c->len);
	free_header(c);
	c->off = c->len = NULL;
	c->nf = c->af = 0;
}

int
csv_err(const struct csv *c, struct err *err, const char *fmt, ...)
{
	char msg[768];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return err_set(err, LITSI_EDATA, "%s:%llu: %s", input_name(c->in),
		       (unsigned long long)c->lineno, msg);
}

/* Tokenizer state carried across the physical lines of one record. */
struct tok {
	size_t start;		/* offset in data of the current field */
	bool quoted, in_quote, begun;
	int depth;		/* CSV_BRACKETS nesting */
};

static int
end_field(struct csv *c, struct tok *t, struct err *err)
{
	size_t len = c->data.len - t->start;

	if (c->nf >= c->max_fields)
		return csv_err(c, err, "more than %zu fields in a record", c->max_fields);
	if ((c->flags & CSV_TRIM) && !t->quoted)
		while (len && (c->data.buf[t->start + len - 1] == ' ' ||
			       c->data.buf[t->start + len - 1] == '\t'))
			len--;
	c->data.len = t->start + len;
	sbuf_addch(&c->data, '\0');
	if (c->nf >= c->af) {
		size_t na = c->af ? c->af * 2 : 32;

		c->off = xrealloc(c->off, na * sizeof(*c->off));
		c->len = xrealloc(c->len, na * sizeof(*c->len));
		c->af = na;
	}
	c->off[c->nf] = t->start;
	c->len[c->nf] = len;
	c->nf++;
	t->start = c->data.len;
	t->quoted = t->in_quote = t->begun = false;
	t->depth = 0;
	return 0;
}

/* Tokenize @p[0..n) (one physical line); *more is set when a quote stays open. */
static int
scan_line(struct csv *c, struct tok *t, const char *p, size_t n, bool *more,
	  struct err *err)
{
	size_t i;
	int rc;

	for (i = 0; i < n; i++) {
		char ch = p[i];

		if (t->in_quote) {
			if (ch != '"') {
				sbuf_addch(&c->data, ch);
			} else if (i + 1 < n && p[i + 1] == '"') {
				sbuf_addch(&c->data, '"');
				i++;
			} else {
				t->in_quote = false;
			}
			continue;
		}
		if (ch == ',' && t->depth == 0) {
			if ((rc = end_field(c, t, err)))
				return rc;
			continue;
		}
		if (!t->begun) {
			if ((c->flags & CSV_TRIM) && (ch == ' ' || ch == '\t'))
				continue;
			t->begun = true;
			if (ch == '"') {
				t->quoted = t->in_quote = true;
				continue;
			}
			if (ch == '[' && (c->flags & CSV_BRACKETS)) {
				t->depth = 1;
				sbuf_addch(&c->data, ch);
				continue;
			}
		} else if (t->depth > 0) {
			if (ch == '[')
				t->depth++;
			else if (ch == ']')
				t->depth--;
		}
		sbuf_addch(&c->data, ch);
	}
	*more = t->in_quote;
	if (!*more)
		return end_field(c, t, err);
	sbuf_addch(&c->data, '\n');
	return 0;
}

int
csv_next(struct csv *c, struct err *err)
{
	struct sbuf line = SBUF_INIT;
	struct tok t = { 0 };
	bool more = false;
	int rc, first = 1;

	sbuf_reset(&c->raw);
	sbuf_reset(&c->data);
	c->nf = 0;
	for (;;) {
		const char *p;
		size_t n;

		rc = input_getline(c->in, &line, err);
		if (rc < 0)
			goto out;
		if (rc == 0) {
			if (first) {
				rc = 0;
				goto out;
			}
			rc = csv_err(c, err, "unterminated quoted field");
			goto out;
		}
		if (first) {
			c->lineno = input_lineno(c->in);
			first = 0;
		} else {
			sbuf_addch(&c->raw, '\n');
		}
		p = line.buf;
		n = line.len;
		if (c->nrec == 0 && c->raw.len == 0 && n >= 3 && !memcmp(p, "\xEF\xBB\xBF", 3)) {
			p += 3;
			n -= 3;
		}
		sbuf_add(&c->raw, p, n);
		if (c->raw.len > c->max_record) {
			rc = csv_err(c, err, "record longer than %zu bytes", c->max_record);
			goto out;
		}
		if ((rc = scan_line(c, &t, p, n, &more, err)))
			goto out;
		if (!more)
			break;
	}
	c->nrec++;
	rc = 1;
out:
	sbuf_release(&line);
	return rc;
}

void
csv_set_header(struct csv *c)
{
	size_t i;

	free_header(c);
	c->hdr = xcalloc(c->nf ? c->nf : 1, sizeof(*c->hdr));
	for (i = 0; i < c->nf; i++)
		c->hdr[i] = xstrndup(c->data.buf + c->off[i], c->len[i]);
	c->nhdr = c->nf;
}

int
csv_header(struct csv *c, struct err *err)
{
	int rc;

	while ((rc = csv_next(c, err)) > 0) {
		if (csv_blank(c))
			continue;
		csv_set_header(c);
		return 1;
	}
	return rc;
}

bool
csv_is_header(const struct csv *c)
{
	size_t i;

	if (c->nf != c->nhdr || !c->nhdr)
		return false;
	for (i = 0; i < c->nf; i++)
		if (strcmp(c->hdr[i], c->data.buf + c->off[i]))
			return false;
	return true;
}

int
csv_col(const struct csv *c, const char *names)
{
	const char *p = names;

	while (*p) {
		const char *bar = strchr(p, '|');
		size_t n = bar ? (size_t)(bar - p) : strlen(p);
		size_t i;

		for (i = 0; i < c->nhdr; i++)
			if (strlen(c->hdr[i]) == n && !strncasecmp(c->hdr[i], p, n))
				return (int)i;
		if (!bar)
			break;
		p = bar + 1;
	}
	return -1;
}

const char *
csv_hdr_name(const struct csv *c, int i)
{
	return i >= 0 && (size_t)i < c->nhdr ? c->hdr[i] : "";
}

const char *
csv_get(const struct csv *c, int i)
{
	if (i < 0 || (size_t)i >= c->nf)
		return "";
	return c->data.buf + c->off[i];
}

size_t
csv_get_len(const struct csv *c, int i)
{
	if (i < 0 || (size_t)i >= c->nf)
		return 0;
	return c->len[i];
}

bool
csv_blank(const struct csv *c)
{
	return c->nf == 0 || (c->nf == 1 && c->len[0] == 0 && c->raw.len == 0) ||
	       (c->nf == 1 && c->len[0] == 0 && strspn(c->raw.buf, " \t") == c->raw.len);
}

const char *
csv_raw(const struct csv *c, size_t *len)
{
	*len = c->raw.len;
	return c->raw.buf;
}

int
csv_i64(const struct csv *c, int col, int64_t *out, struct err *err)
{
	const char *s = csv_get(c, col);

	if (col < 0 || (size_t)col >= c->nf || !*s || parse_i64(s, INT64_MIN, INT64_MAX, out))
		return csv_err(c, err, "expected an integer in column %s",
			       col < 0 ? "(absent)" : csv_hdr_name(c, col));
	return 0;
}

int
csv_f64(const struct csv *c, int col, double *out, struct err *err)
{
	const char *s = csv_get(c, col);

	if (col < 0 || (size_t)col >= c->nf || !*s || parse_double(s, out))
		return csv_err(c, err, "expected a number in column %s",
			       col < 0 ? "(absent)" : csv_hdr_name(c, col));
	return 0;
}

static bool
name_in(const char *s, size_t n, const char *names)
{
	const char *p = names;

	for (;;) {
		const char *bar = strchr(p, '|');
		size_t k = bar ? (size_t)(bar - p) : strlen(p);

		if (k == n && !strncasecmp(s, p, n))
			return true;
		if (!bar)
			return false;
		p = bar + 1;
	}
}

bool
csv_head_has(const char *head, size_t len, const char *names)
{
	size_t i = 0, end;

	if (len >= 3 && !memcmp(head, "\xEF\xBB\xBF", 3))
		i = 3;
	while (i < len && (head[i] == '\n' || head[i] == '\r' || head[i] == ' '))
		i++;
	for (end = i; end < len && head[end] != '\n'; end++)
		;
	while (i < end) {
		size_t s = i, e;

		while (i < end && head[i] != ',')
			i++;
		e = i++;
		while (s < e && (head[s] == ' ' || head[s] == '"'))
			s++;
		while (e > s && (head[e - 1] == ' ' || head[e - 1] == '"' || head[e - 1] == '\r'))
			e--;
		if (name_in(head + s, e - s, names))
			return true;
	}
	return false;
}
