/* SPDX-License-Identifier: MIT */
/* nodemodel.c: loading one node for litsi model, caps and check. */
#include "nodemodel.h"
#include "litsi/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Readings of one metric within the window (or all of them when none fall in it). */
static struct tsample *
window_readings(struct litsi_ctx *ctx, struct nm_node *n, int64_t gpu_id, const char *metric,
		size_t *nr, int *rc)
{
	struct tsample *v;
	size_t i, j = 0, nall;

	*nr = 0;
	*rc = store_load_telemetry(ctx->st, gpu_id, metric, &v, &nall, &ctx->err);
	if (*rc || !nall) {
		free(v);
		return NULL;
	}
	if (n->has_window)
		for (i = 0; i < nall; i++)
			if (v[i].t_ns >= n->t0 && v[i].t_ns <= n->t1)
				v[j++] = v[i];
	if (!j) {
		n->tel_whole_log = true;
		j = nall;
	}
	*nr = j;
	return v;
}

/*
 * The part's top gfx clock where the telemetry reports it (amd-smi
 * gfx_N_max_clk, nvidia-smi clocks.max.sm): a power-limited GPU never shows
 * it as its current clock, so without it the model could not speed one up.
 */
static int
part_max_clock(struct litsi_ctx *ctx, int64_t gpu_id, double *fmax)
{
	static const char *const names[] = { "gfx_0_max_clk", "gfx_0_max_clk_mhz",
					     "clocks_max_sm", "clocks_max_graphics" };
	size_t i, j, nr;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		struct tsample *v;

		if (store_load_telemetry(ctx->st, gpu_id, names[i], &v, &nr, &ctx->err))
			return ctx->err.status;
		for (j = 0; j < nr; j++)
			if (v[j].value > 0 && !(v[j].value <= *fmax))
				*fmax = v[j].value;
		free(v);
	}
	return 0;
}

static int
load_telemetry(struct litsi_ctx *ctx, struct nm_node *n)
{
	static const char *const metrics[] = { METRIC_POWER, METRIC_GFX_CLK, METRIC_TEMP_HOTSPOT,
					       METRIC_THROTTLE };
	double **out[] = { &n->p, &n->f, &n->temp, &n->thr };
	size_t g, mi, i;
	int rc = 0;

	for (mi = 0; mi < ARRAY_SIZE(metrics); mi++) {
		*out[mi] = xmalloc((n->G + 1) * sizeof(double));
		for (g = 0; g < n->G; g++)
			(*out[mi])[g] = NAN;
	}
	n->fmax = xmalloc((n->G + 1) * sizeof(double));
	for (g = 0; g < n->G; g++) {
		n->fmax[g] = NAN;
		for (mi = 0; mi < ARRAY_SIZE(metrics); mi++) {
			size_t nr;
			struct tsample *v = window_readings(ctx, n, n->an.gpus[g].id, metrics[mi],
							    &nr, &rc);
			double *x;

			if (rc)
				return rc;
			if (!v)
				continue;
			if (mi == 3) {
				(*out[mi])[g] = stats_time_mean(v, nr);
				free(v);
				continue;
			}
			x = xmalloc(nr * sizeof(*x));
			for (i = 0; i < nr; i++) {
				x[i] = v[i].value;
				if (mi == 1 && !(x[i] <= n->fmax[g]))
					n->fmax[g] = x[i];
			}
			(*out[mi])[g] = stats_median(x, nr);
			free(x);
			free(v);
		}
		rc = part_max_clock(ctx, n->an.gpus[g].id, &n->fmax[g]);
		if (rc)
			return rc;
	}
	return 0;
}

static int
load_power_refs(struct litsi_ctx *ctx, int64_t node_id, const struct nm_opts *o,
		struct nm_node *n)
{
	double *v;
	size_t nr;

	n->p_base = n->p_idle = NAN;
	if (!isnan(o->base_opt)) {
		n->p_base = o->base_opt;
		n->p_base_from = "option";
	} else {
		if (store_node_power(ctx->st, node_id, n->has_window ? n->t0 : INT64_MIN,
				     n->has_window ? n->t1 : INT64_MAX, &v, &nr, &ctx->err))
			return ctx->err.status;
		if (!nr) {
			free(v);
			if (store_node_power(ctx->st, node_id, INT64_MIN, INT64_MAX, &v, &nr,
					     &ctx->err))
				return ctx->err.status;
			if (nr)
				n->tel_whole_log = true;
		}
		if (nr) {
			n->p_base = stats_median(v, nr);
			n->p_base_from = "telemetry";
		}
		free(v);
	}
	if (!isnan(o->idle_opt)) {
		n->p_idle = o->idle_opt;
		n->p_idle_from = "option";
	} else {
		if (store_node_idle_power(ctx->st, node_id, 1.0, &v, &nr, &ctx->err))
			return ctx->err.status;
		if (nr) {
			n->p_idle = stats_median(v, nr);
			n->p_idle_from = "telemetry";
		}
		free(v);
	}
	return 0;
}

int
nm_load(struct litsi_ctx *ctx, int64_t node_id, const struct nm_opts *o, struct nm_node *n)
{
	size_t s, alloc = 0;
	int rc;

	memset(n, 0, sizeof(*n));
	if ((rc = ana_node_open(ctx, node_id, o->comm_re, &n->an)))
		return rc;
	n->G = n->an.G;
	n->nsteps = n->an.nsteps;
	n->strag = xcalloc(n->G + 1, sizeof(*n->strag));
	model_acc_init(&n->acc, n->G);
	for (s = 0; s < n->an.nsteps; s++) {
		struct match m;
		bool *is_const;
		int64_t *lead;
		size_t i = n->nsamples;

		if ((rc = ana_load_sample(ctx, &n->an, n->an.steps[s])))
			return rc;
		lead_match(n->G, (const struct kspan *const *)n->an.kern, n->an.nk, &m);
		n->dropped += m.dropped;
		if (!m.K) {
			match_release(&m);
			continue;
		}
		if (i + 1 > alloc) {
			VEC_GROW(n->m, i + 1, alloc);
			n->cs = xrealloc(n->cs, alloc * sizeof(*n->cs));
			n->ss = xrealloc(n->ss, alloc * sizeof(*n->ss));
			n->se = xrealloc(n->se, alloc * sizeof(*n->se));
			n->L = xrealloc(n->L, alloc * (n->G + 1) * sizeof(*n->L));
		}
		n->m[i] = m;
		is_const = xmalloc(m.K * sizeof(*is_const));
		lead_classify(&m, o->eps, is_const);
		model_acc_add(&n->acc, &m, is_const);
		free(is_const);
		lead = xmalloc(m.G * m.K * sizeof(*lead));
		lead_values(&m, lead);
		lead_aggregate(&m, lead, o->agg, n->L + i * n->G);
		free(lead);
		n->strag[lead_straggler(n->L + i * n->G, n->G)]++;
		n->ss[i] = n->se[i] = NULL;
		n->cs[i] = (struct caps_sample){ .m = &n->m[i] };
		if (o->want_sync)
			caps_sync_match(n->G, (const struct kspan *const *)n->an.kern, n->an.nk,
					&n->cs[i].S, &n->ss[i], &n->se[i]);
		n->nsamples++;
	}
	/* n->m may have moved while growing: point the samples at the final array. */
	for (s = 0; s < n->nsamples; s++) {
		n->cs[s].m = &n->m[s];
		n->cs[s].sync_start = n->ss[s];
		n->cs[s].sync_end = n->se[s];
	}
	model_perf(&n->acc, &n->perf);
	rc = store_kernel_window(ctx->st, node_id, &n->t0, &n->t1, &ctx->err);
	if (rc < 0)
		return rc;
	n->has_window = rc == 1;
	if ((rc = load_telemetry(ctx, n)) || (rc = load_power_refs(ctx, node_id, o, n)))
		return rc;
	return 0;
}

void
nm_release(struct nm_node *n)
{
	size_t s;

	for (s = 0; s < n->nsamples; s++) {
		match_release(&n->m[s]);
		free(n->ss[s]);
		free(n->se[s]);
	}
	free(n->m);
	free(n->cs);
	free(n->ss);
	free(n->se);
	free(n->L);
	free(n->strag);
	free(n->p);
	free(n->f);
	free(n->fmax);
	free(n->temp);
	free(n->thr);
	model_acc_release(&n->acc);
	ana_node_release(&n->an);
	memset(n, 0, sizeof(*n));
}

bool
nm_gpu_models(const struct nm_node *n, struct caps_gpu_model *gm)
{
	size_t g;

	for (g = 0; g < n->G; g++) {
		if (isnan(n->p[g]) || isnan(n->f[g]))
			return false;
		gm[g].p = n->p[g];
		gm[g].f = n->f[g];
		gm[g].f_max = n->fmax[g];
	}
	return true;
}

int
nm_limits(struct litsi_ctx *ctx, const struct nm_node *n, int tdp_opt, int cap_opt,
	  struct caps_params *p, struct part_limits *lim)
{
	struct part_power *tel = xcalloc(n->G + 1, sizeof(*tel));
	const char *product = n->G ? n->an.gpus[0].product : NULL;
	size_t g;
	int rc = 0;

	for (g = 0; g < n->G && !rc; g++) {
		struct gpu_limits gl;

		rc = store_gpu_limits(ctx->st, n->an.gpus[g].id, NULL, &gl, &ctx->err);
		tel[g] = (struct part_power){ gl.cap, gl.min, gl.max, gl.def };
	}
	if (!rc && parts_resolve(product, tel, n->G, tdp_opt, cap_opt, lim))
		rc = 1;
	free(tel);
	if (rc)
		return rc;
	p->tdp = lim->tdp;
	p->cap0 = lim->cap0;
	p->cap_min = lim->min < lim->tdp ? lim->min : 0;
	return 0;
}
