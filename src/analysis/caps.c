/* SPDX-License-Identifier: MIT */
/*
 * caps.c: power caps from lead values (METHOD §7): Algorithms 2 and 3, window
 * combining, the controller, and the model-based closed loop; pure.
 */
#include "litsi/caps.h"
#include "litsi/interval.h"
#include "litsi/model.h"
#include "litsi/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void
caps_params_default(struct caps_params *p)
{
	memset(p, 0, sizeof(*p));
	p->scenario = CAPS_GPU_RED;
	p->tdp = 750;
	p->cap0 = 700;
	p->budget = 20;
	p->max_inc = 15;
	p->window = 3;
	p->warmup = 0;
	p->window_agg = CAPS_WIN_MEDIAN;
	p->scale = CAPS_SCALE_GLOBAL;
	p->cap_min = 0;
	p->s_bound = NAN;
}

double
caps_red_floor(double spread)
{
	return 1 - CAPS_RED_LOSS +
	       (spread <= CAPS_RED_EVEN ? CAPS_RED_EVEN_MARGIN : CAPS_RED_PRED_MARGIN);
}

int
caps_initial(const struct caps_params *p)
{
	return p->scenario == CAPS_GPU_RED ? p->tdp : p->cap0;
}

int64_t
caps_node_budget(const struct caps_params *p, size_t G)
{
	int64_t per = p->scenario == CAPS_GPU_RED	 ? p->tdp
		      : p->scenario == CAPS_GPU_REALLOC ? p->cap0
							 : (int64_t)p->cap0 + p->budget;

	return (int64_t)G * per;
}

void
caps_incpower(const double *L, size_t G, double max_inc, double *global_max, double *inc)
{
	double max_lead, min_lead;
	size_t g;

	if (!G)
		return;
	max_lead = min_lead = L[0];
	for (g = 1; g < G; g++) {
		if (L[g] > max_lead)
			max_lead = L[g];
		if (L[g] < min_lead)
			min_lead = L[g];
	}
	if (max_lead > *global_max)
		*global_max = max_lead;
	for (g = 0; g < G; g++) {
		double norm;

		if (max_lead == min_lead || *global_max <= 0) {
			inc[g] = 0;
			continue;
		}
		norm = 1 - (L[g] - min_lead) / (max_lead - min_lead);
		inc[g] = norm * (max_lead / *global_max) * max_inc;
	}
}

static int
cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void
caps_window_combine(const double *inc, size_t w, size_t G, enum caps_window_agg agg, int *d)
{
	double *v = xmalloc((w ? w : 1) * sizeof(*v));
	size_t g, i;

	for (g = 0; g < G; g++) {
		double x = 0;

		for (i = 0; i < w; i++)
			v[i] = inc[i * G + g];
		if (!w) {
			x = 0;
		} else if (agg == CAPS_WIN_MEAN) {
			for (i = 0; i < w; i++)
				x += v[i];
			x /= (double)w;
		} else {
			qsort(v, w, sizeof(*v), cmp_dbl);
			x = w % 2 ? v[w / 2] : (v[w / 2 - 1] + v[w / 2]) / 2;
		}
		d[g] = (int)trunc(x);
	}
	free(v);
}

void
caps_adjust(const int *d, int *caps, size_t G, int tdp, int64_t P_n)
{
	int64_t node = 0, num, shift, over = 0;
	int64_t ng = (int64_t)G;
	size_t g;

	if (!G)
		return;
	for (g = 0; g < G; g++) {
		caps[g] += d[g];
		node += caps[g];
	}
	num = node - P_n;
	shift = num >= 0 ? (num + ng - 1) / ng : -((-num) / ng);
	for (g = 0; g < G; g++) {
		caps[g] -= (int)shift;
		if (caps[g] - tdp > over)
			over = caps[g] - tdp;
	}
	for (g = 0; g < G; g++)
		caps[g] -= (int)over;
}

void
caps_ctl_init(struct caps_ctl *c, const struct caps_params *p, size_t G)
{
	size_t g;

	memset(c, 0, sizeof(*c));
	c->p = *p;
	if (!c->p.window)
		c->p.window = 1;
	c->G = G;
	c->P_n = caps_node_budget(p, G);
	c->buf = xcalloc(c->p.window * (G ? G : 1), sizeof(*c->buf));
	c->caps = xcalloc(G ? G : 1, sizeof(*c->caps));
	c->last_d = xcalloc(G ? G : 1, sizeof(*c->last_d));
	for (g = 0; g < G; g++)
		c->caps[g] = caps_initial(p);
}

void
caps_ctl_release(struct caps_ctl *c)
{
	free(c->buf);
	free(c->caps);
	free(c->last_d);
	memset(c, 0, sizeof(*c));
}

int
caps_ctl_feed(struct caps_ctl *c, const double *L)
{
	size_t g;

	if (c->p.scale == CAPS_SCALE_LOCAL)
		c->global_max = 0;
	if (c->seen < c->p.warmup) {
		for (g = 0; g < c->G; g++)
			if (L[g] > c->global_max)
				c->global_max = L[g];
		c->seen++;
		return 0;
	}
	caps_incpower(L, c->G, c->p.max_inc, &c->global_max, c->buf + c->nbuf * c->G);
	c->seen++;
	if (++c->nbuf < c->p.window)
		return 0;
	caps_window_combine(c->buf, c->nbuf, c->G, c->p.window_agg, c->last_d);
	caps_adjust(c->last_d, c->caps, c->G, c->p.tdp, c->P_n);
	for (g = 0; g < c->G; g++)	/* the part's min limit: no cap under it */
		if (c->caps[g] < c->p.cap_min)
			c->caps[g] = c->p.cap_min;
	c->nbuf = 0;
	c->nadj++;
	return 1;
}

/* ---- model-based closed loop ---- */

/* Was the GPU held by its cap? Unknown cap: assume so. */
static bool
power_limited(const struct caps_gpu_model *g)
{
	if (g->held)
		return false;
	return !(g->cap > 0) || g->p >= 0.97 * g->cap;
}

double
caps_model_freq(const struct caps_gpu_model *g, double p_idle, double cap)
{
	double f2, fmax = g->f_max > g->f ? g->f_max : g->f;

	if (!power_limited(g))
		fmax = g->f;
	if (g->alpha > 0 && g->f > 0 && g->p > p_idle) {
		f2 = cap > p_idle ? g->f * pow((cap - p_idle) / (g->p - p_idle), 1 / g->alpha) : 0;
	} else if (g->slope > 0 && g->f > 0) {
		f2 = g->f + (cap - g->p) / g->slope;
	} else {
		if (!(g->f > 0) || !(g->p > p_idle))
			return g->f;
		f2 = (cap - p_idle) / ((g->p - p_idle) / g->f);
	}
	if (f2 > fmax)
		f2 = fmax;
	if (g->f_min > 0 && f2 < g->f_min)
		f2 = g->f_min < fmax ? g->f_min : fmax;
	if (f2 < 0.01 * g->f)
		f2 = 0.01 * g->f;
	return f2;
}

double
caps_model_power(const struct caps_gpu_model *g, double p_idle, double f2)
{
	if (g->alpha > 0 && g->f > 0 && g->p > p_idle)
		return p_idle + (g->p - p_idle) * pow(f2 / g->f, g->alpha);
	if (g->slope > 0 && g->f > 0)
		return g->p + g->slope * (f2 - g->f);
	if (!(g->f > 0) || !(g->p > p_idle))
		return g->p;
	return (g->p - p_idle) / g->f * f2 + p_idle;
}

int
caps_fit_slope(const double *p, const double *f, size_t n, double *slope)
{
	double mf = 0, mp = 0, sxx = 0, sxy = 0, lo = INFINITY, hi = -INFINITY;
	size_t i;

	if (n < 2)
		return -1;
	for (i = 0; i < n; i++) {
		mf += f[i];
		mp += p[i];
		lo = f[i] < lo ? f[i] : lo;
		hi = f[i] > hi ? f[i] : hi;
	}
	if (!(hi - lo >= 1))
		return -1;
	mf /= (double)n;
	mp /= (double)n;
	for (i = 0; i < n; i++) {
		sxx += (f[i] - mf) * (f[i] - mf);
		sxy += (f[i] - mf) * (p[i] - mp);
	}
	if (!(sxy / sxx > 0))
		return -1;
	*slope = sxy / sxx;
	return 0;
}

int
caps_fit_alpha(const double *p, const double *f, size_t n, double p_idle, double *alpha)
{
	double mx = 0, my = 0, sxx = 0, sxy = 0, lo = INFINITY, hi = -INFINITY, a;
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (p[i] > p_idle && f[i] > 0) {
			mx += log(f[i]);
			my += log(p[i] - p_idle);
			lo = f[i] < lo ? f[i] : lo;
			hi = f[i] > hi ? f[i] : hi;
			k++;
		}
	if (k < 2 || !(hi >= lo * 1.002))
		return -1;
	mx /= (double)k;
	my /= (double)k;
	for (i = 0; i < n; i++)
		if (p[i] > p_idle && f[i] > 0) {
			double x = log(f[i]) - mx;

			sxx += x * x;
			sxy += x * (log(p[i] - p_idle) - my);
		}
	a = sxy / sxx;
	*alpha = !(a >= CAPS_ALPHA_MIN) ? CAPS_ALPHA_MIN : a > CAPS_ALPHA_MAX ? CAPS_ALPHA_MAX : a;
	return 0;
}

double
caps_alpha_se(const double *p, const double *sp, const double *f, const double *sf, size_t n,
	      double p_idle, double alpha)
{
	double mx = 0, sxx = 0, var = 0;
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (p[i] > p_idle && f[i] > 0) {
			mx += log(f[i]);
			k++;
		}
	if (k < 2)
		return NAN;
	mx /= (double)k;
	for (i = 0; i < n; i++)
		if (p[i] > p_idle && f[i] > 0)
			sxx += (log(f[i]) - mx) * (log(f[i]) - mx);
	if (!(sxx > 0))
		return NAN;
	/* alpha = Σ w_i·y_i, w_i = (x_i − x̄)/Sxx: each point's error through its weight */
	for (i = 0; i < n; i++)
		if (p[i] > p_idle && f[i] > 0) {
			double w = (log(f[i]) - mx) / sxx;
			double ey = sp[i] / (p[i] - p_idle), ex = sf[i] / f[i];

			var += w * w * (ey * ey + alpha * alpha * ex * ex);
		}
	return sqrt(var);
}

double
caps_red_slack(const struct caps_gpu_model *g, double p_idle, double cap, double init)
{
	double top, a, b;

	if (!(g->alpha > 0) || !(g->alpha_err > 0) || !(g->p > p_idle) || !(g->f > 0))
		return 0;
	/* the power where the curve reaches the clock the GPU cannot pass */
	top = power_limited(g) ? caps_model_power(g, p_idle, g->f_max > g->f ? g->f_max : g->f)
			       : g->p;
	a = cap < top ? cap : top;
	b = init < top ? init : top;
	if (!(a > p_idle) || !(a < b))
		return 0;
	return g->alpha_err / (g->alpha * g->alpha) * log((b - p_idle) / (a - p_idle));
}

static size_t
nz(size_t n)
{
	return n ? n : 1;
}

struct ord {
	int64_t t;
	size_t k;
};

static int
cmp_ord(const void *a, const void *b)
{
	const struct ord *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return (x->k > y->k) - (x->k < y->k);
}

/*
 * Each GPU's keys in start order (ties by key), the order the re-timing walks
 * them; it depends on the sample only, so the closed loop computes it once
 * per sample, not once per step. Keys are mostly in order already.
 */
static struct ord *
retime_order(const struct match *m)
{
	size_t G = m->G, K = m->K, g, i;
	struct ord *ord = xmalloc(nz(G * K) * sizeof(*ord));

	for (g = 0; g < G; g++) {
		bool sorted = true;

		for (i = 0; i < K; i++) {
			ord[g * K + i].t = m->start[g * K + i];
			ord[g * K + i].k = i;
			if (i && ord[g * K + i].t < ord[g * K + i - 1].t)
				sorted = false;
		}
		if (!sorted)
			qsort(ord + g * K, K, sizeof(*ord), cmp_ord);
	}
	return ord;
}

static void
retime(const struct caps_sample *s, const struct ord *ord, const double *scale, int64_t *start,
       int64_t *dur)
{
	const struct match *m = s->m;
	size_t G = m->G, K = m->K, g, c;
	size_t *pos = xcalloc(G ? G : 1, sizeof(*pos));
	int64_t *sh = xcalloc(G ? G : 1, sizeof(*sh));

#define STEP(g_, limit_)                                                              \
	while (pos[g_] < K && ord[(g_) * K + pos[g_]].t < (limit_)) {                 \
		size_t at_ = (g_) * K + ord[(g_) * K + pos[g_]].k;                     \
		int64_t d2_ = llround((double)m->dur[at_] * scale[g_]);                \
		start[at_] = sat_add64(m->start[at_], sh[g_]);                         \
		dur[at_] = d2_;                                                        \
		sh[g_] = sat_add64(sh[g_], sat_sub64(d2_, m->dur[at_]));              \
		pos[g_]++;                                                             \
	}
	for (c = 0; c < s->S; c++) {
		int64_t arr_max = INT64_MIN, arr2_max = INT64_MIN, common;

		for (g = 0; g < G; g++) {
			int64_t a = s->sync_start[g * s->S + c];

			STEP(g, a);
			if (a > arr_max)
				arr_max = a;
			if (sat_add64(a, sh[g]) > arr2_max)
				arr2_max = sat_add64(a, sh[g]);
			STEP(g, s->sync_end[g * s->S + c]);
		}
		/*
		 * The collective ends later by `common` for everyone; a GPU that
		 * waited for it (arrived arr_max - a early) absorbs that much of
		 * its own delay, the rest (e.g. from keys that ran during the
		 * collective) carries on.
		 */
		common = sat_sub64(arr2_max, arr_max);
		for (g = 0; g < G; g++) {
			int64_t own = sat_sub64(sh[g], sat_sub64(arr_max, s->sync_start[g * s->S + c]));

			sh[g] = own > common ? own : common;
		}
	}
	for (g = 0; g < G; g++)
		STEP(g, INT64_MAX);
	/* Keys starting exactly at INT64_MAX are not a real case; copy anything left. */
	for (g = 0; g < G; g++)
		for (; pos[g] < K; pos[g]++) {
			size_t at = g * K + ord[g * K + pos[g]].k;

			start[at] = sat_add64(m->start[at], sh[g]);
			dur[at] = m->dur[at];
		}
#undef STEP
	free(pos);
	free(sh);
}

void
caps_retime(const struct caps_sample *s, const double *scale, int64_t *start, int64_t *dur)
{
	struct ord *ord = retime_order(s->m);

	retime(s, ord, scale, start, dur);
	free(ord);
}

struct ckey {
	uint32_t name;
	uint32_t occ;
	int64_t start, end;
};

static int
cmp_ckey(const void *a, const void *b)
{
	const struct ckey *x = a, *y = b;

	if (x->name != y->name)
		return x->name < y->name ? -1 : 1;
	return (x->occ > y->occ) - (x->occ < y->occ);
}

struct sync_ord {
	int64_t latest;
	size_t i;
};

static int
cmp_sync(const void *a, const void *b)
{
	const struct sync_ord *x = a, *y = b;

	if (x->latest != y->latest)
		return x->latest < y->latest ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

/* Comm kernels of one GPU keyed by (name, occurrence), sorted by key. */
static struct ckey *
comm_keys(const struct kspan *v, size_t n, size_t *nr)
{
	struct ckey *out = NULL;
	size_t alloc = 0, i, j;

	*nr = 0;
	for (i = 0; i < n; i++) {
		uint32_t occ = 0;

		if (v[i].kclass != KCLASS_COMM)
			continue;
		for (j = 0; j < *nr; j++)
			if (out[j].name == v[i].name_id)
				occ++;
		VEC_GROW(out, *nr + 1, alloc);
		out[*nr].name = v[i].name_id;
		out[*nr].occ = occ;
		out[*nr].start = v[i].start_ns;
		out[(*nr)++].end = v[i].end_ns;
	}
	if (*nr)
		qsort(out, *nr, sizeof(*out), cmp_ckey);
	return out;
}

void
caps_sync_match(size_t G, const struct kspan *const *kern, const size_t *nk, size_t *S,
		int64_t **start, int64_t **end)
{
	struct ckey **keys = xcalloc(G ? G : 1, sizeof(*keys));
	size_t *nr = xcalloc(G ? G : 1, sizeof(*nr));
	struct ckey **hit = NULL;
	struct sync_ord *so = NULL;
	size_t g, i, ns = 0, alloc = 0, alloc2 = 0;

	*S = 0;
	*start = *end = NULL;
	for (g = 0; g < G; g++)
		keys[g] = comm_keys(kern[g], nk[g], &nr[g]);
	for (i = 0; G && i < nr[0]; i++) {
		struct ckey **row = xcalloc(G, sizeof(*row));
		int64_t latest = INT64_MIN;
		bool all = true;

		for (g = 0; g < G && all; g++) {
			row[g] = g ? bsearch(&keys[0][i], keys[g], nr[g], sizeof(struct ckey),
					     cmp_ckey)
				   : &keys[0][i];
			all = row[g] != NULL;
			if (all && row[g]->start > latest)
				latest = row[g]->start;
		}
		if (!all) {
			free(row);
			continue;
		}
		VEC_GROW(hit, ns + 1, alloc);
		VEC_GROW(so, ns + 1, alloc2);
		hit[ns] = (struct ckey *)row;
		so[ns].latest = latest;
		so[ns].i = ns;
		ns++;
	}
	if (ns) {
		qsort(so, ns, sizeof(*so), cmp_sync);
		*start = xmalloc(G * ns * sizeof(**start));
		*end = xmalloc(G * ns * sizeof(**end));
		for (i = 0; i < ns; i++) {
			struct ckey **row = (struct ckey **)hit[so[i].i];

			for (g = 0; g < G; g++) {
				(*start)[g * ns + i] = row[g]->start;
				(*end)[g * ns + i] = row[g]->end;
			}
		}
	}
	for (i = 0; i < ns; i++)
		free(hit[i]);
	*S = ns;
	free(hit);
	free(so);
	for (g = 0; g < G; g++)
		free(keys[g]);
	free(keys);
	free(nr);
}

/* Leads of a re-timed sample, aggregated. */
static void
sample_leads(const struct caps_sample *s, const struct ord *ord, const double *scale,
	     enum lead_agg agg, int64_t *start, int64_t *dur, int64_t *lead, double *L,
	     int64_t *span)
{
	struct match v = *s->m;
	size_t i, n = v.G * v.K;
	int64_t lo = INT64_MAX, hi = INT64_MIN;

	retime(s, ord, scale, start, dur);
	v.start = start;
	v.dur = dur;
	lead_values(&v, lead);
	lead_aggregate(&v, lead, agg, L);
	for (i = 0; i < n; i++) {
		if (start[i] < lo)
			lo = start[i];
		if (start[i] + dur[i] > hi)
			hi = start[i] + dur[i];
	}
	*span = n ? hi - lo : 0;
}

static void
scales_for(const struct caps_gpu_model *gm, size_t G, double p_idle, const int *caps,
	   double *scale, double *f2)
{
	size_t g;

	for (g = 0; g < G; g++) {
		f2[g] = caps_model_freq(&gm[g], p_idle, caps[g]);
		scale[g] = f2[g] > 0 && gm[g].f > 0 ? gm[g].f / f2[g] : 1;
	}
}

/* ---- the slowest-GPU prediction ---- */

/* Time key @k of GPU @g spent beside its GPU's comm kernels, ns. */
static double
key_overlap(const struct match *m, size_t g, size_t k)
{
	double r = m->ratio ? m->ratio[g * m->K + k] : 0;

	return r > 0 ? r / 100 * (double)m->dur[g * m->K + k] : 0;
}

double
caps_fit_contention(const struct caps_sample *smp, size_t n, const double *f)
{
	double num = 0, den = 0, c;
	size_t s, g, k, G = n ? smp[0].m->G : 0;

	if (!f || G < 2)
		return 0;
	for (g = 0; g < G; g++)
		if (!(f[g] > 0))
			return 0;
	for (s = 0; s < n; s++) {
		const struct match *m = smp[s].m;

		for (k = 0; k < m->K; k++) {
			double mx = 0, my = 0, sxx = 0, sxy = 0, b1, b0;
			bool ok = true;

			for (g = 0; g < G && ok; g++) {
				double d = (double)m->dur[g * m->K + k];

				ok = d > 0;
				mx += ok ? key_overlap(m, g, k) / d : 0;
				my += ok ? 1 / (d * f[g]) : 0;
			}
			if (!ok)
				continue;
			mx /= (double)G;
			my /= (double)G;
			for (g = 0; g < G; g++) {
				double d = (double)m->dur[g * m->K + k];
				double x = key_overlap(m, g, k) / d - mx;

				sxx += x * x;
				sxy += x * (1 / (d * f[g]) / my - 1);
			}
			if (!(sxx > 1e-12))
				continue;
			/* in units of the key's mean: b0 + b1 · share = (1 − c · share) / W */
			b1 = sxy / sxx;
			b0 = 1 - b1 * mx;
			if (!(b0 > 0))
				continue;
			/* c = −b1 / b0, weighted by its precision sxx · b0² */
			num -= sxx * b0 * b1;
			den += sxx * b0 * b0;
		}
	}
	if (!(den > 0))
		return 0;
	c = num / den;
	return !(c > 0) ? 0 : c > CAPS_CONTENTION_MAX ? CAPS_CONTENTION_MAX : c;
}

/* The least time any GPU's key @k spent beside its GPU's comm kernels, ns. */
static double
key_least_overlap(const struct match *m, size_t k)
{
	double o = INFINITY;
	size_t g;

	for (g = 0; g < m->G; g++) {
		double ov = key_overlap(m, g, k);

		o = ov < o ? ov : o;
	}
	return m->G ? o : 0;
}

/* The time within [@lo, @hi] that none of @m's matched keys covers, ns. */
static double
keys_idle(const struct match *m, int64_t lo, int64_t hi)
{
	size_t i, nk = m->G * m->K, nu;
	struct ival *v = xmalloc((nk ? nk : 1) * sizeof(*v));
	double gap;

	for (i = 0; i < nk; i++)
		v[i] = (struct ival){ m->start[i], m->start[i] + m->dur[i] };
	nu = ival_normalize(v, nk);
	gap = (double)ival_len(lo, hi) - (double)ival_total(v, nu);
	free(v);
	return gap > 0 ? gap : 0;
}

double
caps_step_outside(const struct match *m, const struct kspan *const *kern, const size_t *nk)
{
	int64_t klo = INT64_MAX, khi = INT64_MIN, elo = INT64_MAX, ehi = INT64_MIN;
	size_t g, i, nv = 0, nall = 0, G = m->G, K = m->K;
	struct ival *v;
	double out;

	for (i = 0; i < G * K; i++) {
		klo = m->start[i] < klo ? m->start[i] : klo;
		khi = m->start[i] + m->dur[i] > khi ? m->start[i] + m->dur[i] : khi;
	}
	for (g = 0; g < G; g++)
		nall += nk[g];
	if (!K || !nall)
		return 0;
	v = xmalloc(2 * nall * sizeof(*v));
	for (g = 0; g < G; g++)
		for (i = 0; i < nk[g]; i++) {
			const struct kspan *k = &kern[g][i];

			elo = k->start_ns < elo ? k->start_ns : elo;
			ehi = k->end_ns > ehi ? k->end_ns : ehi;
			if (k->kclass == KCLASS_COMM)
				continue;
			/* the parts of a compute kernel outside the keys' span */
			v[nv++] = (struct ival){ k->start_ns, k->end_ns < klo ? k->end_ns : klo };
			v[nv++] = (struct ival){ k->start_ns > khi ? k->start_ns : khi, k->end_ns };
		}
	nv = ival_normalize(v, nv);
	out = (double)ival_len(elo, klo) + (double)ival_len(khi, ehi) - (double)ival_total(v, nv);
	free(v);
	return out > 0 ? out : 0;
}

void
caps_pred_init(struct caps_pred *pr, const struct caps_sample *smp, size_t n, const double *f)
{
	size_t G = n ? smp[0].m->G : 0, s, g, k, c, base = 0, alloc = 0;

	memset(pr, 0, sizeof(*pr));
	pr->G = G;
	pr->n = n;
	pr->total = xcalloc(G ? G : 1, sizeof(double));
	pr->total_fixed = xcalloc(G ? G : 1, sizeof(double));
	pr->contention = caps_fit_contention(smp, n, f);
	for (s = 0; s < n; s++) {
		const struct match *m = smp[s].m;
		size_t ni = 1, K = m->K, need = (base + ni) * (G ? G : 1);
		int64_t lo = INT64_MAX, hi = INT64_MIN;

		if (need > alloc) {
			size_t old = alloc;

			alloc = need * 2;
			pr->busy = xrealloc(pr->busy, alloc * sizeof(double));
			pr->fixed = xrealloc(pr->fixed, alloc * sizeof(double));
			memset(pr->busy + old, 0, (alloc - old) * sizeof(double));
			memset(pr->fixed + old, 0, (alloc - old) * sizeof(double));
		}
		for (g = 0; g < G; g++)
			for (k = 0; k < K; k++) {
				int64_t st = m->start[g * K + k], du = m->dur[g * K + k];
				double x = pr->contention * key_least_overlap(m, k);
				double b = (double)du - pr->contention * key_overlap(m, g, k);

				pr->busy[base * G + g] += b;
				pr->fixed[base * G + g] += x;
				pr->total[g] += b;
				pr->total_fixed[g] += x;
				lo = st < lo ? st : lo;
				hi = st + du > hi ? st + du : hi;
			}
		if (G && K) {
			pr->span += (double)(hi - lo) + (smp[s].whole ? 0 : smp[s].outside);
			pr->idle += smp[s].whole ? keys_idle(m, lo, hi) : 0;
		}
		base += ni;
	}
	pr->nint = base;
	pr->busy_max = xcalloc(base ? base : 1, sizeof(double));
	for (c = 0; c < base; c++)
		for (g = 0; g < G; g++)
			if (pr->busy[c * G + g] + pr->fixed[c * G + g] > pr->busy_max[c])
				pr->busy_max[c] = pr->busy[c * G + g] + pr->fixed[c * G + g];
}

void
caps_pred_release(struct caps_pred *pr)
{
	free(pr->busy);
	free(pr->fixed);
	free(pr->busy_max);
	free(pr->total);
	free(pr->total_fixed);
	memset(pr, 0, sizeof(*pr));
}

double
caps_pred_time(const struct caps_pred *pr, const double *scale)
{
	double t = pr->span;
	size_t c, g;

	for (c = 0; c < pr->nint; c++) {
		double mx = 0;

		for (g = 0; g < pr->G; g++) {
			double b = pr->busy[c * pr->G + g] * scale[g] + pr->fixed[c * pr->G + g];

			mx = b > mx ? b : mx;
		}
		t += mx - pr->busy_max[c];
	}
	return t;
}

double
caps_align_bound(const struct caps_sample *smp, size_t n, enum caps_scenario sc)
{
	enum model_agg agg = sc == CAPS_GPU_RED ? MODEL_MAX : sc == CAPS_GPU_REALLOC ? MODEL_MED
										: MODEL_MIN;
	double tmax = 0, tagg = 0, *v = NULL;
	size_t s, g, k, alloc = 0;

	for (s = 0; s < n; s++) {
		const struct match *m = smp[s].m;

		VEC_GROW(v, m->G ? m->G : 1, alloc);
		for (k = 0; k < m->K; k++) {
			for (g = 0; g < m->G; g++)
				v[g] = (double)m->dur[g * m->K + k];
			tmax += model_agg_of(v, m->G, MODEL_MAX);
			tagg += model_agg_of(v, m->G, agg);
		}
	}
	free(v);
	return tagg > 0 ? tmax / tagg : NAN;
}

/* ---- the search ---- */

struct search {
	const struct caps_pred *pr;
	const struct caps_gpu_model *gm;
	double p_idle;
	size_t G;
	int lo, hi;			/* cap limits */
	double *scale, *f2;
	const int *glo;			/* [G] each GPU's lowest cap (lo, or gpu-red's p_lo) */
	const int *init;		/* [G] the initial caps S_iter is against */
	double init_spread;		/* scale_spread() of the run read to the initial caps */
};

/* Model at @caps: predicted Σ span and Σ power. */
static void
evaluate(struct search *x, const int *caps, double *t, double *power)
{
	size_t g;

	scales_for(x->gm, x->G, x->p_idle, caps, x->scale, x->f2);
	*power = 0;
	for (g = 0; g < x->G; g++)
		*power += caps_model_power(&x->gm[g], x->p_idle, x->f2[g]);
	*t = caps_pred_time(x->pr, x->scale);
}

/* The cap that gives GPU @g busy time @T (its clock f·total/T), in [lo, hi]. */
static double
cap_for_time(const struct search *x, size_t g, double T)
{
	const struct caps_gpu_model *m = &x->gm[g];
	double f2, c;

	if (!(x->pr->total[g] > 0) || !(m->f > 0))
		return x->lo;
	if (!(T > x->pr->total_fixed[g]))	/* faster than any clock makes it */
		return x->hi;
	f2 = m->f * x->pr->total[g] / (T - x->pr->total_fixed[g]);
	c = caps_model_power(m, x->p_idle, f2);
	/* a clock the GPU cannot reach: no cap helps beyond the one reaching its top */
	if (f2 > caps_model_freq(m, x->p_idle, x->hi))
		c = x->hi;
	return c < x->lo ? x->lo : c > x->hi ? x->hi : c;
}

/* Predicted busy time of GPU @g at @cap. */
static double
busy_at(const struct search *x, size_t g, int cap)
{
	double f2 = caps_model_freq(&x->gm[g], x->p_idle, cap);

	return f2 > 0 ? x->pr->total[g] * x->gm[g].f / f2 + x->pr->total_fixed[g] : INFINITY;
}

/*
 * gpu-realloc / cpu-slosh: equal predicted busy time for every GPU within
 * @P_n. Bisection on the time T; caps floored to whole watts, then the watts
 * left are given one at a time to the GPU with the longest predicted busy time.
 */
static void
search_equal(struct search *x, int64_t P_n, int *caps)
{
	double Tlo = 0, Thi = 0;
	int64_t sum;
	size_t g, it;

	for (g = 0; g < x->G; g++) {
		double b = busy_at(x, g, x->lo);

		Thi = b > Thi ? b : Thi;
	}
	for (it = 0; it < 100; it++) {
		double T = (Tlo + Thi) / 2, tot = 0;

		for (g = 0; g < x->G; g++)
			tot += cap_for_time(x, g, T);
		if (tot <= (double)P_n)
			Thi = T;
		else
			Tlo = T;
	}
	sum = 0;
	for (g = 0; g < x->G; g++) {
		caps[g] = (int)floor(cap_for_time(x, g, Thi));
		sum += caps[g];
	}
	while (sum < P_n) {
		size_t best = x->G;
		double bt = -1;

		for (g = 0; g < x->G; g++) {
			double b;

			if (caps[g] >= x->hi)
				continue;
			b = busy_at(x, g, caps[g]);
			/* a watt that no longer raises the clock is not given */
			if (busy_at(x, g, caps[g] + 1) >= b)
				continue;
			if (b > bt) {
				bt = b;
				best = g;
			}
		}
		if (best == x->G)
			break;
		caps[best]++;
		sum++;
	}
}

/* How far the clock ratios @scale[0..G) spread: max/min − 1 (caps_red_floor()). */
static double
scale_spread(const double *scale, size_t G)
{
	double lo = INFINITY, hi = 0;
	size_t g;

	for (g = 0; g < G; g++) {
		lo = scale[g] < lo ? scale[g] : lo;
		hi = scale[g] > hi ? scale[g] : hi;
	}
	return G && lo > 0 ? hi / lo - 1 : 0;
}

/*
 * gpu-red's promise at @caps: S_iter against @t_init >= caps_red_floor() of
 * the larger spread of the clock ratios, the run read's to @caps and to the
 * initial caps (CAPS_RED_MIN_S; CAPS_RED_EVEN_S where both slow every GPU
 * alike: a run of an earlier round, read against the initial caps, is
 * re-timed to them too) with every GPU as much slower as its curve's error bound allows
 * (caps_red_slack()); the margin then covers the timing model's own error.
 */
static bool
red_keeps(struct search *x, const int *caps, double t_init)
{
	double t, spread;
	size_t g;

	scales_for(x->gm, x->G, x->p_idle, caps, x->scale, x->f2);
	spread = scale_spread(x->scale, x->G);
	for (g = 0; g < x->G; g++)
		x->scale[g] *= 1 + caps_red_slack(&x->gm[g], x->p_idle, caps[g], x->init[g]);
	t = caps_pred_time(x->pr, x->scale);
	return t > 0 &&
	       t_init / t >= caps_red_floor(spread > x->init_spread ? spread : x->init_spread);
}

/* The model's power of GPU @g at @cap. */
static double
power_at(const struct search *x, size_t g, int cap)
{
	return caps_model_power(&x->gm[g], x->p_idle, caps_model_freq(&x->gm[g], x->p_idle, cap));
}

/*
 * gpu-red's caps to the watt: search_red() holds every GPU to one pace, each
 * cap rounded up to a whole watt, so up to a watt a GPU is left that the
 * promise does not need. Passes over the GPUs, the least busy first, take one
 * watt off each whose model power falls with it while red_keeps() holds,
 * until a pass takes none (at most RED_TRIM_TRIES trials in all).
 */
#define RED_TRIM_TRIES 256

static void
red_trim(struct search *x, double t_init, int *caps)
{
	size_t G = x->G, g, i, tries = 0;
	size_t *ord = xmalloc(G * sizeof(*ord));
	double *busy = xmalloc(G * sizeof(*busy));
	bool took = true;

	while (took && tries < RED_TRIM_TRIES) {
		took = false;
		/* the least busy first: its watt costs the node's pace least */
		for (g = 0; g < G; g++) {
			busy[g] = busy_at(x, g, caps[g]);
			for (i = g; i > 0 && busy[ord[i - 1]] > busy[g]; i--)
				ord[i] = ord[i - 1];
			ord[i] = g;
		}
		for (i = 0; i < G && tries < RED_TRIM_TRIES; i++) {
			g = ord[i];
			if (caps[g] - 1 < x->glo[g] ||
			    !(power_at(x, g, caps[g] - 1) < power_at(x, g, caps[g])))
				continue;
			caps[g]--;
			tries++;
			if (red_keeps(x, caps, t_init))
				took = true;
			else
				caps[g]++;
		}
	}
	free(ord);
	free(busy);
}

/*
 * gpu-red's other family: every GPU slowed alike, its clock r times the run
 * read's, for the smallest r in [0.9, 1] that keeps the promise (bisection;
 * caps rounded up to whole watts, at most the initial cap), then to the watt.
 * One pace for all leaves the recorded schedule's shape, so it keeps the
 * smaller margin (caps_red_floor()) where equal busy times, which slow a GPU
 * with less work more, spread the clocks over CAPS_RED_EVEN and keep the
 * larger: on a node whose GPUs all run at their top clock with nearly equal
 * work this saves more. Replaces @caps when it predicts less power; @tmp
 * scratch of G.
 */
static void
red_even(struct search *x, const int *init, double t_init, int *caps, int *tmp)
{
	double rlo = 0.9, rhi = 1, t = 0, pa = 0, pb = 0;
	int *best = xcalloc(x->G, sizeof(int));
	bool found = false;
	size_t g, it;

	for (it = 0; it < 40; it++) {
		double r = (rlo + rhi) / 2;

		for (g = 0; g < x->G; g++) {
			double c = ceil(caps_model_power(&x->gm[g], x->p_idle, x->gm[g].f * r) - 1e-9);

			c = c < x->glo[g] ? x->glo[g] : c;
			tmp[g] = c > init[g] ? init[g] : (int)c;
		}
		if (red_keeps(x, tmp, t_init)) {
			memcpy(best, tmp, x->G * sizeof(int));
			found = true;
			rhi = r;
		} else {
			rlo = r;
		}
	}
	if (found) {
		red_trim(x, t_init, best);
		evaluate(x, caps, &t, &pa);
		evaluate(x, best, &t, &pb);
		if (pb < pa - 1e-9 || !red_keeps(x, caps, t_init))
			memcpy(caps, best, x->G * sizeof(int));
	}
	free(best);
}

/*
 * gpu-red: the lowest caps (at most the initial ones) that keep each GPU's
 * predicted busy time within k · T0, T0 being the slowest GPU's at the
 * initial caps, for the largest k in [0.9, 1 + 10 · CAPS_RED_LOSS] whose caps
 * keep gpu-red's promise (red_keeps(), against @t_init). k above 1 spends the loss allowance: every GPU,
 * the slowest too, may run slower than the slowest did. Then to the watt (red_trim()),
 * and the caps that slow every GPU alike (red_even()) where they save more.
 */
static void
search_red(struct search *x, const int *init, double t_init, int *caps)
{
	double T0 = 0, klo = 0.9, khi = 1 + 10 * CAPS_RED_LOSS;
	int *tmp = xcalloc(x->G, sizeof(int));
	size_t g, it;

	for (g = 0; g < x->G; g++) {
		double b = busy_at(x, g, init[g]);

		T0 = b > T0 ? b : T0;
	}
	memcpy(caps, init, x->G * sizeof(int));
	for (it = 0; it < 40; it++) {
		double k = it ? (klo + khi) / 2 : khi;

		for (g = 0; g < x->G; g++) {
			double T = k * T0;
			double c = ceil(cap_for_time(x, g, T) - 1e-9);

			/* only a GPU that is to run slower than it does at its cap gets less */
			if (busy_at(x, g, init[g]) >= T * (1 - 1e-9))
				c = init[g];
			c = c < x->glo[g] ? x->glo[g] : c;
			tmp[g] = c > init[g] ? init[g] : (int)c;
		}
		if (red_keeps(x, tmp, t_init)) {
			memcpy(caps, tmp, x->G * sizeof(int));
			if (!it)
				break;
			klo = k;
		} else {
			khi = k;
		}
	}
	if (red_keeps(x, caps, t_init))
		red_trim(x, t_init, caps);
	red_even(x, init, t_init, caps, tmp);
	free(tmp);
}

/*
 * cpu-slosh gives the GPUs more power, so their alignment is not its bound:
 * every GPU at the pace of the fastest one (the least busy time at its
 * initial cap) is, with that GPU at the mean cap of the budget instead. The
 * factor: the predicted time of the node with every GPU at the fastest one's
 * busy time, over the one at its busy time at the mean cap (>= 1).
 */
static double
slosh_boost(struct search *x, const int *init, int64_t P_n)
{
	double t0 = INFINITY, t1, ta, tb;
	size_t g, fast = 0;
	int mean = (int)(P_n / (int64_t)(x->G ? x->G : 1));

	for (g = 0; g < x->G; g++) {
		double b = busy_at(x, g, init[g]);

		if (b < t0) {
			t0 = b;
			fast = g;
		}
	}
	if (mean > x->hi)
		mean = x->hi;
	t1 = busy_at(x, fast, mean);
	if (!(t1 < t0) || !isfinite(t0))
		return 1;
	for (g = 0; g < x->G; g++) {
		double w = x->pr->total[g];

		x->scale[g] = w > 0 ? (t0 - x->pr->total_fixed[g]) / w : 1;
	}
	ta = caps_pred_time(x->pr, x->scale);
	for (g = 0; g < x->G; g++) {
		double w = x->pr->total[g];

		x->scale[g] = w > 0 ? (t1 - x->pr->total_fixed[g]) / w : 1;
	}
	tb = caps_pred_time(x->pr, x->scale);
	return tb > 0 && ta > tb ? ta / tb : 1;
}

/*
 * S_iter of @caps against @init with no GPU above the clock its runs showed
 * (caps_loop_result.s_low), at most @s_iter; *@pr the power ratio with it.
 */
static double
seen_s_iter(struct search *x, const int *init, const int *caps, double s_iter, double *pr)
{
	struct caps_gpu_model *gm = xmalloc(x->G * sizeof(*gm));
	const struct caps_gpu_model *keep = x->gm;
	double t0, t1, p0, p1;
	size_t g;

	for (g = 0; g < x->G; g++) {
		gm[g] = x->gm[g];
		if (gm[g].f_seen > 0 && gm[g].f_seen < gm[g].f_max)
			gm[g].f_max = gm[g].f_seen;
	}
	x->gm = gm;
	evaluate(x, init, &t0, &p0);
	evaluate(x, caps, &t1, &p1);
	x->gm = keep;
	free(gm);
	*pr = p0 > 0 ? p1 / p0 : NAN;
	t0 = t0 > 0 && t1 > 0 ? t0 / t1 : NAN;
	return !(t0 < s_iter) ? s_iter : t0;
}

/* One candidate's caps as the model predicts them. */
struct cand {
	size_t adj;			/* adjustment; CAND_SEARCH for the direct search */
	double s, pr;
};

#define CAND_SEARCH ((size_t)-1)
#define CAND_RUN ((size_t)-2)	/* the caps the traced run ran at (loop_run_caps()) */

/*
 * Is @c better than @best? gpu-red: the least power among S_iter >= @min_s
 * (ties: higher S_iter); otherwise the highest S_iter (ties within CAPS_S_TIE:
 * less power). Equal candidates keep the earlier one.
 */
static bool
better(enum caps_scenario sc, double min_s, const struct cand *c, const struct cand *best)
{
	if (!(c->s >= 0) || !(c->pr >= 0))
		return false;
	if (sc == CAPS_GPU_RED) {
		if (c->s < min_s)
			return false;
		if (c->pr < best->pr - 1e-12)
			return true;
		return fabs(c->pr - best->pr) <= 1e-12 && c->s > best->s + CAPS_S_TIE;
	}
	if (c->s > best->s + CAPS_S_TIE)
		return true;
	return fabs(c->s - best->s) <= CAPS_S_TIE && c->pr < best->pr - 1e-12;
}

/* Why @best; gpu-red: @even, its caps slow every GPU alike (caps_red_floor()). */
static const char *
pick_reason(const struct caps_params *p, const struct cand *best, bool even)
{
	if (p->scenario == CAPS_GPU_RED && !best->adj)
		return "initial caps: no candidate saved power with S_iter >= " CAPS_RED_MIN_S_STR
		       " (" CAPS_RED_EVEN_S_STR " slowing every GPU alike), each GPU at the slow "
		       "end of its curve's error";
	if (p->scenario == CAPS_GPU_RED)
		return even ? "least predicted power with S_iter >= " CAPS_RED_EVEN_S_STR
			      ", every GPU slowed alike, each at the slow end of its curve's error"
			    : "least predicted power with S_iter >= " CAPS_RED_MIN_S_STR
			      ", each GPU at the slow end of its curve's error";
	if (best->adj == CAND_RUN)
		return "the caps the traced run ran at: its trace measured every GPU at them, and "
		       "no other candidate predicted a higher S_iter";
	if (!best->adj)
		return "initial caps: no candidate predicted a higher S_iter, or the same for "
		       "less power with every GPU it cuts " CAPS_CUT_SLACK_NOGAIN_PCT_STR
		       "% off the pace";
	return best->s > 1 + CAPS_S_TIE ? "highest predicted S_iter"
					: "S_iter unchanged, least predicted power";
}

/*
 * A GPU held by something other than its cap (it drew less, at its top clock
 * or at the clock its temperature allows) whose cut cap @cap still stays over
 * what it drew, times the predicted speed-up @s (a faster node keeps it
 * busier): the cap never reaches it and its clock is the one its run
 * measured, not a prediction that could be off.
 */
static bool
cut_above_draw(const struct caps_gpu_model *g, int cap, double s)
{
	return !power_limited(g) && g->p > 0 && cap >= g->p * (s > 1 ? s : 1);
}

/*
 * gpu-realloc and cpu-slosh never cost throughput: with every GPU given less
 * than its initial cap CAPS_CUT_SLACK slower than predicted (the model's
 * error on which GPU sets the pace), @caps still predict S_iter >= 1; where
 * their predicted S_iter @s gains less than CAPS_CUT_GAIN, nothing covers a
 * cut GPU that ends up setting the pace in some intervals, so it must keep
 * S_iter >= 1 CAPS_CUT_SLACK_NOGAIN slower. gpu-red has its own margin
 * (red_keeps()).
 * A GPU held by its clock whose cut cap stays over its draw
 * (cut_above_draw()) is measured, not predicted: no slack on it.
 */
static bool
keeps_pace(struct search *x, enum caps_scenario sc, const int *init, const int *caps,
	   double t_init, double s)
{
	double t, slack = s >= 1 + CAPS_CUT_GAIN ? CAPS_CUT_SLACK : CAPS_CUT_SLACK_NOGAIN;
	size_t g;

	if (sc == CAPS_GPU_RED)
		return red_keeps(x, caps, t_init);
	scales_for(x->gm, x->G, x->p_idle, caps, x->scale, x->f2);
	for (g = 0; g < x->G; g++)
		if (caps[g] < init[g] && !cut_above_draw(&x->gm[g], caps[g], s))
			x->scale[g] *= 1 + slack;
	t = caps_pred_time(x->pr, x->scale);
	return t > 0 && t_init / t >= 1 - 1e-12;
}

/* Every cap within its GPU's limits (@lo[g], @hi) and the node budget respected. */
static bool
within(const int *caps, size_t G, const int *lo, int hi, int64_t P_n)
{
	int64_t sum = 0;
	size_t g;

	for (g = 0; g < G; g++) {
		if (caps[g] < lo[g] || caps[g] > hi)
			return false;
		sum += caps[g];
	}
	return sum <= P_n;
}

/* caps_loop()'s working state: the samples, the search and its scratch arrays. */
struct loop {
	const struct caps_sample *smp;
	size_t n, G, maxK;	/* samples, GPUs, the most kernels of a sample */
	const struct caps_gpu_model *gm;
	const struct caps_params *p;
	enum lead_agg agg;
	struct caps_ctl ctl;
	struct caps_pred pr;
	struct search x;
	double *scale, *f2, *L;	/* [G] */
	int64_t *st, *du, *ld;	/* [G * maxK] a re-timed sample's kernels */
	int *prev, *sc, *glo;	/* [G] */
	struct ord **ord;	/* [n] each sample's kernel order */
	double t_init, p_init;	/* predicted span and power at the initial caps */
};

/* The result before the loop: every figure NaN, "no GPU" until one is. */
static void
loop_result_init(struct caps_loop_result *out, size_t G)
{
	memset(out, 0, sizeof(*out));
	out->G = G;
	out->caps = xcalloc(G ? G : 1, sizeof(int));
	out->init = xcalloc(G ? G : 1, sizeof(int));
	out->last = xcalloc(G ? G : 1, sizeof(int));
	out->f = xcalloc(G ? G : 1, sizeof(double));
	out->power = xcalloc(G ? G : 1, sizeof(double));
	out->s_iter = out->power_ratio = out->last_s_iter = out->s_model = out->s_low =
		out->pr_low = out->s_work = NAN;
	out->s_bound = NAN;
	out->reason = "no GPU";
}

/* @w for @G (> 0) GPUs: the controller at its initial caps, the model evaluated there. */
static void
loop_init(struct loop *w, double p_idle, struct caps_loop_result *out)
{
	const struct caps_params *p = w->p;
	size_t G = w->G, g, i;

	w->ord = xmalloc(nz(w->n) * sizeof(*w->ord));
	for (i = 0; i < w->n; i++) {
		if (w->smp[i].m->K > w->maxK)
			w->maxK = w->smp[i].m->K;
		w->ord[i] = retime_order(w->smp[i].m);
	}
	caps_ctl_init(&w->ctl, p, G);
	w->scale = xcalloc(G, sizeof(*w->scale));
	w->f2 = xcalloc(G, sizeof(*w->f2));
	for (g = 0; g < G; g++)
		w->f2[g] = w->gm[g].f;
	caps_pred_init(&w->pr, w->smp, w->n, w->f2);
	/* gpu-red promises a loss: without the time no GPU ran a key (caps_pred_init()) */
	if (p->scenario == CAPS_GPU_RED)
		w->pr.span -= w->pr.idle;
	w->L = xcalloc(G, sizeof(*w->L));
	w->prev = xcalloc(G, sizeof(*w->prev));
	w->sc = xcalloc(G, sizeof(*w->sc));
	w->st = xmalloc(nz(G * w->maxK) * sizeof(*w->st));
	w->du = xmalloc(nz(G * w->maxK) * sizeof(*w->du));
	w->ld = xmalloc(nz(G * w->maxK) * sizeof(*w->ld));
	w->glo = xcalloc(G, sizeof(*w->glo));
	for (g = 0; g < G; g++) {
		w->glo[g] = p->cap_min;
		/* gpu-red: no cap under the range a fitted curve is trusted in */
		if (p->scenario == CAPS_GPU_RED && w->gm[g].p_lo > w->glo[g])
			w->glo[g] = (int)ceil(w->gm[g].p_lo);
	}
	w->x = (struct search){ &w->pr, w->gm, p_idle, G, p->cap_min, p->tdp, w->scale, w->f2,
				w->glo, out->init, 0 };
	memcpy(out->init, w->ctl.caps, G * sizeof(int));
	memcpy(out->caps, w->ctl.caps, G * sizeof(int));
	evaluate(&w->x, w->ctl.caps, &w->t_init, &w->p_init);
	w->x.init_spread = scale_spread(w->scale, G);
}

static void
loop_release(struct loop *w)
{
	size_t i;

	free(w->scale);
	free(w->f2);
	free(w->L);
	free(w->prev);
	free(w->sc);
	free(w->glo);
	free(w->st);
	free(w->du);
	free(w->ld);
	for (i = 0; i < w->n; i++)
		free(w->ord[i]);
	free(w->ord);
	caps_pred_release(&w->pr);
	caps_ctl_release(&w->ctl);
}

/* The straggler of the recorded samples: the GPU whose leads, summed over them, are least. */
static int
loop_straggler(struct loop *w)
{
	int64_t s0;
	size_t g, i;

	for (g = 0; g < w->G; g++)
		w->L[g] = 0;
	for (i = 0; i < w->n; i++) {
		double *L1 = xcalloc(w->G, sizeof(*L1));

		sample_leads(&w->smp[i], w->ord[i], w->scale, w->agg, w->st, w->du, w->ld, L1,
			     &s0);
		for (g = 0; g < w->G; g++)
			w->L[g] += L1[g];
		free(L1);
	}
	return lead_straggler(w->L, w->G);
}

/* @c is a candidate the scenario may report: within the limits, better, keeping pace. */
static bool
loop_takes(struct loop *w, const struct cand *c, const struct cand *best, const int *caps,
	   const int *init)
{
	return within(caps, w->G, w->glo, w->p->tdp, w->ctl.P_n) &&
	       better(w->p->scenario, CAPS_RED_EVEN_S, c, best) &&
	       keeps_pace(&w->x, w->p->scenario, init, caps, w->t_init, c->s);
}

/*
 * The controller fed the samples in turn, re-timed at its caps, until its
 * caps hold for a window or CAPS_MAX_ADJ adjustments; the best caps it went
 * through into out->caps. Returns the last candidate (*@best the best).
 */
static struct cand
loop_control(struct loop *w, struct cand *best, struct caps_loop_result *out)
{
	size_t G = w->G, g, i, stable = 0;
	struct cand cur = *best;
	double t_cur = 0, p_cur = 0;
	int64_t span;

	for (i = 0; w->maxK && w->ctl.nadj < CAPS_MAX_ADJ; i++) {
		bool changed = false;

		memcpy(w->prev, w->ctl.caps, G * sizeof(int));
		scales_for(w->gm, G, w->x.p_idle, w->ctl.caps, w->scale, w->f2);
		sample_leads(&w->smp[i % w->n], w->ord[i % w->n], w->scale, w->agg, w->st, w->du,
			     w->ld, w->L, &span);
		if (!caps_ctl_feed(&w->ctl, w->L))
			continue;
		for (g = 0; g < G; g++)
			if (abs(w->ctl.caps[g] - w->prev[g]) >= 1)
				changed = true;
		stable = changed ? 0 : stable + 1;
		cur.adj = w->ctl.nadj;
		if (changed) {
			evaluate(&w->x, w->ctl.caps, &t_cur, &p_cur);
			cur.s = t_cur > 0 ? w->t_init / t_cur : NAN;
			cur.pr = w->p_init > 0 ? p_cur / w->p_init : NAN;
		}
		if (loop_takes(w, &cur, best, w->ctl.caps, out->init)) {
			*best = cur;
			memcpy(out->caps, w->ctl.caps, G * sizeof(int));
		}
		if (stable >= w->ctl.p.window) {
			out->converged = true;
			break;
		}
	}
	return cur;
}

/* The direct search (search_red() or search_equal()); its caps when better than @best. */
static void
loop_search(struct loop *w, struct cand *best, struct caps_loop_result *out)
{
	struct cand cur;
	double t_cur = 0, p_cur = 0;

	if (w->p->scenario == CAPS_GPU_RED)
		search_red(&w->x, out->init, w->t_init, w->sc);
	else
		search_equal(&w->x, w->ctl.P_n, w->sc);
	evaluate(&w->x, w->sc, &t_cur, &p_cur);
	cur = (struct cand){ CAND_SEARCH, t_cur > 0 ? w->t_init / t_cur : NAN,
			     w->p_init > 0 ? p_cur / w->p_init : NAN };
	if (loop_takes(w, &cur, best, w->sc, out->init)) {
		*best = cur;
		memcpy(out->caps, w->sc, w->G * sizeof(int));
		out->searched = true;
	}
}

/*
 * gpu-realloc / cpu-slosh: the caps the traced run ran at (@gm[g].cap), where
 * they differ from the initial ones (a round of the run-over-run loop). Its
 * trace measured every GPU at them, so no GPU's clock there is a prediction
 * and keeps_pace()'s slack for one does not apply; its S_iter is the same
 * re-timing to the initial caps as every candidate's. Reported when it
 * predicts a gain (CAPS_CUT_GAIN: power alone is left to the rules above) and
 * beats every candidate: a round never walks back from caps its own run
 * measured to gain, for candidates the slack holds back.
 */
static void
loop_run_caps(struct loop *w, struct cand *best, struct caps_loop_result *out)
{
	size_t g, G = w->G;
	bool moved = false;
	double t = 0, pw = 0;
	struct cand cur;

	if (w->p->scenario == CAPS_GPU_RED)
		return;
	for (g = 0; g < G; g++) {
		if (!(w->gm[g].cap > 0))
			return;
		w->sc[g] = (int)lround(w->gm[g].cap);
		moved |= w->sc[g] != out->init[g];
	}
	if (!moved)
		return;
	evaluate(&w->x, w->sc, &t, &pw);
	cur = (struct cand){ CAND_RUN, t > 0 ? w->t_init / t : NAN,
			     w->p_init > 0 ? pw / w->p_init : NAN };
	if (cur.s >= 1 + CAPS_CUT_GAIN && within(w->sc, G, w->glo, w->p->tdp, w->ctl.P_n) &&
	    better(w->p->scenario, CAPS_RED_EVEN_S, &cur, best)) {
		*best = cur;
		memcpy(out->caps, w->sc, G * sizeof(int));
		out->searched = false;
		out->kept_run = true;
	}
}

/*
 * The figures of the chosen caps @best: the bound S_iter is held to, S_iter,
 * the power ratio, each GPU's clock and power, the GPUs beyond any clock
 * their runs showed and the range (s_low) where that leaves the data undecided.
 */
static void
loop_finish(struct loop *w, const struct cand *best, struct caps_loop_result *out)
{
	const struct caps_params *p = w->p;
	size_t g;

	/*
	 * gpu-red: a cap under what a GPU draws at its lowest clock saves no
	 * watt there; it gets the cap it will draw (no prediction moves).
	 */
	for (g = 0; p->scenario == CAPS_GPU_RED && g < w->G; g++)
		if (w->gm[g].f_min > 0) {
			double fp = floor(caps_model_power(&w->gm[g], w->x.p_idle, w->gm[g].f_min));

			if (out->caps[g] < fp && fp <= out->init[g])
				out->caps[g] = (int)fp;
		}
	out->reported = best->adj == CAND_SEARCH || best->adj == CAND_RUN ? 0 : best->adj;
	scales_for(w->gm, w->G, w->x.p_idle, out->caps, w->scale, w->f2);
	out->reason = pick_reason(p, best,
				  scale_spread(w->scale, w->G) <= CAPS_RED_EVEN &&
					  w->x.init_spread <= CAPS_RED_EVEN);
	out->s_model = best->s;
	out->s_bound = isnan(p->s_bound) ? caps_align_bound(w->smp, w->n, p->scenario) : p->s_bound;
	if (p->scenario == CAPS_CPU_SLOSH && w->maxK)
		out->s_bound *= slosh_boost(&w->x, out->init, w->ctl.P_n);
	/*
	 * The bound of gpu-realloc and cpu-slosh is the recorded run's; a run at
	 * other caps than the initial ones (a round of the run-over-run loop) is
	 * t_init / span away from them. gpu-red's (1: no cap above the initial
	 * one) is against the initial caps already.
	 */
	if (p->scenario != CAPS_GPU_RED && w->pr.span > 0 && w->t_init > 0)
		out->s_bound *= w->t_init / w->pr.span;
	out->s_iter = out->s_bound > 0 && best->s > out->s_bound ? out->s_bound : best->s;
	out->s_work = out->s_iter;
	out->gap_frac = w->pr.span > 0 ? w->pr.idle / (w->pr.span + (p->scenario == CAPS_GPU_RED ?
								      w->pr.idle : 0)) : 0;
	/*
	 * The time no GPU ran a key as untraced work: out of both spans (it is
	 * a constant of each), the bound as the span without it.
	 */
	if (p->scenario != CAPS_GPU_RED && w->pr.idle > 0 && best->s > 0 &&
	    w->t_init > w->pr.idle && w->t_init / best->s > w->pr.idle) {
		double sw = (w->t_init - w->pr.idle) / (w->t_init / best->s - w->pr.idle);
		double bw = out->s_bound;

		if (bw > 0 && w->pr.span > w->pr.idle && w->t_init > 0)
			bw *= (w->t_init - w->pr.idle) / (w->pr.span - w->pr.idle) *
			      w->pr.span / w->t_init;
		out->s_work = bw > 0 && sw > bw ? bw : sw;
		if (out->s_work < out->s_iter)
			out->s_work = out->s_iter;
	}
	out->power_ratio = best->pr;
	scales_for(w->gm, w->G, w->x.p_idle, out->caps, w->scale, w->f2);
	for (g = 0; g < w->G; g++) {
		out->f[g] = w->f2[g];
		out->power[g] = caps_model_power(&w->gm[g], w->x.p_idle, w->f2[g]);
		if (w->gm[g].f_seen > 0 && w->f2[g] > w->gm[g].f_seen * (1 + CAPS_SEEN_TOL))
			out->beyond++;
	}
	out->s_low = out->s_iter;
	out->pr_low = out->power_ratio;
	if (out->beyond && w->maxK)
		out->s_low = seen_s_iter(&w->x, out->init, out->caps, out->s_iter, &out->pr_low);
}

void
caps_loop(const struct caps_sample *smp, size_t n, const struct caps_gpu_model *gm,
	  double p_idle, const struct caps_params *p, enum lead_agg agg,
	  struct caps_loop_result *out)
{
	struct loop w = { .smp = smp, .n = n, .G = n ? smp[0].m->G : 0, .gm = gm, .p = p,
			  .agg = agg };
	struct cand best = { 0, 1, 1 }, cur;

	loop_result_init(out, w.G);
	if (!w.G)
		return;
	loop_init(&w, p_idle, out);
	out->straggler = loop_straggler(&w);
	cur = loop_control(&w, &best, out);
	memcpy(out->last, w.ctl.caps, w.G * sizeof(int));
	out->last_s_iter = cur.s;
	out->nadj = w.ctl.nadj;
	if (w.maxK) {
		loop_search(&w, &best, out);
		loop_run_caps(&w, &best, out);
	}
	loop_finish(&w, &best, out);
	loop_release(&w);
}

void
caps_predict_init(struct caps_pred *pr, const struct caps_sample *smp, size_t n,
		  const struct caps_gpu_model *gm)
{
	size_t G = n ? smp[0].m->G : 0, g;
	double *f = xcalloc(G + 1, sizeof(*f));

	for (g = 0; g < G; g++)
		f[g] = gm[g].f;
	caps_pred_init(pr, smp, n, f);
	pr->span -= pr->idle;	/* a loss: without the time no GPU ran a key */
	free(f);
}

void
caps_predict_with(const struct caps_pred *pr, const struct caps_gpu_model *gm, double p_idle,
		  const int *from, const int *to, double *s_iter, double *power_ratio, double *f)
{
	size_t G = pr->G, g;
	double *scale = xcalloc(G + 1, sizeof(*scale)), *f2 = xcalloc(G + 1, sizeof(*f2));
	double t0, t1, p0 = 0, p1 = 0;

	scales_for(gm, G, p_idle, from, scale, f2);
	for (g = 0; g < G; g++)
		p0 += caps_model_power(&gm[g], p_idle, f2[g]);
	t0 = caps_pred_time(pr, scale);
	scales_for(gm, G, p_idle, to, scale, f2);
	for (g = 0; g < G; g++) {
		p1 += caps_model_power(&gm[g], p_idle, f2[g]);
		f[g] = f2[g];
	}
	t1 = caps_pred_time(pr, scale);
	*s_iter = t0 > 0 && t1 > 0 ? t0 / t1 : NAN;
	*power_ratio = p0 > 0 ? p1 / p0 : NAN;
	free(scale);
	free(f2);
}

void
caps_predict(const struct caps_sample *smp, size_t n, const struct caps_gpu_model *gm,
	     double p_idle, const int *from, const int *to, double *s_iter, double *power_ratio,
	     double *f)
{
	struct caps_pred pr;

	caps_predict_init(&pr, smp, n, gm);
	caps_predict_with(&pr, gm, p_idle, from, to, s_iter, power_ratio, f);
	caps_pred_release(&pr);
}

void
caps_loop_release(struct caps_loop_result *r)
{
	free(r->caps);
	free(r->init);
	free(r->last);
	free(r->f);
	free(r->power);
	memset(r, 0, sizeof(*r));
}

char *
caps_shell_quote(const char *s)
{
	struct sbuf sb = SBUF_INIT;

	sbuf_addch(&sb, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			sbuf_addstr(&sb, "'\\''");
		else
			sbuf_addch(&sb, *s);
	}
	sbuf_addch(&sb, '\'');
	return sbuf_detach(&sb);
}
