/* SPDX-License-Identifier: MIT */
/*
 * telemetry.c: a node's telemetry cut by the one windowing policy every
 * output uses (results.h), with per-GPU statistics, throttling and the
 * part's top clock.
 */
#include "litsi/results.h"
#include "litsi/litsi.h"
#include "litsi/stats.h"
#include "litsi/store.h"
#include "litsi/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A reading at gfx activity at most this (percent) is idle. */
#define IDLE_ACTIVITY_PCT 1.0

static const char *const metric_names[RES_NMETRICS] = {
	METRIC_TEMP_HOTSPOT, METRIC_TEMP_MEM, METRIC_GFX_CLK, METRIC_POWER, METRIC_THROTTLE,
	METRIC_THR_THERMAL, METRIC_THR_POWER,
};

const char *
res_metric_name(enum res_metric m)
{
	return (size_t)m < RES_NMETRICS ? metric_names[m] : "?";
}

static int
load_all(struct res_node *nd, struct res_telemetry *t, struct err *err)
{
	size_t m, g;

	for (m = 0; m < RES_NMETRICS; m++) {
		t->v[m] = xcalloc(nd->G + 1, sizeof(*t->v[m]));
		t->n[m] = xcalloc(nd->G + 1, sizeof(*t->n[m]));
		t->first[m] = xcalloc(nd->G + 1, sizeof(*t->first[m]));
		t->stat[m] = xcalloc(nd->G + 1, sizeof(*t->stat[m]));
		t->med[m] = xcalloc(nd->G + 1, sizeof(*t->med[m]));
		t->nall[m] = xcalloc(nd->G + 1, sizeof(*t->nall[m]));
		for (g = 0; g < nd->G; g++)
			if (store_load_telemetry(nd->st, nd->gpus[g].id, metric_names[m],
						 &t->v[m][g], &t->n[m][g], err))
				return err->status;
	}
	t->thr = xcalloc(nd->G + 1, sizeof(*t->thr));
	t->fmax = xcalloc(nd->G + 1, sizeof(*t->fmax));
	t->fmax_rep = xcalloc(nd->G + 1, sizeof(*t->fmax_rep));
	return 0;
}

/* Whether the GPU was busy at @t: its gfx activity reading at that time is above idle. */
static bool
busy_at(const struct tsample *act, size_t n, int64_t t)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (act[mid].t_ns < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo == n || act[lo].t_ns != t || act[lo].value > IDLE_ACTIVITY_PCT;
}

/*
 * Decision: a whole log (no traced window to cut it to) also holds the idle
 * minutes before and after the job, which would pull the medians toward idle
 * temperatures and clocks. Readings of temperature and clock taken while the
 * GPU's gfx activity was at most 1% are left out, when the log has activity
 * readings and some busy ones; power and energy keep every reading.
 */
static int
drop_idle(struct res_node *nd, struct res_telemetry *t, struct err *err)
{
	static const int filtered[] = { RES_HOT, RES_MEM, RES_CLK };
	size_t g, i, j, k, na;

	for (g = 0; g < nd->G; g++) {
		struct tsample *act;
		bool any_busy = false;

		if (store_load_telemetry(nd->st, nd->gpus[g].id, METRIC_GFX_ACT, &act, &na, err))
			return err->status;
		for (i = 0; i < na; i++)
			any_busy = any_busy || act[i].value > IDLE_ACTIVITY_PCT;
		for (k = 0; any_busy && k < ARRAY_SIZE(filtered); k++) {
			struct tsample *v = t->v[filtered[k]][g];
			size_t *n = &t->n[filtered[k]][g];

			for (i = j = 0; i < *n; i++)
				if (busy_at(act, na, v[i].t_ns))
					v[j++] = v[i];
			*n = j;
		}
		free(act);
	}
	return 0;
}

/* Traced window when every GPU with telemetry has a reading in it (throttle aside). */
static bool
window_fits(const struct res_node *nd, struct res_telemetry *t)
{
	size_t m, g, first;
	bool any = false;

	for (g = 0; g < nd->G; g++) {
		size_t in = 0, all = 0;

		for (m = 0; m < RES_THR; m++) {
			all += t->n[m][g];
			in += thermal_window(t->v[m][g], t->n[m][g], t->ws, t->we, &first);
		}
		any = any || all;
		if (all && !in)
			return false;
	}
	return any;
}

/*
 * The part's top gfx clock where the telemetry reports it (amd-smi
 * gfx_N_max_clk, nvidia-smi clocks.max.sm): a power-limited GPU never shows
 * it as its current clock, so without it the model could not speed one up.
 */
static int
part_max_clock(struct res_node *nd, size_t g, double *fmax, bool *rep, struct err *err)
{
	static const char *const names[] = { "gfx_0_max_clk", "gfx_0_max_clk_mhz",
					     "clocks_max_sm", "clocks_max_graphics" };
	size_t i, j, nr;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		struct tsample *v;

		if (store_load_telemetry(nd->st, nd->gpus[g].id, names[i], &v, &nr, err))
			return err->status;
		for (j = 0; j < nr; j++) {
			if (v[j].value > 0 && !(v[j].value <= *fmax))
				*fmax = v[j].value;
			*rep |= v[j].value > 0;
		}
		free(v);
	}
	return 0;
}

static int
summarise(struct res_node *nd, struct res_telemetry *t, struct err *err)
{
	size_t m, g, i;

	for (m = 0; m < RES_NMETRICS; m++)
		for (g = 0; g < nd->G; g++) {
			t->nall[m][g] = t->n[m][g];
			if (t->aligned)
				t->n[m][g] = thermal_window(t->v[m][g], t->n[m][g], t->ws, t->we,
							    &t->first[m][g]);
			thermal_stats(t->v[m][g] + t->first[m][g], t->n[m][g], &t->stat[m][g]);
			t->med[m][g] = t->stat[m][g].median;
		}
	for (g = 0; g < nd->G; g++) {
		const struct tsample *c = t->v[RES_CLK][g] + t->first[RES_CLK][g];

		t->thr[g] = t->n[RES_THR][g]
				    ? stats_time_mean(t->v[RES_THR][g] + t->first[RES_THR][g],
						      t->n[RES_THR][g])
				    : NAN;
		t->fmax[g] = NAN;
		for (i = 0; i < t->n[RES_CLK][g]; i++)
			if (!(c[i].value <= t->fmax[g]))
				t->fmax[g] = c[i].value;
		if (part_max_clock(nd, g, &t->fmax[g], &t->fmax_rep[g], err))
			return err->status;
	}
	return 0;
}

/* The value of the latest reading at or before @t (the first one before any); NaN if none. */
static double
value_at(const struct tsample *v, size_t n, int64_t t)
{
	size_t lo = 0, hi = n;

	if (!n)
		return NAN;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid].t_ns <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return v[lo ? lo - 1 : 0].value;
}

/* Whether GPU @g was under load at @t (res_telemetry in results.h). */
static bool
under_load(const struct res_telemetry *t, const struct res_opts *o, size_t g,
	   const struct tsample *act, size_t na, int64_t at)
{
	if (na)
		return value_at(act, na, at) > o->load_activity;
	/* Power readings up to the end of the ones used (those before the window too). */
	return value_at(t->v[RES_POW][g], t->first[RES_POW][g] + t->n[RES_POW][g], at) >
	       o->load_power;
}

/* The mean of readings and its standard error; NaN with fewer than @min (or 2). */
struct mean_se {
	double mean, se;
};

static struct mean_se
mean_se(const struct tsample *v, size_t n, size_t min)
{
	struct mean_se r = { NAN, NAN };
	double sum = 0, ss = 0;
	size_t i;

	if (!n || n < min || n < 2)
		return r;
	for (i = 0; i < n; i++)
		sum += v[i].value;
	r.mean = sum / (double)n;
	for (i = 0; i < n; i++)
		ss += (v[i].value - r.mean) * (v[i].value - r.mean);
	r.se = sqrt(ss / (double)(n - 1) / (double)n);
	return r;
}

/*
 * What GPU @g drew, at most, as far as its readings under load can say: the
 * mean plus t99(n - 1) standard errors, of the window's readings @w (@nw), or,
 * in a run whose log covers more than the window, of all the run's
 * readings under load @a (@na) where the window's mean is at most
 * RES_STEADY_SE standard errors over the run's mean (the job at one steady state: a run
 * drawing more in its traced window than over the job keeps the window's).
 * That standard error is the run's spread over the window's count: a few
 * readings cannot measure their own spread.
 */
static double
upper_draw(const struct tsample *w, size_t nw, const struct tsample *a, size_t na, size_t min,
	   bool *whole)
{
	struct mean_se sw = mean_se(w, nw, min), sa;

	*whole = false;
	if (isnan(sw.mean))
		return NAN;
	if (na > nw) {
		sa = mean_se(a, na, min);
		if (!isnan(sa.mean) &&
		    sw.mean <= sa.mean + RES_STEADY_SE * sa.se * sqrt((double)na / (double)nw)) {
			*whole = true;
			return sa.mean + stats_t99(na - 1) * sa.se;
		}
	}
	return sw.mean + stats_t99(nw - 1) * sw.se;
}

double
res_steady(double med_w, size_t n_w, double med_all, double sd_all, size_t n_all)
{
	if (!(n_all > n_w) || !n_w || isnan(med_all) || isnan(sd_all))
		return med_w;
	/* a median's standard error is about 1.25 times the mean's */
	return fabs(med_w - med_all) <= RES_STEADY_SE * 1.25 * sd_all / sqrt((double)n_w) + 0.5
		       ? med_all
		       : med_w;
}

/* The readings of @v (@n) under load, into @u (room for @n). Return: how many. */
static size_t
load_only(const struct res_telemetry *t, const struct res_opts *o, size_t g,
	  const struct tsample *act, size_t na, const struct tsample *v, size_t n,
	  struct tsample *u)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (under_load(t, o, g, act, na, v[i].t_ns))
			u[k++] = v[i];
	return k;
}

/*
 * The readings of metric @m of GPU @g under load over the whole run, into a
 * malloc'd *@u: how many; 0 (*@u NULL) unless the node is scoped to a run
 * and its log covers more than the window.
 */
static size_t
run_readings(const struct res_node *nd, const struct res_opts *o, const struct res_telemetry *t,
	     int m, size_t g, const struct tsample *act, size_t na, struct tsample **u)
{
	size_t nall = t->aligned && store_scope(nd->st) ? t->nall[m][g] : 0, i, k = 0;
	const struct tsample *v = t->v[m][g], *pw = t->v[RES_POW][g];

	*u = NULL;
	if (nall <= t->n[m][g])
		return 0;
	*u = xmalloc((nall + 1) * sizeof(**u));
	/* under load: by activity, else (under_load()) by the power at the time */
	for (i = 0; i < nall; i++)
		if (na ? value_at(act, na, v[i].t_ns) > o->load_activity
		       : value_at(pw, t->nall[RES_POW][g], v[i].t_ns) > o->load_power)
			(*u)[k++] = v[i];
	return k;
}

/* pow_ub and pow_run of GPU @g; @w its @nw power readings under load in the window. */
static void
gpu_run_point(const struct res_node *nd, const struct res_opts *o, struct res_telemetry *t,
	      size_t g, const struct tsample *act, size_t na, const struct tsample *w, size_t nw)
{
	struct tsample *u;
	size_t k = run_readings(nd, o, t, RES_POW, g, act, na, &u);

	t->pow_ub[g] = upper_draw(w, nw, u, k, o->min_readings, &t->pow_run[g]);
	free(u);
}

/* nload, load_med, load_thr and pow_ub of every GPU. */
static int
summarise_load(struct res_node *nd, const struct res_opts *o, struct res_telemetry *t,
	       struct err *err)
{
	size_t m, g, i;

	t->min_readings = o->min_readings;
	t->load_activity = o->load_activity;
	t->load_power = o->load_power;
	for (m = 0; m < RES_NMETRICS; m++) {
		t->nload[m] = xcalloc(nd->G + 1, sizeof(*t->nload[m]));
		t->load_med[m] = xcalloc(nd->G + 1, sizeof(*t->load_med[m]));
		t->load_avg[m] = xcalloc(nd->G + 1, sizeof(*t->load_avg[m]));
	}
	t->load_thr = xcalloc(nd->G + 1, sizeof(*t->load_thr));
	t->pow_ub = xcalloc(nd->G + 1, sizeof(*t->pow_ub));
	t->pow_run = xcalloc(nd->G + 1, sizeof(*t->pow_run));
	for (g = 0; g < nd->G; g++) {
		struct tsample *act;
		size_t na;

		if (store_load_telemetry(nd->st, nd->gpus[g].id, METRIC_GFX_ACT, &act, &na, err))
			return err->status;
		t->load_thr[g] = NAN;
		for (m = 0; m < RES_NMETRICS; m++) {
			const struct tsample *v = t->v[m][g] + t->first[m][g];
			struct tsample *u = xmalloc((t->n[m][g] + 1) * sizeof(*u));
			struct thermal_stats st;
			size_t k = 0;
			double sum = 0;

			k = load_only(t, o, g, act, na, v, t->n[m][g], u);
			for (i = 0; i < k; i++)
				sum += u[i].value;
			t->nload[m][g] = k;
			if (m == RES_POW)
				gpu_run_point(nd, o, t, g, act, na, u, k);
			thermal_stats(u, k, &st);
			t->load_med[m][g] = k && k >= o->min_readings ? st.median : NAN;
			t->load_avg[m][g] = k && k >= o->min_readings ? sum / (double)k : NAN;
			if (m == RES_THR)
				t->load_thr[g] = k && k >= o->min_readings ? sum / (double)k : NAN;
			free(u);
		}
		free(act);
	}
	return 0;
}

int
res_telemetry_load(struct res_node *nd, const struct res_opts *o, struct res_telemetry *t,
		   struct err *err)
{
	size_t m, g;
	int rc;

	memset(t, 0, sizeof(*t));
	t->G = nd->G;
	if ((rc = load_all(nd, t, err)))
		return rc;
	for (m = 0; m < RES_NMETRICS; m++)
		for (g = 0; g < nd->G; g++)
			t->any = t->any || t->n[m][g];
	rc = store_kernel_window(nd->st, nd->node_id, &t->ws, &t->we, err);
	if (rc < 0)
		return rc;
	t->has_window = rc == 1;
	t->aligned = t->has_window && window_fits(nd, t);
	if (!t->aligned && (rc = drop_idle(nd, t, err)))
		return rc;
	if ((rc = summarise(nd, t, err)))
		return rc;
	return summarise_load(nd, o, t, err);
}

void
res_telemetry_release(struct res_telemetry *t)
{
	size_t m, g;

	for (m = 0; m < RES_NMETRICS; m++) {
		for (g = 0; t->v[m] && g < t->G; g++)
			free(t->v[m][g]);
		free(t->v[m]);
		free(t->n[m]);
		free(t->first[m]);
		free(t->stat[m]);
		free(t->med[m]);
		free(t->nload[m]);
		free(t->load_med[m]);
		free(t->load_avg[m]);
		free(t->nall[m]);
	}
	free(t->load_thr);
	free(t->pow_ub);
	free(t->pow_run);
	free(t->thr);
	free(t->fmax);
	free(t->fmax_rep);
	memset(t, 0, sizeof(*t));
}
