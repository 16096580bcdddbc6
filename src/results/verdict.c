/* SPDX-License-Identifier: MIT */
/* verdict.c: the imbalance verdict of one node (METHOD §9) and the caps it recommends. */
#include "litsi/results.h"
#include "litsi/litsi.h"
#include "litsi/store.h"
#include "litsi/util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * A skipped telemetry rule says whether the metric is missing or its
 * readings were not under load (or too few).
 */
static void
explain_skip(struct check_rule *r, const struct res_model *n, enum res_metric m,
	     const char *what)
{
	const struct res_telemetry *t = &n->tel;
	size_t g, have = 0, enough = 0;

	if (r->state != CHECK_SKIPPED)
		return;
	for (g = 0; g < n->nd.G; g++) {
		have += t->n[m][g] > 0;
		enough += t->nload[m][g] >= t->min_readings;
	}
	if (!have)
		snprintf(r->why, sizeof(r->why), "no %s telemetry", what);
	else
		snprintf(r->why, sizeof(r->why),
			 "%zu of %zu GPUs with %zu+ %s readings under load (gfx activity > "
			 "%g%%, or power > %g W without activity readings)",
			 enough, n->nd.G, t->min_readings, what, t->load_activity, t->load_power);
}

void
res_verdict_rules(const struct res_model *n, const struct check_params *p, struct res_verdict *v)
{
	const struct res_telemetry *t = &n->tel;
	int *device = xmalloc((n->nd.G + 1) * sizeof(*device));
	double *cap = xmalloc((n->nd.G + 1) * sizeof(*cap));
	struct check_input in;
	struct check_evidence ev;
	size_t g;

	memset(v, 0, sizeof(*v));
	for (g = 0; g < n->nd.G; g++) {
		device[g] = n->nd.gpus[g].device;
		cap[g] = n->glim && n->glim[g].cap > 0 ? n->glim[g].cap : NAN;
	}
	in = (struct check_input){ .G = n->nd.G, .temp = t->load_med[RES_HOT],
				   .freq = t->load_med[RES_CLK], .throttle = t->load_thr,
				   .strag = n->strag, .device = device, .nsamples = n->nsamples,
				   .s_c_min = n->perf.nC ? n->perf.S_C[MODEL_MIN] : NAN };
	ev = (struct check_evidence){
		.G = n->nd.G, .compute_ns = n->prof.compute_ns, .const_ns = n->prof.const_ns,
		.ncompute = n->prof.ncompute,
		.idle_ns = n->prof.idle_ns, .comm_late_ns = n->prof.comm_late_ns,
		.span_ns = n->prof.span_ns, .clk = t->load_med[RES_CLK],
		.temp = t->load_med[RES_HOT], .power = t->load_med[RES_POW], .cap = cap,
		.tviol = t->load_avg[RES_TVIOL], .pviol = t->load_avg[RES_PVIOL],
	};
	check_eval_cause(&in, &ev, p, &v->r);
	free(device);
	free(cap);
	explain_skip(&v->r.rule[CHECK_TEMP], n, RES_HOT, "hotspot temperature");
	explain_skip(&v->r.rule[CHECK_FREQ], n, RES_CLK, "gfx clock");
	explain_skip(&v->r.rule[CHECK_THROTTLE], n, RES_THR, "throttling");
	v->straggler = v->r.persistent >= 0 ? n->nd.gpus[v->r.persistent].device : -1;
	v->straggler_rank = v->r.persistent >= 0 ? n->nd.gpus[v->r.persistent].rank : -1;
	snprintf(v->why_no_caps, sizeof(v->why_no_caps), "not computed");
}

void
res_verdict_eval(const struct res_model *n, const struct check_params *p, enum lead_agg agg,
		 struct res_verdict *v)
{
	struct caps_params cp;
	struct err e = { 0 };

	res_verdict_rules(n, p, v);
	v->why_no_caps[0] = '\0';
	caps_params_default(&cp);
	cp.scenario = CAPS_GPU_REALLOC;
	if (!n->nsamples)
		snprintf(v->why_no_caps, sizeof(v->why_no_caps), "no matched samples");
	else if (res_caps_eval(n, &cp, agg, false, RES_EMIT_VENDOR, &v->caps, &e))
		snprintf(v->why_no_caps, sizeof(v->why_no_caps), "%s",
			 e.status == LITSI_EUSAGE
				 ? "the part's power limits are unknown (litsi caps --tdp W --cap W)"
				 : "needs power and gfx clock telemetry and the idle power "
				   "(--idle-power)");
	else
		v->has_caps = true;
}

void
res_verdict_release(struct res_verdict *v)
{
	res_caps_release(&v->caps);
	memset(v, 0, sizeof(*v));
}
