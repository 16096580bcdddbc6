/* SPDX-License-Identifier: MIT */
/* check_interval.c: union, intersection, difference of ns intervals. */
#include "litsi/interval.h"

#include "unit.h"

START_TEST(normalize_cases)
{
	struct ival v[] = { { 10, 20 }, { 0, 5 }, { 5, 7 }, { 12, 15 }, { 30, 30 }, { 40, 35 } };
	size_t n = ival_normalize(v, 6);

	/* unsorted, touching [0,5)+[5,7), nested [12,15) in [10,20), empty dropped */
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(v[0].s, 0);
	ck_assert_int_eq(v[0].e, 7);
	ck_assert_int_eq(v[1].s, 10);
	ck_assert_int_eq(v[1].e, 20);
	ck_assert_int_eq(ival_total(v, n), 17);
	ck_assert_uint_eq(ival_normalize(v, 0), 0);
	ck_assert_int_eq(ival_total(v, 0), 0);
}
END_TEST

START_TEST(set_ops)
{
	struct ival a[] = { { 0, 10 }, { 20, 30 } }, b[] = { { 5, 25 } }, out[4];
	size_t n;

	n = ival_intersect(a, 2, b, 1, out);
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(ival_total(out, n), 10);
	n = ival_subtract(a, 2, b, 1, out);
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(out[0].e, 5);
	ck_assert_int_eq(out[1].s, 25);
	n = ival_subtract(b, 1, a, 2, out);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(out[0].s, 10);
	ck_assert_int_eq(out[0].e, 20);
	ck_assert_uint_eq(ival_intersect(a, 2, b, 0, out), 0);
	ck_assert_uint_eq(ival_subtract(a, 0, b, 1, out), 0);
	n = ival_subtract(a, 2, a, 2, out);
	ck_assert_uint_eq(n, 0);
	ck_assert_int_eq(ival_overlap(a, 2, 5, 25), 10);
	ck_assert_int_eq(ival_overlap(a, 2, 10, 20), 0);
	ck_assert_int_eq(ival_overlap(a, 2, 25, 25), 0);
	ck_assert_int_eq(ival_overlap(a, 2, -100, 100), 20);
}
END_TEST

START_TEST(huge_timestamps)
{
	struct ival v[] = { { INT64_MAX - 10, INT64_MAX }, { INT64_MIN, INT64_MIN + 5 },
			    { INT64_MIN + 3, 0 } };
	size_t n = ival_normalize(v, 3);

	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(ival_len(INT64_MIN, INT64_MAX), INT64_MAX);	/* saturates */
	ck_assert_int_eq(ival_len(INT64_MAX - 10, INT64_MAX), 10);
	ck_assert_int_eq(ival_total(v, n), INT64_MAX);	/* 2^63 + 10 saturates */
	ck_assert_int_eq(ival_overlap(v, n, INT64_MAX - 4, INT64_MAX), 4);
	ck_assert_int_eq(ival_len(1700000000000000000, 1700000000000000123), 123);
}
END_TEST

Suite *
interval_suite(void)
{
	Suite *s = suite_create("interval");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, normalize_cases);
	tcase_add_test(tc, set_ops);
	tcase_add_test(tc, huge_timestamps);
	suite_add_tcase(s, tc);
	return s;
}
