/* SPDX-License-Identifier: MIT */
/* thermal.c: telemetry statistics, spreads and orders for litsi thermal; pure. */
#include "litsi/thermal.h"
#include "litsi/litsi.h"
#include "litsi/stats.h"
#include "litsi/util.h"

#include <math.h>
#include <stdlib.h>

size_t
thermal_window(const struct tsample *v, size_t n, int64_t start, int64_t end, size_t *first)
{
	size_t lo = 0, hi = n, b;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid].t_ns < start)
			lo = mid + 1;
		else
			hi = mid;
	}
	*first = lo;
	for (b = lo; b < n && v[b].t_ns <= end; b++)
		;
	return b - lo;
}

void
thermal_stats(const struct tsample *v, size_t n, struct thermal_stats *out)
{
	double *x = xmalloc((n + 1) * sizeof(*x));
	size_t i;

	out->n = n;
	out->min = n ? INFINITY : NAN;
	out->max = n ? -INFINITY : NAN;
	for (i = 0; i < n; i++) {
		x[i] = v[i].value;
		out->min = x[i] < out->min ? x[i] : out->min;
		out->max = x[i] > out->max ? x[i] : out->max;
	}
	out->median = stats_median(x, n);
	out->twmean = stats_time_mean(v, n);
	free(x);
}

struct ord {
	double v;
	size_t i;
	bool desc;
};

static int
cmp_ord(const void *pa, const void *pb)
{
	const struct ord *a = pa, *b = pb;
	bool na = isnan(a->v), nb = isnan(b->v);

	if (na != nb)
		return na ? 1 : -1;
	if (!na && a->v != b->v)
		return (a->v < b->v) == a->desc ? 1 : -1;
	return a->i < b->i ? -1 : a->i > b->i;
}

void
thermal_order(const double *v, size_t n, bool desc, size_t *order)
{
	struct ord *o = xmalloc((n + 1) * sizeof(*o));
	size_t i;

	for (i = 0; i < n; i++)
		o[i] = (struct ord){ v[i], i, desc };
	qsort(o, n, sizeof(*o), cmp_ord);
	for (i = 0; i < n; i++)
		order[i] = o[i].i;
	free(o);
}

void
thermal_normalize(const double *v, size_t n, double *out)
{
	double mn = INFINITY;
	size_t i;

	for (i = 0; i < n; i++)
		if (isfinite(v[i]) && v[i] > 0 && v[i] < mn)
			mn = v[i];
	for (i = 0; i < n; i++)
		out[i] = isfinite(mn) ? v[i] / mn : NAN;
}
