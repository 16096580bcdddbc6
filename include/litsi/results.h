/* SPDX-License-Identifier: MIT */
/*
 * results.h: the node-results library, between the store and the commands.
 * It loads a node once (GPUs, samples, kernels one sample at a time,
 * telemetry cut by one windowing policy, power references) and fills one
 * result struct per analysis: leads and the persistent straggler, thermal
 * spreads, the models, caps and the verdict. Every command, the report and
 * the figures render these structs, so two outputs that show one quantity
 * show one computed value. Results name GPUs by device id (and rank), never
 * by array index. Nothing here prints.
 */
#ifndef LITSI_RESULTS_H
#define LITSI_RESULTS_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "litsi/caps.h"
#include "litsi/check.h"
#include "litsi/compare.h"
#include "litsi/err.h"
#include "litsi/lead.h"
#include "litsi/model.h"
#include "litsi/overlap.h"
#include "litsi/parts.h"
#include "litsi/stats.h"
#include "litsi/thermal.h"
#include "litsi/trace.h"

struct store;

/* ---- options shared by the analyses (one default each; cmd/opts.c parses them) ---- */
struct res_opts {
	double eps;		/* --epsilon: constant-overlap tolerance, percent (1) */
	enum lead_agg agg;	/* --agg (sum) */
	const char *comm_re;	/* --comm-pattern, or NULL: the ingest classification */
	double persist;		/* --persist: percent of samples for a persistent straggler (80) */
	double base_power;	/* --baseline-power W; NaN: from telemetry */
	double idle_power;	/* --idle-power W; NaN: from telemetry */
	int tdp, cap0;		/* --tdp, --cap W; 0: the part's (telemetry, product table) */
	double load_activity;	/* --load-activity: a reading is under load above this gfx
				 * activity, percent (10) */
	double load_power;	/* --load-power: ... or, without activity readings, above this
				 * power, W (150) */
	size_t min_readings;	/* --min-readings under load per GPU for a spread (3) */
	const char *run;	/* --run: load only the sources of this run (ingest --run);
				 * NULL: every source of the node, or with @latest its
				 * latest run */
	bool latest;		/* the run-over-run loop's reading (model, caps): without
				 * @run the node's latest run (results_latest_run());
				 * a calibration run is never read; the curves fitted
				 * to every run's telemetry. Without it a run-scoped
				 * load sees its own run's telemetry only */
	const char *baseline_run;	/* --baseline-run: the run whose cap in force is
					 * the initial cap; NULL: results_baseline_run() */
};

/*
 * ---- which run (ingest --run) an analysis reads (litsi-caps(1), "Runs") ----
 * A calibration run (ingest --role calibration) holds telemetry only: it
 * feeds the power-to-clock curve and is neither the latest nor the first run.
 */
/*
 * results_latest_run() - the node's latest run: of its runs that hold traces
 * (and are not calibration runs), the one whose first source was ingested
 * last. *@name malloc'd; NULL when the node has no such run.
 */
int results_latest_run(struct store *st, int64_t node_id, char **name, struct err *err);
/*
 * results_baseline_run() - the node's first run: the first ingested that is
 * not a calibration run (traces or telemetry). *@name malloc'd, or NULL.
 */
int results_baseline_run(struct store *st, int64_t node_id, char **name, struct err *err);
/* results_run_role() - whether node @node_id has run @run, and its role (malloc'd, NULL). */
int results_run_role(struct store *st, int64_t node_id, const char *run, bool *found, char **role,
		     struct err *err);

/* res_opts_default() - the documented defaults (METHOD.md). */
void res_opts_default(struct res_opts *o);

/* ---- a node: its GPUs and samples, kernels one sample at a time ---- */
struct res_node {
	struct store *st;	/* borrowed */
	int64_t node_id;	/* the store's id of the node */
	const char *name;	/* borrowed from the caller's node_row */
	struct gpu_row *gpus;	/* ordered by device */
	size_t G;		/* GPUs in gpus[] and kern[] */
	int64_t *steps;		/* distinct sample steps, ascending */
	size_t nsteps;		/* entries in steps */
	struct kspan **kern;	/* [G] kernels of the loaded sample */
	size_t *nk;		/* [G] */
	size_t *kcap;		/* [G] room in kern[g], kept from sample to sample */
	regex_t re;		/* comm_re */
	bool has_re;		/* re is compiled (comm_re given) */
	signed char *is_comm;	/* name_id -> -1 unknown, 0, 1 (regex cache) */
	size_t nr_is_comm;	/* entries in is_comm */
};

/* res_node_open() - GPUs and steps of @node; @comm_re: --comm-pattern or NULL. */
int res_node_open(struct store *st, const struct node_row *node, const char *comm_re,
		  struct res_node *nd, struct err *err);
void res_node_release(struct res_node *nd);
/* res_load_sample() - replace nd->kern by the kernels of sample @step on every GPU. */
int res_load_sample(struct res_node *nd, int64_t step, struct err *err);
/*
 * res_load_groups() - the operations (@layers false) or layers of GPU @gpu's
 * sample kernels @k (sorted by start, any class), whose comm union is @u:
 * loads the GPU's annotations around the sample and runs overlap_groups().
 * *gr is malloc'd; *nann counts the annotations found (0: none to group by).
 */
int res_load_groups(struct store *st, const struct gpu_row *gpu, const struct kspan *k, size_t n,
		    const struct ival *u, size_t nu, bool layers, struct overlap_group **gr,
		    size_t *ng, size_t *unassigned, size_t *nann, struct err *err);
/* res_reclassify() - apply the node's --comm-pattern to @k (compute <-> comm only). */
void res_reclassify(struct res_node *nd, struct kspan *k, size_t n);
/* res_gpu_index() - index of device @dev in nd->gpus, or -1. */
int res_gpu_index(const struct res_node *nd, int dev);

/* ---- overlap (METHOD §1) of one GPU's kernels of one sample ---- */
struct res_overlap_gpu {
	struct ival *u;		/* [n + 1] the union of the comm kernels, sorted */
	size_t nu;		/* intervals in u */
	int64_t *ov;		/* [n + 1] per kernel: ns of it covered by u (compute only) */
	double *ratio;		/* [n + 1] per kernel: ov / duration, percent */
	struct overlap_summary s;	/* the `overlap --summary` row */
	double overlap_pct;	/* s.weighted_ratio, 0 without comm kernels (never NaN) */
	double kernel_mean_pct;	/* s.mean_ratio, 0 without comm kernels (never NaN) */
};
/*
 * res_overlap_gpu() - the overlap of kernels @k (@n, sorted by start, one GPU
 * and sample, classes as res_reclassify() left them) with their GPU's comm
 * union: per kernel and summarized. Release with res_overlap_gpu_release().
 */
void res_overlap_gpu(const struct kspan *k, size_t n, struct res_overlap_gpu *out);
void res_overlap_gpu_release(struct res_overlap_gpu *o);

/* The whole-trace figures of one GPU: litsi's comm-side overlap and the peers' own. */
struct res_peer {
	double own_pct;		/* overlap_comm_comp_pct(): comm time hidden by compute, % */
	double hta_pct;		/* HTA's get_comm_comp_overlap, %; NaN where HTA prints NaN */
	struct tl_timeline_us tl;	/* TraceLens's GPU timeline, microseconds */
};
/*
 * res_peer_load() - the whole-trace figures of GPU index @g of @nd: every
 * kernel of the GPU (no sample filter, the node's --comm-pattern applied),
 * its trace's time base and profiler steps (HTA's summary inputs).
 */
int res_peer_load(struct res_node *nd, size_t g, struct res_peer *out, struct err *err);

/* ---- one sample's leads (METHOD §3-4) ---- */
struct res_lead_sample {
	struct match m;		/* compute kernels matched across the GPUs */
	int64_t *lead;		/* [G*K] lead values, ns */
	bool *is_const;		/* [K] constant-overlap keys (--epsilon) */
	size_t nconst;		/* true entries in is_const */
	double *L;		/* [G] aggregated lead (--agg) */
	double *step;		/* [G] lead per step: mean lead over the matched kernels,
				 * ns (lead_per_step()); NaN without matched kernels */
	size_t straggler;	/* index of the sample's straggler, SIZE_MAX: none */
};

/* res_lead_sample() - leads of the sample loaded in @nd (res_load_sample()). */
void res_lead_sample(const struct res_node *nd, double eps, enum lead_agg agg,
		     struct res_lead_sample *out);
/* res_lead_sample_release() - free all but out->m when @keep_match (its owner takes it). */
void res_lead_sample_release(struct res_lead_sample *s, bool keep_match);

/*
 * res_lead_means() - mean[g]: the mean of @v[s*G + g] over @ns samples; NaN
 * when @ns is 0. The node's lead (sum or per step) from its samples' leads.
 */
void res_lead_means(const double *v, size_t ns, size_t G, double *mean);
/*
 * res_lead_leader() - the index of the largest of @v[0..G) (a lead per step:
 * the GPU furthest ahead of the last one), NaN skipped; SIZE_MAX when none.
 */
size_t res_lead_leader(const double *v, size_t G);
/* res_lead_pct() - a lead per step as a percentage of step time @step_ns; NaN when unknown. */
double res_lead_pct(double lead_ns, double step_ns);

/*
 * res_step_stats() - the profiler steps of @run (NULL: every source) of node
 * @node_id: how many (*n), their mean (*mean_ns, per step the slowest GPU's
 * step time, NaN without steps) and coefficient of variation (*cv_pct, NaN
 * under two steps). @cv_pct may be NULL.
 */
int res_step_stats(struct store *st, int64_t node_id, const char *run, size_t *n,
		   double *mean_ns, double *cv_pct, struct err *err);

/* ---- the persistent straggler (METHOD §3), from per-sample stragglers ---- */
struct res_straggler {
	size_t samples;		/* samples with kernels matched across the GPUs */
	size_t with;		/* of those, samples that have a straggler */
	int most;		/* device that is the straggler most often, -1: none */
	size_t most_count;	/* samples it was */
	double share_pct;	/* most_count / samples, percent; NaN without samples */
	int device;		/* the persistent straggler's device, -1: none */
	int rank;		/* its rank, -1 when unknown or none */
};

/*
 * res_straggler_eval() - the persistent straggler of GPUs @gpus (@G) given
 * @count[g], the samples in which GPU g was the straggler, out of @samples;
 * a GPU is persistent when its share is >= @persist percent. A node of one
 * GPU has no straggler.
 */
void res_straggler_eval(const struct gpu_row *gpus, size_t G, const size_t *count,
			size_t samples, double persist, struct res_straggler *out);

/* ---- telemetry under one windowing policy ---- */
/* RES_TVIOL, RES_PVIOL: thermal_viol_pct, power_viol_pct (clock event reasons, violations) */
enum res_metric { RES_HOT, RES_MEM, RES_CLK, RES_POW, RES_THR, RES_TVIOL, RES_PVIOL,
		  RES_NMETRICS };

/* res_metric_name() - the stored metric name of @m (temp_hotspot_c, ...). */
const char *res_metric_name(enum res_metric m);

/*
 * The policy (litsi-thermal(1)): when the node's kernels give a traced window
 * and every GPU that has telemetry has a reading inside it, each metric is cut
 * to the window; otherwise the whole log is used for every GPU alike, and
 * temperature and clock readings taken at gfx activity <= 1% are left out
 * (when the GPU has activity readings and some busy ones).
 */
/* Standard errors by which a traced window may differ from its whole run at one steady state. */
#define RES_STEADY_SE 3.0
/*
 * res_steady() - the whole run's median @med_all (of @n_all readings under
 * load, standard deviation @sd_all) where the traced window's median @med_w
 * (of @n_w) is within RES_STEADY_SE of its standard errors of it (from the
 * run's spread: a few readings cannot measure their own) and half a unit,
 * the readings' resolution: the job at one steady state; else @med_w (a job
 * whose traced window ran elsewhere than the rest of it keeps the window's).
 */
double res_steady(double med_w, size_t n_w, double med_all, double sd_all, size_t n_all);

struct res_telemetry {
	size_t G;		/* GPUs: the length of the [G] arrays */
	struct tsample **v[RES_NMETRICS];	/* v[m][g]: readings used (first .. first+n) */
	size_t *n[RES_NMETRICS];	/* [G] readings used */
	size_t *first[RES_NMETRICS];	/* [G] index of the first used */
	struct thermal_stats *stat[RES_NMETRICS];	/* [G] over the readings used */
	double *med[RES_NMETRICS];	/* [G] medians, NaN without readings */
	double *thr;		/* [G] time-weighted mean throttle percent, NaN if none */
	/*
	 * Readings under load (METHOD §9): taken while the GPU's gfx activity
	 * (the latest reading at or before it) was above o->load_activity, or,
	 * for a GPU without activity readings, its power above o->load_power; a
	 * GPU with neither has none. The spreads and the verdict use only these.
	 */
	size_t *nload[RES_NMETRICS];	/* [G] readings used that were under load */
	double *load_med[RES_NMETRICS];	/* [G] their median; NaN with fewer than
					 * o->min_readings */
	double *load_thr;	/* [G] mean throttle percent under load, same rule */
	/*
	 * [G] power under load: the mean plus twice its standard error, NaN
	 * with fewer than min_readings (res_gpu_models()). Of the traced window's
	 * readings; in a run (the node scoped to one, ingest --run) of every
	 * reading of the run under load when the log covers more than the window
	 * (litsi record logs the whole job) and the window's mean is at most
	 * RES_STEADY_SE of its standard errors over the run's (the job at one
	 * steady state; the standard error from the run's spread).
	 */
	double *pow_ub;
	bool *pow_run;		/* [G] pow_ub is of the whole run's readings */
	size_t *nall[RES_NMETRICS];	/* [G] readings loaded, before the window's cut */
	double *load_avg[RES_NMETRICS];	/* [G] mean of the readings under load, same rule */
	size_t min_readings;	/* the minimum applied */
	double load_activity, load_power;	/* the thresholds applied */
	double *fmax;		/* [G] the part's top clock: max clock seen or reported */
	bool *fmax_rep;		/* [G] the telemetry reported the part's top clock */
	bool has_window;	/* the node's kernels give an epoch window */
	bool aligned;		/* readings cut to [ws, we] */
	bool any;		/* some GPU has telemetry */
	int64_t ws, we;		/* the window, epoch ns (has_window) */
};

int res_telemetry_load(struct res_node *nd, const struct res_opts *o, struct res_telemetry *t,
		       struct err *err);
void res_telemetry_release(struct res_telemetry *t);

/*
 * ---- what each GPU did in its samples (the trace side of the straggler's cause) ----
 * Per GPU, means per sample over the node's samples: compute kernel time and
 * count, idle time (gaps between the GPU's kernels, any stream, inside the
 * span from its first kernel's start to its last kernel's end: launch gaps),
 * and how late its collectives end (each comm kernel matched by occurrence
 * across the GPUs, its end minus the earliest end of that collective; only
 * in samples where every GPU has the same number of comm kernels).
 */
struct res_profile {
	size_t G, samples, comm_samples, const_samples;	/* GPUs; samples in the means */
	double *compute_ns, *ncompute, *idle_ns, *comm_late_ns, *span_ns;	/* [G] */
	double *const_ns;	/* [G] time in the matched constant-overlap kernels (METHOD
				 * §4) per sample: compute free of contention changes */
};

/* res_profile_init() - empty accumulators for @G GPUs. */
void res_profile_init(struct res_profile *p, size_t G);
/* res_profile_add() - account the sample loaded in @nd (res_load_sample()). */
void res_profile_add(struct res_profile *p, const struct res_node *nd);
/* res_profile_add_const() - account one sample's matched keys @m, @is_const. */
void res_profile_add_const(struct res_profile *p, const struct match *m, const bool *is_const);
/* res_profile_finish() - sums into means per sample (NaN without samples). */
void res_profile_finish(struct res_profile *p);
void res_profile_release(struct res_profile *p);

/* ---- the node's leads, model inputs and power references ---- */
struct res_model {
	struct res_node nd;	/* the node, owned */
	bool scoped;			/* loaded with res_opts.run: the store is scoped */
	char *prev_scope;		/* the scope in force before, given back on release */
	char *run;			/* the run whose traces were read; NULL: every source */
	bool run_latest;		/* it was chosen as the latest (res_opts.latest) */
	char *base_run;			/* the run whose cap in force is the initial cap; NULL */
	bool base_cap;			/* that run recorded a cap in force (lim.cap0 is it
					 * unless --cap) */
	struct res_telemetry tel;	/* its telemetry, owned */
	size_t nsamples;		/* samples with matched keys */
	size_t dropped;			/* keys dropped (missing on some GPU) */
	struct match *m;		/* [nsamples] */
	struct caps_sample *cs;		/* [nsamples] */
	int64_t **ss, **se;		/* [nsamples] sync points (want_sync) */
	double *L;			/* [nsamples * G] aggregated leads */
	double *mean_lead;		/* [G] mean of L over samples, NaN without samples */
	double *Lstep;			/* [nsamples * G] lead per step (res_lead_sample.step) */
	double *step_lead;		/* [G] mean of Lstep over samples: the lead per step,
					 * ns; NaN without samples */
	size_t *strag;			/* [G] samples in which the GPU was the straggler */
	struct res_straggler straggler;	/* the persistent straggler (--persist) */
	struct res_profile prof;		/* per-GPU work, idle and collective ends */
	double *overlap_pct;		/* [G] mean over samples of the duration-weighted
					 * overlap ratio of `overlap --summary` (0 without
					 * communication), NaN without samples */
	double *overlap_step;		/* [nd.nsteps * G] that overlap of each sample
					 * (nd.steps order) and GPU, the terms of overlap_pct */
	struct model_acc acc;	/* the model's sums over samples */
	struct model_perf perf;	/* the performance model (§5) */
	double p_base, p_idle;		/* NaN when unknown */
	const char *p_base_from, *p_idle_from;	/* "option", "telemetry" or NULL */
	/* power limits of the part (litsi-caps(1)): per GPU as telemetry recorded them */
	struct gpu_limits *glim;	/* [G] */
	struct part_limits lim;		/* --tdp/--cap, else telemetry, else the product table */
	bool has_lim;			/* false: the part cannot be placed (see res_limits_why()) */
	/* the run-over-run loop (ingest --run): one operating point per run and GPU */
	size_t nruns;			/* runs of the node */
	double *run_p, *run_f;		/* [G * nruns] median power W / clock MHz, NaN */
	double *run_cap;		/* [nruns * G] the cap each GPU ran under per run, NaN */
	bool *run_cap_rec;		/* [nruns * G] that cap as its telemetry recorded it
					 * (not the initial cap assumed for the baseline) */
	double *run_pse, *run_fse;	/* [G * nruns] their standard errors, W / MHz, NaN */
	size_t *run_nread;		/* [G * nruns] the fewest readings behind either */
	double *run_tviol;		/* [G * nruns] median thermal_viol_pct under load, NaN */
	double *run_fhi;		/* [G * nruns] the highest clock read under load, MHz, NaN */
	double *slope;			/* [G] W/MHz fitted to the runs' points; 0: not fitted */
	double *alpha;			/* [G] exponent fitted with P_idle (caps_fit_alpha()); 0 */
	double *alpha_err;		/* [G] its 99% error bound (caps_gpu_model.alpha_err); 0 */
	double *cur_p, *cur_f, *cur_cap;	/* [G] the latest run's point and cap (fitted GPUs) */
	size_t *cur_run;		/* [G] the run of that point (index); SIZE_MAX none */
	double *fit_lo;			/* [G] lowest power of the GPU's run points */
	double fit_width;		/* widest power range of a GPU whose curve was fitted, W */
	size_t fitted;			/* GPUs whose slope or exponent is fitted */
	size_t pooled;			/* GPUs that took the fitted GPUs' median exponent */
};

/*
 * res_model_load() - read node @node and compute everything above; @want_sync
 * also matches the comm kernels (needed by the caps model). With o->run, only
 * the sources of that run: its GPUs, samples, kernels, annotations,
 * telemetry, power readings and limits (store_scope_run(), held until
 * res_model_release(), which gives the scope in force before back: release
 * nested loads last loaded first), and
 * LITSI_EUSAGE when the node has no such run. Without o->run the load reads
 * through the scope in force (none: every source).
 */
int res_model_load(struct store *st, const struct node_row *node, const struct res_opts *o,
		   bool want_sync, struct res_model *n, struct err *err);
void res_model_release(struct res_model *n);

/* The spread over samples of one GPU's duration-weighted overlap (percent). */
struct res_overlap_spread {
	size_t samples;		/* samples of the GPU; 0: all NaN */
	double min, max;	/* the range over samples, percent */
	double mean;		/* res_model.overlap_pct: the value report prints */
};
/*
 * res_overlap_spread() - the spread of GPU index @g's overlap_step over the
 * samples of @n; all NaN (samples 0) without samples.
 */
void res_overlap_spread(const struct res_model *n, size_t g, struct res_overlap_spread *out);
/* res_power_ok() - P_baseline and P_idle known, P_baseline above P_idle. */
bool res_power_ok(const struct res_model *n);
/* res_power_missing() - what the power model lacks ("P_idle", ...), or NULL. */
const char *res_power_missing(const struct res_model *n);
/* The power model's predictions (METHOD §6, eqs 7-16) of a node, per alignment. */
struct res_power {
	bool ok;		/* res_power_ok(): the predictions below exist */
	struct model_power pw[MODEL_NAGG];	/* by enum model_agg (caps_scenarios[].align);
						 * zeroed unless ok; owned, res_power_release() */
};
/*
 * res_power_eval() - the power model of @n (its P_baseline and P_idle) for
 * every alignment, once for every output that shows a prediction.
 */
void res_power_eval(const struct res_model *n, struct res_power *out);
void res_power_release(struct res_power *p);
/*
 * res_gpu_models() - per-GPU power/clock for caps_loop(): the operating point
 * of the traced window, or of the run read where the runs fit a slope, and
 * the cap each GPU ran under; a median power within RES_AT_CAP of that cap is
 * the cap (readings are noisy, the power controller holds the mean at the
 * cap). A GPU that drew less than its cap (held by its clock) drew, as far as
 * its readings can say, up to tel.pow_ub: that is its power, so that a cap
 * under what it drew is never thought to cost less clock than it does. A
 * run in which a GPU drew less than its cap at a clock more than
 * RES_HELD_BELOW_TOP under its top (held by its temperature) showed the most
 * clock watts buy it, and so did a run most of whose readings under load
 * name a thermal limit: no cap is predicted to take it past that clock (the
 * fastest such run's). Otherwise the highest clock a run read under load,
 * where it is within RES_TOP_MHZ of the part's top, is f_max: the top on the
 * logs' own scale. False if any is missing.
 */
#define RES_AT_CAP 0.02
#define RES_HELD_BELOW_TOP 0.01
bool res_gpu_models(const struct res_model *n, struct caps_gpu_model *gm);
/*
 * res_at_cap() - whether a GPU whose median power was @pw (standard error
 * @se over @nread readings; NaN / 0 unknown) ran at its cap @cap: within
 * RES_AT_CAP under it, or over it by no more than its noise allows (t99 of
 * its readings times @se, at least RES_OVER_CAP of the cap; RES_AT_CAP
 * without @se). Further over it the power controller is not holding it (the
 * GPU is at its lowest clock, or another limit rules): its power is what it
 * drew.
 */
#define RES_OVER_CAP 0.01
bool res_at_cap(double pw, double cap, double se, size_t nread);
/*
 * res_at_top() - whether GPU index @g's median clock @f is the part's top
 * clock its telemetry reported (within RES_TOP_MHZ, one unit of the logs'
 * clock readings). A GPU there drawing less than its cap is held by its
 * clock, however close to the cap it drew: no cap was holding it, so its
 * point is what it drew, not the cap (res_at_cap()'s tolerance under the
 * cap is for a power controller holding the mean a little under it).
 */
#define RES_TOP_MHZ 1.0
bool res_at_top(const struct res_model *n, size_t g, double f);

/* ---- thermal summary of a node (METHOD §8) ---- */
struct res_thermal {
	double temp_spread;	/* max/min of median hotspot temperature under load; NaN */
	double freq_spread;	/* max/min of median gfx clock under load */
	double spearman;	/* rank correlation of temperature with mean lead; NaN */
	int *hottest;		/* [nhot] devices, hottest first */
	size_t nhot;		/* entries in hottest */
	int *slowest;		/* [nslow] devices, slowest clock first */
	size_t nslow;		/* entries in slowest */
	size_t lead_samples;	/* samples behind the mean leads */
	double *energy_j;	/* [G] trapezoidal energy of the power readings used */
	double *energy_s;	/* [G] seconds they span */
};

/* res_thermal_eval() - spreads, orders, Spearman and energy from @tel and @mean_lead. */
void res_thermal_eval(const struct res_node *nd, const struct res_telemetry *tel,
		      const double *mean_lead, size_t lead_samples, struct res_thermal *th);
void res_thermal_release(struct res_thermal *th);

/* ---- collectives matched across GPUs (lead --collectives) ---- */
struct res_coll_inst {
	int64_t step;		/* the sample */
	size_t occ;		/* occurrence of its group in the sample */
	int64_t start_skew;	/* latest minus earliest start, ns */
	int64_t end_skew;	/* latest minus earliest end, ns */
	int last_device;	/* the GPU that arrived last */
	uint32_t group;		/* index into groups[] / types[] */
};

struct res_collectives {
	size_t G;		/* GPUs: the length of the [G] arrays */
	struct res_coll_inst *inst;	/* every instance, by sample */
	size_t nr_inst, inst_alloc;	/* instances in inst, room */
	char **groups;		/* "pg NAME" or "kernel NAME" */
	char **types;		/* [nr_groups] collective of the group's first kernel, or NULL */
	size_t nr_groups, groups_alloc;	/* entries in groups/types, room */
	int64_t *wait;		/* [G] time waited for the last GPU, ns */
	int64_t *comm_ns;	/* [G] time in comm kernels, ns */
	size_t *arrived_last;	/* [G] instances in which the GPU arrived last */
	size_t *ninst;		/* [G] instances */
};

/* res_collectives_eval() - match the comm kernels of every sample of @nd. */
int res_collectives_eval(const struct res_node *nd, struct res_collectives *c, struct err *err);
/* res_collectives_init() - empty accumulators for @G GPUs (then res_collectives_add()). */
void res_collectives_init(struct res_collectives *c, size_t G);
/* res_collectives_add() - account the matched instances @m of sample @step. */
void res_collectives_add(struct res_collectives *c, const struct res_node *nd, int64_t step,
			 const struct coll_match *m);
void res_collectives_release(struct res_collectives *c);

/* ---- correlation of overlap with duration (METHOD §4) ---- */
enum res_by { RES_BY_KERNEL, RES_BY_OPERATION, RES_BY_LAYER };

/* Accumulators indexed by name id: per GPU series and across-GPU means. */
struct res_corr {
	struct stats_corr *per;	/* [nr_names * G]: (ratio, duration) series of GPU g */
	size_t nr_names, G;	/* name ids indexed, GPUs */
	size_t *inst;		/* [nr_names] instances matched on every GPU */
	size_t *rdef, *cdef;	/* [nr_names] of those, with a defined r / cosine */
	double *rsum, *csum;	/* [nr_names] sums of r / cosine */
	size_t annotations;	/* annotations found (--by operation|layer) */
	size_t unassigned;	/* kernels outside every annotation */
};

/* res_corr_eval() - accumulate every sample of @nd by kernel name or annotation. */
int res_corr_eval(struct res_node *nd, enum res_by by, struct res_corr *a, struct err *err);
/* res_corr_mean_pearson() - mean across-GPU r of name @id; NaN when never defined. */
double res_corr_mean_pearson(const struct res_corr *a, uint32_t id);
void res_corr_release(struct res_corr *a);

/* res_limits_load() - n->glim, n->lim and the runs' points and slopes (res_model_load()). */
int res_limits_load(struct res_model *n, const struct res_opts *o, struct err *err);
void res_limits_release(struct res_model *n);
/*
 * res_limits_why() - why the part cannot be placed, naming --tdp and --cap
 * (for a usage error), into @buf.
 */
const char *res_limits_why(const struct res_model *n, char *buf, size_t len);

/* ---- caps for one scenario ---- */
enum res_emit { RES_EMIT_VENDOR, RES_EMIT_NONE, RES_EMIT_AMDSMI, RES_EMIT_ROCMSMI,
		RES_EMIT_NVSMI };

struct res_adj {
	size_t adj, sample;	/* adjustment (1-based), index of the sample fed */
	int device, d, cap;	/* GPU, increment W, cap after it W */
	double lead;		/* the GPU's aggregated lead, ns */
};

struct res_caps {
	enum caps_scenario scenario;	/* the scenario the caps are for */
	bool replay;		/* the paper-literal replay of Algorithms 2-3 on recorded leads */
	size_t G;		/* GPUs, by device */
	int *device;		/* [G] */
	char **cmd;		/* [G] command that applies the cap, NULL for none */
	int *init, *caps;	/* [G] */
	double *clock, *power;	/* [G] predicted at the cap, NaN in replay */
	struct res_adj *adj;	/* replay rows */
	size_t nadj_rows;	/* rows in adj */
	int64_t P_n;		/* node budget, W */
	int64_t sum_caps;	/* Σ caps reported, W (<= P_n) */
	size_t nadj, reported;	/* adjustments made; the one reported */
	bool kept_run;		/* the caps reported are those the traced run ran at */
	const char *converged;	/* "yes", "no", "-" (replay) */
	const char *why;	/* why those caps (static string) */
	int straggler;		/* device, -1 for none */
	double s_iter, pratio, last_s, p_idle;	/* S_iter, power ratio, last S_iter, W */
	double s_model;		/* predicted S_iter before the alignment bound; NaN in replay */
	double s_low;		/* S_iter with no GPU above the clock its runs showed (<= s_iter) */
	double pr_low;		/* power ratio with it */
	size_t beyond;		/* GPUs predicted above the highest clock their runs showed */
	double s_bound;		/* the scenario's alignment bound (model §5) */
	double ceiling;		/* the model's throughput ceiling of the scenario's alignment
				 * (res_caps_ceiling()) against the initial caps, as
				 * s_iter is, with cpu-slosh's boost (the loop's
				 * s_bound); NaN */
	double throughput;	/* s_iter, never above the ceiling: the predicted throughput
				 * every output prints; NaN in replay */
	bool clamped;		/* s_iter was above the ceiling */
	struct part_limits lim;	/* the limits the caps kept to */
	size_t fitted;		/* GPUs whose power-to-clock slope came from the runs */
	size_t pooled;		/* GPUs that took the median exponent of those */
	double alpha_lo, alpha_hi;	/* the exponents of the fitted curves; NaN: none */
	double alpha_err;	/* the widest of their 99% error bounds; NaN: none, or
				 * some curve's points too few to give one */
	size_t nruns;		/* runs whose telemetry the curves saw */
	char *run;		/* the run whose traces were read (res_model.run), or NULL */
	bool run_latest;	/* chosen as the latest run */
	char *base_run;		/* the run whose cap in force is the initial cap, or NULL */
	bool base_cap;		/* that run recorded one */
	double gap_frac;	/* share of the samples' span no GPU ran a matched key in */
	double s_work;		/* throughput with that time as untraced work
				 * (caps_loop_result.s_work), >= throughput; NaN */
};

/*
 * res_caps_eval() - caps of scenario p->scenario for model @n: the replay
 * (@replay) or the model-based closed loop, which needs each GPU's power and
 * clock and the idle power (LITSI_EDATA saying so otherwise). The TDP, the
 * initial cap and the min limit are the part's (n->lim; p->tdp and p->cap0
 * are not read): LITSI_EUSAGE when it cannot be placed, or when its initial
 * cap is above its TDP for gpu-realloc / cpu-slosh. @emit chooses the
 * commands printed beside the caps.
 */
/*
 * res_caps_ceiling() - the model's throughput ceiling of @scenario's
 * alignment (S_C of the slowest GPU's pace for gpu-red, the median's for
 * gpu-realloc, the fastest's for cpu-slosh); NaN without constant keys.
 */
double res_caps_ceiling(const struct res_model *n, enum caps_scenario scenario);
/*
 * res_caps_unproven() - @c's printed prediction needs a GPU faster than any
 * clock its runs showed: s_low (what the runs promise) is more than 0.05%
 * below throughput. Every output that says "unproven" asks this.
 */
bool res_caps_unproven(const struct res_caps *c);

/*
 * res_caps_gaps() - @c's printed prediction (throughput) counts the time its
 * trace shows no GPU running a matched kernel as host time, and counting it
 * as work the trace left out (untraced iterations of a trace without step
 * markers) would predict more (s_work) by more than the printed digits: the
 * trace cannot tell which.
 */
bool res_caps_gaps(const struct res_caps *c);
int res_caps_eval(const struct res_model *n, const struct caps_params *p, enum lead_agg agg,
		  bool replay, enum res_emit emit, struct res_caps *c, struct err *err);
void res_caps_release(struct res_caps *c);
/* res_caps_command() - the command applying @cap to GPU @g; malloc'd, NULL for none. */
char *res_caps_command(enum res_emit emit, const struct gpu_row *g, int cap);

/* ---- the calibration probe (caps --calibrate; litsi-caps(1), "Calibration") ---- */
struct res_probe {
	size_t G;		/* GPUs, by device */
	int *device;		/* [G] */
	int *cap;		/* [G] the probe's cap: CAPS_PROBE_W under what the GPU drew,
				 * a GPU off the pace further (CAPS_PROBE_MAX_W) */
	int *restore;		/* [G] the cap it ran under, restored after the probe */
	double *clock;		/* [G] predicted clock at the probe cap (the line through idle) */
	char **cmd, **restore_cmd;	/* [G] commands that apply / restore, NULL for none */
	double s_iter;		/* predicted throughput at the probe against the run's caps */
	double pratio;		/* predicted node power, the same way */
	size_t fitted;		/* GPUs whose curve the runs fitted already */
};

/*
 * res_probe_eval() - the probe for the node of @n (a run-scoped load: the caps
 * it ran under are restored): every GPU CAPS_PROBE_W under the power it drew
 * (at least the min limit), one the probe leaves off its pace further while
 * that costs nothing, with its cost predicted on the line through idle,
 * which loses the most clock per watt of the curves litsi fits: the cost is at
 * most that. LITSI_EDATA without power and clock telemetry.
 */
int res_probe_eval(const struct res_model *n, enum res_emit emit, struct res_probe *out,
		   struct err *err);
void res_probe_release(struct res_probe *p);

/* ---- the verdict (METHOD §9) ---- */
struct res_verdict {
	struct check_result r;	/* the rules' outcome (check_eval()) */
	int straggler;		/* persistent straggler device, -1 */
	int straggler_rank;	/* its rank, -1 */
	bool has_caps;		/* caps holds the gpu-realloc caps */
	struct res_caps caps;	/* gpu-realloc model caps when has_caps */
	char why_no_caps[200];	/* why not, when !has_caps */
};

/*
 * res_verdict_eval() - the check rules over @n with @p; caps for gpu-realloc
 * when the model can give them.
 */
void res_verdict_eval(const struct res_model *n, const struct check_params *p,
		      enum lead_agg agg, struct res_verdict *v);
/*
 * res_verdict_rules() - the same verdict and straggler without the caps (the
 * closed-loop model is most of the cost): has_caps is false.
 */
void res_verdict_rules(const struct res_model *n, const struct check_params *p,
		       struct res_verdict *v);
void res_verdict_release(struct res_verdict *v);

/* ---- one judgement of one (node, run): check, report, fleet, compare ---- */

/* --run all: every run of a node, each judged alone. */
#define RES_RUN_ALL "all"

/*
 * res_node_runs() - the runs of @node that a judgement reads for --run @run:
 * NULL, the latest (store_latest_run()); RES_RUN_ALL, every run, first
 * ingested first; else @run itself (LITSI_EUSAGE when @node has no such
 * run). An entry NULL: the node has no named runs and is read whole;
 * STORE_RUN_UNNAMED: its traces ingested without --run. Free with
 * res_node_runs_free().
 */
int res_node_runs(struct store *st, const struct node_row *node, const char *run, char ***runs,
		  size_t *n, struct err *err);
void res_node_runs_free(char **runs, size_t n);

enum res_judge_flags {
	RES_JUDGE_CAPS = 1 << 0,	/* the gpu-realloc caps too (res_verdict_eval()) */
};

struct res_judgement {
	char *label;		/* "n17", or "n17 (run r2)" when the node has runs */
	char *run;		/* the run judged; NULL: the whole node */
	bool judged;		/* false: nothing matched to judge by (no kernels) */
	struct res_verdict v;	/* the verdict; inconclusive when !judged */
	struct res_straggler strag;	/* the load's persistent straggler */
	int64_t start_ns;	/* the traced window's start; INT64_MIN: unknown */
};

/*
 * res_judge() - the one judgement of node @node, run @run (an entry of
 * res_node_runs()), with check parameters @p: the node loaded as @o says
 * (o->run is replaced by @run), then the verdict rules (p->persist is
 * ignored: the rule uses o->persist, as the load does). A node with nothing
 * to judge by (no kernels: LITSI_EDATA from the load) is inconclusive, not an
 * error. @keep: when not NULL, the loaded model is handed over and the
 * caller always releases it with res_model_release(), whatever this returns
 * (it holds the run scope); else it is released here.
 */
int res_judge(struct store *st, const struct node_row *node, const char *run,
	      const struct res_opts *o, const struct check_params *p, unsigned flags,
	      struct res_judgement *out, struct res_model *keep, struct err *err);
void res_judgement_release(struct res_judgement *j);

/*
 * res_verdict_exit() - the exit code of judgements @v (@n): EXIT_CHECK when
 * more than @max_imbalanced are imbalanced, else EXIT_INCONCLUSIVE when one
 * is inconclusive and !@allow_inconclusive, else EXIT_OK. Every command that
 * gives a verdict exits by it.
 */
int res_verdict_exit(const struct res_judgement *v, size_t n, int max_imbalanced,
		     bool allow_inconclusive);

/* ---- one run of a node (ingest --run; litsi compare) ---- */
struct res_run {
	struct run_summary s;	/* steps, mean node step time, node power (Σ med[RES_POW]) */
	double energy_j;	/* energy per step: node power x step time; NaN */
	size_t G;		/* the run's GPUs, by device */
	int *device;		/* [G] */
	double *lead_ns;	/* [G] mean aggregated lead (res_model.mean_lead), NaN */
	double *step_lead_ns;	/* [G] lead per step (res_model.step_lead), NaN */
	double *lead_pct;	/* [G] step_lead_ns over the mean step time, percent; NaN */
	double *med[RES_NMETRICS];	/* [G] telemetry medians (res_telemetry.med) */
	double *cap;		/* [G] the cap in force as the run's telemetry recorded it; NaN */
	size_t samples;		/* samples with matched kernels */
	struct res_straggler straggler;	/* its persistent straggler */
	enum check_verdict verdict;	/* the run's verdict (res_judge()) */
	char reason[200];	/* why the verdict */
};

/*
 * res_run_eval() - run @run of node @node (@o->run is replaced by @run)
 * loaded alone (res_model_load() scoped to it) and the values report shows
 * for it: leads, the persistent straggler, telemetry medians, the verdict
 * (res_verdict_rules()), plus the mean node step time (per profiler step the
 * slowest GPU's, store_run_steps()), node power and energy per step.
 * LITSI_EUSAGE when the node has no such run.
 */
int res_run_eval(struct store *st, const struct node_row *node, const struct res_opts *o,
		 const char *run, struct res_run *out, struct err *err);
void res_run_release(struct res_run *r);

/* ---- the fleet view: one row per node and run (src/results/fleet.c) ---- */
struct fleet_row;
struct res_fleet {
	struct fleet_row *rows;	/* [n], in fleet_sort_rows() order; each row's gpus owned */
	char **names;		/* [2 * n]: the node and run name each row borrows */
	size_t n;		/* rows */
};

/*
 * res_fleet_load() - every node and run of the database: a node whose files
 * were ingested with --run has one row per run (each loaded alone); else the
 * node is one run, named by its RUN/NODE name (scripts/litsi-slurm.sh) or "".
 * Each row is the run judged with check's defaults (res_judge()): verdict,
 * straggler, temperature and clock spreads, S_C(min), lead per step. The rows
 * are loaded by @jobs threads at once, each on its own read-only connection
 * to @db_path (1: on @st alone); the result does not depend on @jobs. On
 * error the first failing row's (in order) error, prefixed by its node/run.
 */
int res_fleet_load(struct store *st, const char *db_path, unsigned jobs, struct res_fleet *d,
		   struct err *err);
void res_fleet_release(struct res_fleet *d);
/* res_fleet_default_jobs() - fleet's default -j: the online CPUs, at most 4. */
unsigned res_fleet_default_jobs(void);

#endif
