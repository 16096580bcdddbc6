/* SPDX-License-Identifier: MIT */
/* timetext.c: times in messages and run names: a date, or seconds since boot. */
#include "litsi/util.h"

#include <stdio.h>
#include <time.h>

/* 2000-01-01T00:00:00Z: no trace or telemetry of a GPU clock is older. */
#define CALENDAR_NS (946684800LL * 1000000000LL)

void
time_text(int64_t ns, bool compact, char *buf, size_t len)
{
	time_t t = (time_t)(ns / 1000000000);
	struct tm tm;

	if (ns < CALENDAR_NS) {
		snprintf(buf, len, compact ? "boot+%.3fs" : "%.3f s since boot", (double)ns / 1e9);
		return;
	}
	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}
