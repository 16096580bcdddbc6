/* SPDX-License-Identifier: MIT */
/*
 * probe.c: the calibration probe of litsi caps --calibrate (litsi-caps(1),
 * "Calibration"): a cap set that moves every GPU's operating point, so that
 * one short run recorded as a calibration run shows each GPU's
 * power-to-clock curve, and what it is predicted to cost.
 */
#include "litsi/results.h"
#include "litsi/litsi.h"
#include "litsi/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
 * The probe's caps @out->cap from CAPS_PROBE_W under each GPU's draw, and
 * their predicted cost (@out->s_iter, pratio, clock; @gm on the line through
 * idle). A GPU faster than the probe's pace shows more of its curve for
 * nothing: each goes CAPS_PROBE_STEP_W at a time further under what it drew,
 * to at most CAPS_PROBE_MAX_W, while the cap a step under the new one still
 * leaves the predicted S_iter of the probe where the 40 W probe put it: the
 * GPU stays a step off the pace. The wider the points, the further the
 * fitted curve is trusted (res_gpu_models(), p_lo).
 */
static void
probe_deepen(const struct res_model *n, const struct caps_gpu_model *gm, struct res_probe *out)
{
	size_t g, G = out->G;
	double s, pr, s0;
	double *f = xmalloc((G + 1) * sizeof(*f));
	int floor_w = (int)ceil(n->p_idle) + CAPS_PROBE_W;
	struct caps_pred cp;

	if (n->lim.min > floor_w)
		floor_w = n->lim.min;
	caps_predict_init(&cp, n->cs, n->nsamples, gm);
	/* the 40 W probe's predicted S_iter, which no deeper cap may lower */
	caps_predict_with(&cp, gm, n->p_idle, out->restore, out->cap, &s0, &pr, f);
	for (g = 0; g < G && s0 > 0; g++) {
		double drawn = gm[g].p < out->restore[g] ? gm[g].p : out->restore[g];
		int keep = out->cap[g];

		while (out->cap[g] - 2 * CAPS_PROBE_STEP_W >= floor_w &&
		       drawn - (out->cap[g] - CAPS_PROBE_STEP_W) <= CAPS_PROBE_MAX_W) {
			out->cap[g] -= 2 * CAPS_PROBE_STEP_W;
			caps_predict_with(&cp, gm, n->p_idle, out->restore, out->cap, &s, &pr, f);
			out->cap[g] += CAPS_PROBE_STEP_W;
			if (!(s >= s0 * (1 - 1e-9)))
				break;
			keep = out->cap[g];
		}
		out->cap[g] = keep;
	}
	caps_predict_with(&cp, gm, n->p_idle, out->restore, out->cap, &out->s_iter, &out->pratio,
			  out->clock);
	caps_pred_release(&cp);
	free(f);
}

int
res_probe_eval(const struct res_model *n, enum res_emit emit, struct res_probe *out,
	       struct err *err)
{
	size_t g, G = n->nd.G;
	struct caps_gpu_model *gm;
	char why[sizeof(err->msg)];

	memset(out, 0, sizeof(*out));
	out->s_iter = out->pratio = NAN;
	if (!n->has_lim)
		return err_set(err, LITSI_EUSAGE, "%s", res_limits_why(n, why, sizeof(why)));
	if (!n->nsamples)
		return err_set(err, LITSI_EDATA,
			       "node '%s': no sample has kernels matched across its %zu GPUs",
			       n->nd.name, G);
	gm = xmalloc((G + 1) * sizeof(*gm));
	if (!res_gpu_models(n, gm) || isnan(n->p_idle)) {
		free(gm);
		return err_set(err, LITSI_EDATA,
			       "node '%s': the probe needs each GPU's power and gfx clock "
			       "telemetry and the idle power (--idle-power W)",
			       n->nd.name);
	}
	out->G = G;
	out->device = xmalloc((G + 1) * sizeof(*out->device));
	out->cap = xmalloc((G + 1) * sizeof(*out->cap));
	out->restore = xmalloc((G + 1) * sizeof(*out->restore));
	out->clock = xmalloc((G + 1) * sizeof(*out->clock));
	out->cmd = xcalloc(G + 1, sizeof(*out->cmd));
	out->restore_cmd = xcalloc(G + 1, sizeof(*out->restore_cmd));
	for (g = 0; g < G; g++) {
		/* the cap the GPU ran under, restored afterwards */
		int run_cap = gm[g].cap > 0 ? (int)lround(gm[g].cap) : n->lim.cap0;
		/* under what it drew: a GPU held by its clock moves too */
		double drawn = gm[g].p < run_cap ? gm[g].p : run_cap;
		int c = (int)floor(drawn) - CAPS_PROBE_W;

		if (n->lim.min > 0 && c < n->lim.min)
			c = n->lim.min;
		if (c < (int)ceil(n->p_idle) + CAPS_PROBE_W)
			c = (int)ceil(n->p_idle) + CAPS_PROBE_W;
		if (c > run_cap)
			c = run_cap;
		out->device[g] = n->nd.gpus[g].device;
		out->cap[g] = c;
		out->restore[g] = run_cap;
		out->restore_cmd[g] = res_caps_command(emit, &n->nd.gpus[g], run_cap);
	}
	/* the line through idle: the most clock a watt buys of the curves litsi fits */
	for (g = 0; g < G; g++)
		gm[g].slope = gm[g].alpha = 0;
	probe_deepen(n, gm, out);
	for (g = 0; g < G; g++)
		out->cmd[g] = res_caps_command(emit, &n->nd.gpus[g], out->cap[g]);
	out->fitted = n->fitted;
	free(gm);
	return 0;
}

void
res_probe_release(struct res_probe *p)
{
	size_t g;

	for (g = 0; p->cmd && g < p->G; g++) {
		free(p->cmd[g]);
		free(p->restore_cmd[g]);
	}
	free(p->cmd);
	free(p->restore_cmd);
	free(p->device);
	free(p->cap);
	free(p->restore);
	free(p->clock);
	memset(p, 0, sizeof(*p));
}
