/* SPDX-License-Identifier: MIT */
/*
 * model.h: the performance model (METHOD.md §5, eqs 1-6) and the power model
 * (§6, eqs 7-16) over the matched kernels of a node's samples. Pure: arrays
 * in, numbers out; no I/O.
 */
#ifndef LITSI_MODEL_H
#define LITSI_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "litsi/lead.h"

/* Alignment targets; also the index of the per-aggregate arrays below. */
enum model_agg {
	MODEL_MAX = 0,		/* align to the slowest GPU: gpu-red */
	MODEL_MED = 1,		/* align to the median GPU: gpu-realloc */
	MODEL_MIN = 2,		/* align to the fastest GPU: cpu-slosh */
	MODEL_NAGG = 3,
};

/*
 * Sums over every matched key of every sample added so far: the C and V sets
 * of a node are the union of its samples' sets (a key of sample s is a
 * distinct element). All times in ns, as doubles because the median of an
 * even count is a half nanosecond.
 */
struct model_acc {
	size_t G;			/* GPUs: the entries of t_rank */
	size_t nC, nV;			/* keys in C and in V */
	double tC[MODEL_NAGG];		/* t_agg(C) */
	double tV[MODEL_NAGG];		/* t_agg(V) */
	double *t_rank;			/* [G] t_r = sum over C of the r-th smallest duration */
};

struct model_perf {
	size_t nC, nV;			/* keys in C and in V */
	double tC[MODEL_NAGG], tV[MODEL_NAGG];	/* t_agg(C), t_agg(V) */
	double t_baseline;		/* t_max(C) + t_min(V) */
	double R_C, R_V;		/* t_max(C) / t_baseline, t_min(V) / t_baseline */
	double S_C[MODEL_NAGG];		/* t_max(C) / t_agg(C) = predicted S_iter */
};

/* Per duration rank r (0 = fastest) for one alignment target. */
struct model_power {
	size_t G;			/* GPUs: the duration ranks */
	double *t_r;			/* [G] ns */
	double *delta;			/* [G] t_agg(C) / t_r */
	double *p_r;			/* [G] predicted power of rank r, W */
	double ratio;			/* sum_r P_r' / (G * P_baseline) */
};

void model_acc_init(struct model_acc *a, size_t G);
void model_acc_release(struct model_acc *a);
/*
 * model_acc_add() - add the keys of one sample: @is_const[k] from
 * lead_classify(). @m->G must equal @a->G.
 */
void model_acc_add(struct model_acc *a, const struct match *m, const bool *is_const);
/* model_perf() - eqs 1-6 from the sums. Ratios are NaN when a divisor is 0. */
void model_perf(const struct model_acc *a, struct model_perf *out);
/*
 * model_power() - eqs 7-16 for target @agg with the node's baseline and idle
 * power (W). @out arrays are allocated; release with model_power_release().
 * Entries are NaN when t_r or t_agg(C) is 0.
 */
void model_power(const struct model_acc *a, enum model_agg agg, double p_base, double p_idle,
		 struct model_power *out);
void model_power_release(struct model_power *p);

/* model_agg_of() - agg_g over @n values: max, median (mean of the two middle), min. */
double model_agg_of(const double *v, size_t n, enum model_agg agg);

#endif
