/* SPDX-License-Identifier: MIT */
/*
 * jsplit.c: one JSON array parsed on several threads (see jsplit.h).
 *
 * The calling thread reads the array's bytes from the input, copies them
 * into pieces of about PIECE_BYTES and cuts each piece just after an
 * element ends (jscan_cut(): strings told from brackets 64 bytes at a time,
 * no parsing). Workers parse the pieces with the ordinary scanner, started in
 * the state a one-thread parse is in at that byte, so they meet the same
 * tokens and errors at the same offsets; their sink calls go into a record
 * log per piece. The calling thread replays the logs into the real sink in
 * file order, so the sink (the store) sees the calls, ids and errors of a
 * one-thread parse; a sink error names the offset a one-thread parse would
 * have reached (just past the element whose record failed).
 *
 * Memory: at most PIECES_PER_THREAD pieces per thread are in flight, each
 * its text (PIECE_BYTES plus at most one input block) and its records. An
 * element longer than PIECE_MAX, an input error or an early end stops the
 * splitting: what is left is parsed on the calling thread, as by one thread.
 */
#include "jsplit.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "litsi/litsi.h"

enum {
	PIECE_BYTES = 1 << 20,
	PIECE_MAX = 16 << 20,
	PIECES_PER_THREAD = 4,
};

int
parse_threads_default(void)
{
	cpu_set_t set;
	int n = 1;

	if (!sched_getaffinity(0, sizeof(set), &set))
		n = CPU_COUNT(&set);
	return n < 1 ? 1 : n > PARSE_THREADS_CAP ? PARSE_THREADS_CAP : n;
}

/* ---- the record log: a sink that keeps the calls for later ---- */

enum rtype { R_KERNEL = 1, R_LAUNCH, R_STEP, R_ANNOT, R_COLL };

struct rec_sink {
	struct sink sink;
	struct sbuf *log;
	const struct jscan *js;
};

static void
log_head(struct sink *s, int type, const void *rec, size_t size)
{
	struct rec_sink *r = s->ctx;
	uint64_t at = r->js ? jscan_offset(r->js) : 0;
	unsigned char t = (unsigned char)type;

	sbuf_add(r->log, &t, 1);
	sbuf_add(r->log, &at, sizeof(at));
	sbuf_add(r->log, rec, size);
}

static void
log_str(struct sink *s, const char *str, size_t n)
{
	struct rec_sink *r = s->ctx;
	uint32_t len = str ? (uint32_t)n : UINT32_MAX;

	sbuf_add(r->log, &len, sizeof(len));
	if (str) {
		sbuf_add(r->log, str, n);
		sbuf_addch(r->log, 0);
	}
}

static void
log_cstr(struct sink *s, const char *str)
{
	log_str(s, str, str ? strlen(str) : 0);
}

static int
rec_kernel(struct sink *s, const struct rec_kernel *r, struct err *err)
{
	log_head(s, R_KERNEL, r, sizeof(*r));
	log_str(s, r->name ? r->name : "", r->name ? r->name_len : 0);
	return 0;
}

static int
rec_launch(struct sink *s, const struct rec_launch *r, struct err *err)
{
	log_head(s, R_LAUNCH, r, sizeof(*r));
	return 0;
}

static int
rec_step(struct sink *s, const struct rec_step *r, struct err *err)
{
	log_head(s, R_STEP, r, sizeof(*r));
	return 0;
}

static int
rec_annotation(struct sink *s, const struct rec_annotation *r, struct err *err)
{
	log_head(s, R_ANNOT, r, sizeof(*r));
	log_cstr(s, r->kind);
	log_cstr(s, r->name);
	return 0;
}

static int
rec_collective(struct sink *s, const struct rec_collective *r, struct err *err)
{
	log_head(s, R_COLL, r, sizeof(*r));
	log_cstr(s, r->coll_name);
	log_cstr(s, r->dtype);
	log_cstr(s, r->in_split);
	log_cstr(s, r->out_split);
	log_cstr(s, r->pg_name);
	log_cstr(s, r->pg_desc);
	log_cstr(s, r->pg_ranks);
	return 0;
}

void
jsplit_rec_offsets(struct sink *rec, const struct jscan *js)
{
	((struct rec_sink *)rec->ctx)->js = js;
}

static const char *
rd_str(const char **cur, size_t *n)
{
	uint32_t len;
	const char *s;

	memcpy(&len, *cur, sizeof(len));
	*cur += sizeof(len);
	if (len == UINT32_MAX)
		return NULL;
	s = *cur;
	*cur += (size_t)len + 1;
	if (n)
		*n = len;
	return s;
}

/* ---- pieces and workers ---- */

struct piece {
	char *buf;
	size_t len, cap;
	uint64_t at;		/* stream offset of buf[0] */
	int first;		/* starts just after the '[' */
	struct sbuf log;
	void *user;
	int status;
	struct err err;
	bool done;
};

struct split {
	struct input *in;
	const char *name;
	const struct parse_opts *o;
	const struct jsplit_ops *ops;
	struct piece *pc;
	size_t npc;
	size_t head;		/* the next piece to replay */
	size_t next;		/* the next piece a worker parses */
	size_t tail;		/* pieces handed to the workers: [head, tail) */
	bool quit;
	pthread_mutex_t mu;
	pthread_cond_t work_cv, done_cv;
};

static bool
stopped(const struct parse_opts *o)
{
	return o && o->stop && *o->stop;
}

static void
run_piece(struct split *sp, struct piece *pc)
{
	struct rec_sink r = { .log = &pc->log };
	struct input *in;

	r.sink.ctx = &r;
	r.sink.kernel = rec_kernel;
	r.sink.launch = rec_launch;
	r.sink.step = rec_step;
	r.sink.annotation = rec_annotation;
	r.sink.collective = rec_collective;
	sbuf_reset(&pc->log);
	memset(pc->user, 0, sp->ops->user_size);
	if (stopped(sp->o)) {
		pc->status = err_set(&pc->err, LITSI_EINTR, "interrupted");
		return;
	}
	input_open_span(pc->buf, pc->len, pc->at, sp->name, NULL, 0, &in);
	pc->status = sp->ops->parse(sp->ops->arg, in, pc->first, &r.sink, pc->user, &pc->err);
	input_close(in);
}

static void *
worker(void *arg)
{
	struct split *sp = arg;

	pthread_mutex_lock(&sp->mu);
	for (;;) {
		struct piece *pc;

		while (!sp->quit && sp->next == sp->tail)
			pthread_cond_wait(&sp->work_cv, &sp->mu);
		if (sp->quit)
			break;
		pc = &sp->pc[sp->next++ % sp->npc];
		pthread_mutex_unlock(&sp->mu);
		run_piece(sp, pc);
		pthread_mutex_lock(&sp->mu);
		pc->done = true;
		pthread_cond_broadcast(&sp->done_cv);
	}
	pthread_mutex_unlock(&sp->mu);
	return NULL;
}

static void
dispatch(struct split *sp)
{
	pthread_mutex_lock(&sp->mu);
	sp->pc[sp->tail % sp->npc].done = false;
	sp->tail++;
	pthread_cond_signal(&sp->work_cv);
	pthread_mutex_unlock(&sp->mu);
}

static int
replay_one(struct split *sp, struct piece *pc, struct sink *s, struct err *err)
{
	const char *cur = pc->log.buf, *end = cur + pc->log.len;

	while (cur < end) {
		unsigned char t = (unsigned char)*cur++;
		uint64_t at;
		int rc = 0;

		memcpy(&at, cur, sizeof(at));
		cur += sizeof(at);
		switch (t) {
		case R_KERNEL: {
			struct rec_kernel r;

			memcpy(&r, cur, sizeof(r));
			cur += sizeof(r);
			r.name = rd_str(&cur, &r.name_len);
			rc = s->kernel(s, &r, err);
			break;
		}
		case R_LAUNCH: {
			struct rec_launch r;

			memcpy(&r, cur, sizeof(r));
			cur += sizeof(r);
			rc = s->launch(s, &r, err);
			break;
		}
		case R_STEP: {
			struct rec_step r;

			memcpy(&r, cur, sizeof(r));
			cur += sizeof(r);
			rc = s->step(s, &r, err);
			break;
		}
		case R_ANNOT: {
			struct rec_annotation r;

			memcpy(&r, cur, sizeof(r));
			cur += sizeof(r);
			r.kind = rd_str(&cur, NULL);
			r.name = rd_str(&cur, NULL);
			rc = s->annotation(s, &r, err);
			break;
		}
		default: {
			struct rec_collective r;

			memcpy(&r, cur, sizeof(r));
			cur += sizeof(r);
			r.coll_name = rd_str(&cur, NULL);
			r.dtype = rd_str(&cur, NULL);
			r.in_split = rd_str(&cur, NULL);
			r.out_split = rd_str(&cur, NULL);
			r.pg_name = rd_str(&cur, NULL);
			r.pg_desc = rd_str(&cur, NULL);
			r.pg_ranks = rd_str(&cur, NULL);
			rc = s->collective(s, &r, err);
			break;
		}
		}
		if (rc) {
			/* Named as a one-thread parse names a store's error (litsi ingest). */
			if (err->status != LITSI_EINTR &&
			    strncmp(err->msg, sp->name, strlen(sp->name)))
				err_prefix(err, "%s: byte %llu", sp->name, (unsigned long long)at);
			return rc;
		}
	}
	if (pc->status) {
		*err = pc->err;
		return pc->status;
	}
	sp->ops->merge(sp->ops->arg, pc->user);
	return 0;
}

/* replay() - the finished pieces at the head into @s; with @wait, the head piece at least. */
static int
replay(struct split *sp, struct sink *s, bool wait, bool all, struct err *err)
{
	for (;;) {
		struct piece *pc;
		int rc;

		pthread_mutex_lock(&sp->mu);
		if (sp->head == sp->tail) {
			pthread_mutex_unlock(&sp->mu);
			return 0;
		}
		pc = &sp->pc[sp->head % sp->npc];
		while (!pc->done && (wait || all))
			pthread_cond_wait(&sp->done_cv, &sp->mu);
		pthread_mutex_unlock(&sp->mu);
		if (!pc->done)
			return 0;
		rc = replay_one(sp, pc, s, err);
		sp->ops->user_free(pc->user);
		memset(pc->user, 0, sp->ops->user_size);
		sbuf_reset(&pc->log);
		sp->head++;
		if (rc)
			return rc;
		if (stopped(sp->o))
			return err_set(err, LITSI_EINTR, "interrupted");
		wait = false;
	}
}

/* next_piece() - a free piece to fill (replaying the oldest when all are in flight). */
static int
next_piece(struct split *sp, struct sink *s, struct piece **out, struct err *err)
{
	int rc;

	if (sp->tail - sp->head == sp->npc && (rc = replay(sp, s, true, false, err)))
		return rc;
	*out = &sp->pc[sp->tail % sp->npc];
	(*out)->len = 0;
	return 0;
}

static void
piece_add(struct piece *pc, const char *p, size_t n)
{
	if (pc->len + n + 64 > pc->cap) {
		pc->cap = (pc->len + n + 64) * 5 / 4;
		pc->buf = xrealloc(pc->buf, pc->cap);
	}
	memcpy(pc->buf + pc->len, p, n);
	pc->len += n;
}

static size_t
piece_bytes(void)
{
	const char *e = getenv("LITSI_SPLIT_BYTES");	/* tests: many small pieces */
	int64_t v;

	if (e && !parse_i64n(e, strlen(e), &v) && v > 0 && v <= PIECE_MAX)
		return (size_t)v;
	return PIECE_BYTES;
}

/* resume() - @js reads @len bytes of @pc from @from, then the input. */
static void
resume(struct split *sp, struct jscan *js, struct piece *pc, size_t from, int in_array,
       struct input **resumed)
{
	char *rest = xmalloc(pc->len - from + 1);

	memcpy(rest, pc->buf + from, pc->len - from);
	input_open_span(rest, pc->len - from, pc->at + from, sp->name, sp->in, 1, resumed);
	jscan_attach(js, *resumed, in_array, pc->first && !from);
}

/*
 * split_loop() - read, cut and hand out pieces; replay as they finish.
 * Return: 0 at the array's end, 1 to go on with one thread, or an error.
 */
static int
split_loop(struct split *sp, struct jscan *js, struct sink *s, struct input **resumed,
	   struct err *err)
{
	size_t target = piece_bytes(), scanned = 0;
	struct jcut cut = { 0 };
	struct piece *cur;
	int rc;

	if ((rc = next_piece(sp, s, &cur, err)))
		return rc;
	cur->at = input_offset(sp->in);
	cur->first = 1;
	for (;;) {
		const char *p;
		size_t len, at;
		int eof;

		if (stopped(sp->o))
			return err_set(err, LITSI_EINTR, "interrupted");
		if (input_buffer(sp->in, &p, &len, err))
			goto alone;	/* a one-thread parse meets the error in its place */
		eof = !len;
		piece_add(cur, p, len);
		input_consume(sp->in, len);
		for (;;) {
			rc = jscan_cut(&cut, cur->buf + scanned, cur->len - scanned,
				       target > scanned ? target - scanned : 0, eof, &at);
			if (rc == JCUT_NONE) {
				scanned += at;
				break;
			}
			at += scanned;
			if (rc == JCUT_END) {
				size_t keep = cur->len;

				/* the last piece ends with the ']'; the rest is the caller's */
				cur->len = at;
				dispatch(sp);
				if ((rc = replay(sp, s, true, true, err)))
					return rc;
				cur->len = keep;
				resume(sp, js, cur, at, 0, resumed);
				return 0;
			} else {
				struct piece *nx;
				size_t keep = cur->len;

				/* the next piece takes the bytes past the cut */
				cur->len = at;
				dispatch(sp);
				if ((rc = next_piece(sp, s, &nx, err)))
					return rc;
				nx->at = cur->at + at;
				nx->first = 0;
				piece_add(nx, cur->buf + at, keep - at);
				cur = nx;
				scanned = 0;
			}
		}
		if (eof || cur->len > PIECE_MAX)
			goto alone;
		if ((rc = replay(sp, s, false, false, err)))
			return rc;
	}
alone:
	/* the pieces handed out first, then this one and the rest on this thread */
	if ((rc = replay(sp, s, true, true, err)))
		return rc;
	resume(sp, js, cur, 0, 1, resumed);
	return 1;
}

int
jsplit_array(struct jscan *js, int threads, const struct parse_opts *o,
	     const struct jsplit_ops *ops, struct sink *sink, struct input **resumed,
	     struct err *err)
{
	struct split sp = { .in = js->in, .name = input_name(js->in), .o = o, .ops = ops };
	pthread_t *tid = xcalloc((size_t)threads, sizeof(*tid));
	sigset_t all, old;
	int i, nt = 0, rc;
	size_t k;

	*resumed = NULL;
	sp.npc = (size_t)threads * PIECES_PER_THREAD;
	sp.pc = xcalloc(sp.npc, sizeof(*sp.pc));
	for (k = 0; k < sp.npc; k++) {
		sbuf_init(&sp.pc[k].log);
		sp.pc[k].user = xcalloc(1, ops->user_size ? ops->user_size : 1);
	}
	pthread_mutex_init(&sp.mu, NULL);
	pthread_cond_init(&sp.work_cv, NULL);
	pthread_cond_init(&sp.done_cv, NULL);
	jscan_detach(js);
	/* Signals (SIGINT) stay with the calling thread. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	for (i = 0; i < threads; i++)
		if (!pthread_create(&tid[nt], NULL, worker, &sp))
			nt++;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (!nt) {
		/* no thread: the whole array on this one */
		struct piece pc = { .at = input_offset(sp.in), .first = 1 };

		resume(&sp, js, &pc, 0, 1, resumed);
		rc = 1;
	} else {
		rc = split_loop(&sp, js, sink, resumed, err);
	}
	pthread_mutex_lock(&sp.mu);
	sp.quit = true;
	pthread_cond_broadcast(&sp.work_cv);
	pthread_mutex_unlock(&sp.mu);
	for (i = 0; i < nt; i++)
		pthread_join(tid[i], NULL);
	/* pieces handed out but not replayed (after an error) */
	for (; sp.head < sp.tail; sp.head++)
		ops->user_free(sp.pc[sp.head % sp.npc].user);
	for (k = 0; k < sp.npc; k++) {
		free(sp.pc[k].buf);
		free(sp.pc[k].user);
		sbuf_release(&sp.pc[k].log);
	}
	pthread_cond_destroy(&sp.done_cv);
	pthread_cond_destroy(&sp.work_cv);
	pthread_mutex_destroy(&sp.mu);
	free(sp.pc);
	free(tid);
	return rc;
}
