/* SPDX-License-Identifier: MIT */
/*
 * telem.c: helpers shared by the GPU telemetry parsers: cell values, metric
 * names, per-row readings, local time and JSON streams.
 */
#include "telem.h"
#include "litsi/litsi.h"

#include <ctype.h>
#include <json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* ---- cells ---- */

int
telem_number(const char *cell, double *out)
{
	char num[64];
	const char *p = cell, *q;
	size_t n;
	char *end;
	double v;

	while (*p == ' ' || *p == '\t' || *p == '(')
		p++;
	q = p;
	if (*q == '+' || *q == '-')
		q++;
	if (!isdigit((unsigned char)*q) && !(*q == '.' && isdigit((unsigned char)q[1])))
		return -1;
	while (isdigit((unsigned char)*q) || *q == '.')
		q++;
	if ((*q == 'e' || *q == 'E') &&
	    (isdigit((unsigned char)q[1]) ||
	     ((q[1] == '-' || q[1] == '+') && isdigit((unsigned char)q[2])))) {
		q += 2;
		while (isdigit((unsigned char)*q))
			q++;
	}
	n = (size_t)(q - p);
	if (n >= sizeof(num))
		return -1;
	memcpy(num, p, n);
	num[n] = '\0';
	/* What follows must be a unit, not more data ("0x1f", "1,2", "3/4"). */
	while (*q == ' ')
		q++;
	for (; *q && *q != ')'; q++)
		if (!isalpha((unsigned char)*q) && *q != '%' && *q != '/' &&
		    !((unsigned char)*q & 0x80))
			return -1;
	if (*q == ')' && q[1])
		return -1;
	if (*p != '+' && *p != '-' && *p != '.' && !isdigit((unsigned char)*p))
		return -1;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		return -1;
	v = strtod(num, &end);
	/* NaN and values past the double range (1e400 -> Inf) are not readings. */
	if (*end || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

void
telem_sanitise(const char *name, size_t n, char *out, size_t outsz)
{
	size_t i, o = 0;
	bool gap = false;

	for (i = 0; i < n && o + 2 < outsz; i++) {
		unsigned char c = (unsigned char)name[i];

		if (isalnum(c)) {
			if (gap && o)
				out[o++] = '_';
			out[o++] = (char)tolower(c);
			gap = false;
		} else {
			gap = true;
		}
	}
	out[o] = '\0';
}

static bool
ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

const char *
telem_unit_guess(const char *m)
{
	if (ends_with(m, "_clk") || ends_with(m, "_clock") || ends_with(m, "clock"))
		return "MHz";
	if (ends_with(m, "_activity") || ends_with(m, "viol") ||
	    ends_with(m, "_busy"))
		return "%";
	if (ends_with(m, "_voltage"))
		return "mV";
	if (ends_with(m, "_power") || ends_with(m, "_power_limit"))
		return "W";
	if (ends_with(m, "_temperature"))
		return "C";
	return "";
}

/* ---- rows ---- */

static const char *const canonical[] = {
	METRIC_TEMP_HOTSPOT, METRIC_TEMP_EDGE, METRIC_TEMP_MEM, METRIC_POWER,
	METRIC_GFX_CLK, METRIC_MEM_CLK, METRIC_GFX_ACT, METRIC_MEM_ACT,
	METRIC_ENERGY, METRIC_THROTTLE, METRIC_POWER_CAP, METRIC_POWER_MIN, METRIC_POWER_MAX,
	METRIC_POWER_DEFAULT, METRIC_THR_THERMAL, METRIC_THR_POWER,
};

void
telem_row_start(struct telem_row *r, int device, int64_t t_ns)
{
	r->device = device;
	r->t_ns = t_ns;
	r->done = 0;
	r->nr_xcd = 0;
	r->xcd_sum = 0;
	r->viol_max = -1;
	r->viol_thermal = r->viol_power = -1;
}

void
telem_viol(struct telem_row *r, bool thermal, double pct)
{
	double *m = thermal ? &r->viol_thermal : &r->viol_power;

	if (pct > *m)
		*m = pct;
}

int
telem_put(struct telem_row *r, const char *metric, const char *unit, double v,
	  struct err *err)
{
	struct rec_telemetry t = {
		.device = r->device, .t_ns = r->t_ns, .metric = metric,
		.unit = unit ? unit : "", .value = v,
	};
	size_t i;
	int rc;

	for (i = 0; i < ARRAY_SIZE(canonical); i++) {
		if (strcmp(metric, canonical[i]))
			continue;
		if (r->done & (1u << i))
			return 0;
		r->done |= 1u << i;
		break;
	}
	rc = r->sink->telemetry(r->sink, &t, err);
	if (!rc)
		r->nr_sent++;
	return rc;
}

int
telem_put_reasons(struct telem_row *r, double mask, struct err *err)
{
	enum { THROTTLE_MASK = 0x4 | 0x8 | 0x20 | 0x40 | 0x80, THERMAL_MASK = 0x20 | 0x40,
	       POWER_MASK = 0x4 | 0x80 };
	uint64_t bits = mask >= 0 && mask < 18446744073709551616.0 ? (uint64_t)mask : 0;

	if (telem_put(r, "clocks_event_reasons", "", mask, err))
		return err->status;
	if (telem_put(r, METRIC_THR_THERMAL, "%", bits & THERMAL_MASK ? 100 : 0, err) ||
	    telem_put(r, METRIC_THR_POWER, "%", bits & POWER_MASK ? 100 : 0, err))
		return err->status;
	return telem_put(r, METRIC_THROTTLE, "%", bits & THROTTLE_MASK ? 100 : 0, err);
}

int
telem_row_end(struct telem_row *r, struct err *err)
{
	if (r->nr_xcd && telem_put(r, METRIC_GFX_CLK, "MHz", r->xcd_sum / r->nr_xcd, err))
		return err->status;
	if (r->viol_max >= 0 && telem_put(r, METRIC_THROTTLE, "%", r->viol_max, err))
		return err->status;
	if (r->viol_thermal >= 0 &&
	    telem_put(r, METRIC_THR_THERMAL, "%", r->viol_thermal, err))
		return err->status;
	if (r->viol_power >= 0 && telem_put(r, METRIC_THR_POWER, "%", r->viol_power, err))
		return err->status;
	return 0;
}

int
telem_gpu(struct telem_gpus *g, struct sink *s, int device, const char *vendor,
	  const char *product, struct err *err)
{
	struct rec_gpu rec = { .device = device, .rank = -1, .vendor = vendor,
			       .product = product };
	size_t n = g->len;

	if (device < 0 || device > DEVICE_MAX)
		return err_set(err, LITSI_EDATA, "GPU device index %d outside 0..%d", device,
			       DEVICE_MAX);
	if ((size_t)device >= n) {
		size_t want = n ? n : 16;

		while (want <= (size_t)device)
			want *= 2;
		g->seen = xrealloc(g->seen, want);
		memset(g->seen + n, 0, want - n);
		g->len = want;
	}
	if (g->seen[device] && !product)
		return 0;
	g->seen[device] = 1;
	return s->gpu(s, &rec, err);
}

void
telem_gpus_release(struct telem_gpus *g)
{
	free(g->seen);
	memset(g, 0, sizeof(*g));
}

/* ---- time ---- */

int
telem_epoch_seconds(const char *s, int64_t *out_ns)
{
	int64_t ns;

	if (parse_decimal_scaled(s, strlen(s), 9, &ns) || ns < 0)
		return -1;
	*out_ns = ns;
	return 0;
}

void
telem_tz_push(struct telem_tz *tz, const char *zone)
{
	const char *old = getenv("TZ");

	memset(tz, 0, sizeof(*tz));
	if (zone) {
		tz->saved = old ? xstrdup(old) : NULL;
		tz->changed = true;
		setenv("TZ", zone, 1);
	}
	tzset();
}

void
telem_tz_pop(struct telem_tz *tz)
{
	if (tz->changed) {
		if (tz->saved)
			setenv("TZ", tz->saved, 1);
		else
			unsetenv("TZ");
		tzset();
	}
	free(tz->saved);
	tz->saved = NULL;
	tz->changed = false;
}

/* Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar. */
static int64_t
days_from_civil(int64_t y, int m, int d)
{
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static int
digits(const char *s, int n, int *out)
{
	int i, v = 0;

	for (i = 0; i < n; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	*out = v;
	return 0;
}

static int
days_in_month(int y, int mo)
{
	static const int days[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;

	return mo == 2 && leap ? 29 : days[mo - 1];
}

/* Fraction ".fff" at *p → ns; advances *p. */
static int
fraction_ns(const char **p, int64_t *ns)
{
	const char *s = *p;
	int64_t scale = 100000000;

	*ns = 0;
	if (*s != '.')
		return 0;
	s++;
	if (!isdigit((unsigned char)*s))
		return -1;
	for (; isdigit((unsigned char)*s); s++) {
		*ns += (*s - '0') * scale;
		scale /= 10;
	}
	*p = s;
	return 0;
}

static int
local_hour(struct telem_tz *tz, const char *s, int y, int mo, int d, int h, int64_t *out)
{
	struct tm tm = { 0 };
	time_t t;

	if (!memcmp(tz->hour_key, s, 13)) {
		*out = tz->hour_s;
		return 0;
	}
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = d;
	tm.tm_hour = h;
	tm.tm_isdst = -1;
	t = mktime(&tm);
	if (t == (time_t)-1)
		return -1;
	memcpy(tz->hour_key, s, 13);
	tz->hour_key[13] = '\0';
	tz->hour_s = (int64_t)t;
	*out = tz->hour_s;
	return 0;
}

/* "+HH:MM", "+HHMM" or "+HH" (or '-') → hours and minutes, signed. Return: 0 or -1. */
static int
utc_offset(const char *p, int *oh, int *om)
{
	size_t n = strlen(p);
	int sign = *p == '-' ? -1 : 1;

	if ((*p != '+' && *p != '-') || digits(p + 1, 2, oh))
		return -1;
	*om = 0;
	if ((n == 6 && (p[3] != ':' || digits(p + 4, 2, om))) ||
	    (n == 5 && digits(p + 3, 2, om)) || (n != 3 && n != 5 && n != 6))
		return -1;
	if (*oh > 23 || *om > 59)
		return -1;
	*oh *= sign;
	*om *= sign;
	return 0;
}

int
telem_parse_time(struct telem_tz *tz, const char *s, int64_t *out_ns)
{
	int y, mo, d, h, mi, sec, oh, om;
	int64_t frac, base;
	const char *p;

	if (strlen(s) < 19 || digits(s, 4, &y) || digits(s + 5, 2, &mo) ||
	    digits(s + 8, 2, &d) || digits(s + 11, 2, &h) || digits(s + 14, 2, &mi) ||
	    digits(s + 17, 2, &sec) || s[13] != ':' || s[16] != ':')
		return -1;
	if (mo < 1 || mo > 12 || d < 1 || d > days_in_month(y, mo) || h > 23 || mi > 59 ||
	    sec > 60)
		return -1;	/* 2024-02-30 is no day, not 2024-03-01 */
	p = s + 19;
	if (fraction_ns(&p, &frac))
		return -1;
	if (s[4] == '/' && s[7] == '/' && s[10] == ' ') {
		if (*p || local_hour(tz, s, y, mo, d, h, &base))
			return -1;
	} else if (s[4] == '-' && s[7] == '-' && (s[10] == 'T' || s[10] == ' ')) {
		if (!*p) {
			if (local_hour(tz, s, y, mo, d, h, &base))
				return -1;
		} else if (!strcmp(p, "Z")) {
			base = days_from_civil(y, mo, d) * 86400 + h * 3600;
		} else if (!utc_offset(p, &oh, &om)) {
			base = days_from_civil(y, mo, d) * 86400 + h * 3600;
			base -= oh * 3600 + om * 60;
		} else {
			return -1;
		}
	} else {
		return -1;
	}
	/* Years past 2262 do not fit int64 ns: refused, never overflowed. */
	if (__builtin_mul_overflow(base + mi * 60 + sec, INT64_C(1000000000), &base) ||
	    __builtin_add_overflow(base, frac, &base))
		return -1;
	*out_ns = base;
	return 0;
}

static bool
all_digits(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return true;
}

/*
 * The ISO 8601 forms of a time argument that telem_parse_time() does not
 * take, rewritten into the extended form it takes: the basic format
 * (20261130T194233Z), reduced precision (2026-11-30T19:42, 2026-11-30: the
 * missing parts are 0) and a decimal comma (19:42:33,5). Anything else is
 * copied as it is.
 */
static void
iso_extended(const char *s, char *out, size_t len)
{
	struct sbuf sb = SBUF_INIT;
	const char *p = s;

	if (strlen(s) >= len - 12)
		goto verbatim;
	if (all_digits(p, 8) && (p[8] == '\0' || p[8] == 'T')) {
		sbuf_addf(&sb, "%.4s-%.2s-%.2s", p, p + 4, p + 6);
		p += 8;
	} else if (all_digits(p, 4) && p[4] == '-' && all_digits(p + 5, 2) && p[7] == '-' &&
		   all_digits(p + 8, 2)) {
		sbuf_addf(&sb, "%.10s", p);
		p += 10;
	} else {
		goto verbatim;
	}
	if (!*p) {
		sbuf_addstr(&sb, "T00:00:00");
	} else if ((*p == 'T' || *p == ' ') && all_digits(p + 1, 2)) {
		const char *t = p + 1;
		bool ext = t[2] == ':';
		const char *mm = ext ? t + 3 : t + 2;

		if (!all_digits(mm, 2))
			goto verbatim;
		sbuf_addf(&sb, "%c%.2s:%.2s", *p, t, mm);
		p = mm + 2;
		if (ext ? *p == ':' && all_digits(p + 1, 2) : all_digits(p, 2)) {
			sbuf_addf(&sb, ":%.2s", ext ? p + 1 : p);
			p += ext ? 3 : 2;
		} else {
			sbuf_addstr(&sb, ":00");
		}
		if (*p == ',') {
			sbuf_addch(&sb, '.');
			p++;
		}
	}
	sbuf_addstr(&sb, p);
	snprintf(out, len, "%s", sb.buf);
	sbuf_release(&sb);
	return;
verbatim:
	sbuf_release(&sb);
	snprintf(out, len, "%s", s);
}

int
parse_time_arg(const char *s, const char *zone, int64_t *out_ns)
{
	struct telem_tz tz;
	char ext[96];
	int rc;

	if (*s && isdigit((unsigned char)*s) && !strchr(s, '-') && !strchr(s, ':') &&
	    !strchr(s, 'T'))
		return parse_duration(s, out_ns);
	iso_extended(s, ext, sizeof(ext));
	telem_tz_push(&tz, zone);
	rc = telem_parse_time(&tz, ext, out_ns);
	telem_tz_pop(&tz);
	return rc;
}

/* ---- JSON ---- */

static void
count_lines(const char *p, size_t n, uint64_t *line)
{
	const char *e = p + n;

	while ((p = memchr(p, '\n', (size_t)(e - p)))) {
		(*line)++;
		p++;
	}
}

/*
 * The JSON logs are streamed: a top-level list, and the list of a top-level
 * {"gpu_data": [...]} (amd-smi 24+), are walked element by element without
 * json-c, and only one element (a GPU object), or one other top-level value
 * (a rocm-smi document), is held as a json-c tree at a time, at most
 * TELEM_JSON_MAX_VALUE bytes of text. Memory stays bounded whatever the file.
 */
enum js_state { JS_GAP, JS_PREFIX, JS_ARRAY, JS_VALUE, JS_TAIL };

struct json_stream {
	json_tokener *tok;
	enum js_state state;
	bool skipping;		/* JS_GAP: inside a text line that is no JSON */
	bool wrapped;		/* the array is the value of a top-level "gpu_data" */
	bool in_array;		/* the value being parsed is an element of the array */
	struct sbuf pre;	/* JS_PREFIX: bytes after a top-level '{', up to the decision */
	size_t value_bytes;	/* JS_VALUE: bytes fed to json-c so far */
	int tail_depth;		/* JS_TAIL: nesting while the rest of the wrapper is skipped */
	bool tail_str, tail_esc;
	uint64_t line, value_line;
};

static void
js_start_value(struct json_stream *js, bool in_array)
{
	js->state = JS_VALUE;
	js->in_array = in_array;
	js->value_bytes = 0;
	js->value_line = js->line;
	json_tokener_reset(js->tok);
}

/* JS_GAP: skip blanks and non-JSON text lines. Return bytes used. */
static size_t
json_gap(struct json_stream *js, const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (p[i] == '\n') {
			js->line++;
			js->skipping = false;
		} else if (js->skipping || isspace((unsigned char)p[i])) {
			continue;
		} else if (p[i] == '[') {
			js->state = JS_ARRAY;
			js->wrapped = false;
			return i + 1;
		} else if (p[i] == '{') {
			js->state = JS_PREFIX;
			js->value_line = js->line;
			sbuf_reset(&js->pre);
			return i;
		} else {
			js->skipping = true;
		}
	}
	return i;
}

/* Whether @s (a prefix of a top-level object) can still become {"gpu_data":[ . */
static int
wrapper_prefix(const char *s, size_t n)
{
	static const char *const want[] = { "{", "\"gpu_data\"", ":", "[" };
	size_t i = 0, w;

	for (w = 0; w < ARRAY_SIZE(want); w++) {
		size_t k = strlen(want[w]), m;

		while (i < n && isspace((unsigned char)s[i]))
			i++;
		m = n - i < k ? n - i : k;
		if (memcmp(s + i, want[w], m))
			return 0;	/* no */
		if (m < k)
			return 1;	/* maybe: need more bytes */
		i += k;
	}
	return 2;	/* yes, and s[n - 1] is the '[' */
}

/* JS_PREFIX: decide between the gpu_data wrapper and a plain object. */
static size_t
json_prefix(struct json_stream *js, const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		int r;

		sbuf_addch(&js->pre, p[i]);
		if (p[i] == '\n')
			js->line++;
		r = wrapper_prefix(js->pre.buf, js->pre.len);
		if (r == 2) {
			js->state = JS_ARRAY;
			js->wrapped = true;
			sbuf_reset(&js->pre);
			return i + 1;
		}
		if (r == 0) {
			/* A plain object: json-c gets these bytes first, then the rest. */
			js_start_value(js, false);
			js->value_line = js->line;
			return i + 1;
		}
	}
	return i;
}

/* JS_ARRAY: between elements. Return bytes used, or -1 for an element that is no object. */
static long
json_array(struct json_stream *js, const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (p[i] == '\n')
			js->line++;
		else if (isspace((unsigned char)p[i]) || p[i] == ',')
			continue;
		else if (p[i] == ']') {
			js->state = js->wrapped ? JS_TAIL : JS_GAP;
			js->tail_depth = 1;
			js->tail_str = js->tail_esc = false;
			js->skipping = false;
			return (long)i + 1;
		} else if (p[i] == '{' || p[i] == '[') {
			js_start_value(js, true);
			return (long)i;
		} else {
			return -1;
		}
	}
	return (long)i;
}

/* JS_TAIL: the members after "gpu_data" are skipped up to the wrapper's '}'. */
static size_t
json_tail(struct json_stream *js, const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n && js->tail_depth > 0; i++) {
		char c = p[i];

		if (c == '\n')
			js->line++;
		if (js->tail_esc)
			js->tail_esc = false;
		else if (js->tail_str)
			js->tail_esc = c == '\\', js->tail_str = c != '"';
		else if (c == '"')
			js->tail_str = true;
		else if (c == '{' || c == '[')
			js->tail_depth++;
		else if (c == '}' || c == ']')
			js->tail_depth--;
	}
	if (js->tail_depth == 0) {
		js->state = JS_GAP;
		js->skipping = false;
	}
	return i;
}

/*
 * JS_VALUE: feed json-c. Return bytes used (the whole buffer while the value
 * goes on), with *obj set when it is complete; <0 with @err set on an error.
 */
static long
json_value(struct json_stream *js, struct input *in, const char *p, size_t n,
	   json_object **obj, struct err *err)
{
	enum json_tokener_error jerr;
	size_t used;

	*obj = NULL;
	if (js->pre.len) {
		/* The bytes looked at to rule out the gpu_data wrapper come first. */
		json_object *o = json_tokener_parse_ex(js->tok, js->pre.buf, (int)js->pre.len);

		js->value_bytes = js->pre.len;
		sbuf_reset(&js->pre);
		if (o) {
			*obj = o;
			return 0;
		}
		if (json_tokener_get_error(js->tok) != json_tokener_continue)
			goto bad;
	}
	if (n > TELEM_JSON_MAX_VALUE)
		n = TELEM_JSON_MAX_VALUE;
	*obj = json_tokener_parse_ex(js->tok, p, (int)n);
	jerr = json_tokener_get_error(js->tok);
	if (!*obj && jerr == json_tokener_continue) {
		count_lines(p, n, &js->line);
		js->value_bytes += n;
		if (js->value_bytes > TELEM_JSON_MAX_VALUE)
			return err_set(err, LITSI_EDATA, "%s:%llu: a JSON value longer than %d "
				       "bytes (one GPU object or document; litsi-formats(7))",
				       input_name(in), (unsigned long long)js->value_line,
				       TELEM_JSON_MAX_VALUE);
		return (long)n;
	}
	if (!*obj)
		goto bad;
	used = json_tokener_get_parse_end(js->tok);
	count_lines(p, used, &js->line);
	return (long)used;
bad:
	used = json_tokener_get_parse_end(js->tok);
	count_lines(p, used, &js->line);
	return err_set(err, LITSI_EDATA, "%s:%llu: expected JSON (%s)", input_name(in),
		       (unsigned long long)js->line,
		       json_tokener_error_desc(json_tokener_get_error(js->tok)));
}

/* One step of the stream over @p: bytes used, or <0 with @err set. */
static long
json_step(struct json_stream *js, struct input *in, const char *p, size_t n,
	  int (*fn)(struct json_object *, uint64_t, void *), void *arg, struct err *err)
{
	json_object *obj;
	long used;
	int rc;

	switch (js->state) {
	case JS_GAP:
		return (long)json_gap(js, p, n);
	case JS_PREFIX:
		return (long)json_prefix(js, p, n);
	case JS_TAIL:
		return (long)json_tail(js, p, n);
	case JS_ARRAY:
		used = json_array(js, p, n);
		if (used < 0)
			return err_set(err, LITSI_EDATA, "%s:%llu: expected a JSON object in the "
				       "list", input_name(in), (unsigned long long)js->line);
		return used;
	case JS_VALUE:
		break;
	}
	used = json_value(js, in, p, n, &obj, err);
	if (used < 0 || !obj)
		return used;
	js->state = js->in_array ? JS_ARRAY : JS_GAP;
	js->skipping = false;
	rc = fn(obj, js->value_line, arg);
	json_object_put(obj);
	return rc ? rc : used;
}

int
telem_json_each(struct input *in, int (*fn)(struct json_object *, uint64_t, void *),
		void *arg, struct err *err)
{
	struct json_stream js = { .line = 1, .pre = SBUF_INIT };
	const char *p;
	size_t n;
	long used;
	int rc = 0;

	js.tok = json_tokener_new();
	for (;;) {
		rc = input_buffer(in, &p, &n, err);
		if (rc || !n)
			break;
		used = json_step(&js, in, p, n, fn, arg, err);
		if (used < 0) {
			rc = (int)used;
			break;
		}
		input_consume(in, (size_t)used);
	}
	if (!rc && js.state != JS_GAP)
		rc = err_set(err, LITSI_EDATA, "%s:%llu: expected the end of the JSON value that "
			     "starts on this line (the file ends inside it)", input_name(in),
			     (unsigned long long)js.value_line);
	json_tokener_free(js.tok);
	sbuf_release(&js.pre);
	return rc;
}

int
telem_json_cell(struct json_object *v, char *buf, size_t bufsz, const char **unit)
{
	json_object *val, *u;

	*unit = NULL;
	if (json_object_is_type(v, json_type_object)) {
		if (!json_object_object_get_ex(v, "value", &val))
			return -1;
		if (json_object_object_get_ex(v, "unit", &u) &&
		    json_object_is_type(u, json_type_string))
			*unit = json_object_get_string(u);
		v = val;
	}
	switch (json_object_get_type(v)) {
	case json_type_int:
		snprintf(buf, bufsz, "%lld", (long long)json_object_get_int64(v));
		return 0;
	case json_type_double:
		snprintf(buf, bufsz, "%.17g", json_object_get_double(v));
		return 0;
	case json_type_string:
		snprintf(buf, bufsz, "%s", json_object_get_string(v));
		return 0;
	default:
		return -1;
	}
}

/* ---- probing ---- */

bool
telem_is_ctrl_line(const char *line, size_t len)
{
	static const char banner[] = "'CTRL' + 'C'";

	return len >= sizeof(banner) - 1 && !memcmp(line, banner, sizeof(banner) - 1);
}

const char *
telem_first_line(const char *head, size_t len, size_t *line_len)
{
	const char *p = head, *e = head + len;

	while (p < e) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(e - p);
		size_t k = 0;

		while (k < n && isspace((unsigned char)p[k]))
			k++;
		if (k < n && !telem_is_ctrl_line(p + k, n - k) && strncmp(p + k, "WARNING", 7)) {
			while (n > k && (p[n - 1] == '\r' || p[n - 1] == ' '))
				n--;
			*line_len = n - k;
			return p + k;
		}
		if (!nl)
			break;
		p = nl + 1;
	}
	*line_len = 0;
	return NULL;
}
