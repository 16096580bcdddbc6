/* SPDX-License-Identifier: MIT */
/*
 * check_jscan.c: the streaming JSON tokenizer, against json-c as the
 * reference on every .json.gz of the corpus and on hand-written edge cases.
 */
#include <dirent.h>
#include <json.h>
#include <stdlib.h>
#include <string.h>

#include "litsi/litsi.h"
#include "litsi/parse.h"
#include "parse/jscan.h"
#include "unit.h"
#include "../fuzz/jdiff.h"

/* ---- comparing one value, token by token, with json-c's tree ---- */

static int cmp_value(struct jscan *js, int tok, struct json_object *o, char *why, size_t n);

static int
cmp_number(const char *s, size_t len, struct json_object *o, char *why, size_t n)
{
	char txt[512];
	int64_t v;

	snprintf(txt, sizeof(txt), "%.*s", (int)len, s);
	if (json_object_is_type(o, json_type_int)) {
		/* json-c keeps integers above INT64_MAX as uint64 */
		if (parse_i64n(s, len, &v) && s[0] != '-' &&
		    strtoull(txt, NULL, 10) == json_object_get_uint64(o))
			return 0;
		if (parse_i64n(s, len, &v) || v != json_object_get_int64(o)) {
			snprintf(why, n, "int %.100s vs json-c %lld", txt,
				 (long long)json_object_get_int64(o));
			return -1;
		}
		return 0;
	}
	if (!json_object_is_type(o, json_type_double) ||
	    strtod(txt, NULL) != json_object_get_double(o)) {
		snprintf(why, n, "number %.100s vs json-c %.100s", txt, json_object_to_json_string(o));
		return -1;
	}
	return 0;
}

static int
cmp_value(struct jscan *js, int tok, struct json_object *o, char *why, size_t n)
{
	switch (tok) {
	case JT_OBJ: {
		size_t i = 0, want = json_object_is_type(o, json_type_object)
					     ? (size_t)json_object_object_length(o) : 0;
		struct json_object_iterator it, end;

		if (!json_object_is_type(o, json_type_object)) {
			snprintf(why, n, "object vs json-c %s", json_type_to_name(json_object_get_type(o)));
			return -1;
		}
		it = json_object_iter_begin(o);
		end = json_object_iter_end(o);
		for (;;) {
			int t = jscan_next(js);

			if (t == JT_OBJ_END)
				break;
			if (t != JT_KEY || json_object_iter_equal(&it, &end)) {
				snprintf(why, n, "key expected (got %d)", t);
				return -1;
			}
			if (strlen(json_object_iter_peek_name(&it)) != js->n ||
			    memcmp(json_object_iter_peek_name(&it), js->s, js->n)) {
				snprintf(why, n, "key '%.*s' vs json-c '%s'", (int)js->n, js->s,
					 json_object_iter_peek_name(&it));
				return -1;
			}
			if (cmp_value(js, jscan_next(js), json_object_iter_peek_value(&it), why, n))
				return -1;
			json_object_iter_next(&it);
			i++;
		}
		if (i != want) {
			snprintf(why, n, "%zu keys vs json-c %zu", i, want);
			return -1;
		}
		return 0;
	}
	case JT_ARR: {
		size_t i;

		if (!json_object_is_type(o, json_type_array)) {
			snprintf(why, n, "array vs json-c %s", json_type_to_name(json_object_get_type(o)));
			return -1;
		}
		for (i = 0;; i++) {
			int t = jscan_next(js);

			if (t == JT_ARR_END)
				break;
			if (i >= json_object_array_length(o)) {
				snprintf(why, n, "array longer than json-c's");
				return -1;
			}
			if (cmp_value(js, t, json_object_array_get_idx(o, i), why, n))
				return -1;
		}
		if (i != json_object_array_length(o)) {
			snprintf(why, n, "array of %zu vs json-c %zu", i,
				 (size_t)json_object_array_length(o));
			return -1;
		}
		return 0;
	}
	case JT_STR:
		if (!json_object_is_type(o, json_type_string) ||
		    (size_t)json_object_get_string_len(o) != js->n ||
		    memcmp(json_object_get_string(o), js->s, js->n)) {
			snprintf(why, n, "string '%.*s' vs json-c %s", (int)(js->n > 80 ? 80 : js->n),
				 js->s, json_object_to_json_string(o));
			return -1;
		}
		return 0;
	case JT_NUM:
		return cmp_number(js->s, js->n, o, why, n);
	case JT_TRUE:
	case JT_FALSE:
		if (!json_object_is_type(o, json_type_boolean) ||
		    json_object_get_boolean(o) != (tok == JT_TRUE)) {
			snprintf(why, n, "boolean mismatch");
			return -1;
		}
		return 0;
	case JT_NULL:
		if (o) {
			snprintf(why, n, "null vs json-c %s", json_object_to_json_string(o));
			return -1;
		}
		return 0;
	}
	snprintf(why, n, "token %d", tok);
	return -1;
}

/* Compare the raw text @s of one value: jscan over it, against json-c's parse. */
static int
cmp_text(const char *s, size_t len, char *why, size_t n)
{
	struct json_tokener *tk = json_tokener_new_ex(JSCAN_MAX_DEPTH + 8);
	struct json_object *o = json_tokener_parse_ex(tk, s, (int)len + 1);	/* with its NUL */
	struct input *in;
	struct err err = { 0 };
	struct jscan js;
	int rc = -1;

	if (json_tokener_get_error(tk) != json_tokener_success) {
		snprintf(why, n, "json-c: %s", json_tokener_error_desc(json_tokener_get_error(tk)));
		goto out;
	}
	ck_assert_int_eq(input_open_mem(s, len, "value", &in, &err), 0);
	jscan_init(&js, in, &err);
	rc = cmp_value(&js, jscan_next(&js), o, why, n);
	if (!rc && jscan_next(&js) != JT_EOF) {
		snprintf(why, n, "trailing tokens");
		rc = -1;
	}
	jscan_release(&js);
	input_close(in);
out:
	json_object_put(o);
	json_tokener_free(tk);
	return rc;
}

/* ---- the corpus walk ---- */

enum { BIG = 2 << 20 };		/* containers larger than this are walked, not captured */

struct bigs {
	uint64_t *at;
	size_t nr, alloc;
};

/* Pass 1: the start offsets of containers larger than BIG. */
static void
find_big(const char *path, struct bigs *b)
{
	struct input *in;
	struct err err = { 0 };
	struct jscan js;
	uint64_t starts[JSCAN_MAX_DEPTH];
	int t;

	ck_assert_msg(input_open(path, &in, &err) == 0, "%s", err.msg);
	jscan_init(&js, in, &err);
	while ((t = jscan_next(&js)) > 0) {
		if (t == JT_OBJ || t == JT_ARR) {
			starts[js.depth - 1] = jscan_offset(&js) - 1;
		} else if (t == JT_OBJ_END || t == JT_ARR_END) {
			if (jscan_offset(&js) - starts[js.depth] > BIG) {
				VEC_GROW(b->at, b->nr + 1, b->alloc);
				b->at[b->nr++] = starts[js.depth];
			}
		}
	}
	ck_assert_msg(t == JT_EOF, "%s: %s", path, err.msg);
	jscan_release(&js);
	input_close(in);
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

struct walk {
	const char *path;
	struct bigs b;
	struct sbuf cap;
	long compared;
};

/* walk_value() - a value comes next: descend into big containers, compare the rest. */
static void
walk_value(struct jscan *js, struct walk *w)
{
	uint64_t at;
	char why[512];
	int c = jscan_peek(js), t;

	at = jscan_offset(js);
	ck_assert_msg(c >= 0, "%s: %s", w->path, js->err->msg);
	if ((c == '{' || c == '[') &&
	    (js->depth == 0 ||
	     (w->b.nr && bsearch(&at, w->b.at, w->b.nr, sizeof(*w->b.at), cmp_u64)))) {
		t = jscan_next(js);
		if (t == JT_OBJ) {
			while ((t = jscan_next(js)) == JT_KEY)
				walk_value(js, w);
			ck_assert_msg(t == JT_OBJ_END, "%s: %s", w->path, js->err->msg);
		} else {
			while ((c = jscan_peek(js)) != ']') {
				ck_assert_msg(c >= 0, "%s: %s", w->path, js->err->msg);
				walk_value(js, w);
			}
			ck_assert_int_eq(jscan_next(js), JT_ARR_END);
		}
		return;
	}
	ck_assert_msg(jscan_capture(js, &w->cap, 64u << 20) == 0, "%s: %s", w->path, js->err->msg);
	ck_assert_msg(cmp_text(w->cap.buf, w->cap.len, why, sizeof(why)) == 0,
		      "%s: value at byte %llu: %s", w->path, (unsigned long long)at, why);
	w->compared++;
}

/* Pass 2: every value below a big container is captured and compared. */
static void
check_file(const char *path)
{
	struct walk w = { .path = path, .cap = SBUF_INIT };
	struct input *in;
	struct err err = { 0 };
	struct jscan js;

	find_big(path, &w.b);
	if (w.b.nr)	/* qsort(NULL, 0) is undefined */
		qsort(w.b.at, w.b.nr, sizeof(*w.b.at), cmp_u64);
	ck_assert_msg(input_open(path, &in, &err) == 0, "%s", err.msg);
	jscan_init(&js, in, &err);
	walk_value(&js, &w);
	ck_assert_msg(jscan_next(&js) == JT_EOF, "%s: %s", path, err.msg);
	ck_assert_int_gt(w.compared, 0);
	jscan_release(&js);
	input_close(in);
	sbuf_release(&w.cap);
	free(w.b.at);
}

static void
walk(const char *dir, struct sbuf *list)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d))) {
		struct sbuf p = SBUF_INIT;
		size_t l = strlen(de->d_name);

		if (de->d_name[0] == '.')
			continue;
		sbuf_addf(&p, "%s/%s", dir, de->d_name);
		if (l > 8 && !strcmp(de->d_name + l - 8, ".json.gz"))
			sbuf_addf(list, "%s\n", p.buf);
		else
			walk(p.buf, list);
		sbuf_release(&p);
	}
	closedir(d);
}

/*
 * The corpus walk in CORPUS_SHARDS loop iterations, each comparing every
 * CORPUS_SHARDS-th file: one test of it all ran past what check can report
 * as a duration (35 minutes) under ASan on a loaded machine.
 */
#define CORPUS_SHARDS 8

START_TEST(test_corpus_vs_jsonc)
{
	struct sbuf list = SBUF_INIT;
	const char *root = getenv("LITSI_CORPUS");
	char *p, *nl;
	int files = 0;

	if (!root || !*root)
		root = "../shared/corpus";
	walk(root, &list);
	if (!list.len) {
		printf("SKIP: corpus absent (set LITSI_CORPUS)\n");
		return;
	}
	for (p = list.buf; (nl = strchr(p, '\n')); p = nl + 1) {
		*nl = '\0';
		if (files++ % CORPUS_SHARDS == _i)
			check_file(p);
	}
	ck_assert_int_ge(files, 16);
	sbuf_release(&list);
}
END_TEST

/* ---- hand-written cases ---- */

static int
scan_all(const char *doc, size_t len, struct sbuf *out, struct err *err)
{
	struct input *in;
	struct jscan js;
	int t;

	ck_assert_int_eq(input_open_mem(doc, len, "t.json", &in, err), 0);
	jscan_init(&js, in, err);
	sbuf_reset(out);
	while ((t = jscan_next(&js)) > 0) {
		sbuf_addf(out, "%d", t);
		if (t == JT_KEY || t == JT_STR || t == JT_NUM) {
			sbuf_addch(out, ':');
			sbuf_add(out, js.s, js.n);
		}
		sbuf_addch(out, ' ');
	}
	jscan_release(&js);
	input_close(in);
	return t;
}

static void
expect_ok(const char *doc)
{
	char why[512];

	ck_assert_msg(cmp_text(doc, strlen(doc), why, sizeof(why)) == 0, "%s: %s", doc, why);
}

static void
expect_err(const char *doc, size_t len, const char *msg)
{
	struct sbuf out = SBUF_INIT;
	struct err err = { 0 };
	int t = scan_all(doc, len, &out, &err);

	ck_assert_int_eq(t, LITSI_EDATA);
	ck_assert_str_eq(err.msg, msg);
	sbuf_release(&out);
}

START_TEST(test_edge_ok)
{
	struct sbuf out = SBUF_INIT;
	struct err err = { 0 };
	static const char esc[] = "[\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\", \"\\u00e9\\u20AC\", "
				  "\"\\ud83d\\ude00\", \"x\\ud800y\", \"\\udc00\", \"\\ud800\\u0041\"]";

	expect_ok("{}");
	expect_ok("[]");
	expect_ok(" \n\t{\"a\" : [1, -0, 1e3, 1E+3, 2.5e-3, -0.0, 12345678901234567, "
		  "1.7976931348623157e308, true, false, null, {\"b\": {\"c\": [[], {}]}}]}\r\n");
	expect_ok("\"just a string\"");
	expect_ok("42");
	expect_ok(esc);
	expect_ok("{\"name\": \"k\", \"args\": {\"grid\": [8, 1, 1], \"nested\": {\"x\": [{\"y\": null}]}}}");
	ck_assert_int_eq(scan_all(esc, strlen(esc), &out, &err), JT_EOF);
	ck_assert_str_eq(out.buf, "3 6:a\"b\\c/d\b\f\n\r\t 6:\xc3\xa9\xe2\x82\xac 6:\xf0\x9f\x98\x80 "
				  "6:x\xef\xbf\xbdy 6:\xef\xbf\xbd 6:\xef\xbf\xbd" "A 4 ");
	/* numbers keep their text, even past the range of any machine type */
	ck_assert_int_eq(scan_all("[123456789012345678901234567890, -0, 1e3]", 41, &out, &err),
			 JT_EOF);
	ck_assert_str_eq(out.buf, "3 7:123456789012345678901234567890 7:-0 7:1e3 4 ");
	sbuf_release(&out);
}
END_TEST

START_TEST(test_edge_errors)
{
	char deep[JSCAN_MAX_DEPTH + 2];

	expect_err("", 0, "t.json: byte 0: expected a JSON value, but the input is empty");
	expect_err("  \n", 3, "t.json: byte 3: the file is truncated: it ends where a value was expected");
	expect_err("hello", 5, "t.json: byte 0: expected a JSON value");
	expect_err("{\"a\":1,}", 8, "t.json: byte 7: expected a string key");
	expect_err("[1,]", 4, "t.json: byte 3: expected a JSON value");
	expect_err("[1 2]", 5, "t.json: byte 3: expected ',' or ']'");
	expect_err("{\"a\" 1}", 7, "t.json: byte 5: expected ':' after an object key");
	expect_err("{\"a\":1", 6, "t.json: byte 6: the file is truncated: it ends where ',' or '}' was expected");
	expect_err("[\"abc", 5, "t.json: byte 5: the file is truncated: it ends inside a string");
	expect_err("[01]", 4, "t.json: byte 1: expected a valid number, got '01'");
	expect_err("[1.]", 4, "t.json: byte 1: expected a valid number, got '1.'");
	expect_err("[-]", 3, "t.json: byte 1: expected a valid number, got '-'");
	expect_err("[.5]", 4, "t.json: byte 1: expected a JSON value");
	expect_err("[tru]", 5, "t.json: byte 1: expected a JSON value");
	expect_err("[\"a\\x\"]", 7, "t.json: byte 4: expected a valid escape after '\\'");
	expect_err("[\"\\u12G4\"]", 10, "t.json: byte 6: expected 4 hex digits after \\u");
	expect_err("[\"a\tb\"]", 7,
		   "t.json: byte 3: expected control character 0x09 in a string to be escaped");
	expect_err("{} x", 4, "t.json: byte 3: expected the end of the input after the JSON value");
	memset(deep, '[', sizeof(deep));
	expect_err(deep, JSCAN_MAX_DEPTH + 1, "t.json: byte 512: expected nesting no deeper than 512");
}
END_TEST

/* Tokens that straddle the 1 MiB input buffer boundary, at every shift. */
START_TEST(test_buffer_boundary)
{
	static const char tail[] = "{\"k\\u00e9y\": [\"ab\\\"c\\ud83d\\ude00d\", -12.5e+3, true, null, "
				   "\"plain string here\"]}]";
	struct sbuf doc = SBUF_INIT, out = SBUF_INIT;
	struct err err = { 0 };
	size_t shift;

	for (shift = 0; shift < sizeof(tail) - 1; shift++) {
		size_t pad = (1u << 20) - 2 - shift;

		sbuf_reset(&doc);
		sbuf_addch(&doc, '[');
		while (doc.len < pad)
			sbuf_addch(&doc, ' ');
		sbuf_addstr(&doc, tail);
		ck_assert_int_eq(scan_all(doc.buf, doc.len, &out, &err), JT_EOF);
		ck_assert_str_eq(out.buf, "3 1 5:k\xc3\xa9y 3 6:ab\"c\xf0\x9f\x98\x80" "d 7:-12.5e+3 8 10 "
					  "6:plain string here 4 2 4 ");
	}
	sbuf_release(&doc);
	sbuf_release(&out);
}
END_TEST

START_TEST(test_skip_capture)
{
	static const char doc[] = "{\"a\": {\"x\": [1, {\"y\": \"z\\n\"}]}, \"b\" : [1, 2] , \"c\": 3}";
	struct input *in;
	struct err err = { 0 };
	struct sbuf cap = SBUF_INIT;
	struct jscan js;

	ck_assert_int_eq(input_open_mem(doc, strlen(doc), "t.json", &in, &err), 0);
	jscan_init(&js, in, &err);
	ck_assert_int_eq(jscan_next(&js), JT_OBJ);
	ck_assert_int_eq(jscan_next(&js), JT_KEY);
	ck_assert_int_eq(jscan_skip(&js, 0), 0);
	ck_assert_int_eq(jscan_next(&js), JT_KEY);
	ck_assert_int_eq(jscan_peek(&js), '[');
	ck_assert_int_eq(jscan_capture(&js, &cap, 100), 0);
	ck_assert_str_eq(cap.buf, "[1, 2]");
	ck_assert_int_eq(jscan_next(&js), JT_KEY);
	ck_assert_int_eq(jscan_capture(&js, &cap, 1), 0);
	ck_assert_str_eq(cap.buf, "3");
	ck_assert_int_eq(jscan_next(&js), JT_OBJ_END);
	ck_assert_int_eq(jscan_next(&js), JT_EOF);
	jscan_release(&js);
	input_close(in);
	/* a capture over its limit fails */
	ck_assert_int_eq(input_open_mem(doc, strlen(doc), "t.json", &in, &err), 0);
	jscan_init(&js, in, &err);
	ck_assert_int_eq(jscan_next(&js), JT_OBJ);
	ck_assert_int_eq(jscan_next(&js), JT_KEY);
	ck_assert_int_eq(jscan_capture(&js, &cap, 8), LITSI_EDATA);
	ck_assert_str_eq(err.msg, "t.json: byte 30: expected a value of at most 8 bytes");
	jscan_release(&js);
	input_close(in);
	sbuf_release(&cap);
}
END_TEST

/* Every string-scanner path this CPU runs finds the same stop byte as the portable one. */
START_TEST(test_simd_paths_agree)
{
	static const unsigned char fill[] = { 'a', ' ', '/', ']', 0x20, 0x7f, 0x80, 0xc3, 0xff };
	static const unsigned char stop[] = { '"', '\\', 0x00, 0x01, '\n', 0x1f };
	enum jscan_simd best = jscan_simd_best(), how;
	char buf[256 + 32];
	unsigned seed = 12345;
	size_t len, at, off, i, s;
	int paths = 0;

#if defined(__x86_64__)
	ck_assert_int_ge(best, JSCAN_SSE2);
#endif
	for (how = JSCAN_PORTABLE; how <= best; how++)
		paths++;
	for (off = 0; off < 32; off++) {
		for (len = 0; len <= 140; len++) {
			const char *p = buf + off, *end = p + len;

			for (i = 0; i < len; i++)
				buf[off + i] = (char)fill[(i + len + off) % sizeof(fill)];
			for (at = 0; at <= len; at++) {
				const char *want;
				char keep = at < len ? buf[off + at] : 0;

				s = (at + len) % sizeof(stop);
				if (at < len)
					buf[off + at] = (char)stop[s];
				want = jscan_str_stop(p, end, JSCAN_PORTABLE);
				if (want != p + at)
					ck_abort_msg("portable: length %zu, stop at %zu", len, at);
				for (how = JSCAN_SSE2; how <= best; how++)
					if (jscan_str_stop(p, end, how) != want)
						ck_abort_msg("path %d, offset %zu, length %zu, stop at %zu",
							     (int)how, off, len, at);
				if (at < len)
					buf[off + at] = keep;
			}
		}
	}
	/* random bytes, stops rare or frequent */
	for (i = 0; i < 20000; i++) {
		size_t k, n = (i * 7) % 257;
		const char *want;

		for (k = 0; k < n; k++) {
			seed = seed * 1103515245u + 12345u;
			buf[k] = (char)(seed >> 16);
			if (i % 2 && buf[k] >= 0 && buf[k] < 0x20)
				buf[k] = 'x';
		}
		want = jscan_str_stop(buf, buf + n, JSCAN_PORTABLE);
		for (how = JSCAN_SSE2; how <= best; how++)
			if (jscan_str_stop(buf, buf + n, how) != want)
				ck_abort_msg("path %d, random buffer %zu", (int)how, i);
	}
	/* the number scanner: every byte value at every position */
	for (off = 0; off < 16; off++) {
		for (len = 0; len <= 40; len++) {
			for (s = 0; s < 256; s++) {
				const char *p = buf + off, *end = p + len, *want;

				for (i = 0; i < len; i++)
					buf[off + i] = "0123456789.eE+-"[(i + s) % 15];
				if (len)
					buf[off + (s * 7 + len) % len] = (char)s;
				want = jscan_num_end(p, end, JSCAN_PORTABLE);
				for (how = JSCAN_SSE2; how <= best; how++)
					if (jscan_num_end(p, end, how) != want)
						ck_abort_msg("number path %d, byte 0x%02zx, length %zu",
							     (int)how, s, len);
			}
		}
	}
	/* the whitespace scanner: every byte value at every position */
	for (off = 0; off < 16; off++) {
		for (len = 0; len <= 40; len++) {
			for (s = 0; s < 256; s++) {
				const char *p = buf + off, *end = p + len, *want;

				for (i = 0; i < len; i++)
					buf[off + i] = " \n\r\t"[(i + s) % 4];
				if (len)
					buf[off + (s * 7 + len) % len] = (char)s;
				want = jscan_ws_end(p, end, JSCAN_PORTABLE);
				if (want != p + (len && s <= 255 && !memchr(" \n\r\t", s, 4) ?
						 (s * 7 + len) % len : len))
					ck_abort_msg("whitespace portable: byte 0x%02zx, length %zu", s, len);
				for (how = JSCAN_SSE2; how <= best; how++)
					if (jscan_ws_end(p, end, how) != want)
						ck_abort_msg("whitespace path %d, byte 0x%02zx, length %zu",
							     (int)how, s, len);
			}
		}
	}
	printf("jscan: %d string-scanner paths agree\n", paths);
}
END_TEST

/* Decoded strings and numbers have a maximum; skipped strings do not. */
START_TEST(test_token_limits)
{
	struct sbuf doc = SBUF_INIT, msg = SBUF_INIT;
	struct input *in;
	struct err err = { 0 };
	struct jscan js;
	size_t i;

	/* a string of exactly the maximum, straddling input buffers: accepted */
	sbuf_addstr(&doc, "[\"");
	for (i = 0; i < JSCAN_MAX_STRING; i++)
		sbuf_addch(&doc, 'a' + i % 26);
	sbuf_addstr(&doc, "\"]");
	ck_assert_int_eq(input_open_mem(doc.buf, doc.len, "t.json", &in, &err), 0);
	jscan_init(&js, in, &err);
	ck_assert_int_eq(jscan_next(&js), JT_ARR);
	ck_assert_int_eq(jscan_next(&js), JT_STR);
	ck_assert_uint_eq(js.n, JSCAN_MAX_STRING);
	ck_assert_int_eq(jscan_next(&js), JT_ARR_END);
	jscan_release(&js);
	input_close(in);
	/* one byte more: refused at the opening quote */
	doc.len -= 2;
	sbuf_addstr(&doc, "b\"]");
	sbuf_addf(&msg, "t.json: byte 1: expected a string of at most %d bytes", JSCAN_MAX_STRING);
	expect_err(doc.buf, doc.len, msg.buf);
	/* the same string skipped: accepted */
	ck_assert_int_eq(input_open_mem(doc.buf, doc.len, "t.json", &in, &err), 0);
	jscan_init(&js, in, &err);
	ck_assert_int_eq(jscan_skip(&js, 0), 0);
	ck_assert_int_eq(jscan_next(&js), JT_EOF);
	jscan_release(&js);
	input_close(in);
	/* escapes count as what they decode to: the maximum plus one "\n" */
	sbuf_reset(&doc);
	sbuf_addstr(&doc, "{\"k\\n");
	for (i = 0; i < JSCAN_MAX_STRING; i++)
		sbuf_addstr(&doc, "\\n");
	sbuf_addstr(&doc, "\": 1}");
	expect_err(doc.buf, doc.len, "t.json: byte 1: expected a string of at most 4194304 bytes");
	/* numbers: 1024 bytes of text, not 1025, even when skipped */
	sbuf_reset(&doc);
	sbuf_addch(&doc, '[');
	for (i = 0; i < JSCAN_MAX_NUMBER; i++)
		sbuf_addch(&doc, '7');
	sbuf_addch(&doc, ']');
	ck_assert_int_eq(input_open_mem(doc.buf, doc.len, "t.json", &in, &err), 0);
	jscan_init(&js, in, &err);
	ck_assert_int_eq(jscan_next(&js), JT_ARR);
	ck_assert_int_eq(jscan_next(&js), JT_NUM);
	ck_assert_uint_eq(js.n, JSCAN_MAX_NUMBER);
	jscan_release(&js);
	input_close(in);
	doc.len--;
	sbuf_addstr(&doc, "7]");
	expect_err(doc.buf, doc.len, "t.json: byte 1: expected a number of at most 1024 bytes");
	ck_assert_int_eq(input_open_mem(doc.buf, doc.len, "t.json", &in, &err), 0);
	jscan_init(&js, in, &err);
	ck_assert_int_eq(jscan_skip(&js, 0), LITSI_EDATA);
	ck_assert_str_eq(err.msg, "t.json: byte 1: expected a number of at most 1024 bytes");
	jscan_release(&js);
	input_close(in);
	sbuf_release(&doc);
	sbuf_release(&msg);
}
END_TEST

/*
 * ---- saved inputs (hand-written edge cases and fuzzer finds) vs json-c ----
 * tests/data/jscan/: jscan must accept exactly what strict json-c and RFC 8259
 * accept, with the same values (tests/fuzz/jdiff.h).
 */
START_TEST(test_saved_inputs_vs_jsonc)
{
	const char *dir = "tests/data/jscan";
	DIR *d = opendir(dir);
	struct dirent *de;
	int files = 0;

	ck_assert_msg(d != NULL, "%s: run from the source tree", dir);
	while ((de = readdir(d))) {
		struct sbuf path = SBUF_INIT, body = SBUF_INIT;
		char why[512], tmp[4096];
		FILE *f;
		size_t k;

		if (de->d_name[0] == '.')
			continue;
		sbuf_addf(&path, "%s/%s", dir, de->d_name);
		f = fopen(path.buf, "rb");
		ck_assert_msg(f != NULL, "%s", path.buf);
		while ((k = fread(tmp, 1, sizeof(tmp), f)) > 0)
			sbuf_add(&body, tmp, k);
		fclose(f);
		if (!body.len || !memchr(body.buf, '\0', body.len))
			ck_assert_msg(jdiff(body.len ? body.buf : "", body.len, why, sizeof(why)) == 0,
				      "%s: %s", path.buf, why);
		files++;
		sbuf_release(&path);
		sbuf_release(&body);
	}
	closedir(d);
	ck_assert_int_ge(files, 30);
}
END_TEST


/*
 * The array cutter (jscan_cut()) against the scanner: an element ends where
 * the scanner says, at every alignment and every place a cut is wanted from,
 * fed whole or a few bytes at a time, with strings full of escaped quotes,
 * backslashes, brackets and braces.
 */
START_TEST(test_cut_matches_scanner)
{
	static const char *elems[] = {
		"{\"name\": \"a}, {\\\"b\\\": [1]}\", \"x\": [1, {\"y\": \"]\"}]}",
		"{\"s\": \"\\\\\", \"t\": \"\\\\\\\"}]\\\\\"}",
		"[\"}\", \"{\", \"[\", \"]\", \"\\\\\\\\\\\"\"]",
		"42",
		"{\"u\": \"\\u005c\\\"}\", \"v\": {}}",
		"\"},{\"",
		"{\"long\": \"0123456789abcdef0123456789abcdef0123456789abcdef0123456789ab\\\"}]}\"}",
		"{}",
		"[]",
	};
	struct sbuf doc = SBUF_INIT;
	struct err err = { 0 };
	size_t pad, i;

	for (pad = 0; pad < 70; pad += 3) {
		size_t ends[64], nends = 0, close_at, want;
		struct input *in;
		struct jscan js;
		int t;

		sbuf_reset(&doc);
		sbuf_addch(&doc, '[');
		while (doc.len < pad + 1)
			sbuf_addch(&doc, ' ');
		for (i = 0; i < 3 * ARRAY_SIZE(elems); i++)
			sbuf_addf(&doc, "%s%s", i ? ", " : "", elems[i % ARRAY_SIZE(elems)]);
		sbuf_addstr(&doc, " ] , \"k\": 1}");
		/* the reference: where the scanner ends each container element */
		ck_assert_int_eq(input_open_mem(doc.buf, doc.len, "t.json", &in, &err), 0);
		jscan_init(&js, in, &err);
		ck_assert_int_eq(jscan_next(&js), JT_ARR);
		for (;;) {
			t = jscan_peek(&js);
			if (t == ']')
				break;
			ck_assert_int_eq(jscan_skip(&js, 0), 0);
			if (t == '{' || t == '[')
				ends[nends++] = (size_t)jscan_offset(&js) - 1;
		}
		ck_assert_int_eq(jscan_next(&js), JT_ARR_END);
		close_at = (size_t)jscan_offset(&js) - 1;
		jscan_release(&js);
		input_close(in);
		for (want = 0; want <= close_at; want++) {
			size_t step, expect = close_at, k;
			int expect_rc = JCUT_END;

			for (k = 0; k < nends; k++)
				if (ends[k] >= want) {
					expect = ends[k];
					expect_rc = JCUT_ELEM;
					break;
				}
			for (step = 7; step <= doc.len; step = step * 3 + 1) {
				struct jcut c = { 0 };
				size_t scanned = 1, avail = 1, at = 0;
				int rc = JCUT_NONE;

				/* the bytes arrive @step at a time; scanning starts after '[' */
				while (rc == JCUT_NONE && scanned < doc.len) {
					int flush;

					avail = avail + step < doc.len ? avail + step : doc.len;
					flush = avail == doc.len;
					rc = jscan_cut(&c, doc.buf + scanned, avail - scanned,
						       want > scanned ? want - scanned : 0, flush, &at);
					if (rc == JCUT_NONE)
						scanned += at;
					else
						at += scanned;
				}
				ck_assert_msg(rc == expect_rc && at == expect + 1,
					      "pad %zu want %zu step %zu: rc %d at %zu, expected %d at %zu",
					      pad, want, step, rc, at, expect_rc, expect + 1);
			}
		}
	}
	sbuf_release(&doc);
}
END_TEST

Suite *
jscan_suite(void)
{
	Suite *s = suite_create("jscan");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_edge_ok);
	tcase_add_test(tc, test_edge_errors);
	tcase_add_test(tc, test_buffer_boundary);
	tcase_add_test(tc, test_skip_capture);
	tcase_add_test(tc, test_simd_paths_agree);
	tcase_add_test(tc, test_token_limits);
	tcase_add_test(tc, test_saved_inputs_vs_jsonc);
	tcase_add_test(tc, test_cut_matches_scanner);
	suite_add_tcase(s, tc);
	tc = tcase_create("corpus");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_corpus_vs_jsonc, 0, CORPUS_SHARDS);
	suite_add_tcase(s, tc);
	return s;
}
