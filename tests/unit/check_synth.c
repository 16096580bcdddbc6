/* SPDX-License-Identifier: MIT */
/* check_synth.c: the physics of the node model (analysis/synth.c). */
#include <check.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "litsi/litsi.h"
#include "litsi/util.h"

#include "litsi/synth.h"
#include "unit.h"

static void
params(struct synth_params *p, int straggler)
{
	memset(p, 0, sizeof(*p));
	p->gpus = 8;
	p->samples = 2;
	p->layers = 3;
	p->seed = 7;
	p->temp_spread_c = 12;
	if (straggler >= 0) {
		p->stragglers[0] = straggler;
		p->nr_stragglers = 1;
	}
}

START_TEST(test_dvfs_monotone)
{
	const struct synth_device *d = synth_device(SYNTH_AMD);
	double t;

	ck_assert_double_eq(synth_dvfs_mhz(d, d->t_thr_c - 5), d->f_max_mhz);
	for (t = d->t_thr_c; t < 120; t += 1)
		ck_assert(synth_dvfs_mhz(d, t + 1) <= synth_dvfs_mhz(d, t));
	ck_assert_double_eq_tol(synth_dvfs_mhz(d, d->t_thr_c + 10),
				d->f_max_mhz - 10 * d->k_mhz_per_c, 1e-9);
	ck_assert_double_eq(synth_dvfs_mhz(d, 500), d->f_min_mhz);
	ck_assert(synth_m(d, 80) > synth_m(d, 60));
	/* a cap too low for f_min leaves f_min (and more power than the cap) */
	ck_assert_double_eq(synth_cap_mhz(d, synth_m(d, 70), 300), d->f_min_mhz);
	/* the default straggler (T_base + 12) is below the DVFS threshold */
	ck_assert(d->t_base_c + 12 < d->t_thr_c);
	ck_assert(synth_device(SYNTH_NVIDIA)->t_base_c + 12 < synth_device(SYNTH_NVIDIA)->t_thr_c);
}
END_TEST

START_TEST(test_hotter_is_slower)
{
	struct synth_params p;
	struct synth_result r;
	struct err err = { 0 };
	int g;

	params(&p, 3);
	ck_assert_int_eq(synth_run(&p, &r, &err), 0);
	for (g = 0; g < p.gpus; g++) {
		int h;

		for (h = 0; h < p.gpus; h++)
			if (r.gpu[g].temp_c > r.gpu[h].temp_c)
				ck_assert(r.gpu[g].f_mhz <= r.gpu[h].f_mhz);
		if (g != 3)
			ck_assert(r.gpu[3].f_mhz < r.gpu[g].f_mhz);
	}
	ck_assert_int_eq(r.temp_order[0], 3);
	/* The hottest GPU starts every matched kernel last: it has the least lead. */
	ck_assert_int_eq(r.lead_order[p.gpus - 1], 3);
	ck_assert_double_eq(r.gpu[3].lead_ns, 0);
	synth_result_release(&r);
}
END_TEST

/* Every GPU's instance of a collective ends together, not before the last issue. */
START_TEST(test_collective_end_after_last_issue)
{
	struct synth_params p;
	struct synth_result r;
	struct err err = { 0 };
	size_t j, n = 0;
	int g;

	params(&p, 5);
	ck_assert_int_eq(synth_run(&p, &r, &err), 0);
	for (g = 1; g < p.gpus; g++)
		ck_assert_uint_eq(r.nr_k[g], r.nr_k[0]);
	for (j = 0; j < r.nr_k[0]; j++) {
		int64_t last = INT64_MIN, end = r.k[0][j].end_ns;

		if (r.ops[r.k[0][j].op].kind == SOP_COMPUTE)
			continue;
		n++;
		for (g = 0; g < p.gpus; g++) {
			if (r.k[g][j].start_ns > last)
				last = r.k[g][j].start_ns;
			ck_assert_int_eq(r.k[g][j].end_ns, end);
			ck_assert(r.k[g][j].start_ns >= r.k[g][j].launch_ns);
		}
		ck_assert(end >= last);
	}
	ck_assert_uint_eq(n, (size_t)p.samples * 3 * p.layers);
	synth_result_release(&r);
}
END_TEST

/* Leaders wait in collectives: their comm kernels are longer than the straggler's. */
START_TEST(test_leaders_wait_longer)
{
	struct synth_params p;
	struct synth_result r;
	struct err err = { 0 };
	int64_t comm[SYNTH_MAX_GPUS] = { 0 };
	size_t j;
	int g;

	params(&p, 5);
	ck_assert_int_eq(synth_run(&p, &r, &err), 0);
	for (g = 0; g < p.gpus; g++)
		for (j = 0; j < r.nr_k[g]; j++)
			if (r.ops[r.k[g][j].op].kind != SOP_COMPUTE)
				comm[g] += r.k[g][j].end_ns - r.k[g][j].start_ns;
	for (g = 0; g < p.gpus; g++)
		if (g != 5)
			ck_assert(comm[g] > comm[5]);
	synth_result_release(&r);
}
END_TEST

START_TEST(test_caps_lower_frequency)
{
	struct synth_params p;
	struct synth_result a, b;
	struct err err = { 0 };
	const struct synth_device *d = synth_device(SYNTH_AMD);

	params(&p, -1);
	ck_assert_int_eq(synth_run(&p, &a, &err), 0);
	p.cap_w[2] = 500;
	ck_assert_int_eq(synth_run(&p, &b, &err), 0);
	ck_assert(b.gpu[2].f_mhz < a.gpu[2].f_mhz);
	ck_assert_double_eq_tol(b.gpu[2].f_mhz, (500 - d->p_idle_w) / b.gpu[2].m_w_per_mhz, 1e-6);
	ck_assert_double_eq_tol(b.gpu[2].power_w, 500, 1e-6);
	ck_assert_double_eq(b.gpu[1].f_mhz, a.gpu[1].f_mhz);
	/* A slower GPU 2 becomes the straggler. */
	ck_assert_int_eq(b.lead_order[p.gpus - 1], 2);
	/* A cap above the GPU's power changes nothing. */
	ck_assert_double_eq(synth_cap_mhz(d, a.gpu[1].m_w_per_mhz, 2000) > a.gpu[1].f_mhz, 1);
	synth_result_release(&a);
	synth_result_release(&b);
}
END_TEST

/* Without --caps every GPU runs at the default cap; the hottest at the lowest clock. */
START_TEST(test_power_limited_by_default)
{
	struct synth_params p;
	struct synth_result r;
	struct err err = { 0 };
	const struct synth_device *d = synth_device(SYNTH_AMD);
	double fmin = 1e9, fmax = 0, psum = 0;
	size_t i, n = 0;
	int g;

	params(&p, 5);
	ck_assert_int_eq(synth_run(&p, &r, &err), 0);
	for (g = 0; g < p.gpus; g++) {
		ck_assert_int_eq(r.gpu[g].limit, SYNTH_LIMIT_POWER);
		ck_assert_double_eq(r.gpu[g].cap_w, 750);
		ck_assert_double_eq_tol(r.gpu[g].power_w, 750, 1e-9);
		ck_assert(r.gpu[g].f_mhz < d->f_max_mhz);
		ck_assert(r.gpu[g].f_mhz < r.gpu[g].dvfs_mhz);
		if (r.gpu[g].f_mhz < fmin)
			fmin = r.gpu[g].f_mhz;
		if (r.gpu[g].f_mhz > fmax)
			fmax = r.gpu[g].f_mhz;
	}
	/* the coolest position 10 MHz under f_max, the straggler 3-6% below the coolest GPU */
	ck_assert_double_eq_tol(synth_cap_mhz(d, synth_m(d, d->t_base_c), 750),
				d->f_max_mhz - 10, 1e-9);
	ck_assert(fmax > 0.97 * d->f_max_mhz);
	ck_assert_double_eq(fmin, r.gpu[5].f_mhz);
	ck_assert(fmax / fmin > 1.03 && fmax / fmin < 1.06);
	/* busy telemetry of GPU 5 reads the cap, give or take noise */
	for (i = 0; i < r.nr_tele; i++)
		if (r.tele[i].gpu == 5 && r.tele[i].busy) {
			psum += r.tele[i].power_w;
			n++;
		}
	ck_assert_uint_gt(n, 0);
	ck_assert_double_eq_tol(psum / (double)n, 750, 3);
	synth_result_release(&r);
}
END_TEST

/* A generous cap leaves f_max; a very hot GPU is held by DVFS below its cap. */
START_TEST(test_other_limits)
{
	struct synth_params p;
	struct synth_result r;
	struct err err = { 0 };
	const struct synth_device *d = synth_device(SYNTH_AMD);

	params(&p, 2);
	p.power_cap_w = 1000;
	ck_assert_int_eq(synth_run(&p, &r, &err), 0);
	ck_assert_int_eq(r.gpu[0].limit, SYNTH_LIMIT_CLOCK);
	ck_assert_double_eq(r.gpu[0].f_mhz, d->f_max_mhz);
	ck_assert(r.gpu[0].power_w < 1000);
	synth_result_release(&r);
	params(&p, 2);
	p.temp_spread_c = 40;
	ck_assert_int_eq(synth_run(&p, &r, &err), 0);
	ck_assert_int_eq(r.gpu[2].limit, SYNTH_LIMIT_THERMAL);
	ck_assert_double_eq(r.gpu[2].f_mhz, synth_dvfs_mhz(d, r.gpu[2].temp_c));
	ck_assert(r.gpu[2].power_w < 750);
	ck_assert_str_eq(synth_limit_name(r.gpu[2].limit), "thermal");
	synth_result_release(&r);
	/* the H100 model's default cap */
	params(&p, 0);
	p.vendor = SYNTH_NVIDIA;
	ck_assert_int_eq(synth_run(&p, &r, &err), 0);
	ck_assert_double_eq_tol(r.gpu[1].power_w, 700, 1e-9);
	ck_assert(r.gpu[1].f_mhz > 0.97 * synth_device(SYNTH_NVIDIA)->f_max_mhz);
	ck_assert(r.gpu[0].f_mhz < 0.97 * synth_device(SYNTH_NVIDIA)->f_max_mhz);
	synth_result_release(&r);
}
END_TEST

START_TEST(test_contention)
{
	int64_t cs[] = { 100, 400 }, ce[] = { 200, 500 };

	/* no comm overlap */
	ck_assert_int_eq(synth_contended_end(0, 50, cs, ce, 2, 0.5), 50);
	/* fully inside a comm kernel: 1.5x slower */
	ck_assert_int_eq(synth_contended_end(100, 40, cs, ce, 2, 0.5), 160);
	/* 50 free, then 100 ns of comm do 66.7 ns of work, then free again */
	ck_assert_int_eq(synth_contended_end(50, 150, cs, ce, 2, 0.5), 233);
	/* no comm intervals at all */
	ck_assert_int_eq(synth_contended_end(7, 10, NULL, NULL, 0, 0.5), 17);
}
END_TEST

START_TEST(test_deterministic)
{
	struct synth_params p;
	struct synth_result a, b;
	struct err err = { 0 };
	int g;

	params(&p, 1);
	ck_assert_int_eq(synth_run(&p, &a, &err), 0);
	ck_assert_int_eq(synth_run(&p, &b, &err), 0);
	for (g = 0; g < p.gpus; g++) {
		ck_assert_uint_eq(a.nr_k[g], b.nr_k[g]);
		ck_assert(!memcmp(a.k[g], b.k[g], a.nr_k[g] * sizeof(*a.k[g])));
	}
	ck_assert(!memcmp(a.tele, b.tele, a.nr_tele * sizeof(*a.tele)));
	synth_result_release(&a);
	synth_result_release(&b);
}
END_TEST

/* ---- causes other than heat (--fault) and the healthy effects ---- */

static void
fault(struct synth_params *p, int gpu, enum synth_fault_kind k, double v)
{
	p->temp_spread_c = 0;
	p->has_jitter = true;
	p->jitter_c = 1;
	p->faults[p->nr_faults++] = (struct synth_fault){ gpu, k, v };
}

/* Sum of the compute kernels' durations of GPU @g, and their count. */
static double
compute_ns(const struct synth_result *r, int g, size_t *n)
{
	double sum = 0;
	size_t i;

	*n = 0;
	for (i = 0; i < r->nr_k[g]; i++)
		if (r->ops[r->k[g][i].op].kind == SOP_COMPUTE) {
			sum += (double)(r->k[g][i].end_ns - r->k[g][i].start_ns);
			(*n)++;
		}
	return sum;
}

/* Busy readings of GPU @g: mean of the field at @off. */
static double
tele_mean(const struct synth_result *r, int g, size_t off)
{
	double sum = 0;
	size_t i, n = 0;

	for (i = 0; i < r->nr_tele; i++)
		if (r->tele[i].gpu == g && r->tele[i].busy) {
			sum += *(const double *)((const char *)&r->tele[i] + off);
			n++;
		}
	return n ? sum / (double)n : 0;
}

START_TEST(test_fault_parse)
{
	struct synth_fault f;

	ck_assert_int_eq(synth_fault_parse("3:clock=1500", &f), 0);
	ck_assert_int_eq(f.gpu, 3);
	ck_assert_int_eq(f.kind, SYNTH_FAULT_CLOCK);
	ck_assert_double_eq(f.value, 1500);
	ck_assert_int_eq(synth_fault_parse("0:host=2.5", &f), 0);
	ck_assert_int_eq(f.kind, SYNTH_FAULT_HOST);
	ck_assert_str_eq(synth_fault_cause(SYNTH_FAULT_LINK), "communication");
	ck_assert_str_eq(synth_fault_cause(SYNTH_FAULT_CAP), "power-limit");
	ck_assert_int_eq(synth_fault_parse("3:heat=1", &f), -1);
	ck_assert_int_eq(synth_fault_parse("3:work=0", &f), -1);
	ck_assert_int_eq(synth_fault_parse("x:work=1", &f), -1);
	ck_assert_int_eq(synth_fault_parse("3work=1", &f), -1);
}
END_TEST

START_TEST(test_fault_clock_and_cap)
{
	struct synth_params p;
	struct synth_result r;
	struct err err = { 0 };

	params(&p, -1);
	fault(&p, 2, SYNTH_FAULT_CLOCK, 1800);
	fault(&p, 5, SYNTH_FAULT_CAP, 600);
	ck_assert_int_eq(synth_run(&p, &r, &err), 0);
	ck_assert_int_eq(r.gpu[2].limit, SYNTH_LIMIT_LOCKED);
	ck_assert_double_eq(r.gpu[2].f_mhz, 1800);
	ck_assert(r.gpu[2].power_w < r.gpu[2].cap_w - 20);	/* below its cap */
	ck_assert_str_eq(r.gpu[2].cause, "clock-limit");
	ck_assert_int_eq(r.gpu[5].limit, SYNTH_LIMIT_POWER);
	ck_assert_double_eq(r.gpu[5].cap_w, 600);
	ck_assert_double_eq_tol(r.gpu[5].power_w, 600, 1e-6);
	ck_assert_str_eq(r.gpu[5].cause, "power-limit");
	ck_assert(r.gpu[5].f_mhz < r.gpu[0].f_mhz * 0.9);
	ck_assert_ptr_null(r.gpu[0].cause);
	/* the written telemetry reads the clock and power of the truth */
	ck_assert_double_eq_tol(tele_mean(&r, 2, offsetof(struct synth_tele, clk_mhz)), 1800, 3);
	ck_assert_double_eq_tol(tele_mean(&r, 5, offsetof(struct synth_tele, power_w)), 600, 3);
	/* both slower than the healthy GPUs: the lowest leads */
	ck_assert(r.lead_order[p.gpus - 1] == 5 || r.lead_order[p.gpus - 1] == 2);
	synth_result_release(&r);
}
END_TEST

START_TEST(test_fault_work)
{
	struct synth_params p;
	struct synth_result r;
	struct err err = { 0 };
	size_t n3, n0;
	double ratio;

	params(&p, -1);
	fault(&p, 3, SYNTH_FAULT_WORK, 5);
	ck_assert_int_eq(synth_run(&p, &r, &err), 0);
	/* the same kernels, 5% longer at the same clock (contention aside: within 2%) */
	ratio = compute_ns(&r, 3, &n3) / compute_ns(&r, 0, &n0);
	ck_assert_uint_eq(n3, n0);
	ck_assert_double_eq_tol(r.gpu[3].f_mhz, r.gpu[0].f_mhz, 0.01 * r.gpu[0].f_mhz);
	ck_assert(ratio > 1.03 && ratio < 1.07);
	ck_assert_int_eq(r.lead_order[p.gpus - 1], 3);
	ck_assert_str_eq(r.gpu[3].cause, "workload");
	synth_result_release(&r);
}
END_TEST

START_TEST(test_fault_link)
{
	struct synth_params p;
	struct synth_result r;
	struct err err = { 0 };
	size_t i, late = 0, ncomm = 0, n3, n0;

	params(&p, -1);
	fault(&p, 4, SYNTH_FAULT_LINK, 50);
	ck_assert_int_eq(synth_run(&p, &r, &err), 0);
	/* its collectives end after the others' (matched by position); compute is normal */
	for (i = 0; i < r.nr_k[4]; i++) {
		const struct synth_kernel *a = &r.k[4][i], *b = &r.k[0][i];

		if (r.ops[a->op].kind == SOP_COMPUTE)
			continue;
		ck_assert_int_eq(a->op, b->op);
		ncomm++;
		late += a->end_ns > b->end_ns;
	}
	ck_assert_uint_eq(late, ncomm);
	ck_assert_double_eq_tol(compute_ns(&r, 4, &n3) / compute_ns(&r, 0, &n0), 1, 0.03);
	ck_assert_int_eq(r.lead_order[p.gpus - 1], 4);
	ck_assert_double_eq(r.gpu[4].link, 1.5);
	synth_result_release(&r);
}
END_TEST

/* Idle time between a GPU's kernels (any stream), summed. */
static int64_t
idle_ns(const struct synth_result *r, int g)
{
	int64_t reach, idle = 0;
	size_t i;
	struct synth_kernel *k = xmalloc(r->nr_k[g] * sizeof(*k));

	memcpy(k, r->k[g], r->nr_k[g] * sizeof(*k));
	for (i = 1; i < r->nr_k[g]; i++) {	/* insertion sort by start */
		struct synth_kernel v = k[i];
		size_t j = i;

		for (; j > 0 && k[j - 1].start_ns > v.start_ns; j--)
			k[j] = k[j - 1];
		k[j] = v;
	}
	reach = k[0].end_ns;
	for (i = 0; i < r->nr_k[g]; i++) {
		if (k[i].sample != k[i ? i - 1 : 0].sample)
			reach = k[i].start_ns;
		if (k[i].start_ns > reach)
			idle += k[i].start_ns - reach;
		if (k[i].end_ns > reach)
			reach = k[i].end_ns;
	}
	free(k);
	return idle;
}

START_TEST(test_fault_host)
{
	struct synth_params p;
	struct synth_result r;
	struct err err = { 0 };
	size_t i, n3, n0;

	params(&p, -1);
	fault(&p, 1, SYNTH_FAULT_HOST, 5);
	ck_assert_int_eq(synth_run(&p, &r, &err), 0);
	/* about 5% of its compute time idle before late launches; kernels normal */
	ck_assert_double_eq_tol((double)(idle_ns(&r, 1) - idle_ns(&r, 0)) / compute_ns(&r, 1, &n3),
				0.05, 0.015);
	ck_assert_double_eq_tol(compute_ns(&r, 1, &n3) / compute_ns(&r, 0, &n0), 1, 0.03);
	for (i = 0; i < r.nr_k[1]; i++)	/* every kernel still starts after its launch */
		ck_assert(r.k[1][i].start_ns >= r.k[1][i].launch_ns + SYNTH_LAUNCH_NS);
	ck_assert_int_eq(r.lead_order[p.gpus - 1], 1);
	ck_assert(tele_mean(&r, 1, offsetof(struct synth_tele, activity_pct)) <
		  tele_mean(&r, 0, offsetof(struct synth_tele, activity_pct)) - 3);
	synth_result_release(&r);
}
END_TEST

START_TEST(test_drift_slot_tick_reasons)
{
	struct synth_params p;
	struct synth_result r;
	struct err err = { 0 };
	size_t i, first = SIZE_MAX, last = 0, ticks = 0;

	params(&p, -1);
	p.vendor = SYNTH_NVIDIA;
	p.temp_spread_c = 0;
	p.has_jitter = true;
	p.slot_c = 3;
	p.drift_c = 5;
	p.tick_ms = 100;
	p.reasons = true;
	ck_assert_int_eq(synth_run(&p, &r, &err), 0);
	/* rear GPUs 3 C hotter, every one alike; no straggler in the truth */
	ck_assert_double_eq_tol(r.gpu[5].temp_c - r.gpu[1].temp_c, 3, 1e-9);
	ck_assert(!r.gpu[5].is_straggler && !r.gpu[5].cause);
	for (i = 0; i < r.nr_tele; i++) {
		const struct synth_tele *x = &r.tele[i];

		if (x->gpu != 0)
			continue;
		ticks++;
		ck_assert_uint_eq(x->reasons & 0x1, !x->busy);	/* idle reason when idle */
		ck_assert(!x->busy || !(x->reasons & ~0x4u));	/* at its cap: SW power cap */
		if (x->busy && first == SIZE_MAX)
			first = i;
		if (x->busy)
			last = i;
	}
	/* 100 ms ticks over the load period (2 samples x 2 s + 0.5 s) and 2 s either side */
	ck_assert_uint_ge(ticks, 80);
	ck_assert_int_eq(r.tele[1 * p.gpus].t_ns - r.tele[0].t_ns, 100000000);
	/* ambient drift: the last busy reading about 5 C above the first */
	ck_assert_double_eq_tol(r.tele[last].temp_c - r.tele[first].temp_c, 5, 2.5);
	synth_result_release(&r);
}
END_TEST

START_TEST(test_fault_bad)
{
	struct synth_params p;
	struct synth_result r;
	struct err err = { 0 };

	params(&p, -1);
	fault(&p, 9, SYNTH_FAULT_WORK, 5);
	ck_assert_int_eq(synth_run(&p, &r, &err), LITSI_EUSAGE);
	ck_assert_str_eq(err.msg, "--fault: GPU 9 is not in 0..7");
	params(&p, -1);
	fault(&p, 1, SYNTH_FAULT_CLOCK, 50);
	ck_assert_int_eq(synth_run(&p, &r, &err), LITSI_EUSAGE);
	params(&p, -1);
	fault(&p, 1, SYNTH_FAULT_CAP, 100);
	ck_assert_int_eq(synth_run(&p, &r, &err), LITSI_EUSAGE);
	params(&p, -1);
	p.tick_ms = 500;
	ck_assert_int_eq(synth_run(&p, &r, &err), LITSI_EUSAGE);
}
END_TEST

START_TEST(test_bad_params)
{
	struct synth_params p;
	struct synth_result r;
	struct err err = { 0 };

	params(&p, 8);
	ck_assert_int_eq(synth_run(&p, &r, &err), LITSI_EUSAGE);
	ck_assert_str_eq(err.msg, "straggler GPU 8 is not in 0..7");
	params(&p, -1);
	p.cap_w[0] = 100;
	ck_assert_int_eq(synth_run(&p, &r, &err), LITSI_EUSAGE);
	params(&p, -1);
	p.power_cap_w = 140;
	ck_assert_int_eq(synth_run(&p, &r, &err), LITSI_EUSAGE);
	ck_assert_str_eq(err.msg, "power cap 140 W is not above the idle power 140 W");
	params(&p, -1);
	p.gpus = 1;
	ck_assert_int_eq(synth_run(&p, &r, &err), LITSI_EUSAGE);
}
END_TEST

Suite *
synth_suite(void)
{
	Suite *s = suite_create("synth");
	TCase *tc = tcase_create("physics");

	tcase_add_test(tc, test_dvfs_monotone);
	tcase_add_test(tc, test_hotter_is_slower);
	tcase_add_test(tc, test_collective_end_after_last_issue);
	tcase_add_test(tc, test_leaders_wait_longer);
	tcase_add_test(tc, test_caps_lower_frequency);
	tcase_add_test(tc, test_power_limited_by_default);
	tcase_add_test(tc, test_other_limits);
	tcase_add_test(tc, test_contention);
	tcase_add_test(tc, test_deterministic);
	tcase_add_test(tc, test_bad_params);
	tcase_add_test(tc, test_fault_parse);
	tcase_add_test(tc, test_fault_clock_and_cap);
	tcase_add_test(tc, test_fault_work);
	tcase_add_test(tc, test_fault_link);
	tcase_add_test(tc, test_fault_host);
	tcase_add_test(tc, test_drift_slot_tick_reasons);
	tcase_add_test(tc, test_fault_bad);
	suite_add_tcase(s, tc);
	return s;
}
