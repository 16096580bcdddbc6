/* SPDX-License-Identifier: MIT */
/*
 * rocprofv3_json.c: the rocprofiler-sdk-tool JSON of rocprofv3
 * (--output-format json), streamed: {"rocprofiler-sdk-tool":[{metadata,
 * agents, kernel_symbols, ..., buffer_records:{kernel_dispatch:[...],
 * memory_copy:[...], ...}}]}. Kernel names come from kernel_symbols
 * (truncated_kernel_name, else formatted_kernel_name, else kernel_name);
 * agents[].id.handle maps a record's agent to its GPU ordinal
 * (logical_node_type_id of GPU agents). Records met before the agents or
 * symbols they refer to are held until the end of the tool object.
 */
#include "jpull.h"
#include "litsi/kclass.h"
#include "litsi/litsi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct jagent {
	int64_t handle;
	int64_t type;		/* 1 = CPU, 2 = GPU */
	int64_t type_index;	/* logical_node_type_id */
	char *product;
	bool announced;
};

struct jsym {
	int64_t id;
	char *name;
};

struct pending {
	int64_t start, end, corr, stream, agent, agent2, kernel_id, bytes;
	bool copy;
	int dir;		/* memory_copy operation */
};

struct v3j {
	struct sink *s;
	struct jagent *ag;
	size_t nag, aag;
	struct jsym *sym;
	size_t nsym, asym;
	bool sym_sorted;
	struct pending *pend;
	size_t npend, apend;
	int64_t n_api, n_other;
	char *host;
};

static void
v3j_reset(struct v3j *v)
{
	size_t i;

	for (i = 0; i < v->nag; i++)
		free(v->ag[i].product);
	for (i = 0; i < v->nsym; i++)
		free(v->sym[i].name);
	v->nag = v->nsym = v->npend = 0;
	v->sym_sorted = false;
}

static void
v3j_release(struct v3j *v)
{
	v3j_reset(v);
	free(v->ag);
	free(v->sym);
	free(v->pend);
	free(v->host);
}

static int
probe(const char *head, size_t len, const char *name)
{
	return memmem(head, len, "\"rocprofiler-sdk-tool\"", 22) ? 95 : 0;
}

static int
expect(struct jp *j, int want, const char *what, struct err *err)
{
	int t = jp_next(j, err);

	if (t < 0)
		return t;
	if (t != want)
		return jp_err(j, err, "expected %s", what);
	return 0;
}

static int
tok_i64(struct jp *j, int t, int64_t *out, const char *what, struct err *err)
{
	if (t != J_NUM || parse_i64(j->tok.buf, INT64_MIN, INT64_MAX, out))
		return jp_err(j, err, "expected an integer for %s", what);
	return 0;
}

/* One agent object: only its top-level scalars and id.handle are read. */
static int
read_agent(struct jp *j, struct v3j *v, struct err *err)
{
	struct jagent a = { -1, 0, -1, NULL, false };
	int rc, t;

	while ((rc = jp_key(j, err)) > 0) {
		char key[32];

		snprintf(key, sizeof(key), "%s", j->tok.buf);
		if ((t = jp_next(j, err)) < 0) {
			rc = t;
			break;
		}
		if (!strcmp(key, "id") && t == J_OBJ) {
			while ((rc = jp_key(j, err)) > 0) {
				bool h = !strcmp(j->tok.buf, "handle");

				if ((t = jp_next(j, err)) < 0)
					return t;
				if (h && (rc = tok_i64(j, t, &a.handle, "agents[].id.handle", err)))
					goto out;
				if (!h && (rc = jp_skip(j, t, err)))
					goto out;
			}
			if (rc < 0)
				goto out;
		} else if (!strcmp(key, "type")) {
			if ((rc = tok_i64(j, t, &a.type, "agents[].type", err)))
				goto out;
		} else if (!strcmp(key, "logical_node_type_id")) {
			if ((rc = tok_i64(j, t, &a.type_index, "agents[].logical_node_type_id", err)))
				goto out;
		} else if (!strcmp(key, "product_name") && t == J_STR) {
			free(a.product);
			a.product = j->tok.len ? xstrdup(j->tok.buf) : NULL;
		} else if ((rc = jp_skip(j, t, err))) {
			goto out;
		}
	}
out:
	if (rc < 0) {
		free(a.product);
		return rc;
	}
	if (a.handle < 0 || (a.type == 2 && (a.type_index < 0 || a.type_index > 65535))) {
		free(a.product);
		return jp_err(j, err, "expected id.handle and logical_node_type_id in an agent");
	}
	VEC_GROW(v->ag, v->nag + 1, v->aag);
	v->ag[v->nag++] = a;
	return 0;
}

static int
read_symbol(struct jp *j, struct v3j *v, struct jflat *f, struct err *err)
{
	static const char *const pref[] = { "truncated_kernel_name", "formatted_kernel_name",
					    "kernel_name" };
	struct jsym s;
	size_t i;
	int rc;

	if ((rc = jflat_read(j, f, err)))
		return rc;
	if (jflat_i64(f, "kernel_id", &s.id))
		return jp_err(j, err, "expected an integer kernel_id in kernel_symbols");
	s.name = NULL;
	for (i = 0; i < ARRAY_SIZE(pref) && !s.name; i++) {
		const char *n = jflat_get(f, pref[i]);

		if (n && *n)
			s.name = xstrdup(n);
	}
	if (!s.name)
		s.name = xstrdup("(unnamed kernel)");
	VEC_GROW(v->sym, v->nsym + 1, v->asym);
	v->sym[v->nsym++] = s;
	v->sym_sorted = false;
	return 0;
}

static int
cmp_sym(const void *a, const void *b)
{
	const struct jsym *x = a, *y = b;

	return (x->id > y->id) - (x->id < y->id);
}

static const char *
sym_name(struct v3j *v, int64_t id)
{
	size_t lo = 0, hi;

	if (!v->sym_sorted) {
		if (v->nsym)	/* qsort(NULL, 0) is undefined */
			qsort(v->sym, v->nsym, sizeof(*v->sym), cmp_sym);
		v->sym_sorted = true;
	}
	hi = v->nsym;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v->sym[mid].id < id)
			lo = mid + 1;
		else if (v->sym[mid].id > id)
			hi = mid;
		else
			return v->sym[mid].name;
	}
	return NULL;
}

static struct jagent *
agent_of(struct v3j *v, int64_t handle)
{
	size_t i;

	for (i = 0; i < v->nag; i++)
		if (v->ag[i].handle == handle)
			return &v->ag[i];
	return NULL;
}

/* GPU ordinal of an agent handle (-1 for a CPU agent), announcing the GPU. */
static int
gpu_of(struct jp *j, struct v3j *v, int64_t handle, int *dev, struct err *err)
{
	struct jagent *a = agent_of(v, handle);

	*dev = -1;
	if (!a)
		return jp_err(j, err, "agent handle %lld is not in agents[]", (long long)handle);
	if (a->type != 2)
		return 0;
	*dev = (int)a->type_index;
	if (!a->announced) {
		struct rec_gpu g = { *dev, -1, "AMD", a->product };

		a->announced = true;
		return v->s->gpu(v->s, &g, err);
	}
	return 0;
}

static const char *const copy_dirs[] = {
	"MEMORY_COPY_NONE", "MEMORY_COPY_HOST_TO_HOST", "MEMORY_COPY_HOST_TO_DEVICE",
	"MEMORY_COPY_DEVICE_TO_HOST", "MEMORY_COPY_DEVICE_TO_DEVICE",
};

static int
emit(struct jp *j, struct v3j *v, const struct pending *p, struct err *err)
{
	struct rec_kernel k = { 0 };
	int rc, dev2;

	if ((rc = gpu_of(j, v, p->agent, &k.device, err)))
		return rc;
	if (p->copy) {
		if ((rc = gpu_of(j, v, p->agent2, &dev2, err)))
			return rc;
		if (k.device < 0)
			k.device = dev2;
		if (k.device < 0)
			return 0;	/* host to host */
		k.name = p->dir >= 0 && (size_t)p->dir < ARRAY_SIZE(copy_dirs) ? copy_dirs[p->dir]
									     : "MEMORY_COPY";
		k.kclass = KCLASS_MEMCPY;
	} else {
		if (k.device < 0)
			return jp_err(j, err, "kernel dispatch on a CPU agent");
		k.name = sym_name(v, p->kernel_id);
		if (!k.name)
			return jp_err(j, err, "kernel_id %lld is not in kernel_symbols",
				      (long long)p->kernel_id);
	}
	k.name_len = strlen(k.name);
	if (!p->copy)
		k.kclass = kernel_classify(k.name, k.name_len, NULL);
	k.rank = -1;
	k.stream = p->stream;
	k.start_ns = p->start;
	k.end_ns = p->end;
	k.correlation = p->corr;
	k.launch_ns = TIME_NONE;
	k.bytes = p->bytes;
	return v->s->kernel(v->s, &k, err);
}

static int
read_record(struct jp *j, struct v3j *v, struct jflat *f, bool copy, struct err *err)
{
	struct pending p = { 0 };
	int rc;
	int64_t op = -1;
	const char *pre = copy ? "" : "dispatch_info.";
	char path[64];

	uint64_t at = j->tok_off;

	if ((rc = jflat_read(j, f, err)))
		return rc;
	j->tok_off = at;	/* errors name the record's first byte */
	p.copy = copy;
	if (jflat_i64(f, "start_timestamp", &p.start) || jflat_i64(f, "end_timestamp", &p.end) ||
	    p.end < p.start)
		return jp_err(j, err, "expected start_timestamp <= end_timestamp");
	if (jflat_i64(f, "correlation_id.internal", &p.corr) < 0)
		return jp_err(j, err, "expected an integer correlation_id.internal");
	if (jflat_i64(f, "correlation_id.internal", &p.corr))
		p.corr = -1;
	snprintf(path, sizeof(path), "%s%s", pre, copy ? "src_agent_id.handle" : "agent_id.handle");
	if (jflat_i64(f, path, &p.agent))
		return jp_err(j, err, "expected an integer %s", path);
	if (copy) {
		if (jflat_i64(f, "dst_agent_id.handle", &p.agent2))
			return jp_err(j, err, "expected an integer dst_agent_id.handle");
		/* The GPU side: the source unless it is the host. */
		if (jflat_i64(f, "bytes", &p.bytes))
			p.bytes = -1;
		jflat_i64(f, "operation", &op);
		p.dir = (int)(op >= 0 && op < 16 ? op : -1);
		if (jflat_i64(f, "stream_id.handle", &p.stream))
			p.stream = -1;
	} else {
		if (jflat_i64(f, "dispatch_info.kernel_id", &p.kernel_id))
			return jp_err(j, err, "expected an integer dispatch_info.kernel_id");
		if (jflat_i64(f, "stream_id.handle", &p.stream) &&
		    jflat_i64(f, "dispatch_info.queue_id.handle", &p.stream))
			p.stream = 0;
		p.bytes = -1;
	}
	if (v->nag && (copy || v->nsym)) {
		if (copy) {
			/* Put the GPU agent first so that emit() prefers it. */
			struct jagent *a = agent_of(v, p.agent);

			if (a && a->type != 2) {
				int64_t t = p.agent;

				p.agent = p.agent2;
				p.agent2 = t;
			}
		}
		return emit(j, v, &p, err);
	}
	VEC_GROW(v->pend, v->npend + 1, v->apend);
	v->pend[v->npend++] = p;
	return 0;
}

static int
read_buffer_records(struct jp *j, struct v3j *v, struct jflat *f, struct err *err)
{
	int rc, t;

	if ((rc = expect(j, J_OBJ, "an object for buffer_records", err)))
		return rc;
	while ((rc = jp_key(j, err)) > 0) {
		bool kd = !strcmp(j->tok.buf, "kernel_dispatch");
		bool mc = !strcmp(j->tok.buf, "memory_copy");
		bool api = strstr(j->tok.buf, "_api") != NULL;

		if ((t = jp_next(j, err)) < 0)
			return t;
		if (t != J_ARR) {
			if ((rc = jp_skip(j, t, err)))
				return rc;
			continue;
		}
		while ((t = jp_next(j, err)) != J_ARR_END) {
			if (t < 0)
				return t;
			if (t == J_EOF)
				return jp_err(j, err, "unexpected end of input in buffer_records");
			if ((kd || mc) && t == J_OBJ) {
				if ((rc = read_record(j, v, f, mc, err)))
					return rc;
				continue;
			}
			if (api)
				v->n_api++;
			else
				v->n_other++;
			if ((rc = jp_skip(j, t, err)))
				return rc;
		}
	}
	return rc;
}

static int
read_metadata(struct jp *j, struct v3j *v, struct jflat *f, struct err *err)
{
	const char *h;
	int rc;

	if ((rc = expect(j, J_OBJ, "an object for metadata", err)) || (rc = jflat_read(j, f, err)))
		return rc;
	h = jflat_get(f, "node.hostname");
	if (h && *h && !v->host) {
		struct rec_source src = { "rocprofv3-json", CLK_BOOTTIME, h, -1, -1 };

		v->host = xstrdup(h);
		return v->s->source(v->s, &src, err);
	}
	return 0;
}

static int
read_tool(struct jp *j, struct v3j *v, struct jflat *f, struct err *err)
{
	size_t i;
	int rc, t;

	while ((rc = jp_key(j, err)) > 0) {
		char key[32];

		snprintf(key, sizeof(key), "%s", j->tok.buf);
		if (!strcmp(key, "metadata")) {
			rc = read_metadata(j, v, f, err);
		} else if (!strcmp(key, "agents") || !strcmp(key, "kernel_symbols")) {
			bool agents = key[0] == 'a';

			if ((rc = expect(j, J_ARR, "an array", err)))
				return rc;
			while ((t = jp_next(j, err)) == J_OBJ) {
				if ((rc = agents ? read_agent(j, v, err) : read_symbol(j, v, f, err)))
					return rc;
			}
			if (t < 0)
				return t;
			if (t != J_ARR_END)
				return jp_err(j, err, "expected an object in %s", key);
		} else if (!strcmp(key, "buffer_records")) {
			rc = read_buffer_records(j, v, f, err);
		} else {
			if ((t = jp_next(j, err)) < 0)
				return t;
			rc = jp_skip(j, t, err);
		}
		if (rc)
			return rc;
	}
	if (rc < 0)
		return rc;
	for (i = 0; i < v->npend; i++)
		if ((rc = emit(j, v, &v->pend[i], err)))
			return rc;
	v3j_reset(v);
	return 0;
}

static int
parse(struct input *in, const struct parse_opts *o, struct sink *s, struct err *err)
{
	struct rec_source src = { "rocprofv3-json", CLK_BOOTTIME, NULL, -1, -1 };
	struct v3j v = { 0 };
	struct jflat f;
	struct jp j;
	int rc, t;

	(void)o;
	v.s = s;
	jp_init(&j, in);
	jflat_init(&f);
	if ((rc = s->source(s, &src, err)) || (rc = expect(&j, J_OBJ, "a JSON object", err)))
		goto out;
	while ((rc = jp_key(&j, err)) > 0) {
		if (strcmp(j.tok.buf, "rocprofiler-sdk-tool")) {
			if ((t = jp_next(&j, err)) < 0 || (rc = jp_skip(&j, t, err))) {
				rc = t < 0 ? t : rc;
				goto out;
			}
			continue;
		}
		if ((rc = expect(&j, J_ARR, "an array for rocprofiler-sdk-tool", err)))
			goto out;
		while ((t = jp_next(&j, err)) == J_OBJ)
			if ((rc = read_tool(&j, &v, &f, err)))
				goto out;
		if (t != J_ARR_END) {
			rc = t < 0 ? t : jp_err(&j, err, "expected a tool object");
			goto out;
		}
	}
	if (rc == 0 && (v.n_api || v.n_other)) {
		char msg[128];

		snprintf(msg, sizeof(msg),
			 "%lld API and %lld other buffer records not imported (JSON)",
			 (long long)v.n_api, (long long)v.n_other);
		rc = s->meta(s, "skipped", msg, err);
	}
out:
	jflat_release(&f);
	jp_release(&j);
	v3j_release(&v);
	return rc < 0 ? rc : 0;
}

const struct parser parser_rocprofv3_json = { "rocprofv3-json", probe, parse };
