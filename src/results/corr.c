/* SPDX-License-Identifier: MIT */
/*
 * corr.c: correlation of overlap ratio with duration (METHOD §4) per GPU and
 * across GPUs, by kernel, operation or layer, over a node's samples.
 */
#include "litsi/results.h"
#include "litsi/interval.h"
#include "litsi/litsi.h"
#include "litsi/stats.h"
#include "litsi/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void
acc_grow(struct res_corr *a, uint32_t id)
{
	size_t old = a->nr_names, want;

	if (id < old)
		return;
	want = (size_t)id + 1 > old * 2 ? (size_t)id + 1 : old * 2;
	a->per = xrealloc(a->per, want * a->G * sizeof(*a->per));
	memset(a->per + old * a->G, 0, (want - old) * a->G * sizeof(*a->per));
#define GROW(p)                                                              \
	do {                                                                 \
		(p) = xrealloc((p), want * sizeof(*(p)));                    \
		memset((p) + old, 0, (want - old) * sizeof(*(p)));          \
	} while (0)
	GROW(a->inst);
	GROW(a->rdef);
	GROW(a->cdef);
	GROW(a->rsum);
	GROW(a->csum);
#undef GROW
	a->nr_names = want;
}

static void
acc_gpu(struct res_corr *a, size_t g, const struct kspan *k, size_t n)
{
	struct ival *u = xmalloc((n + 1) * sizeof(*u));
	int64_t *ov = xmalloc((n + 1) * sizeof(*ov));
	double *ratio = xmalloc((n + 1) * sizeof(*ratio));
	size_t nu = overlap_comm_union(k, n, u), i;

	overlap_kernels(k, n, u, nu, ov, ratio);
	for (i = 0; i < n; i++) {
		if (k[i].kclass != KCLASS_COMPUTE)
			continue;
		acc_grow(a, k[i].name_id);
		stats_corr_add(&a->per[(size_t)k[i].name_id * a->G + g], ratio[i],
			       (double)ival_len(k[i].start_ns, k[i].end_ns));
	}
	free(u);
	free(ov);
	free(ratio);
}

/* One instance of key @id matched on all GPUs: r and cosine over the G pairs (x, y). */
static void
acc_instance(struct res_corr *a, uint32_t id, const double *x, const double *y)
{
	double r = stats_pearson(x, y, a->G), c = stats_cosine(x, y, a->G);

	acc_grow(a, id);
	a->inst[id]++;
	if (!isnan(r)) {
		a->rdef[id]++;
		a->rsum[id] += r;
	}
	if (!isnan(c)) {
		a->cdef[id]++;
		a->csum[id] += c;
	}
}

static void
acc_across(struct res_corr *a, const struct match *m)
{
	double *x = xmalloc((m->G + 1) * sizeof(*x)), *y = xmalloc((m->G + 1) * sizeof(*y));
	size_t k, g;

	for (k = 0; k < m->K; k++) {
		for (g = 0; g < m->G; g++) {
			x[g] = m->ratio[g * m->K + k];
			y[g] = (double)m->dur[g * m->K + k];
		}
		acc_instance(a, m->name_id[k], x, y);
	}
	free(x);
	free(y);
}

/*
 * One sample with --by operation|layer: per GPU the groups' (ratio, span)
 * series, then the groups matched across the GPUs by (name, occurrence).
 */
static int
acc_groups(struct res_corr *a, struct res_node *nd, bool layers, struct err *err)
{
	struct overlap_group **gr = xcalloc(nd->G + 1, sizeof(*gr));
	struct coll_inst **ci = xcalloc(nd->G + 1, sizeof(*ci));
	size_t *ng = xcalloc(nd->G + 1, sizeof(*ng));
	double *x = xmalloc((nd->G + 1) * sizeof(*x)), *y = xmalloc((nd->G + 1) * sizeof(*y));
	struct coll_match m = { 0 };
	size_t g, i, k;
	int rc = 0;

	for (g = 0; !rc && g < nd->G; g++) {
		struct ival *u = xmalloc((nd->nk[g] + 1) * sizeof(*u));
		size_t nu = overlap_comm_union(nd->kern[g], nd->nk[g], u), un, na;

		rc = res_load_groups(nd->st, &nd->gpus[g], nd->kern[g], nd->nk[g], u, nu, layers,
				     &gr[g], &ng[g], &un, &na, err);
		free(u);
		a->annotations += na;
		a->unassigned += un;
		ci[g] = xmalloc((ng[g] + 1) * sizeof(*ci[g]));
		for (i = 0; i < ng[g]; i++) {
			const struct overlap_group *o = &gr[g][i];

			acc_grow(a, o->name_id);
			stats_corr_add(&a->per[(size_t)o->name_id * a->G + g], o->ratio,
				       (double)ival_len(o->start_ns, o->end_ns));
			ci[g][i] = (struct coll_inst){ o->start_ns, o->end_ns, o->name_id };
		}
	}
	if (!rc) {
		lead_match_collectives(nd->G, (const struct coll_inst *const *)ci, ng, &m);
		for (k = 0; k < m.K; k++) {
			for (g = 0; g < m.G; g++) {
				x[g] = gr[g][m.idx[g * m.K + k]].ratio;
				y[g] = (double)ival_len(m.start[g * m.K + k], m.end[g * m.K + k]);
			}
			acc_instance(a, m.group[k], x, y);
		}
		coll_match_release(&m);
	}
	for (g = 0; g < nd->G; g++) {
		free(gr[g]);
		free(ci[g]);
	}
	free(gr);
	free(ci);
	free(ng);
	free(x);
	free(y);
	return rc;
}

int
res_corr_eval(struct res_node *nd, enum res_by by, struct res_corr *a, struct err *err)
{
	size_t s, g;
	int rc;

	memset(a, 0, sizeof(*a));
	a->G = nd->G;
	for (s = 0; s < nd->nsteps; s++) {
		struct match m;

		if ((rc = res_load_sample(nd, nd->steps[s], err)))
			return rc;
		if (by != RES_BY_KERNEL) {
			if ((rc = acc_groups(a, nd, by == RES_BY_LAYER, err)))
				return rc;
			continue;
		}
		for (g = 0; g < nd->G; g++)
			acc_gpu(a, g, nd->kern[g], nd->nk[g]);
		lead_match(nd->G, (const struct kspan *const *)nd->kern, nd->nk, &m);
		acc_across(a, &m);
		match_release(&m);
	}
	return 0;
}

double
res_corr_mean_pearson(const struct res_corr *a, uint32_t id)
{
	return id < a->nr_names && a->rdef[id] ? a->rsum[id] / (double)a->rdef[id] : NAN;
}

void
res_corr_release(struct res_corr *a)
{
	free(a->per);
	free(a->inst);
	free(a->rdef);
	free(a->cdef);
	free(a->rsum);
	free(a->csum);
	memset(a, 0, sizeof(*a));
}
