/* SPDX-License-Identifier: MIT */
/* check_parts.c: the product table and the limit resolution rule. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "litsi/parts.h"
#include "unit.h"

START_TEST(test_table)
{
	/* product names as the corpus and the tools spell them */
	ck_assert_int_eq(parts_find("AMD Instinct MI300X")->max_w, 750);
	ck_assert_int_eq(parts_find("AMD Instinct MI300X")->cap0_w, 700);
	ck_assert_int_eq(parts_find("AMD Instinct MI355X")->max_w, 1400);
	ck_assert_int_eq(parts_find("AMD Instinct MI325X")->max_w, 1000);
	ck_assert_int_eq(parts_find("AMD Instinct MI250X / MI250")->max_w, 560);
	ck_assert_int_eq(parts_find("AMD Instinct MI210")->max_w, 300);
	ck_assert_int_eq(parts_find("NVIDIA H100 80GB HBM3")->max_w, 700);
	ck_assert_int_eq(parts_find("NVIDIA H100 PCIe")->max_w, 350);
	ck_assert_int_eq(parts_find("NVIDIA H200")->max_w, 700);
	ck_assert_int_eq(parts_find("NVIDIA B200")->max_w, 1000);
	ck_assert_int_eq(parts_find("NVIDIA A100-PG509-200")->max_w, 400);
	ck_assert_int_eq(parts_find("NVIDIA A100-SXM4-80GB")->min_w, 100);
	ck_assert_int_eq(parts_find("Tesla V100-SXM2-32GB")->max_w, 300);
	ck_assert_int_eq(parts_find("Tesla V100-SXM2-32GB")->min_w, 150);
	ck_assert_int_eq(parts_find("tesla v100-pcie-16gb")->max_w, 250);
	/* MI250 on ROCm 6.2 names itself "AMD Radeon Graphics": not placed */
	ck_assert_ptr_null(parts_find("AMD Radeon Graphics"));
	ck_assert_ptr_null(parts_find(NULL));
}
END_TEST

START_TEST(test_resolve)
{
	struct part_power tel[2] = { { 700, 200, 700, 700, 0 }, { 650, 200, 700, 700, 0 } };
	struct part_limits l;

	/* table only: the V100 bundle (no limits in its logs) */
	ck_assert_int_eq(parts_resolve("Tesla V100-SXM2-32GB", NULL, 8, 0, 0, &l), 0);
	ck_assert_int_eq(l.tdp, 300);
	ck_assert_int_eq(l.cap0, 300);
	ck_assert_int_eq(l.min, 150);
	ck_assert_str_eq(l.tdp_from, "table");
	/* telemetry first: the cap in force (median) and the max limit */
	ck_assert_int_eq(parts_resolve("NVIDIA H100 80GB HBM3", tel, 2, 0, 0, &l), 0);
	ck_assert_int_eq(l.tdp, 700);
	ck_assert_int_eq(l.cap0, 675);
	ck_assert_int_eq(l.min, 200);
	ck_assert_str_eq(l.cap0_from, "telemetry");
	/* options win */
	ck_assert_int_eq(parts_resolve("NVIDIA H100 80GB HBM3", tel, 2, 650, 600, &l), 0);
	ck_assert_int_eq(l.tdp, 650);
	ck_assert_int_eq(l.cap0, 600);
	ck_assert_str_eq(l.tdp_from, "option");
	/* no cap recorded, the GPUs drew more than the table's cap: the max limit */
	{
		struct part_power drew[2] = { { 0, 0, 0, 0, 690 }, { 0, 0, 0, 0, 749.5 } };

		ck_assert_int_eq(parts_resolve("AMD Instinct MI300X", drew, 2, 0, 0, &l), 0);
		ck_assert_int_eq(l.cap0, 750);
		ck_assert_str_eq(l.cap0_from, "power readings");
		drew[1].drawn = 710;	/* within 2 % of 700 W: the table's cap stands */
		ck_assert_int_eq(parts_resolve("AMD Instinct MI300X", drew, 2, 0, 0, &l), 0);
		ck_assert_int_eq(l.cap0, 700);
		ck_assert_str_eq(l.cap0_from, "table");
		drew[1].drawn = 749.5;	/* a recorded cap or an option wins */
		ck_assert_int_eq(parts_resolve("AMD Instinct MI300X", drew, 2, 0, 700, &l), 0);
		ck_assert_int_eq(l.cap0, 700);
	}
	/* a part litsi cannot place, nothing recorded: no MI300X numbers */
	ck_assert_int_eq(parts_resolve("AMD Radeon Graphics", NULL, 8, 0, 0, &l), -1);
	ck_assert_int_eq(parts_resolve(NULL, NULL, 8, 0, 500, &l), -1);
	ck_assert_int_eq(parts_resolve(NULL, NULL, 8, 600, 500, &l), 0);
	/* the clamp */
	ck_assert_int_eq(parts_resolve("Tesla V100-SXM2-32GB", NULL, 8, 0, 0, &l), 0);
	ck_assert_int_eq(parts_clamp(&l, 750), 300);
	ck_assert_int_eq(parts_clamp(&l, 100), 150);
	ck_assert_int_eq(parts_clamp(&l, 250), 250);
}
END_TEST

Suite *
parts_suite(void)
{
	Suite *s = suite_create("parts");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_table);
	tcase_add_test(tc, test_resolve);
	suite_add_tcase(s, tc);
	return s;
}
