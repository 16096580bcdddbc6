/* SPDX-License-Identifier: MIT */
/*
 * synth.h: a deterministic model of one training node (FSDP, G GPUs) with
 * thermal imbalance, and the writers that turn its timelines into real
 * profiler and telemetry formats. The model (synth_run) is pure; the
 * writers format into a caller-supplied output callback.
 */
#ifndef LITSI_SYNTH_H
#define LITSI_SYNTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "litsi/err.h"

enum {
	SYNTH_MAX_GPUS = 64,
	SYNTH_MAX_STRAGGLERS = 8,
	SYNTH_MAX_SAMPLES = 50,
	SYNTH_MAX_LAYERS = 64,
	SYNTH_LAUNCH_NS = 7000,	/* duration of a launch call on the CPU */
	SYNTH_MAX_FAULTS = 16,
};

/*
 * A non-thermal cause on one GPU (--fault GPU:KIND=VALUE): clock-locked at
 * VALUE MHz, power-capped at VALUE W, VALUE% more compute work, collectives
 * VALUE% slower to complete on that GPU (slow link), or host-side stalls that
 * leave the GPU idle for VALUE% of its compute time (launch gaps).
 */
enum synth_fault_kind {
	SYNTH_FAULT_CLOCK, SYNTH_FAULT_CAP, SYNTH_FAULT_WORK, SYNTH_FAULT_LINK, SYNTH_FAULT_HOST,
	SYNTH_FAULT_NR
};

struct synth_fault {
	int gpu;			/* GPU index, 0 to gpus - 1 */
	enum synth_fault_kind kind;	/* what the fault does */
	double value;			/* MHz (clock), W (cap) or percent (work, link, host) */
};

/* synth_fault_name() - "clock", "cap", "work", "link", "host". */
const char *synth_fault_name(enum synth_fault_kind k);
/*
 * synth_fault_cause() - the cause the verdict should name for a fault:
 * "clock-limit", "power-limit", "workload", "communication", "host".
 */
const char *synth_fault_cause(enum synth_fault_kind k);
/* synth_fault_parse() - "3:clock=1500" into @f. Return: 0 or -1. */
int synth_fault_parse(const char *arg, struct synth_fault *f);

enum synth_vendor { SYNTH_AMD, SYNTH_NVIDIA };

/*
 * Physical constants of one GPU model. All are fixed per vendor and listed in
 * litsi-synth(1); synth_device() returns them.
 */
struct synth_device {
	const char *product;	/* "AMD Instinct MI300X" */
	int warp_size, num_sms, compute_major, compute_minor;	/* Kineto's deviceProperties */
	int64_t total_mem;	/* bytes */
	double f_max_mhz;	/* the part's max clock (amd-smi gfx_N_max_clk, clocks.max.sm) */
	double f_min_mhz;	/* DVFS floor */
	double t_base_c;	/* steady hotspot temperature of the coolest position */
	double t_thr_c;		/* DVFS starts lowering the clock above this */
	double k_mhz_per_c;	/* clock lost per degree above t_thr_c */
	double p_idle_w;	/* P_idle */
	double cap_w;		/* default power cap (--power-cap); also its max power limit */
	double min_limit_w;	/* min power limit (nvidia-smi power.min_limit); 0: not reported */
	double m0_w_per_mhz;	/* M at t_base_c */
	double beta_per_c;	/* M = m0 * (1 + beta * (T - t_base)) (leakage) */
	double idle_clk_mhz;	/* gfx clock reported when idle */
	double mem_clk_mhz;	/* memory clock reported, MHz */
	double contention;	/* compute slowdown while a comm kernel runs */
	int curve;		/* enum synth_curve: power against clock */
	double curve_exp;	/* convex: P_active = M·f_max·(f / f_max)^exp */
};

/*
 * Power against clock: linear, P = P_idle + M·f; convex (voltage rises with
 * the clock), P = P_idle + M·f_max·(f / f_max)^curve_exp: the same power at
 * f_max, less below it.
 */
enum synth_curve { SYNTH_CURVE_LINEAR, SYNTH_CURVE_CONVEX };

struct synth_params {
	enum synth_vendor vendor;	/* whose GPU: NVIDIA with --telemetry nvidia-smi, else AMD */
	int gpus, samples, layers;	/* --gpus (2 to SYNTH_MAX_GPUS), --samples (traced
					 * iterations), --layers (transformer layers) */
	uint64_t seed;		/* --seed: position offsets, jitter and telemetry noise */
	int stragglers[SYNTH_MAX_STRAGGLERS];	/* GPU indexes, hottest first */
	int nr_stragglers;	/* entries of stragglers */
	double temp_spread_c;	/* straggler temperature above t_base */
	double power_cap_w;	/* cap of every GPU without its own; 0 = the device's cap_w */
	double cap_w[SYNTH_MAX_GPUS];	/* power cap per GPU; 0 = power_cap_w */
	/* --physics: constants that replace the vendor's (bit i: synth_physics_keys[i]) */
	unsigned phys_set;
	double phys[16];	/* the values, by synth_physics_keys index; read where
				 * phys_set has the bit */
	struct synth_fault faults[SYNTH_MAX_FAULTS];	/* --fault */
	int nr_faults;		/* entries of faults */
	double jitter_c;	/* --jitter: spread of the other GPUs' temperatures */
	bool has_jitter;	/* false: 0.4 x temp_spread_c */
	double drift_c;		/* --drift: every GPU warms by this over the run (ambient) */
	double slot_c;		/* --slot: the rear half of the GPUs runs this much hotter */
	int tick_ms;		/* --tick: telemetry interval, ms (1000 or 100); 0: 1000 */
	double noise;		/* --noise: scale of the telemetry noise */
	bool has_noise;		/* false: 1 */
	uint64_t noise_seed;	/* --noise-seed: the telemetry noise's seed */
	bool has_noise_seed;	/* false: seed */
	int duration_s;		/* --duration: seconds the job runs at its steady state (the
				 * telemetry covers them, the traces the first samples); 0:
				 * the traced iterations' span */
	bool reasons;		/* --reasons: write clock event reasons (nvidia-smi) */
};

/* Keys of --physics KEY=VALUE, in the order of truth.json's "model" (NULL-ended). */
extern const char *const synth_physics_keys[];
/*
 * synth_physics_set() - set one --physics key ("curve" takes linear or convex).
 * Return: 0, or LITSI_EUSAGE with @err naming the key or the value.
 */
int synth_physics_set(struct synth_params *p, const char *key, const char *value,
		      struct err *err);
/* synth_power_at() - P_idle + active power at clock @f (MHz) for leakage @m. */
double synth_power_at(const struct synth_device *d, double m, double f);

/* What sets a GPU's clock: the part's max clock, the DVFS curve or the power cap. */
enum synth_limit { SYNTH_LIMIT_CLOCK, SYNTH_LIMIT_THERMAL, SYNTH_LIMIT_POWER,
		   SYNTH_LIMIT_LOCKED };

/* Per-GPU steady state. */
struct synth_gpu {
	double temp_c;		/* steady hotspot temperature under load */
	double dvfs_mhz;	/* clock the temperature allows (<= f_max) */
	double f_mhz;		/* actual clock: min(f_max, dvfs, cap clock) */
	double m_w_per_mhz;	/* M_g */
	double power_w;		/* P_idle + M_g * f (= cap_w when power-limited) */
	double cap_w;		/* power cap in force */
	enum synth_limit limit;	/* the binding limit */
	double lead_ns;		/* mean over samples of the summed lead (METHOD §3) */
	bool is_straggler;	/* named by --straggler or --fault */
	const char *cause;	/* the cause of its slowdown: "thermal", synth_fault_cause(), or
				 * NULL for a healthy GPU */
	double work;		/* compute work factor (1 + work%) */
	double link;		/* collective transfer factor on this GPU (1 + link%) */
	double stall;		/* host stall: idle share of compute time (host% / 100) */
	double lock_mhz;	/* clock lock, 0: none */
};

/* One kernel on one GPU; ops index synth_op_info(). */
struct synth_kernel {
	int op;			/* index into the op table of one sample */
	int sample;		/* the traced iteration, 0 to samples - 1 */
	int64_t start_ns, end_ns;	/* epoch ns */
	int64_t launch_ns;	/* epoch ns of the CPU launch call */
	int64_t corr;		/* correlation id (per rank) */
	int64_t ext_id;		/* External id of the enclosing CPU range */
};

/* One CPU-side range of a rank (step, annotation, record_param_comms). */
struct synth_range {
	int kind;		/* enum synth_range_kind */
	int sample, index;	/* index: layer, or op for comms */
	int64_t start_ns, end_ns;	/* epoch ns */
	int64_t ext_id;		/* External id, shared with the kernels it encloses */
};

/* One telemetry reading of one GPU (--tick interval, GPUs interleaved per tick). */
struct synth_tele {
	int64_t t_ns;		/* epoch ns, whole ticks */
	int gpu;		/* GPU index */
	bool busy;		/* inside the load period */
	double temp_c, mem_temp_c;	/* hotspot (junction) and HBM */
	double clk_mhz, power_w;	/* gfx clock (MHz) and board power (W) */
	double activity_pct, umc_pct;	/* gfx and memory controller activity */
	unsigned reasons;	/* NVML clock event reasons of the reading */
};

enum synth_range_kind { SR_STEP, SR_ANNOT, SR_COMM_ANNOT, SR_PARAM_COMMS };

enum synth_op_kind { SOP_COMPUTE, SOP_ALLGATHER, SOP_REDUCE_SCATTER };

/* Static description of one op of a sample (same on every GPU). */
struct synth_op {
	enum synth_op_kind kind;	/* compute, or the collective it is */
	int kname;		/* index into the kernel name table */
	int layer;		/* the transformer layer, 0 to layers - 1 */
	int group;		/* annotation group: layer*4 + {attn fwd, mlp fwd, mlp bwd, attn bwd} */
	double base_us;		/* duration at f_max without contention (compute) */
	int wait_op;		/* compute: comm op whose end it waits for; -1 none */
	int after_op;		/* comm: compute op whose end issues it; -1 = step start */
};

struct synth_result {
	struct synth_params p;	/* the parameters, copied */
	struct synth_device dev;	/* the vendor's constants with --physics applied */
	struct synth_op *ops;	/* one sample's ops, in CPU program order; owned */
	size_t nr_ops;		/* entries of ops */
	struct synth_gpu gpu[SYNTH_MAX_GPUS];	/* steady state of GPUs 0 to p.gpus - 1 */
	struct synth_kernel *k[SYNTH_MAX_GPUS];	/* per GPU, in program order; owned */
	size_t nr_k[SYNTH_MAX_GPUS];	/* entries of k[g] */
	struct synth_range *r[SYNTH_MAX_GPUS];	/* per rank, CPU ranges; owned */
	size_t nr_r[SYNTH_MAX_GPUS];	/* entries of r[g] */
	int64_t run_start_ns, run_end_ns;	/* load period (epoch ns): the traced
						 * iterations, or --duration */
	int64_t base_time_ns;	/* Kineto baseTimeNanoseconds */
	int64_t boot_ns;	/* epoch ns of the node's boot (rocprof clock origin) */
	int64_t layer_nelems;	/* parameters per layer */
	struct synth_tele *tele;	/* ticks x GPUs, tick-major; owned */
	size_t nr_tele;		/* entries of tele */
	int lead_order[SYNTH_MAX_GPUS];	/* GPUs by lead, largest first */
	int temp_order[SYNTH_MAX_GPUS];	/* GPUs by temperature, hottest first */
};

/* synth_device() - the constants of @vendor's modelled GPU (before --physics). */
const struct synth_device *synth_device(enum synth_vendor vendor);

/* synth_dvfs_mhz() - clock allowed at temperature @temp_c (linear above t_thr). */
double synth_dvfs_mhz(const struct synth_device *d, double temp_c);
/* synth_m() - M_g (W/MHz) at temperature @temp_c. */
double synth_m(const struct synth_device *d, double temp_c);
/* synth_cap_mhz() - highest clock that keeps P_idle + M*f within @cap_w (>= f_min). */
double synth_cap_mhz(const struct synth_device *d, double m, double cap_w);
/* synth_limit_name() - "clock", "thermal" or "power". */
const char *synth_limit_name(enum synth_limit l);

/*
 * synth_contended_end() - end of a kernel that needs @work_ns of work when
 * started at @start_ns, given the sorted, disjoint comm intervals @cs/@ce
 * (@n of them) of its GPU: work done while a comm kernel runs progresses at
 * 1 / (1 + @gamma).
 */
int64_t synth_contended_end(int64_t start_ns, int64_t work_ns, const int64_t *cs,
			    const int64_t *ce, size_t n, double gamma);

/*
 * synth_run() - simulate the node. @p is copied into @out. Return: 0, or
 * LITSI_EUSAGE with @err set for inconsistent parameters. Free with
 * synth_result_release().
 */
int synth_run(const struct synth_params *p, struct synth_result *out, struct err *err);
void synth_result_release(struct synth_result *r);

/* Kernel names of the op table (vendor-specific). */
const char *synth_kernel_name(const struct synth_result *r, int kname);
/* synth_group_name() - "layers.3.attention.forward" style annotation name, into @buf. */
void synth_group_name(int group, char *buf, size_t n);

/* Constants shared by the model and the writers. */
enum { SYNTH_COMPUTE_STREAM = 0, SYNTH_COMM_STREAM = 4 };
#define SYNTH_CONTENTION 0.20	/* default compute slowdown while a comm kernel runs */
#define SYNTH_SAMPLE_PERIOD_NS 2000000000LL	/* one traced iteration every 2 s */
#define SYNTH_MAX_DURATION_S 3600		/* --duration: at most an hour of telemetry */

/* ---- writers (src/fmt/synth_write.c): format into @out ---- */

/* Where writers send their bytes; write returns 0 or a negative status. */
struct synth_out {
	int (*write)(void *ctx, const char *buf, size_t n, struct err *err);	/* all @n bytes, or fail */
	void *ctx;		/* handed to write, borrowed */
};

int synth_write_kineto(const struct synth_result *r, int rank, const struct synth_out *o,
		       struct err *err);
int synth_write_rocprofv3_kernels(const struct synth_result *r, int rank,
				  const struct synth_out *o, struct err *err);
int synth_write_rocprofv3_agents(const struct synth_result *r, const struct synth_out *o,
				 struct err *err);
int synth_write_rocprof(const struct synth_result *r, const struct synth_out *o,
			struct err *err);
int synth_write_amdsmi(const struct synth_result *r, const struct synth_out *o,
		       struct err *err);
int synth_write_nvsmi(const struct synth_result *r, const struct synth_out *o, struct err *err);
/* amd-smi static --json: product and power limits (ppt0) of every GPU. */
int synth_write_amdsmi_static(const struct synth_result *r, const struct synth_out *o,
			      struct err *err);
/* @cmdline: the command that produced the files (recorded in truth.json). */
int synth_write_truth(const struct synth_result *r, const char *cmdline,
		      const struct synth_out *o, struct err *err);

/* synth_pid() - the OS pid recorded for rank @rank's process. */
int synth_pid(int rank);
/* SYNTH_HOST: hostname recorded in the files (rocprofv3 folder name). */
#define SYNTH_HOST "synth-node0"

#endif
