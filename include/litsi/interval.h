/* SPDX-License-Identifier: MIT */
/*
 * interval.h: sets of half-open int64 ns intervals [s, e): normalisation
 * (sort + merge), union length, intersection and difference. Pure; callers
 * own every array. Lengths are computed in unsigned arithmetic so that spans
 * near INT64_MIN/INT64_MAX never overflow; totals saturate at INT64_MAX.
 */
#ifndef LITSI_INTERVAL_H
#define LITSI_INTERVAL_H

#include <stddef.h>
#include <stdint.h>

struct ival {
	int64_t s, e;		/* [s, e), ns; empty when e <= s */
};

/*
 * ival_normalize() - sort @v in place by start, drop empty intervals and
 * merge overlapping or touching ones ([0,5) and [5,9) become [0,9)).
 * Return: the new count; v[0..ret) is sorted, disjoint and non-touching.
 */
size_t ival_normalize(struct ival *v, size_t n);

/* ival_len() - e - s of one interval, 0 when empty; saturates at INT64_MAX. */
int64_t ival_len(int64_t s, int64_t e);

/* ival_total() - summed length of a normalised set (saturating). */
int64_t ival_total(const struct ival *v, size_t n);

/*
 * ival_intersect() - @out = @a ∩ @b for normalised @a, @b. @out needs room
 * for @na + @nb intervals and must not alias the inputs.
 * Return: the count in @out (normalised).
 */
size_t ival_intersect(const struct ival *a, size_t na, const struct ival *b, size_t nb,
		      struct ival *out);

/*
 * ival_subtract() - @out = @a \ @b for normalised @a, @b. @out needs room
 * for @na + @nb intervals and must not alias the inputs. Return: the count.
 */
size_t ival_subtract(const struct ival *a, size_t na, const struct ival *b, size_t nb,
		     struct ival *out);

/*
 * ival_overlap() - | [s, e) ∩ U | for a normalised set @u (binary search:
 * O(log n + pieces)).
 */
int64_t ival_overlap(const struct ival *u, size_t n, int64_t s, int64_t e);

#endif
