/* SPDX-License-Identifier: MIT */
/* check_caps.c: Algorithms 2 and 3, windows, the controller and the closed loop. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "litsi/caps.h"
#include "unit.h"

/* METHOD §7 worked check: gpu-red, straggler +15 W, seven leaders 0, all at 750. */
START_TEST(test_worked_example)
{
	int d[8] = { 15, 0, 0, 0, 0, 0, 0, 0 }, caps[8], g;

	for (g = 0; g < 8; g++)
		caps[g] = 750;
	caps_adjust(d, caps, 8, 750, 8 * 750);
	ck_assert_int_eq(caps[0], 750);
	for (g = 1; g < 8; g++)
		ck_assert_int_eq(caps[g], 735);
}
END_TEST

START_TEST(test_adjust_negative_shift)
{
	/* gpu-realloc, P_n 2800: Σ 2790 → shift ceil(-10/4) = -2 raises every GPU. */
	int d[4] = { 0, 0, 0, 0 }, caps[4] = { 690, 700, 700, 700 };

	caps_adjust(d, caps, 4, 750, 2800);
	ck_assert_int_eq(caps[0], 692);
	ck_assert_int_eq(caps[1], 702);
	ck_assert_int_eq(caps[3], 702);
	ck_assert_int_le(caps[0] + caps[1] + caps[2] + caps[3], 2800);
}
END_TEST

START_TEST(test_adjust_tdp_clamp)
{
	/* cpu-slosh P_n 2880: 760+700·3 = 2860 → shift -5 → 765/705; over 15 → 750/690. */
	int d[4] = { 15, 0, 0, 0 }, caps[4] = { 745, 700, 700, 700 };

	caps_adjust(d, caps, 4, 750, 2880);
	ck_assert_int_eq(caps[0], 750);
	ck_assert_int_eq(caps[1], 690);
	ck_assert_int_eq(caps[2], 690);
	ck_assert_int_eq(caps[3], 690);
}
END_TEST

START_TEST(test_incpower)
{
	double L1[] = { 0, 10, 20, 40 }, L2[] = { 0, 5, 10, 20 }, L3[] = { 5, 5, 5, 5 };
	double inc[4], gmax = 0;

	caps_incpower(L1, 4, 15, &gmax, inc);
	ck_assert_double_eq(gmax, 40);
	ck_assert_double_eq(inc[0], 15);	/* norm 1: the straggler */
	ck_assert_double_eq(inc[1], 11.25);
	ck_assert_double_eq(inc[2], 7.5);
	ck_assert_double_eq(inc[3], 0);		/* the leader */
	/* global scale: the smaller spread asks 20/40 as much */
	caps_incpower(L2, 4, 15, &gmax, inc);
	ck_assert_double_eq(gmax, 40);
	ck_assert_double_eq(inc[0], 7.5);
	ck_assert_double_eq(inc[1], 5.625);
	/* local scale: global_max reset before the sample */
	gmax = 0;
	caps_incpower(L2, 4, 15, &gmax, inc);
	ck_assert_double_eq(inc[0], 15);
	/* equal leads: the guard, no division by zero */
	gmax = 0;
	caps_incpower(L3, 4, 15, &gmax, inc);
	ck_assert_double_eq(gmax, 5);
	ck_assert_double_eq(inc[0], 0);
	ck_assert_double_eq(inc[3], 0);
}
END_TEST

START_TEST(test_window)
{
	/* one GPU, three samples 14.9, 3, 2: median 3, mean 6.63 → 6 */
	double inc[] = { 14.9, 3, 2 }, inc2[] = { 15, 4 };
	int d[1];

	caps_window_combine(inc, 3, 1, CAPS_WIN_MEDIAN, d);
	ck_assert_int_eq(d[0], 3);
	caps_window_combine(inc, 3, 1, CAPS_WIN_MEAN, d);
	ck_assert_int_eq(d[0], 6);
	caps_window_combine(inc2, 2, 1, CAPS_WIN_MEDIAN, d);	/* (15 + 4) / 2 = 9.5 → 9 */
	ck_assert_int_eq(d[0], 9);
}
END_TEST

START_TEST(test_controller)
{
	struct caps_params p;
	struct caps_ctl c;
	double La[] = { 0, 80 }, Lb[] = { 0, 40 };

	caps_params_default(&p);
	p.scenario = CAPS_GPU_REALLOC;
	p.window = 1;
	p.warmup = 2;
	caps_ctl_init(&c, &p, 2);
	ck_assert_int_eq(c.P_n, 1400);
	ck_assert_int_eq(c.caps[0], 700);
	ck_assert_int_eq(caps_ctl_feed(&c, La), 0);	/* warmup: global_max only */
	ck_assert_int_eq(caps_ctl_feed(&c, Lb), 0);
	ck_assert_double_eq(c.global_max, 80);
	ck_assert_int_eq(caps_ctl_feed(&c, Lb), 1);	/* 15 · 40/80 = 7.5 → 7 */
	ck_assert_int_eq(c.last_d[0], 7);
	/* 707 + 700 = 1407 → shift ceil(7/2) = 4 → 703 / 696 */
	ck_assert_int_eq(c.caps[0], 703);
	ck_assert_int_eq(c.caps[1], 696);
	caps_ctl_release(&c);

	/* local scale ignores the warmup maximum */
	p.scale = CAPS_SCALE_LOCAL;
	caps_ctl_init(&c, &p, 2);
	caps_ctl_feed(&c, La);
	caps_ctl_feed(&c, Lb);
	caps_ctl_feed(&c, Lb);
	ck_assert_int_eq(c.last_d[0], 15);
	caps_ctl_release(&c);
	ck_assert_int_eq(caps_node_budget(&p, 8), 5600);
	p.scenario = CAPS_CPU_SLOSH;
	ck_assert_int_eq(caps_node_budget(&p, 8), 8 * 720);
	ck_assert_int_eq(caps_initial(&p), 700);
	p.scenario = CAPS_GPU_RED;
	ck_assert_int_eq(caps_node_budget(&p, 8), 6000);
	ck_assert_int_eq(caps_initial(&p), 750);
}
END_TEST

START_TEST(test_model_freq)
{
	struct caps_gpu_model g = { .p = 700, .f = 1250, .f_max = 1250 };

	/* M = 600 / 1250 = 0.48 W/MHz */
	ck_assert_double_eq(caps_model_freq(&g, 100, 750), 1250);	/* clamped at f_max */
	ck_assert_double_eq_tol(caps_model_freq(&g, 100, 580), 1000, 1e-9);
	ck_assert_double_eq_tol(caps_model_power(&g, 100, 1000), 580, 1e-9);
}
END_TEST

START_TEST(test_retime_sync)
{
	/*
	 * GPU 0: key 0 [0,100), comm [100,110), key 1 at 110 (50)
	 * GPU 1: key 0 [0, 80), comm [ 80,110), key 1 at 110 (50)
	 */
	int64_t start[] = { 0, 110, 0, 110 }, dur[] = { 100, 50, 80, 50 };
	double ratio[4] = { 0 };
	uint32_t names[] = { 1, 2 }, occ[] = { 0, 0 };
	struct match m = { .G = 2, .K = 2, .name_id = names, .occ = occ, .start = start,
			   .dur = dur, .ratio = ratio };
	int64_t ss[] = { 100, 80 }, se[] = { 110, 110 }, st[4], du[4];
	struct caps_sample s = { .m = &m, .S = 1, .sync_start = ss, .sync_end = se };
	double slow1[] = { 1, 1.25 }, fast0[] = { 0.5, 1 };

	/* GPU 1 slowed to 100: it arrives at 100 like GPU 0, the collective ends as before. */
	caps_retime(&s, slow1, st, du);
	ck_assert_int_eq(du[2], 100);
	ck_assert_int_eq(du[3], 63);		/* 50 · 1.25 = 62.5 → 63 */
	ck_assert_int_eq(st[1], 110);
	ck_assert_int_eq(st[3], 110);
	/* GPU 0 twice as fast: arrives at 50, GPU 1 at 80 is now last: 20 earlier. */
	caps_retime(&s, fast0, st, du);
	ck_assert_int_eq(du[0], 50);
	ck_assert_int_eq(st[1], 90);
	ck_assert_int_eq(st[3], 90);
	/* Without the sync point each GPU drifts alone. */
	s.S = 0;
	caps_retime(&s, slow1, st, du);
	ck_assert_int_eq(st[3], 130);
	ck_assert_int_eq(st[1], 110);
}
END_TEST

/*
 * Two GPUs, one sample, two keys back to back: GPU 0 100 ns each, GPU 1 80 ns.
 * L = (0, 20). GPU 0: 700 W at 1000 MHz, GPU 1: 700 W at 1250 MHz, both
 * already at their highest clock; idle 100 W, so M1 = 0.48 W/MHz. gpu-red,
 * window 1: GPU 0 asks +15 W each time, which Algorithm 3 turns into -d for
 * GPU 1 (GPU 0 stays at 750). GPU 1's clock drops below 1250 MHz only under
 * 700 W: cap c gives f' = (c - 100) / 0.48 and key durations 48000 / (c - 100).
 *   750 735 720 705 (lead 20, d 15) → 690: dur 81.36 → 81, lead 19, d 14
 *   → 676: lead 17, d 12 → 664 ... → 588: dur 48000/488 = 98.4 → 98, lead 2,
 *   d 1 → 587: dur 48000/487 = 98.56 → 99, lead 1, d 0: stable.
 */
START_TEST(test_closed_loop_toy)
{
	int64_t start[] = { 0, 100, 0, 80 }, dur[] = { 100, 100, 80, 80 };
	double ratio[4] = { 0 };
	uint32_t names[] = { 1, 2 }, occ[] = { 0, 0 };
	struct match m = { .G = 2, .K = 2, .name_id = names, .occ = occ, .start = start,
			   .dur = dur, .ratio = ratio };
	struct caps_sample s = { .m = &m };
	struct caps_gpu_model gm[2] = { { 700, 1000, 1000, 0, 0, 0, 0, false, 0, 0, 0 },
					{ 700, 1250, 1250, 0, 0, 0, 0, false, 0, 0, 0 } };
	struct caps_params p;
	struct caps_loop_result r;

	caps_params_default(&p);
	p.window = 1;
	caps_loop(&s, 1, gm, 100, &p, LEAD_SUM, &r);
	ck_assert(r.converged);
	/*
	 * the direct search spends the loss allowance: the straggler (GPU 0)
	 * gives up power too, and GPU 1 ends at its pace (both run the same
	 * 100 000 cycles per key): the same clock within a whole watt (GPU 0
	 * draws 0.6 W a MHz: 1.7 MHz)
	 */
	ck_assert(r.searched);
	ck_assert_int_lt(r.caps[0], 750);
	ck_assert_double_lt(fabs(r.f[1] - r.f[0]), 1.7);
	ck_assert_double_ge(r.s_iter, CAPS_RED_MIN_S);
	ck_assert_double_lt(r.s_iter, 1);
	/* more saved than keeping the straggler at TDP (GPU 1 at 583 W) */
	ck_assert_double_lt(r.power_ratio, (700 + 583) / 1400.0);
	ck_assert_uint_eq(r.nadj, 25);
	ck_assert_uint_eq(r.straggler, 0);
	/* Algorithms 2-3 stopped at 587 */
	ck_assert_int_eq(r.last[1], 587);
	ck_assert_str_eq(r.reason, "least predicted power with S_iter >= 0.9962, each GPU at the "
				   "slow end of its curve's error");
	caps_loop_release(&r);
}
END_TEST

/*
 * Two GPUs alike, same work, same clock: gpu-red slows both alike, so the
 * recorded schedule only stretches and the smaller margin applies
 * (caps_red_floor()): S_iter under CAPS_RED_MIN_S, at least CAPS_RED_EVEN_S.
 */
START_TEST(test_red_even)
{
	int64_t start[] = { 0, 1000000, 0, 1000000 }, dur[] = { 1000000, 1000000, 1000000, 1000000 };
	double ratio[4] = { 0 };
	uint32_t names[] = { 1, 2 }, occ[] = { 0, 0 };
	struct match m = { .G = 2, .K = 2, .name_id = names, .occ = occ, .start = start,
			   .dur = dur, .ratio = ratio };
	struct caps_sample s = { .m = &m };
	/* convex (alpha 3): a watt is 0.06% of clock, fine enough to show the floors apart */
	struct caps_gpu_model gm[2] = { { 700, 1000, 1000, 0, 700, 3, 0, false, 0, 0, 0 },
					{ 700, 1000, 1000, 0, 700, 3, 0, false, 0, 0, 0 } };
	struct caps_params p;
	struct caps_loop_result r;

	ck_assert_double_eq(caps_red_floor(0), CAPS_RED_EVEN_S);
	ck_assert_double_eq(caps_red_floor(CAPS_RED_EVEN), CAPS_RED_EVEN_S);
	ck_assert_double_eq(caps_red_floor(0.01), CAPS_RED_MIN_S);
	ck_assert_double_eq_tol(strtod(CAPS_RED_EVEN_S_STR, NULL), CAPS_RED_EVEN_S, 1e-12);
	caps_params_default(&p);
	caps_loop(&s, 1, gm, 100, &p, LEAD_SUM, &r);
	ck_assert_int_eq(r.caps[0], r.caps[1]);
	ck_assert_double_ge(r.s_iter, CAPS_RED_EVEN_S);
	ck_assert_double_lt(r.s_iter, CAPS_RED_MIN_S);
	ck_assert_ptr_nonnull(strstr(r.reason, CAPS_RED_EVEN_S_STR));
	ck_assert_ptr_nonnull(strstr(r.reason, "every GPU slowed alike"));
	caps_loop_release(&r);
	/* one GPU slower in the trace: uneven caps, the wider margin */
	dur[2] = dur[3] = 900000;
	caps_loop(&s, 1, gm, 100, &p, LEAD_SUM, &r);
	ck_assert_double_ge(r.s_iter, CAPS_RED_MIN_S);
	ck_assert_ptr_nonnull(strstr(r.reason, CAPS_RED_MIN_S_STR));
	caps_loop_release(&r);
}
END_TEST

/* An 8-GPU node; GPU 5 runs its kernels 10% slower; a sync point every 4 keys. */
struct node8 {
	int64_t start[8 * 40], dur[8 * 40], ss[8 * 10], se[8 * 10];
	double ratio[8 * 40];
	uint32_t names[40], occ[40];
	struct match m;
	struct caps_sample s;
};

/* Eight GPUs, ten samples of four 1000 ns keys each; GPU 5's take @d5 ns. */
static void
node8_build_d(struct node8 *n, int64_t d5)
{
	enum { G = 8, K = 40, S = 10 };
	int64_t T = 0;
	size_t c, j, g;

	for (c = 0; c < S; c++) {
		int64_t arr_max = 0;

		for (g = 0; g < G; g++) {
			int64_t t = T;

			for (j = 0; j < 4; j++) {
				size_t k = c * 4 + j;

				n->names[k] = (uint32_t)k;
				n->start[g * K + k] = t;
				n->dur[g * K + k] = g == 5 ? d5 : 1000;
				t += n->dur[g * K + k];
			}
			n->ss[g * S + c] = t;
			if (t > arr_max)
				arr_max = t;
		}
		for (g = 0; g < G; g++)
			n->se[g * S + c] = arr_max + 50;
		T = arr_max + 50;
	}
	n->m = (struct match){ .G = G, .K = K, .name_id = n->names, .occ = n->occ,
			       .start = n->start, .dur = n->dur, .ratio = n->ratio };
	n->s = (struct caps_sample){ .m = &n->m, .S = S, .sync_start = n->ss, .sync_end = n->se };
}

/* GPU 5 the straggler, 10% slower. */
static void
node8_build(struct node8 *n)
{
	node8_build_d(n, 1100);
}

/*
 * gpu-red's caps to the watt: the GPUs whose curves carry an error bound get
 * the watts it costs; those with exact curves keep the caps they get without
 * it (one pace for all would take those watts from every GPU).
 */
START_TEST(test_red_watt)
{
	struct node8 n;
	struct caps_gpu_model gm[8];
	struct caps_params p;
	struct caps_loop_result a, b;
	size_t g;

	node8_build(&n);
	for (g = 0; g < 8; g++)
		gm[g] = (struct caps_gpu_model){ 700, 1000, 1000, 0, 700, 3, 0, false, 0, 0, 0 };
	caps_params_default(&p);
	caps_loop(&n.s, 1, gm, 100, &p, LEAD_SUM, &a);
	for (g = 1; g < 8; g += 2)
		gm[g].alpha_err = 0.06;
	caps_loop(&n.s, 1, gm, 100, &p, LEAD_SUM, &b);
	ck_assert_double_ge(b.s_iter, CAPS_RED_MIN_S);
	ck_assert_double_gt(b.power_ratio, a.power_ratio);
	for (g = 0; g < 8; g++) {
		if (g % 2 == 0 || g == 5)
			ck_assert_int_eq(b.caps[g], a.caps[g]);
		else
			ck_assert_int_gt(b.caps[g], a.caps[g]);
	}
	caps_loop_release(&a);
	caps_loop_release(&b);
}
END_TEST

START_TEST(test_node8_gpu_red)
{
	static struct node8 n;
	struct caps_gpu_model gm[8];
	struct caps_params p;
	struct caps_loop_result r;
	size_t g;

	node8_build(&n);
	for (g = 0; g < 8; g++)
		gm[g] = (struct caps_gpu_model){ 740, g == 5 ? 1818 : 2000, g == 5 ? 1818 : 2000,
						 0, 0, 0, 0, false, 0, 0, 0 };
	caps_params_default(&p);
	caps_loop(&n.s, 1, gm, 100, &p, LEAD_SUM, &r);
	ck_assert_uint_eq(r.straggler, 5);
	for (g = 0; g < 8; g++) {
		ck_assert_int_le(r.caps[g], 750);
		if (g != 5)
			ck_assert_int_lt(r.caps[g], 740);	/* leaders lowered */
		else
			ck_assert_int_gt(r.caps[g], r.caps[0]);	/* the straggler keeps the most */
	}
	ck_assert_double_lt(r.power_ratio, 1);
	/* the straggler sets the pace; the loss stays within the allowance */
	ck_assert_double_ge(r.s_iter, CAPS_RED_MIN_S);
	ck_assert_double_le(r.s_iter, 1);
	/* the floor `why` names is the one kept */
	ck_assert_double_eq_tol(strtod(CAPS_RED_MIN_S_STR, NULL), CAPS_RED_MIN_S, 1e-12);
	ck_assert_ptr_nonnull(strstr(r.reason, CAPS_RED_MIN_S_STR));
	caps_loop_release(&r);
	/*
	 * Exponents known only within a bound: the caps keep the floor with every
	 * GPU at the slow end of it, so none is lower and some are higher.
	 */
	{
		struct caps_loop_result e;
		size_t higher = 0;

		for (g = 0; g < 8; g++) {
			gm[g].alpha = 2;
			gm[g].cap = 740;
		}
		caps_loop(&n.s, 1, gm, 100, &p, LEAD_SUM, &r);
		for (g = 0; g < 8; g++)
			gm[g].alpha_err = 0.3;
		caps_loop(&n.s, 1, gm, 100, &p, LEAD_SUM, &e);
		ck_assert_double_lt(r.power_ratio, 1);
		for (g = 0; g < 8; g++) {
			ck_assert_int_ge(e.caps[g], r.caps[g]);
			higher += e.caps[g] > r.caps[g];
		}
		ck_assert_uint_gt(higher, 0);
		ck_assert_double_ge(e.s_iter, r.s_iter);
		ck_assert_double_ge(e.power_ratio, r.power_ratio);
		caps_loop_release(&e);
		caps_loop_release(&r);
		for (g = 0; g < 8; g++) {
			gm[g].alpha = gm[g].alpha_err = 0;
			gm[g].cap = 0;
		}
	}
	/*
	 * Fitted curves trusted down to 735 W: no gpu-red cap goes under it,
	 * gpu-realloc ignores it (its errors cost gain, not a promised floor).
	 */
	for (g = 0; g < 8; g++)
		gm[g].p_lo = 735;
	caps_loop(&n.s, 1, gm, 100, &p, LEAD_SUM, &r);
	for (g = 0; g < 8; g++)
		ck_assert_int_ge(r.caps[g], 735);
	ck_assert_double_lt(r.power_ratio, 1);
	caps_loop_release(&r);
	p.scenario = CAPS_GPU_REALLOC;
	caps_loop(&n.s, 1, gm, 100, &p, LEAD_SUM, &r);
	ck_assert_int_lt(r.caps[0], 735);
	caps_loop_release(&r);
}
END_TEST

/* caps_predict(): the caps against themselves are 1 and 1; 40 W less on every GPU costs both. */
START_TEST(test_predict_probe)
{
	static struct node8 n;
	struct caps_gpu_model gm[8];
	int from[8], to[8];
	double s, pr, f[8];
	size_t g;

	node8_build(&n);
	for (g = 0; g < 8; g++) {
		gm[g] = (struct caps_gpu_model){ 740, g == 5 ? 1818 : 2000, 2100, 0, 740, 0, 0, false, 0, 0, 0 };
		from[g] = 740;
		to[g] = 700;
	}
	caps_predict(&n.s, 1, gm, 100, from, from, &s, &pr, f);
	ck_assert_double_eq_tol(s, 1, 1e-12);
	ck_assert_double_eq_tol(pr, 1, 1e-12);
	ck_assert_double_eq_tol(f[0], 2000, 1e-9);
	caps_predict(&n.s, 1, gm, 100, from, to, &s, &pr, f);
	ck_assert_double_lt(s, 1);
	ck_assert_double_gt(s, 0.9);
	/* the line through idle: 600 of 640 W above idle, the clock and power in step */
	ck_assert_double_eq_tol(f[0], 2000 * 600.0 / 640, 1e-6);
	ck_assert_double_eq_tol(pr, 700.0 / 740, 1e-9);
}
END_TEST

START_TEST(test_node8_gpu_realloc)
{
	static struct node8 n;
	struct caps_gpu_model gm[8];
	struct caps_params p;
	struct caps_loop_result r;
	size_t g;
	int sum = 0;

	node8_build(&n);
	for (g = 0; g < 8; g++)
		gm[g] = (struct caps_gpu_model){ 700, g == 5 ? 1818 : 2000, 2100, 0, 0, 0, 0, false, 0, 0, 0 };
	caps_params_default(&p);
	p.scenario = CAPS_GPU_REALLOC;
	caps_loop(&n.s, 1, gm, 100, &p, LEAD_SUM, &r);
	for (g = 0; g < 8; g++) {
		sum += r.caps[g];
		if (g != 5)
			ck_assert_int_lt(r.caps[g], r.caps[5]);	/* the straggler gets the most */
	}
	ck_assert_int_gt(r.caps[5], 700);
	ck_assert_int_le(sum, 5600);
	ck_assert_int_gt(sum, 5600 - 8);	/* ceil shift leaves less than 1 W per GPU */
	ck_assert_double_gt(r.s_iter, 1);
	/* no run showed a clock (f_seen 0): nothing is beyond it, no range */
	ck_assert_uint_eq(r.beyond, 0);
	ck_assert_double_eq(r.s_low, r.s_iter);
	ck_assert_double_eq(r.pr_low, r.power_ratio);
	caps_loop_release(&r);
	/*
	 * The runs showed each GPU at its clock only: the straggler's gain is
	 * beyond them, so S_iter_low holds it at 1818 MHz, and the pace with it:
	 * no gain, and less power (the others slowed to a pace it never makes).
	 */
	for (g = 0; g < 8; g++)
		gm[g].f_seen = gm[g].f;
	caps_loop(&n.s, 1, gm, 100, &p, LEAD_SUM, &r);
	ck_assert_uint_ge(r.beyond, 1);
	ck_assert_double_gt(r.s_iter, 1.01);
	ck_assert_double_lt(r.s_low, 1.001);
	ck_assert_double_gt(r.s_low, 0.99);
	ck_assert_double_lt(r.pr_low, r.power_ratio);
	caps_loop_release(&r);
}
END_TEST

/*
 * gpu-realloc where the straggler already runs at its highest clock: more
 * power cannot speed it up, so Algorithms 2-3 only drain the leaders (the
 * straggler at TDP keeps asking). Whatever the loop does, the reported caps
 * never predict a slowdown, and the straggler keeps the most.
 */
START_TEST(test_node8_realloc_no_gain)
{
	static struct node8 n;
	struct caps_gpu_model gm[8];
	struct caps_params p;
	struct caps_loop_result r;
	size_t g;
	int sum = 0;

	node8_build(&n);
	for (g = 0; g < 8; g++)
		gm[g] = (struct caps_gpu_model){ 700, g == 5 ? 1818 : 2000, g == 5 ? 1818 : 2000,
						 0, 0, 0, 0, false, 0, 0, 0 };
	caps_params_default(&p);
	p.scenario = CAPS_GPU_REALLOC;
	caps_loop(&n.s, 1, gm, 100, &p, LEAD_SUM, &r);
	ck_assert_double_ge(r.s_iter, 1 - 1e-9);
	ck_assert_double_le(r.power_ratio, 1);
	ck_assert_uint_le(r.reported, r.nadj);
	for (g = 0; g < 8; g++) {
		sum += r.caps[g];
		if (g != 5)
			ck_assert_int_le(r.caps[g], r.caps[5]);
		/*
		 * No gain covers a leader cut to near the pace (1100 ns a key, so
		 * 2000 x 1000 / 1100 MHz): a cut one keeps CAPS_CUT_SLACK_NOGAIN
		 * above it, not just CAPS_CUT_SLACK.
		 */
		if (g != 5 && r.caps[g] < 700)
			ck_assert_double_ge(r.f[g], 2000.0 * 1000 / 1100 *
							    (1 + CAPS_CUT_SLACK_NOGAIN) - 1e-6);
	}
	/* ... and the leaders still give up watts they do not need */
	ck_assert_double_lt(r.power_ratio, 1);
	/* the percent the initial caps' `why` names is the one kept */
	ck_assert_double_eq_tol(strtod(CAPS_CUT_SLACK_NOGAIN_PCT_STR, NULL) / 100,
				CAPS_CUT_SLACK_NOGAIN, 1e-12);
	ck_assert_int_le(sum, 5600);
	caps_loop_release(&r);
}
END_TEST

/*
 * A round of the run-over-run loop whose run measured a gain under the
 * slack: the traced run gave straggler GPU 5 704 W and every leader 699 W
 * (initial caps 700 W, convex parts), and its trace shows every GPU at one
 * pace. Back at 700 W GPU 5 would run (600/604)^(1/3) slower, so these caps
 * gain 0.22%, under the 0.3% a cut leader is allowed to be off its predicted
 * clock: every predicted candidate near them fails that slack, and the old
 * loop went back to the initial caps. The run's own caps are measured, so
 * they are kept, and `why` says so.
 */
START_TEST(test_loop_keeps_run_caps)
{
	static struct node8 n;
	struct caps_gpu_model gm[8];
	struct caps_params p;
	struct caps_loop_result r;
	double want = pow(604.0 / 600.0, 1.0 / 3);
	size_t g;

	node8_build_d(&n, 1000);
	for (g = 0; g < 8; g++) {
		double cap = g == 5 ? 704 : 699;

		gm[g] = (struct caps_gpu_model){ cap, 1000, 2000, 0, cap, 3, 0, false, 1000, 0, 0 };
	}
	caps_params_default(&p);
	p.scenario = CAPS_GPU_REALLOC;
	p.tdp = 750;
	p.cap0 = 700;
	caps_loop(&n.s, 1, gm, 100, &p, LEAD_SUM, &r);
	ck_assert(r.kept_run);
	for (g = 0; g < 8; g++)
		ck_assert_int_eq(r.caps[g], g == 5 ? 704 : 699);
	ck_assert_double_eq_tol(r.s_iter, want, 2e-4);
	ck_assert_ptr_nonnull(strstr(r.reason, "traced run"));
	caps_loop_release(&r);
	/* gpu-red never takes them: its floor rules the caps */
	p.scenario = CAPS_GPU_RED;
	caps_loop(&n.s, 1, gm, 100, &p, LEAD_SUM, &r);
	ck_assert(!r.kept_run);
	caps_loop_release(&r);
}
END_TEST

/*
 * gpu-realloc on a node whose leaders are held by their clock (they drew
 * 660 W of their 700 W caps at their top clock) and whose straggler, at its
 * cap, is 0.2% slower: watts from the leaders buy it that 0.2%. A leader
 * cut to a cap still over what it drew (times the gain) keeps its measured
 * clock, so the 0.3% slack for a predicted clock is not put on it (with it,
 * every cut leader would set the pace and the initial caps would stay).
 */
START_TEST(test_realloc_held_leaders)
{
	static struct node8 n;
	struct caps_gpu_model gm[8];
	struct caps_params p;
	struct caps_loop_result r;
	size_t g;

	node8_build_d(&n, 1002);
	for (g = 0; g < 8; g++)
		gm[g] = g == 5 ? (struct caps_gpu_model){ 700, 1000, 2000, 0, 700, 0, 0, false, 0, 0,
							  0 }
			       : (struct caps_gpu_model){ 660, 1000, 1000, 0, 700, 0, 0, true, 0, 0,
							  0 };
	caps_params_default(&p);
	p.scenario = CAPS_GPU_REALLOC;
	p.tdp = 750;
	p.cap0 = 700;
	caps_loop(&n.s, 1, gm, 100, &p, LEAD_SUM, &r);
	ck_assert_double_gt(r.s_iter, 1.0015);
	ck_assert_double_le(r.s_iter, 1.002 + 1e-9);
	ck_assert_int_gt(r.caps[5], 700);
	for (g = 0; g < 8; g++)
		if (g != 5)
			ck_assert_double_ge(r.caps[g], 660 * r.s_iter);
	caps_loop_release(&r);
}
END_TEST

/*
 * The slowest GPU sets the pace: two GPUs, one key of 100 ns at 1000 MHz
 * each. Old model: speeding GPU 0 (the old straggler) past GPU 1 would count
 * its gain; here GPU 1 slowed by 10% makes the sample 10% longer whatever
 * GPU 0 gains.
 */
START_TEST(test_pred_slowest_gpu)
{
	int64_t start[] = { 0, 0 }, dur[] = { 110, 100 };
	double ratio[2] = { 0 }, f[] = { 1000, 1100 };
	uint32_t names[] = { 1 }, occ[] = { 0 };
	struct match m = { .G = 2, .K = 1, .name_id = names, .occ = occ, .start = start,
			   .dur = dur, .ratio = ratio };
	struct caps_sample s = { .m = &m };
	struct caps_pred pr;
	double same[] = { 1, 1 }, overtake[] = { 0.5, 1.1 };

	caps_pred_init(&pr, &s, 1, NULL);
	ck_assert_double_eq_tol(caps_pred_time(&pr, same), 110, 1e-9);
	/* GPU 0 twice as fast, GPU 1 10% slower: GPU 1 (110 ns) now sets the pace */
	ck_assert_double_eq_tol(caps_pred_time(&pr, overtake), 110, 1e-9);
	caps_pred_release(&pr);
	/* With clocks (no overlap, no contention): each GPU's own time. */
	caps_pred_init(&pr, &s, 1, f);
	ck_assert_double_eq_tol(pr.total[0], 110, 1e-9);
	ck_assert_double_eq_tol(pr.total[1], 100, 1e-9);
	ck_assert_double_eq_tol(caps_pred_time(&pr, overtake), 110, 1e-9);
	caps_pred_release(&pr);
}
END_TEST

/*
 * Contention: three GPUs at 1000 MHz run two keys of 100 ns of work; a key
 * spends 0, 30 or 60 ns beside a comm kernel and loses 0.2 ns per ns there.
 * The fit finds 0.2; the work is 100 ns; after the caps every GPU loses what
 * the least overlapped one lost (0 here, 6 ns for the second key), and that
 * time does not shrink with a faster clock.
 */
START_TEST(test_pred_contention)
{
	int64_t start[] = { 0, 200, 0, 200, 0, 200 };
	int64_t dur[] = { 100, 106, 106, 112, 112, 112 };
	double ratio[6], f[] = { 1000, 1000, 1000 }, fast[] = { 0.5, 0.5, 0.5 };
	double ov[] = { 0, 30, 30, 60, 60, 60 };
	uint32_t names[] = { 1, 2 }, occ[] = { 0, 0 };
	struct match m = { .G = 3, .K = 2, .name_id = names, .occ = occ, .start = start,
			   .dur = dur, .ratio = ratio };
	struct caps_sample s = { .m = &m };
	struct caps_pred pr;
	size_t i;

	for (i = 0; i < 6; i++)
		ratio[i] = 100 * ov[i] / (double)dur[i];
	ck_assert_double_eq_tol(caps_fit_contention(&s, 1, f), 0.2, 1e-9);
	/* no clocks, no overlap variation: nothing fitted */
	ck_assert_double_eq(caps_fit_contention(&s, 1, NULL), 0);
	caps_pred_init(&pr, &s, 1, f);
	ck_assert_double_eq_tol(pr.contention, 0.2, 1e-9);
	for (i = 0; i < 3; i++) {
		ck_assert_double_eq_tol(pr.total[i], 200, 1e-9);
		ck_assert_double_eq_tol(pr.total_fixed[i], 6, 1e-9);
	}
	/* twice the clock halves the work, not the 6 ns lost beside comm */
	ck_assert_double_eq_tol(caps_pred_time(&pr, fast), pr.span - 100, 1e-9);
	caps_pred_release(&pr);
	for (i = 0; i < 6; i++)
		ratio[i] = 0;
	ck_assert_double_eq(caps_fit_contention(&s, 1, f), 0);
}
END_TEST

/*
 * Time no GPU ran a matched key: two GPUs run two keys each, 350 ns apart
 * (the union of the keys leaves [150, 500) uncovered). In a whole trace
 * without step markers that may be untraced work: a loss (40 W less on each
 * GPU) is predicted without it, the same as the keys packed without the gap.
 * Within a traced step it is host time: it stays, and dilutes the loss.
 */
START_TEST(test_pred_idle)
{
	int64_t gap_start[] = { 0, 500, 50, 520 }, packed_start[] = { 0, 150, 50, 170 };
	int64_t dur[] = { 100, 100, 100, 120 };
	double ratio[4] = { 0 }, f[2], s_gap, s_packed, pw;
	uint32_t names[] = { 1, 2 }, occ[] = { 0, 0 };
	struct match gap = { .G = 2, .K = 2, .name_id = names, .occ = occ, .start = gap_start,
			     .dur = dur, .ratio = ratio };
	struct match packed = gap;
	struct caps_sample sg = { .m = &gap, .whole = true }, sp = { .m = &packed, .whole = true };
	struct caps_sample step = { .m = &gap };
	double s_step;
	struct caps_gpu_model gm[2];
	struct caps_pred pr;
	int from[] = { 740, 740 }, to[] = { 700, 700 };
	size_t g;

	packed.start = packed_start;
	for (g = 0; g < 2; g++)
		gm[g] = (struct caps_gpu_model){ 740, 2000, 2100, 0, 740, 0, 0, false, 0, 0, 0 };
	caps_pred_init(&pr, &sg, 1, NULL);
	ck_assert_double_eq_tol(pr.span, 640, 1e-9);
	ck_assert_double_eq_tol(pr.idle, 350, 1e-9);
	caps_pred_release(&pr);
	caps_pred_init(&pr, &sp, 1, NULL);
	ck_assert_double_eq_tol(pr.idle, 0, 1e-9);
	caps_pred_release(&pr);
	caps_predict(&sg, 1, gm, 100, from, to, &s_gap, &pw, f);
	caps_predict(&sp, 1, gm, 100, from, to, &s_packed, &pw, f);
	ck_assert_double_lt(s_packed, 0.99);
	ck_assert_double_eq_tol(s_gap, s_packed, 1e-12);
	caps_pred_init(&pr, &step, 1, NULL);
	ck_assert_double_eq(pr.idle, 0);
	caps_pred_release(&pr);
	caps_predict(&step, 1, gm, 100, from, to, &s_step, &pw, f);
	ck_assert_double_gt(s_step, s_packed + 0.001);
	ck_assert_double_lt(s_step, 1);
}
END_TEST

/*
 * A traced step's time outside its keys: two GPUs run keys in [100, 300);
 * the step opens with an all-gather from 0 on both and closes with a
 * reduce-scatter to 400 (GPU 0) and 450 (GPU 1), where GPU 1 also runs an
 * unmatched compute kernel [420, 430): 100 + 150 - 10 = 240 ns no clock
 * shortens. It joins the span (a ratio of whole steps), and the same loss
 * reads smaller for it; a whole trace keeps its span.
 */
START_TEST(test_step_outside)
{
	int64_t start[] = { 100, 200, 100, 200 }, dur[] = { 100, 100, 100, 100 };
	double ratio[4] = { 0 }, f[2], s_keys, s_step, pw;
	uint32_t names[] = { 1, 2 }, occ[] = { 0, 0 };
	struct match m = { .G = 2, .K = 2, .name_id = names, .occ = occ, .start = start,
			   .dur = dur, .ratio = ratio };
	struct kspan a[] = { { .start_ns = 0, .end_ns = 100, .kclass = KCLASS_COMM },
			     { .start_ns = 100, .end_ns = 200, .kclass = KCLASS_COMPUTE },
			     { .start_ns = 200, .end_ns = 300, .kclass = KCLASS_COMPUTE },
			     { .start_ns = 300, .end_ns = 400, .kclass = KCLASS_COMM } };
	struct kspan b[] = { { .start_ns = 0, .end_ns = 100, .kclass = KCLASS_COMM },
			     { .start_ns = 100, .end_ns = 200, .kclass = KCLASS_COMPUTE },
			     { .start_ns = 200, .end_ns = 300, .kclass = KCLASS_COMPUTE },
			     { .start_ns = 300, .end_ns = 450, .kclass = KCLASS_COMM },
			     { .start_ns = 420, .end_ns = 430, .kclass = KCLASS_COMPUTE } };
	const struct kspan *k[] = { a, b };
	size_t nk[] = { 4, 5 };
	struct caps_sample keys = { .m = &m }, step = { .m = &m }, whole = { .m = &m, .whole = true };
	struct caps_gpu_model gm[2];
	struct caps_pred pr;
	int from[] = { 740, 740 }, to[] = { 700, 700 };
	size_t g;

	step.outside = whole.outside = caps_step_outside(&m, k, nk);
	ck_assert_double_eq_tol(step.outside, 240, 1e-9);
	caps_pred_init(&pr, &step, 1, NULL);
	ck_assert_double_eq_tol(pr.span, 200 + 240, 1e-9);
	caps_pred_release(&pr);
	caps_pred_init(&pr, &whole, 1, NULL);
	ck_assert_double_eq_tol(pr.span, 200, 1e-9);
	caps_pred_release(&pr);
	for (g = 0; g < 2; g++)
		gm[g] = (struct caps_gpu_model){ 740, 2000, 2100, 0, 740, 0, 0, false, 0, 0, 0 };
	caps_predict(&keys, 1, gm, 100, from, to, &s_keys, &pw, f);
	caps_predict(&step, 1, gm, 100, from, to, &s_step, &pw, f);
	ck_assert_double_lt(s_keys, 0.99);
	/* the loss over the whole step: 200 ns of work of 440 */
	ck_assert_double_eq_tol(1 - s_step, (1 - s_keys) * 200 / 440 * s_step / s_keys, 1e-9);
	/* no kernel outside the keys: nothing */
	k[0] = a + 1;
	k[1] = b + 1;
	nk[0] = nk[1] = 2;
	ck_assert_double_eq(caps_step_outside(&m, k, nk), 0);
}
END_TEST

/*
 * gpu-realloc on node8 (GPU 5 10% slower): the old straggler never gets so
 * much power that it leads; the predicted S_iter stays at or under the
 * alignment bound, and every cap within the part's limits.
 */
START_TEST(test_realloc_no_overtake)
{
	static struct node8 n;
	struct caps_gpu_model gm[8];
	struct caps_params p;
	struct caps_loop_result r;
	size_t g;
	double fmin = 1e9;

	node8_build(&n);
	for (g = 0; g < 8; g++)
		gm[g] = (struct caps_gpu_model){ 700, g == 5 ? 1818 : 2000, 2400, 0, 0, 0, 0, false, 0, 0, 0 };
	caps_params_default(&p);
	p.scenario = CAPS_GPU_REALLOC;
	p.cap_min = 650;
	caps_loop(&n.s, 1, gm, 100, &p, LEAD_SUM, &r);
	for (g = 0; g < 8; g++) {
		ck_assert_int_ge(r.caps[g], 650);
		ck_assert_int_le(r.caps[g], 750);
		if (g != 5 && r.f[g] < fmin)
			fmin = r.f[g];
	}
	/* GPU 5 ends no faster than the slowest leader (equal busy time) */
	ck_assert_double_le(r.f[5] / 1.1, fmin + 1);
	ck_assert_double_le(r.s_iter, r.s_bound + 1e-12);
	ck_assert_double_gt(r.s_model, 1.01);
	caps_loop_release(&r);
}
END_TEST

/* Two runs at different caps give the slope; one run or equal clocks do not. */
START_TEST(test_fit_slope)
{
	double p2[] = { 700, 750 }, f2[] = { 1820, 1983 }, s = 0;
	double p3[] = { 700, 700 }, f3[] = { 1820, 1820.5 };
	struct caps_gpu_model g = { .p = 750, .f = 1983, .f_max = 2100, .slope = 0, .cap = 750 };

	ck_assert_int_eq(caps_fit_slope(p2, f2, 2, &s), 0);
	ck_assert_double_eq_tol(s, 50.0 / 163, 1e-12);
	ck_assert_int_eq(caps_fit_slope(p2, f2, 1, &s), -1);
	ck_assert_int_eq(caps_fit_slope(p3, f3, 2, &s), -1);
	/* the fitted line through the latest point predicts the other run */
	caps_fit_slope(p2, f2, 2, &g.slope);
	ck_assert_double_eq_tol(caps_model_freq(&g, 140, 700), 1820, 1e-9);
	ck_assert_double_eq_tol(caps_model_power(&g, 140, 1820), 700, 1e-9);
	/* not power-limited (600 W under a 750 W cap): more power gives no clock */
	g = (struct caps_gpu_model){ .p = 600, .f = 1900, .f_max = 2100, .slope = 0, .cap = 750 };
	ck_assert_double_eq(caps_model_freq(&g, 140, 750), 1900);
	ck_assert_double_lt(caps_model_freq(&g, 140, 500), 1900);
}
END_TEST

/*
 * A GPU whose clock its temperature holds (held: it drew 2.8% under its cap,
 * within the 3% that otherwise reads as held by the cap) gains no clock from
 * more watts, on a fitted curve too; a lower cap still costs it clock. The
 * same GPU not held is predicted to speed up.
 */
START_TEST(test_model_held)
{
	struct caps_gpu_model g = { .p = 713, .f = 1922, .f_max = 2100, .cap = 734, .alpha = 2 };
	double up;

	up = caps_model_freq(&g, 140, 760);
	ck_assert_double_gt(up, 1960);
	g.held = true;
	ck_assert_double_eq(caps_model_freq(&g, 140, 760), 1922);
	ck_assert_double_eq(caps_model_freq(&g, 140, 734), 1922);
	ck_assert_double_eq_tol(caps_model_freq(&g, 140, 713), 1922, 1e-9);
	ck_assert_double_lt(caps_model_freq(&g, 140, 690), 1922);
	ck_assert_double_eq_tol(caps_model_power(&g, 140, 1922), 713, 1e-9);
}
END_TEST

/*
 * A GPU at its lowest clock draws more than a cap under its draw there
 * (561 W at 1214 MHz under a 551 W cap): that cap, or a lower one, leaves it
 * at 1214 MHz drawing 561 W; a higher cap climbs its curve from that point.
 */
START_TEST(test_model_floor)
{
	struct caps_gpu_model g = { .p = 561, .f = 1214, .f_max = 1975, .cap = 551, .alpha = 1,
				    .f_min = 1214 };

	ck_assert_double_eq(caps_model_freq(&g, 155, 551), 1214);
	ck_assert_double_eq(caps_model_freq(&g, 155, 500), 1214);
	ck_assert_double_eq_tol(caps_model_power(&g, 155, caps_model_freq(&g, 155, 500)), 561, 1e-9);
	ck_assert_double_eq_tol(caps_model_freq(&g, 155, 575), 1214.0 * 420 / 406, 1e-9);
	/* without the floor the curve runs on under it */
	g.f_min = 0;
	ck_assert_double_lt(caps_model_freq(&g, 155, 551), 1200);
}
END_TEST

/*
 * Three runs on a convex part (P − 100 = 600 · (f/2000)^2.5) give its
 * exponent; the curve through the latest point predicts the others. Points
 * that bend less than a line through idle give the line (alpha 1); clocks
 * within 0.2% give nothing.
 */
START_TEST(test_fit_alpha)
{
	double f3[] = { 1800, 1900, 2000 }, p3[3], a = 0;
	double pl[] = { 500, 600 }, fl[] = { 1000, 1500 };
	double pc[] = { 700, 701 }, fc[] = { 2000, 2001 };
	struct caps_gpu_model g = { .p = 700, .f = 2000, .f_max = 2100, .cap = 700 };
	size_t i;

	for (i = 0; i < 3; i++)
		p3[i] = 100 + 600 * pow(f3[i] / 2000, 2.5);
	ck_assert_int_eq(caps_fit_alpha(p3, f3, 3, 100, &a), 0);
	ck_assert_double_eq_tol(a, 2.5, 1e-9);
	g.alpha = a;
	ck_assert_double_eq_tol(caps_model_freq(&g, 100, p3[0]), 1800, 1e-6);
	ck_assert_double_eq_tol(caps_model_power(&g, 100, 1900), p3[1], 1e-6);
	/* 400 → 500 W above idle for 1.5x the clock: flatter than a line, so 1 */
	ck_assert_int_eq(caps_fit_alpha(pl, fl, 2, 100, &a), 0);
	ck_assert_double_eq(a, CAPS_ALPHA_MIN);
	ck_assert_int_eq(caps_fit_alpha(pc, fc, 2, 100, &a), -1);
	ck_assert_int_eq(caps_fit_alpha(p3, f3, 1, 100, &a), -1);
}
END_TEST

/*
 * caps_alpha_se(): two points, the power of each held at its cap (exact):
 * alpha = Δln(P − P_idle)/Δln f, so its error is alpha·√(e0² + e1²)/Δln f
 * with e the clocks' relative errors. caps_red_slack() turns it into a clock's.
 */
START_TEST(test_alpha_se)
{
	double p[] = { 750, 710 }, f[] = { 2050, 1990 }, sp[] = { 0, 0 }, sf[] = { 2, 3 };
	double a = 0, dx = log(2050.0 / 1990), se, want, sl;
	struct caps_gpu_model g = { .p = 750, .f = 2050, .f_max = 2100, .cap = 750 };

	ck_assert_int_eq(caps_fit_alpha(p, f, 2, 140, &a), 0);
	se = caps_alpha_se(p, sp, f, sf, 2, 140, a);
	want = a * sqrt(pow(2 / 2050.0, 2) + pow(3 / 1990.0, 2)) / dx;
	ck_assert_double_eq_tol(se, want, 1e-12);
	/* a power error adds through the same weight */
	sp[1] = 5;
	ck_assert_double_gt(caps_alpha_se(p, sp, f, sf, 2, 140, a), se);
	/* one point, or clocks all equal: undetermined */
	ck_assert(isnan(caps_alpha_se(p, sp, f, sf, 1, 140, a)));
	f[1] = 2050;
	ck_assert(isnan(caps_alpha_se(p, sp, f, sf, 2, 140, a)));
	/* the slack: 0 at or above the initial cap and without a bound */
	g.alpha = a;
	ck_assert_double_eq(caps_red_slack(&g, 140, 700, 750), 0);
	g.alpha_err = 3 * se;
	ck_assert_double_eq(caps_red_slack(&g, 140, 750, 750), 0);
	ck_assert_double_eq(caps_red_slack(&g, 140, 760, 750), 0);
	sl = caps_red_slack(&g, 140, 700, 750);
	ck_assert_double_eq_tol(sl, 3 * se / (a * a) * log(610.0 / 560), 1e-12);
	/* ... and the further under it, the more */
	ck_assert_double_gt(caps_red_slack(&g, 140, 650, 750), sl);
	/*
	 * A later round: the run read at 700 W, the initial cap 750 W: the
	 * ratio to the clock at 750 W carries the curve's error from 750 W down
	 */
	g.p = g.cap = 700;
	g.f_max = 2400;
	ck_assert_double_eq_tol(caps_red_slack(&g, 140, 690, 750),
				3 * se / (a * a) * log(610.0 / 550), 1e-12);
	/* up to where the curve reaches the top clock (2100 MHz: 732 W), not beyond */
	g.f_max = 2100;
	ck_assert_double_eq_tol(caps_red_slack(&g, 140, 690, 750),
				3 * se / (a * a) *
					log((caps_model_power(&g, 140, 2100) - 140) / 550), 1e-12);
	ck_assert_double_lt(caps_model_power(&g, 140, 2100), 740);
	/* held by its clock (drew 700 W under a 750 W cap): from its draw down */
	g.cap = 750;
	g.held = true;
	ck_assert_double_eq_tol(caps_red_slack(&g, 140, 690, 750),
				3 * se / (a * a) * log(560.0 / 550), 1e-12);
}
END_TEST

/* The scenario table: names parse back to their enum, alignments follow the model's. */
START_TEST(test_scenario_table)
{
	enum caps_scenario sc = CAPS_GPU_RED;
	int s;

	for (s = 0; s < CAPS_NSCEN; s++) {
		ck_assert_int_eq(caps_scenario_parse(caps_scenarios[s].name, &sc), 0);
		ck_assert_int_eq(sc, s);
	}
	ck_assert_int_eq(caps_scenarios[CAPS_GPU_RED].align, MODEL_MAX);
	ck_assert_int_eq(caps_scenarios[CAPS_GPU_REALLOC].align, MODEL_MED);
	ck_assert_int_eq(caps_scenarios[CAPS_CPU_SLOSH].align, MODEL_MIN);
	ck_assert_str_eq(caps_scenarios[CAPS_GPU_REALLOC].name, "gpu-realloc");
	ck_assert_str_eq(caps_scenarios[CAPS_CPU_SLOSH].align_name, "min");
	sc = CAPS_CPU_SLOSH;
	ck_assert_int_eq(caps_scenario_parse("gpu-Red", &sc), -1);
	ck_assert_int_eq(caps_scenario_parse("", &sc), -1);
	ck_assert_int_eq(sc, CAPS_CPU_SLOSH);
}
END_TEST

START_TEST(test_shell_quote)
{
	char *q = caps_shell_quote("a'b c");

	ck_assert_str_eq(q, "'a'\\''b c'");
	free(q);
	q = caps_shell_quote("");
	ck_assert_str_eq(q, "''");
	free(q);
}
END_TEST

START_TEST(test_sync_match)
{
	/* comm "x" twice on both GPUs, "y" only on GPU 1: two sync points. */
	struct kspan a[] = { { .start_ns = 0, .end_ns = 5, .name_id = 7, .kclass = KCLASS_COMM },
			     { .start_ns = 10, .end_ns = 20, .name_id = 3 },
			     { .start_ns = 30, .end_ns = 40, .name_id = 7, .kclass = KCLASS_COMM } };
	struct kspan b[] = { { .start_ns = 2, .end_ns = 5, .name_id = 7, .kclass = KCLASS_COMM },
			     { .start_ns = 6, .end_ns = 8, .name_id = 9, .kclass = KCLASS_COMM },
			     { .start_ns = 35, .end_ns = 40, .name_id = 7, .kclass = KCLASS_COMM } };
	const struct kspan *k[] = { a, b };
	size_t nk[] = { 3, 3 }, S;
	int64_t *ss, *se;

	caps_sync_match(2, k, nk, &S, &ss, &se);
	ck_assert_uint_eq(S, 2);
	ck_assert_int_eq(ss[0], 0);
	ck_assert_int_eq(ss[1], 30);
	ck_assert_int_eq(ss[2], 2);
	ck_assert_int_eq(ss[3], 35);
	ck_assert_int_eq(se[3], 40);
	free(ss);
	free(se);
}
END_TEST

Suite *
caps_suite(void)
{
	Suite *s = suite_create("caps");
	TCase *tc = tcase_create("caps");

	tcase_add_test(tc, test_worked_example);
	tcase_add_test(tc, test_step_outside);
	tcase_add_test(tc, test_adjust_negative_shift);
	tcase_add_test(tc, test_adjust_tdp_clamp);
	tcase_add_test(tc, test_incpower);
	tcase_add_test(tc, test_window);
	tcase_add_test(tc, test_controller);
	tcase_add_test(tc, test_model_freq);
	tcase_add_test(tc, test_retime_sync);
	tcase_add_test(tc, test_closed_loop_toy);
	tcase_add_test(tc, test_node8_gpu_red);
	tcase_add_test(tc, test_node8_gpu_realloc);
	tcase_add_test(tc, test_node8_realloc_no_gain);
	tcase_add_test(tc, test_loop_keeps_run_caps);
	tcase_add_test(tc, test_realloc_held_leaders);
	tcase_add_test(tc, test_pred_slowest_gpu);
	tcase_add_test(tc, test_pred_contention);
	tcase_add_test(tc, test_pred_idle);
	tcase_add_test(tc, test_realloc_no_overtake);
	tcase_add_test(tc, test_fit_slope);
	tcase_add_test(tc, test_fit_alpha);
	tcase_add_test(tc, test_alpha_se);
	tcase_add_test(tc, test_red_even);
	tcase_add_test(tc, test_red_watt);
	tcase_add_test(tc, test_model_held);
	tcase_add_test(tc, test_model_floor);
	tcase_add_test(tc, test_shell_quote);
	tcase_add_test(tc, test_scenario_table);
	tcase_add_test(tc, test_sync_match);
	tcase_add_test(tc, test_predict_probe);
	suite_add_tcase(s, tc);
	return s;
}
