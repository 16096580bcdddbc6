/* SPDX-License-Identifier: MIT */
/* check_model.c: the performance model (eqs 1-6) and power model (eqs 7-16) by hand. */
#include <check.h>
#include <math.h>
#include <string.h>

#include "litsi/model.h"
#include "unit.h"

/*
 * Four GPUs, three keys. Key 0 and 1 are constant-overlap (ratio 0 on every
 * GPU), key 2 varies (0..60%).
 *   key 0: 10 20 30 40   max 40  med 25   min 10
 *   key 1:  5  5  8  6   max  8  med 5.5  min  5
 *   key 2: 100 90 80 70  max 100 med 85   min 70
 */
static int64_t dur4[] = { 10, 5, 100, 20, 5, 90, 30, 8, 80, 40, 6, 70 };
static int64_t start4[12];
static double ratio4[] = { 0, 0, 0, 0, 0, 20, 0, 0, 40, 0, 0, 60 };
static uint32_t names4[] = { 1, 2, 3 }, occ4[] = { 0, 0, 0 };

static struct match
toy4(void)
{
	struct match m = { .G = 4, .K = 3, .name_id = names4, .occ = occ4, .start = start4,
			   .dur = dur4, .ratio = ratio4 };
	return m;
}

START_TEST(test_agg_of)
{
	double v[] = { 4, 1, 3, 2 };

	ck_assert_double_eq(model_agg_of(v, 4, MODEL_MAX), 4);
	ck_assert_double_eq(model_agg_of(v, 4, MODEL_MIN), 1);
	ck_assert_double_eq(model_agg_of(v, 4, MODEL_MED), 2.5);	/* mean of 2 and 3 */
	ck_assert_double_eq(model_agg_of(v, 3, MODEL_MED), 3);	/* 4 1 3 → 3 */
	ck_assert(isnan(model_agg_of(v, 0, MODEL_MED)));
}
END_TEST

START_TEST(test_perf)
{
	struct match m = toy4();
	struct model_acc a;
	struct model_perf p;
	bool is_const[3];

	lead_classify(&m, 1, is_const);
	ck_assert(is_const[0] && is_const[1] && !is_const[2]);
	model_acc_init(&a, 4);
	model_acc_add(&a, &m, is_const);
	model_perf(&a, &p);
	ck_assert_uint_eq(p.nC, 2);
	ck_assert_uint_eq(p.nV, 1);
	ck_assert_double_eq(p.tC[MODEL_MAX], 48);
	ck_assert_double_eq(p.tC[MODEL_MED], 30.5);
	ck_assert_double_eq(p.tC[MODEL_MIN], 15);
	ck_assert_double_eq(p.tV[MODEL_MIN], 70);
	ck_assert_double_eq(p.t_baseline, 118);	/* eq 1: 48 + 70 */
	ck_assert_double_eq_tol(p.R_C, 48.0 / 118, 1e-12);
	ck_assert_double_eq_tol(p.R_V, 70.0 / 118, 1e-12);
	ck_assert_double_eq(p.S_C[MODEL_MAX], 1);
	ck_assert_double_eq_tol(p.S_C[MODEL_MED], 48 / 30.5, 1e-12);
	ck_assert_double_eq_tol(p.S_C[MODEL_MIN], 3.2, 1e-12);
	/* A second sample adds its keys: every sum doubles, ratios stay. */
	model_acc_add(&a, &m, is_const);
	model_perf(&a, &p);
	ck_assert_uint_eq(p.nC, 4);
	ck_assert_double_eq(p.t_baseline, 236);
	ck_assert_double_eq_tol(p.S_C[MODEL_MIN], 3.2, 1e-12);
	model_acc_release(&a);
}
END_TEST

START_TEST(test_power)
{
	struct match m = toy4();
	struct model_acc a;
	struct model_power pw;
	bool is_const[3] = { true, true, false };

	model_acc_init(&a, 4);
	model_acc_add(&a, &m, is_const);
	/* ranks: t_r = 10+5, 20+5, 30+6, 40+8 */
	model_power(&a, MODEL_MED, 700, 100, &pw);
	ck_assert_double_eq(pw.t_r[0], 15);
	ck_assert_double_eq(pw.t_r[1], 25);
	ck_assert_double_eq(pw.t_r[2], 36);
	ck_assert_double_eq(pw.t_r[3], 48);
	ck_assert_double_eq_tol(pw.delta[0], 30.5 / 15, 1e-12);	/* eq 13 */
	ck_assert_double_eq_tol(pw.delta[3], 30.5 / 48, 1e-12);
	/* eq 14: 600 / δ + 100 */
	ck_assert_double_eq_tol(pw.p_r[0], 600 * 15 / 30.5 + 100, 1e-9);
	ck_assert_double_eq_tol(pw.p_r[3], 600 * 48 / 30.5 + 100, 1e-9);
	/* eq 16: (600·124/30.5 + 400) / 2800 */
	ck_assert_double_eq_tol(pw.ratio, (600 * 124 / 30.5 + 400) / 2800, 1e-12);
	model_power_release(&pw);
	/* align to the slowest: every rank slows down, 1950 W of 2800 */
	model_power(&a, MODEL_MAX, 700, 100, &pw);
	ck_assert_double_eq_tol(pw.ratio, 1950.0 / 2800, 1e-12);
	ck_assert_double_eq_tol(pw.p_r[3], 700, 1e-9);	/* the slowest rank keeps P_baseline */
	model_power_release(&pw);
	model_acc_release(&a);
}
END_TEST

/* Eight GPUs, GPU 3 slowed by 10% on constant-overlap kernels only. */
START_TEST(test_slowed_gpu)
{
	enum { G = 8, K = 20 };
	static int64_t start[G * K], dur[G * K];
	static double ratio[G * K];
	static uint32_t names[K], occ[K];
	struct match m = { .G = G, .K = K, .name_id = names, .occ = occ, .start = start,
			   .dur = dur, .ratio = ratio };
	struct model_acc a;
	struct model_perf p;
	bool is_const[K];
	size_t g, k;

	for (k = 0; k < K; k++) {
		names[k] = (uint32_t)k;
		for (g = 0; g < G; g++) {
			bool c = k % 2 == 0;

			dur[g * K + k] = c && g == 3 ? 1100 : 1000;
			ratio[g * K + k] = c ? 100 : (double)(10 * g);
			start[g * K + k] = (int64_t)k * 2000;
		}
	}
	lead_classify(&m, 1, is_const);
	model_acc_init(&a, G);
	model_acc_add(&a, &m, is_const);
	model_perf(&a, &p);
	ck_assert_uint_eq(p.nC, 10);
	ck_assert_double_eq_tol(p.S_C[MODEL_MIN], 1.1, 1e-12);
	ck_assert_double_eq_tol(p.S_C[MODEL_MED], 1.1, 1e-12);
	ck_assert_double_eq(p.S_C[MODEL_MAX], 1);
	model_acc_release(&a);
}
END_TEST

Suite *
model_suite(void)
{
	Suite *s = suite_create("model");
	TCase *tc = tcase_create("model");

	tcase_add_test(tc, test_agg_of);
	tcase_add_test(tc, test_perf);
	tcase_add_test(tc, test_power);
	tcase_add_test(tc, test_slowed_gpu);
	suite_add_tcase(s, tc);
	return s;
}
