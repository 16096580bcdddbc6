/* SPDX-License-Identifier: MIT */
/* check_overlap.c: per-kernel ratios, summaries, TraceLens timeline, HTA, groups. */
#include "litsi/overlap.h"

#include <math.h>
#include <stdlib.h>

#include "unit.h"

static struct kspan
ks(int64_t s, int64_t e, enum kernel_class c, int64_t launch)
{
	return (struct kspan){ .start_ns = s, .end_ns = e, .kclass = (uint8_t)c,
			       .launch_ns = launch, .name_id = 1 };
}

START_TEST(kernel_ratios)
{
	/* two overlapping comm kernels: the union [10,40) counts once */
	struct kspan k[] = { ks(0, 20, 0, 1), ks(10, 30, 1, 1), ks(15, 40, 1, 1), ks(35, 35, 0, 1),
			     ks(50, 60, 0, 1), ks(0, 100, 2, 1) };
	struct ival u[6];
	int64_t ov[6];
	double r[6];
	size_t nu = overlap_comm_union(k, 6, u);
	struct overlap_summary s;

	ck_assert_uint_eq(nu, 1);
	overlap_kernels(k, 6, u, nu, ov, r);
	ck_assert_int_eq(ov[0], 10);
	ck_assert_double_eq(r[0], 50);
	ck_assert_double_eq(r[3], 0);	/* zero-length */
	ck_assert_double_eq(r[4], 0);
	ck_assert(isnan(r[1]) && isnan(r[5]));
	overlap_summarize(k, 6, ov, r, u, nu, &s);
	ck_assert_uint_eq(s.n_compute, 3);
	ck_assert_uint_eq(s.n_comm, 2);
	ck_assert_int_eq(s.comm_ns, 30);
	ck_assert_double_eq_tol(s.mean_ratio, 50.0 / 3, 1e-12);
	ck_assert_double_eq_tol(s.weighted_ratio, 100.0 * 10 / 30, 1e-12);
}
END_TEST

START_TEST(timeline)
{
	struct kspan k[] = {
		ks(0, 10, KCLASS_COMPUTE, 1), ks(5, 20, KCLASS_COMM, 1),
		ks(18, 30, KCLASS_MEMCPY, 1), ks(25, 28, KCLASS_MEMSET, 1),
		ks(40, 50, KCLASS_COMPUTE, TIME_NONE),	/* unlinked: left out */
		ks(60, 70, KCLASS_MEMCPY, 1),
	};
	struct tl_timeline t;

	overlap_timeline(k, 6, true, &t);
	ck_assert_uint_eq(t.events, 5);
	ck_assert_int_eq(t.total, 70);
	ck_assert_int_eq(t.computation, 13);	/* [0,10) + memset [25,28) */
	ck_assert_int_eq(t.total_comm, 15);
	ck_assert_int_eq(t.exposed_comm, 10);	/* [10,20) */
	/* memcpy [18,30)+[60,70) minus comp minus comm: [20,25) [28,30) [60,70) */
	ck_assert_int_eq(t.exposed_memcpy, 17);
	ck_assert_int_eq(t.busy, 40);
	ck_assert_int_eq(t.idle, 30);
	overlap_timeline(k, 6, false, &t);
	ck_assert_int_eq(t.computation, 23);
	overlap_timeline(k, 0, true, &t);
	ck_assert_int_eq(t.total, 0);
	/* litsi's own: comm [5,20) ∩ compute [0,10)+[40,50) = 5 of 15 */
	ck_assert_double_eq_tol(overlap_comm_comp_pct(k, 6), 100.0 / 3, 1e-12);
	ck_assert(isnan(overlap_comm_comp_pct(k, 1)));
}
END_TEST

START_TEST(hta_types)
{
	/* hta/common/types.py: CommunicateKernelGroupingPattern first, then memory, compute */
	ck_assert_int_eq(overlap_hta_ktype("ncclDevKernel_Generic"), HTA_COMMUNICATION);
	ck_assert_int_eq(overlap_hta_ktype("void at::ncclKernel_x()"), HTA_COMMUNICATION);
	ck_assert_int_eq(overlap_hta_ktype("hipMemcpyWithStream"), HTA_COMMUNICATION);
	ck_assert_int_eq(overlap_hta_ktype("hccl_allreduce"), HTA_COMMUNICATION);
	ck_assert_int_eq(overlap_hta_ktype("rcclKernel"), HTA_COMPUTATION);
	ck_assert_int_eq(overlap_hta_ktype("NCCL_thing"), HTA_COMPUTATION);
	ck_assert_int_eq(overlap_hta_ktype("Memcpy DtoD (Device -> Device)"), HTA_MEMORY);
	ck_assert_int_eq(overlap_hta_ktype("Memset (Device)"), HTA_MEMORY);
	ck_assert_int_eq(overlap_hta_ktype("dma_in"), HTA_MEMORY);
	ck_assert_int_eq(overlap_hta_ktype("copy<Memcpy>"), HTA_OTHER);
	ck_assert_int_eq(overlap_hta_ktype("cudaStreamSynchronize"), HTA_OTHER);
	ck_assert_int_eq(overlap_hta_ktype("Stream Wait Event"), HTA_OTHER);
	ck_assert_int_eq(overlap_hta_ktype("cudaLaunchKernel"), HTA_OTHER);
	ck_assert_int_eq(overlap_hta_ktype("cuda_LaunchKernel"), HTA_OTHER);
	ck_assert_int_eq(overlap_hta_ktype("LaunchKernel_cuda"), HTA_COMPUTATION);
	ck_assert_int_eq(overlap_hta_ktype("runFunction"), HTA_OTHER);
	/* Python's "." stops at a newline: ".*Sync" does not reach the second line */
	ck_assert_int_eq(overlap_hta_ktype("gemm\nSync"), HTA_COMPUTATION);
	ck_assert_int_eq(overlap_hta_ktype("x\nncclKernel"), HTA_COMPUTATION);
	ck_assert_int_eq(overlap_hta_ktype("sm90_gemm"), HTA_COMPUTATION);
}
END_TEST

static const char *const hta_names[] = { "ncclKernel_a", "gemm", "Memcpy HtoD", "rcclKernel" };

static const char *
hta_name(void *arg, uint32_t id)
{
	(void)arg;
	return hta_names[id];
}

static struct kspan
hk(int64_t s, int64_t e, uint32_t name, int64_t launch)
{
	return (struct kspan){ .start_ns = s, .end_ns = e, .name_id = name, .launch_ns = launch };
}

START_TEST(hta_pct)
{
	/* whole µs: comm [0,10)+[30,40) µs; gemm [5,35) µs; memcpy over all; rccl is compute */
	struct kspan k[] = { hk(0, 10000, 0, 1), hk(30000, 40000, 0, 2), hk(5000, 35000, 1, 3),
			     hk(0, 50000, 2, 4), hk(45000, 48000, 3, 5) };
	struct hta_trace t = { 0 };

	ck_assert_double_eq(overlap_hta_pct(k, 5, hta_name, NULL, &t), 50.0);
	/* no comm: NaN, as HTA prints; comm without compute: 0 */
	ck_assert(isnan(overlap_hta_pct(k + 2, 3, hta_name, NULL, &t)));
	ck_assert_double_eq(overlap_hta_pct(k, 2, hta_name, NULL, &t), 0.0);
	/* 1/3 rounds to 2 decimals as Python's round(x, 2) */
	k[1].start_ns = 35000;
	ck_assert_double_eq(overlap_hta_pct(k, 5, hta_name, NULL, &t), 33.33);
	/* sub-µs: gemm [5.5,35) → [6,35); comm [0,10)+[35,40): 4 of 15 µs */
	k[2].start_ns = 5500;
	ck_assert_double_eq(overlap_hta_pct(k, 5, hta_name, NULL, &t), 26.67);
	/* two ProfilerSteps: only kernels launched before the last one's (rounded) start */
	t.profiler_steps = 2;
	t.last_step_ns = 3000;
	k[1].launch_ns = 2000;
	ck_assert_double_eq(overlap_hta_pct(k, 5, hta_name, NULL, &t), 26.67);
	k[1].launch_ns = 2500;	/* 2.5 µs rounds up to the cut: left out */
	ck_assert_double_eq(overlap_hta_pct(k, 5, hta_name, NULL, &t), 40.0);
	k[1].launch_ns = TIME_NONE;	/* unlinked: left out */
	ck_assert_double_eq(overlap_hta_pct(k, 5, hta_name, NULL, &t), 40.0);
	t.profiler_steps = 1;	/* one step: HTA keeps every GPU event */
	ck_assert_double_eq(overlap_hta_pct(k, 5, hta_name, NULL, &t), 26.67);
}
END_TEST

START_TEST(groups)
{
	/* kernels launched at 1, 2 (inside op A [0,10)) and 12 (op B [11,20)); layer L [0,30) */
	struct kspan k[] = { ks(100, 110, 0, 1), ks(120, 130, 0, 2), ks(105, 125, 1, 3),
			     ks(140, 150, 0, 12), ks(160, 170, 0, 40) };
	struct aspan a[] = { { 0, 30, 9, false }, { 0, 10, 5, false }, { 11, 20, 6, false } };
	struct ival u[5];
	size_t nu = overlap_comm_union(k, 5, u), n, un;
	struct overlap_group *g;

	overlap_groups(k, 5, u, nu, a, 3, false, &g, &n, &un);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(un, 1);
	ck_assert_uint_eq(g[0].name_id, 5);
	ck_assert_uint_eq(g[0].nk, 2);
	ck_assert_int_eq(g[0].start_ns, 100);
	ck_assert_int_eq(g[0].end_ns, 130);
	ck_assert_int_eq(g[0].overlap_ns, 20);	/* span [100,130) ∩ [105,125) */
	ck_assert_double_eq_tol(g[0].ratio, 200.0 / 3, 1e-12);
	ck_assert_double_eq(g[1].ratio, 0);
	free(g);
	overlap_groups(k, 5, u, nu, a, 3, true, &g, &n, &un);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(g[0].name_id, 9);
	/* weights 20 and 10: (20·66.67 + 10·0) / 30 */
	ck_assert_double_eq_tol(g[0].ratio, 20.0 * (200.0 / 3) / 30, 1e-9);
	free(g);
}
END_TEST

Suite *
overlap_suite(void)
{
	Suite *s = suite_create("overlap");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, kernel_ratios);
	tcase_add_test(tc, timeline);
	tcase_add_test(tc, hta_types);
	tcase_add_test(tc, hta_pct);
	tcase_add_test(tc, groups);
	suite_add_tcase(s, tc);
	return s;
}
