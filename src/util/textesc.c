/* SPDX-License-Identifier: MIT */
/*
 * textesc.c: text from traces made safe for where it is written: a terminal
 * (control characters made visible, as git and ls do), JSON (valid UTF-8,
 * every control character escaped), XML/SVG (entities, no control
 * characters) and one-line notes. A NUL inside a name is stored as the two
 * bytes C0 80 (modified UTF-8, litsi-db(5)) and shown as \0 or \u0000.
 */
#include "litsi/util.h"
#include "litsi/err.h"

#include <stdarg.h>
#include <stdint.h>
#include <string.h>

size_t
utf8_decode(const char *str, size_t n, uint32_t *cp)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t len, i;
	uint32_t c, min;

	if (!n)
		return 0;
	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (n >= 2 && s[0] == 0xC0 && s[1] == 0x80) {
		*cp = 0;	/* modified UTF-8 NUL */
		return 2;
	}
	if ((s[0] & 0xE0) == 0xC0)
		len = 2, c = s[0] & 0x1F, min = 0x80;
	else if ((s[0] & 0xF0) == 0xE0)
		len = 3, c = s[0] & 0x0F, min = 0x800;
	else if ((s[0] & 0xF8) == 0xF0)
		len = 4, c = s[0] & 0x07, min = 0x10000;
	else
		return 0;
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3F);
	}
	if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		return 0;
	*cp = c;
	return len;
}

/* A C0 or C1 control character, or DEL. */
static int
is_control(uint32_t c)
{
	return c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0);
}

static void
add_escape(struct sbuf *sb, uint32_t c)
{
	static const char named[] = "\0" "0\a" "a\b" "b\t" "t\n" "n\v" "v\f" "f\r" "r";
	const char *p;

	for (p = named; p < named + sizeof(named) - 1; p += 2) {
		if ((unsigned char)p[0] == c) {
			sbuf_addch(sb, '\\');
			sbuf_addch(sb, p[1]);
			return;
		}
	}
	if (c == 0x1B)
		sbuf_addstr(sb, "\\e");
	else if (c < 0x100)
		sbuf_addf(sb, "\\x%02X", (unsigned)c);
	else
		sbuf_addf(sb, "\\u%04X", (unsigned)c);
}

void
sbuf_add_visible(struct sbuf *sb, const char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		uint32_t c;
		size_t k = utf8_decode(s + i, n - i, &c);

		if (!k) {
			sbuf_addf(sb, "\\x%02X", (unsigned char)s[i]);	/* invalid UTF-8 byte */
			i++;
			continue;
		}
		if (is_control(c))
			add_escape(sb, c);
		else
			sbuf_add(sb, s + i, k);
		i += k;
	}
}

void
sbuf_add_json(struct sbuf *sb, const char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		uint32_t c;
		size_t k = utf8_decode(s + i, n - i, &c);

		if (!k) {
			sbuf_addstr(sb, "\\ufffd");	/* an invalid byte: U+FFFD */
			i++;
			continue;
		}
		if (c == '"' || c == '\\')
			sbuf_addf(sb, "\\%c", (char)c);
		else if (c == '\n')
			sbuf_addstr(sb, "\\n");
		else if (c == '\t')
			sbuf_addstr(sb, "\\t");
		else if (c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0))
			sbuf_addf(sb, "\\u%04x", (unsigned)c);
		else
			sbuf_add(sb, s + i, k);
		i += k;
	}
}

void
sbuf_add_xml(struct sbuf *sb, const char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		uint32_t c;
		size_t k = utf8_decode(s + i, n - i, &c);

		if (!k) {
			sbuf_addf(sb, "\\x%02X", (unsigned char)s[i]);
			i++;
			continue;
		}
		switch (c) {
		case '&': sbuf_addstr(sb, "&amp;"); break;
		case '<': sbuf_addstr(sb, "&lt;"); break;
		case '>': sbuf_addstr(sb, "&gt;"); break;
		case '"': sbuf_addstr(sb, "&quot;"); break;
		case '\'': sbuf_addstr(sb, "&apos;"); break;
		default:
			/* XML 1.0 allows no C0 control but tab, LF, CR: show them as text. */
			if (is_control(c))
				add_escape(sb, c);
			else
				sbuf_add(sb, s + i, k);
		}
		i += k;
	}
}

char *
visible_dup(const char *s)
{
	struct sbuf sb = SBUF_INIT;

	if (!s)
		return NULL;
	sbuf_add_visible(&sb, s, strlen(s));
	return sbuf_detach(&sb);
}

/*
 * The one door for text leaving litsi on a terminal or a text line: the
 * format is litsi's own and is copied as written; every %s and %c argument
 * (node, run, host, kernel, product, metric, path, error message) passes
 * through sbuf_add_visible(). Width applies to the escaped text; a
 * precision on %s bounds the bytes read from the argument.
 */
/* One conversion of out_vprintf()'s format: the stdio spec, widths resolved. */
struct conv {
	char spec[32];	/* "%" and the flags, then width, precision and length added */
	size_t k;	/* bytes of spec */
	int width, prec;	/* -1: none */
	bool left;	/* '-' flag or a negative '*' width */
	char len[3];	/* length modifier: "", "l", "ll", "z", ... */
};

/*
 * Parse the conversion after '%' at @p into @c, taking '*' widths and
 * precisions from @ap in order; returns where the conversion character is.
 */
static const char *
conv_parse(const char *p, struct conv *c, va_list *ap)
{
	bool star_w = false, star_p = false;

	memset(c, 0, sizeof(*c));
	c->width = c->prec = -1;
	c->spec[c->k++] = '%';
	while (*p && strchr("-+ #0", *p)) {
		c->left |= *p == '-';
		if (c->k < 8)
			c->spec[c->k++] = *p;
		p++;
	}
	if (*p == '*') {
		star_w = true;
		p++;
	} else {
		for (; *p >= '0' && *p <= '9'; p++)
			c->width = c->width < 0 ? *p - '0'
				   : c->width < 100000 ? c->width * 10 + (*p - '0') : c->width;
	}
	if (*p == '.') {
		p++;
		if (*p == '*') {
			star_p = true;
			p++;
		} else {
			for (c->prec = 0; *p >= '0' && *p <= '9'; p++)
				c->prec = c->prec < 100000 ? c->prec * 10 + (*p - '0') : c->prec;
		}
	}
	if (star_w) {
		c->width = va_arg(*ap, int);
		if (c->width < 0) {
			c->left = true;
			c->width = -c->width;
		}
	}
	if (star_p)
		c->prec = va_arg(*ap, int);
	while (*p && strchr("hlzjtL", *p) && strlen(c->len) < 2) {
		c->len[strlen(c->len)] = *p;
		p++;
	}
	return p;
}

/* %s or %c (@ch) with @c: the argument made visible, then padded to the width. */
static void
conv_text(FILE *out, struct sbuf *sb, const struct conv *c, char ch, va_list *ap)
{
	char one;
	const char *s;
	size_t n;

	sbuf_reset(sb);
	if (ch == 'c') {
		one = (char)va_arg(*ap, int);
		s = &one;
		n = 1;
	} else {
		s = va_arg(*ap, const char *);
		if (!s)
			s = "(null)";
		n = c->prec >= 0 ? strnlen(s, (size_t)c->prec) : strlen(s);
	}
	sbuf_add_visible(sb, s, n);
	fprintf(out, c->left ? "%-*s" : "%*s", c->width < 0 ? 0 : c->width, sb->buf ? sb->buf : "");
}

/* A number or a pointer (@ch): printed by stdio with the same spec. */
static void
conv_number(FILE *out, struct conv *c, char ch, va_list *ap, const char *fmt)
{
	if (c->width >= 0)
		c->k += (size_t)snprintf(c->spec + c->k, sizeof(c->spec) - c->k - 8, "%d", c->width);
	if (c->prec >= 0)
		c->k += (size_t)snprintf(c->spec + c->k, sizeof(c->spec) - c->k - 6, ".%d", c->prec);
	memcpy(c->spec + c->k, c->len, strlen(c->len));
	c->k += strlen(c->len);
	c->spec[c->k++] = ch;
	c->spec[c->k] = '\0';
	switch (ch) {
	case 'd': case 'i': case 'u': case 'x': case 'X': case 'o':
		if (!strcmp(c->len, "ll") || !strcmp(c->len, "j"))
			fprintf(out, c->spec, va_arg(*ap, long long));
		else if (!strcmp(c->len, "l") || !strcmp(c->len, "z") || !strcmp(c->len, "t"))
			fprintf(out, c->spec, va_arg(*ap, long));
		else
			fprintf(out, c->spec, va_arg(*ap, int));
		break;
	case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
		if (!strcmp(c->len, "L"))
			fprintf(out, c->spec, va_arg(*ap, long double));
		else
			fprintf(out, c->spec, va_arg(*ap, double));
		break;
	case 'p':
		fprintf(out, c->spec, va_arg(*ap, void *));
		break;
	default:
		BUG("out_vprintf: conversion '%c' in \"%s\"", ch, fmt);
	}
}

int
out_vprintf(FILE *out, const char *fmt, va_list ap)
{
	struct sbuf sb = SBUF_INIT;
	const char *p = fmt, *q;
	struct conv c;
	va_list aq;

	va_copy(aq, ap);
	while (*p) {
		q = strchr(p, '%');
		if (!q) {
			fputs(p, out);
			break;
		}
		fwrite(p, 1, (size_t)(q - p), out);
		p = q + 1;
		if (*p == '%') {
			fputc('%', out);
			p++;
			continue;
		}
		p = conv_parse(p, &c, &aq);
		if (!*p)
			break;
		if (*p == 's' || *p == 'c')
			conv_text(out, &sb, &c, *p, &aq);
		else
			conv_number(out, &c, *p, &aq, fmt);
		p++;
	}
	va_end(aq);
	sbuf_release(&sb);
	return ferror(out) ? -1 : 0;
}

int
out_printf(FILE *out, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = out_vprintf(out, fmt, ap);
	va_end(ap);
	return rc;
}
