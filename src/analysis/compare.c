/* SPDX-License-Identifier: MIT */
/* compare.c: two runs of one node, and whether the change helped; pure. */
#include "litsi/compare.h"

#include <math.h>

void
compare_runs(const struct run_summary *a, const struct run_summary *b,
	     struct compare_result *out)
{
	double t, e, n = COMPARE_NOISE;

	out->throughput = a->step_ns > 0 && b->step_ns > 0 ? a->step_ns / b->step_ns : NAN;
	out->power = a->node_power_w > 0 && b->node_power_w > 0
			     ? b->node_power_w / a->node_power_w : NAN;
	/* energy per step = node power x step time */
	out->energy = out->power / out->throughput;
	t = out->throughput;
	e = out->energy;
	if (isnan(t)) {
		out->verdict = CMP_UNKNOWN;
		out->why = "a run has no measured steps";
	} else if (isnan(e)) {
		out->verdict = t > 1 + n ? CMP_HELPED : t < 1 - n ? CMP_HURT : CMP_NO_CHANGE;
		out->why = t > 1 + n ? "faster (no power telemetry for energy)"
			   : t < 1 - n ? "slower (no power telemetry for energy)"
				       : "the same pace (no power telemetry for energy)";
	} else if (t > 1 + n && e <= 1 + n) {
		out->verdict = CMP_HELPED;
		out->why = "faster, for no more energy per step";
	} else if (t >= 1 - n && e < 1 - n) {
		out->verdict = CMP_HELPED;
		out->why = "less energy per step, at no loss of throughput";
	} else if (t < 1 - n && e >= 1 - n) {
		out->verdict = CMP_HURT;
		out->why = "slower, for no less energy per step";
	} else if (t <= 1 + n && e > 1 + n) {
		out->verdict = CMP_HURT;
		out->why = "more energy per step, for no gain in throughput";
	} else if (t > 1 + n) {
		out->verdict = CMP_MIXED;
		out->why = "faster, for more energy per step";
	} else if (t < 1 - n) {
		out->verdict = CMP_MIXED;
		out->why = "slower, for less energy per step";
	} else {
		out->verdict = CMP_NO_CHANGE;
		out->why = "throughput and energy per step within 0.5%";
	}
}

const char *
compare_verdict_name(enum compare_verdict v)
{
	static const char *const names[] = { "helped", "hurt", "no change", "mixed", "unknown" };

	return v <= CMP_UNKNOWN ? names[v] : "unknown";
}
