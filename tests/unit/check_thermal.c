/* SPDX-License-Identifier: MIT */
/* check_thermal.c: windows, statistics, spreads, orders. */
#include "litsi/thermal.h"

#include <math.h>

#include "unit.h"

START_TEST(window_stats)
{
	struct tsample v[] = { { 0, 50 }, { 10, 60 }, { 20, 70 }, { 30, 80 }, { 40, 90 } };
	struct thermal_stats s;
	size_t first, n = thermal_window(v, 5, 10, 30, &first);

	ck_assert_uint_eq(first, 1);
	ck_assert_uint_eq(n, 3);
	thermal_stats(v + first, n, &s);
	ck_assert_double_eq(s.median, 70);
	ck_assert_double_eq(s.min, 60);
	ck_assert_double_eq(s.max, 80);
	ck_assert_double_eq(s.twmean, 65);	/* (60·10 + 70·10) / 20 */
	ck_assert_uint_eq(thermal_window(v, 5, 100, 200, &first), 0);
	thermal_stats(v, 0, &s);
	ck_assert(isnan(s.median) && isnan(s.min));
}
END_TEST

START_TEST(spread_order)
{
	double t[] = { 80, 92.4, NAN, 80, 85 }, out[5];
	size_t o[5];

	thermal_order(t, 5, true, o);
	ck_assert_uint_eq(o[0], 1);
	ck_assert_uint_eq(o[1], 4);
	ck_assert_uint_eq(o[2], 0);	/* tie: lower index first */
	ck_assert_uint_eq(o[3], 3);
	ck_assert_uint_eq(o[4], 2);	/* NaN last */
	thermal_order(t, 5, false, o);
	ck_assert_uint_eq(o[0], 0);
	ck_assert_uint_eq(o[4], 2);
	thermal_normalize(t, 5, out);
	ck_assert_double_eq(out[0], 1);
	ck_assert_double_eq_tol(out[1], 1.155, 1e-12);
}
END_TEST

Suite *
thermal_suite(void)
{
	Suite *s = suite_create("thermal");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, window_stats);
	tcase_add_test(tc, spread_order);
	suite_add_tcase(s, tc);
	return s;
}
