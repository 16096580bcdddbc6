/* SPDX-License-Identifier: MIT */
/* check_check.c: the §9 imbalance rules, fired, passed and skipped. */
#include <check.h>
#include <math.h>
#include <string.h>

#include "litsi/check.h"
#include "unit.h"

START_TEST(test_spread)
{
	double v[] = { 80, NAN, 88, 100 }, one[] = { 50, NAN };

	ck_assert_double_eq(check_spread(v, 4), 1.25);
	ck_assert(isnan(check_spread(one, 2)));
	ck_assert(isnan(check_spread(NULL, 0)));
}
END_TEST

START_TEST(test_imbalanced)
{
	double temp[] = { 80, 92, 81, 80 }, freq[] = { 2000, 1900, 1990, 2000 };
	double thr[] = { 0, 12, 1, 0 };
	size_t strag[] = { 0, 9, 1, 0 };
	struct check_input in = { .G = 4, .temp = temp, .freq = freq, .throttle = thr,
				  .strag = strag, .nsamples = 10, .s_c_min = 1.05 };
	struct check_params p;
	struct check_result r;

	check_params_default(&p);
	check_eval(&in, &p, &r);
	ck_assert(r.imbalanced);
	ck_assert_int_eq(r.verdict, CHECK_IMBALANCED);
	ck_assert_str_eq(r.reason, "3 thermal rules fired");
	ck_assert_int_eq(r.rule[CHECK_TEMP].state, CHECK_FIRED);	/* 92/80 = 1.15 */
	ck_assert_double_eq_tol(r.rule[CHECK_TEMP].value, 1.15, 1e-12);
	ck_assert_int_eq(r.rule[CHECK_FREQ].state, CHECK_FIRED);	/* 2000/1900 = 1.0526 */
	ck_assert_int_eq(r.rule[CHECK_STRAGGLER].state, CHECK_FIRED);
	ck_assert_int_eq(r.persistent, 1);
	ck_assert_double_eq(r.persist_share, 90);
	ck_assert_int_eq(r.rule[CHECK_THROTTLE].state, CHECK_FIRED);
	ck_assert_double_eq(r.rule[CHECK_THROTTLE].value, 12);
	ck_assert_str_eq(check_rule_name(CHECK_THROTTLE), "throttle");
}
END_TEST

START_TEST(test_balanced_and_thresholds)
{
	double temp[] = { 80, 84, 81, 80 }, freq[] = { 2000, 1990, 1995, 2000 };
	double thr[] = { 8, 12, 9, 7 };	/* every GPU throttles: no imbalance */
	size_t strag[] = { 3, 3, 2, 2 };
	struct check_input in = { .G = 4, .temp = temp, .freq = freq, .throttle = thr,
				  .strag = strag, .nsamples = 10, .s_c_min = 1.30 };
	struct check_params p;
	struct check_result r;
	size_t i;

	check_params_default(&p);
	check_eval(&in, &p, &r);
	ck_assert(!r.imbalanced);
	for (i = 0; i < CHECK_NRULES; i++)
		ck_assert_int_eq(r.rule[i].state, CHECK_PASS);
	ck_assert_int_eq(r.persistent, -1);
	/* A straggler that persists but gains too little passes. */
	strag[0] = 10;
	strag[1] = strag[2] = strag[3] = 0;
	in.s_c_min = 1.01;
	check_eval(&in, &p, &r);
	ck_assert_int_eq(r.persistent, 0);
	ck_assert_int_eq(r.rule[CHECK_STRAGGLER].state, CHECK_PASS);
	p.min_gain = 1.01;	/* ≥ fires */
	check_eval(&in, &p, &r);
	ck_assert_int_eq(r.rule[CHECK_STRAGGLER].state, CHECK_FIRED);
	/* A straggler with balanced thermal rules: its cause is not thermal. */
	ck_assert_int_eq(r.verdict, CHECK_INCONCLUSIVE);
	ck_assert_ptr_nonnull(strstr(r.reason, "cause not thermal"));
	p.max_temp_spread = 1.05;	/* 84/80 = 1.05 is reached, but only 4 C apart */
	check_eval(&in, &p, &r);
	ck_assert_int_eq(r.rule[CHECK_TEMP].state, CHECK_PASS);
	p.min_temp_diff = 4;	/* ≥ fires */
	check_eval(&in, &p, &r);
	ck_assert_int_eq(r.rule[CHECK_TEMP].state, CHECK_FIRED);
	ck_assert_int_eq(r.verdict, CHECK_IMBALANCED);
}
END_TEST

START_TEST(test_verdict_needs_evidence)
{
	double nan4[] = { NAN, NAN, NAN, NAN }, cool[] = { 33, 34, 35, 37 };
	size_t strag[] = { 0, 0, 10, 0 };
	struct check_input in = { .G = 4, .temp = nan4, .freq = nan4, .throttle = nan4,
				  .strag = strag, .nsamples = 10, .s_c_min = 1.3 };
	struct check_params p;
	struct check_result r;

	check_params_default(&p);
	/* A persistent straggler and no thermal telemetry: cause not measured. */
	check_eval(&in, &p, &r);
	ck_assert_int_eq(r.rule[CHECK_STRAGGLER].state, CHECK_FIRED);
	ck_assert_int_eq(r.verdict, CHECK_INCONCLUSIVE);
	ck_assert(!r.imbalanced);
	ck_assert_str_eq(r.reason,
			 "straggler gpu 2, cause not measured: no thermal telemetry under load");
	/* Too few samples to call a straggler persistent: skipped, still no evidence. */
	in.nsamples = 2;
	strag[2] = 2;
	check_eval(&in, &p, &r);
	ck_assert_int_eq(r.rule[CHECK_STRAGGLER].state, CHECK_SKIPPED);
	ck_assert_int_eq(r.verdict, CHECK_INCONCLUSIVE);
	ck_assert_str_eq(check_verdict_name(r.verdict), "inconclusive");
	p.min_samples = 2;
	check_eval(&in, &p, &r);
	ck_assert_int_eq(r.rule[CHECK_STRAGGLER].state, CHECK_FIRED);
	/* 37/33 = 1.12 over 4 C: a ratio of cool readings alone does not fire. */
	in.temp = cool;
	in.strag = NULL;
	check_eval(&in, &p, &r);
	ck_assert_int_eq(r.rule[CHECK_TEMP].state, CHECK_PASS);
	ck_assert_int_eq(r.verdict, CHECK_BALANCED);
	ck_assert_str_eq(check_verdict_name(r.verdict), "balanced");
}
END_TEST

START_TEST(test_skipped)
{
	double nan4[] = { NAN, NAN, NAN, NAN };
	struct check_input in = { .G = 4, .temp = nan4, .freq = NULL, .throttle = nan4,
				  .strag = NULL, .nsamples = 0, .s_c_min = NAN };
	struct check_params p;
	struct check_result r;
	size_t i;

	check_params_default(&p);
	check_eval(&in, &p, &r);
	ck_assert(!r.imbalanced);
	/* No rule could run: inconclusive, never balanced. */
	ck_assert_int_eq(r.verdict, CHECK_INCONCLUSIVE);
	for (i = 0; i < CHECK_NRULES; i++) {
		ck_assert_int_eq(r.rule[i].state, CHECK_SKIPPED);
		ck_assert(r.rule[i].why[0]);
	}
}
END_TEST

Suite *
check_suite(void)
{
	Suite *s = suite_create("check");
	TCase *tc = tcase_create("check");

	tcase_add_test(tc, test_spread);
	tcase_add_test(tc, test_imbalanced);
	tcase_add_test(tc, test_verdict_needs_evidence);
	tcase_add_test(tc, test_balanced_and_thresholds);
	tcase_add_test(tc, test_skipped);
	suite_add_tcase(s, tc);
	return s;
}
