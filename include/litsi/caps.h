/* SPDX-License-Identifier: MIT */
/*
 * caps.h: power caps from lead values (METHOD.md §7): Algorithm 2
 * (INCPOWERGPU), window combining, Algorithm 3 (ADJPOWERNODE), the
 * controller that runs them over a sequence of samples, and the model-based
 * closed loop (caps → clocks → scaled kernel durations → new leads). Pure.
 */
#ifndef LITSI_CAPS_H
#define LITSI_CAPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "litsi/lead.h"
#include "litsi/model.h"

enum caps_scenario { CAPS_GPU_RED, CAPS_GPU_REALLOC, CAPS_CPU_SLOSH, CAPS_NSCEN };

/*
 * The scenarios (METHOD.md §7), indexed by enum caps_scenario: the one table
 * of their names, for --scenario and every output that names a scenario.
 */
struct caps_scenario_info {
	const char *name;	/* the --scenario value: "gpu-red", "gpu-realloc", "cpu-slosh" */
	enum model_agg align;	/* the GPU whose pace the caps align to (METHOD.md §5) */
	const char *align_name;	/* that alignment in tables: "max", "med", "min" */
	const char *pace;	/* that GPU in words: "slowest", "median", "fastest" */
};
extern const struct caps_scenario_info caps_scenarios[CAPS_NSCEN];
/* CAPS_SCENARIO_LIST: the names for a message, "gpu-red, gpu-realloc or cpu-slosh". */
#define CAPS_SCENARIO_LIST "gpu-red, gpu-realloc or cpu-slosh"
/*
 * caps_scenario_parse() - the scenario named @name (exact match) into *@out.
 * Return: 0, or -1 when no scenario has that name (*@out untouched).
 */
int caps_scenario_parse(const char *name, enum caps_scenario *out);
enum caps_window_agg { CAPS_WIN_MEDIAN, CAPS_WIN_MEAN };
enum caps_scale { CAPS_SCALE_GLOBAL, CAPS_SCALE_LOCAL };

struct caps_params {
	enum caps_scenario scenario;	/* the goal, --scenario (gpu-red) */
	int tdp;			/* W, --tdp (750) */
	int cap0;			/* W, --cap (700) */
	int budget;			/* W per GPU, --budget (20) */
	double max_inc;			/* W, --max-adj (15) */
	size_t window;			/* samples per adjustment, --window (3) */
	size_t warmup;			/* samples that only update global_max, --warmup (0) */
	enum caps_window_agg window_agg;	/* combining a window, --window-agg */
	enum caps_scale scale;		/* global_max kept or per sample, --scale */
	int cap_min;			/* W, the part's min power limit; 0: none */
	double s_bound;			/* the scenario's alignment bound (§5); NaN: from the keys */
};

/* caps_params_default() - the defaults listed above, scenario gpu-red. */
void caps_params_default(struct caps_params *p);
/* caps_node_budget() - P_n: G·TDP, G·cap0 or G·(cap0 + budget). */
int64_t caps_node_budget(const struct caps_params *p, size_t G);
/* caps_initial() - initial per-GPU cap: TDP for gpu-red, cap0 otherwise. */
int caps_initial(const struct caps_params *p);

/*
 * caps_incpower() - Algorithm 2: increments @inc[g] (W) from the aggregated
 * leads @L of one sample. *@global_max is updated (callers reset it to 0
 * before each sample for the local scale). All zero when every lead is equal
 * or the largest lead is not positive.
 */
void caps_incpower(const double *L, size_t G, double max_inc, double *global_max, double *inc);
/*
 * caps_window_combine() - per GPU, the median (or mean) of @w increments
 * @inc[i*G + g], truncated toward zero to whole watts, into @d[g].
 */
void caps_window_combine(const double *inc, size_t w, size_t G, enum caps_window_agg agg,
			 int *d);
/*
 * caps_adjust() - Algorithm 3: @caps[g] += d[g], then every GPU lowered by
 * shift = ceil((Σ − P_n) / G) (negative raises), then all lowered by the
 * largest excess over @tdp. Afterwards Σ caps ≤ P_n and each cap ≤ tdp.
 */
void caps_adjust(const int *d, int *caps, size_t G, int tdp, int64_t P_n);

/* The controller: feeds samples' leads in order and adjusts every window. */
struct caps_ctl {
	struct caps_params p;		/* a copy, fixed for the run */
	size_t G;			/* GPUs: the length of every array */
	int64_t P_n;			/* node budget, W (caps_node_budget()) */
	double global_max;		/* Algorithm 2's largest lead so far, ns */
	size_t seen;			/* samples fed */
	size_t nbuf;			/* increments buffered in the current window */
	double *buf;			/* [window * G] */
	int *caps;			/* [G] current caps, W */
	int *last_d;			/* [G] the last adjustment's d */
	size_t nadj;			/* adjustments made */
};

void caps_ctl_init(struct caps_ctl *c, const struct caps_params *p, size_t G);
void caps_ctl_release(struct caps_ctl *c);
/*
 * caps_ctl_feed() - one sample's aggregated leads. Return: 1 when this sample
 * completed a window and the caps were adjusted, else 0.
 */
int caps_ctl_feed(struct caps_ctl *c, const double *L);

/* ---- model-based closed loop ---- */

/*
 * What telemetry says about one GPU during the traced window: its operating
 * point (p, f) and, where known, the slope of its power-to-clock line.
 */
struct caps_gpu_model {
	double p;			/* median socket power, W */
	double f;			/* median gfx clock, MHz */
	double f_max;			/* the part's (or the largest seen) gfx clock, or
					 * a run's highest reading within 1 MHz of it, MHz */
	double slope;			/* W/MHz fitted from operating points; 0: assumed */
	double cap;			/* the cap it ran under, W; 0 or NaN: unknown */
	double alpha;			/* P − P_idle ∝ f^alpha fitted from runs; 0: not fitted */
	double p_lo;			/* gpu-red: no cap under this (the fitted curve's
					 * trusted range), W; 0: none */
	bool held;			/* its clock was held by something other than its
					 * cap (it drew less than the cap, or its readings
					 * name a thermal limit): more watts buy no clock */
	double f_seen;			/* the highest clock its runs showed, MHz; 0: unknown */
	double alpha_err;		/* how far alpha may be off (a 99% bound from the
					 * points' standard errors); 0: unknown */
	double f_min;			/* the lowest clock it can run at: a run drew
					 * more than its cap there (no lower cap slows
					 * it), MHz; 0: unknown */
};

/*
 * caps_model_freq() - the clock at @cap. Assumed (slope and alpha 0): the
 * line through idle, f' = (cap − P_idle) / M with M = (p − P_idle) / f.
 * Fitted exponent: the curve through (f, p) and idle, P − P_idle =
 * (p − P_idle)·(f'/f)^alpha, so f' = f·((cap − P_idle)/(p − P_idle))^(1/alpha).
 * Fitted slope: the line through (f, p), f' = f + (cap − p) / slope. At most
 * f_max; at most f when the GPU was not power-limited (held, or p more than
 * 3% under its known cap: more power would not raise its clock); at least
 * f_min (a GPU at its lowest clock draws more than a cap under its draw
 * there), and never below 1% of f (a cap at or under idle power would stop
 * the GPU).
 */
double caps_model_freq(const struct caps_gpu_model *g, double p_idle, double cap);
/* caps_model_power() - power at clock @f' on the same line or curve. */
double caps_model_power(const struct caps_gpu_model *g, double p_idle, double f2);
/*
 * caps_fit_slope() - least-squares slope (W/MHz) of power on clock over @n
 * operating points (@p[i] W at @f[i] MHz, e.g. one per run at different
 * caps). Return: 0, or -1 when the clocks span under 1 MHz or the slope is
 * not positive (the points do not determine it).
 */
int caps_fit_slope(const double *p, const double *f, size_t n, double *slope);
/*
 * caps_fit_alpha() - the exponent of P − @p_idle ∝ f^alpha fitted (least
 * squares of ln(P − P_idle) on ln f) to @n operating points, within
 * [CAPS_ALPHA_MIN, CAPS_ALPHA_MAX]: linear through idle up to the steepest
 * voltage-frequency curve a part shows. Return: 0, or -1 when fewer than two
 * points lie above idle or their clocks span under 0.2%.
 */
int caps_fit_alpha(const double *p, const double *f, size_t n, double p_idle, double *alpha);
/*
 * caps_alpha_se() - the standard error of the exponent @alpha fitted by
 * caps_fit_alpha() to the same points, from each point's standard errors
 * (@sp[i] W, @sf[i] MHz; 0 where exact, e.g. a power held at its cap), to
 * first order: alpha = Σ w_i·ln(P_i − P_idle) with w_i = (ln f_i − mean)/Sxx,
 * so Var = Σ w_i²·((sp_i/(P_i − P_idle))² + alpha²·(sf_i/f_i)²). NaN when
 * the points do not determine it.
 */
double caps_alpha_se(const double *p, const double *sp, const double *f, const double *sf,
		     size_t n, double p_idle, double alpha);
/*
 * caps_red_slack() - how much slower, relative to its clock at the initial
 * cap @init, than caps_model_freq() says GPU @g may run at @cap (0.001:
 * 0.1%), as far as its exponent's error bound alpha_err reaches: the ratio
 * of the two clocks moves by ln((b − P_idle)/(a − P_idle))·alpha_err/alpha²,
 * a and b the two caps, each at most the power where the curve reaches the
 * clock the GPU cannot pass (f_max; its clock when held). 0 where @cap is not
 * under @init there, or unknown. The clock of the operating point itself
 * cancels: S_iter is a ratio of the two.
 */
double caps_red_slack(const struct caps_gpu_model *g, double p_idle, double cap, double init);
#define CAPS_ALPHA_MIN 1.0
#define CAPS_ALPHA_MAX 3.0

/*
 * One recorded sample for re-timing: its matched compute keys, and the
 * synchronisation points: comm kernels present on every GPU (matched by name
 * and occurrence like compute keys), in order, with their [start, end) on
 * each GPU.
 */
struct caps_sample {
	const struct match *m;		/* borrowed: the sample's matched keys */
	bool whole;			/* a whole trace without step markers (step -1): the
					 * time between its keys may be untraced iterations */
	size_t S;			/* sync points per GPU */
	const int64_t *sync_start;	/* [G*S] */
	const int64_t *sync_end;	/* [G*S] */
	double outside;			/* caps_step_outside() of a traced step, ns; 0 */
};

/*
 * caps_step_outside() - the time of a traced step, as its kernels on every GPU
 * span it (@kern[g] as for lead_match()), before the first and after the last
 * of its matched keys (@m) that no GPU spent in a kernel other than a
 * collective: the exposed collectives that open and close the step (an
 * FSDP step's first all-gather, its last reduce-scatter) and the host time
 * between them. No clock shortens it, and the step takes it beside the keys'
 * span: S_iter is a ratio of steps. A compute kernel there is work the keys
 * left out, so its time counts in neither. 0 without kernels outside the
 * keys.
 */
double caps_step_outside(const struct match *m, const struct kspan *const *kern, const size_t *nk);

/*
 * caps_retime() - the sample as it would run with compute durations scaled by
 * @scale[g] (f_g / f'_g). Each GPU's keys keep their order and the gaps
 * between them: a key starts later by the time its GPU's earlier keys gained
 * since the last sync point. At sync point c a GPU arrives at its comm
 * kernel's start plus its accumulated shift; the collective completes when the
 * last GPU arrives, so it ends later by common = max_g(arrival') −
 * max_g(arrival). Keys starting inside the collective keep the pre-sync shift
 * and add to it. After the collective a GPU's shift becomes the larger of
 * common and its own shift less the time it waited in the recording
 * (max_g(arrival) − its arrival): waiting absorbs a delay, the rest (e.g. of
 * keys run during the collective) carries on. Writes the re-timed start and dur of every key (same
 * keys) into @start and @dur, G*K each, indexed like the match's arrays.
 */
void caps_retime(const struct caps_sample *s, const double *scale, int64_t *start, int64_t *dur);

/*
 * caps_sync_match() - match comm kernels of one sample across GPUs by
 * (name, occurrence) and keep the keys found on every GPU, ordered by their
 * latest start. @kern[g] as for lead_match(). The arrays @start and @end are malloc'd
 * [G * *@S].
 */
void caps_sync_match(size_t G, const struct kspan *const *kern, const size_t *nk, size_t *S,
		     int64_t **start, int64_t **end);

struct caps_loop_result {
	size_t G;			/* GPUs: the length of the arrays */
	int *caps;			/* [G] reported caps: the best adjustment's */
	int *init;			/* [G] initial caps */
	int *last;			/* [G] caps after the last adjustment */
	double *f;			/* [G] predicted clock at the reported cap */
	double *power;			/* [G] predicted power at the reported cap */
	size_t nadj;			/* adjustments made */
	bool converged;			/* caps stable for `window` adjustments */
	size_t reported;		/* adjustment whose caps are reported; 0: the initial caps */
	const char *reason;		/* why those caps (static string) */
	double s_iter;			/* predicted throughput ratio vs the initial caps, <= s_bound */
	double s_model;			/* the same before the bound */
	double s_bound;			/* the scenario's alignment bound */
	bool searched;			/* the reported caps come from the direct search */
	bool kept_run;			/* they are the caps the traced run ran at */
	double power_ratio;		/* Σ predicted power, reported / initial caps */
	double last_s_iter;		/* predicted S_iter of the last adjustment's caps */
	/*
	 * s_iter with no GPU above the highest clock its runs showed (f_seen):
	 * a GPU whose temperature holds its clock gains nothing from watts, and
	 * a run at its cap cannot show that ceiling. <= s_iter.
	 */
	double s_low;
	double pr_low;			/* power_ratio with it */
	size_t beyond;			/* GPUs predicted above the clock their runs showed */
	size_t straggler;		/* GPU with the smallest summed lead at the initial caps */
	/*
	 * The share of the samples' recorded span in which no GPU ran a
	 * matched key (caps_pred_init()), and s_iter with that time counted as
	 * work the trace left out rather than host time: a trace without step
	 * markers is one sample across untraced iterations. gpu-realloc and
	 * cpu-slosh predict their gain as host time (the smaller one), so
	 * s_work >= s_iter; the caps are the same either way (the time is a
	 * constant of every candidate's span). gpu-red predicts its loss
	 * without it already: s_work == s_iter.
	 */
	double gap_frac;
	double s_work;
};

enum { CAPS_MAX_ADJ = 200 };
/*
 * gpu-red trades a little throughput for power: the caps may cost at most
 * CAPS_RED_LOSS of the throughput at the initial caps, of which
 * CAPS_RED_PRED_MARGIN is kept back for the timing model's error (on which
 * GPU sets the pace: up to 0.10% in the validation study, VALIDATION.md), so
 * the reported caps keep at least CAPS_RED_MIN_S predicted throughput with
 * every GPU as much slower as its curve's error bound allows
 * (caps_red_slack()): the data's error is the curve's, the margin the model's.
 */
#define CAPS_RED_LOSS 0.005
#define CAPS_RED_PRED_MARGIN 0.0012
#define CAPS_RED_MIN_S (1 - CAPS_RED_LOSS + CAPS_RED_PRED_MARGIN)
#define CAPS_RED_MIN_S_STR "0.9962"	/* CAPS_RED_MIN_S in words */
/*
 * Caps that slow every GPU alike (their clocks' ratios to the run's within
 * CAPS_RED_EVEN of each other, whole watts' rounding) leave the recorded
 * schedule as it was, stretched: no GPU starts or stops setting the pace, no
 * wait at a collective grows or shrinks. The model's error there is the
 * stretch alone (up to 0.04% in the validation study), so they keep
 * CAPS_RED_EVEN_MARGIN: S_iter >= CAPS_RED_EVEN_S.
 */
#define CAPS_RED_EVEN 0.002
#define CAPS_RED_EVEN_MARGIN 0.0006
#define CAPS_RED_EVEN_S (1 - CAPS_RED_LOSS + CAPS_RED_EVEN_MARGIN)
#define CAPS_RED_EVEN_S_STR "0.9956"	/* CAPS_RED_EVEN_S in words */
/* caps_red_floor() - the S_iter gpu-red's caps keep when their clock ratios spread by @spread. */
double caps_red_floor(double spread);
/*
 * gpu-realloc and cpu-slosh: caps that lower a GPU must keep S_iter >= 1 with
 * that GPU this much slower than predicted.
 */
#define CAPS_CUT_SLACK 0.003
/*
 * ... and where they gain less than CAPS_CUT_GAIN (a GPU cut to the pace
 * itself cost 0.02% in the simulator), this much slower.
 */
#define CAPS_CUT_GAIN 0.0005
#define CAPS_CUT_SLACK_NOGAIN 0.015
#define CAPS_CUT_SLACK_NOGAIN_PCT_STR "1.5"	/* CAPS_CUT_SLACK_NOGAIN in percent, in words */
/* A predicted clock this far above the highest a GPU's runs showed is beyond them. */
#define CAPS_SEEN_TOL 0.002
/* Predicted S_iter within this of each other are equal (ties: less power). */
#define CAPS_S_TIE 1e-9

/*
 * The slowest-GPU prediction of a node's time under new caps: a synchronous
 * node runs each sample at the pace of its slowest GPU, so the predicted span
 * of a sample is its recorded span plus max_g(busy[g] · scale[g] + fixed[g])
 * − max_g(busy[g] + fixed[g]), busy being the summed work time of a GPU's
 * matched keys in the sample, fixed their time lost beside collectives once
 * aligned, and scale f_g / f'_g. (Cutting samples at their collectives
 * instead predicted gains that did not happen: leaders run ahead across
 * collectives, so their keys fall into other intervals than the straggler's.)
 */
struct caps_pred {
	size_t G, n;			/* GPUs, samples in @smp */
	double span;			/* Σ recorded span of the samples' keys, and of a
					 * traced step's time outside them, ns */
	double idle;			/* Σ time within the spans of whole-trace samples
					 * (caps_sample.whole) no GPU ran a matched key, ns */
	size_t nint;			/* samples with keys (one interval each) */
	double *busy;			/* [nint * G] work part: scales with 1/clock */
	double *fixed;			/* [nint * G] time lost beside collectives: fixed */
	double *busy_max;		/* [nint] max_g busy + fixed */
	double *total;			/* [G] Σ busy of each GPU */
	double *total_fixed;		/* [G] Σ fixed of each GPU */
	double contention;		/* ns lost per ns beside a comm kernel (fitted) */
};

/*
 * caps_pred_init() - a GPU's busy time in a sample is the time its matched
 * keys took, less the time they lost beside the GPU's comm kernels: a kernel
 * there loses c ns per ns (contention, fitted by caps_fit_contention() with
 * the recorded clocks @f[g], MHz; NULL or any not positive: c = 0). That is
 * the GPU's own work at its own clock, which a new clock scales; the traces
 * show which GPU is slow far more precisely than a few clock readings do.
 * After the caps every GPU's key loses what the least overlapped GPU's lost
 * (the GPUs aligned, the waits gone): fixed time, which no clock shortens.
 * In a sample that is a whole trace without step markers, the time in its
 * span that no GPU spent in a matched key (@idle) is host time, which no
 * clock shortens, or work the trace left out (untraced iterations), which
 * scales like the rest: a loss is predicted without it (gpu-red, the probe's
 * cost), so that it holds either way. Within a traced step that time is the
 * host's: it stays in the span, and so does the step's time outside its keys
 * (caps_sample.outside): no clock shortens either.
 */
void caps_pred_init(struct caps_pred *pr, const struct caps_sample *smp, size_t n,
		    const double *f);
void caps_pred_release(struct caps_pred *pr);
/*
 * caps_fit_contention() - c in d[g,k] = W[k] / f[g] + c · o[g,k] (o the time
 * key k spent beside the GPU's comm kernels, from the overlap ratio), fitted
 * in the form 1 / (d · f) = (1 − c · s) / W, s = o / d the share beside comm:
 * least squares within each key over the GPUs (1 / (d · f) in units of the
 * key's mean), each key's c = −slope / intercept weighted by its precision
 * (Σ(s − s̄)² · intercept²), every sample pooled; 0 when no key's share
 * varies, clamped to [0, CAPS_CONTENTION_MAX]. The share, unlike o, does not
 * grow with a kernel that merely ran longer.
 */
double caps_fit_contention(const struct caps_sample *smp, size_t n, const double *f);
#define CAPS_CONTENTION_MAX 0.9
/* caps_pred_time() - predicted Σ span (ns) with compute scaled by @scale[g]. */
double caps_pred_time(const struct caps_pred *pr, const double *scale);
/*
 * caps_align_bound() - t_max / t_agg over every matched key of the samples:
 * the throughput ratio if every GPU ran each key as the slowest / median /
 * fastest GPU did (§5, for gpu-red 1).
 */
double caps_align_bound(const struct caps_sample *smp, size_t n, enum caps_scenario sc);

/*
 * caps_loop() - recommend caps under the slowest-GPU prediction (struct
 * caps_pred). Candidates: the initial caps; every adjustment of Algorithms 2-3
 * iterated over the @n samples in turn (cycling), each re-timed for the
 * current caps (caps_retime), until the caps change by less than 1 W for
 * `window` consecutive adjustments or CAPS_MAX_ADJ adjustments; and a direct
 * search: for gpu-realloc / cpu-slosh the caps that give every GPU the same
 * predicted busy time within P_n (bisection on that time, whole watts, the
 * watts left over to the slowest GPUs), for gpu-red the lowest caps that keep
 * every GPU's busy time within k times the slowest GPU's at the initial caps
 * for the largest k whose S_iter >=
 * CAPS_RED_MIN_S (k above 1 spends the loss allowance). Every candidate keeps each cap in [cap_min, tdp]
 * (gpu-red: and at least the GPU's p_lo) and Σ caps <= P_n. The best is reported: gpu-realloc and cpu-slosh: the
 * highest S_iter, ties (within CAPS_S_TIE) to less power; gpu-red: the least
 * power among S_iter >= CAPS_RED_MIN_S. The reported S_iter is capped at the
 * scenario's alignment bound (p->s_bound, or caps_align_bound(); cpu-slosh:
 * times the speed-up of the fastest GPU's pace at the mean cap; gpu-realloc
 * and cpu-slosh on a run at other caps than the initial ones: times the
 * predicted ratio t_init / recorded span). @gm[g] from
 * telemetry; @agg aggregates leads. Release @out with caps_loop_release().
 */
void caps_loop(const struct caps_sample *smp, size_t n, const struct caps_gpu_model *gm,
	       double p_idle, const struct caps_params *p, enum lead_agg agg,
	       struct caps_loop_result *out);
void caps_loop_release(struct caps_loop_result *r);
/*
 * caps_predict() - the slowest-GPU prediction (struct caps_pred) of caps @to
 * against caps @from: *@s_iter the throughput ratio, *@power_ratio the summed
 * predicted power's, @f[g] the predicted clock at @to (G of them). For a
 * loss (the probe's cost): without the time no GPU ran a key (caps_pred_init()).
 */
void caps_predict(const struct caps_sample *smp, size_t n, const struct caps_gpu_model *gm,
		  double p_idle, const int *from, const int *to, double *s_iter,
		  double *power_ratio, double *f);
/*
 * caps_predict() in two steps, for many cap sets on the same samples:
 * caps_predict_init() prepares @pr once (release it with caps_pred_release()),
 * caps_predict_with() predicts @to against @from as caps_predict() does.
 */
void caps_predict_init(struct caps_pred *pr, const struct caps_sample *smp, size_t n,
		       const struct caps_gpu_model *gm);
void caps_predict_with(const struct caps_pred *pr, const struct caps_gpu_model *gm,
		       double p_idle, const int *from, const int *to, double *s_iter,
		       double *power_ratio, double *f);
/*
 * The calibration probe (litsi caps --calibrate): every GPU capped this far
 * under the power it drew, so that each shows a second point of its
 * power-to-clock curve.
 */
#define CAPS_PROBE_W 40
/*
 * A GPU the probe leaves faster than its pace goes further, a step at a
 * time, to at most CAPS_PROBE_MAX_W under what it drew (res_probe_eval()).
 */
#define CAPS_PROBE_STEP_W 10
#define CAPS_PROBE_MAX_W 160


/*
 * caps_shell_quote() - @s quoted for a POSIX shell: wrapped in single quotes,
 * each ' written as '\''. Return: malloc'd string.
 */
char *caps_shell_quote(const char *s);

#endif
