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
	p->min_temp_diff = 5;
	p->min_samples = 3;
}

const char *
check_verdict_name(enum check_verdict v)
{
	static const char *const names[] = { "balanced", "imbalanced", "inconclusive" };

	return (size_t)v < ARRAY_SIZE(names) ? names[v] : "?";
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

/* Hottest minus coolest of the finite values; NaN with fewer than 2. */
static double
range(const double *v, size_t n)
{
	double lo = INFINITY, hi = -INFINITY;
	size_t i, nr = 0;

	for (i = 0; v && i < n; i++)
		if (isfinite(v[i])) {
			nr++;
			lo = v[i] < lo ? v[i] : lo;
			hi = v[i] > hi ? v[i] : hi;
		}
	return nr < 2 ? NAN : hi - lo;
}

static void
spread_rule(struct check_rule *r, const double *v, size_t G, double thr, const char *what)
{
	r->threshold = thr;
	r->value = check_spread(v, G);
	if (isnan(r->value)) {
		r->state = CHECK_SKIPPED;
		snprintf(r->why, sizeof(r->why),
			 "fewer than two GPUs with enough %s readings under load", what);
		return;
	}
	r->state = r->value >= thr ? CHECK_FIRED : CHECK_PASS;
}

/* The verdict from the rule states (METHOD §9). */
static void
verdict(struct check_result *out, const struct check_input *in)
{
	static const enum check_rule_id thermal[] = { CHECK_TEMP, CHECK_FREQ, CHECK_THROTTLE };
	const struct check_rule *s = &out->rule[CHECK_STRAGGLER];
	size_t k, ran = 0, fired = 0;

	for (k = 0; k < ARRAY_SIZE(thermal); k++) {
		ran += out->rule[thermal[k]].state != CHECK_SKIPPED;
		fired += out->rule[thermal[k]].state == CHECK_FIRED;
	}
	if (fired) {
		out->verdict = CHECK_IMBALANCED;
		snprintf(out->reason, sizeof(out->reason), "%zu thermal rule%s fired", fired,
			 fired == 1 ? "" : "s");
	} else if (s->state == CHECK_FIRED) {
		out->verdict = CHECK_INCONCLUSIVE;
		snprintf(out->reason, sizeof(out->reason), "straggler gpu %d, cause %s",
			 in->device ? in->device[out->persistent] : (int)out->persistent,
			 ran ? "not thermal: the thermal rules that ran passed"
			     : "not measured: no thermal telemetry under load");
	} else if (!ran) {
		out->verdict = CHECK_INCONCLUSIVE;
		snprintf(out->reason, sizeof(out->reason),
			 "no thermal rule could run: no temperature, clock or throttling "
			 "telemetry under load");
	} else {
		out->verdict = CHECK_BALANCED;
		snprintf(out->reason, sizeof(out->reason), "%zu thermal rule%s passed", ran,
			 ran == 1 ? "" : "s");
	}
	out->imbalanced = out->verdict == CHECK_IMBALANCED;
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
	r = &out->rule[CHECK_TEMP];
	if (r->state != CHECK_SKIPPED) {
		double d = range(in->temp, in->G);

		snprintf(r->why, sizeof(r->why), "hottest minus coolest %.1f C (needs %.1f)", d,
			 p->min_temp_diff);
		if (r->state == CHECK_FIRED && !(d >= p->min_temp_diff))
			r->state = CHECK_PASS;
	}
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
	} else if (in->nsamples < p->min_samples) {
		r->state = CHECK_SKIPPED;
		snprintf(r->why, sizeof(r->why),
			 "%zu matched sample%s; persistence needs %zu (--min-samples)",
			 in->nsamples, in->nsamples == 1 ? "" : "s", p->min_samples);
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
	verdict(out, in);
}
