/* SPDX-License-Identifier: MIT */
/* jpull.c: the streaming JSON tokenizer behind jpull.h. */
#include "jpull.h"
#include "litsi/litsi.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void
jp_init(struct jp *j, struct input *in)
{
	memset(j, 0, sizeof(*j));
	j->in = in;
	sbuf_init(&j->tok);
}

void
jp_release(struct jp *j)
{
	if (j->pos)
		input_consume(j->in, j->pos);
	j->pos = j->len = 0;
	sbuf_release(&j->tok);
}

static uint64_t
jp_off(const struct jp *j)
{
	return input_offset(j->in) + j->pos;
}

int
jp_err(const struct jp *j, struct err *err, const char *fmt, ...)
{
	char msg[768];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return err_set(err, LITSI_EDATA, "%s: byte %llu: %s", input_name(j->in),
		       (unsigned long long)j->tok_off, msg);
}

/* jp_peek() - next byte without consuming it; -1 at end, < -1 on error. */
static int
jp_peek(struct jp *j, struct err *err)
{
	if (j->pos == j->len) {
		input_consume(j->in, j->pos);
		j->pos = j->len = 0;
		if (input_buffer(j->in, &j->buf, &j->len, err))
			return err->status < -1 ? err->status : LITSI_EDATA;
		if (!j->len)
			return -1;
	}
	return (unsigned char)j->buf[j->pos];
}

static int
jp_getc(struct jp *j, struct err *err)
{
	int c = jp_peek(j, err);

	if (c >= 0)
		j->pos++;
	return c;
}

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int
read_u4(struct jp *j, unsigned *out, struct err *err)
{
	unsigned v = 0;
	int i;

	for (i = 0; i < 4; i++) {
		int c = jp_getc(j, err), h;

		if (c < -1)
			return c;
		if ((h = hexval(c)) < 0)
			return jp_err(j, err, "expected 4 hex digits after \\u");
		v = v * 16 + (unsigned)h;
	}
	*out = v;
	return 0;
}

static void
put_utf8(struct sbuf *sb, unsigned cp)
{
	if (cp < 0x80) {
		sbuf_addch(sb, (int)cp);
	} else if (cp < 0x800) {
		sbuf_addch(sb, (int)(0xC0 | (cp >> 6)));
		sbuf_addch(sb, (int)(0x80 | (cp & 0x3F)));
	} else if (cp < 0x10000) {
		sbuf_addch(sb, (int)(0xE0 | (cp >> 12)));
		sbuf_addch(sb, (int)(0x80 | ((cp >> 6) & 0x3F)));
		sbuf_addch(sb, (int)(0x80 | (cp & 0x3F)));
	} else {
		sbuf_addch(sb, (int)(0xF0 | (cp >> 18)));
		sbuf_addch(sb, (int)(0x80 | ((cp >> 12) & 0x3F)));
		sbuf_addch(sb, (int)(0x80 | ((cp >> 6) & 0x3F)));
		sbuf_addch(sb, (int)(0x80 | (cp & 0x3F)));
	}
}

static int
read_string(struct jp *j, struct err *err)
{
	sbuf_reset(&j->tok);
	for (;;) {
		const char *p = j->buf + j->pos, *q;
		size_t avail = j->len - j->pos;
		int c;

		/* Fast path: copy the run up to a quote or backslash. */
		for (q = p; q < p + avail && *q != '"' && *q != '\\'; q++)
			;
		if (q > p) {
			sbuf_add(&j->tok, p, (size_t)(q - p));
			j->pos += (size_t)(q - p);
			if (j->tok.len > JP_MAX_STRING)
				return jp_err(j, err, "string longer than %d bytes", JP_MAX_STRING);
		}
		c = jp_getc(j, err);
		if (c == -1)
			return jp_err(j, err, "unterminated string");
		if (c < -1)
			return c;
		if (c == '"')
			return J_STR;
		if (c != '\\') {
			sbuf_addch(&j->tok, c);	/* the run ended at the window's end */
			continue;
		}
		c = jp_getc(j, err);
		if (c < -1)
			return c;
		switch (c) {
		case '"': case '\\': case '/':
			sbuf_addch(&j->tok, c);
			break;
		case 'b': sbuf_addch(&j->tok, '\b'); break;
		case 'f': sbuf_addch(&j->tok, '\f'); break;
		case 'n': sbuf_addch(&j->tok, '\n'); break;
		case 'r': sbuf_addch(&j->tok, '\r'); break;
		case 't': sbuf_addch(&j->tok, '\t'); break;
		case 'u': {
			unsigned cp, lo;
			int rc = read_u4(j, &cp, err);

			if (rc)
				return rc;
			if (cp >= 0xD800 && cp < 0xDC00 && jp_peek(j, err) == '\\') {
				j->pos++;
				if (jp_getc(j, err) != 'u')
					return jp_err(j, err, "expected a low surrogate");
				if ((rc = read_u4(j, &lo, err)))
					return rc;
				if (lo >= 0xDC00 && lo < 0xE000)
					cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
			}
			if (cp == 0)
				cp = 0xFFFD;	/* keep strings NUL-free */
			put_utf8(&j->tok, cp);
			break;
		}
		default:
			return jp_err(j, err, "invalid escape in string");
		}
	}
}

static int
read_word(struct jp *j, int first, struct err *err)
{
	int c;

	sbuf_reset(&j->tok);
	sbuf_addch(&j->tok, first);
	while ((c = jp_peek(j, err)) >= 0 &&
	       (c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9') ||
		(c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
		sbuf_addch(&j->tok, c);
		j->pos++;
		if (j->tok.len > 64)
			return jp_err(j, err, "expected a value");
	}
	if (c < -1)
		return c;
	if (!strcmp(j->tok.buf, "true"))
		return J_TRUE;
	if (!strcmp(j->tok.buf, "false"))
		return J_FALSE;
	if (!strcmp(j->tok.buf, "null"))
		return J_NULL;
	if (first == '-' || (first >= '0' && first <= '9'))
		return J_NUM;
	return jp_err(j, err, "expected a value");
}

int
jp_next(struct jp *j, struct err *err)
{
	for (;;) {
		int c = jp_peek(j, err);

		if (c < -1)
			return c;
		j->tok_off = jp_off(j);
		if (c == -1)
			return J_EOF;
		j->pos++;
		switch (c) {
		case ' ': case '\t': case '\n': case '\r': case ',': case ':':
			continue;
		case '{': return J_OBJ;
		case '}': return J_OBJ_END;
		case '[': return J_ARR;
		case ']': return J_ARR_END;
		case '"': return read_string(j, err);
		default:
			return read_word(j, c, err);
		}
	}
}

int
jp_skip(struct jp *j, int t, struct err *err)
{
	int depth;

	if (t != J_OBJ && t != J_ARR)
		return t < 0 ? t : 0;
	depth = 1;
	while (depth > 0) {
		/* Skip strings without keeping them when possible. */
		t = jp_next(j, err);
		if (t < 0)
			return t;
		if (t == J_EOF)
			return jp_err(j, err, "unexpected end of input inside a value");
		if (t == J_OBJ || t == J_ARR)
			depth++;
		else if (t == J_OBJ_END || t == J_ARR_END)
			depth--;
	}
	return 0;
}

int
jp_key(struct jp *j, struct err *err)
{
	int t = jp_next(j, err);

	if (t < 0)
		return t;
	if (t == J_OBJ_END)
		return 0;
	if (t != J_STR)
		return jp_err(j, err, t == J_EOF ? "unexpected end of input in an object"
						 : "expected a key string");
	return 1;
}

void
jflat_init(struct jflat *f)
{
	sbuf_init(&f->data);
	f->n = 0;
}

void
jflat_release(struct jflat *f)
{
	sbuf_release(&f->data);
	f->n = 0;
}

static int
flat_value(struct jp *j, struct jflat *f, struct sbuf *path, int t, int depth,
	   struct err *err);

static int
flat_add(struct jp *j, struct jflat *f, const struct sbuf *path, bool is_str, struct err *err)
{
	if (f->n >= JFLAT_MAX)
		return jp_err(j, err, "record has more than %d fields", JFLAT_MAX);
	f->off[f->n] = f->data.len;
	f->is_str[f->n] = is_str;
	f->n++;
	sbuf_add(&f->data, path->buf, path->len + 1);
	sbuf_add(&f->data, j->tok.buf, j->tok.len + 1);
	return 0;
}

static int
flat_container(struct jp *j, struct jflat *f, struct sbuf *path, bool obj, int depth,
	       struct err *err)
{
	size_t base = path->len, idx = 0;
	int rc, t;

	if (depth > 32)
		return jp_err(j, err, "record nested too deeply");
	for (;;) {
		path->len = base;
		path->buf[base] = '\0';
		if (obj) {
			rc = jp_key(j, err);
			if (rc <= 0)
				return rc;
			if (base)
				sbuf_addch(path, '.');
			sbuf_add(path, j->tok.buf, j->tok.len);
		} else {
			if (base)
				sbuf_addch(path, '.');
			sbuf_addf(path, "%zu", idx++);
		}
		t = jp_next(j, err);
		if (t < 0)
			return t;
		if (!obj && t == J_ARR_END) {
			path->len = base;
			path->buf[base] = '\0';
			return 0;
		}
		if ((rc = flat_value(j, f, path, t, depth, err)))
			return rc;
	}
}

static int
flat_value(struct jp *j, struct jflat *f, struct sbuf *path, int t, int depth, struct err *err)
{
	switch (t) {
	case J_OBJ:
		return flat_container(j, f, path, true, depth + 1, err);
	case J_ARR:
		return flat_container(j, f, path, false, depth + 1, err);
	case J_STR:
		return flat_add(j, f, path, true, err);
	case J_NUM:
		return flat_add(j, f, path, false, err);
	case J_TRUE: case J_FALSE: case J_NULL:
		return flat_add(j, f, path, false, err);
	case J_EOF:
		return jp_err(j, err, "unexpected end of input inside a record");
	default:
		return jp_err(j, err, "expected a value");
	}
}

int
jflat_read(struct jp *j, struct jflat *f, struct err *err)
{
	struct sbuf path = SBUF_INIT;
	int rc;

	sbuf_reset(&f->data);
	f->n = 0;
	sbuf_grow(&path, 64);
	rc = flat_container(j, f, &path, true, 0, err);
	sbuf_release(&path);
	return rc;
}

const char *
jflat_get(const struct jflat *f, const char *path)
{
	size_t i;

	for (i = 0; i < f->n; i++) {
		const char *k = f->data.buf + f->off[i];

		if (!strcmp(k, path))
			return k + strlen(k) + 1;
	}
	return NULL;
}

int
jflat_i64(const struct jflat *f, const char *path, int64_t *out)
{
	const char *v = jflat_get(f, path);

	if (!v)
		return 1;
	return parse_i64(v, INT64_MIN, INT64_MAX, out) ? -1 : 0;
}
