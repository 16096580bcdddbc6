/* SPDX-License-Identifier: MIT */
/*
 * stats.h: small statistics for the analyses: Pearson, cosine similarity,
 * Spearman (average ranks for ties), median, time-weighted mean (left Riemann
 * sum) and trapezoid energy. Pure. Every function returns NaN when its value
 * is undefined (no data, zero variance, zero norm).
 */
#ifndef LITSI_STATS_H
#define LITSI_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "litsi/trace.h"

/* stats_pearson() - Pearson r of (x, y); NaN when n < 2 or either has zero variance. */
double stats_pearson(const double *x, const double *y, size_t n);
/* stats_cosine() - Σxy / (‖x‖‖y‖); NaN when n == 0 or either norm is 0. */
double stats_cosine(const double *x, const double *y, size_t n);
/* stats_rank() - 1-based ranks of @x into @rank; tied values get their average rank. */
void stats_rank(const double *x, size_t n, double *rank);
/* stats_spearman() - Pearson r of the average ranks of x and y. */
double stats_spearman(const double *x, const double *y, size_t n);
/* stats_median() - median (mean of the two middle values for even n); NaN values skipped. */
double stats_median(const double *v, size_t n);
/*
 * stats_median_grid() - the median of readings on a grid (a log's whole
 * watts and MHz), interpolated within the readings that tie with it: each
 * stands for its grid step w (the smallest gap between two distinct values),
 * so the median is m − w/2 + w·(n/2 − below)/tied. The plain median where
 * fewer than two readings tie with it, or where it is the smallest or the
 * largest reading (a clock held at its top reads its top). Rounding to whole
 * units moves a plain median by up to half a unit whatever the count, which
 * 1.25 standard errors of the mean do not cover once a few hundred readings
 * make those a fraction of a unit; this one stays within them. NaN values
 * skipped; NaN for none.
 */
double stats_median_grid(const double *v, size_t n);
/* stats_sd() - sample standard deviation (n − 1); NaN with fewer than 2 values. */
double stats_sd(const double *v, size_t n);
/*
 * stats_t99() - Student's t quantile of 0.99 for @dof degrees of freedom: a
 * one-sided 99% bound on a mean whose spread is estimated from the same
 * readings (the table to 10, then the Cornish-Fisher expansion about the
 * normal's 2.326, within 0.3% there). NaN for 0.
 */
double stats_t99(size_t dof);

/*
 * stats_time_mean() - time-weighted mean by the left Riemann sum:
 * Σ v[i]·(t[i+1] − t[i]) / (t[n−1] − t[0]). One reading (or all at one
 * time): the plain mean. NaN when n == 0. @v sorted by time.
 */
double stats_time_mean(const struct tsample *v, size_t n);
/* stats_energy_j() - trapezoidal ∫ power dt in joules (@v in W, sorted by time); 0 if n < 2. */
double stats_energy_j(const struct tsample *v, size_t n);

/*
 * Streaming correlation (Welford co-moments), for series too long to keep:
 * stats_corr_add() one pair at a time, then read r and cosine. Zero-initialise.
 */
struct stats_corr {
	size_t n;		/* pairs added */
	double mx, my;		/* running means */
	double sxx, syy, sxy;	/* co-moments about the means */
	double xx, yy, xy;	/* raw sums for the cosine */
};
void stats_corr_add(struct stats_corr *c, double x, double y);
double stats_corr_pearson(const struct stats_corr *c);
double stats_corr_cosine(const struct stats_corr *c);

#endif
