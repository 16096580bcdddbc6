/* SPDX-License-Identifier: MIT */
/*
 * pytorch.c: PyTorch profiler (Kineto chrome-trace JSON) parser. traceEvents
 * is streamed event by event with jscan; only the small top-level values
 * (deviceProperties, distributedInfo, metadata) are captured as text and
 * parsed with json-c. Times are kept as text and converted to int64 ns
 * exactly (µs with up to 3 decimals, relative to baseTimeNanoseconds when
 * the file has one, else absolute epoch µs).
 */
#include <json.h>
#include <string.h>

#include "jscan.h"
#include "jsplit.h"
#include "litsi/kclass.h"
#include "litsi/litsi.h"
#include "litsi/parse.h"

/*
 * The raw text of an args array (split sizes, group ranks) is kept up to
 * ARGS_MAX bytes; a top-level value parsed with json-c (deviceProperties,
 * distributedInfo, metadata) up to TOP_MAX, as json-c's tree takes tens of
 * times the text. Longer ones are refused as bad input.
 */
enum { ARGS_MAX = 4 << 20, TOP_MAX = 1 << 20, META_MAX = 64 << 10 };

/* The fields of one event this parser reads; the rest is skipped. */
enum field {
	F_NAME, F_CAT, F_PH, F_PID, F_TID, F_TS, F_DUR,
	A_DEVICE, A_STREAM, A_CORR, A_EXT, A_RANK, A_BYTES,
	A_COLL, A_DTYPE, A_IN_NEL, A_OUT_NEL, A_GSIZE, A_SEQ, A_IN_SPLIT, A_OUT_SPLIT,
	A_PG_NAME, A_PG_DESC, A_PG_RANKS, A_PID_RAW,
	NFIELD
};

struct key {
	const char *s;
	unsigned char len;
	unsigned char field;
};

#define K(str, f) { str, sizeof(str) - 1, f }
static const struct key event_keys[] = {
	K("ph", F_PH), K("ts", F_TS), K("cat", F_CAT), K("pid", F_PID), K("tid", F_TID),
	K("dur", F_DUR), K("name", F_NAME),
};

static const struct key arg_keys[] = {
	K("device", A_DEVICE), K("stream", A_STREAM), K("correlation", A_CORR),
	K("External id", A_EXT), K("rank", A_RANK), K("bytes", A_BYTES),
	K("Collective name", A_COLL), K("dtype", A_DTYPE), K("In msg nelems", A_IN_NEL),
	K("Out msg nelems", A_OUT_NEL), K("Group size", A_GSIZE), K("Seq", A_SEQ),
	K("In split size", A_IN_SPLIT), K("Out split size", A_OUT_SPLIT),
	K("Process Group Name", A_PG_NAME), K("Process Group Description", A_PG_DESC),
	K("Process Group Ranks", A_PG_RANKS), K("pid_raw", A_PID_RAW),
};
#undef K

struct fval {
	uint32_t off, len;	/* into ev.buf, NUL-terminated there */
	int type;		/* JT_STR, JT_NUM, JT_ARR (raw text) or 0 = absent */
	uint64_t at;		/* byte offset of the value (ts, dur) */
};

struct dprop {
	int id;
	int warp;
	char *name;
};

struct devseen {
	int device;
	int rank;
};

struct kineto {
	struct input *in;
	const struct parse_opts *o;
	struct sink *sink;
	struct err *err;
	struct jscan js;
	struct sbuf buf;	/* the current event's field texts */
	struct fval f[NFIELD];
	struct sbuf cap;	/* captured top-level values */
	int64_t base_ns;	/* baseTimeNanoseconds, when seen before traceEvents */
	bool have_base, events_done, have_events;
	int64_t t_lo, t_hi;	/* earliest start and latest end sent (a late base must fit) */
	bool have_t;
	int rank, world_size;
	bool rocm_keys, cuda_keys, hip_calls, cuda_calls;
	struct dprop *props;
	size_t props_nr, props_alloc;
	struct devseen *devs;
	size_t devs_nr, devs_alloc;
	int64_t n_events;
	struct input *resumed;	/* what js reads after traceEvents was parsed in pieces */
};

/* What the events of one piece of traceEvents taught (parsed on another thread). */
struct piece_sum {
	int64_t t_lo, t_hi;
	bool have_t, hip_calls, cuda_calls;
	struct devseen *devs;
	size_t devs_nr;
	int64_t n_events;
};

static int
store_text(struct kineto *k, int f, const char *s, size_t n, int type)
{
	struct fval *v = &k->f[f];

	if (n > UINT32_MAX / 2 || k->buf.len > UINT32_MAX / 2)
		return jscan_fail(&k->js, "expected an event smaller than 2 GiB");
	v->off = (uint32_t)k->buf.len;
	v->len = (uint32_t)n;
	v->type = type;
	/* the text and its NUL, then sbuf's own terminator: one grow, one copy */
	sbuf_grow(&k->buf, n + 1);
	memcpy(k->buf.buf + k->buf.len, s, n);
	k->buf.len += n + 1;
	k->buf.buf[k->buf.len - 1] = '\0';
	k->buf.buf[k->buf.len] = '\0';
	return 0;
}

static const char *
ftext(const struct kineto *k, int f)
{
	return k->f[f].type ? k->buf.buf + k->f[f].off : NULL;
}

/*
 * tok_at() - where token @t, just read, started (exact unless a string had
 * escapes), for messages.
 */
static uint64_t
tok_at(const struct jscan *js, int t)
{
	uint64_t end = jscan_offset(js);

	switch (t) {
	case JT_NUM: return end - js->n;
	case JT_STR: return end - js->n - 2;
	case JT_TRUE: case JT_NULL: return end - 4;
	case JT_FALSE: return end - 5;
	default: return end - 1;
	}
}

static int
lookup(const struct key *tab, size_t nr, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (tab[i].len == n && s[0] == tab[i].s[0] && !memcmp(s, tab[i].s, n))
			return tab[i].field;
	return -1;
}

/* read_scalar() - a string or number value into field @f; null and booleans leave it absent. */
static int
read_scalar(struct kineto *k, int f, const char *what, bool raw_ok)
{
	struct jscan *js = &k->js;
	uint64_t at;
	int t;

	if (raw_ok) {
		t = jscan_peek(js);
		if (t < -1)
			return t;
		if (t == '[' || t == '{') {
			if (jscan_capture(js, &k->cap, ARGS_MAX))
				return k->err->status;
			return store_text(k, f, k->cap.buf, k->cap.len, JT_ARR);
		}
	}
	t = jscan_next(js);
	if (t < 0)
		return t;
	at = tok_at(js, t);
	switch (t) {
	case JT_STR:
	case JT_NUM:
		if (store_text(k, f, js->s, js->n, t))
			return k->err->status;
		k->f[f].at = at;
		return 0;
	case JT_NULL:
	case JT_TRUE:
	case JT_FALSE:
		return 0;
	default:
		return jscan_fail_at(js, at, "expected a string or number for \"%s\", got %s", what,
				     jscan_tokname(t));
	}
}

static int
read_args(struct kineto *k)
{
	struct jscan *js = &k->js;
	int t;

	for (;;) {
		int f;

		t = jscan_next(js);
		if (t < 0)
			return t;
		if (t == JT_OBJ_END)
			return 0;
		f = lookup(arg_keys, ARRAY_SIZE(arg_keys), js->s, js->n);
		if (f < 0) {
			if (jscan_skip(js, 0))
				return k->err->status;
			continue;
		}
		if (read_scalar(k, f, arg_keys[f - A_DEVICE].s, f >= A_COLL && f != A_PID_RAW))
			return k->err->status;
	}
}

static bool field_is(const struct kineto *k, int f, const char *s);

/*
 * args_unused() - whether the event's args cannot matter: known when ph, cat
 * and name come before args (the Kineto writer's order). Skipping still
 * checks the JSON grammar, but stores nothing.
 */
static bool
args_unused(const struct kineto *k)
{
	const struct fval *cat = &k->f[F_CAT];
	const char *c;

	if (k->f[F_PH].type && !field_is(k, F_PH, "X"))
		return true;
	if (!cat->type || !k->f[F_NAME].type)
		return false;
	c = k->buf.buf + cat->off;
	switch (c[0]) {
	case 'k': case 'K': case 'g': case 'u': case 'R':
		return false;	/* kernel, gpu_*, user_annotation, Runtime */
	case 'c':
		if (!strncmp(c, "cuda_", 5))
			return strcmp(c, "cuda_runtime") && strcmp(c, "cuda_driver");
		return !field_is(k, F_NAME, "record_param_comms");
	default:
		return true;
	}
}

/* read_event() - after the '{' of an event: its fields into k->f. */
static int
read_event(struct kineto *k)
{
	struct jscan *js = &k->js;
	int t;

	sbuf_reset(&k->buf);
	memset(k->f, 0, sizeof(k->f));
	for (;;) {
		int f;

		t = jscan_next(js);
		if (t < 0)
			return t;
		if (t == JT_OBJ_END)
			return 0;
		if (js->n == 4 && !memcmp(js->s, "args", 4)) {
			t = jscan_next(js);
			if (t < 0)
				return t;
			if (t == JT_OBJ) {
				if (args_unused(k) ? jscan_skip(js, 1) : read_args(k))
					return k->err->status;
			} else if (t != JT_NULL) {
				return jscan_fail_at(js, tok_at(js, t), "expected an object for \"args\", got %s",
						     jscan_tokname(t));
			}
			continue;
		}
		f = lookup(event_keys, ARRAY_SIZE(event_keys), js->s, js->n);
		if (f < 0) {
			if (jscan_skip(js, 0))
				return k->err->status;
			continue;
		}
		if (f == F_NAME || f == F_CAT || f == F_PH) {
			t = jscan_next(js);
			if (t < 0)
				return t;
			if (t != JT_STR)
				return jscan_fail_at(js, tok_at(js, t), "expected a string for \"%s\", got %s",
						     f == F_NAME ? "name" : f == F_CAT ? "cat" : "ph",
						     jscan_tokname(t));
			if (store_text(k, f, js->s, js->n, t))
				return k->err->status;
			continue;
		}
		if (read_scalar(k, f, event_keys[f == F_PID ? 3 : f == F_TID ? 4 : f == F_TS ? 1 : 5].s,
				false))
			return k->err->status;
	}
}

/* ---- field conversions ---- */

static int
text_i64(const char *s, size_t n, int64_t *out)
{
	if (!parse_i64n(s, n, out))
		return 0;
	return parse_decimal_scaled(s, n, 0, out);
}

/* fint() - field @f as an integer: 1 = got it, 0 = absent or not numeric. */
static int
fint(const struct kineto *k, int f, int64_t *out)
{
	const struct fval *v = &k->f[f];

	if (v->type != JT_STR && v->type != JT_NUM)
		return 0;
	return !text_i64(k->buf.buf + v->off, v->len, out);
}

static int64_t
fint_or(const struct kineto *k, int f, int64_t dflt)
{
	int64_t v;

	return fint(k, f, &v) ? v : dflt;
}

/* ftime() - ts or dur in ns; absent = 0 (dur) or an error (ts). */
static int
ftime(struct kineto *k, int f, int64_t *out)
{
	const struct fval *v = &k->f[f];

	if (!v->type) {
		if (f == F_DUR) {
			*out = 0;
			return 0;
		}
		return jscan_fail(&k->js, "expected \"ts\" in a complete (\"X\") event");
	}
	if (parse_decimal_scaled(k->buf.buf + v->off, v->len, 3, out))
		return jscan_fail_at(&k->js, v->at, "expected a number of microseconds for \"%s\", "
				     "got '%.40s'", f == F_TS ? "ts" : "dur", k->buf.buf + v->off);
	if (f == F_DUR && *out < 0)
		return jscan_fail_at(&k->js, v->at, "expected a non-negative \"dur\", got %s",
				     k->buf.buf + v->off);
	return 0;
}

static bool
field_is(const struct kineto *k, int f, const char *s)
{
	const struct fval *v = &k->f[f];
	size_t n = strlen(s);

	return v->type == JT_STR && v->len == n && !memcmp(k->buf.buf + v->off, s, n);
}

/* profiler_step() - N of a name matching ProfilerStep\s*#\s*(\d+). */
static bool
profiler_step(const char *name, int64_t *step)
{
	const char *p = strstr(name, "ProfilerStep");

	for (; p; p = strstr(p + 1, "ProfilerStep")) {
		const char *q = p + 12, *d;

		while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r' || *q == '\f' || *q == '\v')
			q++;
		if (*q++ != '#')
			continue;
		while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r' || *q == '\f' || *q == '\v')
			q++;
		for (d = q; *d >= '0' && *d <= '9'; d++)
			;
		if (d > q && !parse_i64n(q, (size_t)(d - q), step))
			return true;
	}
	return false;
}

static void
note_device(struct kineto *k, int device, int rank)
{
	size_t i;

	for (i = 0; i < k->devs_nr; i++) {
		if (k->devs[i].device == device) {
			if (k->devs[i].rank < 0)
				k->devs[i].rank = rank;
			return;
		}
	}
	VEC_GROW(k->devs, k->devs_nr + 1, k->devs_alloc);
	k->devs[k->devs_nr].device = device;
	k->devs[k->devs_nr++].rank = rank;
}

/*
 * gpu_device() - args.device, else args.pid_raw (the pid before a fused
 * trace rewrote it as rank*1e8+pid), else the pid.
 */
static int
gpu_device(struct kineto *k, int *device)
{
	static const int from[] = { A_DEVICE, A_PID_RAW, F_PID };
	int64_t d;
	size_t i;
	int got = 0;

	for (i = 0; i < ARRAY_SIZE(from) && !got; i++) {
		const struct fval *v = &k->f[from[i]];

		got = fint(k, from[i], &d);
		/* A number that is no integer (0.5) is refused, never rounded. */
		if (got && parse_i64n(k->buf.buf + v->off, v->len, &d))
			return jscan_fail_at(&k->js, v->at, "expected an integer device index, "
					     "got '%.40s'", k->buf.buf + v->off);
	}
	if (!got)
		return jscan_fail(&k->js, "expected a numeric \"pid\" or args.device in GPU event "
				  "'%.80s'", ftext(k, F_NAME) ? ftext(k, F_NAME) : "");
	if (d < 0 || d > DEVICE_MAX)
		return jscan_fail(&k->js, "expected a device index from 0 to %d, got %lld",
				  DEVICE_MAX, (long long)d);
	*device = (int)d;
	return 0;
}

static int
emit_collective(struct kineto *k, int rank, int64_t start, int64_t end, int64_t tid,
		int64_t corr)
{
	struct rec_collective c = {
		.rank = rank,
		.start_ns = start,
		.end_ns = end,
		.tid = tid,
		.correlation = corr,
		.external_id = fint_or(k, A_EXT, -1),
		.coll_name = ftext(k, A_COLL),
		.dtype = ftext(k, A_DTYPE),
		.in_nelems = fint_or(k, A_IN_NEL, -1),
		.out_nelems = fint_or(k, A_OUT_NEL, -1),
		.group_size = fint_or(k, A_GSIZE, -1),
		.seq = fint_or(k, A_SEQ, -1),
		.in_split = ftext(k, A_IN_SPLIT),
		.out_split = ftext(k, A_OUT_SPLIT),
		.pg_name = ftext(k, A_PG_NAME),
		.pg_desc = ftext(k, A_PG_DESC),
		.pg_ranks = ftext(k, A_PG_RANKS),
	};

	return k->sink->collective(k->sink, &c, k->err);
}

static bool
cat_is_gpu(const struct kineto *k)
{
	return field_is(k, F_CAT, "kernel") || field_is(k, F_CAT, "gpu_memcpy") ||
	       field_is(k, F_CAT, "gpu_memset") || field_is(k, F_CAT, "Kernel");
}

/* A GPU event (kernel, copy, set): a kernel record, and its collective when it carries one. */
static int
event_kernel(struct kineto *k, const char *name, const char *cat, int rank, int64_t tid,
	     int64_t start, int64_t end)
{
	struct sink *s = k->sink;
	struct rec_kernel r = {
		.rank = rank,
		.name = name,
		.name_len = k->f[F_NAME].len,
		.start_ns = start,
		.end_ns = end,
		.kclass = kernel_classify(name, k->f[F_NAME].len, cat),
		.correlation = fint_or(k, A_CORR, -1),
		.launch_ns = TIME_NONE,
		.bytes = fint_or(k, A_BYTES, -1),
	};

	if (gpu_device(k, &r.device))
		return k->err->status;
	r.stream = fint_or(k, A_STREAM, tid < 0 ? 0 : tid);
	note_device(k, r.device, rank);
	if (s->kernel(s, &r, k->err))
		return k->err->status;
	if (k->f[A_COLL].type)
		return emit_collective(k, rank, start, end, -1, r.correlation);
	return 0;
}

/* A runtime or driver call: a launch record when it has a correlation id. */
static int
event_launch(struct kineto *k, const char *name, int rank, int64_t tid, int64_t start)
{
	struct rec_launch r = { .rank = rank, .ts_ns = start, .tid = tid };

	if (!strncmp(name, "hip", 3))
		k->hip_calls = true;
	else if (!strncmp(name, "cu", 2))
		k->cuda_calls = true;
	if (!fint(k, A_CORR, &r.correlation))
		return 0;
	r.external_id = fint_or(k, A_EXT, -1);
	return k->sink->launch(k->sink, &r, k->err);
}

/* A user annotation (CPU or GPU side); ProfilerStep#N is a step. */
static int
event_annotation(struct kineto *k, const char *name, const char *cat, int rank, int64_t tid,
		 int64_t start, int64_t end)
{
	struct sink *s = k->sink;
	bool gpu = cat[0] == 'g';
	struct rec_annotation a = {
		.rank = rank,
		.kind = cat,
		.name = name,
		.start_ns = start,
		.end_ns = end,
		.tid = tid,
		.device = -1,
		.external_id = fint_or(k, A_EXT, -1),
	};
	int64_t step;

	if (!gpu && profiler_step(name, &step)) {
		struct rec_step r = { .rank = rank, .step = step, .start_ns = start,
				      .end_ns = end };

		return s->step(s, &r, k->err);
	}
	if (gpu) {
		int64_t d;

		if (fint(k, A_DEVICE, &d) || fint(k, A_PID_RAW, &d) || fint(k, F_PID, &d))
			a.device = d >= 0 && d <= 1 << 20 ? (int)d : -1;
	}
	return s->annotation(s, &a, k->err);
}

/* handle_event() - turn the fields read into records. */
static int
handle_event(struct kineto *k)
{
	const char *name = ftext(k, F_NAME), *cat = ftext(k, F_CAT);
	int64_t ts, dur, start, end, tid;
	int rank;

	k->n_events++;
	if (!k->f[F_PH].type || !field_is(k, F_PH, "X") || !cat)
		return 0;
	if (!name)
		name = "";
	if (ftime(k, F_TS, &ts) || ftime(k, F_DUR, &dur))
		return k->err->status;
	/* Times past the 64-bit nanosecond range are refused, never wrapped. */
	if (__builtin_add_overflow(ts, k->have_base ? k->base_ns : 0, &start) ||
	    __builtin_add_overflow(start, dur, &end))
		return jscan_fail(&k->js, "expected \"ts\" + \"dur\" to fit in 64-bit "
				  "nanoseconds");
	if (!k->have_t || start < k->t_lo)
		k->t_lo = start;
	if (!k->have_t || end > k->t_hi)
		k->t_hi = end;
	k->have_t = true;
	rank = (int)fint_or(k, A_RANK, -1);
	tid = fint_or(k, F_TID, -1);
	if (cat_is_gpu(k))
		return event_kernel(k, name, cat, rank, tid, start, end);
	if (!strcmp(cat, "cuda_runtime") || !strcmp(cat, "cuda_driver") ||
	    !strcmp(cat, "Runtime"))
		return event_launch(k, name, rank, tid, start);
	if (!strcmp(cat, "user_annotation") || !strcmp(cat, "gpu_user_annotation"))
		return event_annotation(k, name, cat, rank, tid, start, end);
	if (!strcmp(cat, "cpu_op") && !strcmp(name, "record_param_comms"))
		return emit_collective(k, rank, start, end, tid, -1);
	return 0;
}

/* piece_parse() - a piece of traceEvents on a worker thread (jsplit.h). */
static int
piece_parse(void *arg, struct input *in, int first, struct sink *rec, void *user,
	    struct err *err)
{
	const struct kineto *k = arg;
	struct piece_sum *ps = user;
	struct kineto w = {
		.in = k->in, .o = k->o, .sink = rec, .err = err, .rank = -1, .world_size = -1,
		.base_ns = k->base_ns, .have_base = k->have_base, .have_events = true,
	};
	int rc = 0;

	jscan_init_piece(&w.js, in, err, first);
	jsplit_rec_offsets(rec, &w.js);
	for (;;) {
		int t = jscan_peek(&w.js);

		if (t == -1)
			break;		/* the end of the piece, after an event */
		if (t < 0) {
			rc = t;
			break;
		}
		t = jscan_next(&w.js);
		if (t < 0) {
			rc = t;
			break;
		}
		if (t == JT_ARR_END)
			break;
		if (t != JT_OBJ) {
			rc = jscan_fail_at(&w.js, tok_at(&w.js, t), "expected an event object in "
					   "\"traceEvents\", got %s", jscan_tokname(t));
			break;
		}
		if (read_event(&w) || handle_event(&w)) {
			rc = err->status;
			break;
		}
	}
	jscan_release(&w.js);
	ps->t_lo = w.t_lo;
	ps->t_hi = w.t_hi;
	ps->have_t = w.have_t;
	ps->hip_calls = w.hip_calls;
	ps->cuda_calls = w.cuda_calls;
	ps->devs = w.devs;
	ps->devs_nr = w.devs_nr;
	ps->n_events = w.n_events;
	sbuf_release(&w.buf);
	sbuf_release(&w.cap);
	return rc;
}

/* piece_merge() - a piece's facts, in file order: as if its events were parsed here. */
static void
piece_merge(void *arg, void *user)
{
	struct kineto *k = arg;
	const struct piece_sum *ps = user;
	size_t i;

	if (ps->have_t) {
		if (!k->have_t || ps->t_lo < k->t_lo)
			k->t_lo = ps->t_lo;
		if (!k->have_t || ps->t_hi > k->t_hi)
			k->t_hi = ps->t_hi;
		k->have_t = true;
	}
	k->hip_calls |= ps->hip_calls;
	k->cuda_calls |= ps->cuda_calls;
	k->n_events += ps->n_events;
	for (i = 0; i < ps->devs_nr; i++)
		note_device(k, ps->devs[i].device, ps->devs[i].rank);
}

static void
piece_free(void *user)
{
	free(((struct piece_sum *)user)->devs);
}

static int
read_events(struct kineto *k)
{
	struct jscan *js = &k->js;
	int t = jscan_next(js);

	if (t < 0)
		return t;
	if (t != JT_ARR)
		return jscan_fail_at(js, tok_at(js, t), "expected an array for \"traceEvents\", got %s",
				     jscan_tokname(t));
	k->have_events = true;
	if (k->o && k->o->threads > 1) {
		static const struct jsplit_ops ops = {
			.user_size = sizeof(struct piece_sum),
			.parse = piece_parse,
			.merge = piece_merge,
			.user_free = piece_free,
		};
		struct jsplit_ops o = ops;
		int rc;

		o.arg = k;
		rc = jsplit_array(js, k->o->threads, k->o, &o, k->sink, &k->resumed, k->err);
		if (rc < 0)
			return rc;
		if (!rc) {
			k->events_done = true;
			return 0;
		}
		/* the rest of the array on this thread */
	}
	for (;;) {
		t = jscan_next(js);
		if (t < 0)
			return t;
		if (t == JT_ARR_END)
			break;
		if (t != JT_OBJ)
			return jscan_fail_at(js, tok_at(js, t), "expected an event object in \"traceEvents\", "
					     "got %s", jscan_tokname(t));
		if (read_event(k) || handle_event(k))
			return k->err->status;
	}
	k->events_done = true;
	return 0;
}

/* ---- top-level values through json-c ---- */

static struct json_object *
parse_captured(struct kineto *k, const char *what)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *o = json_tokener_parse_ex(tok, k->cap.buf, (int)k->cap.len);

	if (json_tokener_get_error(tok) != json_tokener_success) {
		json_object_put(o);
		o = NULL;
		jscan_fail(&k->js, "expected valid JSON in \"%s\" (%s)", what,
			   json_tokener_error_desc(json_tokener_get_error(tok)));
	}
	json_tokener_free(tok);
	return o;
}

/* jint() - an integer member given as a number or a numeric string. */
static bool
jint(struct json_object *o, const char *key, int64_t *out)
{
	struct json_object *v;
	const char *s;

	if (!json_object_object_get_ex(o, key, &v))
		return false;
	if (json_object_is_type(v, json_type_int)) {
		*out = json_object_get_int64(v);
		return true;
	}
	if (!json_object_is_type(v, json_type_string) && !json_object_is_type(v, json_type_double))
		return false;
	s = json_object_is_type(v, json_type_string) ? json_object_get_string(v)
						      : json_object_to_json_string(v);
	return !text_i64(s, strlen(s), out);
}

static int
read_device_props(struct kineto *k)
{
	struct json_object *o;
	size_t i, n;

	if (jscan_capture(&k->js, &k->cap, TOP_MAX))
		return k->err->status;
	if (!(o = parse_captured(k, "deviceProperties")))
		return k->err->status;
	if (!json_object_is_type(o, json_type_array)) {
		json_object_put(o);
		return jscan_fail(&k->js, "expected an array for \"deviceProperties\"");
	}
	n = json_object_array_length(o);
	for (i = 0; i < n; i++) {
		struct json_object *d = json_object_array_get_idx(o, i), *nm;
		int64_t id, warp = 0;

		if (!json_object_is_type(d, json_type_object) || !jint(d, "id", &id))
			continue;
		jint(d, "warpSize", &warp);
		VEC_GROW(k->props, k->props_nr + 1, k->props_alloc);
		k->props[k->props_nr].id = (int)id;
		k->props[k->props_nr].warp = (int)warp;
		k->props[k->props_nr++].name =
			json_object_object_get_ex(d, "name", &nm) &&
					json_object_is_type(nm, json_type_string)
				? xstrdup(json_object_get_string(nm))
				: NULL;
	}
	json_object_put(o);
	return 0;
}

static int
meta(struct kineto *k, const char *key, const char *val)
{
	return k->sink->meta(k->sink, key, val, k->err);
}

static int
read_dist_info(struct kineto *k)
{
	struct json_object *o, *pgs, *v;
	const char *flat;
	int64_t x;
	size_t i;

	if (jscan_capture(&k->js, &k->cap, TOP_MAX))
		return k->err->status;
	if (!(o = parse_captured(k, "distributedInfo")))
		return k->err->status;
	if (!json_object_is_type(o, json_type_object)) {
		json_object_put(o);
		return jscan_fail(&k->js, "expected an object for \"distributedInfo\"");
	}
	if (jint(o, "rank", &x) && x >= 0 && x < 1 << 24)
		k->rank = (int)x;
	if (jint(o, "world_size", &x) && x > 0 && x < 1 << 24)
		k->world_size = (int)x;
	flat = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN);
	if (strlen(flat) < META_MAX && meta(k, "distributedInfo", flat))
		goto fail;
	if (json_object_object_get_ex(o, "backend", &v) &&
	    meta(k, "backend", json_object_get_string(v)))
		goto fail;
	if (json_object_object_get_ex(o, "pg_config", &pgs) &&
	    json_object_is_type(pgs, json_type_array)) {
		for (i = 0; i < json_object_array_length(pgs); i++) {
			struct json_object *pg = json_object_array_get_idx(pgs, i), *nm, *r;
			struct sbuf key = SBUF_INIT, val = SBUF_INIT;
			int rc = 0;

			if (!json_object_is_type(pg, json_type_object) ||
			    !json_object_object_get_ex(pg, "pg_name", &nm) ||
			    !json_object_object_get_ex(pg, "ranks", &r))
				continue;
			/* ranks: a JSON list, or the string the Kineto writer prints */
			if (json_object_is_type(r, json_type_array)) {
				size_t j;

				sbuf_addch(&val, '[');
				for (j = 0; j < json_object_array_length(r); j++)
					sbuf_addf(&val, "%s%s", j ? ", " : "",
						  json_object_get_string(json_object_array_get_idx(r, j)));
				sbuf_addch(&val, ']');
			} else {
				sbuf_addstr(&val, json_object_get_string(r));
			}
			sbuf_addf(&key, "pg.%s.ranks", json_object_get_string(nm));
			if (val.len < META_MAX)
				rc = meta(k, key.buf, val.buf);
			sbuf_release(&key);
			sbuf_release(&val);
			if (rc)
				goto fail;
		}
	}
	json_object_put(o);
	return 0;
fail:
	json_object_put(o);
	return k->err->status;
}

static int
read_metadata(struct kineto *k, const char *key)
{
	struct json_object *o;
	const char *flat;
	int rc = 0;

	if (jscan_capture(&k->js, &k->cap, TOP_MAX))
		return k->err->status;
	if (!(o = parse_captured(k, key)))
		return k->err->status;
	flat = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN);
	if (strlen(flat) < META_MAX)
		rc = meta(k, key, flat);
	json_object_put(o);
	return rc;
}

static int
read_base_time(struct kineto *k)
{
	struct jscan *js = &k->js;
	int64_t base;
	int t = jscan_next(js);

	if (t < 0)
		return t;
	if ((t != JT_NUM && t != JT_STR) || parse_decimal_scaled(js->s, js->n, 0, &base))
		return jscan_fail_at(js, tok_at(js, t), "expected an integer for \"baseTimeNanoseconds\"");
	{
		/* Kept so that peer figures can redo TraceLens's float arithmetic exactly. */
		char text[32];

		snprintf(text, sizeof(text), "%lld", (long long)base);
		if (meta(k, "baseTimeNanoseconds", text))
			return k->err->status;
	}
	if (k->have_events) {
		int64_t lo, hi;

		/* Events were already sent relative to 0: the store shifts them. */
		if (k->have_t && (__builtin_add_overflow(k->t_lo, base, &lo) ||
				  __builtin_add_overflow(k->t_hi, base, &hi)))
			return jscan_fail_at(js, tok_at(js, t), "expected \"baseTimeNanoseconds\" "
					     "plus the event times to fit in 64-bit nanoseconds");
		return k->sink->time_base(k->sink, base, k->err);
	}
	k->base_ns = base;
	k->have_base = true;
	return 0;
}

/* A scalar top-level key: kept as source metadata. */
static int
read_other(struct kineto *k, const char *key)
{
	struct jscan *js = &k->js;
	int t = jscan_next(js);
	struct sbuf val = SBUF_INIT;
	int rc = 0;

	if (t < 0)
		return t;
	if (t == JT_OBJ || t == JT_ARR)
		return jscan_skip(js, 1);
	if (!strcmp(key, "roctracer_version") || !strcmp(key, "hip_runtime_version") ||
	    !strcmp(key, "hip_driver_version"))
		k->rocm_keys = true;
	if (!strcmp(key, "cupti_version") || !strcmp(key, "cuda_runtime_version") ||
	    !strcmp(key, "cuda_driver_version"))
		k->cuda_keys = true;
	if (t == JT_STR || t == JT_NUM)
		sbuf_add(&val, js->s, js->n);
	else if (t != JT_NULL)
		sbuf_addstr(&val, t == JT_TRUE ? "true" : "false");
	if (t != JT_NULL && val.len < META_MAX && strlen(key) < 256)
		rc = meta(k, key, val.buf);
	sbuf_release(&val);
	return rc;
}

static int
read_top(struct kineto *k)
{
	struct jscan *js = &k->js;
	struct sbuf key = SBUF_INIT;
	int t, rc = 0;

	t = jscan_next(js);
	if (t < 0)
		return t;
	if (t != JT_OBJ)
		return jscan_fail(js, "expected a JSON object with \"traceEvents\", got %s",
				  jscan_tokname(t));
	while (!rc) {
		t = jscan_next(js);
		if (t < 0) {
			rc = t;
			break;
		}
		if (t == JT_OBJ_END)
			break;
		sbuf_reset(&key);
		sbuf_add(&key, js->s, js->n);
		if (!strcmp(key.buf, "traceEvents") && !k->have_events)
			rc = read_events(k);
		else if (!strcmp(key.buf, "deviceProperties"))
			rc = read_device_props(k);
		else if (!strcmp(key.buf, "distributedInfo"))
			rc = read_dist_info(k);
		else if (!strcmp(key.buf, "metadata"))
			rc = read_metadata(k, key.buf);
		else if (!strcmp(key.buf, "baseTimeNanoseconds"))
			rc = read_base_time(k);
		else if (!strcmp(key.buf, "traceEvents"))
			rc = jscan_skip(js, 0);
		else
			rc = read_other(k, key.buf);
	}
	sbuf_release(&key);
	if (rc)
		return rc;
	if ((t = jscan_next(js)) != JT_EOF)
		return t < 0 ? t : jscan_fail(js, "expected the end of the input");
	if (!k->have_events)
		return jscan_fail(js, "expected \"traceEvents\" in the top-level object");
	return 0;
}

/* rank_from_name() - 3 from "rank-3", "rank3_" or "worker3_" in the base name. */
static int
rank_from_name(const char *name)
{
	static const struct {
		const char *pre;
		char post;	/* required byte after the digits, 0 = any */
	} pats[] = { { "rank-", 0 }, { "rank", '_' }, { "worker", '_' } };
	const char *base = name, *p;
	size_t i;

	for (p = name; *p; p++)
		if (*p == '/' || *p == ':')
			base = p + 1;
	for (i = 0; i < ARRAY_SIZE(pats); i++) {
		size_t pl = strlen(pats[i].pre);

		for (p = strstr(base, pats[i].pre); p; p = strstr(p + 1, pats[i].pre)) {
			const char *d = p + pl, *e = d;
			int64_t v;

			while (*e >= '0' && *e <= '9')
				e++;
			if (e == d || e - d > 7 || (pats[i].post && *e != pats[i].post))
				continue;
			if (!parse_i64n(d, (size_t)(e - d), &v))
				return (int)v;
		}
	}
	return -1;
}

static const char *
vendor_of(const struct kineto *k, const struct dprop *p)
{
	if ((p && p->warp == 64) || k->rocm_keys || (p && p->name && !strncmp(p->name, "AMD", 3)))
		return "AMD";
	if ((p && p->name && (!strncmp(p->name, "NVIDIA", 6) || !strncmp(p->name, "Tesla", 5))) ||
	    k->cuda_keys)
		return "NVIDIA";
	if (k->hip_calls)
		return "AMD";
	if (k->cuda_calls)
		return "NVIDIA";
	return NULL;
}

static int
finish(struct kineto *k)
{
	struct rec_source src = {
		.format = "pytorch",
		.clock = CLK_EPOCH,
		.rank = k->rank,
		.world_size = k->world_size,
	};
	size_t i, j;

	if (src.rank < 0)
		src.rank = rank_from_name(input_name(k->in));
	if (k->o && k->o->rank >= 0)
		src.rank = k->o->rank;
	if (k->sink->source(k->sink, &src, k->err))
		return k->err->status;
	for (i = 0; i < k->devs_nr; i++) {
		const struct dprop *p = NULL;
		struct rec_gpu g = { .device = k->devs[i].device, .rank = k->devs[i].rank };

		for (j = 0; j < k->props_nr; j++)
			if (k->props[j].id == g.device)
				p = &k->props[j];
		if (g.rank < 0 || (k->o && k->o->rank >= 0 && k->devs_nr == 1))
			g.rank = src.rank;
		g.vendor = vendor_of(k, p);
		g.product = p ? p->name : NULL;
		if (k->sink->gpu(k->sink, &g, k->err))
			return k->err->status;
	}
	return 0;
}

static int
pytorch_parse(struct input *in, const struct parse_opts *o, struct sink *s, struct err *err)
{
	struct kineto k = {
		.in = in, .o = o, .sink = s, .err = err, .rank = -1, .world_size = -1,
	};
	size_t i;
	int rc;

	jscan_init(&k.js, in, err);
	rc = read_top(&k);
	jscan_release(&k.js);
	input_close(k.resumed);
	if (!rc)
		rc = finish(&k);
	for (i = 0; i < k.props_nr; i++)
		free(k.props[i].name);
	free(k.props);
	free(k.devs);
	sbuf_release(&k.buf);
	sbuf_release(&k.cap);
	return rc;
}

static int
pytorch_probe(const char *head, size_t len, const char *name)
{
	size_t i = 0;

	(void)name;
	while (i < len && (head[i] == ' ' || head[i] == '\n' || head[i] == '\r' || head[i] == '\t'))
		i++;
	if (i >= len || head[i] != '{')
		return 0;
	if (memmem(head, len, "\"traceEvents\"", 13))
		return 90;
	if (memmem(head, len, "\"deviceProperties\"", 18) ||
	    memmem(head, len, "\"schemaVersion\"", 15))
		return 40;
	return 5;
}

const struct parser parser_pytorch = {
	.name = "pytorch",
	.probe = pytorch_probe,
	.parse = pytorch_parse,
};
