/* SPDX-License-Identifier: MIT */
/*
 * compare.h: two runs of one node side by side (litsi compare): throughput
 * from the step time, node power, energy per step, and the verdict whether
 * the change from the first run to the second helped. Pure.
 */
#ifndef LITSI_COMPARE_H
#define LITSI_COMPARE_H

#include <stddef.h>

/* One run as its recording shows it; NaN where unknown. */
struct run_summary {
	size_t steps;			/* steps measured */
	double step_ns;			/* mean node step time: per step the slowest GPU's */
	double node_power_w;		/* Σ over GPUs of the median power while busy */
};

enum compare_verdict {
	CMP_HELPED,			/* faster, or the same pace for less energy per step */
	CMP_HURT,			/* slower, or the same pace for more energy per step */
	CMP_NO_CHANGE,			/* both within the noise band */
	CMP_MIXED,			/* faster for more energy, or slower for less */
	CMP_UNKNOWN,			/* a run without steps */
};

struct compare_result {
	double throughput;		/* run b over run a: step_a / step_b */
	double power;			/* node power, b / a */
	double energy;			/* energy per step, b / a */
	enum compare_verdict verdict;	/* what the three ratios say together */
	const char *why;		/* one line, static */
};

/* Changes smaller than this (relative) are noise. */
#define COMPARE_NOISE 0.005

/* compare_runs() - run @b against run @a. */
void compare_runs(const struct run_summary *a, const struct run_summary *b,
		  struct compare_result *out);
/* compare_verdict_name() - "helped", "hurt", "no change", "mixed", "unknown". */
const char *compare_verdict_name(enum compare_verdict v);

#endif
