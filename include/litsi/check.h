/* SPDX-License-Identifier: MIT */
/*
 * check.h: the thermal-imbalance verdict (METHOD.md §9): four rules over
 * per-GPU telemetry medians, throttling shares, straggler counts and the
 * predicted speedup. A rule whose inputs are missing is skipped, never passed.
 * Pure.
 */
#ifndef LITSI_CHECK_H
#define LITSI_CHECK_H

#include <stdbool.h>
#include <stddef.h>

enum check_rule_id { CHECK_TEMP, CHECK_FREQ, CHECK_STRAGGLER, CHECK_THROTTLE, CHECK_NRULES };
enum check_state { CHECK_PASS, CHECK_FIRED, CHECK_SKIPPED };
/*
 * The three outcomes (METHOD §9): imbalanced when a thermal rule (temperature,
 * clock, throttling) fires; inconclusive when no thermal rule could run, or
 * a persistent straggler fired without a thermal rule firing (its cause not
 * measured, or not thermal); balanced otherwise.
 */
enum check_verdict { CHECK_BALANCED, CHECK_IMBALANCED, CHECK_INCONCLUSIVE };

/*
 * The cause of a persistent straggler (METHOD §9.1): what the data says
 * costs it time against the node's other GPUs.
 */
enum check_cause {
	CAUSE_NONE,		/* no persistent straggler */
	CAUSE_THERMAL,		/* lower clock, hotter (or thermal violation residency) */
	CAUSE_POWER,		/* lower clock under a lower power cap (or power violation) */
	CAUSE_CLOCK,		/* lower clock at normal temperature, below its cap */
	CAUSE_WORKLOAD,		/* more or longer compute kernels at the normal clock */
	CAUSE_COMM,		/* its collectives end after the others' */
	CAUSE_HOST,		/* idle gaps between its kernels (launched late) */
	CAUSE_UNKNOWN,		/* persistent, but the data supports none of the above */
};

/*
 * Clock a degree of heat can cost, percent per °C: leakage at a power cap
 * costs about 0.45 (the simulated MI300X), DVFS above its threshold about 1
 * (20 MHz per °C at 2.1 GHz). A straggler below its cap is thermal only when
 * its temperature excess times this covers its clock deficit.
 */
#define CHECK_CLOCK_PER_C 1.0

struct check_params {
	double max_temp_spread;		/* --max-temp-spread (1.10) */
	double max_freq_spread;		/* --max-freq-spread (1.04) */
	double min_gain;		/* --min-gain (1.016): S_C(min), or with the trace profile
					 * 1 + the straggler's measured slowdown (check_attribute) */
	double max_throttle;		/* --max-throttle, percent of the window (5) */
	double persist;			/* --persist, percent of samples (80); res_judge()
					 * sets it from res_opts.persist */
	double min_temp_diff;		/* --min-temp-diff, hottest minus coolest median, °C (5) */
	size_t min_samples;		/* --min-samples for the straggler rule (3) */
	double clock_share;		/* --clock-share: a clock deficit that explains at least
					 * this share of the compute excess makes it a clock
					 * cause, percent (40) */
	double min_hotter;		/* --min-hotter: a straggler this many °C hotter than
					 * the others' median has a thermal cause (2) */
	double min_viol;		/* --min-viol: violation residency above the others'
					 * by this many points is evidence (5) */
};

/*
 * What a straggler's cause is judged from: per GPU, NaN (or a NULL array)
 * where the data does not say. Trace side: means per sample; telemetry
 * side: readings under load.
 */
struct check_evidence {
	size_t G;			/* GPUs: the entries of every array */
	const double *compute_ns;	/* [G] compute kernel time per sample */
	const double *const_ns;		/* [G] of it, matched constant-overlap kernels */
	const double *ncompute;		/* [G] compute kernels per sample */
	const double *idle_ns;		/* [G] gaps between its kernels per sample */
	const double *comm_late_ns;	/* [G] its collectives' ends after the earliest */
	const double *span_ns;		/* [G] first kernel start to last kernel end */
	const double *clk;		/* [G] median gfx clock, MHz */
	const double *temp;		/* [G] median hotspot temperature, °C */
	const double *power;		/* [G] median power, W */
	const double *cap;		/* [G] power cap in force, W */
	const double *tviol;		/* [G] thermal violation residency, percent */
	const double *pviol;		/* [G] power violation residency, percent */
};

struct check_attribution {
	enum check_cause cause;		/* why the straggler is slow; CAUSE_NONE: no straggler */
	double slowdown_pct;		/* the straggler's measured slowdown: the largest of its
					 * compute excess (constant-overlap kernels, percent of the
					 * others' median), idle and collective excess (percent
					 * of the others' median sample span) */
	char evidence[240];		/* the measured values behind the cause, one line */
};

/*
 * Per-GPU inputs; NaN marks a value the telemetry does not provide: the
 * telemetry values come from readings under load only (results.h), NaN for a
 * GPU with fewer than the minimum number of them.
 */
struct check_input {
	size_t G;			/* GPUs: the entries of every array */
	const double *temp;		/* [G] median hotspot temperature, °C */
	const double *freq;		/* [G] median gfx clock, MHz */
	const double *throttle;		/* [G] percent of the window throttled */
	const size_t *strag;		/* [G] samples in which the GPU was the straggler */
	const int *device;		/* [G] device ids for messages; NULL: indexes */
	size_t nsamples;		/* samples behind strag (matched across the GPUs) */
	double s_c_min;			/* S_C(min) from the model; NaN if unknown */
};

struct check_rule {
	enum check_state state;		/* fired, passed, or skipped (an input missing) */
	double value;			/* measured: spread ratio, S_C(min), max throttle % */
	double threshold;		/* the limit it was held against (check_params) */
	char why[160];			/* for skipped rules: the missing input; else detail */
};

struct check_result {
	struct check_rule rule[CHECK_NRULES];	/* indexed by enum check_rule_id */
	bool imbalanced;		/* verdict == CHECK_IMBALANCED */
	enum check_verdict verdict;	/* balanced, imbalanced or inconclusive */
	char reason[200];		/* why the verdict, one line */
	long persistent;		/* the persistent straggler GPU index, or -1 */
	double persist_share;		/* its share of samples, percent */
	struct check_attribution attr;	/* the straggler's cause (CAUSE_NONE: no straggler) */
};

void check_params_default(struct check_params *p);
/* check_rule_name() - "temp-spread", "freq-spread", "straggler", "throttle". */
const char *check_rule_name(enum check_rule_id id);
/* check_verdict_name() - "balanced", "imbalanced", "inconclusive". */
const char *check_verdict_name(enum check_verdict v);
/* check_spread() - max/min over the finite values; NaN with fewer than 2 or min <= 0. */
double check_spread(const double *v, size_t n);
void check_eval(const struct check_input *in, const struct check_params *p,
		struct check_result *out);
/* check_cause_name() - "thermal", "power-limit", "clock-limit", "workload", ... */
const char *check_cause_name(enum check_cause c);
/*
 * check_attribute() - the cause of straggler @s (an index) from @ev (METHOD
 * §9.1, rules in litsi-check(1)).
 */
void check_attribute(const struct check_evidence *ev, size_t s, const struct check_params *p,
		     struct check_attribution *out);
/*
 * check_eval_cause() - check_eval() with the straggler's cause: a persistent
 * straggler that fired is attributed from @ev, and a thermal cause makes the
 * node imbalanced; any other cause is named in the reason (inconclusive).
 */
void check_eval_cause(const struct check_input *in, const struct check_evidence *ev,
		      const struct check_params *p, struct check_result *out);

#endif
