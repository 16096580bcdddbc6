/* SPDX-License-Identifier: MIT */
/*
 * run.c: one run of a node (ingest --run) loaded alone, with what report
 * shows for a node and what compare adds: step time, node power, energy.
 */
#include "litsi/results.h"
#include "litsi/litsi.h"
#include "litsi/store.h"
#include "litsi/util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Mean node step time: per profiler step, the slowest GPU's. */
static int
run_steps(struct store *st, const struct node_row *node, const char *run, struct res_run *r,
	  struct err *err)
{
	return res_step_stats(st, node->id, run, &r->s.steps, &r->s.step_ns, NULL, err);
}

static void
run_fill(const struct res_model *n, const struct res_judgement *j, struct res_run *r)
{
	size_t g, m, G = n->nd.G;
	double power = 0;

	r->G = G;
	r->device = xmalloc((G + 1) * sizeof(*r->device));
	r->lead_ns = xmalloc((G + 1) * sizeof(*r->lead_ns));
	r->step_lead_ns = xmalloc((G + 1) * sizeof(*r->step_lead_ns));
	r->lead_pct = xmalloc((G + 1) * sizeof(*r->lead_pct));
	r->cap = xmalloc((G + 1) * sizeof(*r->cap));
	for (m = 0; m < RES_NMETRICS; m++) {
		r->med[m] = xmalloc((G + 1) * sizeof(*r->med[m]));
		for (g = 0; g < G; g++)
			r->med[m][g] = n->tel.med[m][g];
	}
	for (g = 0; g < G; g++) {
		r->device[g] = n->nd.gpus[g].device;
		r->lead_ns[g] = n->mean_lead[g];
		r->step_lead_ns[g] = n->step_lead[g];
		r->lead_pct[g] = res_lead_pct(n->step_lead[g], r->s.step_ns);
		r->cap[g] = n->glim[g].cap > 0 ? n->glim[g].cap : NAN;
		power += n->tel.med[RES_POW][g];
	}
	/* NaN when a GPU has no power reading: the node's power is then unknown */
	r->s.node_power_w = G ? power : NAN;
	r->energy_j = r->s.node_power_w * r->s.step_ns / 1e9;
	r->samples = n->nsamples;
	r->straggler = n->straggler;
	r->verdict = j->v.r.verdict;
	snprintf(r->reason, sizeof(r->reason), "%s", j->v.r.reason);
}

int
res_run_eval(struct store *st, const struct node_row *node, const struct res_opts *o,
	     const char *run, struct res_run *out, struct err *err)
{
	struct check_params cp;
	struct res_judgement j;
	struct res_model n;
	int rc;

	memset(out, 0, sizeof(*out));
	memset(&n, 0, sizeof(n));
	check_params_default(&cp);
	/* The run's verdict is the one check and report give it. */
	if ((rc = res_judge(st, node, run, o, &cp, 0, &j, &n, err)) == 0 && !j.judged)
		rc = err_set(err, LITSI_EDATA, "node '%s', run '%s': no kernels matched to judge by",
			     node->name, run);
	if (!rc && (rc = run_steps(st, node, run, out, err)) == 0)
		run_fill(&n, &j, out);
	res_model_release(&n);
	res_judgement_release(&j);
	return rc;
}

void
res_run_release(struct res_run *r)
{
	size_t m;

	free(r->device);
	free(r->lead_ns);
	free(r->step_lead_ns);
	free(r->lead_pct);
	free(r->cap);
	for (m = 0; m < RES_NMETRICS; m++)
		free(r->med[m]);
	memset(r, 0, sizeof(*r));
}
