/* SPDX-License-Identifier: MIT */
/*
 * input.c: byte streams for parsers: plain files, gzip (multi-member),
 * memory buffers and tar members, with offsets, line numbers, a SHA-256 of
 * the raw bytes and progress callbacks. Memory stays bounded.
 *
 * A file input reads, hashes and inflates in a producer thread (the pump)
 * once the consumer first needs a refill: it hands 1 MiB blocks of
 * decompressed bytes over a queue of NSLOT blocks, so the parser and the
 * inflater run on two cores. The blocks are the ones the synchronous code
 * produces (same sizes, same errors at the same offsets); an error is handed
 * over in its place in the queue, so the consumer meets it after the bytes
 * before it. Memory inputs and tar members stay synchronous.
 *
 * Built with ISA-L (LITSI_ISAL), gzip is inflated by its igzip, about three
 * times as fast as zlib, with the same bytes out. Its errors are not zlib's:
 * when it refuses a stream, the stream is inflated again from its start with
 * zlib, its output thrown away, to give the message and byte offset the zlib
 * build gives (gz_exact_error()). A gzip file inside a tar archive cannot be
 * read again, so it is inflated with zlib.
 */
#include "litsi/parse.h"
#include "litsi/litsi.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#ifdef LITSI_ISAL
#include <isa-l/igzip_lib.h>
#endif

enum { RAW_CAP = 256 * 1024, BUF_CAP = 1024 * 1024, PROGRESS_STEP = 8 << 20, NSLOT = 4 };

enum input_kind { IN_FD, IN_MEM, IN_MEMBER, IN_SPAN };

/* One block of decompressed bytes, or the error met instead of it. */
struct block {
	char *data;			/* BUF_CAP bytes */
	size_t len;			/* 0 = end of the stream */
	uint64_t raw_off;		/* raw bytes read once the block was made */
	int status;
	struct err err;
};

/*
 * The producer thread and its queue. Counters only grow: blocks
 * [freed, filled) are the producer's to leave alone, [taken, filled) wait
 * for the consumer, and the consumer holds block freed % NSLOT while
 * freed < taken. Everything below the mutex is guarded by it.
 */
struct pump {
	pthread_t tid;
	struct block blk[NSLOT];
	pthread_mutex_t mu;
	pthread_cond_t put_cv;		/* room in the queue, stop or drain */
	pthread_cond_t get_cv;		/* a block, or done */
	unsigned filled, taken, freed;
	bool stop, drain, done;
	int drain_status;
	struct err drain_err;
};

struct input {
	enum input_kind kind;
	char *name, *path;
	int fd;
	const unsigned char *mem;	/* IN_MEM */
	size_t mem_len;
	struct input *parent;		/* IN_MEMBER; IN_SPAN: what follows the span, or NULL */
	uint64_t member_left;
	uint64_t raw_off, raw_total;
	bool raw_eof, gz, gz_end;
	bool reread;			/* read again from the start (pread) for a message */
	z_stream zs;
#ifdef LITSI_ISAL
	struct inflate_state *isal;	/* NULL: zlib inflates */
#endif
	unsigned char *raw;		/* gzip input buffer */
	size_t first_raw;		/* bytes of the first raw read (the sniff) */
	size_t raw_pos, raw_len;
	uint64_t dec_off;		/* decompressed bytes produced (for messages) */
	struct sha256 hash;
	/*
	 * The fields above belong to the pump thread while it runs; those below
	 * to the consumer.
	 */
	char *bufmem;			/* the synchronous block */
	char *buf;			/* decompressed bytes: bufmem or a pump block */
	size_t pos, len;
	uint64_t off, lineno;
	bool eof, drained;
	struct pump *pump;		/* NULL while synchronous */
	uint64_t raw_seen;		/* raw offset of the block in hand (pump) */
	void (*progress)(void *, uint64_t, uint64_t);
	void *progress_arg;
	uint64_t next_progress;
};

static void
note_progress(struct input *in, uint64_t raw_off)
{
	if (in->progress && raw_off >= in->next_progress) {
		in->progress(in->progress_arg, raw_off, in->raw_total);
		in->next_progress = raw_off + PROGRESS_STEP;
	}
}

static long
raw_read(struct input *in, void *dst, size_t n, struct err *err)
{
	long got = 0;

	if (in->raw_eof)
		return 0;
	switch (in->kind) {
	case IN_FD:
		do
			got = in->reread ? pread(in->fd, dst, n, (off_t)in->raw_off)
					 : read(in->fd, dst, n);
		while (got < 0 && errno == EINTR);
		if (got < 0)
			return err_set(err, LITSI_EDATA, "%s: read error: %s", in->name,
				       strerror(errno));
		break;
	case IN_MEM:
		got = (long)(in->mem_len - in->raw_off < n ? in->mem_len - in->raw_off : n);
		memcpy(dst, in->mem + in->raw_off, (size_t)got);
		break;
	case IN_SPAN:
		break;	/* served by input_buffer() itself */
	case IN_MEMBER:
		if (n > in->member_left)
			n = (size_t)in->member_left;
		got = n ? input_read(in->parent, dst, n, err) : 0;
		if (got < 0)
			return got;
		if (got == 0 && n)
			return err_set(err, LITSI_EDATA, "%s: archive member is truncated",
				       in->name);
		in->member_left -= (uint64_t)got;
		break;
	}
	if (got == 0)
		in->raw_eof = true;
	sha256_update(&in->hash, dst, (size_t)got);
	in->raw_off += (uint64_t)got;
	if (!in->pump && !in->reread)
		note_progress(in, in->raw_off);
	return got;
}

/*
 * gz_produce_zlib() - inflate with zlib into @dst (BUF_CAP bytes) until some output came:
 * *len bytes, 0 at the end of the stream.
 */
static int
gz_produce_zlib(struct input *in, char *dst, size_t *len, struct err *err)
{
	in->zs.next_out = (unsigned char *)dst;
	in->zs.avail_out = BUF_CAP;
	while (in->zs.avail_out == BUF_CAP) {
		int rc;

		if (in->raw_pos == in->raw_len) {
			long got = raw_read(in, in->raw, RAW_CAP, err);

			if (got < 0)
				return (int)got;
			if (got == 0) {
				if (!in->gz_end)
					return err_set(err, LITSI_EDATA,
						       "%s: byte %llu: truncated gzip stream "
						       "(compressed data ends early)",
						       in->name, (unsigned long long)in->dec_off);
				break;
			}
			in->raw_pos = 0;
			in->raw_len = (size_t)got;
		}
		if (in->gz_end) {
			/* Another gzip member follows (concatenated .gz files). */
			if (inflateReset(&in->zs) != Z_OK)
				return err_set(err, LITSI_EDATA, "%s: gzip reset failed", in->name);
			in->gz_end = false;
		}
		in->zs.next_in = in->raw + in->raw_pos;
		in->zs.avail_in = (uInt)(in->raw_len - in->raw_pos);
		rc = inflate(&in->zs, Z_NO_FLUSH);
		in->raw_pos = in->raw_len - in->zs.avail_in;
		if (rc == Z_STREAM_END)
			in->gz_end = true;
		else if (rc != Z_OK && rc != Z_BUF_ERROR)
			return err_set(err, LITSI_EDATA,
				       "%s: byte %llu: corrupt gzip data (%s)", in->name,
				       (unsigned long long)in->dec_off,
				       in->zs.msg ? in->zs.msg : "inflate failed");
	}
	*len = BUF_CAP - in->zs.avail_out;
	in->dec_off += *len;
	return 0;
}

#ifdef LITSI_ISAL
static const char *
isal_what(int rc)
{
	switch (rc) {
	case ISAL_INVALID_BLOCK: return "invalid block";
	case ISAL_INVALID_SYMBOL: return "invalid symbol";
	case ISAL_INVALID_LOOKBACK: return "invalid distance too far back";
	case ISAL_INVALID_WRAPPER: return "invalid gzip header";
	case ISAL_UNSUPPORTED_METHOD: return "unknown compression method";
	case ISAL_INCORRECT_CHECKSUM: return "incorrect data check";
	default: return "inflate failed";
	}
}

/*
 * gz_exact_error() - the error the zlib build gives for the gzip stream of
 * @in, which igzip refused (@what; NULL: it ends early): the stream is read
 * again from its start (pread, nothing hashed) and inflated with zlib in the
 * same blocks until zlib fails. Where the bytes cannot be read again, or zlib
 * finds nothing wrong, igzip's own reason is given at the offset reached.
 */
static int
gz_exact_error(struct input *in, const char *what, struct err *err)
{
	struct input r;
	char *out;
	long got;
	int rc = 0;

	if (in->kind == IN_FD && lseek(in->fd, 0, SEEK_CUR) < 0)
		goto own;
	memset(&r, 0, sizeof(r));
	r.kind = in->kind;
	r.name = in->name;
	r.fd = in->fd;
	r.mem = in->mem;
	r.mem_len = in->mem_len;
	r.reread = true;
	r.gz = true;
	sha256_init(&r.hash);
	if (inflateInit2(&r.zs, 15 + 32) != Z_OK)
		goto own;
	r.raw = xmalloc(RAW_CAP);
	out = xmalloc(BUF_CAP);
	got = raw_read(&r, r.raw, in->first_raw, err);
	if (got == (long)in->first_raw) {
		size_t len;

		r.raw_len = (size_t)got;
		do {
			len = 0;
			rc = gz_produce_zlib(&r, out, &len, err);
		} while (!rc && len);
	}
	inflateEnd(&r.zs);
	free(r.raw);
	free(out);
	if (rc)
		return rc;
own:
	if (!what)
		return err_set(err, LITSI_EDATA, "%s: byte %llu: truncated gzip stream "
			       "(compressed data ends early)", in->name, (unsigned long long)in->dec_off);
	return err_set(err, LITSI_EDATA, "%s: byte %llu: corrupt gzip data (%s)", in->name,
		       (unsigned long long)in->dec_off, what);
}

/*
 * gz_produce_isal() - gz_produce_zlib() through igzip: inflate into @dst
 * until some output came; members follow one another.
 */
static int
gz_produce_isal(struct input *in, char *dst, size_t *len, struct err *err)
{
	struct inflate_state *st = in->isal;

	st->next_out = (uint8_t *)dst;
	st->avail_out = BUF_CAP;
	while (st->avail_out == BUF_CAP) {
		uint32_t before;
		int rc;

		if (in->raw_pos == in->raw_len && !in->raw_eof) {
			long got = raw_read(in, in->raw, RAW_CAP, err);

			if (got < 0)
				return (int)got;
			in->raw_pos = 0;
			in->raw_len = (size_t)got;
		}
		if (in->gz_end) {
			if (in->raw_pos == in->raw_len)
				break;		/* the end, after a whole member */
			/* Another gzip member follows (concatenated .gz files). */
			isal_inflate_reset(st);
			st->crc_flag = ISAL_GZIP;
			in->gz_end = false;
		}
		st->next_in = in->raw + in->raw_pos;
		st->avail_in = (uint32_t)(in->raw_len - in->raw_pos);
		before = st->avail_in;
		rc = isal_inflate(st);
		in->raw_pos = in->raw_len - st->avail_in;
		if (rc < 0)
			return gz_exact_error(in, isal_what(rc), err);
		if (st->block_state == ISAL_BLOCK_FINISH)
			in->gz_end = true;
		else if (in->raw_eof && st->avail_out == BUF_CAP && st->avail_in == before)
			return gz_exact_error(in, NULL, err);
	}
	*len = BUF_CAP - st->avail_out;
	in->dec_off += *len;
	return 0;
}
#endif

static int
gz_produce(struct input *in, char *dst, size_t *len, struct err *err)
{
#ifdef LITSI_ISAL
	if (in->isal)
		return gz_produce_isal(in, dst, len, err);
#endif
	return gz_produce_zlib(in, dst, len, err);
}

/* produce() - the next block of decompressed bytes into @dst; *len 0 at the end. */
static int
produce(struct input *in, char *dst, size_t *len, struct err *err)
{
	long got;

	if (in->gz)
		return gz_produce(in, dst, len, err);
	got = raw_read(in, dst, BUF_CAP, err);
	if (got < 0)
		return (int)got;
	*len = (size_t)got;
	in->dec_off += *len;
	return 0;
}

/* ---- the pump: a producer thread for file inputs ---- */

static void
pump_put(struct pump *pp)
{
	pthread_mutex_lock(&pp->mu);
	pp->filled++;
	pthread_cond_signal(&pp->get_cv);
	pthread_mutex_unlock(&pp->mu);
}

static void *
pump_main(void *arg)
{
	struct input *in = arg;
	struct pump *pp = in->pump;
	bool last = false, drain;

	while (!last) {
		struct block *b;

		pthread_mutex_lock(&pp->mu);
		while (!pp->stop && !pp->drain && pp->filled - pp->freed >= NSLOT)
			pthread_cond_wait(&pp->put_cv, &pp->mu);
		if (pp->stop || pp->drain) {
			pthread_mutex_unlock(&pp->mu);
			break;
		}
		b = &pp->blk[pp->filled % NSLOT];
		pthread_mutex_unlock(&pp->mu);
		b->len = 0;
		b->status = produce(in, b->data, &b->len, &b->err);
		b->raw_off = in->raw_off;
		last = b->status || !b->len;
		pump_put(pp);
	}
	/* After the end or an error only a drain or a stop is left to wait for. */
	pthread_mutex_lock(&pp->mu);
	while (!pp->stop && !pp->drain)
		pthread_cond_wait(&pp->put_cv, &pp->mu);
	drain = !pp->stop;
	pthread_mutex_unlock(&pp->mu);
	if (drain) {
		struct err err = { 0 };
		int rc = 0;

		/* Hash the raw bytes nobody needed: no inflating, as synchronously. */
		while (!in->raw_eof) {
			long got = raw_read(in, in->raw, RAW_CAP, &err);

			if (got < 0) {
				rc = (int)got;
				break;
			}
		}
		pthread_mutex_lock(&pp->mu);
		pp->drain_status = rc;
		if (rc)
			pp->drain_err = err;
		pthread_mutex_unlock(&pp->mu);
	}
	pthread_mutex_lock(&pp->mu);
	pp->done = true;
	pthread_cond_broadcast(&pp->get_cv);
	pthread_mutex_unlock(&pp->mu);
	return NULL;
}

static void
pump_free(struct pump *pp)
{
	int i;

	for (i = 0; i < NSLOT; i++)
		free(pp->blk[i].data);
	pthread_cond_destroy(&pp->get_cv);
	pthread_cond_destroy(&pp->put_cv);
	pthread_mutex_destroy(&pp->mu);
	free(pp);
}

/*
 * pump_start() - hand the producing side of @in to a thread; the consumer's
 * block (all of it consumed) becomes the first queue block. Without a
 * thread @in stays synchronous.
 */
static void
pump_start(struct input *in)
{
	struct pump *pp = xcalloc(1, sizeof(*pp));
	sigset_t all, old;
	int i, rc;

	pthread_mutex_init(&pp->mu, NULL);
	pthread_cond_init(&pp->put_cv, NULL);
	pthread_cond_init(&pp->get_cv, NULL);
	pp->blk[0].data = in->bufmem;
	for (i = 1; i < NSLOT; i++)
		pp->blk[i].data = xmalloc(BUF_CAP);
	in->raw_seen = in->raw_off;
	in->pump = pp;
	/* Signals (SIGINT) stay with the consumer, as without the thread. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&pp->tid, NULL, pump_main, in);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc) {
		in->pump = NULL;
		pp->blk[0].data = NULL;
		pump_free(pp);
		return;
	}
	in->bufmem = NULL;
}

static void
pump_stop(struct input *in)
{
	struct pump *pp = in->pump;

	pthread_mutex_lock(&pp->mu);
	pp->stop = true;
	pthread_cond_broadcast(&pp->put_cv);
	pthread_mutex_unlock(&pp->mu);
	pthread_join(pp->tid, NULL);
	pump_free(pp);
	in->pump = NULL;
	in->buf = NULL;
}

/* pump_take() - release the block in hand and wait for the next one. */
static int
pump_take(struct input *in, struct err *err)
{
	struct pump *pp = in->pump;
	struct block *b = NULL;
	int status = 0;

	pthread_mutex_lock(&pp->mu);
	if (pp->freed != pp->taken) {
		pp->freed = pp->taken;
		pthread_cond_signal(&pp->put_cv);
	}
	while (pp->filled == pp->taken && !pp->done)
		pthread_cond_wait(&pp->get_cv, &pp->mu);
	if (pp->filled != pp->taken) {
		b = &pp->blk[pp->taken % NSLOT];
		status = b->status;
		/* An error stays at the head: asking again gives it again. */
		if (!status)
			pp->taken++;
	}
	pthread_mutex_unlock(&pp->mu);
	if (status) {
		*err = b->err;
		return status;
	}
	in->pos = 0;
	if (!b) {
		/* Drained already: nothing more to hand out. */
		in->len = 0;
		in->eof = true;
		return 0;
	}
	in->buf = b->data;
	in->len = b->len;
	if (!b->len)
		in->eof = true;
	in->raw_seen = b->raw_off;
	note_progress(in, in->raw_seen);
	return 0;
}

/* fill() - the next block, once the one in hand is used up. */
static int
fill(struct input *in, struct err *err)
{
	size_t len = 0;
	int rc;

	if (in->eof)
		return 0;
	/* A plain file read to its end already needs no thread. */
	if (!in->pump && in->kind == IN_FD && (in->gz || !in->raw_eof))
		pump_start(in);
	if (in->pump)
		return pump_take(in, err);
	rc = produce(in, in->bufmem, &len, err);
	if (rc)
		return rc;
	in->buf = in->bufmem;
	in->pos = 0;
	in->len = len;
	if (!len)
		in->eof = true;
	return 0;
}

static int
setup(struct input *in, struct err *err)
{
	unsigned char magic[2];
	long got;

	sha256_init(&in->hash);
	in->buf = in->bufmem = xmalloc(BUF_CAP);
	in->lineno = 0;
	/* Sniff gzip magic from the first raw bytes; they stay in the raw buffer. */
	in->raw = xmalloc(RAW_CAP);
	got = raw_read(in, in->raw, 2, err);
	if (got < 0)
		return (int)got;
	in->raw_len = (size_t)got;
	if (got == 1) {
		long more = raw_read(in, in->raw + 1, 1, err);

		if (more < 0)
			return (int)more;
		in->raw_len += (size_t)more;
	}
	memcpy(magic, in->raw, in->raw_len < 2 ? in->raw_len : 2);
	in->first_raw = in->raw_len;
	if (in->raw_len == 2 && magic[0] == 0x1f && magic[1] == 0x8b) {
		in->gz = true;
#ifdef LITSI_ISAL
		if (in->kind != IN_MEMBER) {
			in->isal = xcalloc(1, sizeof(*in->isal));
			isal_inflate_init(in->isal);
			in->isal->crc_flag = ISAL_GZIP;
			return 0;
		}
#endif
		if (inflateInit2(&in->zs, 15 + 32) != Z_OK)
			return err_set(err, LITSI_ENOMEM, "%s: cannot start gzip", in->name);
		return 0;
	}
	/* Not gzip: the sniffed bytes are the first content bytes. */
	memcpy(in->buf, in->raw, in->raw_len);
	in->len = in->raw_len;
	in->raw_len = 0;
	if (in->len == 0)
		in->eof = in->raw_eof;
	return 0;
}

static struct input *
input_new(enum input_kind kind, const char *name)
{
	struct input *in = xcalloc(1, sizeof(*in));

	in->kind = kind;
	in->fd = -1;
	in->name = visible_dup(name);	/* messages: control characters made visible */
	return in;
}

int
input_open(const char *path, struct input **out, struct err *err)
{
	struct input *in;
	struct stat st;
	int fd;

	*out = NULL;
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return err_set(err, LITSI_EDATA, "%s: cannot open: %s", path, strerror(errno));
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		close(fd);
		return err_set(err, LITSI_EDATA, "%s: is a directory", path);
	}
	in = input_new(IN_FD, path);
	in->fd = fd;
	in->path = xstrdup(path);
	in->raw_total = S_ISREG(st.st_mode) ? (uint64_t)st.st_size : 0;
	if (setup(in, err)) {
		input_close(in);
		return err->status;
	}
	*out = in;
	return 0;
}

int
input_open_mem(const void *buf, size_t len, const char *display, struct input **out,
	       struct err *err)
{
	struct input *in = input_new(IN_MEM, display);

	in->mem = buf;
	in->mem_len = len;
	in->raw_total = len;
	if (setup(in, err)) {
		input_close(in);
		*out = NULL;
		return err->status;
	}
	*out = in;
	return 0;
}

static int
input_open_member(struct input *parent, const char *display, uint64_t size,
		  struct input **out, struct err *err)
{
	struct input *in = input_new(IN_MEMBER, display);

	in->parent = parent;
	in->member_left = size;
	in->raw_total = size;
	if (setup(in, err)) {
		input_close(in);
		*out = NULL;
		return err->status;
	}
	*out = in;
	return 0;
}

int
input_open_span(const char *buf, size_t len, uint64_t at, const char *display,
		struct input *parent, int own, struct input **out)
{
	struct input *in = xcalloc(1, sizeof(*in));

	in->kind = IN_SPAN;
	in->fd = -1;
	in->name = xstrdup(display);	/* a name input_name() gave: already visible */
	in->buf = (char *)buf;
	if (own)
		in->bufmem = in->buf;
	in->len = len;
	in->off = at;
	in->parent = parent;
	in->raw_eof = in->eof = true;
	*out = in;
	return 0;
}

void
input_close(struct input *in)
{
	if (!in)
		return;
	if (in->pump)
		pump_stop(in);
#ifdef LITSI_ISAL
	if (in->isal)
		free(in->isal);
	else
#endif
	if (in->gz)
		inflateEnd(&in->zs);
	if (in->fd >= 0)
		close(in->fd);
	free(in->raw);
	free(in->bufmem);
	free(in->name);
	free(in->path);
	free(in);
}

int
input_buffer(struct input *in, const char **p, size_t *len, struct err *err)
{
	if (in->kind == IN_SPAN && in->pos == in->len) {
		if (in->parent)
			return input_buffer(in->parent, p, len, err);
		*p = in->buf + in->pos;
		*len = 0;
		return 0;
	}
	if (in->pos == in->len) {
		int rc = fill(in, err);

		if (rc)
			return rc;
	}
	*p = in->buf + in->pos;
	*len = in->len - in->pos;
	return 0;
}

void
input_consume(struct input *in, size_t n)
{
	if (in->kind == IN_SPAN && in->pos == in->len && in->parent)
		input_consume(in->parent, n);
	else
		in->pos += n;
	in->off += n;
}

long
input_read(struct input *in, void *dst, size_t n, struct err *err)
{
	size_t done = 0;

	while (done < n) {
		const char *p;
		size_t len, k;

		if (input_buffer(in, &p, &len, err))
			return err->status;
		if (!len)
			break;
		k = len < n - done ? len : n - done;
		memcpy((char *)dst + done, p, k);
		input_consume(in, k);
		done += k;
	}
	return (long)done;
}

const char *
input_peek(struct input *in, size_t n, size_t *got, struct err *err)
{
	/* Only valid before anything was consumed; fills up to @n bytes. */
	if (in->off == 0 && in->pos == 0) {
		while (in->len < n && !in->eof && !in->gz && !in->pump) {
			long k = raw_read(in, in->buf + in->len, (n < BUF_CAP ? n : BUF_CAP) - in->len,
					  err);
			if (k < 0)
				return NULL;
			if (k == 0)
				break;
			in->len += (size_t)k;
		}
		if (in->gz && in->len == 0 && fill(in, err))
			return NULL;
	}
	*got = in->len - in->pos < n ? in->len - in->pos : n;
	return in->buf + in->pos;
}

int
input_getline(struct input *in, struct sbuf *line, struct err *err)
{
	sbuf_reset(line);
	for (;;) {
		const char *p, *nl;
		size_t len;

		if (input_buffer(in, &p, &len, err))
			return err->status;
		if (!len) {
			if (!line->len)
				return 0;
			break;
		}
		nl = memchr(p, '\n', len);
		if (nl) {
			sbuf_add(line, p, (size_t)(nl - p));
			input_consume(in, (size_t)(nl - p) + 1);
			break;
		}
		sbuf_add(line, p, len);
		input_consume(in, len);
		if (line->len > (16u << 20))
			return err_set(err, LITSI_EDATA, "%s:%llu: line longer than 16 MiB",
				       in->name, (unsigned long long)in->lineno + 1);
	}
	if (line->len && line->buf[line->len - 1] == '\r')
		line->buf[--line->len] = '\0';
	in->lineno++;
	return 1;
}

uint64_t
input_offset(const struct input *in)
{
	return in->off;
}

uint64_t
input_lineno(const struct input *in)
{
	return in->lineno;
}

const char *
input_name(const struct input *in)
{
	return in->name;
}

const char *
input_path(const struct input *in)
{
	return in->path;
}

uint64_t
input_raw_total(const struct input *in)
{
	return in->raw_total;
}

uint64_t
input_raw_offset(const struct input *in)
{
	/* While the pump runs, the raw offset of the block in hand. */
	return in->pump && !in->drained ? in->raw_seen : in->raw_off;
}

int
input_drain_hash(struct input *in, char hex[65], struct err *err)
{
	unsigned char dig[32];
	struct sha256 c;

	/* Hash every raw byte, including any the parser did not need. */
	if (in->pump) {
		struct pump *pp = in->pump;
		int rc;

		pthread_mutex_lock(&pp->mu);
		pp->drain = true;
		pthread_cond_broadcast(&pp->put_cv);
		while (!pp->done)
			pthread_cond_wait(&pp->get_cv, &pp->mu);
		rc = pp->drain_status;
		if (rc)
			*err = pp->drain_err;
		pthread_mutex_unlock(&pp->mu);
		in->drained = true;
		if (rc)
			return rc;
	}
	while (!in->raw_eof) {
		unsigned char tmp[65536];

		if (raw_read(in, tmp, sizeof(tmp), err) < 0)
			return err->status;
	}
	c = in->hash;
	sha256_final(&c, dig);
	sha256_hex(dig, hex);
	return 0;
}

void
input_set_progress(struct input *in, void (*fn)(void *, uint64_t, uint64_t), void *arg)
{
	in->progress = fn;
	in->progress_arg = arg;
	in->next_progress = PROGRESS_STEP;
}

/* ---- tar ---- */

struct tar {
	struct input *in;
	struct input *member;
	uint64_t skip;		/* bytes of the current member + padding left to skip */
	char name_buf[4096];
};

int
input_is_tar(const char *head, size_t len)
{
	return len >= 512 && !memcmp(head + 257, "ustar", 5);
}

int
tar_open(const char *path, struct tar **out, struct err *err)
{
	struct tar *t = xcalloc(1, sizeof(*t));

	if (input_open(path, &t->in, err)) {
		free(t);
		*out = NULL;
		return err->status;
	}
	*out = t;
	return 0;
}

static int
tar_skip(struct tar *t, struct err *err)
{
	char tmp[65536];

	while (t->skip) {
		long got = input_read(t->in, tmp, t->skip < sizeof(tmp) ? t->skip : sizeof(tmp), err);

		if (got < 0)
			return (int)got;
		if (got == 0)
			return err_set(err, LITSI_EDATA, "%s: byte %llu: tar archive is truncated",
				       input_name(t->in), (unsigned long long)input_offset(t->in));
		t->skip -= (uint64_t)got;
	}
	return 0;
}

static int
tar_size(const char *hdr, uint64_t *size)
{
	uint64_t v = 0;
	int i;

	for (i = 124; i < 136 && (hdr[i] == ' ' || hdr[i] == '\0'); i++)
		;
	for (; i < 136 && hdr[i] >= '0' && hdr[i] <= '7'; i++)
		v = v * 8 + (uint64_t)(hdr[i] - '0');
	*size = v;
	return 0;
}

int
tar_next(struct tar *t, struct input **member, struct err *err)
{
	for (;;) {
		char hdr[512];
		uint64_t size, start;
		long got;
		char type;

		if (t->member) {
			/* What the parser left of the member is skipped through the parent. */
			t->skip += t->member->member_left;
			input_close(t->member);
			t->member = NULL;
		}
		if (tar_skip(t, err))
			return err->status;
		start = input_offset(t->in);
		got = input_read(t->in, hdr, sizeof(hdr), err);
		if (got < 0)
			return err->status;
		if (got == 0 || (got == 512 && hdr[0] == '\0'))
			return 0;
		if (got < 512 || memcmp(hdr + 257, "ustar", 5))
			return err_set(err, LITSI_EDATA, "%s: byte %llu: expected a tar header",
				       input_name(t->in), (unsigned long long)start);
		tar_size(hdr, &size);
		type = hdr[156];
		if (type != '0' && type != '\0') {
			t->skip = (size + 511) / 512 * 512;
			continue;
		}
		snprintf(t->name_buf, sizeof(t->name_buf), "%s:%.155s%s%.100s", input_name(t->in),
			 hdr + 345, hdr[345] ? "/" : "", hdr);
		t->skip = (size + 511) / 512 * 512 - size;
		if (input_open_member(t->in, t->name_buf, size, &t->member, err))
			return err->status;
		*member = t->member;
		return 1;
	}
}

void
tar_close(struct tar *t)
{
	if (!t)
		return;
	input_close(t->member);
	input_close(t->in);
	free(t);
}
