/* SPDX-License-Identifier: MIT */
/*
 * ingest_link.c: the records of one source that wait for the end of the
 * file, in memory, and the linking that needs no SQL (see ingest_link.h).
 */
#include "ingest_link.h"

#include <stdlib.h>
#include <string.h>

#include "litsi/trace.h"
#include "litsi/util.h"

#define LK_BLOCK 4096			/* records per block */
#define LK_DEFAULT_BUDGET (64u << 20)	/* bytes; past it, records are staged in SQLite */

struct lk_comm {
	uint16_t rank;
	int64_t corr, idx;
};

struct lk_claunch {
	uint16_t rank, tid;
	int64_t ts_ns, corr, kidx;
};

void
link_init(struct link *lk, unsigned share)
{
	const char *env = getenv("LITSI_LINK_MEM");
	size_t budget = 0;

	memset(lk, 0, sizeof(*lk));
	lk->kernels.esz = sizeof(struct lk_kernel);
	lk->launches.esz = sizeof(struct lk_launch);
	lk->steps.esz = sizeof(struct lk_step);
	lk->anns.esz = sizeof(struct lk_ann);
	if (!budget && env && *env) {
		char *end;
		unsigned long long v = strtoull(env, &end, 10);

		if (!*end)
			budget = (size_t)v;
	}
	lk->budget = (budget ? budget : LK_DEFAULT_BUDGET) / (share > 1 ? share : 1);
}

static void
spool_free(struct lk_spool *sp)
{
	size_t i;

	for (i = 0; i < sp->nr_blk; i++)
		free(sp->blk[i]);
	free(sp->blk);
	sp->blk = NULL;
	sp->nr_blk = sp->alloc_blk = sp->n = 0;
}

static void
comm_free(struct link *lk)
{
	free(lk->comm);
	free(lk->cl);
	lk->comm = NULL;
	lk->cl = NULL;
	lk->nr_comm = lk->nr_cl = 0;
	lk->comm_built = false;
}

void
link_drop(struct link *lk)
{
	spool_free(&lk->kernels);
	spool_free(&lk->launches);
	spool_free(&lk->steps);
	spool_free(&lk->anns);
	free(lk->lhash);
	lk->lhash = NULL;
	lk->lhash_cap = 0;
	comm_free(lk);
	lk->mem = 0;
}

void
link_free(struct link *lk)
{
	size_t i;

	link_drop(lk);
	free(lk->ranks.v);
	free(lk->tids.v);
	free(lk->gpus.v);
	for (i = 0; i < lk->nr_kinds; i++)
		free(lk->kinds[i]);
	free(lk->kinds);
	memset(lk, 0, sizeof(*lk));
}

int
link_index(struct link *lk, struct lk_map *m, int64_t v)
{
	size_t i;

	(void)lk;
	if (m->last < m->n && m->v[m->last] == v)
		return (int)m->last;
	for (i = 0; i < m->n; i++) {
		if (m->v[i] == v) {
			m->last = i;
			return (int)i;
		}
	}
	if (m->n > LK_SMALL_MAX)
		return -1;
	VEC_GROW(m->v, m->n + 1, m->alloc);
	m->v[m->n] = v;
	m->last = m->n;
	return (int)m->n++;
}

int
link_kind(struct link *lk, const char *kind)
{
	size_t i;

	for (i = 0; i < lk->nr_kinds; i++)
		if (!strcmp(lk->kinds[i], kind))
			return (int)i;
	if (lk->nr_kinds > LK_SMALL_MAX)
		return -1;
	VEC_GROW(lk->kinds, lk->nr_kinds + 1, lk->alloc_kinds);
	lk->kinds[lk->nr_kinds] = xstrdup(kind);
	return (int)lk->nr_kinds++;
}

void *
link_push(struct link *lk, struct lk_spool *sp)
{
	void *p;

	if (sp->n == sp->nr_blk * LK_BLOCK) {
		VEC_GROW(sp->blk, sp->nr_blk + 1, sp->alloc_blk);
		sp->blk[sp->nr_blk++] = xmalloc(LK_BLOCK * sp->esz);
		lk->mem += LK_BLOCK * sp->esz;
	}
	p = link_at(sp, sp->n++);
	memset(p, 0, sp->esz);
	return p;
}

void *
link_at(const struct lk_spool *sp, size_t i)
{
	return sp->blk[i / LK_BLOCK] + (i % LK_BLOCK) * sp->esz;
}

bool
link_over(const struct link *lk)
{
	return lk->mem > lk->budget;
}

static uint64_t
launch_hash(uint16_t rank, int64_t corr)
{
	uint64_t h = ((uint64_t)corr >> 4) ^ ((uint64_t)rank << 48);

	/*
	 * splitmix64's finalizer scatters groups of 16 correlation ids; within a
	 * group they take neighbouring slots, so the mostly increasing ids of a
	 * trace probe one cache line after another.
	 */
	h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ULL;
	h = (h ^ (h >> 27)) * 0x94D049BB133111EBULL;
	h ^= h >> 31;
	return h << 4 | ((uint64_t)corr & 15);
}

static void
lhash_grow(struct link *lk)
{
	size_t cap = lk->lhash_cap ? lk->lhash_cap * 2 : 4096, i;
	uint32_t *t = xcalloc(cap, sizeof(*t));

	for (i = 0; i < lk->launches.n; i++) {
		const struct lk_launch *l = link_at(&lk->launches, i);
		size_t j = launch_hash(l->rank, l->corr) & (cap - 1);

		while (t[j])
			j = (j + 1) & (cap - 1);
		t[j] = (uint32_t)(i + 1);
	}
	lk->mem += (cap - lk->lhash_cap) * sizeof(*t);
	free(lk->lhash);
	lk->lhash = t;
	lk->lhash_cap = cap;
}

/* The hash slot of (rank, corr): the launch's, or the empty one it would take. */
static size_t
lhash_slot(const struct link *lk, uint16_t rank, int64_t corr)
{
	size_t j = launch_hash(rank, corr) & (lk->lhash_cap - 1);

	while (lk->lhash[j]) {
		const struct lk_launch *l = link_at(&lk->launches, lk->lhash[j] - 1);

		if (l->rank == rank && l->corr == corr)
			break;
		j = (j + 1) & (lk->lhash_cap - 1);
	}
	return j;
}

void
link_add_launch(struct link *lk, const struct lk_launch *l)
{
	size_t j;

	if ((lk->launches.n + 1) * 2 > lk->lhash_cap)
		lhash_grow(lk);
	j = lhash_slot(lk, l->rank, l->corr);
	if (lk->lhash[j])
		return;		/* the first launch of a correlation id is kept */
	*(struct lk_launch *)link_push(lk, &lk->launches) = *l;
	lk->lhash[j] = (uint32_t)lk->launches.n;
}

const struct lk_launch *
link_find_launch(const struct link *lk, uint16_t rank, int64_t corr)
{
	size_t j;

	if (!lk->lhash_cap)
		return NULL;
	j = lhash_slot(lk, rank, corr);
	return lk->lhash[j] ? link_at(&lk->launches, lk->lhash[j] - 1) : NULL;
}

static int
add_to(int64_t *t, int64_t by)
{
	return __builtin_add_overflow(*t, by, t) ? -1 : 0;
}

int
link_shift(struct link *lk, int64_t by)
{
	size_t i;

	for (i = 0; i < lk->kernels.n; i++) {
		struct lk_kernel *k = link_at(&lk->kernels, i);

		if (add_to(&k->start_ns, by) || add_to(&k->end_ns, by) ||
		    (k->has_launch && add_to(&k->launch_ns, by)))
			return -1;
	}
	for (i = 0; i < lk->launches.n; i++)
		if (add_to(&((struct lk_launch *)link_at(&lk->launches, i))->ts_ns, by))
			return -1;
	for (i = 0; i < lk->steps.n; i++) {
		struct lk_step *s = link_at(&lk->steps, i);

		if (add_to(&s->start_ns, by) || add_to(&s->end_ns, by))
			return -1;
	}
	for (i = 0; i < lk->anns.n; i++) {
		struct lk_ann *a = link_at(&lk->anns, i);

		if (add_to(&a->start_ns, by) || add_to(&a->end_ns, by))
			return -1;
	}
	return 0;
}

static int
cmp_comm(const void *a, const void *b)
{
	const struct lk_comm *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->corr != y->corr)
		return x->corr < y->corr ? -1 : 1;
	return (x->idx > y->idx) - (x->idx < y->idx);
}

static int
cmp_claunch(const void *a, const void *b)
{
	const struct lk_claunch *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->tid != y->tid)
		return x->tid < y->tid ? -1 : 1;
	if (x->ts_ns != y->ts_ns)
		return x->ts_ns < y->ts_ns ? -1 : 1;
	return (x->corr > y->corr) - (x->corr < y->corr);
}

/* The first comm kernel of (rank, corr), or -1. */
static int64_t
comm_of(const struct link *lk, uint16_t rank, int64_t corr)
{
	size_t lo = 0, hi = lk->nr_comm;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct lk_comm *c = &lk->comm[mid];

		if (c->rank < rank || (c->rank == rank && c->corr < corr))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < lk->nr_comm && lk->comm[lo].rank == rank && lk->comm[lo].corr == corr)
		return lk->comm[lo].idx;
	return -1;
}

/* The comm kernels (first of each correlation id) and the launches that have one. */
static void
comm_build(struct link *lk)
{
	size_t i, n = 0, alloc = 0;

	for (i = 0; i < lk->kernels.n; i++) {
		const struct lk_kernel *k = link_at(&lk->kernels, i);

		if (k->kclass != KCLASS_COMM || k->corr == -1)
			continue;
		VEC_GROW(lk->comm, lk->nr_comm + 1, alloc);
		lk->comm[lk->nr_comm++] = (struct lk_comm){ k->rank, k->corr, (int64_t)i };
	}
	if (lk->nr_comm)
		qsort(lk->comm, lk->nr_comm, sizeof(*lk->comm), cmp_comm);
	for (i = 0; i < lk->nr_comm; i++)	/* keep the first kernel of each (rank, corr) */
		if (!n || lk->comm[n - 1].rank != lk->comm[i].rank ||
		    lk->comm[n - 1].corr != lk->comm[i].corr)
			lk->comm[n++] = lk->comm[i];
	lk->nr_comm = n;
	alloc = 0;
	for (i = 0; n && i < lk->launches.n; i++) {
		const struct lk_launch *l = link_at(&lk->launches, i);
		int64_t kidx = comm_of(lk, l->rank, l->corr);

		if (kidx < 0)
			continue;
		VEC_GROW(lk->cl, lk->nr_cl + 1, alloc);
		lk->cl[lk->nr_cl++] = (struct lk_claunch){ l->rank, l->tid, l->ts_ns, l->corr, kidx };
	}
	if (lk->nr_cl)
		qsort(lk->cl, lk->nr_cl, sizeof(*lk->cl), cmp_claunch);
	lk->comm_built = true;
}

static int
find_value(const struct lk_map *m, int64_t v)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (m->v[i] == v)
			return (int)i;
	return -1;
}

int64_t
link_coll_kernel(struct link *lk, int64_t rank, bool has_corr, int64_t corr, int64_t tid,
		 int64_t start, int64_t end)
{
	int r = find_value(&lk->ranks, rank), t;
	size_t lo = 0, hi;
	int64_t k;

	if (r < 0)
		return -1;
	if (!lk->comm_built)
		comm_build(lk);
	if (has_corr && (k = comm_of(lk, (uint16_t)r, corr)) >= 0)
		return k;
	t = find_value(&lk->tids, tid);
	if (t < 0)
		return -1;
	/* The first comm launch at or after (rank, tid, start). */
	hi = lk->nr_cl;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct lk_claunch *c = &lk->cl[mid];

		if (c->rank < r || (c->rank == r && (c->tid < t || (c->tid == t && c->ts_ns < start))))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < lk->nr_cl && lk->cl[lo].rank == r && lk->cl[lo].tid == t &&
	    lk->cl[lo].ts_ns <= end)
		return lk->cl[lo].kidx;
	return -1;
}
