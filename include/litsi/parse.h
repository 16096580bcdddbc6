/* SPDX-License-Identifier: MIT */
/*
 * parse.h: the input layer. An input is a byte stream (plain or gzip) with
 * offset tracking; parsers turn it into trace.h records pushed into a sink.
 * Parsers know nothing of SQL.
 */
#ifndef LITSI_PARSE_H
#define LITSI_PARSE_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "litsi/err.h"
#include "litsi/trace.h"
#include "litsi/util.h"

/* ---- input streams ---- */
struct input;

/*
 * input_open() - open @path for reading; gzip is detected from the magic bytes
 * and decompressed transparently. @display names the input in messages.
 * The raw (on-disk) bytes are hashed with SHA-256 as they are read.
 */
int input_open(const char *path, struct input **out, struct err *err);
/* input_open_mem() - an input over a memory buffer (tests, tar members). */
int input_open_mem(const void *buf, size_t len, const char *display, struct input **out,
		   struct err *err);
/*
 * input_open_span() - an input over @len bytes at @buf (borrowed, not
 * copied, no gzip), whose first byte is at offset @at of the stream named
 * @display; when @parent is given, its bytes follow the span's (consumed
 * from it directly). Closing it never closes @parent; it frees @buf when
 * @own is set (a malloc'd buffer handed over).
 */
int input_open_span(const char *buf, size_t len, uint64_t at, const char *display,
		    struct input *parent, int own, struct input **out);
void input_close(struct input *in);

/* input_read() - up to @n bytes; returns bytes read, 0 at end, <0 on error (err set). */
long input_read(struct input *in, void *buf, size_t n, struct err *err);
/*
 * input_buffer() - borrow the buffered decompressed bytes, refilling when
 * empty; *len is 0 at the end. Fast path for scanners: consume what was used
 * with input_consume(). Return: 0 or a negative status.
 */
int input_buffer(struct input *in, const char **p, size_t *len, struct err *err);
void input_consume(struct input *in, size_t n);
/* input_peek() - borrow the first up-to-@n decompressed bytes without consuming them. */
const char *input_peek(struct input *in, size_t n, size_t *got, struct err *err);
/* input_getline() - next line without the newline (CR stripped); 1 = got line, 0 = EOF. */
int input_getline(struct input *in, struct sbuf *line, struct err *err);
/* Decompressed bytes consumed so far, and 1-based line number of the last line. */
uint64_t input_offset(const struct input *in);
uint64_t input_lineno(const struct input *in);
/* input_name() - the display name ("dir/x.json.gz" or "bundle.tar.gz:rank0.json"). */
const char *input_name(const struct input *in);
/* input_path() - the file system path, or NULL for memory inputs. */
const char *input_path(const struct input *in);
/* input_raw_total() - on-disk size if known (for progress), else 0. */
uint64_t input_raw_total(const struct input *in);
uint64_t input_raw_offset(const struct input *in);
/* input_sha256_hex() - hash of all raw bytes; valid after the stream reached EOF. */
int input_drain_hash(struct input *in, char hex[65], struct err *err);
/* input_set_progress() - called with (raw offset, raw total) every few MB. */
void input_set_progress(struct input *in, void (*fn)(void *, uint64_t, uint64_t), void *arg);

/*
 * ---- tar archives (.tar / .tar.gz bundles holding one trace per rank) ----
 * tar_next() yields each regular member as an input that streams the member's
 * bytes; it stays valid until the next tar_next() or tar_close().
 */
struct tar;
int tar_open(const char *path, struct tar **out, struct err *err);
/* Return: 1 with *member set, 0 at the end, <0 on error. */
int tar_next(struct tar *t, struct input **member, struct err *err);
void tar_close(struct tar *t);
/* input_is_tar() - whether the first decompressed bytes look like a ustar header. */
int input_is_tar(const char *head, size_t len);

/* ---- sink: where parsers push records ---- */
/*
 * Each callback takes one record, borrowed for the call (trace.h), and
 * returns 0 or a negative status with @err set; the parser then stops.
 */
struct sink {
	void *ctx;		/* the receiver's own state; parsers never touch it */
	/* the file as a whole (format, clock, host, rank); may come several times */
	int (*source)(struct sink *s, const struct rec_source *r, struct err *err);
	/* a GPU as the file describes it */
	int (*gpu)(struct sink *s, const struct rec_gpu *r, struct err *err);
	/* one GPU execution interval */
	int (*kernel)(struct sink *s, const struct rec_kernel *r, struct err *err);
	/* the CPU call that launched a kernel */
	int (*launch)(struct sink *s, const struct rec_launch *r, struct err *err);
	/* a profiler step (a training iteration) */
	int (*step)(struct sink *s, const struct rec_step *r, struct err *err);
	/* a user annotation (a named CPU range) */
	int (*annotation)(struct sink *s, const struct rec_annotation *r, struct err *err);
	/* the args of a collective (record_param_comms) */
	int (*collective)(struct sink *s, const struct rec_collective *r, struct err *err);
	/* one telemetry reading of one GPU */
	int (*telemetry)(struct sink *s, const struct rec_telemetry *r, struct err *err);
	/* an aggregate row of a stats file (never stored as kernels) */
	int (*aggregate)(struct sink *s, const struct rec_aggregate *r, struct err *err);
	/* A key/value fact about the source (metadata), kept in source_meta. */
	int (*meta)(struct sink *s, const char *key, const char *value, struct err *err);
	/*
	 * time_base() - parser learned (late) that every time it already sent must
	 * be shifted by @base_ns (Kineto baseTimeNanoseconds after traceEvents).
	 */
	int (*time_base)(struct sink *s, int64_t base_ns, struct err *err);
	/*
	 * node() - the GPUs and readings that follow belong to host @name (a
	 * Prometheus host label): stored under a node of that name unless the
	 * user gave --node (then a second host is an error).
	 */
	int (*node)(struct sink *s, const char *name, struct err *err);
	/* A GPU's power limit (static telemetry); NULL in sinks that drop them. */
	int (*limit)(struct sink *s, const struct rec_limit *r, struct err *err);
};

/* Options a user passes to ingest that parsers need. */
struct parse_opts {
	int rank;		/* --rank, -1 if not given */
	int64_t time_ns;	/* --time for telemetry without timestamps; TIME_NONE if not given */
	const char *tz;		/* --tz for nvidia-smi local times; NULL = machine zone */
	const char *comm_pattern;	/* NULL = nccl|rccl substring rule */
	const volatile sig_atomic_t *stop;	/* set by SIGINT/SIGTERM; NULL = never */
	int64_t db_max_rows;	/* input databases: rows per view; 0 = documented default */
	int64_t db_max_ms;	/* input databases: ms without a row; 0 = documented default */
	int device;		/* --device for telemetry naming no GPU; -1 if not given */
	int64_t interval_ns;	/* --interval between ticks of logs without times; 0 = 1 s */
	/*
	 * threads: how many threads parse the events of one trace (its
	 * traceEvents array split at event boundaries); 0 or 1: the caller's
	 * thread alone. parse_threads_default() is the machine's cores, capped.
	 */
	int threads;
};

/*
 * parse_time_arg() - a time as the user gives one: epoch time with a unit
 * ("1700000000s", "1700000000123ms", "...us", "...ns"; a bare number is ns) or
 * ISO 8601 ("2026-11-30T18:42:33.5Z", "+01:00", "+0100" or "+01" offsets;
 * without one, local time in @tz, NULL meaning the machine's zone; also the
 * basic format "20261130T184233Z", reduced precision "2026-11-30T18:42" and
 * "2026-11-30", and a decimal comma) → epoch ns. Return: 0 or -1.
 */
int parse_time_arg(const char *s, const char *tz, int64_t *out_ns);

/* Most threads a trace is parsed on by default (litsi-ingest(1)). */
enum { PARSE_THREADS_CAP = 8 };
/* parse_threads_default() - the processors this process may run on, 1..PARSE_THREADS_CAP. */
int parse_threads_default(void);

/* ---- parser registry ---- */
struct parser {
	const char *name;	/* --format value, e.g. "pytorch" */
	/*
	 * probe() - confidence 0..100 that @head (the first decompressed bytes,
	 * @len of them) is this format. @name is the file's base name (a tie
	 * breaker only; formats are detected from content).
	 */
	int (*probe)(const char *head, size_t len, const char *name);
	/*
	 * parse() - stream @in into @s; 0, or a negative status with @err
	 * naming the file and the line or byte offset.
	 */
	int (*parse)(struct input *in, const struct parse_opts *o, struct sink *s,
		     struct err *err);
};

/* parse_detect() - the best parser for @head, or NULL when none scores above 0. */
const struct parser *parse_detect(const char *head, size_t len, const char *name);
const struct parser *parse_find(const char *name);
/*
 * parse_best() - like parse_detect() and also the winning confidence in
 * *score. Scores below PROBE_SURE mean "could be, if it is anything":
 * directory walks skip such files instead of failing on them.
 */
const struct parser *parse_best(const char *head, size_t len, const char *name, int *score);
enum { PROBE_SURE = 20 };
/* parse_names() - "pytorch, rocprofv3-csv, ..." for messages; static storage. */
const char *parse_names(void);
/*
 * parse_hint() - for the output of a known tool in a form litsi does not read
 * (rocm-smi's or nvidia-smi's text table), the way to record it that litsi
 * reads, e.g. "rocm-smi text output: record it with rocm-smi --csv or --json";
 * NULL otherwise. Static storage.
 */
const char *parse_hint(const char *head, size_t len);

#endif
