/* SPDX-License-Identifier: MIT */
/*
 * profile.c: what each GPU did in its samples: compute time and kernels,
 * idle gaps between kernels, and how late its collectives end. The trace
 * side of a straggler's cause (METHOD §9.1).
 */
#include "litsi/results.h"
#include "litsi/litsi.h"
#include "litsi/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void
res_profile_init(struct res_profile *p, size_t G)
{
	memset(p, 0, sizeof(*p));
	p->G = G;
	p->compute_ns = xcalloc(G + 1, sizeof(*p->compute_ns));
	p->ncompute = xcalloc(G + 1, sizeof(*p->ncompute));
	p->idle_ns = xcalloc(G + 1, sizeof(*p->idle_ns));
	p->comm_late_ns = xcalloc(G + 1, sizeof(*p->comm_late_ns));
	p->span_ns = xcalloc(G + 1, sizeof(*p->span_ns));
	p->const_ns = xcalloc(G + 1, sizeof(*p->const_ns));
}

void
res_profile_add_const(struct res_profile *p, const struct match *m, const bool *is_const)
{
	size_t g, k, nc = 0;

	for (k = 0; k < m->K; k++)
		nc += is_const[k];
	if (!nc || m->G != p->G)
		return;
	p->const_samples++;
	for (g = 0; g < m->G; g++)
		for (k = 0; k < m->K; k++)
			if (is_const[k])
				p->const_ns[g] += (double)m->dur[g * m->K + k];
}

/* Compute time and count, span and the gaps inside it, of one GPU's sample (sorted by start). */
static void
add_gpu(struct res_profile *p, size_t g, const struct kspan *k, size_t n)
{
	int64_t reach, idle = 0;
	size_t i;

	if (!n)
		return;
	reach = k[0].end_ns;
	for (i = 0; i < n; i++) {
		if (k[i].kclass == KCLASS_COMPUTE) {
			p->compute_ns[g] += (double)(k[i].end_ns - k[i].start_ns);
			p->ncompute[g]++;
		}
		if (k[i].start_ns > reach)
			idle += k[i].start_ns - reach;
		if (k[i].end_ns > reach)
			reach = k[i].end_ns;
	}
	p->idle_ns[g] += (double)idle;
	p->span_ns[g] += (double)(reach - k[0].start_ns);
}

/* The i-th comm kernel of every GPU is one collective: its end on each GPU against the earliest. */
static void
add_comm(struct res_profile *p, const struct res_node *nd)
{
	size_t G = nd->G, g, ncomm = SIZE_MAX, i;
	size_t *at = xcalloc(G + 1, sizeof(*at));

	for (g = 0; g < G; g++) {
		size_t c = 0;

		for (i = 0; i < nd->nk[g]; i++)
			c += nd->kern[g][i].kclass == KCLASS_COMM;
		if (ncomm != SIZE_MAX && c != ncomm)
			ncomm = 0;
		else
			ncomm = c;
	}
	if (ncomm == 0 || ncomm == SIZE_MAX) {
		free(at);
		return;
	}
	p->comm_samples++;
	for (i = 0; i < ncomm; i++) {
		int64_t lo = INT64_MAX, *end = xmalloc((G + 1) * sizeof(*end));

		for (g = 0; g < G; g++) {
			const struct kspan *k = nd->kern[g];

			while (k[at[g]].kclass != KCLASS_COMM)
				at[g]++;
			end[g] = k[at[g]++].end_ns;
			lo = end[g] < lo ? end[g] : lo;
		}
		for (g = 0; g < G; g++)
			p->comm_late_ns[g] += (double)(end[g] - lo);
		free(end);
	}
	free(at);
}

void
res_profile_add(struct res_profile *p, const struct res_node *nd)
{
	size_t g, any = 0;

	for (g = 0; g < nd->G; g++)
		any += nd->nk[g] > 0;
	if (any < nd->G)
		return;
	p->samples++;
	for (g = 0; g < nd->G; g++)
		add_gpu(p, g, nd->kern[g], nd->nk[g]);
	add_comm(p, nd);
}

void
res_profile_finish(struct res_profile *p)
{
	size_t g;

	for (g = 0; g < p->G; g++) {
		double s = p->samples ? (double)p->samples : NAN;

		p->compute_ns[g] /= s;
		p->ncompute[g] /= s;
		p->idle_ns[g] /= s;
		p->span_ns[g] /= s;
		p->const_ns[g] = p->const_samples ? p->const_ns[g] / (double)p->const_samples : NAN;
		p->comm_late_ns[g] = p->comm_samples ? p->comm_late_ns[g] / (double)p->comm_samples
						     : NAN;
	}
}

void
res_profile_release(struct res_profile *p)
{
	free(p->compute_ns);
	free(p->ncompute);
	free(p->idle_ns);
	free(p->comm_late_ns);
	free(p->span_ns);
	free(p->const_ns);
	memset(p, 0, sizeof(*p));
}
