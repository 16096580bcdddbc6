/* SPDX-License-Identifier: MIT */
/* check_compare.c: the verdict of two runs. */
#include <check.h>
#include <math.h>

#include "litsi/compare.h"
#include "unit.h"

START_TEST(test_verdicts)
{
	struct run_summary a = { 6, 100e6, 5600 }, b = { 6, 97e6, 5600 };
	struct compare_result r;

	compare_runs(&a, &b, &r);
	ck_assert_int_eq(r.verdict, CMP_HELPED);
	ck_assert_double_eq_tol(r.throughput, 100 / 97.0, 1e-12);
	ck_assert_double_eq_tol(r.energy, 0.97, 1e-12);
	/* gpu-red: same pace, 3% less power */
	b = (struct run_summary){ 6, 100.2e6, 5432 };
	compare_runs(&a, &b, &r);
	ck_assert_int_eq(r.verdict, CMP_HELPED);
	ck_assert_str_eq(r.why, "less energy per step, at no loss of throughput");
	/* faster for more power than it saves time: mixed */
	b = (struct run_summary){ 6, 98e6, 5800 };
	compare_runs(&a, &b, &r);
	ck_assert_int_eq(r.verdict, CMP_MIXED);
	b = (struct run_summary){ 6, 103e6, 5600 };
	compare_runs(&a, &b, &r);
	ck_assert_int_eq(r.verdict, CMP_HURT);
	b = (struct run_summary){ 6, 100.1e6, 5610 };
	compare_runs(&a, &b, &r);
	ck_assert_int_eq(r.verdict, CMP_NO_CHANGE);
	ck_assert_str_eq(compare_verdict_name(r.verdict), "no change");
	/* no power telemetry: throughput alone */
	b = (struct run_summary){ 6, 97e6, NAN };
	compare_runs(&a, &b, &r);
	ck_assert_int_eq(r.verdict, CMP_HELPED);
	ck_assert(isnan(r.energy));
	b = (struct run_summary){ 0, NAN, NAN };
	compare_runs(&a, &b, &r);
	ck_assert_int_eq(r.verdict, CMP_UNKNOWN);
}
END_TEST

Suite *
compare_suite(void)
{
	Suite *s = suite_create("compare");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_verdicts);
	suite_add_tcase(s, tc);
	return s;
}
