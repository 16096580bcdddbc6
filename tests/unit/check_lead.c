/* SPDX-License-Identifier: MIT */
/* check_lead.c: occurrence matching, Algorithm 1, stragglers, C/V classes. */
#include "litsi/lead.h"

#include <math.h>

#include "unit.h"

static struct kspan
ks(uint32_t name, int64_t s, int64_t e, enum kernel_class c)
{
	return (struct kspan){ .start_ns = s, .end_ns = e, .name_id = name, .kclass = (uint8_t)c,
			       .launch_ns = TIME_NONE, .clock = CLK_EPOCH };
}

START_TEST(match_missing_keys)
{
	struct kspan g0[] = { ks(1, 0, 10, 0), ks(2, 20, 30, 0), ks(1, 40, 50, 0),
			      ks(9, 40, 60, 1) };
	struct kspan g1[] = { ks(1, 5, 15, 0), ks(1, 45, 55, 0), ks(3, 60, 70, 0) };
	const struct kspan *k[] = { g0, g1 };
	size_t nk[] = { 4, 3 };
	struct match m;

	lead_match(2, k, nk, &m);
	ck_assert_uint_eq(m.K, 2);
	ck_assert_uint_eq(m.dropped, 2);	/* (2,0) and (3,0) */
	ck_assert_uint_eq(m.name_id[0], 1);
	ck_assert_uint_eq(m.occ[0], 0);
	ck_assert_uint_eq(m.occ[1], 1);
	ck_assert_int_eq(m.start[0 * 2 + 1], 40);
	ck_assert_int_eq(m.start[1 * 2 + 1], 45);
	ck_assert_int_eq(m.dur[1 * 2 + 0], 10);
	/* comm [40,60) covers GPU 0's second (1, 1) fully */
	ck_assert_double_eq(m.ratio[0 * 2 + 1], 100);
	ck_assert_double_eq(m.ratio[1 * 2 + 1], 0);
	match_release(&m);
}
END_TEST

static void
two_gpu(struct match *m)
{
	static struct kspan g0[] = { { 0, 5, TIME_NONE, 0, 1, 0, 0 },
				     { 100, 105, TIME_NONE, 0, 2, 0, 0 } };
	static struct kspan g1[] = { { 10, 15, TIME_NONE, 0, 1, 0, 0 },
				     { 130, 135, TIME_NONE, 0, 2, 0, 0 } };
	const struct kspan *k[] = { g0, g1 };
	size_t nk[] = { 2, 2 };

	lead_match(2, k, nk, m);
}

START_TEST(algorithm1_aggs)
{
	struct match m;
	int64_t lead[4];
	double L[2];

	two_gpu(&m);
	ck_assert_uint_eq(m.K, 2);
	lead_values(&m, lead);
	ck_assert_int_eq(lead[0], 10);	/* g0 k0 */
	ck_assert_int_eq(lead[1], 30);	/* g0 k1 */
	ck_assert_int_eq(lead[2], 0);
	ck_assert_int_eq(lead[3], 0);
	lead_aggregate(&m, lead, LEAD_SUM, L);
	ck_assert_double_eq(L[0], 40);
	ck_assert_double_eq(L[1], 0);
	lead_aggregate(&m, lead, LEAD_MAX, L);
	ck_assert_double_eq(L[0], 30);
	lead_aggregate(&m, lead, LEAD_LAST, L);
	ck_assert_double_eq(L[0], 30);
	ck_assert_uint_eq(lead_last_key(&m), 1);
	ck_assert_uint_eq(lead_straggler(L, 2), 1);
	ck_assert(lead_has_straggler(L, 2));
	match_release(&m);
}
END_TEST

enum { G = 4, NK = 6 };

/* G GPUs running the same NK kernels back to back; @slow stretches one GPU's kernels. */
static void
build(struct kspan k[G][NK], int slow_gpu, int64_t extra, int shift_gpu, int64_t delta)
{
	int g, i;

	for (g = 0; g < G; g++) {
		int64_t t = 1000;

		for (i = 0; i < NK; i++) {
			int64_t d = 100 + (g == slow_gpu ? extra : 0);
			int64_t s = t + (g == shift_gpu && i >= 3 ? delta : 0);

			k[g][i] = ks((uint32_t)(i % 3), s, s + d, KCLASS_COMPUTE);
			t += d + 10;
		}
	}
}

static void
leads_of(struct kspan k[G][NK], struct match *m, int64_t *lead, double *L)
{
	const struct kspan *p[G];
	size_t nk[G], g;

	for (g = 0; g < G; g++) {
		p[g] = k[g];
		nk[g] = NK;
	}
	lead_match(G, p, nk, m);
	lead_values(m, lead);
	lead_aggregate(m, lead, LEAD_SUM, L);
}

/* The lead per step is the mean over the matched kernels, the same for any kernel count. */
START_TEST(per_step_mean)
{
	struct match m, empty = { .G = 2 };
	int64_t lead[4];
	double step[2], L[2];

	two_gpu(&m);
	lead_values(&m, lead);
	lead_per_step(&m, lead, step);
	lead_aggregate(&m, lead, LEAD_SUM, L);
	ck_assert_double_eq(step[0], 20);	/* (10 + 30) / 2 */
	ck_assert_double_eq(step[1], 0);
	ck_assert_double_eq(step[0] * (double)m.K, L[0]);
	lead_per_step(&empty, lead, step);
	ck_assert(isnan(step[0]) && isnan(step[1]));
	match_release(&m);
}
END_TEST

START_TEST(property_shift)
{
	struct kspan k[G][NK];
	struct match m;
	int64_t lead[G * NK];
	double L[G];
	size_t g, j;

	build(k, -1, 0, 2, 777);
	leads_of(k, &m, lead, L);
	ck_assert_uint_eq(m.K, NK);
	for (j = 0; j < m.K; j++) {
		bool shifted = m.start[2 * m.K + j] != m.start[0 * m.K + j];

		for (g = 0; g < G; g++)
			ck_assert_int_eq(lead[g * m.K + j], shifted && g != 2 ? 777 : 0);
	}
	ck_assert_uint_eq(lead_straggler(L, G), 2);
	match_release(&m);
}
END_TEST

START_TEST(property_identical)
{
	struct kspan k[G][NK];
	struct match m;
	int64_t lead[G * NK];
	double L[G];
	size_t g;

	build(k, -1, 0, -1, 0);
	leads_of(k, &m, lead, L);
	for (g = 0; g < G; g++)
		ck_assert_double_eq(L[g], 0);
	ck_assert(!lead_has_straggler(L, G));
	match_release(&m);
}
END_TEST

START_TEST(property_slow_gpu)
{
	struct kspan k[G][NK];
	struct match m;
	int64_t lead[G * NK];
	double L[G];
	bool is_const[NK];
	size_t j;

	build(k, 1, 25, -1, 0);	/* GPU 1's kernels (no comm: 0% overlap, set C) take longer */
	leads_of(k, &m, lead, L);
	lead_classify(&m, 1, is_const);
	for (j = 0; j < m.K; j++)
		ck_assert(is_const[j]);
	ck_assert(lead_has_straggler(L, G));
	ck_assert_uint_eq(lead_straggler(L, G), 1);
	ck_assert_double_eq(L[1], 0);
	ck_assert_double_eq(L[0], 25.0 * (0 + 1 + 2 + 3 + 4 + 5));
	match_release(&m);
}
END_TEST

START_TEST(classify_epsilon_border)
{
	int64_t start[3] = { 0 }, dur[3] = { 1, 1, 1 };
	uint32_t name[1] = { 0 }, occ[1] = { 0 };
	double ratio[3] = { 1.0, 0.0, 0.5 };
	struct match m = { .G = 3, .K = 1, .name_id = name, .occ = occ, .start = start,
			   .dur = dur, .ratio = ratio };
	bool c;

	lead_classify(&m, 1, &c);
	ck_assert(c);		/* ratio == eps is constant */
	ratio[0] = 1.0000001;
	lead_classify(&m, 1, &c);
	ck_assert(!c);
	ratio[0] = 99;
	ratio[1] = 100;
	ratio[2] = 99.5;
	lead_classify(&m, 1, &c);
	ck_assert(c);		/* >= 100 - eps on every GPU */
	ratio[0] = 98.9;
	lead_classify(&m, 1, &c);
	ck_assert(!c);
}
END_TEST

START_TEST(collectives)
{
	struct coll_inst c0[] = { { 100, 200, 7 }, { 300, 400, 7 }, { 500, 600, 8 } };
	struct coll_inst c1[] = { { 150, 210, 7 }, { 290, 400, 7 } };
	const struct coll_inst *c[] = { c0, c1 };
	size_t n[] = { 3, 2 };
	struct coll_match m;

	lead_match_collectives(2, c, n, &m);
	ck_assert_uint_eq(m.K, 2);
	ck_assert_uint_eq(m.dropped, 1);
	ck_assert_int_eq(m.start[0 * 2 + 0], 100);
	ck_assert_int_eq(m.start[1 * 2 + 0], 150);
	ck_assert_int_eq(m.end[1 * 2 + 1], 400);
	ck_assert_uint_eq(m.occ[1], 1);
	coll_match_release(&m);
}
END_TEST

START_TEST(collectives_index)
{
	/* Out of start order: idx leads back to the caller's element. */
	struct coll_inst c0[] = { { 300, 400, 7 }, { 50, 60, 9 }, { 100, 200, 7 } };
	struct coll_inst c1[] = { { 150, 210, 7 }, { 290, 400, 7 }, { 70, 80, 9 } };
	const struct coll_inst *c[] = { c0, c1 };
	size_t n[] = { 3, 3 };
	struct coll_match m;

	lead_match_collectives(2, c, n, &m);
	ck_assert_uint_eq(m.K, 3);
	ck_assert_uint_eq(m.group[0], 9);
	ck_assert_uint_eq(m.idx[0 * 3 + 0], 1);
	ck_assert_uint_eq(m.idx[1 * 3 + 0], 2);
	ck_assert_uint_eq(m.idx[0 * 3 + 1], 2);	/* (7, 0) on GPU 0 */
	ck_assert_uint_eq(m.idx[1 * 3 + 1], 0);
	ck_assert_uint_eq(m.idx[0 * 3 + 2], 0);	/* (7, 1) */
	ck_assert_uint_eq(m.idx[1 * 3 + 2], 1);
	coll_match_release(&m);
}
END_TEST

START_TEST(clock_domains)
{
	struct kspan g0[] = { ks(1, 0, 10, 0) }, g1[] = { ks(1, 5, 15, 0) };
	const struct kspan *k[] = { g0, g1 };
	size_t nk[] = { 1, 1 };
	struct match m;

	g1[0].clock = CLK_BOOTTIME;
	lead_match(2, k, nk, &m);
	ck_assert_uint_eq(m.K, 0);	/* never compared across clocks */
	ck_assert_uint_eq(m.dropped, 1);
	match_release(&m);
}
END_TEST

/*
 * Kernels in start order (numbered in one pass) and the same kernels in
 * reverse order (sorted first) give one match, and it is the definition's:
 * key (name, i) is the i-th kernel of that name by start on every GPU, keys
 * ordered by earliest start, keys missing on a GPU dropped.
 */
START_TEST(match_order_and_definition)
{
	enum { NG = 3, NN = 200 };
	struct kspan fwd[NG][NN], rev[NG][NN];
	const struct kspan *pf[NG], *pr[NG];
	size_t nk[NG], g, i, k;
	struct match a, b;
	unsigned seed = 7;

	for (g = 0; g < NG; g++) {
		nk[g] = 0;
		for (i = 0; i < NN; i++) {
			seed = seed * 1103515245u + 12345u;
			/* GPU 2 lacks some name-5 kernels; starts are distinct per GPU */
			if (g == 2 && (seed >> 16) % 6 == 5 && i % 3 == 0)
				continue;
			fwd[g][nk[g]++] = ks((seed >> 16) % 6 + 1, (int64_t)(i * 100 + g * 7),
					     (int64_t)(i * 100 + g * 7 + 50), (seed >> 20) % 9 == 0);
		}
		for (i = 0; i < nk[g]; i++)
			rev[g][i] = fwd[g][nk[g] - 1 - i];
		pf[g] = fwd[g];
		pr[g] = rev[g];
	}
	lead_match(NG, pf, nk, &a);
	lead_match(NG, pr, nk, &b);
	ck_assert_uint_gt(a.K, 20);
	ck_assert_uint_eq(a.K, b.K);
	ck_assert_uint_eq(a.dropped, b.dropped);
	for (k = 0; k < a.K; k++) {
		ck_assert_uint_eq(a.name_id[k], b.name_id[k]);
		ck_assert_uint_eq(a.occ[k], b.occ[k]);
		for (g = 0; g < NG; g++) {
			size_t seen = 0;

			ck_assert_int_eq(a.start[g * a.K + k], b.start[g * a.K + k]);
			ck_assert_int_eq(a.dur[g * a.K + k], b.dur[g * a.K + k]);
			/* the occ-th compute kernel named name_id on GPU g */
			for (i = 0; i < nk[g]; i++) {
				if (fwd[g][i].kclass != KCLASS_COMPUTE ||
				    fwd[g][i].name_id != a.name_id[k])
					continue;
				if (seen++ == a.occ[k])
					break;
			}
			ck_assert_uint_lt(i, nk[g]);
			ck_assert_int_eq(a.start[g * a.K + k], fwd[g][i].start_ns);
		}
		if (k) {
			int64_t f0 = a.start[k - 1], f1 = a.start[k];

			for (g = 1; g < NG; g++) {
				f0 = a.start[g * a.K + k - 1] < f0 ? a.start[g * a.K + k - 1] : f0;
				f1 = a.start[g * a.K + k] < f1 ? a.start[g * a.K + k] : f1;
			}
			ck_assert_int_le(f0, f1);
		}
	}
	ck_assert_uint_gt(a.dropped, 0);
	match_release(&a);
	match_release(&b);
}
END_TEST

Suite *
lead_suite(void)
{
	Suite *s = suite_create("lead");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, match_missing_keys);
	tcase_add_test(tc, algorithm1_aggs);
	tcase_add_test(tc, per_step_mean);
	tcase_add_test(tc, property_shift);
	tcase_add_test(tc, property_identical);
	tcase_add_test(tc, property_slow_gpu);
	tcase_add_test(tc, classify_epsilon_border);
	tcase_add_test(tc, collectives);
	tcase_add_test(tc, collectives_index);
	tcase_add_test(tc, clock_domains);
	tcase_add_test(tc, match_order_and_definition);
	suite_add_tcase(s, tc);
	return s;
}
