/* SPDX-License-Identifier: MIT */
/*
 * lead.h: matching compute kernels across the GPUs of one sample, lead
 * values, aggregation and straggler detection (METHOD.md §3, §4). Pure:
 * arrays in, arrays out; no I/O.
 */
#ifndef LITSI_LEAD_H
#define LITSI_LEAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "litsi/trace.h"

enum lead_agg { LEAD_SUM, LEAD_MAX, LEAD_LAST };

/* Kernels of one sample matched across G GPUs by (name, occurrence). */
struct match {
	size_t G, K;		/* GPUs, matched keys */
	uint32_t *name_id;	/* [K] name of key k */
	uint32_t *occ;		/* [K] occurrence index i of key (name, i) */
	int64_t *start;		/* [G*K] T[g,k] = start[g * K + k], ns */
	int64_t *dur;		/* [G*K] duration, ns */
	double *ratio;		/* [G*K] overlap ratio with the GPU's comm union, percent */
	size_t dropped;		/* keys missing on some GPU, not matched */
};

/*
 * lead_match() - number each GPU's compute kernels by occurrence of their name
 * in start order and keep the keys present on all @G GPUs. @kern[g] holds the
 * kernels of GPU g of one sample, any class, sorted by start; comm kernels
 * feed the overlap ratio, memcpy/memset are ignored. Keys are ordered by their
 * earliest start over the GPUs (ties: name id, occurrence). @out must be
 * released with match_release(). Return: 0.
 */
int lead_match(size_t G, const struct kspan *const *kern, const size_t *nk, struct match *out);
void match_release(struct match *m);

/* lead_values() - lead[g*K + k] = max_g' T[g',k] - T[g,k] (>= 0). */
void lead_values(const struct match *m, int64_t *lead);
/* lead_aggregate() - L[g] per METHOD §3 (sum, max, or the latest-starting key). */
void lead_aggregate(const struct match *m, const int64_t *lead, enum lead_agg agg, double *L);
/*
 * lead_per_step() - step[g]: GPU g's mean lead over the sample's matched
 * kernels, ns: how far ahead of the last GPU it runs within the step (a time
 * within the step, unlike the --agg sum); NaN for every GPU when K == 0.
 */
void lead_per_step(const struct match *m, const int64_t *lead, double *step);
/* lead_straggler() - argmin_g L[g], ties to the lowest index. */
size_t lead_straggler(const double *L, size_t G);
/*
 * lead_classify() - is_const[k] = true when key k is constant-overlap: ratio
 * <= eps on every GPU, or >= 100 - eps on every GPU (METHOD §4).
 */
void lead_classify(const struct match *m, double eps, bool *is_const);

/*
 * lead_match_clock() - lead_match() over the kernels whose clock domain is
 * @clock only; kernels of other domains are ignored entirely (ranks are
 * compared by start time only within one clock). lead_match() uses the
 * domain of the first kernel of the lowest GPU that has kernels.
 */
int lead_match_clock(size_t G, const struct kspan *const *kern, const size_t *nk,
		     enum clock_domain clock, struct match *out);

/*
 * lead_has_straggler() - false when G < 2 or every L[g] is equal: a node
 * whose GPUs are perfectly aligned has no straggler (argmin would otherwise
 * name GPU 0 by the tie rule).
 */
bool lead_has_straggler(const double *L, size_t G);
/*
 * lead_persist_share() - the GPU that is the straggler most often (*best;
 * ties to the lowest index) given @count[g] over @samples samples, and its
 * share in percent; NaN when there is no sample or GPU. One rule for lead,
 * check and the report (METHOD §3).
 */
double lead_persist_share(const size_t *count, size_t G, size_t samples, size_t *best);

/* lead_last_key() - k_last: the key with the latest max_g T[g,k] (ties: higher k); K if K == 0. */
size_t lead_last_key(const struct match *m);

/* A collective (comm kernel) of one GPU, keyed by an interned group id. */
struct coll_inst {
	int64_t start_ns, end_ns;	/* [start, end) in the clock of its source, ns */
	uint32_t group;		/* caller's id of the process group (or kernel name) */
};

/* Collectives of one sample matched across G GPUs by (group, occurrence). */
struct coll_match {
	size_t G, K;		/* GPUs, collectives matched on all of them */
	uint32_t *group;	/* [K] */
	uint32_t *occ;		/* [K] occurrence of the group on each GPU, by start */
	int64_t *start, *end;	/* [G*K] */
	size_t *idx;		/* [G*K] index of the instance in the caller's c[g] */
	size_t dropped;		/* (group, occurrence) keys missing on some GPU */
};

/*
 * lead_match_collectives() - number each GPU's collectives per group in start
 * order (@c[g] any order) and keep the instances present on all GPUs, ordered
 * by earliest start. Release with coll_match_release(). Return: 0.
 */
int lead_match_collectives(size_t G, const struct coll_inst *const *c, const size_t *nc,
			   struct coll_match *out);
void coll_match_release(struct coll_match *m);

#endif
