/* SPDX-License-Identifier: MIT */
/*
 * node.c: a node's GPUs and samples, kernels one sample at a time with the
 * --comm-pattern reclassification, annotations for grouping, and the
 * persistent straggler rule shared by every output.
 */
#include "litsi/results.h"
#include "litsi/litsi.h"
#include "litsi/store.h"
#include "litsi/util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void
res_opts_default(struct res_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->eps = 1;
	o->agg = LEAD_SUM;
	o->persist = 80;
	o->base_power = o->idle_power = NAN;
	o->load_activity = 10;
	o->load_power = 150;
	o->min_readings = 3;
}

int
res_node_open(struct store *st, const struct node_row *node, const char *comm_re,
	      struct res_node *nd, struct err *err)
{
	memset(nd, 0, sizeof(*nd));
	nd->st = st;
	nd->node_id = node->id;
	nd->name = node->name;
	if (comm_re) {
		if (regcomp(&nd->re, comm_re, REG_EXTENDED | REG_ICASE | REG_NOSUB))
			return err_set(err, LITSI_EUSAGE, "invalid --comm-pattern '%s'", comm_re);
		nd->has_re = true;
	}
	if (store_list_gpus(st, node->id, &nd->gpus, &nd->G, err) ||
	    store_list_steps(st, node->id, &nd->steps, &nd->nsteps, err))
		return err->status;
	nd->kern = xcalloc(nd->G + 1, sizeof(*nd->kern));
	nd->nk = xcalloc(nd->G + 1, sizeof(*nd->nk));
	nd->kcap = xcalloc(nd->G + 1, sizeof(*nd->kcap));
	return 0;
}

void
res_node_release(struct res_node *nd)
{
	size_t g;

	for (g = 0; g < nd->G && nd->kern; g++)
		free(nd->kern[g]);
	free(nd->kern);
	free(nd->nk);
	free(nd->kcap);
	store_free_gpus(nd->gpus, nd->G);
	free(nd->steps);
	free(nd->is_comm);
	if (nd->has_re)
		regfree(&nd->re);
	memset(nd, 0, sizeof(*nd));
}

void
res_reclassify(struct res_node *nd, struct kspan *k, size_t n)
{
	size_t i;

	if (!nd->has_re)
		return;
	for (i = 0; i < n; i++) {
		uint32_t id = k[i].name_id;

		if (k[i].kclass != KCLASS_COMPUTE && k[i].kclass != KCLASS_COMM)
			continue;
		if (id >= nd->nr_is_comm) {
			size_t old = nd->nr_is_comm, want = (size_t)id + 1024;

			nd->is_comm = xrealloc(nd->is_comm, want);
			memset(nd->is_comm + old, -1, want - old);
			nd->nr_is_comm = want;
		}
		if (nd->is_comm[id] < 0)
			nd->is_comm[id] = !regexec(&nd->re, store_name(nd->st, id), 0, NULL, 0);
		k[i].kclass = nd->is_comm[id] ? KCLASS_COMM : KCLASS_COMPUTE;
	}
}

int
res_load_sample(struct res_node *nd, int64_t step, struct err *err)
{
	size_t g;

	/* Each GPU's array is reused from sample to sample (no allocation per load). */
	for (g = 0; g < nd->G; g++) {
		if (store_load_sample_kernels(nd->st, nd->gpus[g].id, step, &nd->kern[g],
					      &nd->nk[g], &nd->kcap[g], err))
			return err->status;
		res_reclassify(nd, nd->kern[g], nd->nk[g]);
	}
	return 0;
}

int
res_load_groups(struct store *st, const struct gpu_row *gpu, const struct kspan *k, size_t n,
		const struct ival *u, size_t nu, bool layers, struct overlap_group **gr,
		size_t *ng, size_t *unassigned, size_t *nann, struct err *err)
{
	struct aspan *a = NULL;
	size_t na = 0;

	*gr = NULL;
	*ng = *unassigned = *nann = 0;
	if (!n)
		return 0;
	/* CPU annotations enclose launches that precede the first kernel: look 1000 s back. */
	if (store_load_annotations(st, gpu->id, k[0].start_ns - (int64_t)1e12,
				   k[n - 1].end_ns, &a, &na, err))
		return err->status;
	overlap_groups(k, n, u, nu, a, na, layers, gr, ng, unassigned);
	*nann = na;
	free(a);
	return 0;
}

int
res_gpu_index(const struct res_node *nd, int dev)
{
	size_t g;

	for (g = 0; g < nd->G; g++)
		if (nd->gpus[g].device == dev)
			return (int)g;
	return -1;
}

void
res_straggler_eval(const struct gpu_row *gpus, size_t G, const size_t *count, size_t samples,
		   double persist, struct res_straggler *out)
{
	size_t g, best = 0, with = 0;

	memset(out, 0, sizeof(*out));
	out->samples = samples;
	out->most = out->device = out->rank = -1;
	out->share_pct = NAN;
	for (g = 0; g < G; g++) {
		with += count[g];
		if (count[g] > count[best])
			best = g;
	}
	out->with = with;
	if (!G || !samples)
		return;
	out->share_pct = lead_persist_share(count, G, samples, &best);
	if (!count[best])
		return;
	out->most = gpus[best].device;
	out->most_count = count[best];
	if (G >= 2 && out->share_pct >= persist) {
		out->device = gpus[best].device;
		out->rank = gpus[best].rank;
	}
}

void
res_lead_means(const double *v, size_t ns, size_t G, double *mean)
{
	size_t s, g;

	for (g = 0; g < G; g++) {
		double sum = 0;

		for (s = 0; s < ns; s++)
			sum += v[s * G + g];
		mean[g] = ns ? sum / (double)ns : NAN;
	}
}

size_t
res_lead_leader(const double *v, size_t G)
{
	size_t g, best = SIZE_MAX;

	for (g = 0; g < G; g++)
		if (!isnan(v[g]) && (best == SIZE_MAX || v[g] > v[best]))
			best = g;
	return best;
}

double
res_lead_pct(double lead_ns, double step_ns)
{
	return step_ns > 0 ? 100 * lead_ns / step_ns : NAN;
}

int
res_step_stats(struct store *st, int64_t node_id, const char *run, size_t *n, double *mean_ns,
	       double *cv_pct, struct err *err)
{
	double *v, sum = 0, ss = 0, mean;
	size_t i;

	if (store_run_steps(st, node_id, run, &v, n, err))
		return err->status;
	for (i = 0; i < *n; i++)
		sum += v[i];
	mean = *n ? sum / (double)*n : NAN;
	for (i = 0; i < *n; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	*mean_ns = mean;
	if (cv_pct)
		*cv_pct = *n > 1 && mean > 0 ? 100 * sqrt(ss / (double)(*n - 1)) / mean : NAN;
	free(v);
	return 0;
}

void
res_lead_sample(const struct res_node *nd, double eps, enum lead_agg agg,
		struct res_lead_sample *out)
{
	struct match *m = &out->m;
	size_t k;

	memset(out, 0, sizeof(*out));
	lead_match(nd->G, (const struct kspan *const *)nd->kern, nd->nk, m);
	out->lead = xmalloc((m->G * m->K + 1) * sizeof(*out->lead));
	out->is_const = xmalloc((m->K + 1) * sizeof(*out->is_const));
	out->L = xcalloc(nd->G + 1, sizeof(*out->L));
	out->step = xcalloc(nd->G + 1, sizeof(*out->step));
	lead_values(m, out->lead);
	lead_aggregate(m, out->lead, agg, out->L);
	lead_per_step(m, out->lead, out->step);
	lead_classify(m, eps, out->is_const);
	for (k = 0; k < m->K; k++)
		out->nconst += out->is_const[k];
	/* All-equal leads (and one GPU) have no straggler: argmin would name the first. */
	out->straggler = m->K && lead_has_straggler(out->L, m->G) ? lead_straggler(out->L, m->G)
								 : SIZE_MAX;
}

void
res_lead_sample_release(struct res_lead_sample *s, bool keep_match)
{
	if (!keep_match)
		match_release(&s->m);
	free(s->lead);
	free(s->is_const);
	free(s->L);
	free(s->step);
	memset(s, 0, sizeof(*s));
}
