/* SPDX-License-Identifier: MIT */
/*
 * jpull.h: module-private streaming JSON tokenizer for the ROCm trace
 * parsers. Reads tokens from a struct input with constant memory; small
 * objects (one trace record) can be collected into a flat path → value map.
 * Commas and colons are consumed between tokens; structure is the caller's.
 */
#ifndef LITSI_PARSE_JPULL_H
#define LITSI_PARSE_JPULL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "litsi/err.h"
#include "litsi/parse.h"
#include "litsi/util.h"

enum jtok {
	J_EOF = 0,
	J_OBJ,		/* { */
	J_OBJ_END,	/* } */
	J_ARR,		/* [ */
	J_ARR_END,	/* ] */
	J_STR,		/* text in jp.tok */
	J_NUM,		/* literal text in jp.tok */
	J_TRUE,
	J_FALSE,
	J_NULL,
};

enum { JP_MAX_DEPTH = 256, JP_MAX_STRING = 16 << 20, JFLAT_MAX = 512 };

struct jp {
	struct input *in;
	const char *buf;	/* borrowed window of the input */
	size_t len, pos;
	struct sbuf tok;	/* text of the last J_STR / J_NUM */
	uint64_t tok_off;	/* byte offset where the last token starts */
};

void jp_init(struct jp *j, struct input *in);
void jp_release(struct jp *j);
/* jp_next() - next token (>= 0) or a negative status: "NAME: byte N: ...". */
int jp_next(struct jp *j, struct err *err);
/* jp_skip() - skip the rest of a value whose first token @t was already read. */
int jp_skip(struct jp *j, int t, struct err *err);
/* jp_key() - inside an object: 1 with the key in j->tok, 0 at '}', or <0. */
int jp_key(struct jp *j, struct err *err);
/* jp_err() - LITSI_EDATA "NAME: byte N: msg" at the last token. */
int jp_err(const struct jp *j, struct err *err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * struct jflat - the leaves of one small object keyed by dotted path
 * ("dispatch_info.agent_id.handle", array elements as "a.0"). Strings and
 * number literals are both kept as text.
 */
struct jflat {
	struct sbuf data;	/* "path\0value\0" pairs */
	size_t off[JFLAT_MAX];	/* offset of each path */
	bool is_str[JFLAT_MAX];
	size_t n;
};

void jflat_init(struct jflat *f);
void jflat_release(struct jflat *f);
/* jflat_read() - after J_OBJ was returned, read the object into @f (reset first). */
int jflat_read(struct jp *j, struct jflat *f, struct err *err);
/* jflat_get() - value text at @path or NULL. */
const char *jflat_get(const struct jflat *f, const char *path);
/*
 * jflat_i64() - integer at @path (a number, or a string holding one).
 * Return: 0, 1 when absent, or -1 when present but not an integer.
 */
int jflat_i64(const struct jflat *f, const char *path, int64_t *out);

#endif
