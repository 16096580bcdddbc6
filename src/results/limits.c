/* SPDX-License-Identifier: MIT */
/*
 * limits.c: what a node's telemetry says about its part's power limits and,
 * with several runs of the node (ingest --run), each GPU's operating point
 * per run and the power-to-clock slope fitted to them (litsi-caps(1)).
 */
#include "litsi/results.h"
#include "litsi/litsi.h"
#include "litsi/stats.h"
#include "litsi/store.h"
#include "litsi/util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The baseline run (--baseline-run, else the node's first run): its cap in
 * force is the initial cap, so that every round of the loop starts from the
 * cap the node ran at, not from the caps a later round set.
 */
static int
baseline_run(struct res_model *n, const struct res_opts *o, struct err *err)
{
	char *role = NULL;
	bool found;
	int rc;

	if (!o->baseline_run)
		return results_baseline_run(n->nd.st, n->nd.node_id, &n->base_run, err);
	if ((rc = results_run_role(n->nd.st, n->nd.node_id, o->baseline_run, &found, &role, err)))
		return rc;
	free(role);
	if (!found)
		return err_set(err, LITSI_EUSAGE,
			       "node '%s' has no run '%s' (--baseline-run; ingest --run names runs)",
			       n->nd.name, o->baseline_run);
	if (role)
		return err_set(err, LITSI_EUSAGE,
			       "node '%s': run '%s' is a calibration run, not one the node ran at "
			       "(--baseline-run)",
			       n->nd.name, o->baseline_run);
	n->base_run = xstrdup(o->baseline_run);
	return 0;
}

/* The limits each GPU's telemetry recorded, and the rule's pick for the node. */
static int
load_limits(struct res_model *n, const struct res_opts *o, struct err *err)
{
	size_t g, G = n->nd.G;
	struct part_power *tel = xcalloc(G + 1, sizeof(*tel));
	const char *product = G ? n->nd.gpus[0].product : NULL;
	int rc = baseline_run(n, o, err);

	n->glim = xcalloc(G + 1, sizeof(*n->glim));
	for (g = 0; g < G && !rc; g++) {
		struct gpu_limits *l = &n->glim[g], b;

		rc = store_gpu_limits(n->nd.st, n->nd.gpus[g].id, store_scope(n->nd.st), l, err);
		tel[g] = (struct part_power){ l->cap, l->min, l->max, l->def,
					      n->tel.load_med[RES_POW] &&
						      n->tel.load_med[RES_POW][g] > 0
						      ? n->tel.load_med[RES_POW][g] : 0 };
		/* the cap in force of the baseline run, where it recorded one */
		if (!rc && n->base_run &&
		    !(rc = store_gpu_limits(n->nd.st, n->nd.gpus[g].id, n->base_run, &b, err)) &&
		    b.cap > 0) {
			tel[g].cap = b.cap;
			n->base_cap = true;
		}
	}
	if (!rc)
		n->has_lim = !parts_resolve(product, tel, G, o->tdp, o->cap0, &n->lim);
	free(tel);
	return rc;
}

bool
res_at_cap(double pw, double cap, double se, size_t nread)
{
	double over;

	if (!(cap > 0) || isnan(pw) || pw < (1 - RES_AT_CAP) * cap)
		return false;
	if (isnan(se) || nread < 2)
		return pw <= (1 + RES_AT_CAP) * cap;
	over = stats_t99(nread - 1) * se;
	if (over < RES_OVER_CAP * cap)
		over = RES_OVER_CAP * cap;
	return pw - cap <= over;
}

bool
res_at_top(const struct res_model *n, size_t g, double f)
{
	return n->tel.fmax_rep && n->tel.fmax_rep[g] && n->tel.fmax[g] > 0 &&
	       f >= n->tel.fmax[g] - RES_TOP_MHZ;
}

/*
 * Fit GPU @g's power-to-clock relation to its points of the runs: with
 * P_idle, the exponent of P − P_idle ∝ f^alpha (the line through idle when
 * the points say so, a convex curve when they bend), else a straight slope.
 * A run that ran at its cap (res_at_cap()) drew its cap (exactly: no error). The exponent's 99% error bound (alpha_err) is
 * t99 of the fewest readings behind a point times its standard error.
 * The latest run's point is the GPU's operating point (cur_*, NaN without one).
 * @p, @f, @sp, @sf: room for nruns.
 */
static void
fit_gpu(struct res_model *n, size_t g, size_t cur, double *p, double *f, double *sp, double *sf)
{
	size_t r, k = 0, last = SIZE_MAX, kcur = SIZE_MAX, G = n->nd.G, fewest = SIZE_MAX;
	double hi, se;

	for (r = 0; r < n->nruns; r++) {
		size_t i = g * n->nruns + r;
		double pw = n->run_p[i], fr = n->run_f[i], cap = n->run_cap[r * G + g];

		if (isnan(pw) || isnan(fr))
			continue;
		sp[k] = n->run_pse[i];
		sf[k] = n->run_fse[i];
		if (res_at_cap(pw, cap, n->run_pse[i], n->run_nread[i]) &&
		    !(pw < cap && res_at_top(n, g, fr))) {
			pw = cap;
			sp[k] = 0;
		}
		if (n->run_nread[i] < fewest)
			fewest = n->run_nread[i];
		if (r == cur)
			kcur = k;
		p[k] = pw;
		f[k++] = fr;
		last = r;
	}
	if (!k)
		return;
	for (r = 0, hi = p[0]; r < k; r++) {
		n->fit_lo[g] = isnan(n->fit_lo[g]) || p[r] < n->fit_lo[g] ? p[r] : n->fit_lo[g];
		hi = p[r] > hi ? p[r] : hi;
	}
	/* the operating point: the run the traces are of, else the last run with one */
	if (cur != SIZE_MAX && kcur == SIZE_MAX)
		goto fit;
	if (kcur == SIZE_MAX)
		kcur = k - 1;
	else
		last = cur;
	n->cur_p[g] = p[kcur];
	n->cur_f[g] = f[kcur];
	n->cur_cap[g] = n->run_cap[last * G + g];
	n->cur_run[g] = last;
fit:
	/* a straight slope only where P_idle is unknown: two close points make it wild */
	if (k < 2 || (isnan(n->p_idle) ? caps_fit_slope(p, f, k, &n->slope[g])
				       : caps_fit_alpha(p, f, k, n->p_idle, &n->alpha[g])))
		return;
	n->fitted++;
	if (hi - n->fit_lo[g] > n->fit_width)
		n->fit_width = hi - n->fit_lo[g];
	if (n->alpha[g] > 0 && fewest >= 2 && fewest != SIZE_MAX) {
		se = caps_alpha_se(p, sp, f, sf, k, n->p_idle, n->alpha[g]);
		if (se >= 0)
			n->alpha_err[g] = stats_t99(fewest - 1) * se;
	}
}

/*
 * The GPUs of a node are one part: a GPU whose runs did not move its clock
 * enough to show its curve takes the median exponent of those that did, and
 * as its error bound the larger of theirs (median) and the exponents' spread
 * (how far one GPU's may lie from the median). @tmp: room for G doubles.
 */
static void
pool_alpha(struct res_model *n, double *tmp)
{
	size_t g, k = 0;
	double med, err, sd;

	for (g = 0; g < n->nd.G; g++)
		if (n->alpha[g] > 0)
			tmp[k++] = n->alpha[g];
	if (!k || k == n->nd.G)
		return;
	med = stats_median(tmp, k);
	sd = stats_sd(tmp, k);
	for (g = 0, k = 0; g < n->nd.G; g++)
		if (n->alpha[g] > 0)
			tmp[k++] = n->alpha_err[g];
	err = stats_median(tmp, k);
	err = isnan(sd) || sd < err ? err : sd;
	for (g = 0; g < n->nd.G; g++)
		if (!(n->alpha[g] > 0) && !isnan(n->cur_p[g]) && !isnan(n->cur_f[g])) {
			n->alpha[g] = med;
			n->alpha_err[g] = err;
			n->pooled++;
		}
}

/*
 * One coordinate of a run's operating point: the median of its readings
 * under load (a probe's log holds the job's idle start and end too),
 * interpolated on the readings' grid (stats_median_grid(): whole watts and
 * MHz would otherwise move it by up to half a unit), of the whole job where
 * its traced window agrees (res_steady()), else the window's;
 * *@se its standard error (1.25 times the mean's) and *@nread the readings
 * behind it (*@se NaN with fewer than 2); *@hi the highest reading under load
 * (NaN without one).
 */
static int
run_point(struct store *st, int64_t gpu_id, const char *run, const char *metric,
	  double load_activity, double *out, double *se, size_t *nread, double *hi,
	  struct err *err)
{
	double *v, *w, sd, med_all;
	bool *inw;
	size_t n, i, k = 0;

	if (store_run_readings(st, gpu_id, run, metric, load_activity, &v, &inw, &n, err))
		return err->status;
	w = xmalloc((n + 1) * sizeof(*w));
	for (i = 0; i < n; i++)
		if (inw[i])
			w[k++] = v[i];
	*hi = NAN;
	for (i = 0; i < n; i++)
		if (!(v[i] <= *hi))
			*hi = v[i];
	sd = stats_sd(v, n);
	med_all = stats_median_grid(v, n);
	*out = res_steady(stats_median_grid(w, k), k, med_all, sd, n);
	/* the window's readings, unless the whole job's median was taken */
	if (!(n > k && *out == med_all)) {
		sd = stats_sd(w, k);
		n = k;
	}
	*nread = n;
	*se = n >= 2 ? 1.25 * sd / sqrt((double)n) : NAN;
	free(w);
	free(v);
	free(inw);
	return 0;
}

/* Each run's operating point of each GPU; with two or more, the fitted slopes. */
static int
load_runs(struct res_model *n, bool all, double load_activity, struct err *err)
{
	size_t G = n->nd.G, g, r, nr = 0, cur = SIZE_MAX;
	char **runs = NULL;
	double *p, *f, *sp, *sf;
	int rc;

	n->slope = xcalloc(G + 1, sizeof(*n->slope));
	n->alpha = xcalloc(G + 1, sizeof(*n->alpha));
	n->cur_p = xcalloc(G + 1, sizeof(*n->cur_p));
	n->cur_f = xcalloc(G + 1, sizeof(*n->cur_f));
	n->cur_cap = xcalloc(G + 1, sizeof(*n->cur_cap));
	n->cur_run = xcalloc(G + 1, sizeof(*n->cur_run));
	n->fit_lo = xcalloc(G + 1, sizeof(*n->fit_lo));
	n->alpha_err = xcalloc(G + 1, sizeof(*n->alpha_err));
	n->fit_width = 0;
	for (g = 0; g < G; g++) {
		n->cur_p[g] = n->cur_f[g] = n->cur_cap[g] = n->fit_lo[g] = NAN;
		n->cur_run[g] = SIZE_MAX;
	}
	/*
	 * Every run's telemetry of the node, a calibration run's too: the runs'
	 * different caps are the curve's points, whichever run the traces are of.
	 */
	if (store_scope(n->nd.st) && !all) {
		/* a run-scoped load without res_opts.latest sees its own run only */
		runs = xmalloc(sizeof(*runs));
		runs[nr++] = xstrdup(store_scope(n->nd.st));
	} else if ((rc = store_runs(n->nd.st, n->nd.node_id, &runs, &nr, err))) {
		return rc;
	}
	for (r = 0; r < nr; r++)
		if (store_scope(n->nd.st) && !strcmp(runs[r], store_scope(n->nd.st)))
			cur = r;
	n->nruns = nr;
	n->run_p = xmalloc((G * nr + 1) * sizeof(*n->run_p));
	n->run_f = xmalloc((G * nr + 1) * sizeof(*n->run_f));
	n->run_cap = xmalloc((G * nr + 1) * sizeof(*n->run_cap));
	n->run_cap_rec = xcalloc(G * nr + 1, sizeof(*n->run_cap_rec));
	n->run_pse = xmalloc((G * nr + 1) * sizeof(*n->run_pse));
	n->run_fse = xmalloc((G * nr + 1) * sizeof(*n->run_fse));
	n->run_nread = xmalloc((G * nr + 1) * sizeof(*n->run_nread));
	n->run_tviol = xmalloc((G * nr + 1) * sizeof(*n->run_tviol));
	n->run_fhi = xmalloc((G * nr + 1) * sizeof(*n->run_fhi));
	for (g = 0; g < G && !rc; g++)
		for (r = 0; r < nr && !rc; r++) {
			const struct gpu_row *gr = &n->nd.gpus[g];
			struct gpu_limits gl;
			size_t i = g * nr + r, np = 0, nf = 0, nt = 0;
			double tse, hi;

			rc = run_point(n->nd.st, gr->id, runs[r], METRIC_POWER, load_activity,
				       &n->run_p[i], &n->run_pse[i], &np, &hi, err);
			if (!rc)
				rc = run_point(n->nd.st, gr->id, runs[r], METRIC_GFX_CLK,
					       load_activity, &n->run_f[i], &n->run_fse[i], &nf,
					       &n->run_fhi[i], err);
			n->run_nread[i] = np < nf ? np : nf;
			/* a thermal limit named by most readings: held by its temperature */
			if (!rc)
				rc = run_point(n->nd.st, gr->id, runs[r], METRIC_THR_THERMAL,
					       load_activity, &n->run_tviol[i], &tse, &nt, &hi, err);
			if (!rc)
				rc = store_gpu_limits(n->nd.st, gr->id, runs[r], &gl, err);
			if (!rc)
				n->run_cap[r * G + g] = gl.cap > 0 ? gl.cap : NAN;
			if (!rc)
				n->run_cap_rec[r * G + g] = gl.cap > 0;
			/*
			 * The baseline run without a recorded cap ran at the
			 * initial cap its limits name (the cap S_iter is against):
			 * its point is exact there too, not a noisy median a watt
			 * under or over it.
			 */
			if (!rc && !(gl.cap > 0) && n->has_lim && n->lim.cap0 > 0 && n->base_run &&
			    !strcmp(runs[r], n->base_run))
				n->run_cap[r * G + g] = n->lim.cap0;
		}
	for (r = 0; r < nr; r++)
		free(runs[r]);
	free(runs);
	if (rc || !nr)
		return rc;
	p = xmalloc((nr + G + 1) * sizeof(*p));
	f = xmalloc((nr + 1) * sizeof(*f));
	sp = xmalloc((nr + 1) * sizeof(*sp));
	sf = xmalloc((nr + 1) * sizeof(*sf));
	for (g = 0; g < G; g++)
		fit_gpu(n, g, cur, p, f, sp, sf);
	pool_alpha(n, p);
	free(p);
	free(f);
	free(sp);
	free(sf);
	return 0;
}

int
res_limits_load(struct res_model *n, const struct res_opts *o, struct err *err)
{
	int rc = load_limits(n, o, err);

	return rc ? rc : load_runs(n, o->latest, o->load_activity, err);
}

void
res_limits_release(struct res_model *n)
{
	free(n->glim);
	free(n->run_p);
	free(n->run_f);
	free(n->run_cap);
	free(n->run_cap_rec);
	free(n->run_pse);
	free(n->run_fse);
	free(n->run_nread);
	free(n->run_tviol);
	free(n->run_fhi);
	free(n->alpha_err);
	free(n->slope);
	free(n->alpha);
	free(n->cur_p);
	free(n->cur_f);
	free(n->cur_cap);
	free(n->cur_run);
	free(n->fit_lo);
}

const char *
res_limits_why(const struct res_model *n, char *buf, size_t len)
{
	char *product = visible_dup(n->nd.G ? n->nd.gpus[0].product : NULL);
	char *name = visible_dup(n->nd.name);

	snprintf(buf, len,
		 "node '%s': no power limits in its telemetry and its part ('%s') is not in "
		 "the product table: give --tdp W and --cap W",
		 name, product ? product : "unknown");
	free(product);
	free(name);
	return buf;
}
