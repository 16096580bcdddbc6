/* SPDX-License-Identifier: MIT */
/*
 * rocprof.c: legacy rocprof (rocprofiler v1) output: results.csv (one row
 * per kernel dispatch), results.stats.csv / hip_stats / hsa_stats /
 * copy_stats (aggregates) and results.json (chrome trace with string
 * timestamps). All times are ns since boot (CLOCK_BOOTTIME).
 */
#include "csv.h"
#include "jpull.h"
#include "rocprof_int.h"
#include "litsi/kclass.h"
#include "litsi/litsi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int
send_source(struct sink *s, const char *format, const char *host, struct err *err)
{
	struct rec_source src = { format, CLK_BOOTTIME, host, -1, -1 };

	return s->source(s, &src, err);
}

/* ---- results.csv ---- */

static int
probe_csv(const char *head, size_t len, const char *name)
{
	if (csv_head_has(head, len, "KernelName") && csv_head_has(head, len, "gpu-id"))
		return 90;
	return 0;
}

static int
parse_csv(struct input *in, const struct parse_opts *o, struct sink *s, struct err *err)
{
	struct csv c;
	int rc, c_name, c_gpu, c_queue, c_begin, c_end;
	int64_t nskip = 0;

	csv_init(&c, in, 0);
	if ((rc = send_source(s, "rocprof-csv", NULL, err)))
		goto out;
	if ((rc = csv_header(&c, err)) <= 0) {
		if (rc == 0)
			rc = csv_err(&c, err, "expected a header line");
		goto out;
	}
	c_name = csv_col(&c, "KernelName");
	c_gpu = csv_col(&c, "gpu-id");
	c_queue = csv_col(&c, "queue-id");
	c_begin = csv_col(&c, "BeginNs");
	c_end = csv_col(&c, "EndNs");
	if (c_name < 0 || c_gpu < 0) {
		rc = csv_err(&c, err, "expected columns KernelName and gpu-id in the header");
		goto out;
	}
	if (c_begin < 0 || c_end < 0) {
		/* --pmc mode: counters replace the timestamps; nothing to place on a timeline. */
		rc = s->meta(s, "skipped",
			     "counter-mode results.csv (no BeginNs/EndNs columns); "
			     "dispatches not imported", err);
		goto out;
	}
	while ((rc = csv_next(&c, err)) > 0) {
		struct rec_kernel k = { 0 };
		int64_t gpu, queue = 0;

		if (csv_blank(&c) || csv_is_header(&c))
			continue;
		if ((rc = csv_i64(&c, c_gpu, &gpu, err)) ||
		    (c_queue >= 0 && (rc = csv_i64(&c, c_queue, &queue, err))) ||
		    (rc = csv_i64(&c, c_begin, &k.start_ns, err)) ||
		    (rc = csv_i64(&c, c_end, &k.end_ns, err)))
			goto out;
		if (gpu < 0 || gpu > 65535) {
			rc = csv_err(&c, err, "expected a GPU index in column gpu-id");
			goto out;
		}
		if (k.end_ns < k.start_ns) {
			rc = csv_err(&c, err, "expected EndNs >= BeginNs");
			goto out;
		}
		k.device = (int)gpu;
		k.rank = -1;
		k.stream = queue;
		k.name = csv_get(&c, c_name);
		k.name_len = csv_get_len(&c, c_name);
		k.kclass = kernel_classify(k.name, k.name_len, NULL);
		k.correlation = -1;
		k.launch_ns = TIME_NONE;
		k.bytes = -1;
		if ((rc = s->kernel(s, &k, err)))
			goto out;
	}
	(void)nskip;
	(void)o;
out:
	csv_release(&c);
	return rc < 0 ? rc : 0;
}

const struct parser parser_rocprof_csv = { "rocprof-csv", probe_csv, parse_csv };

/* ---- stats ---- */

bool
rocprof_is_stats(const char *head, size_t len)
{
	return csv_head_has(head, len, "Name") && csv_head_has(head, len, "Calls") &&
	       csv_head_has(head, len, "TotalDurationNs") &&
	       csv_head_has(head, len, "Percentage");
}

void
rocprof_stats_kind(const struct input *in, char *buf, size_t len)
{
	const char *b = strrchr(input_name(in), '/'), *base, *dot, *end;
	size_t n;

	b = b ? b + 1 : input_name(in);
	base = b;
	end = strstr(b, ".csv");
	if (!end)
		end = b + strlen(b);
	/* Legacy "results.hip_stats.csv": the part after the last dot. */
	for (dot = end; dot > b && dot[-1] != '.'; dot--)
		;
	if (dot > b) {
		n = (size_t)(end - dot);
		if (n == 5 && !strncmp(dot, "stats", 5))
			snprintf(buf, len, "kernel_stats");
		else
			snprintf(buf, len, "%.*s", (int)n, dot);
		return;
	}
	/* rocprofv3 "<pid>_hip_api_stats.csv": drop the numeric prefix. */
	while (b < end && *b >= '0' && *b <= '9')
		b++;
	if (b < end && *b == '_' && b > base)
		b++;
	n = (size_t)(end - b);
	if (n >= 5 && !strncmp(end - 5, "stats", 5))
		snprintf(buf, len, "%.*s", (int)n, b);
	else
		snprintf(buf, len, "stats");
}

/* Split the last four comma-separated fields off @raw (ROCm 4.x unquoted names). */
static int
split_right(const char *raw, size_t len, size_t *name_len, const char *f[4], size_t fl[4])
{
	size_t end = len;
	int k;

	for (k = 3; k >= 0; k--) {
		size_t i = end;

		while (i > 0 && raw[i - 1] != ',')
			i--;
		if (i == 0)
			return -1;
		f[k] = raw + i;
		fl[k] = end - i;
		end = i - 1;
	}
	*name_len = end;
	return 0;
}

/*
 * A row of the five standard columns whose Name holds unquoted commas: the
 * four numbers are the last four fields, the name all before them (its
 * quotes dropped). Return: 0, or the negative status of csv_err().
 */
static int
stats_loose_row(struct csv *c, struct rec_aggregate *a, struct sbuf *name, struct err *err)
{
	const char *f[4], *raw;
	size_t fl[4], rl, nl;
	char num[64];

	raw = csv_raw(c, &rl);
	if (split_right(raw, rl, &nl, f, fl))
		return csv_err(c, err, "expected 5 fields (Name and 4 numbers)");
	for (int i = 0; i < 4; i++) {
		int bad;

		snprintf(num, sizeof(num), "%.*s", (int)(fl[i] < 63 ? fl[i] : 63), f[i]);
		bad = fl[i] > 63 ||
		      (i == 0 ? parse_i64(num, 0, INT64_MAX, &a->calls)
		       : i == 1 ? parse_i64(num, INT64_MIN, INT64_MAX, &a->total_ns)
		       : i == 2 ? parse_double(num, &a->avg_ns)
				: parse_double(num, &a->pct));
		if (bad)
			return csv_err(c, err, "expected a number in column %s",
				       csv_hdr_name(c, i + 1));
	}
	sbuf_reset(name);
	if (nl >= 2 && raw[0] == '"' && raw[nl - 1] == '"')
		sbuf_add(name, raw + 1, nl - 2);
	else
		sbuf_add(name, raw, nl);
	return 0;
}

int
rocprof_stats(struct input *in, const char *format, struct sink *s, struct err *err)
{
	struct csv c;
	struct sbuf name = SBUF_INIT;
	char kind[64];
	int rc, c_name, c_calls, c_total, c_avg, c_pct, c_min, c_max;

	rocprof_stats_kind(in, kind, sizeof(kind));
	csv_init(&c, in, 0);
	if ((rc = send_source(s, format, NULL, err)))
		goto out;
	if ((rc = csv_header(&c, err)) <= 0) {
		if (rc == 0)
			rc = csv_err(&c, err, "expected a header line");
		goto out;
	}
	c_name = csv_col(&c, "Name");
	c_calls = csv_col(&c, "Calls");
	c_total = csv_col(&c, "TotalDurationNs");
	c_avg = csv_col(&c, "AverageNs");
	c_pct = csv_col(&c, "Percentage");
	c_min = csv_col(&c, "MinNs");
	c_max = csv_col(&c, "MaxNs");
	if (c_name < 0 || c_calls < 0 || c_total < 0 || c_avg < 0 || c_pct < 0) {
		rc = csv_err(&c, err, "expected columns Name, Calls, TotalDurationNs, "
				      "AverageNs and Percentage in the header");
		goto out;
	}
	while ((rc = csv_next(&c, err)) > 0) {
		struct rec_aggregate a = { 0 };

		if (csv_blank(&c) || csv_is_header(&c))
			continue;
		a.kind = kind;
		a.min_ns = a.max_ns = -1;
		if (csv_nfields(&c) == c.nhdr) {
			if ((rc = csv_i64(&c, c_calls, &a.calls, err)) ||
			    (rc = csv_i64(&c, c_total, &a.total_ns, err)) ||
			    (rc = csv_f64(&c, c_avg, &a.avg_ns, err)) ||
			    (rc = csv_f64(&c, c_pct, &a.pct, err)) ||
			    (c_min >= 0 && (rc = csv_i64(&c, c_min, &a.min_ns, err))) ||
			    (c_max >= 0 && (rc = csv_i64(&c, c_max, &a.max_ns, err))))
				goto out;
			sbuf_reset(&name);
			sbuf_add(&name, csv_get(&c, c_name), csv_get_len(&c, c_name));
		} else if (c.nhdr == 5 && c_name == 0 && c_calls == 1 && c_total == 2 &&
			   c_avg == 3 && c_pct == 4) {
			if ((rc = stats_loose_row(&c, &a, &name, err)))
				goto out;
		} else {
			rc = csv_err(&c, err, "expected %zu fields, found %zu", c.nhdr,
				     csv_nfields(&c));
			goto out;
		}
		a.name = name.buf;
		if ((rc = s->aggregate(s, &a, err)))
			goto out;
	}
out:
	sbuf_release(&name);
	csv_release(&c);
	return rc < 0 ? rc : 0;
}

static int
probe_stats(const char *head, size_t len, const char *name)
{
	/* The rocprofv3 stats (with MinNs) belong to rocprofv3-csv. */
	if (rocprof_is_stats(head, len) && !csv_head_has(head, len, "MinNs"))
		return 90;
	return 0;
}

static int
parse_stats(struct input *in, const struct parse_opts *o, struct sink *s, struct err *err)
{
	(void)o;
	return rocprof_stats(in, "rocprof-stats", s, err);
}

const struct parser parser_rocprof_stats = { "rocprof-stats", probe_stats, parse_stats };

/* ---- results.json ---- */

static const char *
skip_ws(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
		p++;
	return p;
}

static int
probe_json(const char *head, size_t len, const char *name)
{
	const char *p = head, *end = head + len;
	static const char key[] = "\"traceEvents\"";

	p = skip_ws(p, end);
	if (p == end || *p++ != '{')
		return 0;
	p = skip_ws(p, end);
	if ((size_t)(end - p) < sizeof(key) - 1 || memcmp(p, key, sizeof(key) - 1))
		return 0;
	p = skip_ws(p + sizeof(key) - 1, end);
	if (p == end || *p++ != ':')
		return 0;
	p = skip_ws(p, end);
	if (p == end || *p++ != '[')
		return 0;
	p = skip_ws(p, end);
	if (p == end || *p++ != '{')
		return 0;
	p = skip_ws(p, end);
	return p < end && *p == '}' ? 95 : 0;
}

/* Fixed track pids of tblextr.py. */
enum { PID_MARKERS = 0, PID_COPY = 1, PID_HIP = 2, PID_HSA = 3, PID_OPS = 5, PID_GPU0 = 6,
       PID_BARRIER0 = 6 + 512 };

/* Time of an event: args.BeginNs/EndNs (ns) when present, else ts/dur (µs). */
static int
event_times(const struct jflat *f, int64_t *start, int64_t *end)
{
	const char *ts = jflat_get(f, "ts"), *dur = jflat_get(f, "dur");
	int64_t d;

	if (!jflat_i64(f, "args.BeginNs", start) && !jflat_i64(f, "args.EndNs", end))
		return 0;
	if (!ts || parse_decimal_scaled(ts, strlen(ts), 3, start))
		return -1;
	d = 0;
	if (dur && parse_decimal_scaled(dur, strlen(dur), 3, &d))
		return -1;
	*end = *start + d;
	return 0;
}

static int
json_event(struct jp *j, const struct jflat *f, struct sink *s, int64_t *ncopy, struct err *err)
{
	const char *ph = jflat_get(f, "ph"), *name = jflat_get(f, "name");
	int64_t pid, tid = 0, start, end;

	if (!ph || strcmp(ph, "X"))
		return 0;	/* metadata, flow arrows, the leading {} */
	if (!name)
		return jp_err(j, err, "expected a name in a complete event");
	if (jflat_i64(f, "pid", &pid))
		return jp_err(j, err, "expected an integer pid");
	if (jflat_i64(f, "tid", &tid) < 0)
		return jp_err(j, err, "expected an integer tid");
	if (event_times(f, &start, &end) || end < start)
		return jp_err(j, err, "expected ts/dur or args.BeginNs/EndNs times");
	if (pid >= PID_GPU0 && pid < PID_BARRIER0) {
		struct rec_kernel k = { 0 };
		int64_t q;

		k.device = (int)(pid - PID_GPU0);
		k.rank = -1;
		k.stream = jflat_i64(f, "args.queue-id", &q) == 0 ? q : tid;
		k.name = name;
		k.name_len = strlen(name);
		k.start_ns = start;
		k.end_ns = end;
		k.kclass = kernel_classify(name, k.name_len, NULL);
		k.correlation = -1;
		k.launch_ns = TIME_NONE;
		k.bytes = -1;
		return s->kernel(s, &k, err);
	}
	if (pid >= PID_BARRIER0 || pid == PID_OPS)
		return 0;
	{
		struct rec_annotation a = { 0 };

		a.rank = -1;
		a.kind = pid == PID_MARKERS ? "marker"
			 : pid == PID_COPY  ? "memory_copy"
			 : pid == PID_HIP   ? "hip_api"
			 : pid == PID_HSA   ? "hsa_api"
					    : "rocprof";
		a.name = name;
		a.start_ns = start;
		a.end_ns = end;
		a.tid = tid;
		a.device = -1;
		a.external_id = -1;
		*ncopy += pid == PID_COPY;
		return s->annotation(s, &a, err);
	}
}

static int
parse_json(struct jp *j, struct sink *s, struct err *err)
{
	struct jflat f;
	int64_t ncopy = 0;
	uint64_t at;
	int rc, t;

	jflat_init(&f);
	if ((t = jp_next(j, err)) != J_OBJ) {
		rc = t < 0 ? t : jp_err(j, err, "expected a JSON object");
		goto out;
	}
	while ((rc = jp_key(j, err)) > 0) {
		bool events = !strcmp(j->tok.buf, "traceEvents");

		t = jp_next(j, err);
		if (t < 0) {
			rc = t;
			goto out;
		}
		if (!events || t != J_ARR) {
			if (events) {
				rc = jp_err(j, err, "expected an array for traceEvents");
				goto out;
			}
			if ((rc = jp_skip(j, t, err)))
				goto out;
			continue;
		}
		while ((t = jp_next(j, err)) != J_ARR_END) {
			if (t < 0) {
				rc = t;
				goto out;
			}
			if (t != J_OBJ) {
				rc = jp_err(j, err, "expected an event object");
				goto out;
			}
			at = j->tok_off;
			if ((rc = jflat_read(j, &f, err)))
				goto out;
			j->tok_off = at;	/* errors name the event's first byte */
			if ((rc = json_event(j, &f, s, &ncopy, err)))
				goto out;
		}
	}
	if (rc == 0 && ncopy) {
		char v[96];

		snprintf(v, sizeof(v), "%lld copy events kept as annotations (no GPU named)",
			 (long long)ncopy);
		rc = s->meta(s, "note", v, err);
	}
out:
	jflat_release(&f);
	return rc < 0 ? rc : 0;
}

static int
parse_json_entry(struct input *in, const struct parse_opts *o, struct sink *s, struct err *err)
{
	struct jp j;
	int rc;

	(void)o;
	if ((rc = send_source(s, "rocprof-json", NULL, err)))
		return rc;
	jp_init(&j, in);
	rc = parse_json(&j, s, err);
	jp_release(&j);
	return rc;
}

const struct parser parser_rocprof_json = { "rocprof-json", probe_json, parse_json_entry };
