/* SPDX-License-Identifier: MIT */
/*
 * lead.c: occurrence matching of compute kernels and collectives across the
 * GPUs of one sample, lead values, aggregation, stragglers, C/V classes; pure.
 */
#include "litsi/lead.h"
#include "litsi/litsi.h"
#include "litsi/overlap.h"
#include "litsi/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One keyed item of one GPU: a kernel (or collective) numbered by occurrence. */
struct krec {
	uint32_t name, occ;
	uint32_t g;
	size_t idx;		/* index in the GPU's input array */
	int64_t start;
};

static int
cmp_name_start(const void *pa, const void *pb)
{
	const struct krec *a = pa, *b = pb;

	if (a->name != b->name)
		return a->name < b->name ? -1 : 1;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/*
 * A small open-addressing table from a 64-bit key to a slot number, for
 * grouping a sample's kernels without sorting them (the node loader matches
 * every sample of every node: sorting was most of the matching time).
 */
struct kmap {
	uint64_t *key;
	uint32_t *val;		/* slot number + 1; 0 = empty */
	size_t mask;
};

static void
kmap_init(struct kmap *h, size_t n)
{
	size_t cap = 16;

	while (cap < 2 * n)
		cap *= 2;
	h->key = xmalloc(cap * sizeof(*h->key));
	h->val = xcalloc(cap, sizeof(*h->val));
	h->mask = cap - 1;
}

static void
kmap_release(struct kmap *h)
{
	free(h->key);
	free(h->val);
}

/* The slot of @key; a new key gets slot *@next (then incremented). */
static uint32_t
kmap_slot(struct kmap *h, uint64_t key, uint32_t *next)
{
	size_t i = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 32) & h->mask;

	while (h->val[i]) {
		if (h->key[i] == key)
			return h->val[i] - 1;
		i = (i + 1) & h->mask;
	}
	h->key[i] = key;
	h->val[i] = ++*next;
	return h->val[i] - 1;
}

/*
 * Number recs of one GPU (r[0..n)) by occurrence of their name in start order
 * (ties in input order). Recs already in start order, as the node loader
 * gives them, are numbered in one pass; others are sorted first.
 */
static void
number_occurrences(struct krec *r, size_t n)
{
	struct kmap h;
	uint32_t *seen, nn = 0;
	size_t i;

	for (i = 1; i < n && r[i - 1].start <= r[i].start; i++)
		;
	if (i < n) {
		qsort(r, n, sizeof(*r), cmp_name_start);
		for (i = 0; i < n; i++)
			r[i].occ = i && r[i - 1].name == r[i].name ? r[i - 1].occ + 1 : 0;
		return;
	}
	kmap_init(&h, n);
	seen = xcalloc(n + 1, sizeof(*seen));
	for (i = 0; i < n; i++)
		r[i].occ = seen[kmap_slot(&h, r[i].name, &nn)]++;
	free(seen);
	kmap_release(&h);
}

/* A matched key before ordering: where its G recs begin in the grouped array. */
struct mkey {
	int64_t first;		/* earliest start over the GPUs */
	uint32_t name, occ;
	size_t at;
};

static int
cmp_mkey(const void *pa, const void *pb)
{
	const struct mkey *a = pa, *b = pb;

	if (a->first != b->first)
		return a->first < b->first ? -1 : 1;
	if (a->name != b->name)
		return a->name < b->name ? -1 : 1;
	return a->occ < b->occ ? -1 : a->occ > b->occ;
}

/*
 * Group the recs (appended GPU by GPU) by (name, occ), GPUs in order within a
 * group, and keep the keys present on all @G GPUs, ordered by earliest start
 * (then name, occurrence: a total order). *keys is malloc'd; @r is regrouped.
 */
static size_t
match_keys(struct krec *r, size_t n, size_t G, struct mkey **keys, size_t *dropped)
{
	struct kmap h;
	uint32_t *slot = xmalloc((n + 1) * sizeof(*slot)), ns = 0;
	size_t *at, *fill, i, s, K = 0;
	struct krec *grouped = xmalloc((n + 1) * sizeof(*grouped));

	kmap_init(&h, n);
	for (i = 0; i < n; i++)
		slot[i] = kmap_slot(&h, (uint64_t)r[i].name << 32 | r[i].occ, &ns);
	at = xcalloc((size_t)ns + 1, sizeof(*at));
	fill = xcalloc((size_t)ns + 1, sizeof(*fill));
	for (i = 0; i < n; i++)
		at[slot[i] + 1]++;
	for (s = 0; s < ns; s++)
		at[s + 1] += at[s];
	for (i = 0; i < n; i++)
		grouped[at[slot[i]] + fill[slot[i]]++] = r[i];
	memcpy(r, grouped, n * sizeof(*r));
	*keys = xmalloc((n / (G ? G : 1) + 1) * sizeof(**keys));
	*dropped = 0;
	for (s = 0; s < ns; s++) {
		size_t b = at[s], e = at[s + 1];
		int64_t first = r[b].start;

		if (e - b != G) {
			(*dropped)++;
			continue;
		}
		for (i = b + 1; i < e; i++)
			first = r[i].start < first ? r[i].start : first;
		(*keys)[K++] = (struct mkey){ first, r[b].name, r[b].occ, b };
	}
	qsort(*keys, K, sizeof(**keys), cmp_mkey);
	free(grouped);
	free(slot);
	free(at);
	free(fill);
	kmap_release(&h);
	return K;
}

/* Overlap ratio of every compute kernel of one GPU (NaN for the others). */
static double *
gpu_ratios(const struct kspan *k, size_t n, enum clock_domain clock)
{
	struct kspan *c = xmalloc((n + 1) * sizeof(*c));
	struct ival *u = xmalloc((n + 1) * sizeof(*u));
	int64_t *ov = xmalloc((n + 1) * sizeof(*ov));
	double *ratio = xmalloc((n + 1) * sizeof(*ratio));
	size_t i, nu;

	/* Kernels of another clock domain must not contribute to the comm union. */
	for (i = 0; i < n; i++) {
		c[i] = k[i];
		if (k[i].clock != clock && k[i].kclass == KCLASS_COMM)
			c[i].kclass = KCLASS_MEMSET;
	}
	nu = overlap_comm_union(c, n, u);
	overlap_kernels(c, n, u, nu, ov, ratio);
	free(c);
	free(u);
	free(ov);
	return ratio;
}

int
lead_match_clock(size_t G, const struct kspan *const *kern, const size_t *nk,
		 enum clock_domain clock, struct match *out)
{
	struct krec *r;
	struct mkey *keys;
	double **ratio = xcalloc(G + 1, sizeof(*ratio));
	size_t total = 0, n = 0, g, i, k, K;

	memset(out, 0, sizeof(*out));
	out->G = G;
	for (g = 0; g < G; g++)
		total += nk[g];
	r = xmalloc((total + 1) * sizeof(*r));
	for (g = 0; g < G; g++) {
		size_t first = n;

		ratio[g] = gpu_ratios(kern[g], nk[g], clock);
		for (i = 0; i < nk[g]; i++) {
			const struct kspan *ks = &kern[g][i];

			if (ks->kclass != KCLASS_COMPUTE || ks->clock != clock)
				continue;
			r[n++] = (struct krec){ ks->name_id, 0, (uint32_t)g, i, ks->start_ns };
		}
		number_occurrences(r + first, n - first);
	}
	K = match_keys(r, n, G, &keys, &out->dropped);
	out->K = K;
	out->name_id = xmalloc((K + 1) * sizeof(*out->name_id));
	out->occ = xmalloc((K + 1) * sizeof(*out->occ));
	out->start = xmalloc((G * K + 1) * sizeof(*out->start));
	out->dur = xmalloc((G * K + 1) * sizeof(*out->dur));
	out->ratio = xmalloc((G * K + 1) * sizeof(*out->ratio));
	for (k = 0; k < K; k++) {
		out->name_id[k] = keys[k].name;
		out->occ[k] = keys[k].occ;
		for (g = 0; g < G; g++) {
			const struct krec *rec = &r[keys[k].at + g];
			const struct kspan *ks = &kern[rec->g][rec->idx];

			out->start[rec->g * K + k] = ks->start_ns;
			out->dur[rec->g * K + k] = ival_len(ks->start_ns, ks->end_ns);
			out->ratio[rec->g * K + k] = ratio[rec->g][rec->idx];
		}
	}
	for (g = 0; g < G; g++)
		free(ratio[g]);
	free(ratio);
	free(keys);
	free(r);
	return 0;
}

int
lead_match(size_t G, const struct kspan *const *kern, const size_t *nk, struct match *out)
{
	enum clock_domain clock = CLK_EPOCH;
	size_t g;

	for (g = 0; g < G; g++) {
		if (nk[g]) {
			clock = (enum clock_domain)kern[g][0].clock;
			break;
		}
	}
	return lead_match_clock(G, kern, nk, clock, out);
}

void
match_release(struct match *m)
{
	if (!m)
		return;
	free(m->name_id);
	free(m->occ);
	free(m->start);
	free(m->dur);
	free(m->ratio);
	memset(m, 0, sizeof(*m));
}

void
lead_values(const struct match *m, int64_t *lead)
{
	size_t g, k;

	for (k = 0; k < m->K; k++) {
		int64_t mx = INT64_MIN;

		for (g = 0; g < m->G; g++)
			if (m->start[g * m->K + k] > mx)
				mx = m->start[g * m->K + k];
		for (g = 0; g < m->G; g++)
			lead[g * m->K + k] = sat_sub64(mx, m->start[g * m->K + k]);
	}
}

size_t
lead_last_key(const struct match *m)
{
	size_t best = m->K, g, k;
	int64_t best_t = INT64_MIN;

	for (k = 0; k < m->K; k++) {
		int64_t mx = INT64_MIN;

		for (g = 0; g < m->G; g++)
			if (m->start[g * m->K + k] > mx)
				mx = m->start[g * m->K + k];
		if (best == m->K || mx >= best_t) {
			best = k;
			best_t = mx;
		}
	}
	return best;
}

void
lead_aggregate(const struct match *m, const int64_t *lead, enum lead_agg agg, double *L)
{
	size_t g, k, last = agg == LEAD_LAST ? lead_last_key(m) : 0;

	for (g = 0; g < m->G; g++) {
		const int64_t *row = lead + g * m->K;
		double v = 0;

		switch (agg) {
		case LEAD_SUM:
			for (k = 0; k < m->K; k++)
				v += (double)row[k];
			break;
		case LEAD_MAX:
			for (k = 0; k < m->K; k++)
				v = (double)row[k] > v ? (double)row[k] : v;
			break;
		case LEAD_LAST:
			v = last < m->K ? (double)row[last] : 0;
			break;
		}
		L[g] = v;
	}
}

void
lead_per_step(const struct match *m, const int64_t *lead, double *step)
{
	size_t g, k;

	for (g = 0; g < m->G; g++) {
		double v = 0;

		for (k = 0; k < m->K; k++)
			v += (double)lead[g * m->K + k] / (double)m->K;
		step[g] = m->K ? v : NAN;
	}
}

size_t
lead_straggler(const double *L, size_t G)
{
	size_t g, best = 0;

	for (g = 1; g < G; g++)
		if (L[g] < L[best])
			best = g;
	return best;
}

bool
lead_has_straggler(const double *L, size_t G)
{
	size_t g;

	for (g = 1; g < G; g++)
		if (L[g] != L[0])
			return true;
	return false;
}

void
lead_classify(const struct match *m, double eps, bool *is_const)
{
	size_t g, k;

	for (k = 0; k < m->K; k++) {
		bool low = true, high = true;

		for (g = 0; g < m->G; g++) {
			double r = m->ratio[g * m->K + k];

			low = low && r <= eps;
			high = high && r >= 100.0 - eps;
		}
		is_const[k] = m->G && (low || high);
	}
}

int
lead_match_collectives(size_t G, const struct coll_inst *const *c, const size_t *nc,
		       struct coll_match *out)
{
	struct krec *r;
	struct mkey *keys;
	size_t total = 0, n = 0, g, i, k, K;

	memset(out, 0, sizeof(*out));
	out->G = G;
	for (g = 0; g < G; g++)
		total += nc[g];
	r = xmalloc((total + 1) * sizeof(*r));
	for (g = 0; g < G; g++) {
		size_t first = n;

		for (i = 0; i < nc[g]; i++)
			r[n++] = (struct krec){ c[g][i].group, 0, (uint32_t)g, i, c[g][i].start_ns };
		number_occurrences(r + first, n - first);
	}
	K = match_keys(r, n, G, &keys, &out->dropped);
	out->K = K;
	out->group = xmalloc((K + 1) * sizeof(*out->group));
	out->occ = xmalloc((K + 1) * sizeof(*out->occ));
	out->start = xmalloc((G * K + 1) * sizeof(*out->start));
	out->end = xmalloc((G * K + 1) * sizeof(*out->end));
	out->idx = xmalloc((G * K + 1) * sizeof(*out->idx));
	for (k = 0; k < K; k++) {
		out->group[k] = keys[k].name;
		out->occ[k] = keys[k].occ;
		for (g = 0; g < G; g++) {
			const struct krec *rec = &r[keys[k].at + g];

			out->start[rec->g * K + k] = c[rec->g][rec->idx].start_ns;
			out->end[rec->g * K + k] = c[rec->g][rec->idx].end_ns;
			out->idx[rec->g * K + k] = rec->idx;
		}
	}
	free(keys);
	free(r);
	return 0;
}

void
coll_match_release(struct coll_match *m)
{
	if (!m)
		return;
	free(m->group);
	free(m->occ);
	free(m->start);
	free(m->end);
	free(m->idx);
	memset(m, 0, sizeof(*m));
}

double
lead_persist_share(const size_t *count, size_t G, size_t samples, size_t *best)
{
	size_t g;

	*best = 0;
	if (!count || !G || !samples)
		return NAN;
	for (g = 1; g < G; g++)
		if (count[g] > count[*best])
			*best = g;
	return 100.0 * (double)count[*best] / (double)samples;
}
