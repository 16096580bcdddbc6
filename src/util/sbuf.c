/* SPDX-License-Identifier: MIT */
/* sbuf.c: growable NUL-terminated byte strings (git strbuf semantics). */
#include "litsi/util.h"
#include "litsi/err.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char sbuf_empty_[1];

void
sbuf_init(struct sbuf *sb)
{
	sb->buf = sbuf_empty_;
	sb->len = sb->alloc = 0;
}

void
sbuf_release(struct sbuf *sb)
{
	if (sb->alloc)
		free(sb->buf);
	sbuf_init(sb);
}

void
sbuf_reset(struct sbuf *sb)
{
	sb->len = 0;
	if (sb->alloc)
		sb->buf[0] = '\0';
}

void
sbuf_grow(struct sbuf *sb, size_t extra)
{
	size_t need = sb->len + extra + 1;

	if (need < sb->len)
		die("string too large");
	if (need <= sb->alloc)
		return;
	if (!sb->alloc)
		sb->buf = NULL;
	VEC_GROW(sb->buf, need, sb->alloc);
	if (sb->len == 0)
		sb->buf[0] = '\0';
}

void
sbuf_add(struct sbuf *sb, const void *data, size_t n)
{
	sbuf_grow(sb, n);
	memcpy(sb->buf + sb->len, data, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void
sbuf_addstr(struct sbuf *sb, const char *s)
{
	sbuf_add(sb, s, strlen(s));
}

void
sbuf_addch(struct sbuf *sb, int c)
{
	sbuf_grow(sb, 1);
	sb->buf[sb->len++] = (char)c;
	sb->buf[sb->len] = '\0';
}

void
sbuf_addf(struct sbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	sbuf_grow(sb, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb->len += (size_t)n;
}

char *
sbuf_detach(struct sbuf *sb)
{
	char *p = sb->alloc ? sb->buf : xstrdup("");

	sbuf_init(sb);
	return p;
}
