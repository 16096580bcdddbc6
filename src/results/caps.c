/* SPDX-License-Identifier: MIT */
/*
 * caps.c: per-GPU power caps of one scenario (METHOD §7): the replay of
 * Algorithms 2-3 on recorded leads, or the model-based closed loop, with the
 * commands that would apply them.
 */
#include "litsi/results.h"
#include "litsi/litsi.h"
#include "litsi/util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *
res_caps_command(enum res_emit emit, const struct gpu_row *g, int cap)
{
	struct sbuf sb = SBUF_INIT;
	char dev[32], w[32], *qd, *qw;

	if (emit == RES_EMIT_VENDOR)
		emit = g->vendor && !strcmp(g->vendor, "NVIDIA") ? RES_EMIT_NVSMI : RES_EMIT_AMDSMI;
	if (emit == RES_EMIT_NONE)
		return NULL;
	snprintf(dev, sizeof(dev), "%d", g->device);
	snprintf(w, sizeof(w), "%d", cap);
	qd = caps_shell_quote(dev);
	qw = caps_shell_quote(w);
	if (emit == RES_EMIT_AMDSMI)
		sbuf_addf(&sb, "amd-smi set -g %s -o %s", qd, qw);
	else if (emit == RES_EMIT_ROCMSMI)
		sbuf_addf(&sb, "rocm-smi -d %s --setpoweroverdrive %s", qd, qw);
	else
		sbuf_addf(&sb, "nvidia-smi -i %s -pl %s", qd, qw);
	free(qd);
	free(qw);
	return sbuf_detach(&sb);
}

/* The per-GPU part of @c: devices, commands and caps; clocks NaN. */
static void
fill_caps(struct res_caps *c, const struct res_model *n, const struct caps_params *p,
	  enum res_emit emit, const int *init, const int *caps)
{
	size_t g, G = n->nd.G;

	c->G = G;
	c->device = xmalloc((G + 1) * sizeof(*c->device));
	c->cmd = xcalloc(G + 1, sizeof(*c->cmd));
	c->init = xmalloc((G + 1) * sizeof(*c->init));
	c->caps = xmalloc((G + 1) * sizeof(*c->caps));
	c->clock = xmalloc((G + 1) * sizeof(*c->clock));
	c->power = xmalloc((G + 1) * sizeof(*c->power));
	c->sum_caps = 0;
	for (g = 0; g < G; g++) {
		c->device[g] = n->nd.gpus[g].device;
		c->cmd[g] = res_caps_command(emit, &n->nd.gpus[g], caps[g]);
		c->init[g] = init[g];
		c->caps[g] = caps[g];
		c->sum_caps += caps[g];
		c->clock[g] = c->power[g] = NAN;
	}
	c->P_n = caps_node_budget(p, G);
	c->p_idle = n->p_idle;
}

/* Offline replay over the recorded samples. */
static void
replay(struct res_caps *c, const struct res_model *n, const struct caps_params *p,
       enum res_emit emit, const int *init)
{
	size_t s, g, alloc = 0, G = n->nd.G;
	struct caps_ctl ctl;

	caps_ctl_init(&ctl, p, G);
	for (s = 0; s < n->nsamples; s++) {
		const double *L = n->L + s * G;

		if (!caps_ctl_feed(&ctl, L))
			continue;
		VEC_GROW(c->adj, c->nadj_rows + G, alloc);
		for (g = 0; g < G; g++)
			c->adj[c->nadj_rows++] = (struct res_adj){
				.adj = ctl.nadj, .sample = s, .device = n->nd.gpus[g].device,
				.d = ctl.last_d[g], .cap = ctl.caps[g], .lead = L[g] };
	}
	fill_caps(c, n, p, emit, init, ctl.caps);
	c->nadj = c->reported = ctl.nadj;
	c->converged = "-";
	c->why = "replay: the caps after the last adjustment";
	c->straggler = -1;
	c->s_iter = c->pratio = c->last_s = NAN;
	caps_ctl_release(&ctl);
}

static int
closed_loop(struct res_caps *c, const struct res_model *n, const struct caps_params *p,
	    enum lead_agg agg, enum res_emit emit, struct err *err)
{
	struct caps_gpu_model *gm = xmalloc((n->nd.G + 1) * sizeof(*gm));
	struct caps_loop_result r;
	size_t g, k;

	if (!res_gpu_models(n, gm) || isnan(n->p_idle)) {
		free(gm);
		return err_set(err, LITSI_EDATA,
			       "node '%s': the closed loop needs each GPU's power and gfx clock "
			       "telemetry and the idle power (--idle-power W); use --replay to run "
			       "the algorithms on the recorded leads",
			       n->nd.name);
	}
	caps_loop(n->cs, n->nsamples, gm, n->p_idle, p, agg, &r);
	fill_caps(c, n, p, emit, r.init, r.caps);
	for (g = 0; g < n->nd.G; g++) {
		c->clock[g] = r.f[g];
		c->power[g] = r.power[g];
	}
	c->nadj = r.nadj;
	c->reported = r.reported;
	c->kept_run = r.kept_run;
	c->converged = r.converged ? "yes" : "no";
	c->why = r.reason;
	c->straggler = n->nd.gpus[r.straggler].device;
	c->s_iter = r.s_iter;
	c->pratio = r.power_ratio;
	c->last_s = r.last_s_iter;
	c->s_model = r.s_model;
	c->s_low = r.s_low;
	c->pr_low = r.pr_low;
	c->gap_frac = r.gap_frac;
	c->s_work = r.s_work;
	c->beyond = r.beyond;
	c->s_bound = r.s_bound;
	/*
	 * The ceiling against the initial caps, as S_iter is: the model's is the
	 * run read's (a round at other caps is t_init / span away), and
	 * cpu-slosh's more power per GPU goes beyond aligning them (the loop's
	 * bound, s_bound).
	 */
	if (!isnan(c->ceiling))
		c->ceiling = r.s_bound;
	c->fitted = n->fitted;
	c->pooled = n->pooled;
	c->alpha_lo = c->alpha_hi = c->alpha_err = NAN;
	for (g = 0, k = 0; g < n->nd.G; g++)
		if (gm[g].alpha > 0) {
			c->alpha_lo = !(gm[g].alpha >= c->alpha_lo) ? gm[g].alpha : c->alpha_lo;
			c->alpha_hi = !(gm[g].alpha <= c->alpha_hi) ? gm[g].alpha : c->alpha_hi;
			c->alpha_err = !(gm[g].alpha_err <= c->alpha_err) ? gm[g].alpha_err
									  : c->alpha_err;
			k += !(gm[g].alpha_err > 0);
		}
	/* a curve of points too few to say how well they place it: unknown */
	if (k)
		c->alpha_err = NAN;
	caps_loop_release(&r);
	free(gm);
	return 0;
}

/* @p with the part's limits of @n and the scenario's alignment bound. */
static int
part_params(const struct res_model *n, const struct caps_params *p, struct caps_params *out,
	    struct err *err)
{
	char why[sizeof(err->msg)];

	*out = *p;
	if (!n->has_lim)
		return err_set(err, LITSI_EUSAGE, "%s", res_limits_why(n, why, sizeof(why)));
	out->tdp = n->lim.tdp;
	out->cap0 = n->lim.cap0;
	/* gpu-red starts from the cap the node ran at and never raises a GPU above it */
	if (p->scenario == CAPS_GPU_RED && out->cap0 > 0 && out->cap0 < out->tdp)
		out->tdp = out->cap0;
	out->cap_min = n->lim.min < n->lim.tdp ? n->lim.min : 0;
	if (p->scenario != CAPS_GPU_RED && out->cap0 > out->tdp)
		return err_set(err, LITSI_EUSAGE, "node '%s': cap %d W (%s) is above the TDP %d W (%s)",
			       n->nd.name, out->cap0, n->lim.cap0_from, out->tdp, n->lim.tdp_from);
	out->s_bound = res_caps_ceiling(n, p->scenario);
	return 0;
}

double
res_caps_ceiling(const struct res_model *n, enum caps_scenario scenario)
{
	return n->perf.nC ? n->perf.S_C[scenario == CAPS_GPU_RED	  ? MODEL_MAX
					: scenario == CAPS_GPU_REALLOC ? MODEL_MED
								       : MODEL_MIN]
			  : NAN;
}

bool
res_caps_unproven(const struct res_caps *c)
{
	return !isnan(c->s_low) && !isnan(c->throughput) && c->s_low < c->throughput - 0.0005;
}

bool
res_caps_gaps(const struct res_caps *c)
{
	return !isnan(c->s_work) && !isnan(c->throughput) && c->s_work > c->throughput + 0.0005;
}

int
res_caps_eval(const struct res_model *n, const struct caps_params *p0, enum lead_agg agg,
	      bool replay_only, enum res_emit emit, struct res_caps *c, struct err *err)
{
	struct caps_params pp, *p = &pp;
	int *init, rc = 0;
	size_t g;

	memset(c, 0, sizeof(*c));
	c->scenario = p0->scenario;
	c->replay = replay_only;
	c->straggler = -1;
	c->s_model = c->s_bound = c->throughput = c->s_low = c->pr_low = c->s_work = NAN;
	c->ceiling = res_caps_ceiling(n, p0->scenario);
	if ((rc = part_params(n, p0, p, err)))
		return rc;
	c->lim = n->lim;
	c->nruns = n->nruns;
	c->run = n->run ? xstrdup(n->run) : NULL;
	c->run_latest = n->run_latest;
	c->base_run = n->base_run ? xstrdup(n->base_run) : NULL;
	c->base_cap = n->base_cap;
	if (!n->nsamples)
		return err_set(err, LITSI_EDATA,
			       "node '%s': no sample has kernels matched across its %zu GPUs",
			       n->nd.name, n->nd.G);
	init = xmalloc((n->nd.G + 1) * sizeof(*init));
	for (g = 0; g < n->nd.G; g++)
		init[g] = caps_initial(p);
	if (replay_only)
		replay(c, n, p, emit, init);
	else
		rc = closed_loop(c, n, p, agg, emit, err);
	if (!rc && !replay_only) {
		/* One prediction for every output: never above the model's ceiling. */
		c->clamped = !isnan(c->ceiling) && c->s_iter > c->ceiling;
		c->throughput = c->clamped ? c->ceiling : c->s_iter;
		if (c->s_low > c->throughput)
			c->s_low = c->throughput;
		/* never above the ceiling either, as every printed prediction */
		if (!isnan(c->ceiling) && c->s_work > c->ceiling)
			c->s_work = c->ceiling;
		if (c->s_work < c->throughput)
			c->s_work = c->throughput;
	}
	free(init);
	return rc;
}

void
res_caps_release(struct res_caps *c)
{
	size_t g;

	for (g = 0; c->cmd && g < c->G; g++)
		free(c->cmd[g]);
	free(c->cmd);
	free(c->device);
	free(c->init);
	free(c->caps);
	free(c->clock);
	free(c->power);
	free(c->adj);
	free(c->run);
	free(c->base_run);
	memset(c, 0, sizeof(*c));
}
