/* SPDX-License-Identifier: MIT */
/*
 * overlap.h: overlap of compute kernels with the union of the comm kernels
 * of their GPU (METHOD.md §1), operation/layer grouping by annotations, and
 * the peers' whole-GPU figures (HTA comm/comp overlap, TraceLens timeline).
 * Pure: arrays in, numbers out.
 */
#ifndef LITSI_OVERLAP_H
#define LITSI_OVERLAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "litsi/interval.h"
#include "litsi/trace.h"

/*
 * overlap_comm_union() - U_g: the normalised union of the kernels of @k
 * whose kclass is KCLASS_COMM. @out needs room for @n. Return: its count.
 */
size_t overlap_comm_union(const struct kspan *k, size_t n, struct ival *out);

/* overlap_ratio() - 100 · @ov / @dur in percent; 0 for zero-length kernels. */
double overlap_ratio(int64_t ov_ns, int64_t dur_ns);

/*
 * overlap_kernels() - per kernel i: ov[i] = |[s,e) ∩ U| and ratio[i] in
 * percent for compute kernels; ov 0 and ratio NaN for the other classes.
 */
void overlap_kernels(const struct kspan *k, size_t n, const struct ival *u, size_t nu,
		     int64_t *ov, double *ratio);

/* Per GPU and sample (overlap --summary). */
struct overlap_summary {
	size_t n_compute, n_comm;	/* compute and comm kernels counted */
	int64_t compute_ns;	/* Σ compute kernel durations */
	int64_t comm_ns;	/* |U(comm)| */
	int64_t overlap_ns;	/* Σ per-kernel overlap */
	double mean_ratio;	/* mean of kernel ratios, % (NaN without compute kernels) */
	double weighted_ratio;	/* 100 Σov / Σdur, duration-weighted, % */
};
void overlap_summarize(const struct kspan *k, size_t n, const int64_t *ov, const double *ratio,
		       const struct ival *u, size_t nu, struct overlap_summary *out);

/*
 * TraceLens GPU timeline over @k (all kernels of one GPU, any order). With
 * @linked_only, kernels without a launch (launch_ns == TIME_NONE) are left
 * out, as TraceLens does. comm = KCLASS_COMM, memcpy = KCLASS_MEMCPY,
 * computation = compute kernels and memsets. All ns.
 */
struct tl_timeline {
	size_t events;		/* kernels considered */
	/* TraceLens categories (ns): span, compute, exposed comm and memcpy, busy, idle. */
	int64_t total, computation, exposed_comm, exposed_memcpy, busy, idle;
	int64_t total_comm, total_memcpy;	/* the union of all comm, all memcpy kernels, ns */
};
void overlap_timeline(const struct kspan *k, size_t n, bool linked_only, struct tl_timeline *out);

/*
 * overlap_timeline_tl() - the same figures computed the way TraceLens does,
 * so that they agree with its gpu_timeline.csv to the last digit: each
 * kernel becomes (ts, ts + dur) in double microseconds relative to the
 * trace's time base @base_ns (baseTimeNanoseconds, 0 for absolute traces),
 * unions and differences are taken on those doubles and lengths summed in
 * start order. Linked kernels only. Results in double microseconds.
 */
struct tl_timeline_us {
	size_t events;		/* linked kernels considered */
	/* As struct tl_timeline, in double microseconds. */
	double total, computation, exposed_comm, exposed_memcpy, busy, idle;
	double total_comm, total_memcpy;	/* as struct tl_timeline, us */
};
void overlap_timeline_tl(const struct kspan *k, size_t n, int64_t base_ns,
			 struct tl_timeline_us *out);


/*
 * overlap_comm_comp_pct() - litsi's whole-GPU comm/comp overlap: 100 ·
 * |U(comm) ∩ U(compute)| / |U(comm)| over every kernel of @k with litsi's
 * classes (kclass; memcpy and memset are neither), exact nanoseconds, no
 * sample filter. NaN when there is no comm time.
 */
double overlap_comm_comp_pct(const struct kspan *k, size_t n);

/*
 * HolisticTraceAnalysis's get_comm_comp_overlap(), reproduced to the figure
 * it prints (hta/analyzers/communication_analysis.py, hta/utils/utils.py,
 * hta/common/types.py, hta/common/trace.py, hta/common/trace_parser.py):
 *
 *  - kernel type by name alone (get_kernel_type): communication if the name
 *    matches ^nccl, ^hip, ^hccl or contains ncclKernel; else memory if it
 *    starts with Memcpy, hipMemcpy, Memset, hipMemset or dma; else
 *    computation unless it matches one of ComputeKernelGroupingPattern's
 *    exclusions; else other. Only communication and computation count;
 *  - times in microseconds as HTA reads them: ts = (start - base) / 1000,
 *    end = ts + dur in doubles; when the trace has sub-microsecond times,
 *    ts is rounded up and end down (round_down_time_stamps);
 *  - with two or more ProfilerStep#N in the trace, only GPU events whose
 *    launch (linked by correlation) starts before the last ProfilerStep are
 *    kept (_filter_irrelevant_gpu_kernels); unlinked ones are dropped;
 *  - each type merged into a union (merge_kernel_intervals), the time where
 *    both run (running status 3) divided by the comm union's length, × 100,
 *    rounded to 2 decimals as HTA rounds (round(x, 2)).
 */
enum hta_ktype {
	HTA_COMMUNICATION = 0,
	HTA_MEMORY = 1,
	HTA_COMPUTATION = 2,
	HTA_OTHER = 3,
};

/* overlap_hta_ktype() - HTA's type of a kernel named @name. */
enum hta_ktype overlap_hta_ktype(const char *name);

/* What HTA sees of the trace besides the GPU events. */
struct hta_trace {
	int64_t base_ns;	/* baseTimeNanoseconds (0 for absolute traces) */
	size_t profiler_steps;	/* distinct ProfilerStep#N names */
	int64_t last_step_ns;	/* start of the latest ProfilerStep#N */
};

/* Kernel name by name_id (e.g. store_name()); @arg passed through. */
typedef const char *(*kname_fn)(void *arg, uint32_t name_id);

/*
 * overlap_hta_pct() - the figure HTA prints for the rank whose GPU events
 * are @k (any order; kclass is ignored): a multiple of 0.01, or NaN where
 * HTA prints NaN (no communication time).
 */
double overlap_hta_pct(const struct kspan *k, size_t n, kname_fn name, void *arg,
		       const struct hta_trace *t);


/* One operation (annotation instance) or layer of one GPU and sample. */
struct overlap_group {
	uint32_t name_id;	/* annotation name */
	size_t nk;		/* compute kernels in it */
	int64_t start_ns, end_ns;	/* first kernel start .. last kernel end */
	int64_t kernel_ns;	/* Σ kernel durations (the layer weight) */
	int64_t overlap_ns;	/* |span ∩ U| (operations) */
	double ratio;		/* %: on the span (operations), weighted mean (layers) */
};

/*
 * overlap_groups() - group the compute kernels of @k (sorted by start) by
 * annotation. A kernel belongs to the innermost (shortest) annotation that
 * contains its launch time (CPU annotations) or its start (GPU annotations).
 * Operations: one group per annotation instance, in order of first kernel.
 * Layers (@layers true): operations grouped by their outermost enclosing
 * annotation instance, ratio = Σ kernel_ns·ratio / Σ kernel_ns. *out is
 * malloc'd; *unassigned counts compute kernels in no annotation.
 */
void overlap_groups(const struct kspan *k, size_t n, const struct ival *u, size_t nu,
		    const struct aspan *a, size_t na, bool layers, struct overlap_group **out,
		    size_t *nout, size_t *unassigned);

#endif
