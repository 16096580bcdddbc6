/* SPDX-License-Identifier: MIT */
/* stats.c: correlation, ranks, median, time-weighted mean, energy; pure. */
#include "litsi/stats.h"
#include "litsi/litsi.h"
#include "litsi/interval.h"
#include "litsi/util.h"

#include <math.h>
#include <stdlib.h>

double
stats_pearson(const double *x, const double *y, size_t n)
{
	double mx = 0, my = 0, sxx = 0, syy = 0, sxy = 0;
	size_t i;

	if (n < 2)
		return NAN;
	for (i = 0; i < n; i++) {
		mx += x[i];
		my += y[i];
	}
	mx /= (double)n;
	my /= (double)n;
	for (i = 0; i < n; i++) {
		double dx = x[i] - mx, dy = y[i] - my;

		sxx += dx * dx;
		syy += dy * dy;
		sxy += dx * dy;
	}
	if (sxx <= 0 || syy <= 0)
		return NAN;
	return sxy / sqrt(sxx * syy);
}

double
stats_cosine(const double *x, const double *y, size_t n)
{
	double xx = 0, yy = 0, xy = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		xx += x[i] * x[i];
		yy += y[i] * y[i];
		xy += x[i] * y[i];
	}
	if (xx <= 0 || yy <= 0)
		return NAN;
	return xy / sqrt(xx * yy);
}

struct ranked {
	double v;
	size_t i;
};

static int
cmp_ranked(const void *pa, const void *pb)
{
	const struct ranked *a = pa, *b = pb;

	if (a->v != b->v)
		return a->v < b->v ? -1 : 1;
	return a->i < b->i ? -1 : a->i > b->i;
}

void
stats_rank(const double *x, size_t n, double *rank)
{
	struct ranked *r = xmalloc((n ? n : 1) * sizeof(*r));
	size_t i, j, k;

	for (i = 0; i < n; i++)
		r[i] = (struct ranked){ x[i], i };
	qsort(r, n, sizeof(*r), cmp_ranked);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && r[j].v == r[i].v; j++)
			;
		/* Positions i..j-1 (0-based) share the mean of ranks i+1..j. */
		for (k = i; k < j; k++)
			rank[r[k].i] = (double)(i + 1 + j) / 2.0;
	}
	free(r);
}

double
stats_spearman(const double *x, const double *y, size_t n)
{
	double *rx, *ry, r;

	if (n < 2)
		return NAN;
	rx = xmalloc(n * sizeof(*rx));
	ry = xmalloc(n * sizeof(*ry));
	stats_rank(x, n, rx);
	stats_rank(y, n, ry);
	r = stats_pearson(rx, ry, n);
	free(rx);
	free(ry);
	return r;
}

static int
cmp_dbl(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return a < b ? -1 : a > b;
}

double
stats_sd(const double *v, size_t n)
{
	double sum = 0, ss = 0, mean;
	size_t i;

	if (n < 2)
		return NAN;
	for (i = 0; i < n; i++)
		sum += v[i];
	mean = sum / (double)n;
	for (i = 0; i < n; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	return sqrt(ss / (double)(n - 1));
}

double
stats_t99(size_t dof)
{
	static const double tab[] = { 31.821, 6.965, 4.541, 3.747, 3.365,
				      3.143,  2.998, 2.896, 2.821, 2.764 };
	double z = 2.326, v = (double)dof;

	if (!dof)
		return NAN;
	if (dof <= sizeof(tab) / sizeof(tab[0]))
		return tab[dof - 1];
	return z + (z * z * z + z) / (4 * v) +
	       (5 * pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * v * v);
}

/* The values of @v (@n) that are not NaN, sorted, into a new array (*@k of them). */
static double *
sorted_values(const double *v, size_t n, size_t *k)
{
	double *c = xmalloc((n ? n : 1) * sizeof(*c));
	size_t i;

	*k = 0;
	for (i = 0; i < n; i++)
		if (!isnan(v[i]))
			c[(*k)++] = v[i];
	qsort(c, *k, sizeof(*c), cmp_dbl);
	return c;
}

double
stats_median(const double *v, size_t n)
{
	size_t k;
	double *c = sorted_values(v, n, &k);
	double m = !k ? NAN : k % 2 ? c[k / 2] : (c[k / 2 - 1] + c[k / 2]) / 2.0;

	free(c);
	return m;
}

double
stats_median_grid(const double *v, size_t n)
{
	size_t i, k, below = 0, tied = 0;
	double *c = sorted_values(v, n, &k), w = INFINITY;
	double m = !k ? NAN : k % 2 ? c[k / 2] : (c[k / 2 - 1] + c[k / 2]) / 2.0;

	for (i = 0; i < k; i++) {
		below += c[i] < m;
		tied += c[i] == m;
		if (i && c[i] > c[i - 1] && c[i] - c[i - 1] < w)
			w = c[i] - c[i - 1];
	}
	if (tied >= 2 && m > c[0] && m < c[k - 1] && isfinite(w))
		m += w * (((double)k / 2 - (double)below) / (double)tied - 0.5);
	free(c);
	return m;
}

double
stats_time_mean(const struct tsample *v, size_t n)
{
	double acc = 0, span, sum = 0;
	size_t i;

	if (!n)
		return NAN;
	span = (double)ival_len(v[0].t_ns, v[n - 1].t_ns);
	if (span <= 0) {
		for (i = 0; i < n; i++)
			sum += v[i].value;
		return sum / (double)n;
	}
	for (i = 0; i + 1 < n; i++)
		acc += v[i].value * (double)ival_len(v[i].t_ns, v[i + 1].t_ns);
	return acc / span;
}

double
stats_energy_j(const struct tsample *v, size_t n)
{
	double e = 0;
	size_t i;

	for (i = 0; i + 1 < n; i++)
		e += (v[i].value + v[i + 1].value) / 2.0 *
		     ((double)ival_len(v[i].t_ns, v[i + 1].t_ns) / 1e9);
	return e;
}

void
stats_corr_add(struct stats_corr *c, double x, double y)
{
	double dx = x - c->mx, dy = y - c->my;

	c->n++;
	c->mx += dx / (double)c->n;
	c->my += dy / (double)c->n;
	/* Welford: the deviation from the old mean times that from the new one. */
	c->sxx += dx * (x - c->mx);
	c->syy += dy * (y - c->my);
	c->sxy += dx * (y - c->my);
	c->xx += x * x;
	c->yy += y * y;
	c->xy += x * y;
}

double
stats_corr_pearson(const struct stats_corr *c)
{
	if (c->n < 2 || c->sxx <= 0 || c->syy <= 0)
		return NAN;
	return c->sxy / sqrt(c->sxx * c->syy);
}

double
stats_corr_cosine(const struct stats_corr *c)
{
	if (!c->n || c->xx <= 0 || c->yy <= 0)
		return NAN;
	return c->xy / sqrt(c->xx * c->yy);
}
