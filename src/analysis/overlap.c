/* SPDX-License-Identifier: MIT */
/* overlap.c: compute/comm overlap per kernel, per annotation, per GPU; pure. */
#include "litsi/overlap.h"
#include "litsi/litsi.h"
#include "litsi/util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t
overlap_comm_union(const struct kspan *k, size_t n, struct ival *out)
{
	size_t i, m = 0;

	for (i = 0; i < n; i++)
		if (k[i].kclass == KCLASS_COMM)
			out[m++] = (struct ival){ k[i].start_ns, k[i].end_ns };
	return ival_normalize(out, m);
}

double
overlap_ratio(int64_t ov_ns, int64_t dur_ns)
{
	if (dur_ns <= 0)
		return 0;
	return 100.0 * (double)ov_ns / (double)dur_ns;
}

void
overlap_kernels(const struct kspan *k, size_t n, const struct ival *u, size_t nu, int64_t *ov,
		double *ratio)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (k[i].kclass != KCLASS_COMPUTE) {
			ov[i] = 0;
			ratio[i] = NAN;
			continue;
		}
		ov[i] = ival_overlap(u, nu, k[i].start_ns, k[i].end_ns);
		ratio[i] = overlap_ratio(ov[i], ival_len(k[i].start_ns, k[i].end_ns));
	}
}

void
overlap_summarize(const struct kspan *k, size_t n, const int64_t *ov, const double *ratio,
		  const struct ival *u, size_t nu, struct overlap_summary *out)
{
	double rsum = 0;
	size_t i;

	*out = (struct overlap_summary){ 0 };
	for (i = 0; i < n; i++) {
		if (k[i].kclass == KCLASS_COMM)
			out->n_comm++;
		if (k[i].kclass != KCLASS_COMPUTE)
			continue;
		out->n_compute++;
		out->compute_ns = sat_add64(out->compute_ns, ival_len(k[i].start_ns, k[i].end_ns));
		out->overlap_ns = sat_add64(out->overlap_ns, ov[i]);
		rsum += ratio[i];
	}
	out->comm_ns = ival_total(u, nu);
	out->mean_ratio = out->n_compute ? rsum / (double)out->n_compute : NAN;
	out->weighted_ratio = out->compute_ns ? overlap_ratio(out->overlap_ns, out->compute_ns)
					      : NAN;
}

static int64_t
set_len_op(const struct ival *a, size_t na, const struct ival *b, size_t nb, bool intersect,
	   struct ival *tmp)
{
	size_t m = intersect ? ival_intersect(a, na, b, nb, tmp) : ival_subtract(a, na, b, nb, tmp);

	return ival_total(tmp, m);
}

void
overlap_timeline(const struct kspan *k, size_t n, bool linked_only, struct tl_timeline *out)
{
	struct ival *comp = xmalloc((n + 1) * sizeof(*comp));
	struct ival *comm = xmalloc((n + 1) * sizeof(*comm));
	struct ival *mcpy = xmalloc((n + 1) * sizeof(*mcpy));
	struct ival *all = xmalloc((n + 1) * sizeof(*all));
	struct ival *tmp = xmalloc((2 * n + 1) * sizeof(*tmp));
	size_t nc = 0, nm = 0, ny = 0, na = 0, i, m;
	int64_t first = INT64_MAX, last = INT64_MIN;

	*out = (struct tl_timeline){ 0 };
	for (i = 0; i < n; i++) {
		struct ival v = { k[i].start_ns, k[i].end_ns };

		if (linked_only && k[i].launch_ns == TIME_NONE)
			continue;
		out->events++;
		first = v.s < first ? v.s : first;
		last = v.e > last ? v.e : last;
		all[na++] = v;
		if (k[i].kclass == KCLASS_COMM)
			comm[nm++] = v;
		else if (k[i].kclass == KCLASS_MEMCPY)
			mcpy[ny++] = v;
		else
			comp[nc++] = v;
	}
	nc = ival_normalize(comp, nc);
	nm = ival_normalize(comm, nm);
	ny = ival_normalize(mcpy, ny);
	na = ival_normalize(all, na);
	out->total = out->events ? ival_len(first, last) : 0;
	out->computation = ival_total(comp, nc);
	out->total_comm = ival_total(comm, nm);
	out->total_memcpy = ival_total(mcpy, ny);
	out->busy = ival_total(all, na);
	out->idle = out->total - out->busy;
	out->exposed_comm = set_len_op(comm, nm, comp, nc, false, tmp);
	/* (U(memcpy) − U(comp)) − U(comm): the first difference goes to "all". */
	m = ival_subtract(mcpy, ny, comp, nc, all);
	out->exposed_memcpy = set_len_op(all, m, comm, nm, false, tmp);
	free(comp);
	free(comm);
	free(mcpy);
	free(all);
	free(tmp);
}

double
overlap_comm_comp_pct(const struct kspan *k, size_t n)
{
	struct ival *comp = xmalloc((n + 1) * sizeof(*comp));
	struct ival *comm = xmalloc((n + 1) * sizeof(*comm));
	struct ival *tmp = xmalloc((2 * n + 1) * sizeof(*tmp));
	size_t nc = 0, nm = 0, i;
	int64_t both, total;

	for (i = 0; i < n; i++) {
		if (k[i].kclass == KCLASS_COMM)
			comm[nm++] = (struct ival){ k[i].start_ns, k[i].end_ns };
		else if (k[i].kclass == KCLASS_COMPUTE)
			comp[nc++] = (struct ival){ k[i].start_ns, k[i].end_ns };
	}
	nc = ival_normalize(comp, nc);
	nm = ival_normalize(comm, nm);
	total = ival_total(comm, nm);
	both = set_len_op(comm, nm, comp, nc, true, tmp);
	free(comp);
	free(comm);
	free(tmp);
	return total > 0 ? 100.0 * (double)both / (double)total : NAN;
}

/* ---- HolisticTraceAnalysis's comm/comp overlap (see overlap.h) ---- */

/* Python's re.match(prefix) and re.match(".*" needle): "." stops at '\n'. */
static bool
starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static bool
in_first_line(const char *s, const char *needle)
{
	const char *p = strstr(s, needle), *nl = strchr(s, '\n');

	return p && (!nl || p + strlen(needle) <= nl);
}

/* ComputeKernelGroupingPattern's expression; a compute kernel matches none of it. */
static bool
hta_not_compute(const char *s)
{
	static const char *const prefix[] = {
		"nccl", "Stream Wait Event", "runFunction", "hip", "job_exe", "packet",
		"pe_exe", "cpum_exe_subgraph", "hccl", "collective_subgraph_execution",
	};
	static const char *const anywhere[] = { "Memcpy", "Memset", "dma", "Sync" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(prefix); i++)
		if (starts(s, prefix[i]))
			return true;
	for (i = 0; i < ARRAY_SIZE(anywhere); i++)
		if (in_first_line(s, anywhere[i]))
			return true;
	/* cuda.*LaunchKernel */
	return starts(s, "cuda") && in_first_line(s + 4, "LaunchKernel");
}

enum hta_ktype
overlap_hta_ktype(const char *s)
{
	if (starts(s, "nccl") || starts(s, "hip") || starts(s, "hccl") ||
	    in_first_line(s, "ncclKernel"))
		return HTA_COMMUNICATION;
	if (starts(s, "Memcpy") || starts(s, "hipMemcpy") || starts(s, "Memset") ||
	    starts(s, "hipMemset") || starts(s, "dma"))
		return HTA_MEMORY;
	return hta_not_compute(s) ? HTA_OTHER : HTA_COMPUTATION;
}

/* An interval in HTA's microseconds; @id (kernel.id, file order) orders ties. */
struct hspan {
	double ts, end;
	int64_t id;
};

static int
cmp_hspan(const void *pa, const void *pb)
{
	const struct hspan *a = pa, *b = pb;

	if (a->ts != b->ts)
		return a->ts < b->ts ? -1 : 1;
	return a->id < b->id ? -1 : a->id > b->id;
}

/*
 * merge_kernel_intervals(): sorted by ts, a span opens a new group when its
 * ts is past the running max of the previous ends; a group is (min ts, max
 * end). Rounded spans may end before they start; they merge by the same rule,
 * and then the order of equal ts matters: HTA's is its sort's (numpy's
 * quicksort, not stable) over the events in trace order; here trace order.
 */
static size_t
hta_merge(struct hspan *v, size_t n)
{
	size_t m = 0, i;
	double maxend = 0;

	qsort(v, n, sizeof(*v), cmp_hspan);
	for (i = 0; i < n; i++) {
		if (i == 0 || v[i].ts > maxend) {
			v[m++] = v[i];
		} else if (v[i].end > v[m - 1].end) {
			v[m - 1].end = v[i].end;
		}
		maxend = i == 0 || v[i].end > maxend ? v[i].end : maxend;
	}
	return m;
}

struct hta_edge {
	double t;
	int delta;
};

static int
cmp_edge(const void *pa, const void *pb)
{
	const struct hta_edge *a = pa, *b = pb;

	return a->t < b->t ? -1 : a->t > b->t;
}

/*
 * The status sweep of get_comm_comp_overlap(): comm edges ±1, computation
 * edges ±2, the length of every stretch where the running sum is 3. Edges at
 * equal times bound zero-length stretches, so their order does not matter.
 */
static double
hta_both(const struct hspan *cm, size_t ncm, const struct hspan *cp, size_t ncp)
{
	size_t ne = 2 * (ncm + ncp), i, j = 0;
	struct hta_edge *e = xmalloc((ne + 1) * sizeof(*e));
	double both = 0;
	int run = 0;

	for (i = 0; i < ncm; i++) {
		e[j++] = (struct hta_edge){ cm[i].ts, 1 };
		e[j++] = (struct hta_edge){ cm[i].end, -1 };
	}
	for (i = 0; i < ncp; i++) {
		e[j++] = (struct hta_edge){ cp[i].ts, 2 };
		e[j++] = (struct hta_edge){ cp[i].end, -2 };
	}
	qsort(e, ne, sizeof(*e), cmp_edge);
	for (i = 0; i + 1 < ne; i++) {
		run += e[i].delta;
		if (run == 3)
			both += e[i + 1].t - e[i].t;
	}
	free(e);
	return both;
}

static int64_t
mod1000(int64_t v)
{
	int64_t r = v % 1000;

	return r < 0 ? r + 1000 : r;
}

/*
 * hta_us() - ns since the time base as the double Python reads from the
 * trace's decimal microseconds: the decimal is rebuilt and converted once,
 * correctly rounded (a conversion through an int64→double step would round
 * twice and miss by a grid step at epoch magnitudes).
 */
static double
hta_us(int64_t ns, int64_t base_ns)
{
	int64_t v = ns - base_ns;
	uint64_t a = v < 0 ? -(uint64_t)v : (uint64_t)v;
	char buf[48];

	snprintf(buf, sizeof(buf), "%s%llu.%03llu", v < 0 ? "-" : "",
		 (unsigned long long)(a / 1000), (unsigned long long)(a % 1000));
	return strtod(buf, NULL);
}

/* round(x, 2) as Python rounds: to the nearest multiple of 0.01 of the exact x. */
static double
round2(double x)
{
	char buf[64];

	if (!isfinite(x))
		return x;
	snprintf(buf, sizeof(buf), "%.2f", x);
	return strtod(buf, NULL);
}

double
overlap_hta_pct(const struct kspan *k, size_t n, kname_fn name, void *arg,
		const struct hta_trace *t)
{
	struct hspan *cm = xmalloc((n + 1) * sizeof(*cm));
	struct hspan *cp = xmalloc((n + 1) * sizeof(*cp));
	bool rounded = false, filter = t->profiler_steps >= 2;
	size_t ncm = 0, ncp = 0, i;
	double cut, den = 0, both;

	/* round_down_time_stamps() acts when ts are fractional: sub-µs times. */
	for (i = 0; i < n && !rounded; i++)
		rounded = mod1000(k[i].start_ns - t->base_ns) || mod1000(k[i].end_ns - t->base_ns);
	cut = hta_us(t->last_step_ns, t->base_ns);
	if (rounded)
		cut = ceil(cut);
	for (i = 0; i < n; i++) {
		double ts = hta_us(k[i].start_ns, t->base_ns);
		double end = ts + hta_us(k[i].end_ns - k[i].start_ns, 0);
		enum hta_ktype ty;

		if (filter) {
			double l;

			if (k[i].launch_ns == TIME_NONE)
				continue;
			l = hta_us(k[i].launch_ns, t->base_ns);
			if (!((rounded ? ceil(l) : l) < cut))
				continue;
		}
		ty = overlap_hta_ktype(name(arg, k[i].name_id));
		if (ty != HTA_COMMUNICATION && ty != HTA_COMPUTATION)
			continue;
		if (rounded) {
			ts = ceil(ts);
			end = floor(end);
		}
		if (ty == HTA_COMMUNICATION)
			cm[ncm++] = (struct hspan){ ts, end, k[i].id };
		else
			cp[ncp++] = (struct hspan){ ts, end, k[i].id };
	}
	ncm = hta_merge(cm, ncm);
	ncp = hta_merge(cp, ncp);
	for (i = 0; i < ncm; i++)
		den += cm[i].end - cm[i].ts;
	both = hta_both(cm, ncm, cp, ncp);
	free(cm);
	free(cp);
	/* pandas divides as IEEE does: 0/0 is the NaN HTA prints without comm. */
	if (den == 0)
		return both == 0 ? NAN : copysign(INFINITY, both);
	return round2(100 * (both / den));
}

/* Annotations of one side (CPU or GPU) sorted by start with a running max end. */
struct aside {
	size_t *idx;		/* into the caller's aspan array */
	int64_t *maxend;	/* max end over idx[0..j] */
	size_t m;
};

struct astart {
	int64_t start_ns;
	size_t i;
};

static int
cmp_astart(const void *pa, const void *pb)
{
	const struct astart *a = pa, *b = pb;

	if (a->start_ns != b->start_ns)
		return a->start_ns < b->start_ns ? -1 : 1;
	return a->i < b->i ? -1 : a->i > b->i;
}

static void
aside_build(const struct aspan *a, size_t na, bool on_gpu, struct aside *s)
{
	struct astart *tmp = xmalloc((na + 1) * sizeof(*tmp));
	size_t i;

	s->idx = xmalloc((na + 1) * sizeof(*s->idx));
	s->maxend = xmalloc((na + 1) * sizeof(*s->maxend));
	s->m = 0;
	for (i = 0; i < na; i++)
		if (a[i].on_gpu == on_gpu && a[i].end_ns > a[i].start_ns)
			tmp[s->m++] = (struct astart){ a[i].start_ns, i };
	qsort(tmp, s->m, sizeof(*tmp), cmp_astart);
	for (i = 0; i < s->m; i++) {
		int64_t e = a[tmp[i].i].end_ns;

		s->idx[i] = tmp[i].i;
		s->maxend[i] = i && s->maxend[i - 1] > e ? s->maxend[i - 1] : e;
	}
	free(tmp);
}

static void
aside_release(struct aside *s)
{
	free(s->idx);
	free(s->maxend);
}

/*
 * The shortest (@outer false) or longest annotation of @s containing [lo, hi],
 * ties to the earliest; SIZE_MAX when none.
 */
static size_t
aside_find(const struct aspan *a, const struct aside *s, int64_t lo, int64_t hi, bool outer)
{
	size_t l = 0, h = s->m, best = SIZE_MAX;
	int64_t best_len = 0;

	while (l < h) {
		size_t mid = l + (h - l) / 2;

		if (a[s->idx[mid]].start_ns <= lo)
			l = mid + 1;
		else
			h = mid;
	}
	while (l-- > 0 && s->maxend[l] > hi) {
		const struct aspan *c = &a[s->idx[l]];
		int64_t len = ival_len(c->start_ns, c->end_ns);

		if (c->end_ns <= hi)
			continue;
		if (best == SIZE_MAX || (outer ? len >= best_len : len <= best_len)) {
			best = s->idx[l];
			best_len = len;
		}
	}
	return best;
}

static size_t
kernel_annotation(const struct aspan *a, const struct aside *cpu, const struct aside *gpu,
		  const struct kspan *k)
{
	size_t c = SIZE_MAX, g;

	if (k->launch_ns != TIME_NONE)
		c = aside_find(a, cpu, k->launch_ns, k->launch_ns, false);
	g = aside_find(a, gpu, k->start_ns, k->start_ns, false);
	if (c == SIZE_MAX)
		return g;
	if (g == SIZE_MAX)
		return c;
	return ival_len(a[g].start_ns, a[g].end_ns) < ival_len(a[c].start_ns, a[c].end_ns) ? g : c;
}

static void
group_add(struct overlap_group *gr, const struct kspan *k)
{
	if (!gr->nk || k->start_ns < gr->start_ns)
		gr->start_ns = k->start_ns;
	if (!gr->nk || k->end_ns > gr->end_ns)
		gr->end_ns = k->end_ns;
	gr->nk++;
	gr->kernel_ns = sat_add64(gr->kernel_ns, ival_len(k->start_ns, k->end_ns));
}

/* Fold operations into layers by their outermost enclosing annotation. */
static size_t
fold_layers(const struct aspan *a, size_t na, const struct aside *cpu, const struct aside *gpu,
	    struct overlap_group *ops, const size_t *op_ann, size_t nops)
{
	size_t *layer_of = xmalloc((na + 1) * sizeof(*layer_of)), i, nl = 0;
	struct overlap_group *out = xcalloc(nops + 1, sizeof(*out));
	double *wsum = xcalloc(nops + 1, sizeof(*wsum));

	for (i = 0; i < na; i++)
		layer_of[i] = SIZE_MAX;
	for (i = 0; i < nops; i++) {
		const struct aspan *oa = &a[op_ann[i]];
		size_t o = aside_find(a, oa->on_gpu ? gpu : cpu, oa->start_ns, oa->end_ns - 1, true);
		struct overlap_group *l;

		if (o == SIZE_MAX)
			o = op_ann[i];
		if (layer_of[o] == SIZE_MAX) {
			layer_of[o] = nl;
			out[nl++] = (struct overlap_group){ .name_id = a[o].name_id,
							     .start_ns = ops[i].start_ns,
							     .end_ns = ops[i].end_ns };
		}
		l = &out[layer_of[o]];
		l->start_ns = ops[i].start_ns < l->start_ns ? ops[i].start_ns : l->start_ns;
		l->end_ns = ops[i].end_ns > l->end_ns ? ops[i].end_ns : l->end_ns;
		l->nk += ops[i].nk;
		l->kernel_ns = sat_add64(l->kernel_ns, ops[i].kernel_ns);
		l->overlap_ns = sat_add64(l->overlap_ns, ops[i].overlap_ns);
		wsum[layer_of[o]] += (double)ops[i].kernel_ns * ops[i].ratio;
	}
	for (i = 0; i < nl; i++)
		out[i].ratio = out[i].kernel_ns ? wsum[i] / (double)out[i].kernel_ns : 0;
	for (i = 0; i < nl; i++)
		ops[i] = out[i];
	free(layer_of);
	free(out);
	free(wsum);
	return nl;
}

void
overlap_groups(const struct kspan *k, size_t n, const struct ival *u, size_t nu,
	       const struct aspan *a, size_t na, bool layers, struct overlap_group **out,
	       size_t *nout, size_t *unassigned)
{
	struct aside cpu, gpu;
	size_t *grp_of = xmalloc((na + 1) * sizeof(*grp_of));
	size_t *op_ann = xmalloc((na + 1) * sizeof(*op_ann));
	struct overlap_group *g = xcalloc(na + 1, sizeof(*g));
	size_t i, ng = 0;

	*unassigned = 0;
	aside_build(a, na, false, &cpu);
	aside_build(a, na, true, &gpu);
	for (i = 0; i < na; i++)
		grp_of[i] = SIZE_MAX;
	for (i = 0; i < n; i++) {
		size_t ai;

		if (k[i].kclass != KCLASS_COMPUTE)
			continue;
		ai = kernel_annotation(a, &cpu, &gpu, &k[i]);
		if (ai == SIZE_MAX) {
			(*unassigned)++;
			continue;
		}
		if (grp_of[ai] == SIZE_MAX) {
			grp_of[ai] = ng;
			op_ann[ng] = ai;
			g[ng++].name_id = a[ai].name_id;
		}
		group_add(&g[grp_of[ai]], &k[i]);
	}
	for (i = 0; i < ng; i++) {
		g[i].overlap_ns = ival_overlap(u, nu, g[i].start_ns, g[i].end_ns);
		g[i].ratio = overlap_ratio(g[i].overlap_ns, ival_len(g[i].start_ns, g[i].end_ns));
	}
	if (layers)
		ng = fold_layers(a, na, &cpu, &gpu, g, op_ann, ng);
	aside_release(&cpu);
	aside_release(&gpu);
	free(grp_of);
	free(op_ann);
	*out = g;
	*nout = ng;
}

/* ---- TraceLens timeline on double microseconds ---- */

struct dspan {
	double s, e;
};

/* Union of start-sorted spans, merging on s <= last end; returns the count. */
static size_t
dspan_merge(struct dspan *v, size_t n)
{
	size_t m = 0, i;

	for (i = 0; i < n; i++) {
		if (m && v[i].s <= v[m - 1].e) {
			if (v[i].e > v[m - 1].e)
				v[m - 1].e = v[i].e;
		} else {
			v[m++] = v[i];
		}
	}
	return m;
}

static double
dspan_sum(const struct dspan *v, size_t n)
{
	double sum = 0;
	size_t i;

	for (i = 0; i < n; i++)
		sum += v[i].e - v[i].s;
	return sum;
}

/* @b minus @a, both merged and sorted; the result goes to @out (room for na + nb). */
static size_t
dspan_subtract(const struct dspan *a, size_t na, const struct dspan *b, size_t nb,
	       struct dspan *out)
{
	size_t ai = 0, bi, m = 0;

	for (bi = 0; bi < nb; bi++) {
		double cur = b[bi].s, end = b[bi].e;
		size_t t;

		while (ai < na && a[ai].e <= b[bi].s)
			ai++;
		for (t = ai; t < na && a[t].s < end; t++) {
			if (a[t].s > cur)
				out[m++] = (struct dspan){ cur, end < a[t].s ? end : a[t].s };
			if (a[t].e > cur)
				cur = a[t].e;
			if (cur >= end)
				break;
		}
		if (cur < end)
			out[m++] = (struct dspan){ cur, end };
	}
	return m;
}

void
overlap_timeline_tl(const struct kspan *k, size_t n, int64_t base_ns, struct tl_timeline_us *out)
{
	struct dspan *comp = xmalloc((n + 1) * sizeof(*comp));
	struct dspan *comm = xmalloc((n + 1) * sizeof(*comm));
	struct dspan *mcpy = xmalloc((n + 1) * sizeof(*mcpy));
	struct dspan *all = xmalloc((n + 1) * sizeof(*all));
	struct dspan *t1 = xmalloc((2 * n + 1) * sizeof(*t1));
	struct dspan *t2 = xmalloc((2 * n + 1) * sizeof(*t2));
	size_t nc = 0, nm = 0, ny = 0, na = 0, i, m;

	*out = (struct tl_timeline_us){ 0 };
	/* @k is sorted by start, as TraceLens sorts each category before merging. */
	for (i = 0; i < n; i++) {
		double ts = (double)sat_sub64(k[i].start_ns, base_ns) / 1000.0;
		double dur = (double)sat_sub64(k[i].end_ns, k[i].start_ns) / 1000.0;
		struct dspan v = { ts, ts + dur };

		if (k[i].launch_ns == TIME_NONE)
			continue;
		out->events++;
		all[na++] = v;
		if (k[i].kclass == KCLASS_COMM)
			comm[nm++] = v;
		else if (k[i].kclass == KCLASS_MEMCPY)
			mcpy[ny++] = v;
		else
			comp[nc++] = v;
	}
	nc = dspan_merge(comp, nc);
	nm = dspan_merge(comm, nm);
	ny = dspan_merge(mcpy, ny);
	na = dspan_merge(all, na);
	if (na)
		out->total = all[na - 1].e - all[0].s;
	out->computation = dspan_sum(comp, nc);
	out->total_comm = dspan_sum(comm, nm);
	out->total_memcpy = dspan_sum(mcpy, ny);
	out->busy = dspan_sum(all, na);
	out->idle = out->total - out->busy;
	m = dspan_subtract(comp, nc, comm, nm, t1);
	out->exposed_comm = dspan_sum(t1, m);
	m = dspan_subtract(comp, nc, mcpy, ny, t1);
	m = dspan_subtract(comm, nm, t1, m, t2);
	out->exposed_memcpy = dspan_sum(t2, m);
	free(comp);
	free(comm);
	free(mcpy);
	free(all);
	free(t1);
	free(t2);
}
