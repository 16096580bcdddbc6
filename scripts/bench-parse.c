/* SPDX-License-Identifier: MIT */
/*
 * bench-parse.c: run a parser over files into a sink that only counts, to
 * time the scanner and parser without the store (used by scripts/bench.sh).
 * usage: bench-parse FORMAT FILE...
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "litsi/litsi.h"
#include "litsi/parse.h"

static long n_kernels, n_other;

static int c_src(struct sink *s, const struct rec_source *r, struct err *e) { (void)s; (void)r; (void)e; return 0; }
static int c_gpu(struct sink *s, const struct rec_gpu *r, struct err *e) { (void)s; (void)r; (void)e; return 0; }
static int c_kernel(struct sink *s, const struct rec_kernel *r, struct err *e) { (void)s; (void)r; (void)e; n_kernels++; return 0; }
static int c_launch(struct sink *s, const struct rec_launch *r, struct err *e) { (void)s; (void)r; (void)e; n_other++; return 0; }
static int c_step(struct sink *s, const struct rec_step *r, struct err *e) { (void)s; (void)r; (void)e; n_other++; return 0; }
static int c_ann(struct sink *s, const struct rec_annotation *r, struct err *e) { (void)s; (void)r; (void)e; n_other++; return 0; }
static int c_coll(struct sink *s, const struct rec_collective *r, struct err *e) { (void)s; (void)r; (void)e; n_other++; return 0; }
static int c_tel(struct sink *s, const struct rec_telemetry *r, struct err *e) { (void)s; (void)r; (void)e; n_other++; return 0; }
static int c_agg(struct sink *s, const struct rec_aggregate *r, struct err *e) { (void)s; (void)r; (void)e; n_other++; return 0; }
static int c_meta(struct sink *s, const char *k, const char *v, struct err *e) { (void)s; (void)k; (void)v; (void)e; return 0; }
static int c_base(struct sink *s, int64_t b, struct err *e) { (void)s; (void)b; (void)e; return 0; }

int
main(int argc, char **argv)
{
	struct sink sink = { NULL, c_src, c_gpu, c_kernel, c_launch, c_step, c_ann, c_coll,
			     c_tel, c_agg, c_meta, c_base };
	struct parse_opts o = { .rank = -1, .time_ns = TIME_NONE };
	const struct parser *p;
	int i;

	if (argc < 3 || !(p = parse_find(argv[1]))) {
		fprintf(stderr, "usage: bench-parse FORMAT FILE...\n");
		return 2;
	}
	for (i = 2; i < argc; i++) {
		struct err err = { 0 };
		struct input *in;
		struct timespec t0, t1;
		double secs;

		char hex[65];
		double hsecs, mb;

		/* 1: read + decompress + SHA-256 only (what every parser pays) */
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
		if (input_open(argv[i], &in, &err)) {
			fprintf(stderr, "bench-parse: %s\n", err.msg);
			return 3;
		}
		for (;;) {
			const char *buf;
			size_t len;

			if (input_buffer(in, &buf, &len, &err)) {
				fprintf(stderr, "bench-parse: %s\n", err.msg);
				return 3;
			}
			if (!len)
				break;
			input_consume(in, len);
		}
		if (input_drain_hash(in, hex, &err))
			return 3;
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
		hsecs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
		input_close(in);
		/* 2: the same plus scanner and parser */
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
		if (input_open(argv[i], &in, &err) || p->parse(in, &o, &sink, &err)) {
			fprintf(stderr, "bench-parse: %s\n", err.msg);
			return 3;
		}
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
		secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
		mb = (double)input_offset(in) / 1e6;
		printf("%s: %.1f MB JSON, %ld kernels, %ld other records\n", argv[i], mb, n_kernels,
		       n_other);
		printf("  read+hash only:        %.3f s CPU\n", hsecs);
		printf("  read+hash+parse:       %.3f s CPU  %.1f MB/s  %.0f kernels/s\n", secs,
		       mb / secs, (double)n_kernels / secs);
		printf("  parse alone (diff):    %.3f s CPU  %.1f MB/s\n", secs - hsecs,
		       mb / (secs - hsecs));
		input_close(in);
		n_kernels = n_other = 0;
	}
	return 0;
}
