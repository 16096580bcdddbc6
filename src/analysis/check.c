/* SPDX-License-Identifier: MIT */
/* check.c: the thermal-imbalance rules of METHOD §9; pure. */
#include "litsi/check.h"
#include "litsi/lead.h"
#include "litsi/litsi.h"
#include "litsi/stats.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void
check_params_default(struct check_params *p)
{
	p->max_temp_spread = 1.10;
	p->max_freq_spread = 1.04;
	p->min_gain = 1.016;
	p->max_throttle = 5;
	p->persist = 80;
	p->min_temp_diff = 5;
	p->min_samples = 3;
	p->clock_share = 40;
	p->min_hotter = 2;
	p->min_viol = 5;
}

const char *
check_cause_name(enum check_cause c)
{
	static const char *const names[] = { "none", "thermal", "power-limit", "clock-limit",
					     "workload", "communication", "host", "unknown" };

	return (size_t)c < ARRAY_SIZE(names) ? names[c] : "?";
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

/* ---- the straggler's cause (METHOD §9.1) ---- */

/* Median of @v over the GPUs other than @s (finite values); NaN when none or @v NULL. */
static double
others(const double *v, size_t G, size_t s)
{
	double buf[256];
	size_t g, n = 0;

	for (g = 0; v && g < G && n < ARRAY_SIZE(buf); g++)
		if (g != s && isfinite(v[g]))
			buf[n++] = v[g];
	return n ? stats_median(buf, n) : NAN;
}

static double
at(const double *v, size_t s)
{
	return v ? v[s] : NAN;
}

static enum check_cause
say(struct check_attribution *out, enum check_cause c, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static enum check_cause
say(struct check_attribution *out, enum check_cause c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(out->evidence, sizeof(out->evidence), fmt, ap);
	va_end(ap);
	return out->cause = c;
}

/*
 * A compute excess with a clock deficit that explains it: which limit holds
 * the clock down. @cut: the clock deficit, percent; @slow: the compute excess,
 * percent.
 */
static void
clock_cause(const struct check_evidence *ev, size_t s, const struct check_params *p,
	    double cut, double slow, double opw, struct check_attribution *out)
{
	size_t G = ev->G;
	double tv = at(ev->tviol, s) - others(ev->tviol, G, s),
	       pv = at(ev->pviol, s) - others(ev->pviol, G, s),
	       hot = at(ev->temp, s) - others(ev->temp, G, s), cap = at(ev->cap, s),
	       ocap = others(ev->cap, G, s), pw = at(ev->power, s);

	bool below = isfinite(pw) && pw < opw * (1 - cut / 200);

	if (tv >= p->min_viol)
		say(out, CAUSE_THERMAL,
		    "clock %.1f%% lower, kernels %.1f%% longer; thermal violation %.0f%% of "
		    "readings, %.0f points above the others",
		    cut, slow, at(ev->tviol, s), tv);
	else if (cap <= ocap - 1)	/* caps are set in whole watts */
		say(out, CAUSE_POWER,
		    "clock %.1f%% lower, kernels %.1f%% longer; power cap %.0f W against the "
		    "others' %.0f W",
		    cut, slow, cap, ocap);
	else if (below && isfinite(hot) && hot * CHECK_CLOCK_PER_C >= cut)
		say(out, CAUSE_THERMAL,
		    "clock %.1f%% lower, kernels %.1f%% longer; %.1f C hotter than the others' "
		    "median, drawing %.0f W against their %.0f W: the heat explains the clock",
		    cut, slow, hot, pw, opw);
	else if (below && isfinite(hot))
		say(out, CAUSE_CLOCK,
		    "clock %.1f%% lower, kernels %.1f%% longer; drawing %.0f W against the others' "
		    "%.0f W, under its cap, %+.1f C from the others' median (too little heat for "
		    "the clock)",
		    cut, slow, pw, opw, hot);
	else if (hot >= p->min_hotter)
		say(out, CAUSE_THERMAL,
		    "clock %.1f%% lower, kernels %.1f%% longer; %.1f C hotter than the others' "
		    "median at the same cap and power%s",
		    cut, slow, hot,
		    pv >= p->min_viol || at(ev->pviol, s) >= 50 ? ", power-limited" : "");
	else if (pv >= p->min_viol)
		say(out, CAUSE_POWER,
		    "clock %.1f%% lower, kernels %.1f%% longer; power violation %.0f%% of "
		    "readings, %.0f points above the others, not hotter",
		    cut, slow, at(ev->pviol, s), pv);
	else
		say(out, CAUSE_UNKNOWN,
		    "clock %.1f%% lower, kernels %.1f%% longer; no temperature, power, cap or "
		    "violation readings tell heat from a power or clock limit",
		    cut, slow);
}

void
check_attribute(const struct check_evidence *ev, size_t s, const struct check_params *p,
		struct check_attribution *out)
{
	size_t G = ev->G;
	double span = others(ev->span_ns, G, s), ex[3], pct[3], oc, slow, cut, more, opw;
	const double *work = ev->const_ns ? ev->const_ns : ev->compute_ns;
	int k, best = 0;

	memset(out, 0, sizeof(*out));
	if (s >= G || !(span > 0)) {
		say(out, CAUSE_UNKNOWN, "no kernels to compare");
		return;
	}
	oc = others(work, G, s);
	if (!isfinite(oc) && work == ev->const_ns) {
		work = ev->compute_ns;
		oc = others(work, G, s);
	}
	ex[0] = at(work, s) - oc;
	ex[1] = at(ev->idle_ns, s) - others(ev->idle_ns, G, s);
	ex[2] = at(ev->comm_late_ns, s) - others(ev->comm_late_ns, G, s);
	pct[0] = 100 * ex[0] / oc;
	pct[1] = 100 * ex[1] / span;
	pct[2] = 100 * ex[2] / span;
	for (k = 1; k < 3; k++)
		if (isfinite(pct[k]) && !(pct[k] <= pct[best]))
			best = k;
	out->slowdown_pct = isfinite(pct[best]) ? pct[best] : NAN;
	if (!(pct[best] >= 100 * (p->min_gain - 1))) {
		say(out, CAUSE_UNKNOWN,
		    "no compute, idle or collective excess of %.1f%% (largest: %.2f%%)",
		    100 * (p->min_gain - 1), isfinite(pct[best]) ? pct[best] : 0.0);
		return;
	}
	if (best == 1) {
		say(out, CAUSE_HOST,
		    "idle between its kernels %.2f ms per sample longer than the others' (%.1f%% "
		    "of the sample): kernels launched late",
		    ex[1] / 1e6, pct[1]);
		return;
	}
	if (best == 2) {
		say(out, CAUSE_COMM,
		    "its collectives end %.2f ms per sample after the earliest, %.2f ms (%.1f%% of "
		    "the sample) more than the others'; compute %+.1f%%",
		    at(ev->comm_late_ns, s) / 1e6, ex[2] / 1e6, pct[2], pct[0]);
		return;
	}
	slow = pct[0];
	more = at(ev->ncompute, s) - others(ev->ncompute, G, s);
	if (more >= 1) {
		say(out, CAUSE_WORKLOAD, "%.0f more compute kernels per sample, compute %.1f%% longer",
		    more, slow);
		return;
	}
	cut = 100 * (1 - at(ev->clk, s) / others(ev->clk, G, s));
	if (!isfinite(cut)) {
		say(out, CAUSE_UNKNOWN,
		    "kernels %.1f%% longer, same kernel count; no clock readings under load to "
		    "tell a slower clock from more work",
		    slow);
		return;
	}
	if (cut >= p->clock_share / 100 * slow && cut > 0) {
		opw = others(ev->power, G, s);
		clock_cause(ev, s, p, cut, slow, opw, out);
		return;
	}
	say(out, CAUSE_WORKLOAD, "kernels %.1f%% longer at a clock %+.1f%% from the others' median",
	    slow, -cut);
}

/* The verdict again once the straggler's cause is known (METHOD §9.1). */
static void
verdict_cause(struct check_result *out, int dev)
{
	const struct check_rule *ru = out->rule;
	/* power-cap and clock reasons count as throttling: only a temperature spread is heat */
	bool hot = ru[CHECK_TEMP].state == CHECK_FIRED;
	enum check_cause c = out->attr.cause;

	if (c == CAUSE_THERMAL) {
		if (out->verdict != CHECK_IMBALANCED)
			snprintf(out->reason, sizeof(out->reason), "straggler gpu %d, cause thermal",
				 dev);
		out->verdict = CHECK_IMBALANCED;
	} else if (c == CAUSE_UNKNOWN ? out->verdict != CHECK_IMBALANCED : !hot) {
		/* a clock spread that a power cap, a clock lock or the work explains is not heat */
		out->verdict = CHECK_INCONCLUSIVE;
		snprintf(out->reason, sizeof(out->reason), "straggler gpu %d, cause %s", dev,
			 check_cause_name(c));
	}
	out->imbalanced = out->verdict == CHECK_IMBALANCED;
}

void
check_eval_cause(const struct check_input *in, const struct check_evidence *ev,
		 const struct check_params *p, struct check_result *out)
{
	struct check_rule *r = &out->rule[CHECK_STRAGGLER];
	int dev;

	check_eval(in, p, out);
	if (!ev || r->state == CHECK_SKIPPED || out->persistent < 0)
		return;
	dev = in->device ? in->device[out->persistent] : (int)out->persistent;
	check_attribute(ev, (size_t)out->persistent, p, &out->attr);
	/* the straggler rule judges the straggler's own measured slowdown, not S_C(min) */
	r->value = 1 + out->attr.slowdown_pct / 100;
	snprintf(r->why, sizeof(r->why),
		 "gpu %d straggler in %.1f%% of samples, %.2f%% slower (S_C(min) %.3f)", dev,
		 out->persist_share, out->attr.slowdown_pct, in->s_c_min);
	if (!(r->value >= p->min_gain)) {
		r->state = CHECK_PASS;
		memset(&out->attr, 0, sizeof(out->attr));
		verdict(out, in);
		return;
	}
	r->state = CHECK_FIRED;
	verdict(out, in);
	verdict_cause(out, dev);
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
