/* SPDX-License-Identifier: MIT */
/*
 * caps.c: power caps from lead values (METHOD §7): Algorithms 2 and 3, window
 * combining, the controller, and the model-based closed loop; pure.
 */
#include "litsi/caps.h"
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
	c->nbuf = 0;
	c->nadj++;
	return 1;
}

/* ---- model-based closed loop ---- */

double
caps_model_freq(const struct caps_gpu_model *g, double p_idle, double cap)
{
	double M, f2, fmax = g->f_max > g->f ? g->f_max : g->f;

	if (!(g->f > 0) || !(g->p > p_idle))
		return g->f;
	M = (g->p - p_idle) / g->f;
	f2 = (cap - p_idle) / M;
	if (f2 > fmax)
		f2 = fmax;
	if (f2 < 0.01 * g->f)
		f2 = 0.01 * g->f;
	return f2;
}

double
caps_model_power(const struct caps_gpu_model *g, double p_idle, double f2)
{
	if (!(g->f > 0) || !(g->p > p_idle))
		return g->p;
	return (g->p - p_idle) / g->f * f2 + p_idle;
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

/* Σ over samples of the re-timed span, and Σ of L per GPU. */
static int64_t
total_span(const struct caps_sample *smp, struct ord *const *ord, size_t n, const double *scale,
	   enum lead_agg agg, double *Lsum, size_t G)
{
	int64_t total = 0, span;
	size_t i, g;

	for (g = 0; g < G; g++)
		Lsum[g] = 0;
	for (i = 0; i < n; i++) {
		size_t nn = smp[i].m->G * smp[i].m->K;
		int64_t *st = xmalloc((nn ? nn : 1) * sizeof(*st));
		int64_t *du = xmalloc((nn ? nn : 1) * sizeof(*du));
		int64_t *ld = xmalloc((nn ? nn : 1) * sizeof(*ld));
		double *L = xcalloc(G, sizeof(*L));

		sample_leads(&smp[i], ord[i], scale, agg, st, du, ld, L, &span);
		total += span;
		for (g = 0; g < G; g++)
			Lsum[g] += L[g];
		free(st);
		free(du);
		free(ld);
		free(L);
	}
	return total;
}

/* Model at @caps: Σ of the re-timed spans and Σ of the modelled power. */
static void
evaluate(const struct caps_sample *smp, struct ord *const *ord, size_t n,
	 const struct caps_gpu_model *gm, double p_idle, enum lead_agg agg, const int *caps, size_t G, double *scale, double *f2,
	 double *L, int64_t *span, double *power)
{
	size_t g;

	scales_for(gm, G, p_idle, caps, scale, f2);
	*power = 0;
	for (g = 0; g < G; g++)
		*power += caps_model_power(&gm[g], p_idle, f2[g]);
	*span = total_span(smp, ord, n, scale, agg, L, G);
}

/* One adjustment's caps as the model predicts them. */
struct cand {
	size_t adj;
	double s, pr;
};

/*
 * Is @c better than @best? gpu-red: the least power among S_iter >= CAPS_RED_MIN_S
 * (ties: higher S_iter); otherwise the highest S_iter (ties within CAPS_S_TIE:
 * less power). Equal candidates keep the earlier one.
 */
static bool
better(enum caps_scenario sc, const struct cand *c, const struct cand *best)
{
	if (!(c->s >= 0) || !(c->pr >= 0))
		return false;
	if (sc == CAPS_GPU_RED) {
		if (c->s < CAPS_RED_MIN_S)
			return false;
		if (c->pr < best->pr - 1e-12)
			return true;
		return fabs(c->pr - best->pr) <= 1e-12 && c->s > best->s + CAPS_S_TIE;
	}
	if (c->s > best->s + CAPS_S_TIE)
		return true;
	return fabs(c->s - best->s) <= CAPS_S_TIE && c->pr < best->pr - 1e-12;
}

static const char *
pick_reason(enum caps_scenario sc, const struct cand *best)
{
	if (sc == CAPS_GPU_RED)
		return best->adj ? "least predicted power with S_iter >= 0.999"
				 : "initial caps: no adjustment saved power with S_iter >= 0.999";
	if (!best->adj)
		return "initial caps: no adjustment predicted a higher S_iter, or the same for "
		       "less power";
	return best->s > 1 + CAPS_S_TIE ? "highest predicted S_iter"
					: "S_iter unchanged, least predicted power";
}

void
caps_loop(const struct caps_sample *smp, size_t n, const struct caps_gpu_model *gm,
	  double p_idle, const struct caps_params *p, enum lead_agg agg,
	  struct caps_loop_result *out)
{
	size_t G = n ? smp[0].m->G : 0, g, i, stable = 0, maxK = 0;
	struct caps_ctl ctl;
	struct cand best, cur;
	double *scale, *f2, *L, p_init = 0, p_cur = 0;
	int64_t *st, *du, *ld, span, t_init, t_cur = 0;
	struct ord **ord;
	int *prev;

	memset(out, 0, sizeof(*out));
	out->G = G;
	out->caps = xcalloc(G ? G : 1, sizeof(int));
	out->init = xcalloc(G ? G : 1, sizeof(int));
	out->last = xcalloc(G ? G : 1, sizeof(int));
	out->f = xcalloc(G ? G : 1, sizeof(double));
	out->power = xcalloc(G ? G : 1, sizeof(double));
	out->s_iter = out->power_ratio = out->last_s_iter = NAN;
	out->reason = "no GPU";
	if (!G)
		return;
	ord = xmalloc(n * sizeof(*ord));
	for (i = 0; i < n; i++) {
		if (smp[i].m->K > maxK)
			maxK = smp[i].m->K;
		ord[i] = retime_order(smp[i].m);
	}
	caps_ctl_init(&ctl, p, G);
	scale = xcalloc(G, sizeof(*scale));
	f2 = xcalloc(G, sizeof(*f2));
	L = xcalloc(G, sizeof(*L));
	prev = xcalloc(G, sizeof(*prev));
	st = xmalloc(nz(G * maxK) * sizeof(*st));
	du = xmalloc(nz(G * maxK) * sizeof(*du));
	ld = xmalloc(nz(G * maxK) * sizeof(*ld));
	memcpy(out->init, ctl.caps, G * sizeof(int));
	memcpy(out->caps, ctl.caps, G * sizeof(int));
	evaluate(smp, ord, n, gm, p_idle, agg, ctl.caps, G, scale, f2, L, &t_init, &p_init);
	out->straggler = lead_straggler(L, G);
	best = (struct cand){ 0, 1, 1 };
	cur = best;
	for (i = 0; maxK && ctl.nadj < CAPS_MAX_ADJ; i++) {
		bool changed = false;

		memcpy(prev, ctl.caps, G * sizeof(int));
		sample_leads(&smp[i % n], ord[i % n], scale, agg, st, du, ld, L, &span);
		if (!caps_ctl_feed(&ctl, L))
			continue;
		for (g = 0; g < G; g++)
			if (abs(ctl.caps[g] - prev[g]) >= 1)
				changed = true;
		stable = changed ? 0 : stable + 1;
		cur.adj = ctl.nadj;
		if (changed) {
			evaluate(smp, ord, n, gm, p_idle, agg, ctl.caps, G, scale, f2, L, &t_cur,
				 &p_cur);
			cur.s = t_cur > 0 ? (double)t_init / (double)t_cur : NAN;
			cur.pr = p_init > 0 ? p_cur / p_init : NAN;
		}
		if (better(p->scenario, &cur, &best)) {
			best = cur;
			memcpy(out->caps, ctl.caps, G * sizeof(int));
		}
		if (stable >= ctl.p.window) {
			out->converged = true;
			break;
		}
	}
	memcpy(out->last, ctl.caps, G * sizeof(int));
	out->last_s_iter = cur.s;
	out->nadj = ctl.nadj;
	out->reported = best.adj;
	out->reason = pick_reason(p->scenario, &best);
	out->s_iter = best.s;
	out->power_ratio = best.pr;
	scales_for(gm, G, p_idle, out->caps, scale, f2);
	for (g = 0; g < G; g++) {
		out->f[g] = f2[g];
		out->power[g] = caps_model_power(&gm[g], p_idle, f2[g]);
	}
	free(scale);
	free(f2);
	free(L);
	free(prev);
	free(st);
	free(du);
	free(ld);
	for (i = 0; i < n; i++)
		free(ord[i]);
	free(ord);
	caps_ctl_release(&ctl);
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
