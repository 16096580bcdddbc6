/* SPDX-License-Identifier: MIT */
/*
 * fuzz.c: libFuzzer harnesses for every parser entry point. One binary per
 * target, chosen at compile time with -DFUZZ_TARGET=N (see FUZZ_* below and
 * the fuzz target in the Makefile). Each feeds the bytes through
 * input_open_mem() and parser->parse() into a sink that only touches what it
 * is given (so ASan sees out-of-bounds strings), except FUZZ_STORE, which
 * goes through the real store, and FUZZ_JSCAN, which also checks the
 * streaming scanner against json-c (FUZZING.md).
 */
#include "litsi/litsi.h"
#include "litsi/merge.h"
#include "litsi/parse.h"
#include "litsi/store.h"
#include "litsi/util.h"
#include "parse/jscan.h"

#include <fcntl.h>
#include <json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define FUZZ_KINETO 1		/* pytorch (Kineto JSON) */
#define FUZZ_JSCAN 2		/* the JSON scanner alone, and differential vs json-c */
#define FUZZ_ROCPROF 3		/* legacy rocprof: results.csv, results.json, *.stats.csv */
#define FUZZ_ROCPROFV3 4	/* rocprofv3 CSV */
#define FUZZ_ROCPROFV3_JSON 5	/* rocprofv3 JSON */
#define FUZZ_AMDSMI 6		/* amd-smi CSV */
#define FUZZ_ROCMSMI 7		/* rocm-smi CSV */
#define FUZZ_NVSMI 8		/* nvidia-smi CSV and zeus CSV */
#define FUZZ_TELEM_JSON 9	/* amd-smi JSON and rocm-smi JSON */
#define FUZZ_GZIP 10		/* the input layer: gzip, lines, reads, hash */
#define FUZZ_TAR 11		/* the tar walker, each member detected and parsed */
#define FUZZ_STORE 12		/* detect + parse into the real store (temp DB) */
#define FUZZ_TEXTESC 13		/* the terminal, JSON and XML escapers on any bytes */
#define FUZZ_ROCPD 14		/* rocpd: the bytes as a SQLite file, read immutable, budgeted */
#define FUZZ_PROM 15		/* Prometheus text exposition and HTTP API JSON */
#define FUZZ_NSYS 16		/* Nsight Systems SQLite export, from a temporary file */
#define FUZZ_DMON 17		/* dcgmi dmon text */
#define FUZZ_MERGE 18		/* litsi merge of the bytes as a (forged) litsi database */

#ifndef FUZZ_TARGET
#error "define FUZZ_TARGET"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- the discarding sink: reads every byte it is handed ---- */

static volatile unsigned long sink_sum;

static void
touch(const char *s)
{
	if (s)
		sink_sum += strlen(s);
}

static void
touch_n(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		sink_sum += (unsigned char)s[i];
}

static int
d_source(struct sink *s, const struct rec_source *r, struct err *e)
{
	touch(r->format);
	touch(r->hostname);
	return 0;
}

static int
d_gpu(struct sink *s, const struct rec_gpu *r, struct err *e)
{
	touch(r->vendor);
	touch(r->product);
	return 0;
}

static int
d_kernel(struct sink *s, const struct rec_kernel *r, struct err *e)
{
	touch_n(r->name, r->name_len);
	sink_sum += (unsigned long)(r->start_ns ^ r->end_ns);
	return 0;
}

static int
d_launch(struct sink *s, const struct rec_launch *r, struct err *e)
{
	sink_sum += (unsigned long)r->ts_ns;
	return 0;
}

static int
d_step(struct sink *s, const struct rec_step *r, struct err *e)
{
	sink_sum += (unsigned long)r->step;
	return 0;
}

static int
d_annotation(struct sink *s, const struct rec_annotation *r, struct err *e)
{
	touch(r->kind);
	touch(r->name);
	return 0;
}

static int
d_collective(struct sink *s, const struct rec_collective *r, struct err *e)
{
	touch(r->coll_name);
	touch(r->dtype);
	touch(r->in_split);
	touch(r->out_split);
	touch(r->pg_name);
	touch(r->pg_desc);
	touch(r->pg_ranks);
	return 0;
}

static int
d_telemetry(struct sink *s, const struct rec_telemetry *r, struct err *e)
{
	touch(r->metric);
	touch(r->unit);
	sink_sum += (unsigned long)r->t_ns;
	return 0;
}

static int
d_aggregate(struct sink *s, const struct rec_aggregate *r, struct err *e)
{
	touch(r->kind);
	touch(r->name);
	return 0;
}

static int
d_meta(struct sink *s, const char *k, const char *v, struct err *e)
{
	touch(k);
	touch(v);
	return 0;
}

static int
d_time_base(struct sink *s, int64_t base, struct err *e)
{
	sink_sum += (unsigned long)base;
	return 0;
}

static int
d_node(struct sink *s, const char *name, struct err *e)
{
	touch(name);
	return 0;
}

static struct sink discard = {
	.source = d_source, .gpu = d_gpu, .kernel = d_kernel, .launch = d_launch,
	.step = d_step, .annotation = d_annotation, .collective = d_collective,
	.telemetry = d_telemetry, .aggregate = d_aggregate, .meta = d_meta,
	.time_base = d_time_base, .node = d_node,
};

static const struct parse_opts popts = {
	.rank = -1, .time_ns = INT64_C(1700000000000000000), .tz = "UTC", .device = -1,
};

/* Run parser @name over the bytes; every failure must be a clean status. */
static __attribute__((unused)) void
run_parser(const char *name, const uint8_t *data, size_t size)
{
	const struct parser *p = parse_find(name);
	struct input *in;
	struct err err = { 0 };
	int rc;

	if (!p)
		abort();
	if (input_open_mem(data, size, "fuzz", &in, &err))
		return;
	rc = p->parse(in, &popts, &discard, &err);
	if (rc > 0 || (rc < 0 && (!err.msg[0] || err.status != rc)))
		abort();	/* a failure without a message, or a bogus status */
	input_close(in);
}

#if FUZZ_TARGET == FUZZ_JSCAN
#include "jdiff.h"

/* ---- jscan alone, then against json-c (strict) ---- */

/* Differential: disagreements abort (FUZZ_DEBUG=1 prints why). */
static void
differential(const uint8_t *data, size_t size)
{
	char why[512];

	/* json-c stops at a NUL byte; such inputs are checked only for scanner safety. */
	if (memchr(data, '\0', size) || size > (1u << 20))
		return;
	if (jdiff((const char *)data, size, why, sizeof(why))) {
		fprintf(stderr, "jdiff: %s\n", why);
		abort();
	}
	if (getenv("FUZZ_DEBUG"))
		fprintf(stderr, "jdiff: agree\n");
}

/* Walk with a mix of next/skip/capture/peek driven by the first byte. */
static void
walk(const uint8_t *data, size_t size)
{
	struct input *in;
	struct err err = { 0 };
	struct jscan js;
	struct sbuf cap = SBUF_INIT;
	unsigned mode = size ? data[0] : 0;
	int t, i = 0;

	if (input_open_mem(data + (size > 0), size - (size > 0), "fuzz", &in, &err))
		return;
	jscan_init(&js, in, &err);
	for (;;) {
		unsigned op = (mode >> ((i++ % 4) * 2)) & 3;

		if (op == 1 && (t = jscan_peek(&js)) != ']' && t != '}' && t >= 0)
			t = jscan_skip(&js, 0);
		else if (op == 2 && (t = jscan_peek(&js)) != ']' && t != '}' && t >= 0)
			t = jscan_capture(&js, &cap, 4096);
		else
			t = jscan_next(&js);
		if (t < 0) {
			if (!err.msg[0])
				abort();
			break;
		}
		if (t == JT_EOF && op == 0)
			break;
		if (i > 1000000)
			break;
		if (op == 3 && (t == JT_OBJ || t == JT_ARR)) {
			if (jscan_skip(&js, 1) < 0)
				break;
		}
		if (t == JT_KEY || t == JT_STR || t == JT_NUM)
			touch_n(js.s, js.n);
	}
	sbuf_release(&cap);
	jscan_release(&js);
	input_close(in);
}
#endif

#if FUZZ_TARGET == FUZZ_GZIP
/* The input layer: the first byte picks the access pattern. */
static void
gzip_layer(const uint8_t *data, size_t size)
{
	struct input *in;
	struct err err = { 0 };
	struct sbuf line = SBUF_INIT;
	unsigned mode = size ? data[0] % 4 : 0;
	char hex[65], tmp[4099];
	const char *p;
	size_t got;
	long r;
	int rc;

	if (input_open_mem(data + (size > 0), size - (size > 0), "fuzz.gz", &in, &err))
		return;
	if (!input_peek(in, 65536, &got, &err))
		goto out;
	switch (mode) {
	case 0:
		while ((rc = input_getline(in, &line, &err)) == 1)
			touch_n(line.buf, line.len);
		break;
	case 1:
		while ((r = input_read(in, tmp, sizeof(tmp), &err)) > 0)
			touch_n(tmp, (size_t)r);
		break;
	case 2:
		while (input_buffer(in, &p, &got, &err) == 0 && got) {
			touch_n(p, got);
			input_consume(in, got > 7 ? got / 2 : got);
		}
		break;
	default:
		break;
	}
	input_drain_hash(in, hex, &err);
out:
	sbuf_release(&line);
	input_close(in);
}
#endif

#if FUZZ_TARGET == FUZZ_TAR
/* The tar walker reads a path: give it a memfd. */
static void
tar_walk(const uint8_t *data, size_t size)
{
	struct tar *t;
	struct input *m;
	struct err err = { 0 };
	char path[64];
	int fd = memfd_create("fuzz.tar", 0), rc;

	if (fd < 0 || write(fd, data, size) != (ssize_t)size)
		abort();
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	if (tar_open(path, &t, &err) == 0) {
		while ((rc = tar_next(t, &m, &err)) == 1) {
			const char *head;
			const struct parser *p;
			size_t got;

			head = input_peek(m, 65536, &got, &err);
			if (!head)
				break;
			p = parse_detect(head, got, "member");
			if (p && strcmp(p->name, "rocpd") && p->parse(m, &popts, &discard, &err) < 0 &&
			    !err.msg[0])
				abort();
			err.msg[0] = '\0';
		}
		tar_close(t);
	}
	close(fd);
}
#endif

#if FUZZ_TARGET == FUZZ_STORE
/* Detect and parse into the real store (one transaction), committing. */
static struct store *st;
static char db_path[64];
static unsigned long nr_runs;

static void
store_run(const uint8_t *data, size_t size)
{
	struct ingest_opts io = { .rank = -1 };
	struct store_ingest *ig;
	struct ingest_summary sum;
	struct input *in;
	struct err err = { 0 };
	struct sink sk;
	const struct parser *p;
	const char *head;
	char hex[65];
	size_t got;

	if (!st || ++nr_runs % 2000 == 0) {
		store_close(st);
		snprintf(db_path, sizeof(db_path), "/tmp/litsi-fuzz-%d.db", (int)getpid());
		unlink(db_path);
		if (store_open(db_path, STORE_RDWR, &st, &err))
			abort();
	}
	if (input_open_mem(data, size, "fuzz", &in, &err))
		return;
	head = input_peek(in, 65536, &got, &err);
	p = head ? parse_detect(head, got, "fuzz") : NULL;
	if (!p || !strcmp(p->name, "rocpd"))
		goto out;
	if (store_ingest_begin(st, "fuzz", &io, &ig, &sk, &err))
		abort();
	if (p->parse(in, &popts, &sk, &err) || input_drain_hash(in, hex, &err)) {
		if (!err.msg[0])
			abort();
		store_ingest_abort(ig);
		goto out;
	}
	if (store_ingest_finish(ig, hex, input_raw_offset(in), &sum, &err) &&
	    (!err.msg[0] || err.status == LITSI_EDB))
		abort();	/* a database error on valid-looking data is a bug */
out:
	input_close(in);
}
#endif

#if FUZZ_TARGET == FUZZ_TEXTESC
/* Whether @s is valid UTF-8 holding no control character (C0, DEL, C1). */
static bool
clean_utf8(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		uint32_t c;
		size_t k = utf8_decode(s + i, n - i, &c);

		if (!k || c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0) ||
		    ((unsigned char)s[i] == 0xC0))
			return false;
		i += k;
	}
	return true;
}

/* Escaped text is clean UTF-8; escaped JSON parses as one string with json-c. */
static void
escapes(const uint8_t *data, size_t size)
{
	struct sbuf v = SBUF_INIT, j = SBUF_INIT, x = SBUF_INIT;
	json_object *o;

	sbuf_add_visible(&v, (const char *)data, size);
	sbuf_addch(&j, '"');
	sbuf_add_json(&j, (const char *)data, size);
	sbuf_addch(&j, '"');
	sbuf_add_xml(&x, (const char *)data, size);
	if (!clean_utf8(v.buf, v.len) || !clean_utf8(j.buf, j.len) || !clean_utf8(x.buf, x.len) ||
	    memchr(x.buf, '<', x.len) || memchr(x.buf, '>', x.len))
		abort();
	o = json_tokener_parse(j.buf);
	if (!o || !json_object_is_type(o, json_type_string))
		abort();
	json_object_put(o);
	sbuf_release(&v);
	sbuf_release(&j);
	sbuf_release(&x);
}
#endif

#if FUZZ_TARGET == FUZZ_ROCPD
/* The bytes as a rocpd file: any failure is a clean status, nothing beside the file. */
static void
rocpd_file(const uint8_t *data, size_t size)
{
	static char dir[64];
	const struct parser *p = parse_find("rocpd");
	struct parse_opts o = popts;
	struct input *in;
	struct err err = { 0 };
	char path[96], extra[112];
	FILE *f;
	int rc;

	if (!dir[0]) {
		snprintf(dir, sizeof(dir), "/tmp/litsi-fuzz-rocpd.XXXXXX");
		if (!mkdtemp(dir))
			abort();
	}
	snprintf(path, sizeof(path), "%s/r.db", dir);
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f))
		abort();
	o.db_max_rows = 10000;
	o.db_max_ms = 2000;
	if (input_open(path, &in, &err))
		abort();
	rc = p->parse(in, &o, &discard, &err);
	if (rc > 0 || (rc < 0 && (!err.msg[0] || err.status != rc)))
		abort();
	input_close(in);
	snprintf(extra, sizeof(extra), "%s-wal", path);
	if (access(extra, F_OK) == 0)
		abort();	/* an input database gets nothing beside it */
	snprintf(extra, sizeof(extra), "%s-journal", path);
	if (access(extra, F_OK) == 0)
		abort();
}
#endif

#if FUZZ_TARGET == FUZZ_NSYS
/* The bytes as a file (the reader opens a path, immutable), then the nsys parser. */
static void
nsys_file(const uint8_t *data, size_t size)
{
	char path[64];
	struct input *in;
	struct err err = { 0 };
	int fd, rc;

	snprintf(path, sizeof(path), "/tmp/litsi-fuzz-nsys-%d.sqlite", (int)getpid());
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || write(fd, data, size) != (ssize_t)size)
		abort();
	close(fd);
	if (input_open(path, &in, &err))
		abort();
	rc = parse_find("nsys-sqlite")->parse(in, &popts, &discard, &err);
	if (rc > 0 || (rc < 0 && (!err.msg[0] || err.status != rc)))
		abort();
	input_close(in);
	unlink(path);
}
#endif

#if FUZZ_TARGET == FUZZ_MERGE
/*
 * The bytes as a litsi database merged into a new output: any failure is a
 * clean status, the output appears only when the merge succeeded, and
 * nothing is ever made beside the input (read-only and immutable).
 */
static void
merge_file(const uint8_t *data, size_t size)
{
	static char dir[64];
	struct merge_stats st;
	struct err err = { 0 };
	char in[96], out[96], extra[112];
	const char *inputs[1] = { in };
	static const char *const side[] = { "-wal", "-shm", "-journal" };
	FILE *f;
	size_t i;
	int rc;

	if (!dir[0]) {
		snprintf(dir, sizeof(dir), "/tmp/litsi-fuzz-merge.XXXXXX");
		if (!mkdtemp(dir))
			abort();
	}
	snprintf(in, sizeof(in), "%s/in.db", dir);
	snprintf(out, sizeof(out), "%s/out.db", dir);
	unlink(out);
	f = fopen(in, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f))
		abort();
	rc = merge_databases(out, inputs, 1, NULL, &st, &err);
	if (rc > 0 || (rc < 0 && (!err.msg[0] || err.status != rc)))
		abort();
	if (rc < 0 && access(out, F_OK) == 0)
		abort();	/* a refused merge leaves no output */
	for (i = 0; i < ARRAY_SIZE(side); i++) {
		snprintf(extra, sizeof(extra), "%s%s", in, side[i]);
		if (access(extra, F_OK) == 0)
			abort();
	}
	unlink(out);
}
#endif

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
#if FUZZ_TARGET == FUZZ_KINETO
	run_parser("pytorch", data, size);
#elif FUZZ_TARGET == FUZZ_JSCAN
	walk(data, size);
	differential(data, size);
#elif FUZZ_TARGET == FUZZ_ROCPROF
	run_parser("rocprof-csv", data, size);
	run_parser("rocprof-stats", data, size);
	run_parser("rocprof-json", data, size);
#elif FUZZ_TARGET == FUZZ_ROCPROFV3
	run_parser("rocprofv3-csv", data, size);
#elif FUZZ_TARGET == FUZZ_ROCPROFV3_JSON
	run_parser("rocprofv3-json", data, size);
#elif FUZZ_TARGET == FUZZ_AMDSMI
	run_parser("amd-smi-csv", data, size);
#elif FUZZ_TARGET == FUZZ_ROCMSMI
	run_parser("rocm-smi-csv", data, size);
#elif FUZZ_TARGET == FUZZ_NVSMI
	run_parser("nvidia-smi-csv", data, size);
	run_parser("zeus-csv", data, size);
#elif FUZZ_TARGET == FUZZ_TELEM_JSON
	run_parser("amd-smi-json", data, size);
	run_parser("rocm-smi-json", data, size);
#elif FUZZ_TARGET == FUZZ_PROM
	run_parser("prometheus-text", data, size);
	run_parser("prometheus-json", data, size);
#elif FUZZ_TARGET == FUZZ_NSYS
	nsys_file(data, size);
#elif FUZZ_TARGET == FUZZ_DMON
	run_parser("dcgmi-dmon", data, size);
#elif FUZZ_TARGET == FUZZ_GZIP
	gzip_layer(data, size);
#elif FUZZ_TARGET == FUZZ_TAR
	tar_walk(data, size);
#elif FUZZ_TARGET == FUZZ_STORE
	store_run(data, size);
#elif FUZZ_TARGET == FUZZ_TEXTESC
	escapes(data, size);
#elif FUZZ_TARGET == FUZZ_ROCPD
	rocpd_file(data, size);
#elif FUZZ_TARGET == FUZZ_MERGE
	merge_file(data, size);
#endif
	return 0;
}
