/* SPDX-License-Identifier: MIT */
/* check_stats.c: Pearson, cosine, Spearman, median, time mean, energy by hand. */
#include "litsi/stats.h"

#include <math.h>

#include "unit.h"

START_TEST(pearson_cosine)
{
	double x[] = { 1, 2, 3, 4 }, y[] = { 2, 4, 5, 9 }, z[] = { 3, 3, 3, 3 };
	struct stats_corr c = { 0 };
	size_t i;

	/* mean x 2.5, mean y 5; Sxy = 11, Sxx = 5, Syy = 26: r = 11/sqrt(130) */
	ck_assert_double_eq_tol(stats_pearson(x, y, 4), 11.0 / sqrt(130.0), 1e-12);
	/* Σxy = 61, ‖x‖² = 30, ‖y‖² = 126 */
	ck_assert_double_eq_tol(stats_cosine(x, y, 4), 61 / sqrt(30.0 * 126.0), 1e-12);
	ck_assert(isnan(stats_pearson(x, z, 4)));	/* zero variance */
	ck_assert(isnan(stats_pearson(x, y, 1)));
	ck_assert(isnan(stats_cosine(x, y, 0)));
	for (i = 0; i < 4; i++)
		stats_corr_add(&c, x[i], y[i]);
	ck_assert_double_eq_tol(stats_corr_pearson(&c), 11.0 / sqrt(130.0), 1e-12);
	ck_assert_double_eq_tol(stats_corr_cosine(&c), 61 / sqrt(30.0 * 126.0), 1e-12);
	c = (struct stats_corr){ 0 };
	for (i = 0; i < 4; i++)
		stats_corr_add(&c, 0, y[i]);
	ck_assert(isnan(stats_corr_pearson(&c)));
	ck_assert(isnan(stats_corr_cosine(&c)));
}
END_TEST

START_TEST(spearman_ties)
{
	double x[] = { 10, 20, 20, 40 }, r[4], y[] = { 4, 3, 2, 1 };

	stats_rank(x, 4, r);
	ck_assert_double_eq(r[0], 1);
	ck_assert_double_eq(r[1], 2.5);
	ck_assert_double_eq(r[2], 2.5);
	ck_assert_double_eq(r[3], 4);
	/* ranks (1, 2.5, 2.5, 4) vs (4, 3, 2, 1): Sxy = -4.5, Sxx = 4.5, Syy = 5 */
	ck_assert_double_eq_tol(stats_spearman(x, y, 4), -4.5 / sqrt(22.5), 1e-12);
	ck_assert_double_eq_tol(stats_spearman(y, y, 4), 1, 1e-12);
}
END_TEST

START_TEST(median_time_energy)
{
	double v[] = { 5, 1, NAN, 3, 2 };
	struct tsample p[] = { { 0, 100 }, { 1000000000, 200 }, { 3000000000, 300 } };

	ck_assert_double_eq(stats_median(v, 5), 2.5);	/* NaN skipped: 1 2 3 5 */
	ck_assert_double_eq(stats_median(v, 2), 3);
	ck_assert(isnan(stats_median(v, 0)));
	{
		const double w[] = { 2, 4, 4, 4, 5, 5, 7, 9 };

		ck_assert_double_eq_tol(stats_sd(w, 8), sqrt(32.0 / 7), 1e-12);
		ck_assert(isnan(stats_sd(w, 1)));
		/* t quantiles of 0.99: the table, then the expansion near the normal's */
		ck_assert(isnan(stats_t99(0)));
		ck_assert_double_eq_tol(stats_t99(1), 31.821, 1e-9);
		ck_assert_double_eq_tol(stats_t99(4), 3.747, 1e-9);
		ck_assert_double_eq_tol(stats_t99(30), 2.457, 0.003);
		ck_assert_double_eq_tol(stats_t99(1000), 2.330, 0.002);
	}
	/* left Riemann: (100·1 + 200·2) / 3 */
	ck_assert_double_eq_tol(stats_time_mean(p, 3), 500.0 / 3, 1e-12);
	ck_assert_double_eq(stats_time_mean(p, 1), 100);
	ck_assert(isnan(stats_time_mean(p, 0)));
	/* trapezoid: 150·1 + 250·2 = 650 J */
	ck_assert_double_eq_tol(stats_energy_j(p, 3), 650, 1e-9);
	ck_assert_double_eq(stats_energy_j(p, 1), 0);
}
END_TEST

Suite *
stats_suite(void)
{
	Suite *s = suite_create("stats");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, pearson_cosine);
	tcase_add_test(tc, spearman_ties);
	tcase_add_test(tc, median_time_energy);
	suite_add_tcase(s, tc);
	return s;
}
