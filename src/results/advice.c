/* SPDX-License-Identifier: MIT */
/*
 * advice.c: what to do about a node: the evidence in plain units and one
 * action for a goal, from the results a report computes (results library;
 * nothing printed).
 */
#include "litsi/advice.h"
#include "litsi/litsi.h"
#include "litsi/store.h"
#include "litsi/util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A predicted change smaller than this is no change (the closed loop's own tie). */
#define ADVICE_MIN_GAIN 0.005

static const char *const goal_names[] = { "throughput", "power", "energy" };

int
res_goal_parse(const char *s, enum res_goal *goal)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(goal_names); i++)
		if (!strcmp(s, goal_names[i])) {
			*goal = (enum res_goal)i;
			return 0;
		}
	return -1;
}

const char *
res_goal_name(enum res_goal g)
{
	return (size_t)g < ARRAY_SIZE(goal_names) ? goal_names[g] : "?";
}

double
res_advice_scenario_throughput(const struct res_advice_in *in, int s, double *ceiling,
			       bool *clamped)
{
	*ceiling = in->has_caps[s] ? in->caps[s].ceiling
				   : res_caps_ceiling(in->n, (enum caps_scenario)s);
	*clamped = in->has_caps[s] && in->caps[s].clamped;
	return in->has_caps[s] ? in->caps[s].throughput : NAN;
}

/* Mean step time, its variation, from the store. */
static int
step_times(struct store *st, const struct res_advice_in *in, struct res_advice *a,
	   double *mean_ns, struct err *err)
{
	if (res_step_stats(st, in->n->nd.node_id, in->run, &a->steps, mean_ns, &a->step_cv_pct,
			   err))
		return err->status;
	a->step_ms = *mean_ns / 1e6;
	return 0;
}

/* Lead per step (res_model.step_lead) in ms and percent of the step time. */
static void
advice_leads(const struct res_model *n, double step_ns, struct res_advice *a)
{
	size_t g;

	for (g = 0; g < n->nd.G; g++) {
		a->gpu[g].lead_ms = n->step_lead[g] / 1e6;
		a->gpu[g].lead_pct = res_lead_pct(n->step_lead[g], step_ns);
		a->gpu[g].lead_sum_ms = n->mean_lead[g] / 1e6;
	}
	a->samples = n->nsamples;
}

static int
collective_waits(const struct res_model *n, struct res_advice *a, struct err *err)
{
	struct res_collectives c;
	size_t g;
	int rc;

	if ((rc = res_collectives_eval(&n->nd, &c, err))) {
		res_collectives_release(&c);
		return rc;
	}
	for (g = 0; g < a->G; g++) {
		a->gpu[g].collectives = c.ninst[g];
		a->gpu[g].arrived_last = c.arrived_last[g];
		a->gpu[g].wait_ms = c.ninst[g] && n->nd.nsteps ?
					    (double)c.wait[g] / (double)n->nd.nsteps / 1e6 : NAN;
	}
	res_collectives_release(&c);
	return 0;
}

/* Temperature and clock gaps under load, and the straggler's place in them. */
static void
thermal_gaps(const struct res_model *n, struct res_advice *a)
{
	double tmin = NAN, tmax = NAN, fmax = NAN, ts = NAN, fs = NAN;
	int si = a->straggler >= 0 ? res_gpu_index(&n->nd, a->straggler) : -1;
	size_t g;

	for (g = 0; g < a->G; g++) {
		double t = n->tel.load_med[RES_HOT][g], f = n->tel.load_med[RES_CLK][g];

		a->gpu[g].temp_c = t;
		a->gpu[g].clock_mhz = f;
		if (!isnan(t) && (isnan(tmin) || t < tmin))
			tmin = t;
		if (!isnan(t) && (isnan(tmax) || t > tmax))
			tmax = t;
		if (!isnan(f) && (isnan(fmax) || f > fmax))
			fmax = f;
	}
	if (si >= 0) {
		ts = a->gpu[si].temp_c;
		fs = a->gpu[si].clock_mhz;
	}
	a->temp_gap_c = ts - tmin;
	a->clock_gap_mhz = fmax - fs;
	a->clock_gap_pct = 100 * (fmax - fs) / fmax;
	a->straggler_hottest = !isnan(ts) && ts >= tmax;
}

static void
cause_line(const struct res_model *n, struct res_advice *a)
{
	struct check_params def;

	check_params_default(&def);
	if (a->straggler < 0) {
		snprintf(a->cause, sizeof(a->cause), "%s",
			 n->straggler.samples ? "no GPU is the slowest in most samples"
					      : "no kernels matched across two or more GPUs");
		return;
	}
	if (isnan(a->temp_gap_c) && isnan(a->clock_gap_mhz)) {
		snprintf(a->cause, sizeof(a->cause),
			 "not measured: no temperature or clock telemetry under load");
		return;
	}
	if (a->straggler_hottest && a->temp_gap_c >= def.min_temp_diff) {
		snprintf(a->cause, sizeof(a->cause),
			 "heat: the hottest GPU under load, %.0f C above the coolest, its clock "
			 "%.0f MHz (%.1f%%) below the fastest",
			 a->temp_gap_c, a->clock_gap_mhz, a->clock_gap_pct);
		snprintf(a->inspect, sizeof(a->inspect),
			 "inspect the cooling of gpu %d's slot (airflow, fans, heat sink, paste)",
			 a->straggler);
		return;
	}
	if (!isnan(a->clock_gap_pct) && a->clock_gap_pct >= 1)
		snprintf(a->cause, sizeof(a->cause),
			 "a lower clock (%.0f MHz, %.1f%% below the fastest GPU) without being "
			 "the hottest: a power or clock limit rather than heat",
			 a->clock_gap_mhz, a->clock_gap_pct);
	else
		snprintf(a->cause, sizeof(a->cause),
			 "not thermal as far as the telemetry shows (temperature and clock within "
			 "the other GPUs'): look at its input pipeline, host and links");
}

/* The goal's figure for scenario @s: lower is better for power and energy. */
static double
goal_value(const struct res_advice_in *in, enum res_goal goal, int s, double *thr)
{
	double ceil, p;
	bool cl;

	*thr = res_advice_scenario_throughput(in, s, &ceil, &cl);
	if (isnan(*thr))
		return NAN;
	p = in->caps[s].pratio;
	/* the trace cannot tell host time from untraced work: either may hold */
	if (goal == RES_GOAL_THROUGHPUT)
		return res_caps_gaps(&in->caps[s]) ? in->caps[s].s_work : *thr;
	if (goal == RES_GOAL_POWER)
		return *thr >= 1 - ADVICE_MIN_GAIN ? p : NAN;
	return p / *thr;
}

/* The scenario that serves @goal best, -1 when none changes it by ADVICE_MIN_GAIN. */
static int
pick(const struct res_advice_in *in, enum res_goal goal)
{
	int s, best = -1;
	double bv = NAN, thr;

	for (s = 0; s < 3; s++) {
		double v = goal_value(in, goal, s, &thr);

		if (isnan(v))
			continue;
		if (goal == RES_GOAL_THROUGHPUT ? v < 1 + ADVICE_MIN_GAIN : v > 1 - ADVICE_MIN_GAIN)
			continue;
		if (best < 0 || (goal == RES_GOAL_THROUGHPUT ? v > bv + 1e-9 : v < bv - 1e-9)) {
			best = s;
			bv = v;
		}
	}
	return best;
}

/* The straggler already runs at the part's maximum: no power can be moved to it. */
static bool
no_headroom(const struct res_advice_in *in, int *cap)
{
	const struct res_model *n = in->n;
	int s, g;

	for (s = CAPS_GPU_REALLOC; s <= CAPS_CPU_SLOSH; s++) {
		const struct res_caps *c = &in->caps[s];

		if (!in->has_caps[s] || c->straggler < 0)
			continue;
		for (g = 0; g < (int)c->G; g++)
			if (c->device[g] == c->straggler && c->init[g] >= n->lim.tdp) {
				*cap = c->init[g];
				return true;
			}
	}
	return false;
}

const char *
res_advice_note(const struct res_advice_in *in, int s, char *buf, size_t len)
{
	double ceil, thr;
	bool cl;
	int cap = 0;

	buf[0] = 0;
	thr = res_advice_scenario_throughput(in, s, &ceil, &cl);
	if (isnan(thr))
		return buf;
	if (cl)
		snprintf(buf, len, "the caps model gives more; shown at the ceiling");
	else if (s != CAPS_GPU_RED && thr < 1 + ADVICE_MIN_GAIN && ceil >= 1 + ADVICE_MIN_GAIN &&
		 no_headroom(in, &cap))
		snprintf(buf, len, "no headroom: gpu %d already runs at the part's %d W",
			 in->n->straggler.device, cap);
	if (res_caps_unproven(&in->caps[s])) {
		size_t used = strlen(buf);

		snprintf(buf + used, len - used,
			 "%sunproven: a GPU would run faster than any clock its runs showed; the "
			 "runs promise x%.3f (power x%.3f)", used ? "; " : "", in->caps[s].s_low,
			 in->caps[s].pr_low);
	}
	if (res_caps_gaps(&in->caps[s])) {
		size_t used = strlen(buf);

		snprintf(buf + used, len - used,
			 "%sgaps: x%.3f if the %.0f%% of the trace's span in which no GPU ran a "
			 "kernel is work the trace left out, not host time",
			 used ? "; " : "", in->caps[s].s_work, 100 * in->caps[s].gap_frac);
	}
	return buf;
}

static void
why_not(const struct res_advice_in *in, struct res_advice *a)
{
	int cap = 0, alt;

	if (!in->has_caps[0] && !in->has_caps[1] && !in->has_caps[2]) {
		snprintf(a->why_not, sizeof(a->why_not), "no caps: %s", in->why_caps[1]);
		return;
	}
	if (a->goal == RES_GOAL_THROUGHPUT && no_headroom(in, &cap)) {
		alt = pick(in, RES_GOAL_POWER);
		if (alt >= 0)
			snprintf(a->why_not, sizeof(a->why_not),
				 "no headroom: gpu %d already runs at the part's %d W, so no power "
				 "can be moved to it; caps save %.1f%% power instead (--goal power)",
				 a->straggler, cap,
				 100 * (1 - in->caps[alt].pratio));
		else
			snprintf(a->why_not, sizeof(a->why_not),
				 "no headroom: gpu %d already runs at the part's %d W, so no power "
				 "can be moved to it", a->straggler, cap);
		return;
	}
	snprintf(a->why_not, sizeof(a->why_not),
		 "the caps model predicts no %s for any scenario (change under %.1f%%)",
		 a->goal == RES_GOAL_THROUGHPUT ? "gain in throughput" :
		 a->goal == RES_GOAL_POWER ? "power saving without losing throughput"
					   : "saving of energy per step",
		 100 * ADVICE_MIN_GAIN);
}

static void
thin_evidence(const struct res_model *n, struct res_advice *a)
{
	struct sbuf sb = SBUF_INIT;
	size_t g, loaded = 0;

	for (g = 0; g < a->G; g++)
		loaded += !isnan(a->gpu[g].temp_c) || !isnan(a->gpu[g].clock_mhz);
	if (a->samples < 3)
		sbuf_addf(&sb, "from %zu sample%s only", a->samples, a->samples == 1 ? "" : "s");
	if (!n->tel.any)
		sbuf_addf(&sb, "%sno telemetry: the cause and the caps' power are not measured",
			  sb.len ? "; " : "");
	else if (loaded < 2)
		sbuf_addf(&sb, "%stoo few telemetry readings under load", sb.len ? "; " : "");
	snprintf(a->thin, sizeof(a->thin), "%s", sb.buf);
	sbuf_release(&sb);
}

static void
action(const struct res_advice_in *in, struct res_advice *a)
{
	int s = pick(in, a->goal);
	bool cl = false;

	a->scenario = s;
	a->predicted = a->throughput = a->power = a->ceiling = NAN;
	a->throughput_low = a->power_low = a->throughput_work = a->gap_pct = NAN;
	if (a->verdict == CHECK_BALANCED && s < 0) {
		snprintf(a->action, sizeof(a->action), "nothing: the node is balanced");
		return;
	}
	if (s < 0) {
		why_not(in, a);
		snprintf(a->action, sizeof(a->action), "%s",
			 a->inspect[0] ? "no caps for this goal; fix the straggler's cooling"
				       : "no caps for this goal");
		return;
	}
	a->throughput = res_advice_scenario_throughput(in, s, &a->ceiling, &cl);
	a->clamped = cl;
	a->power = in->caps[s].pratio;
	if (res_caps_unproven(&in->caps[s])) {
		a->throughput_low = in->caps[s].s_low;
		a->power_low = in->caps[s].pr_low;
	}
	if (res_caps_gaps(&in->caps[s])) {
		a->throughput_work = in->caps[s].s_work;
		a->gap_pct = 100 * in->caps[s].gap_frac;
	}
	a->predicted = a->goal == RES_GOAL_THROUGHPUT ? a->throughput :
		       a->goal == RES_GOAL_POWER ? a->power : a->power / a->throughput;
	snprintf(a->action, sizeof(a->action), "apply the %s caps (litsi caps --scenario %s)",
		 caps_scenarios[s].name, caps_scenarios[s].name);
}

int
res_advice_eval(struct store *st, const struct res_advice_in *in, enum res_goal goal,
		struct res_advice *a, struct err *err)
{
	const struct res_model *n = in->n;
	double step_ns;
	size_t g;
	int rc;

	memset(a, 0, sizeof(*a));
	a->goal = goal;
	a->verdict = in->v->r.verdict;
	a->straggler = n->straggler.device;
	a->straggler_rank = n->straggler.rank;
	a->G = n->nd.G;
	a->gpu = xcalloc(a->G + 1, sizeof(*a->gpu));
	for (g = 0; g < a->G; g++)
		a->gpu[g].device = n->nd.gpus[g].device;
	if ((rc = step_times(st, in, a, &step_ns, err)))
		return rc;
	advice_leads(n, step_ns, a);
	if ((rc = collective_waits(n, a, err)))
		return rc;
	thermal_gaps(n, a);
	cause_line(n, a);
	thin_evidence(n, a);
	action(in, a);
	return 0;
}

void
res_advice_release(struct res_advice *a)
{
	free(a->gpu);
	memset(a, 0, sizeof(*a));
}
