/* SPDX-License-Identifier: MIT */
/*
 * advice_fmt.c: the "what to do" block of a report: the text a person reads
 * first and the JSON row of the same struct (res_advice_eval()).
 */
#include "litsi/advice.h"
#include "litsi/fmt.h"
#include "litsi/litsi.h"
#include "litsi/util.h"

#include <math.h>
#include <string.h>

static const char *const align_words[] = { "the slowest GPU's", "the median GPU's",
					   "the fastest GPU's" };

/* "step" when the trace has profiler steps, else "sample" (the whole trace is one). */
static const char *
period(const struct res_advice *a)
{
	return a->steps ? "step" : "sample";
}

static void
text_verdict(FILE *out, const struct res_advice *a, const struct res_advice_in *in)
{
	const struct res_straggler *st = &in->n->straggler;

	out_printf(out, "  verdict:   %s", check_verdict_name(a->verdict));
	if (a->straggler >= 0) {
		fprintf(out, ": gpu %d", a->straggler);
		if (a->straggler_rank >= 0 && a->straggler_rank != a->straggler)
			fprintf(out, " (rank %d)", a->straggler_rank);
		fprintf(out, " is the straggler, the slowest in %zu of %zu samples", st->most_count,
			st->samples);
	}
	fputc('\n', out);
	fputs("  cause:     ", out);
	out_printf(out, "%s", a->cause);
	fputc('\n', out);
}

/* The other GPUs' lead over the straggler, as a range in ms and % of the step. */
static void
text_lead(FILE *out, const struct res_advice *a)
{
	double lo = NAN, hi = NAN, plo = NAN, phi = NAN;
	size_t g;

	for (g = 0; g < a->G; g++) {
		const struct res_advice_gpu *x = &a->gpu[g];

		if (x->device == a->straggler || isnan(x->lead_ms))
			continue;
		if (isnan(lo) || x->lead_ms < lo)
			lo = x->lead_ms, plo = x->lead_pct;
		if (isnan(hi) || x->lead_ms > hi)
			hi = x->lead_ms, phi = x->lead_pct;
	}
	if (a->straggler < 0 || isnan(lo))
		return;
	out_printf(out, "  evidence:  the other GPUs run %.2f to %.2f ms ahead of gpu %d, averaged "
		     "over each %s's kernels", lo, hi, a->straggler, period(a));
	if (!isnan(plo))
		fprintf(out, " (%.1f%% to %.1f%% of the %.2f ms step)", plo, phi, a->step_ms);
	fputc('\n', out);
}

static void
text_waits(FILE *out, const struct res_advice *a)
{
	size_t g, most = SIZE_MAX, last = SIZE_MAX;

	for (g = 0; g < a->G; g++) {
		if (isnan(a->gpu[g].wait_ms))
			continue;
		if (most == SIZE_MAX || a->gpu[g].wait_ms > a->gpu[most].wait_ms)
			most = g;
		if (last == SIZE_MAX || a->gpu[g].arrived_last > a->gpu[last].arrived_last)
			last = g;
	}
	if (most == SIZE_MAX)
		return;
	out_printf(out, "             in collectives gpu %d waited %.2f ms per %s, the most; "
		     "gpu %d arrived last in %zu of %zu\n", a->gpu[most].device,
		a->gpu[most].wait_ms, period(a), a->gpu[last].device, a->gpu[last].arrived_last,
		a->gpu[last].collectives);
}

static void
text_gaps(FILE *out, const struct res_advice *a)
{
	if (isnan(a->temp_gap_c) && isnan(a->clock_gap_mhz))
		return;
	fputs("             under load gpu ", out);
	fprintf(out, "%d: ", a->straggler);
	if (!isnan(a->temp_gap_c))
		fprintf(out, "%+.0f C against the coolest GPU", a->temp_gap_c);
	if (!isnan(a->temp_gap_c) && !isnan(a->clock_gap_mhz))
		fputs(", ", out);
	if (!isnan(a->clock_gap_mhz))
		fprintf(out, "clock %.0f MHz (%.1f%%) below the fastest", a->clock_gap_mhz,
			a->clock_gap_pct);
	fputc('\n', out);
}

static void
text_action(FILE *out, const struct res_advice *a)
{
	out_printf(out, "  action:    %s\n", a->action);
	if (a->scenario >= 0) {
		fprintf(out, "             predicted throughput x%.3f, node GPU power x%.3f",
			a->throughput, a->power);
		if (a->goal == RES_GOAL_ENERGY)
			fprintf(out, ", energy per step x%.3f", a->predicted);
		fputc('\n', out);
		if (!isnan(a->throughput_low))
			fprintf(out, "             unproven: that needs a GPU faster than any clock its "
				     "runs showed; the runs promise x%.3f (power x%.3f), the next "
				     "run shows which\n", a->throughput_low, a->power_low);
		if (!isnan(a->throughput_work))
			fprintf(out, "             gaps: in %.0f%% of the trace's span no GPU ran a "
				     "kernel; counted as host time, as above; as work the trace "
				     "left out (untraced iterations) x%.3f; the next run shows "
				     "which\n", a->gap_pct, a->throughput_work);
		if (!isnan(a->ceiling))
			out_printf(out, "             ceiling x%.3f: what aligning every GPU to %s pace"
				     "%s could give at best%s\n", a->ceiling,
				align_words[a->scenario],
				a->scenario == CAPS_CPU_SLOSH ? " at the budget's mean cap" : "",
				a->clamped ? " (the caps model gives more; shown at the ceiling)"
					   : "");
		if (!isnan(a->step_cv_pct))
			out_printf(out, "             uncertainty: the step time varies by %.1f%% from "
				     "step to step over %zu steps%s\n", a->step_cv_pct, a->steps,
				fabs(a->throughput - 1) * 100 < a->step_cv_pct
					? "; the predicted change is within it: measure before and after"
					: "");
	}
	if (a->why_not[0])
		out_printf(out, "  why:       %s\n", a->why_not);
	if (a->inspect[0])
		out_printf(out, "  also:      %s\n", a->inspect);
	if (a->thin[0])
		out_printf(out, "  caution:   thin evidence: %s\n", a->thin);
}

void
advice_render_text(FILE *out, const struct res_advice *a, const struct res_advice_in *in)
{
	out_printf(out, "what to do (goal: %s; --goal throughput|power|energy):\n",
		res_goal_name(a->goal));
	text_verdict(out, a, in);
	text_lead(out, a);
	text_waits(out, a);
	text_gaps(out, a);
	text_action(out, a);
}

static const struct fmt_col advice_cols[] = {
	{ "node", FT_STR, 0 },	       { "goal", FT_STR, 0 },	     { "verdict", FT_STR, 0 },
	{ "straggler", FT_INT, 0 },    { "cause", FT_STR, 0 },	      { "action", FT_STR, 0 },
	{ "scenario", FT_STR, 0 },     { "predicted", FT_DBL, 4 },    { "throughput", FT_DBL, 4 },
	{ "ceiling", FT_DBL, 4 },      { "at_ceiling", FT_BOOL, 0 },  { "power_ratio", FT_DBL, 4 },
	{ "step_ms", FT_DBL, 3 },      { "step_cv_pct", FT_DBL, 2 },  { "steps", FT_INT, 0 },
	{ "temp_gap_c", FT_DBL, 1 },   { "clock_gap_mhz", FT_DBL, 0 }, { "why_not", FT_STR, 0 },
	{ "inspect", FT_STR, 0 },      { "thin_evidence", FT_STR, 0 },
	{ "throughput_low", FT_DBL, 4 }, { "power_ratio_low", FT_DBL, 4 },
	{ "throughput_work", FT_DBL, 4 }, { "gap_pct", FT_DBL, 1 },
};

const struct fmt_col *
advice_columns(size_t *n)
{
	*n = ARRAY_SIZE(advice_cols);
	return advice_cols;
}

static void
str_or_null(struct fmt *f, const char *s)
{
	fmt_str(f, s && *s ? s : NULL);
}

void
advice_render_row(struct fmt *f, const char *node, const struct res_advice *a)
{
	fmt_str(f, node);
	fmt_str(f, res_goal_name(a->goal));
	fmt_str(f, check_verdict_name(a->verdict));
	fmt_int(f, a->straggler);
	fmt_str(f, a->cause);
	fmt_str(f, a->action);
	fmt_str(f, a->scenario >= 0 ? caps_scenarios[a->scenario].name : NULL);
	fmt_dbl(f, a->predicted);
	fmt_dbl(f, a->throughput);
	fmt_dbl(f, a->ceiling);
	fmt_bool(f, a->clamped);
	fmt_dbl(f, a->power);
	fmt_dbl(f, a->step_ms);
	fmt_dbl(f, a->step_cv_pct);
	fmt_int(f, (int64_t)a->steps);
	fmt_dbl(f, a->temp_gap_c);
	fmt_dbl(f, a->clock_gap_mhz);
	str_or_null(f, a->why_not);
	str_or_null(f, a->inspect);
	str_or_null(f, a->thin);
	fmt_dbl(f, a->throughput_low);
	fmt_dbl(f, a->power_low);
	fmt_dbl(f, a->throughput_work);
	fmt_dbl(f, a->gap_pct);
	fmt_end_row(f);
}
