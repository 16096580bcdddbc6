/* SPDX-License-Identifier: MIT */
/*
 * thermal.h: per-GPU telemetry statistics over a window, node spread ratios
 * and rank orders (METHOD.md §8). Pure.
 */
#ifndef LITSI_THERMAL_H
#define LITSI_THERMAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "litsi/trace.h"

struct thermal_stats {
	size_t n;		/* readings used */
	double median, min, max;	/* of the readings used, in their unit; NaN when n == 0 */
	double twmean;		/* time-weighted mean, left Riemann sum */
};

/*
 * thermal_window() - the readings of @v (sorted by time) inside [@start,
 * @end]: *first is the index of the first one. Return: their count.
 */
size_t thermal_window(const struct tsample *v, size_t n, int64_t start, int64_t end,
		      size_t *first);

/* thermal_stats() - statistics of @v (sorted by time); NaN fields when n == 0. */
void thermal_stats(const struct tsample *v, size_t n, struct thermal_stats *out);

/*
 * thermal_order() - indexes of @v sorted descending (@desc) or ascending;
 * NaN values last, ties by index.
 */
void thermal_order(const double *v, size_t n, bool desc, size_t *order);

/* thermal_normalize() - out[i] = v[i] / min of the finite positive v (NaN if none). */
void thermal_normalize(const double *v, size_t n, double *out);

#endif
