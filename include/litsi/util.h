/* SPDX-License-Identifier: MIT */
/* util.h: sbuf (growable string), VEC_GROW, strict number parsing, sha256. */
#ifndef LITSI_UTIL_H
#define LITSI_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- memory ---- */
void *xmalloc(size_t n);
void xalloc_keep_heap(void);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/*
 * VEC_GROW() - make room for @need elements in (ptr, alloc). Aborts on
 * overflow or allocation failure (git ALLOC_GROW).
 */
#define VEC_GROW(ptr, need, alloc)                                                   \
	do {                                                                         \
		if ((size_t)(need) > (alloc)) {                                      \
			size_t vg_n_ = (alloc) < 16 ? 16 : (alloc) * 2;              \
			if (vg_n_ < (size_t)(need))                                  \
				vg_n_ = (size_t)(need);                              \
			(ptr) = vec_realloc_((ptr), vg_n_, sizeof(*(ptr)));          \
			(alloc) = vg_n_;                                             \
		}                                                                    \
	} while (0)
void *vec_realloc_(void *p, size_t n, size_t elem);

/* ---- sbuf: git strbuf semantics; buf is never NULL and always NUL-terminated ---- */
struct sbuf {
	char *buf;		/* len bytes and a NUL; sbuf_empty_ until the first add */
	size_t len, alloc;	/* bytes held (NUL not counted), and allocated (0: none) */
};
extern char sbuf_empty_[];
#define SBUF_INIT { sbuf_empty_, 0, 0 }
void sbuf_init(struct sbuf *sb);
void sbuf_release(struct sbuf *sb);
void sbuf_reset(struct sbuf *sb);
void sbuf_grow(struct sbuf *sb, size_t extra);
void sbuf_add(struct sbuf *sb, const void *data, size_t n);
void sbuf_addstr(struct sbuf *sb, const char *s);
void sbuf_addch(struct sbuf *sb, int c);
void sbuf_addf(struct sbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *sbuf_detach(struct sbuf *sb);

/* ---- overflow-safe time arithmetic: saturate at the int64 limits, never wrap ---- */
static inline int64_t
sat_add64(int64_t a, int64_t b)
{
	int64_t r;

	return __builtin_add_overflow(a, b, &r) ? (b > 0 ? INT64_MAX : INT64_MIN) : r;
}

static inline int64_t
sat_sub64(int64_t a, int64_t b)
{
	int64_t r;

	return __builtin_sub_overflow(a, b, &r) ? (b < 0 ? INT64_MAX : INT64_MIN) : r;
}

/* ---- text from traces, made safe for its destination (src/util/textesc.c) ---- */
/*
 * utf8_decode() - the code point of the valid UTF-8 sequence at @s (at most
 * @n bytes) in *cp; the modified-UTF-8 pair C0 80 (a stored NUL) is U+0000.
 * Return: its length in bytes, 0 when @s starts with an invalid byte.
 */
size_t utf8_decode(const char *s, size_t n, uint32_t *cp);
/*
 * sbuf_add_visible() - append @n bytes for a terminal or one text line:
 * control characters (C0, DEL, C1) become \n, \t, \e, \xHH; a stored NUL
 * \0; an invalid UTF-8 byte \xHH. Everything else is copied.
 */
void sbuf_add_visible(struct sbuf *sb, const char *s, size_t n);
/*
 * sbuf_add_json() - append @n bytes as the inside of a JSON string: valid
 * UTF-8 always (an invalid byte becomes \ufffd), quotes, backslashes and
 * control characters escaped, a stored NUL as \u0000.
 */
void sbuf_add_json(struct sbuf *sb, const char *s, size_t n);
/* sbuf_add_xml() - append as XML text: &<>"' as entities, controls made visible as above. */
void sbuf_add_xml(struct sbuf *sb, const char *s, size_t n);
/* visible_dup() - malloc'd sbuf_add_visible() of @s; NULL for NULL. */
char *visible_dup(const char *s);
/*
 * out_printf() - fprintf() for text leaving litsi on a terminal, a text line
 * or stderr: the format (litsi's own) is copied as written, every %s and %c
 * argument goes through sbuf_add_visible(). The only printf that src/cmd/,
 * main.c and the error helpers use for anything but constant text
 * (scripts/lint.sh). Return: 0, or -1 when @out has an error.
 */
int out_printf(FILE *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int out_vprintf(FILE *out, const char *fmt, va_list ap);

/* ---- hmap: byte strings to integers, O(1) lookups (src/util/hmap.c) ---- */
struct hmap_slot;
struct hmap {
	struct hmap_slot *slots;	/* cap slots, open addressing; owned */
	size_t cap, n;		/* slots (a power of two), and keys held */
	uint64_t seed;		/* per map: an input cannot be built to collide */
};
void hmap_init(struct hmap *m);
void hmap_release(struct hmap *m);
/* hmap_clear() - forget every key; the table keeps its size. */
void hmap_clear(struct hmap *m);
/* hmap_get() - the value stored under the @len bytes at @key; -1 when absent. */
int64_t hmap_get(const struct hmap *m, const void *key, size_t len);
/*
 * hmap_intern() - the value stored under @key; when absent, store @val (>= 0)
 * under a copy of @key and return it.
 */
int64_t hmap_intern(struct hmap *m, const void *key, size_t len, int64_t val);

/* ---- strict number parsing: 0 on success, -1 on garbage or range error ---- */
int parse_i64(const char *s, int64_t min, int64_t max, int64_t *out);
int parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out);
int parse_int(const char *s, int min, int max, int *out);
int parse_double(const char *s, double *out);
/* parse_i64n() - like parse_i64 on the @n bytes at @s (not NUL-terminated). */
int parse_i64n(const char *s, size_t n, int64_t *out);
/*
 * parse_decimal_scaled() - parse a decimal text number ("12.345", "-3", "1e3")
 * exactly, multiplied by 10^@scale, rounded half away from zero, into int64.
 * Used for microsecond timestamps → ns without going through a double.
 */
int parse_decimal_scaled(const char *s, size_t n, int scale, int64_t *out);
/* parse_duration() - "1.5ms", "20us", "3s", "100ns" or a bare ns count → ns. */
int parse_duration(const char *s, int64_t *out_ns);

/* ---- sha256 ---- */
struct sha256 {
	uint32_t h[8];		/* the chaining state */
	uint64_t len;		/* bytes hashed so far */
	unsigned char buf[64];	/* a partial block, waiting for more bytes */
	size_t nbuf;		/* bytes in buf */
};
void sha256_init(struct sha256 *c);
void sha256_update(struct sha256 *c, const void *data, size_t n);
void sha256_final(struct sha256 *c, unsigned char out[32]);
void sha256_hex(const unsigned char dig[32], char out[65]);
/* sha256_reference() - one-shot portable C digest, for tests of the fast path. */
void sha256_reference(const void *data, size_t n, unsigned char out[32]);

/* ---- misc ---- */
/*
 * suggest_name() - the one name of @names (@n, NULL entries skipped) closest
 * to the misspelled @typed: within one edit for short names (two from 6
 * characters, three from 12; a swap of neighbours is one edit, a prefix of
 * 3 or more characters counts as one), NULL when none is or two are equally
 * close. Borrowed from @names.
 */
const char *suggest_name(const char *typed, const char *const *names, size_t n);
/*
 * time_text() - a time in ns since the epoch as "2026-01-02T03:04:05Z"; a
 * time before 2000 is a boot-time (monotonic) clock, never a date: "12.345 s
 * since boot", or with @compact "boot+12.345s" (a run name). @len >= 32.
 */
void time_text(int64_t ns, bool compact, char *buf, size_t len);
bool str_has_prefix(const char *s, const char *prefix);
bool str_icontains(const char *hay, const char *needle);

#endif
