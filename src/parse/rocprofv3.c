/* SPDX-License-Identifier: MIT */
/*
 * rocprofv3.c: rocprofv3 (rocprofiler-sdk) CSV output, one family per file:
 * kernel_trace, memory_copy_trace, hip/hsa/rccl/marker api traces,
 * memory_allocation and scratch_memory traces (annotations), agent_info
 * (GPU products), *_stats.csv and domain_stats (aggregates); counter_collection
 * is recognised and skipped. Columns are matched by header name, without
 * regard to case, so that the 2024 headers and the rocpd-to-CSV variant with
 * its leading "Guid" column read the same. Times are ns since boot.
 *
 * Agent labels: "Agent N" (and a bare N) name the agent with logical node id
 * N; the sibling <prefix>agent_info.csv maps it to a GPU ordinal (the index
 * among GPU agents ordered by Logical_Node_Id). Without agent_info, GPU
 * agents are numbered in order of first appearance (and a note says so).
 * "GPU N" is GPU ordinal N; "CPU N" is the host.
 */
#include "csv.h"
#include "rocprof_int.h"
#include "litsi/kclass.h"
#include "litsi/litsi.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

enum family { F_NONE, F_KERNEL, F_COPY, F_API, F_ALLOC, F_SCRATCH, F_COUNTER, F_AGENT,
	      F_STATS };

static enum family
family_of(const char *head, size_t len)
{
	if (csv_head_has(head, len, "Counter_Name"))
		return F_COUNTER;
	if (csv_head_has(head, len, "Kernel_Name") && csv_head_has(head, len, "Start_Timestamp"))
		return F_KERNEL;
	if (csv_head_has(head, len, "Direction") && csv_head_has(head, len, "Source_Agent_Id"))
		return F_COPY;
	if (csv_head_has(head, len, "Domain") && csv_head_has(head, len, "Function") &&
	    csv_head_has(head, len, "Start_Timestamp"))
		return F_API;
	if (csv_head_has(head, len, "Allocation_Size") && csv_head_has(head, len, "Operation"))
		return F_ALLOC;
	if (csv_head_has(head, len, "Alloc_Flags") && csv_head_has(head, len, "Operation"))
		return F_SCRATCH;
	if (csv_head_has(head, len, "Logical_Node_Id") && csv_head_has(head, len, "Agent_Type"))
		return F_AGENT;
	if (rocprof_is_stats(head, len) && csv_head_has(head, len, "MinNs"))
		return F_STATS;
	return F_NONE;
}

static int
probe(const char *head, size_t len, const char *name)
{
	return family_of(head, len) != F_NONE ? 92 : 0;
}

/* ---- agents ---- */

struct agent {
	int64_t logical;	/* Logical_Node_Id, or the N of "Agent N" */
	bool gpu;
	int ordinal;		/* GPU ordinal, -1 for CPUs */
	bool announced;		/* rec_gpu sent */
	char *product;
};

struct v3 {
	struct input *in;
	struct sink *s;
	struct agent *ag;
	size_t nag, aag;
	bool have_info;		/* agents come from agent_info.csv */
	bool noted;		/* first-appearance note sent */
	int next_ordinal;
	char *host;
};

static void
v3_release(struct v3 *v)
{
	size_t i;

	for (i = 0; i < v->nag; i++)
		free(v->ag[i].product);
	free(v->ag);
	free(v->host);
}

static int
cmp_agent(const void *a, const void *b)
{
	const struct agent *x = a, *y = b;

	return (x->logical > y->logical) - (x->logical < y->logical);
}

/* Read an agent_info CSV into @v (sorted, ordinals assigned). */
static int
read_agents(struct v3 *v, struct input *in, struct err *err)
{
	struct csv c;
	int rc, c_log, c_type, c_prod;
	size_t i;
	int ord = 0;

	csv_init(&c, in, 0);
	if ((rc = csv_header(&c, err)) <= 0) {
		if (rc == 0)
			rc = csv_err(&c, err, "expected a header line");
		goto out;
	}
	c_log = csv_col(&c, "Logical_Node_Id");
	c_type = csv_col(&c, "Agent_Type");
	c_prod = csv_col(&c, "Product_Name|Marketing_Name");
	if (c_log < 0 || c_type < 0) {
		rc = csv_err(&c, err, "expected columns Logical_Node_Id and Agent_Type in the header");
		goto out;
	}
	while ((rc = csv_next(&c, err)) > 0) {
		struct agent a = { 0 };
		const char *type;

		if (csv_blank(&c) || csv_is_header(&c))
			continue;
		if ((rc = csv_i64(&c, c_log, &a.logical, err)))
			goto out;
		type = csv_get(&c, c_type);
		if (strcasecmp(type, "GPU") && strcasecmp(type, "CPU")) {
			rc = csv_err(&c, err, "expected CPU or GPU in column %s",
				     csv_hdr_name(&c, c_type));
			goto out;
		}
		a.gpu = !strcasecmp(type, "GPU");
		a.ordinal = -1;
		if (c_prod >= 0 && *csv_get(&c, c_prod))
			a.product = xstrdup(csv_get(&c, c_prod));
		VEC_GROW(v->ag, v->nag + 1, v->aag);
		v->ag[v->nag++] = a;
	}
	if (rc < 0)
		goto out;
	if (v->nag)	/* qsort(NULL, 0) is undefined */
		qsort(v->ag, v->nag, sizeof(*v->ag), cmp_agent);
	for (i = 0; i < v->nag; i++)
		if (v->ag[i].gpu)
			v->ag[i].ordinal = ord++;
	v->have_info = true;
out:
	csv_release(&c);
	return rc < 0 ? rc : 0;
}

static const char *const domain_files[] = {
	"kernel_trace.csv", "memory_copy_trace.csv", "hip_api_trace.csv", "hsa_api_trace.csv",
	"marker_api_trace.csv", "rccl_api_trace.csv", "memory_allocation_trace.csv",
	"scratch_memory_trace.csv", "counter_collection.csv", "rocdecode_api_trace.csv",
	"rocjpeg_api_trace.csv", "agent_info.csv",
};

/* Directory part and the file-name prefix ("199_" of "199_kernel_trace.csv"). */
static void
split_path(const char *path, struct sbuf *dir, struct sbuf *prefix)
{
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	size_t bl = strlen(base), i;

	sbuf_reset(dir);
	sbuf_reset(prefix);
	if (slash)
		sbuf_add(dir, path, (size_t)(slash - path) + 1);
	for (i = 0; i < ARRAY_SIZE(domain_files); i++) {
		size_t dl = strlen(domain_files[i]);

		if (bl >= dl && !strcmp(base + bl - dl, domain_files[i])) {
			sbuf_add(prefix, base, bl - dl);
			return;
		}
	}
	for (i = 0; i < bl && base[i] >= '0' && base[i] <= '9'; i++)
		;
	if (i > 0 && base[i] == '_')
		sbuf_add(prefix, base, i + 1);
}

/*
 * Load <dir>/<prefix>agent_info.csv when it exists, and the host name of the
 * rocprofv3 layout HOST/PID/PID_*.csv.
 */
static int
v3_setup(struct v3 *v, bool load_info, struct err *err)
{
	const char *path = input_path(v->in);
	struct sbuf dir = SBUF_INIT, prefix = SBUF_INIT, info = SBUF_INIT;
	struct stat st;
	int rc = 0;

	if (!path)
		return 0;
	split_path(path, &dir, &prefix);
	sbuf_addf(&info, "%s%sagent_info.csv", dir.buf, prefix.buf);
	if (load_info && strcmp(info.buf, path) && !stat(info.buf, &st) && S_ISREG(st.st_mode)) {
		struct input *ai;

		if ((rc = input_open(info.buf, &ai, err)))
			goto out;
		rc = read_agents(v, ai, err);
		input_close(ai);
		if (rc)
			goto out;
	}
	if (prefix.len > 1 && prefix.buf[prefix.len - 1] == '_' && dir.len > 1) {
		/* dir = ".../HOST/PID/": check that PID matches the prefix. */
		char *d = xstrndup(dir.buf, dir.len - 1), *p = strrchr(d, '/'), *h;

		if (p && !strncmp(p + 1, prefix.buf, prefix.len - 1) &&
		    strlen(p + 1) == prefix.len - 1) {
			*p = '\0';
			h = strrchr(d, '/');
			h = h ? h + 1 : d;
			if (*h && strcmp(h, ".") && strcmp(h, ".."))
				v->host = xstrdup(h);
		}
		free(d);
	}
out:
	sbuf_release(&dir);
	sbuf_release(&prefix);
	sbuf_release(&info);
	return rc;
}

static struct agent *
find_agent(struct v3 *v, int64_t logical)
{
	size_t i;

	for (i = 0; i < v->nag; i++)
		if (v->ag[i].logical == logical)
			return &v->ag[i];
	return NULL;
}

static int
announce(struct v3 *v, struct agent *a, struct err *err)
{
	struct rec_gpu g = { a->ordinal, -1, "AMD", a->product };

	if (a->announced)
		return 0;
	a->announced = true;
	return v->s->gpu(v->s, &g, err);
}

/*
 * agent_device() - GPU ordinal of the agent label in column @col (-1 for a
 * CPU agent or an empty cell). Without agent_info, a label counts as a GPU
 * only when @assume_gpu.
 */
static int
agent_device(struct v3 *v, const struct csv *c, int col, bool assume_gpu, int *dev,
	     struct err *err)
{
	const char *s = csv_get(c, col);
	int64_t n;
	struct agent *a;

	*dev = -1;
	if (!*s)
		return 0;
	if (!strncasecmp(s, "GPU ", 4) || !strncasecmp(s, "CPU ", 4)) {
		if (parse_i64(s + 4, 0, 65535, &n))
			goto bad;
		if (toupper((unsigned char)s[0]) == 'G') {
			struct rec_gpu g = { (int)n, -1, "AMD", NULL };

			*dev = (int)n;
			return v->s->gpu(v->s, &g, err);
		}
		return 0;
	}
	if (!strncasecmp(s, "Agent ", 6))
		s += 6;
	if (parse_i64(s, 0, INT32_MAX, &n))
		goto bad;
	a = find_agent(v, n);
	if (v->have_info) {
		if (!a)
			return csv_err(c, err, "agent %lld in column %s is not in agent_info.csv",
				       (long long)n, csv_hdr_name(c, col));
	} else {
		if (!assume_gpu)
			return 0;
		if (!a) {
			if (!v->noted) {
				v->noted = true;
				if (v->s->meta(v->s, "note",
					       "no agent_info.csv beside the trace: GPU agents "
					       "numbered in order of first appearance", err))
					return err->status;
			}
			VEC_GROW(v->ag, v->nag + 1, v->aag);
			a = &v->ag[v->nag++];
			memset(a, 0, sizeof(*a));
			a->logical = n;
			a->gpu = true;
			a->ordinal = v->next_ordinal++;
		}
	}
	if (!a->gpu)
		return 0;
	*dev = a->ordinal;
	return announce(v, a, err);
bad:
	return csv_err(c, err, "expected an agent label (\"Agent N\", \"GPU N\") in column %s",
		       csv_hdr_name(c, col));
}

/* ---- families ---- */

static int
need_cols(const struct csv *c, const char *what, struct err *err, int n, const int *cols)
{
	int i;

	for (i = 0; i < n; i++)
		if (cols[i] < 0)
			return csv_err(c, err, "expected columns %s in the header", what);
	return 0;
}

static int
times(const struct csv *c, int cs, int ce, int64_t *start, int64_t *end, struct err *err)
{
	int rc;

	if ((rc = csv_i64(c, cs, start, err)) || (rc = csv_i64(c, ce, end, err)))
		return rc;
	if (*end < *start)
		return csv_err(c, err, "expected %s >= %s", csv_hdr_name(c, ce),
			       csv_hdr_name(c, cs));
	return 0;
}

static int
do_kernels(struct v3 *v, struct csv *c, struct err *err)
{
	int ca = csv_col(c, "Agent_Id"), cn = csv_col(c, "Kernel_Name");
	int cs = csv_col(c, "Start_Timestamp"), ce = csv_col(c, "End_Timestamp");
	int cst = csv_col(c, "Stream_Id"), cq = csv_col(c, "Queue_Id");
	int cc = csv_col(c, "Correlation_Id");
	int req[] = { ca, cn, cs, ce };
	int rc;

	if ((rc = need_cols(c, "Agent_Id, Kernel_Name, Start_Timestamp and End_Timestamp", err,
			    4, req)))
		return rc;
	while ((rc = csv_next(c, err)) > 0) {
		struct rec_kernel k = { 0 };
		int64_t stream = 0;

		if (csv_blank(c) || csv_is_header(c))
			continue;
		if ((rc = times(c, cs, ce, &k.start_ns, &k.end_ns, err)) ||
		    (rc = agent_device(v, c, ca, true, &k.device, err)))
			return rc;
		if (k.device < 0)
			return csv_err(c, err, "expected a GPU agent in column %s",
				       csv_hdr_name(c, ca));
		if (cst >= 0 ? (rc = csv_i64(c, cst, &stream, err))
			     : cq >= 0 ? (rc = csv_i64(c, cq, &stream, err)) : 0)
			return rc;
		k.correlation = -1;
		if (cc >= 0 && (rc = csv_i64(c, cc, &k.correlation, err)))
			return rc;
		k.rank = -1;
		k.stream = stream;
		k.name = csv_get(c, cn);
		k.name_len = csv_get_len(c, cn);
		k.kclass = kernel_classify(k.name, k.name_len, NULL);
		k.launch_ns = TIME_NONE;
		k.bytes = -1;
		if ((rc = v->s->kernel(v->s, &k, err)))
			return rc;
	}
	return rc;
}

static int
do_copies(struct v3 *v, struct csv *c, struct err *err)
{
	int cd = csv_col(c, "Direction"), csrc = csv_col(c, "Source_Agent_Id");
	int cdst = csv_col(c, "Destination_Agent_Id");
	int cs = csv_col(c, "Start_Timestamp"), ce = csv_col(c, "End_Timestamp");
	int cst = csv_col(c, "Stream_Id"), cc = csv_col(c, "Correlation_Id");
	int cb = csv_col(c, "Bytes|Size|Copy_Bytes");
	int req[] = { cd, csrc, cdst, cs, ce };
	int64_t skipped = 0;
	int rc;

	if ((rc = need_cols(c, "Direction, Source_Agent_Id, Destination_Agent_Id, "
			       "Start_Timestamp and End_Timestamp", err, 5, req)))
		return rc;
	while ((rc = csv_next(c, err)) > 0) {
		struct rec_kernel k = { 0 };
		const char *dir;
		int sdev, ddev;

		if (csv_blank(c) || csv_is_header(c))
			continue;
		dir = csv_get(c, cd);
		/* Without agent_info the direction says which side is a GPU. */
		if ((rc = times(c, cs, ce, &k.start_ns, &k.end_ns, err)) ||
		    (rc = agent_device(v, c, csrc, strstr(dir, "DEVICE_TO") != NULL, &sdev, err)) ||
		    (rc = agent_device(v, c, cdst, strstr(dir, "TO_DEVICE") != NULL, &ddev, err)))
			return rc;
		k.device = sdev >= 0 ? sdev : ddev;
		if (k.device < 0) {
			skipped++;
			continue;
		}
		k.stream = -1;
		if (cst >= 0 && (rc = csv_i64(c, cst, &k.stream, err)))
			return rc;
		k.correlation = -1;
		if (cc >= 0 && (rc = csv_i64(c, cc, &k.correlation, err)))
			return rc;
		k.bytes = -1;
		if (cb >= 0 && (rc = csv_i64(c, cb, &k.bytes, err)))
			return rc;
		k.rank = -1;
		k.name = dir;
		k.name_len = csv_get_len(c, cd);
		k.kclass = KCLASS_MEMCPY;
		k.launch_ns = TIME_NONE;
		if ((rc = v->s->kernel(v->s, &k, err)))
			return rc;
	}
	if (rc == 0 && skipped) {
		char msg[96];

		snprintf(msg, sizeof(msg), "%lld host-to-host copies skipped (no GPU side)",
			 (long long)skipped);
		rc = v->s->meta(v->s, "note", msg, err);
	}
	return rc;
}

/* Annotation kind of an API domain ("HIP_RUNTIME_API_EXT" → "hip_api"). */
static const char *
api_kind(const char *domain)
{
	static const struct { const char *prefix, *kind; } map[] = {
		{ "HIP_", "hip_api" }, { "HSA_", "hsa_api" }, { "RCCL_", "rccl_api" },
		{ "MARKER_", "marker" }, { "ROCTX", "marker" }, { "ROCDECODE_", "rocdecode_api" },
		{ "ROCJPEG_", "rocjpeg_api" }, { "OMPT", "ompt" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(map); i++)
		if (!strncasecmp(domain, map[i].prefix, strlen(map[i].prefix)))
			return map[i].kind;
	return "api";
}

static bool
is_launch(const char *fn)
{
	return strstr(fn, "Launch") || strstr(fn, "Memcpy") || strstr(fn, "Memset");
}

static int
do_api(struct v3 *v, struct csv *c, struct err *err)
{
	int cdom = csv_col(c, "Domain"), cf = csv_col(c, "Function");
	int cs = csv_col(c, "Start_Timestamp"), ce = csv_col(c, "End_Timestamp");
	int ct = csv_col(c, "Thread_Id"), cc = csv_col(c, "Correlation_Id");
	int req[] = { cdom, cf, cs, ce };
	int rc;

	if ((rc = need_cols(c, "Domain, Function, Start_Timestamp and End_Timestamp", err, 4,
			    req)))
		return rc;
	while ((rc = csv_next(c, err)) > 0) {
		struct rec_annotation a = { 0 };
		int64_t corr = -1;

		if (csv_blank(c) || csv_is_header(c))
			continue;
		if ((rc = times(c, cs, ce, &a.start_ns, &a.end_ns, err)) ||
		    (ct >= 0 && (rc = csv_i64(c, ct, &a.tid, err))) ||
		    (cc >= 0 && (rc = csv_i64(c, cc, &corr, err))))
			return rc;
		a.rank = -1;
		a.kind = api_kind(csv_get(c, cdom));
		a.name = csv_get(c, cf);
		a.device = -1;
		a.external_id = -1;
		if ((rc = v->s->annotation(v->s, &a, err)))
			return rc;
		if (corr >= 0 && !strcmp(a.kind, "hip_api") && is_launch(a.name)) {
			struct rec_launch l = { -1, corr, a.start_ns, a.tid, -1 };

			if ((rc = v->s->launch(v->s, &l, err)))
				return rc;
		}
	}
	return rc;
}

/* memory_allocation_trace and scratch_memory_trace: annotations on their agent. */
static int
do_memory(struct v3 *v, struct csv *c, const char *kind, bool gpu_side, struct err *err)
{
	int co = csv_col(c, "Operation"), ca = csv_col(c, "Agent_Id");
	int cs = csv_col(c, "Start_Timestamp"), ce = csv_col(c, "End_Timestamp");
	int ct = csv_col(c, "Thread_Id");
	int req[] = { co, cs, ce };
	int rc;

	if ((rc = need_cols(c, "Operation, Start_Timestamp and End_Timestamp", err, 3, req)))
		return rc;
	while ((rc = csv_next(c, err)) > 0) {
		struct rec_annotation a = { 0 };

		if (csv_blank(c) || csv_is_header(c))
			continue;
		if ((rc = times(c, cs, ce, &a.start_ns, &a.end_ns, err)) ||
		    (ct >= 0 && (rc = csv_i64(c, ct, &a.tid, err))))
			return rc;
		a.device = -1;
		if (ca >= 0 && (rc = agent_device(v, c, ca, gpu_side, &a.device, err)))
			return rc;
		a.rank = -1;
		a.kind = kind;
		a.name = csv_get(c, co);
		a.external_id = -1;
		if ((rc = v->s->annotation(v->s, &a, err)))
			return rc;
	}
	return rc;
}

static int
parse(struct input *in, const struct parse_opts *o, struct sink *s, struct err *err)
{
	struct v3 v = { 0 };
	struct rec_source src = { "rocprofv3-csv", CLK_BOOTTIME, NULL, -1, -1 };
	const char *head;
	size_t got;
	enum family fam;
	struct csv c;
	int rc;
	size_t i;

	(void)o;
	head = input_peek(in, 65536, &got, err);
	if (!head)
		return err->status;
	fam = family_of(head, got);
	if (fam == F_STATS)
		return rocprof_stats(in, "rocprofv3-csv", s, err);
	v.in = in;
	v.s = s;
	csv_init(&c, in, 0);
	if ((rc = v3_setup(&v, fam != F_AGENT, err)))
		goto out;
	src.hostname = v.host;
	if ((rc = s->source(s, &src, err)))
		goto out;
	if (fam == F_AGENT) {
		rc = read_agents(&v, in, err);
		for (i = 0; !rc && i < v.nag; i++)
			if (v.ag[i].gpu)
				rc = announce(&v, &v.ag[i], err);
		goto out;
	}
	if ((rc = csv_header(&c, err)) <= 0) {
		if (rc == 0)
			rc = csv_err(&c, err, "expected a header line");
		goto out;
	}
	switch (fam) {
	case F_KERNEL:
		rc = do_kernels(&v, &c, err);
		break;
	case F_COPY:
		rc = do_copies(&v, &c, err);
		break;
	case F_API:
		rc = do_api(&v, &c, err);
		break;
	case F_ALLOC:
		rc = do_memory(&v, &c, "memory_allocation", false, err);
		break;
	case F_SCRATCH:
		rc = do_memory(&v, &c, "scratch_memory", true, err);
		break;
	case F_COUNTER:
		rc = s->meta(s, "skipped",
			     "counter_collection: per-dispatch counter values are not imported",
			     err);
		break;
	default:
		rc = csv_err(&c, err, "expected a rocprofv3 CSV header");
		break;
	}
out:
	csv_release(&c);
	v3_release(&v);
	return rc < 0 ? rc : 0;
}

const struct parser parser_rocprofv3_csv = { "rocprofv3-csv", probe, parse };
