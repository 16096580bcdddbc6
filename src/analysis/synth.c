/* SPDX-License-Identifier: MIT */
/*
 * synth.c: deterministic model of one FSDP training node with thermal
 * imbalance (temperature -> leakage -> clock at the power cap -> kernel
 * time, comm/compute contention, collectives that end only after every GPU
 * issued them). Pure: no I/O, no globals; the same parameters give the same
 * timelines.
 */
#include "litsi/synth.h"
#include "litsi/litsi.h"
#include "litsi/trace.h"
#include "litsi/util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Fixed epoch origin: no wall clock, so a seed always gives the same bytes. */
#define BASE_TIME_NS 1767225600000000000LL	/* 2026-01-01T00:00:00Z (Kineto base) */
#define RUN_START_NS 1771149600250000000LL	/* 2026-02-15T10:00:00.25Z */
#define UPTIME_NS 1547000123456789LL		/* node up ~17.9 days at run start */
#define STEP_OFFSET_NS 500000000LL		/* first step 0.5 s into the run */
#define BUS_BW_BYTES_PER_NS 320.0		/* collective bus bandwidth, 320 GB/s */
#define COLL_LATENCY_NS 20000LL

/*
 * M0 puts the coolest position just under f_max at the default cap:
 * (cap - P_idle) / M0 = f_max - 10 MHz, so every GPU is power-limited and a
 * hotter one (larger M) runs a lower clock at the same cap. The DVFS curve
 * starts above the default straggler temperature (T_base + 12).
 */
static const struct synth_device devices[] = {
	[SYNTH_AMD] = {
		.product = "AMD Instinct MI300X", .warp_size = 64, .num_sms = 304,
		.compute_major = 9, .compute_minor = 4, .total_mem = 205822885888LL,
		.f_max_mhz = 2100, .f_min_mhz = 1200, .t_base_c = 68, .t_thr_c = 85,
		.k_mhz_per_c = 20, .p_idle_w = 140, .cap_w = 750,
		.m0_w_per_mhz = (750.0 - 140) / 2090, .beta_per_c = 0.0045,
		.idle_clk_mhz = 132, .mem_clk_mhz = 1300, .contention = SYNTH_CONTENTION,
		.curve = SYNTH_CURVE_LINEAR, .curve_exp = 2.5,
	},
	[SYNTH_NVIDIA] = {
		.product = "NVIDIA H100 80GB HBM3", .warp_size = 32, .num_sms = 132,
		.compute_major = 9, .compute_minor = 0, .total_mem = 84929216512LL,
		.f_max_mhz = 1980, .f_min_mhz = 1100, .t_base_c = 62, .t_thr_c = 80,
		.k_mhz_per_c = 18, .p_idle_w = 90, .cap_w = 700, .min_limit_w = 200,
		.m0_w_per_mhz = (700.0 - 90) / 1970, .beta_per_c = 0.0045,
		.idle_clk_mhz = 345, .mem_clk_mhz = 2619, .contention = SYNTH_CONTENTION,
		.curve = SYNTH_CURVE_LINEAR, .curve_exp = 2.5,
	},
};

const struct synth_device *
synth_device(enum synth_vendor vendor)
{
	return &devices[vendor == SYNTH_NVIDIA ? SYNTH_NVIDIA : SYNTH_AMD];
}

double
synth_dvfs_mhz(const struct synth_device *d, double temp_c)
{
	double f = d->f_max_mhz;

	if (temp_c > d->t_thr_c)
		f -= d->k_mhz_per_c * (temp_c - d->t_thr_c);
	return f < d->f_min_mhz ? d->f_min_mhz : f;
}

double
synth_m(const struct synth_device *d, double temp_c)
{
	return d->m0_w_per_mhz * (1 + d->beta_per_c * (temp_c - d->t_base_c));
}

double
synth_power_at(const struct synth_device *d, double m, double f)
{
	if (d->curve == SYNTH_CURVE_CONVEX)
		return d->p_idle_w + m * d->f_max_mhz * pow(f / d->f_max_mhz, d->curve_exp);
	return d->p_idle_w + m * f;
}

double
synth_cap_mhz(const struct synth_device *d, double m, double cap_w)
{
	double f = (cap_w - d->p_idle_w) / m;

	if (d->curve == SYNTH_CURVE_CONVEX)
		f = f > 0 ? d->f_max_mhz * pow(f / d->f_max_mhz, 1 / d->curve_exp) : 0;
	return f < d->f_min_mhz ? d->f_min_mhz : f;
}

const char *const synth_physics_keys[] = {
	"t_base_c", "t_thr_c", "k_mhz_per_c", "f_max_mhz", "f_min_mhz", "p_idle_w",
	"power_cap_w", "m0_w_per_mhz", "beta_per_c", "contention", "curve", "curve_exp", NULL,
};

enum { PK_POWER_CAP = 6, PK_CURVE = 10, PK_NR = 12 };

int
synth_physics_set(struct synth_params *p, const char *key, const char *value, struct err *err)
{
	double v;
	int i;

	for (i = 0; synth_physics_keys[i] && strcmp(synth_physics_keys[i], key); i++)
		;
	if (!synth_physics_keys[i])
		return err_set(err, LITSI_EUSAGE, "unknown --physics key '%s'", key);
	if (i == PK_CURVE) {
		if (strcmp(value, "linear") && strcmp(value, "convex"))
			return err_set(err, LITSI_EUSAGE,
				       "--physics curve must be linear or convex, not '%s'", value);
		v = strcmp(value, "convex") ? SYNTH_CURVE_LINEAR : SYNTH_CURVE_CONVEX;
	} else if (parse_double(value, &v) || !isfinite(v) || v < 0) {
		return err_set(err, LITSI_EUSAGE, "invalid --physics value '%s=%s'", key, value);
	}
	if (i == PK_POWER_CAP) {
		p->power_cap_w = v;
		return 0;
	}
	p->phys[i] = v;
	p->phys_set |= 1u << i;
	return 0;
}

/* The vendor's constants with the --physics ones in their place. */
static void
apply_physics(struct synth_device *d, const struct synth_params *p)
{
	double *f[PK_NR] = { &d->t_base_c, &d->t_thr_c, &d->k_mhz_per_c, &d->f_max_mhz,
			     &d->f_min_mhz, &d->p_idle_w, NULL, &d->m0_w_per_mhz,
			     &d->beta_per_c, &d->contention, NULL, &d->curve_exp };
	double fmax0 = d->f_max_mhz, idle0 = d->p_idle_w;
	int i;

	for (i = 0; i < PK_NR; i++) {
		if (!(p->phys_set & (1u << i)))
			continue;
		if (i == PK_CURVE)
			d->curve = (int)p->phys[i];
		else if (f[i])
			*f[i] = p->phys[i];
	}
	/* M0 keeps the coolest position just under f_max at the cap unless given */
	if (!(p->phys_set & (1u << 7)) && (d->f_max_mhz != fmax0 || d->p_idle_w != idle0))
		d->m0_w_per_mhz = (d->cap_w - d->p_idle_w) / (d->f_max_mhz - 10);
}

const char *
synth_limit_name(enum synth_limit l)
{
	static const char *const names[] = { "clock", "thermal", "power", "locked" };

	return (size_t)l < ARRAY_SIZE(names) ? names[l] : "?";
}

static const char *const fault_names[SYNTH_FAULT_NR] = { "clock", "cap", "work", "link",
							  "host" };

const char *
synth_fault_name(enum synth_fault_kind k)
{
	return (size_t)k < ARRAY_SIZE(fault_names) ? fault_names[k] : "?";
}

const char *
synth_fault_cause(enum synth_fault_kind k)
{
	static const char *const causes[SYNTH_FAULT_NR] = {
		"clock-limit", "power-limit", "workload", "communication", "host",
	};

	return (size_t)k < ARRAY_SIZE(causes) ? causes[k] : "?";
}

int
synth_fault_parse(const char *arg, struct synth_fault *f)
{
	const char *colon = strchr(arg, ':'), *eq;
	char num[32];
	size_t i, n;

	if (!colon || (size_t)(colon - arg) >= sizeof(num))
		return -1;
	memcpy(num, arg, (size_t)(colon - arg));
	num[colon - arg] = '\0';
	if (parse_int(num, 0, SYNTH_MAX_GPUS - 1, &f->gpu))
		return -1;
	eq = strchr(colon + 1, '=');
	if (!eq)
		return -1;
	n = (size_t)(eq - colon - 1);
	for (i = 0; i < SYNTH_FAULT_NR; i++)
		if (strlen(fault_names[i]) == n && !strncmp(fault_names[i], colon + 1, n))
			break;
	if (i == SYNTH_FAULT_NR || parse_double(eq + 1, &f->value) || !isfinite(f->value) ||
	    !(f->value > 0))
		return -1;
	f->kind = (enum synth_fault_kind)i;
	return 0;
}

int64_t
synth_contended_end(int64_t start_ns, int64_t work_ns, const int64_t *cs, const int64_t *ce,
		    size_t n, double gamma)
{
	double work = (double)work_ns, t = (double)start_ns;
	size_t i;

	for (i = 0; i < n && work > 0; i++) {
		double a = (double)cs[i], b = (double)ce[i];

		if (b <= t)
			continue;
		if (a > t) {	/* free run up to the next comm kernel */
			if (t + work <= a)
				break;
			work -= a - t;
			t = a;
		}
		if ((b - t) / (1 + gamma) >= work) {
			t += work * (1 + gamma);
			work = 0;
		} else {
			work -= (b - t) / (1 + gamma);
			t = b;
		}
	}
	return (int64_t)llround(t + work);
}

/* ---- deterministic random numbers (splitmix64) ---- */

static uint64_t
rnd_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform in [0, 1). */
static double
rnd_unit(uint64_t *s)
{
	return (double)(rnd_next(s) >> 11) / 9007199254740992.0;
}

/* Roughly normal, mean 0, standard deviation 1 (sum of 4 uniforms). */
static double
rnd_norm(uint64_t *s)
{
	return (rnd_unit(s) + rnd_unit(s) + rnd_unit(s) + rnd_unit(s) - 2.0) * 1.732;
}

/* ---- the op table of one sample ---- */

enum kname {
	KN_LN, KN_GEMM_BIG, KN_FLASH_FWD, KN_GEMM_SMALL, KN_ADD, KN_SILU, KN_SILU_BWD,
	KN_LN_BWD, KN_GEMM_DGRAD, KN_GEMM_WGRAD, KN_FLASH_BWD, KN_COMM, KN_NR
};

static const char *const names_common[KN_NR] = {
	[KN_LN] = "void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<c10::BFloat16, float>(int, float, c10::BFloat16 const*, c10::BFloat16 const*, c10::BFloat16 const*, float*, float*, c10::BFloat16*)",
	[KN_FLASH_FWD] = "void flash_attn::flash_fwd_kernel<Flash_fwd_kernel_traits<128, 128, 64, 4, false, false, cutlass::bfloat16_t, Flash_kernel_traits<128, 128, 64, 4, cutlass::bfloat16_t> >, true, false, false, false, false, true, false, false>(flash_attn::Flash_fwd_params)",
	[KN_ADD] = "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<c10::BFloat16>, at::detail::Array<char*, 3> >(int, at::native::CUDAFunctor_add<c10::BFloat16>, at::detail::Array<char*, 3>)",
	[KN_SILU] = "void at::native::vectorized_elementwise_kernel<4, at::native::(anonymous namespace)::silu_mul_kernel<c10::BFloat16>, at::detail::Array<char*, 3> >(int, at::native::(anonymous namespace)::silu_mul_kernel<c10::BFloat16>, at::detail::Array<char*, 3>)",
	[KN_SILU_BWD] = "void at::native::vectorized_elementwise_kernel<4, at::native::(anonymous namespace)::silu_backward_kernel<c10::BFloat16>, at::detail::Array<char*, 3> >(int, at::native::(anonymous namespace)::silu_backward_kernel<c10::BFloat16>, at::detail::Array<char*, 3>)",
	[KN_LN_BWD] = "void at::native::(anonymous namespace)::layer_norm_grad_input_kernel_vectorized<c10::BFloat16, float>(c10::BFloat16 const*, c10::BFloat16 const*, float const*, float const*, c10::BFloat16 const*, c10::BFloat16*, int)",
	[KN_FLASH_BWD] = "void flash_attn::flash_bwd_dq_dk_dv_loop_seqk_parallel_kernel<Flash_bwd_kernel_traits<128, 64, 128, 8, 2, 4, 2, false, false, cutlass::bfloat16_t, Flash_kernel_traits<128, 64, 128, 8, cutlass::bfloat16_t> >, true, false, false, false, false, false, false>(flash_attn::Flash_bwd_params)",
};

static const char *const names_amd[KN_NR] = {
	[KN_GEMM_BIG] = "Cijk_Alik_Bljk_BBS_BH_Bias_HAS_SAV_UserArgs_MT256x256x64_MI32x32x8x1_SN_LDSB1_AFC1_AFEM1_AFEM1_ASEM1_CLR1_CADS0_EPS0_GRVWA8_GRVWB8_GSUAMB_ISA942_IU1_K1_LBSPPA2048_LBSPPB2048_LPA16_LPB16_LRVW8_MIAV0_MIWT8_8_MO40_NTn1_PGR2_PLR1_SIA3_SS1_SVW8_TLDS1_VWA8_VWB8_WSGRA0_WSGRB0_WS64_WG32_8_1",
	[KN_GEMM_SMALL] = "Cijk_Alik_Bljk_BBS_BH_Bias_HAS_SAV_UserArgs_MT256x128x64_MI32x32x8x1_SN_LDSB1_AFC1_AFEM1_AFEM1_ASEM1_CLR1_CADS0_EPS0_GRVWA8_GRVWB8_GSUAMB_ISA942_IU1_K1_LBSPPA2048_LBSPPB1024_LPA16_LPB16_LRVW8_MIAV0_MIWT8_4_MO40_NTn1_PGR2_PLR1_SIA3_SS1_SVW8_TLDS1_VWA8_VWB8_WSGRA0_WSGRB0_WS64_WG32_8_1",
	[KN_GEMM_DGRAD] = "Cijk_Ailk_Bljk_BBS_BH_SAV_UserArgs_MT256x256x64_MI32x32x8x1_SN_LDSB1_AFC1_AFEM1_AFEM1_ASEM1_CLR1_CADS0_EPS0_GRVWA8_GRVWB8_GSUAMB_ISA942_IU1_K1_LBSPPA512_LBSPPB2048_LPA16_LPB16_LRVW8_MIAV0_MIWT8_8_MO40_NTn1_PGR2_PLR1_SIA3_SS1_SVW8_TLDS1_VWA8_VWB8_WSGRA0_WSGRB0_WS64_WG32_8_1",
	[KN_GEMM_WGRAD] = "Cijk_Alik_Bjlk_BBS_BH_SAV_UserArgs_MT256x256x64_MI32x32x8x1_SN_LDSB1_AFC1_AFEM1_AFEM1_ASEM1_CLR1_CADS0_EPS0_GRVWA8_GRVWB8_GSUAMB_ISA942_IU1_K1_LBSPPA2048_LBSPPB512_LPA16_LPB16_LRVW8_MIAV0_MIWT8_8_MO40_NTn1_PGR2_PLR1_SIA3_SS1_SVW8_TLDS1_VWA8_VWB8_WSGRA0_WSGRB0_WS64_WG32_8_1",
	[KN_COMM] = "ncclDevKernel_Generic_4(ncclDevKernelArgsStorage<4096ul>)",
};

static const char *const names_nvidia[KN_NR] = {
	[KN_GEMM_BIG] = "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize256x128x64_warpgroupsize2x1x1_execute_segment_k_off_kernel__5x_cublas",
	[KN_GEMM_SMALL] = "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas",
	[KN_GEMM_DGRAD] = "sm90_xmma_gemm_bf16bf16_bf16f32_f32_nn_n_tilesize256x128x64_warpgroupsize2x1x1_execute_segment_k_off_kernel__5x_cublas",
	[KN_GEMM_WGRAD] = "sm90_xmma_gemm_bf16bf16_bf16f32_f32_nt_n_tilesize256x128x64_warpgroupsize2x1x1_execute_segment_k_off_kernel__5x_cublas",
	[KN_COMM] = "ncclDevKernel_Generic_4(ncclDevKernelArgsStorage<4096ul>)",
};

const char *
synth_kernel_name(const struct synth_result *r, int kname)
{
	const char *const *v = r->p.vendor == SYNTH_NVIDIA ? names_nvidia : names_amd;

	if (kname < 0 || kname >= KN_NR)
		return "?";
	return v[kname] ? v[kname] : names_common[kname];
}

void
synth_group_name(int group, char *buf, size_t n)
{
	static const char *const part[4] = {
		"attention.forward", "feed_forward.forward", "feed_forward.backward",
		"attention.backward",
	};

	snprintf(buf, n, "layers.%d.%s", group / 4, part[group % 4]);
}

/* One entry of a layer's kernel recipe: name and duration (µs) at f_max. */
struct recipe {
	int kname;
	double us;
};

static const struct recipe attn_fwd[] = {
	{ KN_LN, 48 }, { KN_GEMM_BIG, 680 }, { KN_FLASH_FWD, 520 }, { KN_GEMM_SMALL, 235 },
	{ KN_ADD, 42 },
};
static const struct recipe mlp_fwd[] = {
	{ KN_LN, 48 }, { KN_GEMM_BIG, 1150 }, { KN_SILU, 96 }, { KN_GEMM_SMALL, 580 },
	{ KN_ADD, 42 },
};
static const struct recipe mlp_bwd[] = {
	{ KN_ADD, 42 }, { KN_GEMM_DGRAD, 580 }, { KN_GEMM_WGRAD, 580 }, { KN_SILU_BWD, 140 },
	{ KN_GEMM_DGRAD, 1150 }, { KN_GEMM_WGRAD, 1150 }, { KN_LN_BWD, 85 },
};
static const struct recipe attn_bwd[] = {
	{ KN_GEMM_DGRAD, 235 }, { KN_GEMM_WGRAD, 235 }, { KN_FLASH_BWD, 1300 },
	{ KN_GEMM_DGRAD, 680 }, { KN_GEMM_WGRAD, 680 }, { KN_LN_BWD, 85 },
};

struct op_builder {
	struct synth_op *v;
	size_t n, alloc;
};

static int
add_op(struct op_builder *b, enum synth_op_kind kind, int kname, int layer, int group,
       double us)
{
	VEC_GROW(b->v, b->n + 1, b->alloc);
	b->v[b->n] = (struct synth_op){ .kind = kind, .kname = kname, .layer = layer,
					.group = group, .base_us = us, .wait_op = -1,
					.after_op = -1 };
	return (int)b->n++;
}

/* Add the compute kernels of @rc; the comm op @issue (if kind >= 0) follows the first. */
static void
add_group(struct op_builder *b, const struct recipe *rc, size_t n, int layer, int group,
	  int wait, enum synth_op_kind issue, int issue_layer)
{
	size_t i;

	for (i = 0; i < n; i++) {
		int k = add_op(b, SOP_COMPUTE, rc[i].kname, layer, group, rc[i].us);

		if (i == 0) {
			b->v[k].wait_op = wait;
			if ((int)issue != SOP_COMPUTE) {
				int c = add_op(b, issue, KN_COMM, issue_layer, -1, 0);

				b->v[c].after_op = k;
			}
		}
	}
}

/*
 * FSDP order: all-gather of layer l+1 is issued when layer l starts (prefetch);
 * backward re-gathers the same way and reduce-scatters each layer's gradients
 * after its backward.
 */
static void
build_ops(struct synth_result *r)
{
	struct op_builder b = { 0 };
	int L = r->p.layers, l, ag_prev, ag_next = -1;

	ag_prev = add_op(&b, SOP_ALLGATHER, KN_COMM, 0, -1, 0);
	for (l = 0; l < L; l++) {
		add_group(&b, attn_fwd, ARRAY_SIZE(attn_fwd), l, 4 * l, ag_prev, SOP_ALLGATHER,
			  l + 1 < L ? l + 1 : L - 1);
		ag_next = (int)b.n - (int)ARRAY_SIZE(attn_fwd);
		add_group(&b, mlp_fwd, ARRAY_SIZE(mlp_fwd), l, 4 * l + 1, -1, SOP_COMPUTE, 0);
		ag_prev = ag_next;
	}
	for (l = L - 1; l >= 0; l--) {
		int rs;

		add_group(&b, mlp_bwd, ARRAY_SIZE(mlp_bwd), l, 4 * l + 2, ag_prev,
			  l > 0 ? SOP_ALLGATHER : SOP_COMPUTE, l - 1);
		ag_prev = l > 0 ? (int)b.n - (int)ARRAY_SIZE(mlp_bwd) : -1;
		add_group(&b, attn_bwd, ARRAY_SIZE(attn_bwd), l, 4 * l + 3, -1, SOP_COMPUTE, 0);
		rs = add_op(&b, SOP_REDUCE_SCATTER, KN_COMM, l, -1, 0);
		b.v[rs].after_op = (int)b.n - 2;
	}
	r->ops = b.v;
	r->nr_ops = b.n;
}

/* ---- per-GPU steady state ---- */

static void
set_temperatures(struct synth_result *r)
{
	const struct synth_params *p = &r->p;
	uint64_t rs = p->seed ^ 0x5157a6e1ULL;
	int g, i;

	double jitter = p->has_jitter ? p->jitter_c : 0.4 * p->temp_spread_c;

	for (g = 0; g < p->gpus; g++)
		r->gpu[g].temp_c = r->dev.t_base_c + jitter * rnd_unit(&rs);
	for (i = 0; i < p->nr_stragglers; i++) {
		struct synth_gpu *s = &r->gpu[p->stragglers[i]];

		s->temp_c = r->dev.t_base_c + p->temp_spread_c * (1 - 0.3 * i);
		s->is_straggler = true;
		s->cause = p->temp_spread_c > 0 ? "thermal" : NULL;
	}
	/* front/rear: the second half of the GPUs sits behind the first in the airflow */
	for (g = p->gpus / 2; g < p->gpus; g++)
		r->gpu[g].temp_c += p->slot_c;
}

/* The non-thermal causes (--fault) on their GPUs; later faults of one kind win. */
static void
set_faults(struct synth_result *r)
{
	int g, i;

	for (g = 0; g < r->p.gpus; g++) {
		r->gpu[g].work = r->gpu[g].link = 1;
		r->gpu[g].stall = r->gpu[g].lock_mhz = 0;
	}
	for (i = 0; i < r->p.nr_faults; i++) {
		const struct synth_fault *f = &r->p.faults[i];
		struct synth_gpu *x = &r->gpu[f->gpu];

		x->is_straggler = true;
		x->cause = synth_fault_cause(f->kind);
		switch (f->kind) {
		case SYNTH_FAULT_CLOCK:
			x->lock_mhz = f->value;
			break;
		case SYNTH_FAULT_CAP:
			r->p.cap_w[f->gpu] = f->value;
			break;
		case SYNTH_FAULT_WORK:
			x->work = 1 + f->value / 100;
			break;
		case SYNTH_FAULT_LINK:
			x->link = 1 + f->value / 100;
			break;
		case SYNTH_FAULT_HOST:
			x->stall = f->value / 100;
			break;
		case SYNTH_FAULT_NR:
			break;
		}
	}
}

/* f = min(f_max, DVFS(T), (cap - P_idle) / M): the lowest limit binds. */
static void
set_clocks(struct synth_result *r)
{
	double cap0 = r->p.power_cap_w > 0 ? r->p.power_cap_w : r->dev.cap_w;
	int g;

	for (g = 0; g < r->p.gpus; g++) {
		struct synth_gpu *x = &r->gpu[g];
		double fc;

		x->dvfs_mhz = synth_dvfs_mhz(&r->dev, x->temp_c);
		x->m_w_per_mhz = synth_m(&r->dev, x->temp_c);
		x->cap_w = r->p.cap_w[g] > 0 ? r->p.cap_w[g] : cap0;
		x->f_mhz = r->dev.f_max_mhz;
		x->limit = SYNTH_LIMIT_CLOCK;
		if (x->dvfs_mhz < x->f_mhz) {
			x->f_mhz = x->dvfs_mhz;
			x->limit = SYNTH_LIMIT_THERMAL;
		}
		fc = synth_cap_mhz(&r->dev, x->m_w_per_mhz, x->cap_w);
		if (fc < x->f_mhz) {
			x->f_mhz = fc;
			x->limit = SYNTH_LIMIT_POWER;
		}
		if (x->lock_mhz > 0 && x->lock_mhz < x->f_mhz) {
			x->f_mhz = x->lock_mhz;
			x->limit = SYNTH_LIMIT_LOCKED;
		}
		x->power_w = synth_power_at(&r->dev, x->m_w_per_mhz, x->f_mhz);
	}
}

/* ---- the timeline ---- */

enum {
	LAUNCH_LAT_NS = 5000,	/* launch end to earliest kernel start */
	CPU_START_NS = 60000,	/* first launch after the step starts */
	GROUP_GAP_NS = 25000,	/* module hooks between annotation groups */
	STEP_TAIL_NS = 40000,	/* step ends this long after its last kernel */
};

struct gpu_state {
	int64_t compute_free, comm_free, cpu;
	int64_t *cs, *ce;	/* this sample's comm intervals, in order */
	size_t ncomm;
	int64_t *op_start, *op_end;	/* this sample's ops */
	int64_t *grp_lo, *grp_hi;	/* CPU launch span per annotation group */
	int64_t grp_ext0;	/* External id of group 0 in this sample */
	int64_t corr, ext;
	size_t k_alloc, r_alloc;
	uint64_t rnd;
	double stall_debt;	/* host stall owed to the GPU, ns */
	size_t nr_compute;	/* compute kernels launched */
};

struct sim {
	struct synth_result *r;
	struct gpu_state g[SYNTH_MAX_GPUS];
	int64_t t0;		/* step start */
	int sample;
	double lead_sum[SYNTH_MAX_GPUS];
};

static void
push_kernel(struct sim *sm, int g, const struct synth_kernel *k)
{
	struct synth_result *r = sm->r;

	VEC_GROW(r->k[g], r->nr_k[g] + 1, sm->g[g].k_alloc);
	r->k[g][r->nr_k[g]++] = *k;
}

static void
push_range(struct sim *sm, int g, int kind, int index, int64_t s, int64_t e, int64_t ext)
{
	struct synth_result *r = sm->r;

	VEC_GROW(r->r[g], r->nr_r[g] + 1, sm->g[g].r_alloc);
	r->r[g][r->nr_r[g]++] = (struct synth_range){ .kind = kind, .sample = sm->sample,
						       .index = index, .start_ns = s,
						       .end_ns = e, .ext_id = ext };
}

static int64_t
xfer_ns(const struct synth_result *r)
{
	double bytes = (double)r->layer_nelems * 2;	/* BFloat16 */
	int G = r->p.gpus;

	return COLL_LATENCY_NS + (int64_t)(bytes * (G - 1) / G / BUS_BW_BYTES_PER_NS);
}

static int64_t
max64(int64_t a, int64_t b)
{
	return a > b ? a : b;
}

/* CPU side of a compute launch; returns the launch time. */
static int64_t
cpu_compute_launch(struct gpu_state *s, const struct synth_op *op)
{
	int64_t t;

	if (s->grp_lo[op->group] == TIME_NONE) {
		s->cpu += GROUP_GAP_NS;
		s->grp_lo[op->group] = s->cpu - 2000;
	}
	t = s->cpu;
	s->grp_hi[op->group] = t + SYNTH_LAUNCH_NS + 2000;
	s->cpu += 9000 + (int64_t)(rnd_unit(&s->rnd) * 2000);
	return t;
}

/*
 * A host-side stall: the rank's CPU pauses (garbage collection, data loading)
 * every STALL_EVERY compute launches for the time it owes, so the kernel is
 * launched late and the GPU idles before it.
 */
enum { STALL_EVERY = 8 };

static void
host_stall(struct gpu_state *s, struct synth_kernel *k, double owed_ns)
{
	int64_t ready;

	s->stall_debt += owed_ns;
	if (++s->nr_compute % STALL_EVERY)
		return;
	ready = s->compute_free + (int64_t)s->stall_debt;
	s->stall_debt = 0;
	if (k->start_ns >= ready)
		return;
	k->launch_ns = ready - SYNTH_LAUNCH_NS - LAUNCH_LAT_NS;
	k->start_ns = ready;
	s->cpu = max64(s->cpu, k->launch_ns + 9000);
}

static void
sim_compute(struct sim *sm, int i)
{
	struct synth_result *r = sm->r;
	const struct synth_op *op = &r->ops[i];
	int g;

	for (g = 0; g < r->p.gpus; g++) {
		struct gpu_state *s = &sm->g[g];
		struct synth_kernel k = { .op = i, .sample = sm->sample };
		double work;

		k.launch_ns = cpu_compute_launch(s, op);
		k.start_ns = max64(s->compute_free, k.launch_ns + SYNTH_LAUNCH_NS + LAUNCH_LAT_NS);
		if (op->wait_op >= 0)
			k.start_ns = max64(k.start_ns, s->op_end[op->wait_op]);
		work = op->base_us * 1000 * r->dev.f_max_mhz / r->gpu[g].f_mhz *
		       (1 + 0.01 * rnd_norm(&s->rnd)) * r->gpu[g].work;
		if (r->gpu[g].stall > 0)
			host_stall(s, &k, work * r->gpu[g].stall);
		k.end_ns = synth_contended_end(k.start_ns, (int64_t)work, s->cs, s->ce, s->ncomm,
					       r->dev.contention);
		k.corr = s->corr++;
		k.ext_id = s->grp_ext0 + op->group;
		s->grp_hi[op->group] = max64(s->grp_hi[op->group],
					     k.launch_ns + SYNTH_LAUNCH_NS + 2000);
		s->compute_free = k.end_ns;
		s->op_start[i] = k.start_ns;
		s->op_end[i] = k.end_ns;
		push_kernel(sm, g, &k);
	}
}

/* CPU side of a collective: nccl annotation, record_param_comms, launch. */
static int64_t
cpu_comm_launch(struct sim *sm, int g, int i, int64_t *ext)
{
	struct gpu_state *s = &sm->g[g];
	int64_t t = s->cpu;

	push_range(sm, g, SR_COMM_ANNOT, i, t, t + 40000, s->ext++);
	*ext = s->ext;
	push_range(sm, g, SR_PARAM_COMMS, i, t + 2000, t + 36000, s->ext++);
	s->cpu += 44000;
	return t + 20000;
}

/* A collective ends once the last GPU issued it plus the transfer time. */
static void
sim_comm(struct sim *sm, int i)
{
	struct synth_result *r = sm->r;
	const struct synth_op *op = &r->ops[i];
	struct synth_kernel k[SYNTH_MAX_GPUS];
	int64_t last = INT64_MIN, end;
	int g;

	for (g = 0; g < r->p.gpus; g++) {
		struct gpu_state *s = &sm->g[g];
		int64_t dep = op->after_op >= 0 ? s->op_end[op->after_op] : sm->t0;

		k[g] = (struct synth_kernel){ .op = i, .sample = sm->sample };
		k[g].launch_ns = cpu_comm_launch(sm, g, i, &k[g].ext_id);
		k[g].start_ns = max64(max64(s->comm_free, dep),
				      k[g].launch_ns + SYNTH_LAUNCH_NS + LAUNCH_LAT_NS);
		k[g].corr = s->corr++;
		last = max64(last, k[g].start_ns);
	}
	end = last + xfer_ns(r);
	for (g = 0; g < r->p.gpus; g++) {
		struct gpu_state *s = &sm->g[g];

		/* a slow link: this GPU's share of the transfer takes longer */
		end = last + (int64_t)((double)xfer_ns(r) * r->gpu[g].link);
		k[g].end_ns = end;
		s->comm_free = end;
		s->cs[s->ncomm] = k[g].start_ns;
		s->ce[s->ncomm++] = end;
		s->op_start[i] = k[g].start_ns;
		s->op_end[i] = end;
		push_kernel(sm, g, &k[g]);
	}
}

static void
start_sample(struct sim *sm)
{
	struct synth_result *r = sm->r;
	size_t ngroups = (size_t)r->p.layers * 4, j;
	int g;

	sm->t0 = r->run_start_ns + STEP_OFFSET_NS + (int64_t)sm->sample * SYNTH_SAMPLE_PERIOD_NS;
	for (g = 0; g < r->p.gpus; g++) {
		struct gpu_state *s = &sm->g[g];

		s->compute_free = s->comm_free = sm->t0;
		s->cpu = sm->t0 + CPU_START_NS;
		s->ncomm = 0;
		for (j = 0; j < ngroups; j++)
			s->grp_lo[j] = TIME_NONE;
		s->grp_ext0 = s->ext + 1;	/* s->ext: the step itself */
		s->ext += 1 + (int64_t)ngroups;
	}
}

/* Step and annotation ranges, and the sample's leads (METHOD §3, sum). */
static void
finish_sample(struct sim *sm)
{
	struct synth_result *r = sm->r;
	size_t ngroups = (size_t)r->p.layers * 4, i, j;
	int g;

	for (g = 0; g < r->p.gpus; g++) {
		struct gpu_state *s = &sm->g[g];
		int64_t last = sm->t0;

		for (i = 0; i < r->nr_ops; i++)
			last = max64(last, s->op_end[i]);
		push_range(sm, g, SR_STEP, 10 * (sm->sample + 1), sm->t0, last + STEP_TAIL_NS,
			   s->grp_ext0 - 1);
		for (j = 0; j < ngroups; j++)
			push_range(sm, g, SR_ANNOT, (int)j, s->grp_lo[j], s->grp_hi[j],
				   s->grp_ext0 + (int64_t)j);
	}
	for (i = 0; i < r->nr_ops; i++) {
		int64_t mx = INT64_MIN;

		if (r->ops[i].kind != SOP_COMPUTE)
			continue;
		for (g = 0; g < r->p.gpus; g++)
			mx = max64(mx, sm->g[g].op_start[i]);
		for (g = 0; g < r->p.gpus; g++)
			sm->lead_sum[g] += (double)(mx - sm->g[g].op_start[i]);
	}
}

static int
cmp_range(const void *a, const void *b)
{
	const struct synth_range *x = a, *y = b;

	if (x->start_ns != y->start_ns)
		return x->start_ns < y->start_ns ? -1 : 1;
	if (x->end_ns != y->end_ns)
		return x->end_ns > y->end_ns ? -1 : 1;	/* enclosing first */
	return x->ext_id < y->ext_id ? -1 : x->ext_id > y->ext_id;
}

static void
sim_alloc(struct sim *sm)
{
	struct synth_result *r = sm->r;
	size_t ngroups = (size_t)r->p.layers * 4, ncomm = (size_t)r->p.layers * 3 + 1;
	int g;

	for (g = 0; g < r->p.gpus; g++) {
		struct gpu_state *s = &sm->g[g];

		s->cs = xcalloc(ncomm, sizeof(*s->cs));
		s->ce = xcalloc(ncomm, sizeof(*s->ce));
		s->op_start = xcalloc(r->nr_ops, sizeof(*s->op_start));
		s->op_end = xcalloc(r->nr_ops, sizeof(*s->op_end));
		s->grp_lo = xcalloc(ngroups, sizeof(*s->grp_lo));
		s->grp_hi = xcalloc(ngroups, sizeof(*s->grp_hi));
		s->rnd = r->p.seed * 0x100000001b3ULL + (uint64_t)g * 0x9e3779b97f4a7c15ULL + 1;
		s->corr = 1000 + 7 * g;
		s->ext = 0;
	}
}

static void
sim_free(struct sim *sm)
{
	int g;

	for (g = 0; g < SYNTH_MAX_GPUS; g++) {
		struct gpu_state *s = &sm->g[g];

		free(s->cs);
		free(s->ce);
		free(s->op_start);
		free(s->op_end);
		free(s->grp_lo);
		free(s->grp_hi);
	}
}

/* Sort @idx (n GPUs) by @key descending, ties by index. */
static void
order_desc(int *idx, const double *key, int n)
{
	int i, j;

	for (i = 0; i < n; i++)
		idx[i] = i;
	for (i = 1; i < n; i++) {
		int v = idx[i];

		for (j = i; j > 0 && key[idx[j - 1]] < key[v]; j--)
			idx[j] = idx[j - 1];
		idx[j] = v;
	}
}

static void
set_orders(struct synth_result *r)
{
	double lead[SYNTH_MAX_GPUS], temp[SYNTH_MAX_GPUS];
	int g;

	for (g = 0; g < r->p.gpus; g++) {
		lead[g] = r->gpu[g].lead_ns;
		temp[g] = r->gpu[g].temp_c;
	}
	order_desc(r->lead_order, lead, r->p.gpus);
	order_desc(r->temp_order, temp, r->p.gpus);
}

static int
check_faults(const struct synth_params *p, const struct synth_device *d, struct err *err)
{
	static const double most[SYNTH_FAULT_NR] = { 0, 0, 200, 1000, 100 };
	int i;

	for (i = 0; i < p->nr_faults; i++) {
		const struct synth_fault *f = &p->faults[i];

		if (f->gpu < 0 || f->gpu >= p->gpus)
			return err_set(err, LITSI_EUSAGE, "--fault: GPU %d is not in 0..%d", f->gpu,
				       p->gpus - 1);
		if (f->kind == SYNTH_FAULT_CLOCK &&
		    !(f->value >= d->f_min_mhz && f->value <= d->f_max_mhz))
			return err_set(err, LITSI_EUSAGE,
				       "--fault %d:clock=%g: the lock must be %.0f..%.0f MHz",
				       f->gpu, f->value, d->f_min_mhz, d->f_max_mhz);
		if (f->kind == SYNTH_FAULT_CAP && !(f->value > d->p_idle_w))
			return err_set(err, LITSI_EUSAGE,
				       "--fault %d:cap=%g: the cap must be above the idle power "
				       "%.0f W", f->gpu, f->value, d->p_idle_w);
		if (most[f->kind] > 0 && f->value > most[f->kind])
			return err_set(err, LITSI_EUSAGE, "--fault %d:%s=%g: at most %g (percent)",
				       f->gpu, synth_fault_name(f->kind), f->value,
				       most[f->kind]);
	}
	return 0;
}

static int
check_params(const struct synth_params *p, const struct synth_device *d, struct err *err)
{
	int i, j;

	if (p->gpus < 2 || p->gpus > SYNTH_MAX_GPUS)
		return err_set(err, LITSI_EUSAGE, "--gpus must be 2..%d", SYNTH_MAX_GPUS);
	if (p->samples < 1 || p->samples > SYNTH_MAX_SAMPLES)
		return err_set(err, LITSI_EUSAGE, "--samples must be 1..%d", SYNTH_MAX_SAMPLES);
	if (p->layers < 1 || p->layers > SYNTH_MAX_LAYERS)
		return err_set(err, LITSI_EUSAGE, "--layers must be 1..%d", SYNTH_MAX_LAYERS);
	if (!(d->f_min_mhz > 0 && d->f_min_mhz < d->f_max_mhz && d->m0_w_per_mhz > 0 &&
	      d->curve_exp >= 1 && d->curve_exp <= 4))
		return err_set(err, LITSI_EUSAGE,
			       "--physics: need 0 < f_min_mhz < f_max_mhz, m0_w_per_mhz > 0 and "
			       "curve_exp in 1..4");
	if (!(p->temp_spread_c >= 0 && p->temp_spread_c <= 40))
		return err_set(err, LITSI_EUSAGE, "--temp-spread must be 0..40 (degrees C)");
	for (i = 0; i < p->nr_stragglers; i++) {
		if (p->stragglers[i] < 0 || p->stragglers[i] >= p->gpus)
			return err_set(err, LITSI_EUSAGE, "straggler GPU %d is not in 0..%d",
				       p->stragglers[i], p->gpus - 1);
		for (j = 0; j < i; j++)
			if (p->stragglers[j] == p->stragglers[i])
				return err_set(err, LITSI_EUSAGE, "straggler GPU %d given twice",
					       p->stragglers[i]);
	}
	if (check_faults(p, d, err))
		return err->status;
	if (p->duration_s < 0 || p->duration_s > SYNTH_MAX_DURATION_S)
		return err_set(err, LITSI_EUSAGE, "--duration must be 0..%d (seconds)",
			       SYNTH_MAX_DURATION_S);
	if (!(p->tick_ms == 0 || p->tick_ms == 1000 || p->tick_ms == 100))
		return err_set(err, LITSI_EUSAGE, "--tick must be 1000 or 100 (ms)");
	if (!(p->jitter_c >= 0 && p->jitter_c <= 40 && p->noise >= 0 && p->drift_c >= -20 && p->drift_c <= 20 && p->slot_c >= 0 &&
	      p->slot_c <= 20 && p->noise <= 10))
		return err_set(err, LITSI_EUSAGE,
			       "--jitter must be 0..40, --drift -20..20, --slot 0..20 (degrees C) "
			       "and --noise 0..10");
	if (p->power_cap_w != 0 && !(p->power_cap_w > d->p_idle_w))
		return err_set(err, LITSI_EUSAGE,
			       "power cap %.0f W is not above the idle power %.0f W",
			       p->power_cap_w, d->p_idle_w);
	for (i = 0; i < SYNTH_MAX_GPUS; i++)
		if (p->cap_w[i] != 0 && !(p->cap_w[i] > d->p_idle_w))
			return err_set(err, LITSI_EUSAGE,
				       "power cap %.0f W of GPU %d is not above the idle power "
				       "%.0f W", p->cap_w[i], i, d->p_idle_w);
	return 0;
}

static void
simulate(struct synth_result *r)
{
	struct sim sm = { .r = r };
	int g;

	sim_alloc(&sm);
	for (sm.sample = 0; sm.sample < r->p.samples; sm.sample++) {
		size_t i;

		start_sample(&sm);
		for (i = 0; i < r->nr_ops; i++) {
			if (r->ops[i].kind == SOP_COMPUTE)
				sim_compute(&sm, (int)i);
			else
				sim_comm(&sm, (int)i);
		}
		finish_sample(&sm);
	}
	for (g = 0; g < r->p.gpus; g++) {
		r->gpu[g].lead_ns = sm.lead_sum[g] / r->p.samples;
		qsort(r->r[g], r->nr_r[g], sizeof(*r->r[g]), cmp_range);
	}
	sim_free(&sm);
}

/*
 * NVML clock event reasons of a busy reading: the binding limit's reason
 * (SW power cap 0x4, SW thermal slowdown 0x20, applications clocks 0x2),
 * held for about 90% of the readings of a power- or thermal-limited GPU (the
 * controller lets go now and then); GPU idle 0x1 when idle.
 */
static unsigned
reasons(const struct synth_gpu *u, bool busy, uint64_t *rs)
{
	if (!busy)
		return 0x1;
	switch (u->limit) {
	case SYNTH_LIMIT_POWER:
		return rnd_unit(rs) < 0.9 ? 0x4 : 0;
	case SYNTH_LIMIT_THERMAL:
		return rnd_unit(rs) < 0.9 ? 0x20 : 0;
	case SYNTH_LIMIT_LOCKED:
		return 0x2;
	case SYNTH_LIMIT_CLOCK:
		break;
	}
	return 0;
}

/*
 * Telemetry: --tick ticks from 2 s before the load period to 2 s after it
 * (the load period: the traced iterations, or the whole job of --duration).
 * Idle ticks show the idle clock and P_idle; busy ticks the steady state plus
 * seeded noise (--noise; at 100 ms ticks power and clock swing three times as
 * much), the ambient drift (--drift: every GPU warms together over the run,
 * and a power-limited GPU loses the clock the extra leakage costs) and the
 * idle share of a host-stalled GPU in its activity.
 */
static void
make_telemetry(struct synth_result *r)
{
	int64_t tick = (r->p.tick_ms ? r->p.tick_ms : 1000) * 1000000LL;
	int64_t t0 = (r->run_start_ns / 1000000000 - 2) * 1000000000,
		t1 = (r->run_end_ns / 1000000000 + 2) * 1000000000, t;
	double nz = r->p.has_noise ? r->p.noise : 1, fast = tick < 1000000000 ? 3 : 1;
	uint64_t rs = (r->p.has_noise_seed ? r->p.noise_seed : r->p.seed) ^ 0x7e1e3e7aULL;
	size_t n = 0;
	int g;

	r->nr_tele = (size_t)((t1 - t0) / tick + 1) * (size_t)r->p.gpus;
	r->tele = xcalloc(r->nr_tele, sizeof(*r->tele));
	for (t = t0; t <= t1; t += tick) {
		double frac = (double)(t - r->run_start_ns) /
			      (double)(r->run_end_ns - r->run_start_ns);

		frac = frac < 0 ? 0 : frac > 1 ? 1 : frac;
		for (g = 0; g < r->p.gpus; g++) {
			struct synth_tele *x = &r->tele[n++];
			const struct synth_gpu *u = &r->gpu[g];
			double warm = r->p.drift_c * frac;

			x->t_ns = t;
			x->gpu = g;
			x->busy = x->t_ns >= r->run_start_ns && x->t_ns <= r->run_end_ns;
			x->temp_c = (x->busy ? u->temp_c : u->temp_c - 22) + warm +
				    0.6 * nz * rnd_norm(&rs);
			x->mem_temp_c = x->temp_c - 11 + 0.3 * nz * rnd_norm(&rs);
			x->clk_mhz = x->busy ? u->f_mhz + 4 * nz * fast * rnd_norm(&rs)
					     : r->dev.idle_clk_mhz;
			if (x->busy && u->limit == SYNTH_LIMIT_POWER && warm != 0)
				x->clk_mhz /= 1 + r->dev.beta_per_c * warm;
			if (x->clk_mhz > r->dev.f_max_mhz)
				x->clk_mhz = r->dev.f_max_mhz;
			x->power_w = (x->busy ? u->power_w : r->dev.p_idle_w) +
				     3 * nz * fast * rnd_norm(&rs);
			x->activity_pct = x->busy ? (97 + 3 * rnd_unit(&rs)) * (1 - u->stall) : 0;
			x->umc_pct = x->busy ? 38 + 6 * rnd_unit(&rs) : 0;
			if (r->p.reasons)
				x->reasons = reasons(u, x->busy, &rs);
		}
	}
}

int
synth_run(const struct synth_params *p, struct synth_result *out, struct err *err)
{
	memset(out, 0, sizeof(*out));
	out->dev = *synth_device(p->vendor);
	apply_physics(&out->dev, p);
	if (check_params(p, &out->dev, err))
		return err->status;
	out->p = *p;
	out->base_time_ns = BASE_TIME_NS;
	out->run_start_ns = RUN_START_NS;
	out->boot_ns = RUN_START_NS - UPTIME_NS;
	out->run_end_ns = RUN_START_NS + (int64_t)p->samples * SYNTH_SAMPLE_PERIOD_NS +
			  STEP_OFFSET_NS;
	/* a job longer than its traced iterations: the telemetry log covers all of it */
	if (RUN_START_NS + (int64_t)p->duration_s * 1000000000LL > out->run_end_ns)
		out->run_end_ns = RUN_START_NS + (int64_t)p->duration_s * 1000000000LL;
	/* hidden 4096, MLP 14336 (gate and up fused): 4*h*h + 3*h*m parameters */
	out->layer_nelems = 4LL * 4096 * 4096 + 3LL * 4096 * 14336;
	build_ops(out);
	set_temperatures(out);
	set_faults(out);
	set_clocks(out);
	simulate(out);
	set_orders(out);
	make_telemetry(out);
	return 0;
}

void
synth_result_release(struct synth_result *r)
{
	int g;

	for (g = 0; g < SYNTH_MAX_GPUS; g++) {
		free(r->k[g]);
		free(r->r[g]);
	}
	free(r->ops);
	free(r->tele);
	memset(r, 0, sizeof(*r));
}
