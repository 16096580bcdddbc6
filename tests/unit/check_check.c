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
	/* One GPU (one finite value) has no spread; a NaN reading is left out. */
	ck_assert(isnan(check_spread(v + 1, 2)));
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

/* ---- the straggler's cause (METHOD §9.1): one case per rule ---- */

/* A 4-GPU node whose GPU 2 is the straggler; the arrays start healthy. */
struct node4 {
	double compute[4], cnst[4], ncompute[4], idle[4], late[4], span[4];
	double clk[4], temp[4], power[4], cap[4], tviol[4], pviol[4];
	struct check_evidence ev;
};

static void
node4(struct node4 *n)
{
	int g;

	for (g = 0; g < 4; g++) {
		n->compute[g] = n->cnst[g] = 40e6;
		n->ncompute[g] = 500;
		n->idle[g] = 0.5e6;
		n->late[g] = 0;
		n->span[g] = 50e6;
		n->clk[g] = 2000 - g;
		n->temp[g] = 70 + 0.3 * g;
		n->power[g] = 700;
		n->cap[g] = 700;
		n->tviol[g] = 0;
		n->pviol[g] = 90;
	}
	n->ev = (struct check_evidence){ .G = 4, .compute_ns = n->compute, .const_ns = n->cnst,
					 .ncompute = n->ncompute, .idle_ns = n->idle,
					 .comm_late_ns = n->late, .span_ns = n->span, .clk = n->clk,
					 .temp = n->temp, .power = n->power, .cap = n->cap,
					 .tviol = n->tviol, .pviol = n->pviol };
}

static enum check_cause
cause_of(struct node4 *n, struct check_attribution *a)
{
	struct check_params p;

	check_params_default(&p);
	check_attribute(&n->ev, 2, &p, a);
	return a->cause;
}

START_TEST(test_cause_thermal)
{
	struct node4 n;
	struct check_attribution a;

	/* 4 C hotter, 3% lower clock at the same cap and power: leakage costs clock */
	node4(&n);
	n.cnst[2] = n.compute[2] = 40e6 * 1.03;
	n.clk[2] = 1940;
	n.temp[2] = 74.5;
	ck_assert_int_eq(cause_of(&n, &a), CAUSE_THERMAL);
	ck_assert_double_eq_tol(a.slowdown_pct, 3, 1e-9);
	ck_assert_str_eq(check_cause_name(a.cause), "thermal");
	/* a thermal violation on the straggler alone is evidence without any heat reading */
	node4(&n);
	n.cnst[2] = 40e6 * 1.03;
	n.clk[2] = 1940;
	n.temp[2] = NAN;
	n.tviol[2] = 40;
	ck_assert_int_eq(cause_of(&n, &a), CAUSE_THERMAL);
	/* below its cap but hot enough that the heat covers the clock (DVFS) */
	node4(&n);
	n.cnst[2] = 40e6 * 1.05;
	n.clk[2] = 1900;
	n.temp[2] = 80;
	n.power[2] = 640;
	ck_assert_int_eq(cause_of(&n, &a), CAUSE_THERMAL);
}
END_TEST

START_TEST(test_cause_power_and_clock)
{
	struct node4 n;
	struct check_attribution a;

	/* a lower cap in force */
	node4(&n);
	n.cnst[2] = 40e6 * 1.05;
	n.clk[2] = 1900;
	n.cap[2] = n.power[2] = 640;
	ck_assert_int_eq(cause_of(&n, &a), CAUSE_POWER);
	/* clock-locked: drawing less than the others under the same cap, not hot enough */
	node4(&n);
	n.cnst[2] = 40e6 * 1.08;
	n.clk[2] = 1840;
	n.temp[2] = 73;	/* 2.5 C above the others (a rear slot): 2.5% of clock at most */
	n.power[2] = 650;
	n.pviol[2] = 0;
	ck_assert_int_eq(cause_of(&n, &a), CAUSE_CLOCK);
	ck_assert_str_eq(check_cause_name(a.cause), "clock-limit");
	/* a lower clock with no temperature, power or cap: unknown, never a guess */
	node4(&n);
	n.cnst[2] = 40e6 * 1.05;
	n.clk[2] = 1900;
	n.ev.temp = n.ev.power = n.ev.cap = n.ev.tviol = n.ev.pviol = NULL;
	ck_assert_int_eq(cause_of(&n, &a), CAUSE_UNKNOWN);
}
END_TEST

START_TEST(test_cause_workload)
{
	struct node4 n;
	struct check_attribution a;

	/* longer kernels at the normal clock */
	node4(&n);
	n.cnst[2] = 40e6 * 1.04;
	ck_assert_int_eq(cause_of(&n, &a), CAUSE_WORKLOAD);
	/* more kernels per sample: workload even without clock readings */
	node4(&n);
	n.cnst[2] = 40e6 * 1.04;
	n.ncompute[2] = 520;
	n.ev.clk = NULL;
	ck_assert_int_eq(cause_of(&n, &a), CAUSE_WORKLOAD);
	/* longer kernels, same count, no clock: unknown */
	node4(&n);
	n.cnst[2] = 40e6 * 1.04;
	n.ev.clk = NULL;
	ck_assert_int_eq(cause_of(&n, &a), CAUSE_UNKNOWN);
}
END_TEST

START_TEST(test_cause_comm_host_none)
{
	struct node4 n;
	struct check_attribution a;

	node4(&n);
	n.late[2] = 3e6;	/* 6% of the span */
	ck_assert_int_eq(cause_of(&n, &a), CAUSE_COMM);
	ck_assert_double_eq_tol(a.slowdown_pct, 6, 1e-9);
	node4(&n);
	n.idle[2] = 3.5e6;
	ck_assert_int_eq(cause_of(&n, &a), CAUSE_HOST);
	/* below --min-gain: nothing named */
	node4(&n);
	n.cnst[2] = 40e6 * 1.01;
	ck_assert_int_eq(cause_of(&n, &a), CAUSE_UNKNOWN);
	ck_assert_double_eq_tol(a.slowdown_pct, 1, 1e-9);
}
END_TEST

START_TEST(test_cause_in_verdict)
{
	struct node4 n;
	double temp[] = { 70, 70.3, 74.5, 70.9 }, freq[] = { 2000, 1999, 1940, 1997 };
	size_t strag[] = { 0, 0, 10, 0 };
	struct check_input in = { .G = 4, .temp = temp, .freq = freq, .strag = strag,
				  .nsamples = 10, .s_c_min = 1.01 };
	struct check_params p;
	struct check_result r;

	/* a thermal straggler 4.5 C hotter: imbalanced though no spread rule fires */
	node4(&n);
	n.cnst[2] = 40e6 * 1.03;
	n.clk[2] = 1940;
	n.temp[2] = 74.5;
	check_params_default(&p);
	check_eval_cause(&in, &n.ev, &p, &r);
	ck_assert_int_eq(r.rule[CHECK_TEMP].state, CHECK_PASS);
	ck_assert_int_eq(r.rule[CHECK_STRAGGLER].state, CHECK_FIRED);
	ck_assert_double_eq_tol(r.rule[CHECK_STRAGGLER].value, 1.03, 1e-9);
	ck_assert_int_eq(r.verdict, CHECK_IMBALANCED);
	ck_assert_str_eq(r.reason, "straggler gpu 2, cause thermal");
	/* a workload straggler whose clock spread fires: not heat, inconclusive */
	node4(&n);
	n.cnst[2] = 40e6 * 1.06;
	freq[2] = 2000;
	freq[0] = 1900;
	check_eval_cause(&in, &n.ev, &p, &r);
	ck_assert_int_eq(r.rule[CHECK_FREQ].state, CHECK_FIRED);
	ck_assert_int_eq(r.attr.cause, CAUSE_WORKLOAD);
	ck_assert_int_eq(r.verdict, CHECK_INCONCLUSIVE);
	ck_assert_str_eq(r.reason, "straggler gpu 2, cause workload");
	/* a persistent straggler 1% slower: the rule passes, no cause named */
	node4(&n);
	n.cnst[2] = 40e6 * 1.01;
	freq[0] = 2000;
	check_eval_cause(&in, &n.ev, &p, &r);
	ck_assert_int_eq(r.rule[CHECK_STRAGGLER].state, CHECK_PASS);
	ck_assert_int_eq(r.attr.cause, CAUSE_NONE);
	ck_assert_int_eq(r.verdict, CHECK_BALANCED);
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
	tcase_add_test(tc, test_cause_thermal);
	tcase_add_test(tc, test_cause_power_and_clock);
	tcase_add_test(tc, test_cause_workload);
	tcase_add_test(tc, test_cause_comm_host_none);
	tcase_add_test(tc, test_cause_in_verdict);
	suite_add_tcase(s, tc);
	return s;
}
