/* SPDX-License-Identifier: MIT */
/* model.c: performance model (METHOD §5, eqs 1-6) and power model (§6, eqs 7-16); pure. */
#include "litsi/model.h"
#include "litsi/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int
cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double
model_agg_of(const double *v, size_t n, enum model_agg agg)
{
	double *s, r;

	if (!n)
		return NAN;
	s = xmalloc(n * sizeof(*s));
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_dbl);
	if (agg == MODEL_MAX)
		r = s[n - 1];
	else if (agg == MODEL_MIN)
		r = s[0];
	else if (n % 2)
		r = s[n / 2];
	else
		r = (s[n / 2 - 1] + s[n / 2]) / 2;
	free(s);
	return r;
}

void
model_acc_init(struct model_acc *a, size_t G)
{
	memset(a, 0, sizeof(*a));
	a->G = G;
	a->t_rank = xcalloc(G ? G : 1, sizeof(*a->t_rank));
}

void
model_acc_release(struct model_acc *a)
{
	free(a->t_rank);
	memset(a, 0, sizeof(*a));
}

void
model_acc_add(struct model_acc *a, const struct match *m, const bool *is_const)
{
	double *d;
	size_t k, g, G = a->G;
	int agg;

	if (m->G != G || !G)
		return;
	d = xmalloc(G * sizeof(*d));
	for (k = 0; k < m->K; k++) {
		for (g = 0; g < G; g++)
			d[g] = (double)m->dur[g * m->K + k];
		qsort(d, G, sizeof(*d), cmp_dbl);
		for (agg = 0; agg < MODEL_NAGG; agg++) {
			double v = agg == MODEL_MAX   ? d[G - 1]
				   : agg == MODEL_MIN ? d[0]
				   : G % 2	      ? d[G / 2]
						      : (d[G / 2 - 1] + d[G / 2]) / 2;

			if (is_const[k])
				a->tC[agg] += v;
			else
				a->tV[agg] += v;
		}
		if (is_const[k]) {
			a->nC++;
			for (g = 0; g < G; g++)
				a->t_rank[g] += d[g];
		} else {
			a->nV++;
		}
	}
	free(d);
}

static double
div_or_nan(double a, double b)
{
	return b != 0 ? a / b : NAN;
}

void
model_perf(const struct model_acc *a, struct model_perf *out)
{
	int agg;

	memset(out, 0, sizeof(*out));
	out->nC = a->nC;
	out->nV = a->nV;
	memcpy(out->tC, a->tC, sizeof(out->tC));
	memcpy(out->tV, a->tV, sizeof(out->tV));
	out->t_baseline = a->tC[MODEL_MAX] + a->tV[MODEL_MIN];
	out->R_C = div_or_nan(a->tC[MODEL_MAX], out->t_baseline);
	out->R_V = div_or_nan(a->tV[MODEL_MIN], out->t_baseline);
	for (agg = 0; agg < MODEL_NAGG; agg++)
		out->S_C[agg] = div_or_nan(a->tC[MODEL_MAX], a->tC[agg]);
}

void
model_power(const struct model_acc *a, enum model_agg agg, double p_base, double p_idle,
	    struct model_power *out)
{
	size_t r, G = a->G;
	double sum = 0;

	out->G = G;
	out->t_r = xcalloc(G ? G : 1, sizeof(double));
	out->delta = xcalloc(G ? G : 1, sizeof(double));
	out->p_r = xcalloc(G ? G : 1, sizeof(double));
	for (r = 0; r < G; r++) {
		out->t_r[r] = a->t_rank[r];
		out->delta[r] = a->t_rank[r] > 0 ? div_or_nan(a->tC[agg], a->t_rank[r]) : NAN;
		out->p_r[r] = (p_base - p_idle) / out->delta[r] + p_idle;
		sum += out->p_r[r];
	}
	out->ratio = G && p_base > 0 ? sum / ((double)G * p_base) : NAN;
}

void
model_power_release(struct model_power *p)
{
	free(p->t_r);
	free(p->delta);
	free(p->p_r);
	memset(p, 0, sizeof(*p));
}
