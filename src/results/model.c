/* SPDX-License-Identifier: MIT */
/*
 * model.c: one node's leads over every sample, the persistent straggler, the
 * performance model's sums and the power references (METHOD §3-6).
 */
#include "litsi/results.h"
#include "litsi/litsi.h"
#include "litsi/stats.h"
#include "litsi/store.h"
#include "litsi/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* P_baseline: median node GPU power over the telemetry the policy uses. */
static int
load_base_power(struct res_model *n, const struct res_opts *o, struct err *err)
{
	const struct res_telemetry *t = &n->tel;
	double *v;
	size_t nr;

	if (!isnan(o->base_power)) {
		n->p_base = o->base_power;
		n->p_base_from = "option";
		return 0;
	}
	if (store_node_power(n->nd.st, n->nd.node_id, t->aligned ? t->ws : INT64_MIN,
			     t->aligned ? t->we : INT64_MAX, &v, &nr, err))
		return err->status;
	if (nr) {
		n->p_base = stats_median(v, nr);
		n->p_base_from = "telemetry";
	}
	free(v);
	return 0;
}

/* P_idle: the option, else the median power at gfx activity <= 1%. */
static int
load_idle_power(struct res_model *n, const struct res_opts *o, struct err *err)
{
	double *v;
	size_t nr;

	if (!isnan(o->idle_power)) {
		n->p_idle = o->idle_power;
		n->p_idle_from = "option";
		return 0;
	}
	if (store_node_idle_power(n->nd.st, n->nd.node_id, 1.0, &v, &nr, err))
		return err->status;
	if (nr) {
		n->p_idle = stats_median(v, nr);
		n->p_idle_from = "telemetry";
	}
	free(v);
	return 0;
}

static void
grow(struct res_model *n, size_t want, size_t *alloc)
{
	size_t G = n->nd.G;

	if (want <= *alloc)
		return;
	VEC_GROW(n->m, want, *alloc);
	n->cs = xrealloc(n->cs, *alloc * sizeof(*n->cs));
	n->ss = xrealloc(n->ss, *alloc * sizeof(*n->ss));
	n->se = xrealloc(n->se, *alloc * sizeof(*n->se));
	n->L = xrealloc(n->L, *alloc * (G + 1) * sizeof(*n->L));
	n->Lstep = xrealloc(n->Lstep, *alloc * (G + 1) * sizeof(*n->Lstep));
}

/* One loaded sample: match, classify, lead, straggler, sync points. */
static void
add_sample(struct res_model *n, const struct res_opts *o, bool want_sync, int64_t step,
	   size_t *alloc)
{
	struct res_node *nd = &n->nd;
	size_t i = n->nsamples, G = nd->G;
	struct res_lead_sample ls;

	res_lead_sample(nd, o->eps, o->agg, &ls);
	n->dropped += ls.m.dropped;
	if (!ls.m.K) {
		res_lead_sample_release(&ls, false);
		return;
	}
	grow(n, i + 1, alloc);
	n->m[i] = ls.m;
	model_acc_add(&n->acc, &ls.m, ls.is_const);
	res_profile_add_const(&n->prof, &ls.m, ls.is_const);
	memcpy(n->L + i * G, ls.L, G * sizeof(*ls.L));
	memcpy(n->Lstep + i * G, ls.step, G * sizeof(*ls.step));
	if (ls.straggler != SIZE_MAX)
		n->strag[ls.straggler]++;
	res_lead_sample_release(&ls, true);
	n->ss[i] = n->se[i] = NULL;
	n->cs[i] = (struct caps_sample){ .S = 0, .whole = step < 0 };
	if (step >= 0)
		n->cs[i].outside = caps_step_outside(&n->m[i], (const struct kspan *const *)nd->kern,
						     nd->nk);
	if (want_sync)
		caps_sync_match(G, (const struct kspan *const *)nd->kern, nd->nk, &n->cs[i].S,
				&n->ss[i], &n->se[i]);
	n->nsamples++;
}

/*
 * The duration-weighted overlap of each GPU's loaded sample (sample index
 * @s), as overlap --summary rows: kept per sample and summed into overlap_pct.
 */
static void
add_overlap(struct res_model *n, size_t s)
{
	struct res_node *nd = &n->nd;
	size_t g;

	for (g = 0; g < nd->G; g++) {
		struct res_overlap_gpu og;

		res_overlap_gpu(nd->kern[g], nd->nk[g], &og);
		n->overlap_step[s * nd->G + g] = og.overlap_pct;
		n->overlap_pct[g] += og.overlap_pct;
		res_overlap_gpu_release(&og);
	}
}

static void
finish_leads(struct res_model *n, const struct res_opts *o)
{
	size_t s, G = n->nd.G;

	/* n->m may have moved while growing: point the samples at the final array. */
	for (s = 0; s < n->nsamples; s++) {
		n->cs[s].m = &n->m[s];
		n->cs[s].sync_start = n->ss[s];
		n->cs[s].sync_end = n->se[s];
	}
	n->mean_lead = xmalloc((G + 1) * sizeof(*n->mean_lead));
	n->step_lead = xmalloc((G + 1) * sizeof(*n->step_lead));
	res_lead_means(n->L, n->nsamples, G, n->mean_lead);
	res_lead_means(n->Lstep, n->nsamples, G, n->step_lead);
	res_straggler_eval(n->nd.gpus, G, n->strag, n->nsamples, o->persist, &n->straggler);
	model_perf(&n->acc, &n->perf);
}

static int model_load(struct store *st, const struct node_row *node, const struct res_opts *o,
		      bool want_sync, struct res_model *n, struct err *err);
static int scope_run(struct store *st, const struct node_row *node, const char *run,
		     bool timing, struct err *err);

int
res_model_load(struct store *st, const struct node_row *node, const struct res_opts *o,
	       bool want_sync, struct res_model *n, struct err *err)
{
	bool began;
	int rc;

	memset(n, 0, sizeof(*n));
	n->p_base = n->p_idle = NAN;
	/* One snapshot and one lock for the node's hundred-odd small queries. */
	if ((rc = store_read_begin(st, &began, err)))
		return rc;
	if (o->run)
		n->run = xstrdup(o->run);
	else if (o->latest)
		rc = results_latest_run(st, node->id, &n->run, err);
	n->run_latest = !o->run && n->run;
	if (!rc && n->run) {
		n->prev_scope = store_scope(st) ? xstrdup(store_scope(st)) : NULL;
		n->scoped = true;
		rc = scope_run(st, node, n->run, o->latest, err);
	} else if (!rc && o->latest && store_scope(st)) {
		/* a node without runs, loaded beside a scoped one: every source of it */
		n->prev_scope = xstrdup(store_scope(st));
		n->scoped = true;
		rc = store_scope_run(st, NULL, err);
	}
	if (!rc)
		rc = model_load(st, node, o, want_sync, n, err);
	if (rc && n->scoped) {
		struct err e = { 0 };

		store_scope_run(st, n->prev_scope, &e);
		free(n->prev_scope);
		n->prev_scope = NULL;
		n->scoped = false;
	}
	store_read_end(st, began);
	return rc;
}

/*
 * Scope @st to run @run of @node; LITSI_EUSAGE when it has none, or, for the
 * timing model (@timing), when it is a calibration run.
 */
static int
scope_run(struct store *st, const struct node_row *node, const char *run, bool timing,
	  struct err *err)
{
	char *role = NULL;
	bool found;
	int rc;

	if ((rc = results_run_role(st, node->id, run, &found, &role, err)))
		return rc;
	if (!found)
		return err_set(err, LITSI_EUSAGE, "node '%s' has no run '%s' (ingest --run names runs)",
			       node->name, run);
	if (timing && role) {
		rc = err_set(err, LITSI_EUSAGE,
			     "node '%s': run '%s' is a %s run (ingest --role %s): its telemetry "
			     "feeds the power curve, its traces never the timing model; --run "
			     "names another run",
			     node->name, run, role, role);
		free(role);
		return rc;
	}
	free(role);
	return store_scope_run(st, run, err);
}

static int
model_load(struct store *st, const struct node_row *node, const struct res_opts *o,
	   bool want_sync, struct res_model *n, struct err *err)
{
	size_t s, alloc = 0;
	int rc;

	if ((rc = res_node_open(st, node, o->comm_re, &n->nd, err)))
		return rc;
	n->strag = xcalloc(n->nd.G + 1, sizeof(*n->strag));
	n->overlap_pct = xcalloc(n->nd.G + 1, sizeof(*n->overlap_pct));
	n->overlap_step = xcalloc(n->nd.nsteps * n->nd.G + 1, sizeof(*n->overlap_step));
	model_acc_init(&n->acc, n->nd.G);
	res_profile_init(&n->prof, n->nd.G);
	for (s = 0; s < n->nd.nsteps; s++) {
		if ((rc = res_load_sample(&n->nd, n->nd.steps[s], err)))
			return rc;
		add_overlap(n, s);
		res_profile_add(&n->prof, &n->nd);
		add_sample(n, o, want_sync, n->nd.steps[s], &alloc);
	}
	for (s = 0; s < n->nd.G; s++)
		n->overlap_pct[s] = n->nd.nsteps ? n->overlap_pct[s] / (double)n->nd.nsteps : NAN;
	finish_leads(n, o);
	res_profile_finish(&n->prof);
	if ((rc = res_telemetry_load(&n->nd, o, &n->tel, err)) ||
	    (rc = load_base_power(n, o, err)) || (rc = load_idle_power(n, o, err)) ||
	    (rc = res_limits_load(n, o, err)))
		return rc;
	return 0;
}

void
res_model_release(struct res_model *n)
{
	size_t s;

	for (s = 0; s < n->nsamples; s++) {
		match_release(&n->m[s]);
		free(n->ss[s]);
		free(n->se[s]);
	}
	free(n->m);
	free(n->cs);
	free(n->ss);
	free(n->se);
	free(n->L);
	free(n->mean_lead);
	free(n->Lstep);
	free(n->step_lead);
	free(n->strag);
	free(n->overlap_pct);
	free(n->overlap_step);
	res_profile_release(&n->prof);
	model_acc_release(&n->acc);
	res_limits_release(n);
	res_telemetry_release(&n->tel);
	/* a load inside a scoped one (report --detail) gives the outer scope back */
	if (n->scoped && n->nd.st) {
		struct err e = { 0 };

		store_scope_run(n->nd.st, n->prev_scope, &e);
	}
	free(n->prev_scope);
	free(n->run);
	free(n->base_run);
	res_node_release(&n->nd);
	memset(n, 0, sizeof(*n));
}

bool
res_power_ok(const struct res_model *n)
{
	return !isnan(n->p_base) && !isnan(n->p_idle) && n->p_base > n->p_idle;
}

void
res_power_eval(const struct res_model *n, struct res_power *out)
{
	int a;

	memset(out, 0, sizeof(*out));
	out->ok = res_power_ok(n);
	for (a = 0; out->ok && a < MODEL_NAGG; a++)
		model_power(&n->acc, (enum model_agg)a, n->p_base, n->p_idle, &out->pw[a]);
}

void
res_power_release(struct res_power *p)
{
	int a;

	for (a = 0; p->ok && a < MODEL_NAGG; a++)
		model_power_release(&p->pw[a]);
	p->ok = false;
}

const char *
res_power_missing(const struct res_model *n)
{
	if (isnan(n->p_base) && isnan(n->p_idle))
		return "P_baseline and P_idle";
	if (isnan(n->p_base))
		return "P_baseline";
	if (isnan(n->p_idle))
		return "P_idle";
	if (!(n->p_base > n->p_idle))
		return "P_baseline above P_idle";
	return NULL;
}

/*
 * The clock GPU @g was held at by its temperature: the fastest of its runs
 * that drew less than their cap, or most of whose readings under load name a
 * thermal limit, at a clock more than RES_HELD_BELOW_TOP under @f_top; 0 if
 * none.
 */
static double
held_clock(const struct res_model *n, size_t g, double f_top)
{
	double fh = 0;
	size_t r;

	for (r = 0; r < n->nruns; r++) {
		double pw = n->run_p[g * n->nruns + r], fr = n->run_f[g * n->nruns + r];
		double cap = n->run_cap[r * n->nd.G + g];
		bool held = (cap > 0 && pw < (1 - RES_AT_CAP) * cap) ||
			    n->run_tviol[g * n->nruns + r] >= 50;

		if (held && fr > 0 && fr < (1 - RES_HELD_BELOW_TOP) * f_top && fr > fh)
			fh = fr;
	}
	return fh;
}

/*
 * The top clock of GPU @g as its logs read it: the highest clock a run read
 * under load, where that is within RES_TOP_MHZ of the part's top
 * (res_at_top()); 0 if none. Logs can read a clock held at the top a little
 * under the part's figure (an MI300X's eight XCD clocks, averaged, read
 * 2099.1 MHz at 2100): a later run's clock re-timed to the top must be read
 * against the top on the same scale, or the step to it is overstated. The
 * highest reading, not the median: readings held at the top pile up there,
 * and their median falls under it by chance.
 */
static double
top_clock(const struct res_model *n, size_t g)
{
	double ft = 0;
	size_t r;

	for (r = 0; r < n->nruns; r++) {
		double fr = n->run_fhi[g * n->nruns + r];

		if (fr > ft && res_at_top(n, g, fr))
			ft = fr;
	}
	return ft;
}

/*
 * The lowest clock GPU @g can run at, as its runs showed it: the slowest of
 * those that drew more than the cap their telemetry recorded (res_at_cap():
 * beyond their noise, the power controller could slow it no further); 0 if
 * none did.
 */
static double
floor_clock(const struct res_model *n, size_t g)
{
	double fl = 0;
	size_t r;

	for (r = 0; r < n->nruns; r++) {
		size_t i = g * n->nruns + r;
		double pw = n->run_p[i], fr = n->run_f[i], cap = n->run_cap[r * n->nd.G + g];

		if (n->run_cap_rec[r * n->nd.G + g] && cap > 0 && pw > cap && fr > 0 &&
		    !res_at_cap(pw, cap, n->run_pse[i], n->run_nread[i]) && (!(fl > 0) || fr < fl))
			fl = fr;
	}
	return fl;
}

bool
res_gpu_models(const struct res_model *n, struct caps_gpu_model *gm)
{
	const struct res_telemetry *t = &n->tel;
	size_t g, r, nread;
	double fh, ft, se;
	bool top;

	for (g = 0; g < n->nd.G; g++) {
		if (isnan(t->med[RES_POW][g]) || isnan(t->med[RES_CLK][g]))
			return false;
		gm[g].p = t->med[RES_POW][g];
		gm[g].f = t->med[RES_CLK][g];
		gm[g].f_max = t->fmax[g];
		gm[g].slope = gm[g].alpha = gm[g].p_lo = gm[g].alpha_err = gm[g].f_min = 0;
		gm[g].f_seen = gm[g].f;
		gm[g].cap = n->glim ? n->glim[g].cap : 0;
		se = NAN;
		nread = 0;
		/* no cap recorded: the initial cap its limits name (S_iter is against it) */
		if (!(gm[g].cap > 0) && n->has_lim && n->lim.cap0 > 0)
			gm[g].cap = n->lim.cap0;
		/* with runs (ingest --run), the latest run's point: runs can overlap in time */
		if (n->nruns && !isnan(n->cur_p[g]) && !isnan(n->cur_f[g])) {
			gm[g].p = n->cur_p[g];
			gm[g].f = n->cur_f[g];
			gm[g].slope = n->slope[g];
			gm[g].alpha = n->alpha[g];
			gm[g].cap = isnan(n->cur_cap[g]) ? 0 : n->cur_cap[g];
			gm[g].alpha_err = n->alpha_err[g];
			if (n->cur_run[g] != SIZE_MAX) {
				se = n->run_pse[g * n->nruns + n->cur_run[g]];
				nread = n->run_nread[g * n->nruns + n->cur_run[g]];
			}
			gm[g].f_seen = gm[g].f;
			for (r = 0; r < n->nruns; r++)
				if (n->run_f[g * n->nruns + r] > gm[g].f_seen)
					gm[g].f_seen = n->run_f[g * n->nruns + r];
			/*
			 * A run that showed it held by its temperature showed the
			 * most clock watts buy it: a later run read at a cap
			 * under that draw (power-limited) must not extrapolate
			 * past it, at the initial caps or at new ones.
			 */
			fh = held_clock(n, g, gm[g].f_max > gm[g].f ? gm[g].f_max : gm[g].f);
			if (fh > 0)
				gm[g].f_max = fh;
			else if ((ft = top_clock(n, g)) > 0 && ft < gm[g].f_max)
				gm[g].f_max = ft;
			gm[g].f_min = floor_clock(n, g);
			/*
			 * A fitted curve is trusted that far under the lowest power the
			 * GPU ran at: beyond it a small error in the exponent becomes a
			 * throughput loss that gpu-red promised not to make.
			 */
			if ((gm[g].alpha > 0 || gm[g].slope > 0) && n->fit_width > 0)
				gm[g].p_lo = n->fit_lo[g] - n->fit_width;
		}
		/*
		 * Held by something other than its cap: it drew less than the cap
		 * (at its top clock, or at the clock its temperature allows), or
		 * most of its readings under load name a thermal limit.
		 */
		top = gm[g].cap > 0 && gm[g].p < gm[g].cap && res_at_top(n, g, gm[g].f);
		gm[g].held = top || (gm[g].cap > 0 && gm[g].p < (1 - RES_AT_CAP) * gm[g].cap) ||
			     (t->load_avg[RES_TVIOL] && t->load_avg[RES_TVIOL][g] >= 50);
		/* over the cap it recorded: at its lowest clock (the run read is all there is) */
		if (!n->nruns && n->glim && n->glim[g].cap > 0 && gm[g].p > gm[g].cap &&
		    !res_at_cap(gm[g].p, gm[g].cap, se, nread))
			gm[g].f_min = gm[g].f;
		/* held by its cap: the power controller keeps the mean at the cap */
		if (!top && res_at_cap(gm[g].p, gm[g].cap, se, nread))
			gm[g].p = gm[g].cap;
		/*
		 * Held by its clock: a few noisy readings place what it drew within
		 * watts, and a cap just under it costs 0.2% of clock a watt; the
		 * highest draw the readings allow keeps the prediction on the safe side.
		 */
		else if (gm[g].cap > 0 && gm[g].p < gm[g].cap && t->pow_ub &&
			 t->pow_ub[g] > gm[g].p)
			gm[g].p = t->pow_ub[g] < gm[g].cap ? t->pow_ub[g] : gm[g].cap;
	}
	return true;
}

void
res_overlap_spread(const struct res_model *n, size_t g, struct res_overlap_spread *out)
{
	size_t s, G = n->nd.G, ns = n->overlap_step ? n->nd.nsteps : 0;
	double v;

	out->samples = ns;
	out->min = out->max = out->mean = NAN;
	for (s = 0; s < ns; s++) {
		v = n->overlap_step[s * G + g];
		if (!s || v < out->min)
			out->min = v;
		if (!s || v > out->max)
			out->max = v;
	}
	if (ns)
		out->mean = n->overlap_pct[g];
}
