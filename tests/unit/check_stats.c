/* SPDX-License-Identifier: MIT */
/* check_stats.c: Pearson, cosine, Spearman, medians, time mean, energy by hand. */
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

START_TEST(median_grid)
{
	const double none[] = { 1, 2, 4, 7, 9 }, mid[] = { 1, 2, 2, 2, 2, 3, 3, 3, 4 },
		     even[] = { 1, 2, 2, 3, 3, 3 }, top[] = { 1, 2, 3, 3, 3 },
		     half[] = { 0.5, 1, 1, 1, 1, 1.5, 1.5 }, nan[] = { NAN, 2, 2, 2, 1, 3 };

	/* no tie at the median: the plain one */
	ck_assert_double_eq(stats_median_grid(none, 5), 4);
	/* 2 stands for [1.5, 2.5): 1 below, 4 tied, n/2 = 4.5: 1.5 + 3.5/4 */
	ck_assert_double_eq_tol(stats_median_grid(mid, 9), 2.375, 1e-12);
	/* the two middle readings differ: no reading ties with 2.5 */
	ck_assert_double_eq(stats_median_grid(even, 6), 2.5);
	/* the largest reading (a clock at its top): not spread over a step */
	ck_assert_double_eq(stats_median_grid(top, 5), 3);
	/* a grid of 0.5: 1 stands for [0.75, 1.25): 0.75 + 0.5·2.5/4 */
	ck_assert_double_eq_tol(stats_median_grid(half, 7), 1.0625, 1e-12);
	/* NaN skipped: 1 2 2 2 3, symmetric */
	ck_assert_double_eq_tol(stats_median_grid(nan, 6), 2, 1e-12);
	ck_assert(isnan(stats_median_grid(nan, 1)));
}
END_TEST

/* A seeded normal (xorshift64 and Box-Muller): readings of a log. */
static double
normal(uint64_t *s)
{
	double u1, u2;

	*s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
	u1 = ((double)(*s >> 11) + 0.5) / 9007199254740992.0;
	*s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
	u2 = ((double)(*s >> 11) + 0.5) / 9007199254740992.0;
	return sqrt(-2 * log(u1)) * cos(2 * M_PI * u2);
}

/*
 * 300 whole-watt readings of a draw with 3 W of noise: the interpolated
 * median's error stays within t99 of 1.25 standard errors of the mean as
 * often as a 99% bound should; rounding puts the plain median outside it
 * several times as often.
 */
START_TEST(median_grid_bound)
{
	enum { TRIALS = 400, N = 300 };
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	double v[N];
	int t, i, out_grid = 0, out_plain = 0;

	for (t = 0; t < TRIALS; t++) {
		double mu = 600 + (double)t / TRIALS, se, b;

		for (i = 0; i < N; i++)
			v[i] = round(mu + 3 * normal(&seed));
		se = 1.25 * stats_sd(v, N) / sqrt((double)N);
		b = stats_t99(N - 1) * se;
		out_grid += fabs(stats_median_grid(v, N) - mu) > b;
		out_plain += fabs(stats_median(v, N) - mu) > b;
	}
	/* two-sided 98%: 8 of 400 expected */
	ck_assert_int_le(out_grid, 16);
	ck_assert_int_ge(out_plain, 3 * out_grid);
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
	tcase_add_test(tc, median_grid);
	tcase_add_test(tc, median_grid_bound);
	suite_add_tcase(s, tc);
	return s;
}
