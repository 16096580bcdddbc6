/* SPDX-License-Identifier: MIT */
/*
 * jdiff.h: the differential between the streaming scanner (jscan) and json-c
 * in strict mode, shared by the fuzz harness and check_jscan.c. jscan's tokens
 * are built into a json-c tree (duplicate keys: the last wins, as in json-c;
 * numbers: their source text converted by json-c) and compared with
 * json_object_equal(); acceptance must agree too.
 */
#ifndef LITSI_TESTS_JDIFF_H
#define LITSI_TESTS_JDIFF_H

#include <json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "litsi/parse.h"
#include "litsi/util.h"
#include "parse/jscan.h"

/* jdiff_build() - a json-c tree from the scanner's tokens; *rc < 0 on a scan error. */
static struct json_object *
jdiff_build(struct jscan *js, int tok, int *rc, int *bad_num)
{
	struct json_object *o = NULL, *v;
	char *key;

	switch (tok) {
	case JT_OBJ:
		o = json_object_new_object();
		while ((tok = jscan_next(js)) == JT_KEY) {
			key = xstrndup(js->s, js->n);
			v = jdiff_build(js, jscan_next(js), rc, bad_num);
			if (*rc < 0) {
				free(key);
				json_object_put(o);
				return NULL;
			}
			json_object_object_add_ex(o, key, v, 0);	/* last duplicate wins */
			free(key);
		}
		if (tok != JT_OBJ_END)
			goto fail;
		return o;
	case JT_ARR:
		o = json_object_new_array();
		while ((tok = jscan_next(js)) != JT_ARR_END) {
			v = jdiff_build(js, tok, rc, bad_num);
			if (*rc < 0) {
				json_object_put(o);
				return NULL;
			}
			json_object_array_add(o, v);
		}
		return o;
	case JT_STR:
		return json_object_new_string_len(js->s, (int)js->n);
	case JT_NUM: {
		char *t = xstrndup(js->s, js->n);

		o = json_tokener_parse(t);
		free(t);
		if (!o || (!json_object_is_type(o, json_type_int) &&
			   !json_object_is_type(o, json_type_double)))
			*bad_num = 1;	/* jscan handed out something that is not a number */
		return o;
	}
	case JT_TRUE:
		return json_object_new_boolean(1);
	case JT_FALSE:
		return json_object_new_boolean(0);
	case JT_NULL:
		return NULL;
	default:
		goto fail;
	}
fail:
	json_object_put(o);
	*rc = tok < 0 ? tok : -1;
	return NULL;
}


/*
 * ---- an independent RFC 8259 checker (tie-breaker) ----
 * json-c, even in strict mode, accepts a few things RFC 8259 forbids: NaN and
 * Infinity literals, "1." and unescaped control characters in strings. jscan
 * must accept exactly what json-c accepts AND this checker accepts. Like
 * json-c without JSON_TOKENER_VALIDATE_UTF8, neither checks UTF-8: string
 * bytes pass through. A leading UTF-8 byte order mark is skipped.
 */
struct rfc {
	const unsigned char *p, *e;
	int depth;
};

static void
rfc_ws(struct rfc *r)
{
	while (r->p < r->e && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
		r->p++;
}

static int
rfc_lit(struct rfc *r, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(r->e - r->p) < n || memcmp(r->p, w, n))
		return -1;
	r->p += n;
	return 0;
}

static int
rfc_digits(struct rfc *r)
{
	const unsigned char *s = r->p;

	while (r->p < r->e && *r->p >= '0' && *r->p <= '9')
		r->p++;
	return r->p > s ? 0 : -1;
}

static int
rfc_number(struct rfc *r)
{
	const unsigned char *start = r->p;

	if (r->p < r->e && *r->p == '-')
		r->p++;
	if (r->p < r->e && *r->p == '0')
		r->p++;
	else if (r->p >= r->e || *r->p < '1' || *r->p > '9' || rfc_digits(r))
		return -1;
	if (r->p < r->e && *r->p == '.') {
		r->p++;
		if (rfc_digits(r))
			return -1;
	}
	if (r->p < r->e && (*r->p == 'e' || *r->p == 'E')) {
		r->p++;
		if (r->p < r->e && (*r->p == '+' || *r->p == '-'))
			r->p++;
		if (rfc_digits(r))
			return -1;
	}
	/* jscan's limit on the text of a number (a documented refusal) */
	return r->p - start > JSCAN_MAX_NUMBER ? -1 : 0;
}

static int
rfc_string(struct rfc *r)
{
	int i;

	r->p++;	/* the opening quote */
	while (r->p < r->e && *r->p != '"') {
		if (*r->p < 0x20)
			return -1;
		if (*r->p++ != '\\')
			continue;
		if (r->p >= r->e)
			return -1;
		if (*r->p == 'u') {
			for (i = 1; i <= 4; i++)
				if (r->p + i >= r->e || !strchr("0123456789abcdefABCDEF", r->p[i]) ||
				    !r->p[i])
					return -1;
			r->p += 5;
		} else if (*r->p && strchr("\"\\/bfnrt", *r->p)) {
			r->p++;
		} else {
			return -1;
		}
	}
	if (r->p >= r->e)
		return -1;
	r->p++;
	return 0;
}

static int
rfc_value(struct rfc *r)
{
	rfc_ws(r);
	if (r->p >= r->e)
		return -1;
	switch (*r->p) {
	case '{':
	case '[': {
		unsigned char close = *r->p == '{' ? '}' : ']';

		if (++r->depth > JSCAN_MAX_DEPTH)
			return -1;
		r->p++;
		rfc_ws(r);
		if (r->p < r->e && *r->p == close) {
			r->p++;
			r->depth--;
			return 0;
		}
		for (;;) {
			if (close == '}') {
				rfc_ws(r);
				if (r->p >= r->e || *r->p != '"' || rfc_string(r))
					return -1;
				rfc_ws(r);
				if (r->p >= r->e || *r->p++ != ':')
					return -1;
			}
			if (rfc_value(r))
				return -1;
			rfc_ws(r);
			if (r->p >= r->e)
				return -1;
			if (*r->p == close)
				break;
			if (*r->p++ != ',')
				return -1;
		}
		r->p++;
		r->depth--;
		return 0;
	}
	case '"':
		return rfc_string(r);
	case 't':
		return rfc_lit(r, "true");
	case 'f':
		return rfc_lit(r, "false");
	case 'n':
		return rfc_lit(r, "null");
	default:
		return rfc_number(r);
	}
}

static int
rfc_valid(const char *data, size_t size)
{
	struct rfc r = { (const unsigned char *)data, (const unsigned char *)data + size, 0 };

	if (size >= 3 && !memcmp(data, "\xef\xbb\xbf", 3))
		r.p += 3;
	if (rfc_value(&r))
		return 0;
	rfc_ws(&r);
	return r.p == r.e;
}

/*
 * jdiff() - compare jscan with strict json-c on @data (no NUL bytes).
 * Return: 0 when they agree (both reject, or both accept the same value),
 * -1 with @why filled when they differ.
 */
static int
jdiff(const char *data, size_t size, char *why, size_t whylen)
{
	struct json_tokener *tk;
	struct json_object *want, *got;
	struct input *in;
	struct err err = { 0 };
	struct jscan js;
	int rc = 0, bad_num = 0, jc_ok, js_ok, rfc_ok, ret = 0;
	char *buf = xstrndup(data, size);

	tk = json_tokener_new_ex(JSCAN_MAX_DEPTH + 8);
	json_tokener_set_flags(tk, JSON_TOKENER_STRICT);
	want = json_tokener_parse_ex(tk, buf, (int)size + 1);
	jc_ok = json_tokener_get_error(tk) == json_tokener_success;
	rfc_ok = rfc_valid(data, size);
	if (input_open_mem(data, size, "jdiff", &in, &err)) {
		snprintf(why, whylen, "input_open_mem: %.300s", err.msg);
		ret = -1;
		goto out;
	}
	jscan_init(&js, in, &err);
	got = jdiff_build(&js, jscan_next(&js), &rc, &bad_num);
	js_ok = rc == 0 && jscan_next(&js) == JT_EOF;
	if (bad_num) {
		snprintf(why, whylen, "jscan returned a number json-c cannot read");
		ret = -1;
	} else if ((jc_ok && rfc_ok) != js_ok) {
		snprintf(why, whylen, "json-c %s, RFC 8259 %s, jscan %s%.300s",
			 jc_ok ? "accepts" : "rejects", rfc_ok ? "valid" : "invalid",
			 js_ok ? "accepts" : "rejects: ", js_ok ? "" : err.msg);
		ret = -1;
	} else if (js_ok && !json_object_equal(want, got)) {
		snprintf(why, whylen, "values differ: json-c %.200s, jscan %.200s",
			 json_object_to_json_string(want), json_object_to_json_string(got));
		ret = -1;
	}
	json_object_put(got);
	jscan_release(&js);
	input_close(in);
out:
	json_object_put(want);
	json_tokener_free(tk);
	free(buf);
	return ret;
}

#endif
