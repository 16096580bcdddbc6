/* SPDX-License-Identifier: MIT */
/*
 * jscan.h: a streaming JSON tokenizer over a struct input (private to the
 * parse layer). It never builds a tree: the caller pulls one token at a time,
 * skips values it does not need and captures the raw text of small ones.
 * Grammar (RFC 8259) is checked for every byte it passes, skipped or not.
 * Numbers are handed out as their source text.
 */
#ifndef LITSI_PARSE_JSCAN_H
#define LITSI_PARSE_JSCAN_H

#include <stddef.h>
#include <stdint.h>

#include "litsi/parse.h"

enum jtok {
	JT_EOF = 0,		/* the top-level value is complete and only space followed */
	JT_OBJ,			/* '{' */
	JT_OBJ_END,		/* '}' */
	JT_ARR,			/* '[' */
	JT_ARR_END,		/* ']' */
	JT_KEY,			/* an object key; text in s/n, decoded */
	JT_STR,			/* a string value; text in s/n, decoded */
	JT_NUM,			/* a number; its source text in s/n */
	JT_TRUE,
	JT_FALSE,
	JT_NULL,
};

/*
 * Limits, so that memory stays bounded whatever the input: a key or string
 * that is decoded (jscan_next) may be at most JSCAN_MAX_STRING bytes once
 * decoded, and a number at most JSCAN_MAX_NUMBER bytes of text, read or
 * skipped. Beyond them the input is refused at the token's byte offset.
 * Strings that are skipped (jscan_skip) are checked but never copied, so
 * they may be of any length.
 */
enum {
	JSCAN_MAX_DEPTH = 512,
	JSCAN_MAX_STRING = 4 << 20,
	JSCAN_MAX_NUMBER = 1024,
};

/*
 * The string scanner: the first byte at or after @p that ends the plain part
 * of a JSON string ('"', '\\' or a control byte below 0x20), or @end. It has
 * a portable path and, on x86-64, SSE2 and AVX2 paths; the best one the CPU
 * has is chosen at run time.
 */
enum jscan_simd { JSCAN_PORTABLE, JSCAN_SSE2, JSCAN_AVX2 };

/* jscan_simd_best() - the fastest path this CPU can run. */
enum jscan_simd jscan_simd_best(void);
/* jscan_str_stop() - the scanner through path @how (one that the CPU can run). */
const char *jscan_str_stop(const char *p, const char *end, enum jscan_simd how);
/*
 * jscan_num_end() - the first byte at or after @p that is not one of
 * 0-9 . e E + - (the end of a number's text), or @end; SSE2 serves AVX2.
 */
const char *jscan_num_end(const char *p, const char *end, enum jscan_simd how);
/* jscan_ws_end() - the first byte at or after @p that is not JSON whitespace, or @end. */
const char *jscan_ws_end(const char *p, const char *end, enum jscan_simd how);

struct jscan {
	struct input *in;
	struct err *err;
	const char *base, *p, *end;	/* the borrowed input window; p is the cursor */
	uint64_t win_off;		/* decompressed offset of base */
	int state;
	int depth;
	unsigned char stack[JSCAN_MAX_DEPTH];
	/* The last token: s/n point into the window or into tok; valid until the next call. */
	const char *s;
	size_t n;
	struct sbuf tok;
	/* Raw capture of the value being skipped (jscan_capture). */
	struct sbuf *cap;
	const char *cap_from;
	size_t cap_max;
	int cap_over;
};

void jscan_init(struct jscan *js, struct input *in, struct err *err);
void jscan_release(struct jscan *js);

/*
 * jscan_next() - the next token. Strings and keys are decoded (all escapes,
 * \uXXXX surrogate pairs to UTF-8). Return: a JT_* value, or a negative status
 * with "NAME: byte N: expected ..." in err.
 */
int jscan_next(struct jscan *js);
/*
 * jscan_skip() - skip the value that comes next (after a key, or an array
 * element), or the rest of the container whose opening token was just
 * returned when @opened is nonzero. Strings are not decoded.
 */
int jscan_skip(struct jscan *js, int opened);
/*
 * jscan_capture() - copy the raw text of the next value into @out (reset
 * first). Fails with LITSI_EDATA when it is longer than @max bytes.
 */
int jscan_capture(struct jscan *js, struct sbuf *out, size_t max);
/*
 * jscan_peek() - the next significant byte without consuming it, after a
 * pending ':' or array ',' is consumed: the first byte of a value ('{', '[',
 * '"', ...), a closing ']' or '}', or -1 at the end.
 */
int jscan_peek(struct jscan *js);
/* jscan_offset() - decompressed byte offset of the cursor. */
uint64_t jscan_offset(const struct jscan *js);
/* jscan_fail() - "NAME: byte N: expected WHAT" at the cursor; returns LITSI_EDATA. */
int jscan_fail(struct jscan *js, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* jscan_fail_at() - the same at an earlier offset @off (of a value already read). */
int jscan_fail_at(struct jscan *js, uint64_t off, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* jscan_tokname() - "a string", "'{'", ... for messages. */
const char *jscan_tokname(int tok);

/*
 * ---- one array, parsed in pieces (jsplit.c) ----
 * jscan_detach() hands the input back at the cursor (just after an array's
 * '[' that is the value of a key of the top-level object); jscan_attach()
 * resumes on @in, which must start where the scanner stopped: inside that
 * array after an element (@in_array) or just after the array's ']'.
 * jscan_init_piece() starts a scanner on a piece of the array's elements: just
 * after the '[' (@first) or just after an element.
 */
void jscan_detach(struct jscan *js);
void jscan_attach(struct jscan *js, struct input *in, int in_array, int first);
void jscan_init_piece(struct jscan *js, struct input *in, struct err *err, int first);

/*
 * jscan_cut() - the structural scan that finds where the elements of an
 * array end without parsing them: strings (escapes included) are told apart
 * from the brackets and braces outside them, 64 bytes at a time. @c carries
 * the state from call to call; it starts zeroed just after the '['. It scans
 * @buf[0..@n) and stops past the first byte that closes an element at or
 * after @want_from (JCUT_ELEM) or that closes the array (JCUT_END), *at
 * being the offset just past that byte; else JCUT_NONE with *at the bytes
 * scanned, a multiple of 64 unless @flush (then all @n). It trusts the
 * grammar: a parser of the pieces checks it.
 */
struct jcut {
	uint64_t escaped;	/* the next byte is escaped (a backslash ended the last block) */
	uint64_t in_string;	/* all ones inside a string */
	int64_t depth;		/* 0: between the array's elements */
};
enum { JCUT_NONE, JCUT_ELEM, JCUT_END };
int jscan_cut(struct jcut *c, const char *buf, size_t n, size_t want_from, int flush,
	      size_t *at);

#endif
