/* SPDX-License-Identifier: MIT */
/*
 * jscan.c: a streaming pull tokenizer for JSON over struct input. It borrows
 * the input's decompressed buffer (input_buffer/input_consume), so the bytes
 * are touched once; tokens that straddle two buffers are assembled in tok.
 */
#include "jscan.h"

#include <stdarg.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#define JSCAN_X86 1
#endif

#include "litsi/litsi.h"

enum state {
	S_VALUE,		/* a value must follow (start, after ':' or an array ',') */
	S_VALUE_OR_END,		/* just after '[' */
	S_KEY_OR_END,		/* just after '{' */
	S_KEY,			/* after ',' in an object */
	S_COLON,		/* after a key */
	S_AFTER,		/* after a value inside a container */
	S_DONE,			/* the top-level value is complete */
};

/* Bytes that end the fast part of a string: the quote, the backslash, controls. */
static const unsigned char str_stop[256] = {
	[0] = 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	['"'] = 1, ['\\'] = 1,
};

/* ---- the string scanner, a block at a time ---- */

static const char *
str_stop_portable(const char *p, const char *end)
{
	while (p < end && !str_stop[(unsigned char)*p])
		p++;
	return p;
}

#ifdef JSCAN_X86
/* sse2_mask() - bit i set when byte i of the 16 at @p ends the plain part. */
static inline __attribute__((always_inline)) unsigned
sse2_mask(const char *p)
{
	__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
	__m128i q = _mm_cmpeq_epi8(x, _mm_set1_epi8('"'));
	__m128i b = _mm_cmpeq_epi8(x, _mm_set1_epi8('\\'));
	__m128i c = _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(0x1f)), x);

	return (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(q, b), c));
}

static const char *
str_stop_sse2(const char *p, const char *end)
{
	for (; end - p >= 16; p += 16) {
		unsigned m = sse2_mask(p);

		if (m)
			return p + __builtin_ctz(m);
	}
	return str_stop_portable(p, end);
}

__attribute__((target("avx2"))) static const char *
str_stop_avx2(const char *p, const char *end)
{
	const __m256i quote = _mm256_set1_epi8('"'), bs = _mm256_set1_epi8('\\');
	const __m256i ctl = _mm256_set1_epi8(0x1f);

	for (; end - p >= 32; p += 32) {
		__m256i x = _mm256_loadu_si256((const __m256i *)(const void *)p);
		__m256i s = _mm256_or_si256(
			_mm256_or_si256(_mm256_cmpeq_epi8(x, quote), _mm256_cmpeq_epi8(x, bs)),
			_mm256_cmpeq_epi8(_mm256_min_epu8(x, ctl), x));
		unsigned m = (unsigned)_mm256_movemask_epi8(s);

		if (m)
			return p + __builtin_ctz(m);
	}
	return str_stop_sse2(p, end);
}
#endif

enum jscan_simd
jscan_simd_best(void)
{
#ifdef JSCAN_X86
	__builtin_cpu_init();
	if (__builtin_cpu_supports("avx2"))
		return JSCAN_AVX2;
	return JSCAN_SSE2;
#else
	return JSCAN_PORTABLE;
#endif
}

const char *
jscan_str_stop(const char *p, const char *end, enum jscan_simd how)
{
	switch (how) {
#ifdef JSCAN_X86
	case JSCAN_AVX2:
		return str_stop_avx2(p, end);
	case JSCAN_SSE2:
		return str_stop_sse2(p, end);
#endif
	default:
		return str_stop_portable(p, end);
	}
}

/*
 * The long-string path for this CPU, chosen on first use; threads that race
 * there store the same value (atomically).
 */
typedef const char *str_stop_fn(const char *, const char *);
static str_stop_fn *str_stop_long;

static const char *
str_stop_pick(const char *p, const char *end)
{
	str_stop_fn *fn;

	switch (jscan_simd_best()) {
#ifdef JSCAN_X86
	case JSCAN_AVX2:
		fn = str_stop_avx2;
		break;
	case JSCAN_SSE2:
		fn = str_stop_sse2;
		break;
#endif
	default:
		fn = str_stop_portable;
	}
	__atomic_store_n(&str_stop_long, fn, __ATOMIC_RELAXED);
	return fn(p, end);
}

/*
 * scan_str() - jscan_str_stop() through the best path. Most strings are
 * short keys and names: the first 16 bytes are looked at inline with SSE2
 * (baseline on x86-64), longer ones go to the AVX2 loop where the CPU has it.
 */
static inline __attribute__((always_inline)) const char *
scan_str(const char *p, const char *end)
{
	str_stop_fn *fn;

#ifdef JSCAN_X86
	if (end - p >= 16) {
		unsigned m = sse2_mask(p);

		if (m)
			return p + __builtin_ctz(m);
		p += 16;
	}
#endif
	fn = __atomic_load_n(&str_stop_long, __ATOMIC_RELAXED);
	return (fn ? fn : str_stop_pick)(p, end);
}

static const unsigned char num_char[256] = {
	['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1,
	['7'] = 1, ['8'] = 1, ['9'] = 1, ['-'] = 1, ['+'] = 1, ['.'] = 1, ['e'] = 1,
	['E'] = 1,
};

static const char *
num_end_portable(const char *p, const char *end)
{
	while (p < end && num_char[(unsigned char)*p])
		p++;
	return p;
}

#ifdef JSCAN_X86
/* num_end_sse2() - the first byte that cannot be part of a number, 16 bytes at a time. */
static const char *
num_end_sse2(const char *p, const char *end)
{
	for (; end - p >= 16; p += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
		__m128i d = _mm_sub_epi8(x, _mm_set1_epi8('0'));
		__m128i ok = _mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(9)), d);
		__m128i e = _mm_or_si128(x, _mm_set1_epi8(0x20));	/* 'E' -> 'e' */
		unsigned m;

		ok = _mm_or_si128(ok, _mm_cmpeq_epi8(x, _mm_set1_epi8('.')));
		ok = _mm_or_si128(ok, _mm_cmpeq_epi8(e, _mm_set1_epi8('e')));
		ok = _mm_or_si128(ok, _mm_cmpeq_epi8(x, _mm_set1_epi8('+')));
		ok = _mm_or_si128(ok, _mm_cmpeq_epi8(x, _mm_set1_epi8('-')));
		m = ~(unsigned)_mm_movemask_epi8(ok) & 0xffff;
		if (m)
			return p + __builtin_ctz(m);
	}
	return num_end_portable(p, end);
}
#endif

/* jscan_num_end() - the end of a number's text from @p through path @how. */
const char *
jscan_num_end(const char *p, const char *end, enum jscan_simd how)
{
#ifdef JSCAN_X86
	if (how != JSCAN_PORTABLE)
		return num_end_sse2(p, end);
#endif
	(void)how;
	return num_end_portable(p, end);
}

static inline __attribute__((always_inline)) const char *
scan_num(const char *p, const char *end)
{
#ifdef JSCAN_X86
	return num_end_sse2(p, end);
#else
	return num_end_portable(p, end);
#endif
}

/* ---- runs of whitespace (indented traces), a block at a time ---- */

static inline int
is_ws(char c)
{
	return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

static const char *
ws_end_portable(const char *p, const char *end)
{
	while (p < end && is_ws(*p))
		p++;
	return p;
}

#ifdef JSCAN_X86
/* ws_end_sse2() - the first byte that is not JSON whitespace, 16 bytes at a time. */
static const char *
ws_end_sse2(const char *p, const char *end)
{
	for (; end - p >= 16; p += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
		__m128i w = _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(' ')),
					 _mm_cmpeq_epi8(x, _mm_set1_epi8('\n')));
		unsigned m;

		w = _mm_or_si128(w, _mm_cmpeq_epi8(x, _mm_set1_epi8('\r')));
		w = _mm_or_si128(w, _mm_cmpeq_epi8(x, _mm_set1_epi8('\t')));
		m = ~(unsigned)_mm_movemask_epi8(w) & 0xffff;
		if (m)
			return p + __builtin_ctz(m);
	}
	return ws_end_portable(p, end);
}
#endif

/* jscan_ws_end() - the end of a run of whitespace from @p through path @how. */
const char *
jscan_ws_end(const char *p, const char *end, enum jscan_simd how)
{
#ifdef JSCAN_X86
	if (how != JSCAN_PORTABLE)
		return ws_end_sse2(p, end);
#endif
	(void)how;
	return ws_end_portable(p, end);
}

static inline __attribute__((always_inline)) const char *
scan_ws(const char *p, const char *end)
{
	/* one blank between tokens is the common case of compact JSON */
	if (end - p >= 2 && (unsigned char)p[1] > ' ' && is_ws(p[0]))
		return p + 1;
#ifdef JSCAN_X86
	return ws_end_sse2(p, end);
#else
	return ws_end_portable(p, end);
#endif
}


void
jscan_init(struct jscan *js, struct input *in, struct err *err)
{
	memset(js, 0, sizeof(*js));
	js->in = in;
	js->err = err;
	js->state = S_VALUE;
	js->win_off = input_offset(in);
	sbuf_init(&js->tok);
}

void
jscan_release(struct jscan *js)
{
	/* Hand back what was read so that input_offset() is exact. */
	if (js->in && js->p > js->base)
		input_consume(js->in, (size_t)(js->p - js->base));
	js->base = js->end = js->p;
	js->win_off = input_offset(js->in);
	sbuf_release(&js->tok);
}

uint64_t
jscan_offset(const struct jscan *js)
{
	return js->win_off + (uint64_t)(js->p - js->base);
}

static int
vfail_at(struct jscan *js, uint64_t off, const char *fmt, va_list ap)
{
	char what[512];

	vsnprintf(what, sizeof(what), fmt, ap);
	if (js->p > js->base) {
		input_consume(js->in, (size_t)(js->p - js->base));
		js->base = js->p;
		js->win_off = input_offset(js->in);
	}
	return err_set(js->err, LITSI_EDATA, "%s: byte %llu: %s", input_name(js->in),
		       (unsigned long long)off, what);
}

int
jscan_fail_at(struct jscan *js, uint64_t off, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = vfail_at(js, off, fmt, ap);
	va_end(ap);
	return rc;
}

int
jscan_fail(struct jscan *js, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = vfail_at(js, jscan_offset(js), fmt, ap);
	va_end(ap);
	return rc;
}

const char *
jscan_tokname(int tok)
{
	switch (tok) {
	case JT_EOF: return "the end of the input";
	case JT_OBJ: return "an object";
	case JT_OBJ_END: return "'}'";
	case JT_ARR: return "an array";
	case JT_ARR_END: return "']'";
	case JT_KEY: return "a key";
	case JT_STR: return "a string";
	case JT_NUM: return "a number";
	case JT_TRUE: return "true";
	case JT_FALSE: return "false";
	case JT_NULL: return "null";
	}
	return "a token";
}

static void
cap_add(struct jscan *js, const char *from, const char *to)
{
	size_t n = (size_t)(to - from);

	if (js->cap_over)
		return;
	if (js->cap->len + n > js->cap_max) {
		js->cap_over = 1;
		return;
	}
	sbuf_add(js->cap, from, n);
}

/* refill() - next window once the cursor reached the end: 1 = data, 0 = end, <0 error. */
static int
refill(struct jscan *js)
{
	const char *p;
	size_t len;

	if (js->cap)
		cap_add(js, js->cap_from, js->end);
	input_consume(js->in, (size_t)(js->end - js->base));
	js->base = js->p = js->end;
	js->win_off = input_offset(js->in);
	if (input_buffer(js->in, &p, &len, js->err))
		return js->err->status;
	js->base = js->p = js->cap_from = p;
	js->end = p + len;
	return len > 0;
}

static inline __attribute__((always_inline)) int
skip_ws(struct jscan *js)
{
	if (js->p < js->end && (unsigned char)*js->p > ' ')
		return 1;
	for (;;) {
		const char *p = scan_ws(js->p, js->end), *end = js->end;
		int rc;

		js->p = p;
		if (p < end)
			return 1;
		rc = refill(js);
		if (rc <= 0)
			return rc;
	}
}

/* nextc() - one byte, refilling; -1 at the end of the input, < -1 on error. */
static int
nextc(struct jscan *js)
{
	if (js->p == js->end) {
		int rc = refill(js);

		if (rc < 0)
			return rc - 100;
		if (rc == 0)
			return -1;
	}
	return (unsigned char)*js->p++;
}

static void
put_utf8(struct sbuf *sb, uint32_t cp)
{
	char b[4];

	if (cp < 0x80) {
		sbuf_addch(sb, (int)cp);
		return;
	}
	if (cp < 0x800) {
		b[0] = (char)(0xC0 | (cp >> 6));
		b[1] = (char)(0x80 | (cp & 0x3F));
		sbuf_add(sb, b, 2);
	} else if (cp < 0x10000) {
		b[0] = (char)(0xE0 | (cp >> 12));
		b[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		b[2] = (char)(0x80 | (cp & 0x3F));
		sbuf_add(sb, b, 3);
	} else {
		b[0] = (char)(0xF0 | (cp >> 18));
		b[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
		b[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
		b[3] = (char)(0x80 | (cp & 0x3F));
		sbuf_add(sb, b, 4);
	}
}

static int
eof_in_string(struct jscan *js, int c)
{
	if (c < -1)
		return c + 100;
	return jscan_fail(js, "the file is truncated: it ends inside a string");
}

/* hex4() - the four hex digits of a \u escape. */
static int
hex4(struct jscan *js, uint32_t *out)
{
	uint32_t v = 0;
	int i;

	for (i = 0; i < 4; i++) {
		int c = nextc(js);

		if (c < 0)
			return eof_in_string(js, c);
		if (c >= '0' && c <= '9')
			v = v * 16 + (uint32_t)(c - '0');
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			v = v * 16 + (uint32_t)((c | 0x20) - 'a' + 10);
		else {
			js->p--;
			return jscan_fail(js, "expected 4 hex digits after \\u");
		}
	}
	*out = v;
	return 0;
}

/*
 * lex_escape() - the escape after a backslash (already consumed). Unpaired
 * surrogates become U+FFFD.
 */
static int
lex_escape(struct jscan *js, int decode)
{
	struct sbuf *t = &js->tok;
	uint32_t cp, lo;
	int c = nextc(js), rc;

again:
	if (c < 0)
		return eof_in_string(js, c);
	switch (c) {
	case '"': case '\\': case '/':
		if (decode)
			sbuf_addch(t, c);
		return 0;
	case 'b': if (decode) sbuf_addch(t, '\b'); return 0;
	case 'f': if (decode) sbuf_addch(t, '\f'); return 0;
	case 'n': if (decode) sbuf_addch(t, '\n'); return 0;
	case 'r': if (decode) sbuf_addch(t, '\r'); return 0;
	case 't': if (decode) sbuf_addch(t, '\t'); return 0;
	case 'u':
		break;
	default:
		js->p--;
		return jscan_fail(js, "expected a valid escape after '\\'");
	}
	if ((rc = hex4(js, &cp)))
		return rc;
	if (cp < 0xD800 || cp > 0xDFFF) {
		if (decode)
			put_utf8(t, cp);
		return 0;
	}
	if (cp >= 0xDC00) {	/* a low surrogate alone */
		if (decode)
			put_utf8(t, 0xFFFD);
		return 0;
	}
	/* A high surrogate: a \uDC00-\uDFFF must follow to make a pair. */
	c = nextc(js);
	if (c == '\\') {
		c = nextc(js);
		if (c != 'u') {
			if (decode)
				put_utf8(t, 0xFFFD);
			goto again;
		}
		if ((rc = hex4(js, &lo)))
			return rc;
		if (lo >= 0xDC00 && lo <= 0xDFFF) {
			if (decode)
				put_utf8(t, 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00));
			return 0;
		}
		if (decode)
			put_utf8(t, 0xFFFD);
		/* Treat @lo as an escape of its own. */
		if (lo >= 0xD800 && lo <= 0xDFFF) {
			if (decode)
				put_utf8(t, 0xFFFD);
		} else if (decode) {
			put_utf8(t, lo);
		}
		return 0;
	}
	if (c < 0)
		return eof_in_string(js, c);
	js->p--;	/* not part of the escape; the caller lexes it */
	if (decode)
		put_utf8(t, 0xFFFD);
	return 0;
}

/* tok_add() - append to the decoded string that began at @at, within JSCAN_MAX_STRING. */
static int
tok_add(struct jscan *js, const char *from, const char *to, uint64_t at)
{
	if (js->tok.len + (size_t)(to - from) > JSCAN_MAX_STRING)
		return jscan_fail_at(js, at, "expected a string of at most %d bytes",
				     JSCAN_MAX_STRING);
	sbuf_add(&js->tok, from, (size_t)(to - from));
	return 0;
}

/* lex_string() - after the opening quote: the string into s/n when decoding. */
static int
lex_string(struct jscan *js, int decode)
{
	const char *p = js->p, *end = js->end, *start = p;
	uint64_t at = js->win_off + (uint64_t)(p - js->base) - 1;	/* the quote */
	int copied = 0, rc;

	if (decode)
		sbuf_reset(&js->tok);
	for (;;) {
		p = scan_str(p, end);
		if (p == end) {
			js->p = p;
			if (decode) {
				if ((rc = tok_add(js, start, p, at)))
					return rc;
				copied = 1;
			}
			rc = refill(js);
			if (rc <= 0)
				return rc < 0 ? rc : eof_in_string(js, -1);
			p = start = js->p;
			end = js->end;
			continue;
		}
		if (*p == '"') {
			js->p = p;
			if (decode) {
				if (copied) {
					if ((rc = tok_add(js, start, p, at)))
						return rc;
					js->s = js->tok.buf;
					js->n = js->tok.len;
				} else {
					if (p - start > JSCAN_MAX_STRING)
						return tok_add(js, start, p, at);
					js->s = start;
					js->n = (size_t)(p - start);
				}
			}
			js->p = p + 1;
			return 0;
		}
		if (*p == '\\') {
			js->p = p;
			if (decode) {
				if ((rc = tok_add(js, start, p, at)))
					return rc;
				copied = 1;
			}
			js->p = p + 1;
			if ((rc = lex_escape(js, decode)))
				return rc;
			p = start = js->p;
			end = js->end;
			continue;
		}
		js->p = p;
		return jscan_fail(js, "expected control character 0x%02x in a string to be escaped",
				  (unsigned char)*p);
	}
}

static int
number_ok(const char *s, size_t n)
{
	size_t i = 0;

#define DIGIT(k) ((k) < n && s[k] >= '0' && s[k] <= '9')
	if (i < n && s[i] == '-')
		i++;
	if (!DIGIT(i))
		return 0;
	if (s[i] == '0')
		i++;
	else
		while (DIGIT(i))
			i++;
	if (i < n && s[i] == '.') {
		i++;
		if (!DIGIT(i))
			return 0;
		while (DIGIT(i))
			i++;
	}
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			i++;
		if (!DIGIT(i))
			return 0;
		while (DIGIT(i))
			i++;
	}
#undef DIGIT
	return i == n;
}

static int
lex_number(struct jscan *js)
{
	uint64_t off = jscan_offset(js);
	const char *p = js->p, *end = js->end, *start = p;
	int copied = 0, rc;

	for (;;) {
		p = scan_num(p, end);
		if (p < end)
			break;
		if (!copied)
			sbuf_reset(&js->tok);
		js->p = p;
		if (js->tok.len + (size_t)(p - start) > JSCAN_MAX_NUMBER)
			return jscan_fail_at(js, off, "expected a number of at most %d bytes",
					     JSCAN_MAX_NUMBER);
		sbuf_add(&js->tok, start, (size_t)(p - start));
		copied = 1;
		rc = refill(js);
		if (rc < 0)
			return rc;
		p = start = js->p;
		end = js->end;
		if (rc == 0)
			break;
	}
	if (copied) {
		sbuf_add(&js->tok, start, (size_t)(p - start));
		js->s = js->tok.buf;
		js->n = js->tok.len;
	} else {
		js->s = start;
		js->n = (size_t)(p - start);
	}
	js->p = p;
	if (js->n > JSCAN_MAX_NUMBER)
		return jscan_fail_at(js, off, "expected a number of at most %d bytes",
				     JSCAN_MAX_NUMBER);
	if (!number_ok(js->s, js->n))
		return jscan_fail_at(js, off, "expected a valid number, got '%.*s'",
			       (int)(js->n > 40 ? 40 : js->n), js->s);
	return 0;
}

static int
lex_literal(struct jscan *js, const char *word)
{
	uint64_t off = jscan_offset(js);
	size_t i;

	for (i = 0; word[i]; i++) {
		int c = nextc(js);

		if (c < -1)
			return c + 100;
		if (c != (unsigned char)word[i])
			return jscan_fail_at(js, off, "expected a JSON value");
	}
	return 0;
}

static inline __attribute__((always_inline)) int
after_value(struct jscan *js, int tok)
{
	js->state = js->depth ? S_AFTER : S_DONE;
	return tok;
}

static inline __attribute__((always_inline)) int
close_container(struct jscan *js)
{
	js->p++;
	js->depth--;
	return after_value(js, js->stack[js->depth] == '{' ? JT_OBJ_END : JT_ARR_END);
}

static int
fail_eof(struct jscan *js)
{
	int obj = js->depth && js->stack[js->depth - 1] == '{';

	switch (js->state) {
	case S_VALUE:
		if (!js->depth && jscan_offset(js) == 0)
			return jscan_fail(js, "expected a JSON value, but the input is empty");
		return jscan_fail(js, "the file is truncated: it ends where a value was expected");
	case S_VALUE_OR_END:
		return jscan_fail(js, "the file is truncated: it ends where a value or ']' was expected");
	case S_KEY_OR_END:
		return jscan_fail(js, "the file is truncated: it ends where a string key or '}' was expected");
	case S_KEY:
		return jscan_fail(js, "the file is truncated: it ends where a string key was expected");
	case S_COLON:
		return jscan_fail(js, "the file is truncated: it ends where ':' was expected");
	default:
		return jscan_fail(js, "the file is truncated: it ends where ',' or '%c' was expected", obj ? '}' : ']');
	}
}

static inline __attribute__((always_inline)) int
lex_value(struct jscan *js, int c, int decode)
{
	int rc;

	switch (c) {
	case '{':
	case '[':
		if (js->depth == JSCAN_MAX_DEPTH)
			return jscan_fail(js, "expected nesting no deeper than %d", JSCAN_MAX_DEPTH);
		js->stack[js->depth++] = (unsigned char)c;
		js->p++;
		js->state = c == '{' ? S_KEY_OR_END : S_VALUE_OR_END;
		return c == '{' ? JT_OBJ : JT_ARR;
	case '"':
		js->p++;
		if ((rc = lex_string(js, decode)))
			return rc;
		return after_value(js, JT_STR);
	case 't':
		if ((rc = lex_literal(js, "true")))
			return rc;
		return after_value(js, JT_TRUE);
	case 'f':
		if ((rc = lex_literal(js, "false")))
			return rc;
		return after_value(js, JT_FALSE);
	case 'n':
		if ((rc = lex_literal(js, "null")))
			return rc;
		return after_value(js, JT_NULL);
	default:
		if (c == '-' || (c >= '0' && c <= '9')) {
			if ((rc = lex_number(js)))
				return rc;
			return after_value(js, JT_NUM);
		}
		return jscan_fail(js, "expected a JSON value");
	}
}

/*
 * lex() - the next token. A separator (':' or ',') and the token after it
 * are read in one pass, without going back through the state switch.
 */
static int
lex(struct jscan *js, int decode)
{
	int rc, c, obj;

	rc = skip_ws(js);
	if (rc <= 0)
		return rc < 0 ? rc : js->state == S_DONE ? JT_EOF : fail_eof(js);
	c = (unsigned char)*js->p;
	switch (js->state) {
	case S_DONE:
		return jscan_fail(js, "expected the end of the input after the JSON value");
	case S_COLON:
		if (c != ':')
			return jscan_fail(js, "expected ':' after an object key");
		js->p++;
		goto value;
	case S_AFTER:
		obj = js->stack[js->depth - 1] == '{';
		if (c == ',') {
			js->p++;
			if (obj)
				goto key;
			goto value;
		}
		if (c == (obj ? '}' : ']'))
			return close_container(js);
		return jscan_fail(js, "expected ',' or '%c'", obj ? '}' : ']');
	case S_KEY_OR_END:
		if (c == '}')
			return close_container(js);
		goto key_c;
	case S_KEY:
		goto key_c;
	case S_VALUE_OR_END:
		if (c == ']')
			return close_container(js);
		/* fall through */
	default:
		return lex_value(js, c, decode);
	}
key:
	js->state = S_KEY;
	rc = skip_ws(js);
	if (rc <= 0)
		return rc < 0 ? rc : fail_eof(js);
	c = (unsigned char)*js->p;
key_c:
	if (c != '"')
		return jscan_fail(js, "expected a string key%s",
				  js->state == S_KEY_OR_END ? " or '}'" : "");
	js->p++;
	if ((rc = lex_string(js, decode)))
		return rc;
	js->state = S_COLON;
	return JT_KEY;
value:
	js->state = S_VALUE;
	rc = skip_ws(js);
	if (rc <= 0)
		return rc < 0 ? rc : fail_eof(js);
	return lex_value(js, (unsigned char)*js->p, decode);
}

int
jscan_next(struct jscan *js)
{
	return lex(js, 1);
}

int
jscan_skip(struct jscan *js, int opened)
{
	int target = opened ? js->depth - 1 : js->depth;

	if (!opened) {
		int t = lex(js, 0);

		if (t < 0)
			return t;
		if (t != JT_OBJ && t != JT_ARR)
			return 0;
	}
	while (js->depth > target) {
		int t = lex(js, 0);

		if (t < 0)
			return t;
	}
	return 0;
}

/*
 * pre_value() - skip space and a pending ':' (or ',' between array elements);
 * 1 = a byte follows, 0 = end, <0 error.
 */
static int
pre_value(struct jscan *js)
{
	int rc = skip_ws(js);

	if (rc > 0 && js->state == S_COLON) {
		if (*js->p != ':')
			return jscan_fail(js, "expected ':' after an object key");
		js->p++;
		js->state = S_VALUE;
		rc = skip_ws(js);
	} else if (rc > 0 && js->state == S_AFTER && *js->p == ',' &&
		   js->stack[js->depth - 1] == '[') {
		js->p++;
		js->state = S_VALUE;
		rc = skip_ws(js);
	}
	return rc;
}

int
jscan_peek(struct jscan *js)
{
	int rc = pre_value(js);

	if (rc < 0)
		return rc;
	return rc ? (unsigned char)*js->p : -1;
}

int
jscan_capture(struct jscan *js, struct sbuf *out, size_t max)
{
	int rc;

	sbuf_reset(out);
	rc = pre_value(js);
	if (rc < 0)
		return rc;
	js->cap = out;
	js->cap_from = js->p;
	js->cap_max = max;
	js->cap_over = 0;
	rc = jscan_skip(js, 0);
	if (!rc)
		cap_add(js, js->cap_from, js->p);
	js->cap = NULL;
	if (rc)
		return rc;
	if (js->cap_over)
		return jscan_fail(js, "expected a value of at most %zu bytes", max);
	return 0;
}

/* ---- one array in pieces ---- */

void
jscan_detach(struct jscan *js)
{
	if (js->p > js->base)
		input_consume(js->in, (size_t)(js->p - js->base));
	js->base = js->end = js->p = NULL;
	js->win_off = input_offset(js->in);
}

void
jscan_attach(struct jscan *js, struct input *in, int in_array, int first)
{
	js->in = in;
	js->base = js->end = js->p = NULL;
	js->win_off = input_offset(in);
	/* the array is the value of a key of the top-level object */
	js->stack[0] = '{';
	js->stack[1] = '[';
	js->depth = in_array ? 2 : 1;
	js->state = in_array && first ? S_VALUE_OR_END : S_AFTER;
}

void
jscan_init_piece(struct jscan *js, struct input *in, struct err *err, int first)
{
	jscan_init(js, in, err);
	jscan_attach(js, in, 1, first);
}

/* prefix_xor() - bit i set when an odd number of bits 0..i of @x are. */
static inline uint64_t
prefix_xor(uint64_t x)
{
	x ^= x << 1;
	x ^= x << 2;
	x ^= x << 4;
	x ^= x << 8;
	x ^= x << 16;
	x ^= x << 32;
	return x;
}

/*
 * escaped_bytes() - the bytes that a backslash escapes: the byte after each
 * odd-length run of backslashes (runs carried over from the last block).
 */
static inline uint64_t
escaped_bytes(uint64_t bs, uint64_t *carry)
{
	const uint64_t even = 0x5555555555555555ULL;
	uint64_t follows, odd_starts, seq, esc;

	if (!bs) {
		esc = *carry;
		*carry = 0;
		return esc;
	}
	bs &= ~*carry;
	follows = bs << 1 | *carry;
	odd_starts = bs & ~even & ~follows;
	*carry = __builtin_add_overflow(odd_starts, bs, &seq);
	return (even ^ (seq << 1)) & follows;
}

struct cut_masks {
	uint64_t quote, bs, open, close;
};

#ifndef JSCAN_X86
static void
cut_masks_portable(const char *p, struct cut_masks *m)
{
	int i;

	memset(m, 0, sizeof(*m));
	for (i = 0; i < 64; i++) {
		unsigned char c = (unsigned char)p[i];
		uint64_t b = (uint64_t)1 << i;

		if (c == '"')
			m->quote |= b;
		else if (c == '\\')
			m->bs |= b;
		else if (c == '{' || c == '[')
			m->open |= b;
		else if (c == '}' || c == ']')
			m->close |= b;
	}
}
#else
static inline void
cut_masks_sse2(const char *p, struct cut_masks *m)
{
	int i;

	memset(m, 0, sizeof(*m));
	for (i = 0; i < 4; i++) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * i));
		__m128i l = _mm_or_si128(x, _mm_set1_epi8(0x20));	/* '[' -> '{', ']' -> '}' */
		unsigned sh = 16 * (unsigned)i;

		m->quote |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8('"'))) << sh;
		m->bs |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8('\\'))) << sh;
		m->open |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(l, _mm_set1_epi8('{'))) << sh;
		m->close |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(l, _mm_set1_epi8('}'))) << sh;
	}
}
#endif

/* cut_block() - one block of 64 bytes at @p, at offset @off of the scan. */
static inline int
cut_block(struct jcut *c, const char *p, size_t off, size_t want_from, size_t *at)
{
	struct cut_masks m;
	uint64_t str, any;
	int64_t closes;

#ifdef JSCAN_X86
	cut_masks_sse2(p, &m);
#else
	cut_masks_portable(p, &m);
#endif
	m.quote &= ~escaped_bytes(m.bs, &c->escaped);
	str = prefix_xor(m.quote) ^ c->in_string;
	c->in_string = (uint64_t)((int64_t)str >> 63);
	m.open &= ~str;
	m.close &= ~str;
	any = m.open | m.close;
	if (!any)
		return JCUT_NONE;
	closes = __builtin_popcountll(m.close);
	/* No close can reach the array's level here, or none is wanted: count. */
	if (c->depth - closes > 0 || (c->depth - closes == 0 && off + 64 <= want_from)) {
		c->depth += __builtin_popcountll(m.open) - closes;
		return JCUT_NONE;
	}
	for (; any; any &= any - 1) {
		int i = __builtin_ctzll(any);

		if (m.open >> i & 1) {
			c->depth++;
			continue;
		}
		if (--c->depth < 0) {
			*at = off + (size_t)i + 1;
			return JCUT_END;
		}
		if (c->depth == 0 && off + (size_t)i >= want_from) {
			*at = off + (size_t)i + 1;
			return JCUT_ELEM;
		}
	}
	return JCUT_NONE;
}

int
jscan_cut(struct jcut *c, const char *buf, size_t n, size_t want_from, int flush, size_t *at)
{
	size_t off = 0;
	int rc;

	for (; n - off >= 64; off += 64)
		if ((rc = cut_block(c, buf + off, off, want_from, at)) != JCUT_NONE) {
			/* a cut is outside any string, after no backslash */
			c->escaped = c->in_string = 0;
			c->depth = 0;
			return rc;
		}
	if (flush && off < n) {
		char pad[64];

		/* spaces change nothing: no escape or string is open across them */
		memset(pad, ' ', sizeof(pad));
		memcpy(pad, buf + off, n - off);
		rc = cut_block(c, pad, off, want_from, at);
		if (rc != JCUT_NONE) {
			c->escaped = c->in_string = 0;
			c->depth = 0;
			return rc;
		}
		off = n;
	}
	*at = off;
	return JCUT_NONE;
}
