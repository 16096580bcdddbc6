/* SPDX-License-Identifier: MIT */
/*
 * metric_range.c: the physical range of each telemetry metric. A reading
 * outside it is no reading of a GPU (a sensor's error code such as 65535 C,
 * a forged or overflowing 1e308): ingest drops it and counts it, merge
 * refuses a database holding one, so that no analysis ever sums an inf.
 * The table is documented in litsi-formats(7), "Physical ranges".
 */
#include "litsi/trace.h"
#include "litsi/litsi.h"

#include <math.h>
#include <string.h>

static const struct metric_range {
	const char *metric;
	double lo, hi;
} ranges[] = {
	{ METRIC_TEMP_HOTSPOT, -60, 250 },
	{ METRIC_TEMP_EDGE, -60, 250 },
	{ METRIC_TEMP_MEM, -60, 250 },
	{ METRIC_POWER, -100, 20000 },	/* sensors read a few W below 0 at idle */
	{ METRIC_POWER_CAP, 0, 20000 },
	{ METRIC_POWER_MIN, 0, 20000 },
	{ METRIC_POWER_MAX, 0, 20000 },
	{ METRIC_POWER_DEFAULT, 0, 20000 },
	{ METRIC_GFX_CLK, 0, 100000 },
	{ METRIC_MEM_CLK, 0, 100000 },
	{ METRIC_GFX_ACT, 0, 100 },
	{ METRIC_MEM_ACT, 0, 100 },
	{ METRIC_THROTTLE, 0, 100 },
	{ METRIC_ENERGY, 0, 1e18 },
	{ "clocks_event_reasons", 0, 18446744073709551616.0 },
};

void
metric_range(const char *metric, double *lo, double *hi)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ranges); i++)
		if (!strcmp(metric, ranges[i].metric)) {
			*lo = ranges[i].lo;
			*hi = ranges[i].hi;
			return;
		}
	/* A column kept under its own name: any finite value a sum cannot overflow. */
	*lo = -METRIC_RAW_MAX;
	*hi = METRIC_RAW_MAX;
}

bool
metric_in_range(const char *metric, double v)
{
	double lo, hi;

	if (!isfinite(v))
		return false;
	metric_range(metric, &lo, &hi);
	return v >= lo && v <= hi;
}
