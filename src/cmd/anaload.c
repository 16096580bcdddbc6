/* SPDX-License-Identifier: MIT */
/* anaload.c: per-node, per-sample loading shared by the analysis commands. */
#include "anaload.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int
ana_node_open(struct litsi_ctx *ctx, int64_t node_id, const char *comm_re, struct ana_node *nd)
{
	memset(nd, 0, sizeof(*nd));
	nd->node_id = node_id;
	if (comm_re) {
		if (regcomp(&nd->re, comm_re, REG_EXTENDED | REG_ICASE | REG_NOSUB))
			return err_set(&ctx->err, LITSI_EUSAGE, "invalid --comm-pattern '%s'",
				       comm_re);
		nd->has_re = true;
	}
	if (store_list_gpus(ctx->st, node_id, &nd->gpus, &nd->G, &ctx->err) ||
	    store_list_steps(ctx->st, node_id, &nd->steps, &nd->nsteps, &ctx->err))
		return ctx->err.status;
	nd->kern = xcalloc(nd->G + 1, sizeof(*nd->kern));
	nd->nk = xcalloc(nd->G + 1, sizeof(*nd->nk));
	return 0;
}

void
ana_node_release(struct ana_node *nd)
{
	size_t g;

	for (g = 0; g < nd->G && nd->kern; g++)
		free(nd->kern[g]);
	free(nd->kern);
	free(nd->nk);
	store_free_gpus(nd->gpus, nd->G);
	free(nd->steps);
	free(nd->is_comm);
	if (nd->has_re)
		regfree(&nd->re);
	memset(nd, 0, sizeof(*nd));
}

void
ana_reclassify(struct litsi_ctx *ctx, struct ana_node *nd, struct kspan *k, size_t n)
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
			nd->is_comm[id] =
				!regexec(&nd->re, store_name(ctx->st, id), 0, NULL, 0);
		k[i].kclass = nd->is_comm[id] ? KCLASS_COMM : KCLASS_COMPUTE;
	}
}

int
ana_load_sample(struct litsi_ctx *ctx, struct ana_node *nd, int64_t step)
{
	size_t g;

	for (g = 0; g < nd->G; g++) {
		free(nd->kern[g]);
		nd->kern[g] = NULL;
		nd->nk[g] = 0;
		if (store_load_sample_kernels(ctx->st, nd->gpus[g].id, step, &nd->kern[g],
					      &nd->nk[g], &ctx->err))
			return ctx->err.status;
		ana_reclassify(ctx, nd, nd->kern[g], nd->nk[g]);
	}
	return 0;
}

int
ana_load_groups(struct litsi_ctx *ctx, const struct gpu_row *gpu, const struct kspan *k,
		size_t n, const struct ival *u, size_t nu, bool layers, struct overlap_group **gr,
		size_t *ng, size_t *unassigned, size_t *nann)
{
	struct aspan *a = NULL;
	size_t na = 0;

	*gr = NULL;
	*ng = *unassigned = *nann = 0;
	if (!n)
		return 0;
	/* CPU annotations enclose launches that precede the first kernel: look 1000 s back. */
	if (store_load_annotations(ctx->st, gpu->id, k[0].start_ns - (int64_t)1e12,
				   k[n - 1].end_ns, &a, &na, &ctx->err))
		return ctx->err.status;
	overlap_groups(k, n, u, nu, a, na, layers, gr, ng, unassigned);
	*nann = na;
	free(a);
	return 0;
}

int
ana_gpu_index(const struct ana_node *nd, int dev)
{
	size_t g;

	for (g = 0; g < nd->G; g++)
		if (nd->gpus[g].device == dev)
			return (int)g;
	return -1;
}

int
ana_mean_lead(struct litsi_ctx *ctx, struct ana_node *nd, enum lead_agg agg, double *L,
	      size_t *nsamples)
{
	double *Ls = xcalloc(nd->G + 1, sizeof(*Ls));
	size_t s, g;

	*nsamples = 0;
	for (g = 0; g < nd->G; g++)
		L[g] = 0;
	for (s = 0; s < nd->nsteps; s++) {
		struct match m;
		int64_t *lead;

		if (ana_load_sample(ctx, nd, nd->steps[s])) {
			free(Ls);
			return ctx->err.status;
		}
		lead_match(nd->G, (const struct kspan *const *)nd->kern, nd->nk, &m);
		if (m.K) {
			lead = xmalloc(m.G * m.K * sizeof(*lead));
			lead_values(&m, lead);
			lead_aggregate(&m, lead, agg, Ls);
			for (g = 0; g < nd->G; g++)
				L[g] += Ls[g];
			(*nsamples)++;
			free(lead);
		}
		match_release(&m);
	}
	for (g = 0; g < nd->G; g++)
		L[g] = *nsamples ? L[g] / (double)*nsamples : NAN;
	free(Ls);
	return 0;
}
