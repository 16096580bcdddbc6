/* SPDX-License-Identifier: MIT */
/* check.c: the thermal-imbalance rules of METHOD §9; pure. */
#include "litsi/check.h"
#include "litsi/lead.h"
#include "litsi/litsi.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void
check_params_default(struct check_params *p)
{
	p->max_temp_spread = 1.10;
	p->max_freq_spread = 1.04;
	p->min_gain = 1.02;
	p->max_throttle = 5;
	p->persist = 80;
}

const char *
check_rule_name(enum check_rule_id id)
{
	static const char *const names[] = { "temp-spread", "freq-spread", "straggler",
					     "throttle" };

	return (size_t)id < ARRAY_SIZE(names) ? names[id] : "?";
}

double
check_spread(const double *v, size_t n)
{
	double lo = INFINITY, hi = -INFINITY;
	size_t i, nr = 0;

	for (i = 0; v && i < n; i++) {
		if (!isfinite(v[i]))
			continue;
		nr++;
		if (v[i] < lo)
			lo = v[i];
		if (v[i] > hi)
			hi = v[i];
	}
	if (nr < 2 || lo <= 0)
		return NAN;
	return hi / lo;
}

static void
spread_rule(struct check_rule *r, const double *v, size_t G, double thr, const char *what)
{
	r->threshold = thr;
	r->value = check_spread(v, G);
	if (isnan(r->value)) {
		r->state = CHECK_SKIPPED;
		snprintf(r->why, sizeof(r->why), "no %s telemetry for two or more GPUs", what);
		return;
	}
	r->state = r->value >= thr ? CHECK_FIRED : CHECK_PASS;
}

void
check_eval(const struct check_input *in, const struct check_params *p, struct check_result *out)
{
	struct check_rule *r;
	size_t g, best = 0, nthr = 0;
	double hi = -INFINITY, lo = INFINITY;

	memset(out, 0, sizeof(*out));
	out->persistent = -1;
	out->persist_share = NAN;
	spread_rule(&out->rule[CHECK_TEMP], in->temp, in->G, p->max_temp_spread,
		    "hotspot temperature");
	spread_rule(&out->rule[CHECK_FREQ], in->freq, in->G, p->max_freq_spread, "gfx clock");

	r = &out->rule[CHECK_STRAGGLER];
	r->threshold = p->min_gain;
	r->value = in->s_c_min;
	out->persist_share = lead_persist_share(in->strag, in->G, in->nsamples, &best);
	/* One GPU has no straggler: there is nothing for it to lag behind. */
	if (in->G >= 2 && in->strag && in->strag[best] && out->persist_share >= p->persist)
		out->persistent = (long)best;
	if (!in->strag || !in->nsamples || in->G < 2) {
		r->state = CHECK_SKIPPED;
		snprintf(r->why, sizeof(r->why), "no samples matched across two or more GPUs");
	} else if (isnan(in->s_c_min)) {
		r->state = CHECK_SKIPPED;
		snprintf(r->why, sizeof(r->why), "no constant-overlap kernels to model");
	} else {
		r->state = out->persistent >= 0 && in->s_c_min >= p->min_gain ? CHECK_FIRED
									       : CHECK_PASS;
		if (out->persistent >= 0)
			snprintf(r->why, sizeof(r->why), "gpu %d straggler in %.1f%% of samples",
				 in->device ? in->device[best] : (int)best, out->persist_share);
		else
			snprintf(r->why, sizeof(r->why),
				 "no persistent straggler (most frequent: %.1f%% of samples)",
				 out->persist_share);
	}

	r = &out->rule[CHECK_THROTTLE];
	r->threshold = p->max_throttle;
	for (g = 0; in->throttle && g < in->G; g++) {
		if (!isfinite(in->throttle[g]))
			continue;
		nthr++;
		if (in->throttle[g] > hi)
			hi = in->throttle[g];
		if (in->throttle[g] < lo)
			lo = in->throttle[g];
	}
	if (nthr < 2) {
		r->state = CHECK_SKIPPED;
		r->value = NAN;
		snprintf(r->why, sizeof(r->why), "no throttling telemetry for two or more GPUs");
	} else {
		r->value = hi;
		r->state = hi > p->max_throttle && lo <= p->max_throttle ? CHECK_FIRED : CHECK_PASS;
		snprintf(r->why, sizeof(r->why), "least throttled GPU: %.1f%%", lo);
	}
	for (g = 0; g < CHECK_NRULES; g++)
		if (out->rule[g].state == CHECK_FIRED)
			out->imbalanced = true;
}
