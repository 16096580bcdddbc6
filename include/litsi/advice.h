/* SPDX-License-Identifier: MIT */
/*
 * advice.h: what to do about a node, from the results a report computes:
 * the verdict and the straggler, the cause the telemetry shows, the evidence
 * in plain units (lead and collective wait per step, temperature and clock
 * gaps under load) and one recommended action for a goal, with its predicted
 * effect next to the ceiling alignment could give, its uncertainty, and the
 * reason when a scenario cannot help. Part of the results library: nothing
 * here prints.
 */
#ifndef LITSI_ADVICE_H
#define LITSI_ADVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "litsi/results.h"

struct store;

/* --goal: what the recommended action optimises. */
enum res_goal { RES_GOAL_THROUGHPUT, RES_GOAL_POWER, RES_GOAL_ENERGY };

/* res_goal_parse() - "throughput", "power", "energy" → goal; -1 if unknown. */
int res_goal_parse(const char *s, enum res_goal *goal);
/* res_goal_name() - the name res_goal_parse() takes. */
const char *res_goal_name(enum res_goal g);

/* The results of one node that the advice reads (all borrowed). */
struct res_advice_in {
	const struct res_model *n;	/* the node's model results: GPUs, leads, straggler */
	const struct res_thermal *th;	/* its thermal evidence (res_thermal_eval()) */
	const struct res_verdict *v;	/* its check verdict (res_verdict_eval()) */
	const struct res_caps *caps;	/* [3] by enum caps_scenario */
	const bool *has_caps;		/* [3] */
	const char *const *why_caps;	/* [3] why a scenario's caps are unavailable */
	const double *power_ratio;	/* [3] model node GPU power ratio by alignment; NULL */
	const char *run;		/* --run, NULL: every source */
};

/* Per GPU, by device order of the node (res_model.nd.gpus). */
struct res_advice_gpu {
	int device;		/* the GPU's device index on the node */
	double lead_ms;		/* mean time ahead of the last GPU over the step's matched
				 * kernels, ms per step; NaN without samples */
	double lead_pct;	/* lead_ms over the mean step time, percent; NaN */
	double lead_sum_ms;	/* aggregated lead per sample (--agg, res_model.mean_lead),
				 * ms: a sum over kernels, not a time within the step */
	double wait_ms;		/* time waited in collectives for the last GPU, ms per step;
				 * NaN without matched collectives */
	size_t arrived_last;	/* collective instances in which it arrived last */
	size_t collectives;	/* collective instances matched */
	double temp_c, clock_mhz;	/* medians under load; NaN */
};

struct res_advice {
	enum res_goal goal;		/* the goal the action serves (--goal) */
	enum check_verdict verdict;	/* the node's check verdict (res_verdict.r.verdict) */
	int straggler;		/* persistent straggler device, -1 */
	int straggler_rank;	/* -1 */
	size_t G;		/* GPUs of the node: the entries of gpu */
	struct res_advice_gpu *gpu;	/* [G], owned: res_advice_release() */
	double step_ms;		/* mean node step time (per step, the slowest GPU's); NaN */
	double step_cv_pct;	/* step-to-step variation: standard deviation / mean, %; NaN */
	size_t steps;		/* profiler steps behind step_ms (res_step_stats()) */
	size_t samples;		/* samples behind the leads */
	/* thermal evidence under load */
	double temp_gap_c;	/* straggler minus coolest GPU; NaN */
	double clock_gap_mhz;	/* fastest GPU minus straggler; NaN */
	double clock_gap_pct;	/* of the fastest GPU's clock; NaN */
	bool straggler_hottest;	/* the straggler is the hottest GPU under load */
	char cause[240];	/* one line: the straggler's cause as the evidence shows it */
	/* the action */
	int scenario;		/* enum caps_scenario of the action, -1: no caps */
	double predicted;	/* the goal's predicted ratio (throughput, power or energy per
				 * step), never above the ceiling for throughput; NaN */
	double throughput;	/* its predicted throughput ratio, clamped to the ceiling; NaN */
	double power;		/* its predicted node GPU power ratio; NaN */
	double ceiling;		/* the model's throughput ceiling of that scenario
				 * (alignment); NaN */
	bool clamped;		/* the caps' prediction was above the ceiling, shown at it */
	double throughput_low;	/* what the runs promise when a GPU is predicted above any
				 * clock its runs showed (caps' S_iter_low); NaN when the
				 * prediction needs no such clock */
	double power_low;	/* the node GPU power ratio beside throughput_low; NaN */
	double throughput_work;	/* the throughput if the time the trace shows no GPU running
				 * a kernel is work it left out (res_caps_gaps()); NaN
				 * when that would not change the printed figure */
	double gap_pct;		/* that time, percent of the samples' span; NaN */
	char action[320];	/* one line: what to do */
	char why_not[320];	/* why the goal's scenarios cannot help; "" when they can */
	char thin[240];		/* thin evidence, beside the numbers it weakens; "" */
	char inspect[200];	/* a hardware look to take (cooling of a slot); "" */
};

/*
 * res_advice_eval() - the advice for @in's node, for @goal; reads the node's
 * step times (store_run_steps()) and matches its collectives
 * (res_collectives_eval()). Errors are the store's.
 */
int res_advice_eval(struct store *st, const struct res_advice_in *in, enum res_goal goal,
		    struct res_advice *a, struct err *err);
/*
 * res_advice_scenario_throughput() - the throughput a report prints for
 * scenario @s's caps: the caps' prediction, never above the model's ceiling
 * for that scenario (NaN when the caps are unavailable). *ceiling is that
 * ceiling (NaN unknown); *clamped whether it was applied.
 */
double res_advice_scenario_throughput(const struct res_advice_in *in, int s, double *ceiling,
				      bool *clamped);
void res_advice_release(struct res_advice *a);
/*
 * res_advice_note() - why scenario @s's caps do not reach its ceiling, when
 * the reason is known ("no headroom: gpu 5 already at the part's 750 W"),
 * into @buf; "" otherwise.
 */
const char *res_advice_note(const struct res_advice_in *in, int s, char *buf, size_t len);

/* ---- rendering (src/fmt/advice_fmt.c) ---- */
struct fmt;
/* advice_render_text() - the "what to do" block of a text report, to @out. */
void advice_render_text(FILE *out, const struct res_advice *a, const struct res_advice_in *in);
/* advice_columns() - the columns of the JSON "advice" table; advice_render_row() one node's row. */
const struct fmt_col *advice_columns(size_t *n);
void advice_render_row(struct fmt *f, const char *node, const struct res_advice *a);

#endif
