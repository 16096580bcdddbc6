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

struct check_params {
	double max_temp_spread;		/* --max-temp-spread (1.10) */
	double max_freq_spread;		/* --max-freq-spread (1.04) */
	double min_gain;		/* --min-gain (1.02) */
	double max_throttle;		/* --max-throttle, percent of the window (5) */
	double persist;			/* --persist, percent of samples (80) */
	double min_temp_diff;		/* --min-temp-diff, hottest minus coolest median, °C (5) */
	size_t min_samples;		/* --min-samples for the straggler rule (3) */
};

/*
 * Per-GPU inputs; NaN marks a value the telemetry does not provide: the
 * telemetry values come from readings under load only (results.h), NaN for a
 * GPU with fewer than the minimum number of them.
 */
struct check_input {
	size_t G;
	const double *temp;		/* [G] median hotspot temperature, °C */
	const double *freq;		/* [G] median gfx clock, MHz */
	const double *throttle;		/* [G] percent of the window throttled */
	const size_t *strag;		/* [G] samples in which the GPU was the straggler */
	const int *device;		/* [G] device ids for messages; NULL: indexes */
	size_t nsamples;
	double s_c_min;			/* S_C(min) from the model; NaN if unknown */
};

struct check_rule {
	enum check_state state;
	double value;			/* measured: spread ratio, S_C(min), max throttle % */
	double threshold;
	char why[160];			/* for skipped rules: the missing input; else detail */
};

struct check_result {
	struct check_rule rule[CHECK_NRULES];
	bool imbalanced;		/* verdict == CHECK_IMBALANCED */
	enum check_verdict verdict;
	char reason[200];		/* why the verdict, one line */
	long persistent;		/* the persistent straggler GPU index, or -1 */
	double persist_share;		/* its share of samples, percent */
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

#endif
