/* SPDX-License-Identifier: MIT */
/*
 * trace.h: in-memory record types shared by parsers, the store and the
 * analyses. Plain structs; all times are int64 nanoseconds.
 */
#ifndef LITSI_TRACE_H
#define LITSI_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#define TIME_NONE INT64_MIN	/* "no timestamp" marker */

/* Times ingest accepts, ns (epoch or boot): 0..2^62, so differences never overflow. */
#define TIME_MAX_NS ((int64_t)1 << 62)

/* Device ids every reader accepts: integers 0..DEVICE_MAX (litsi-formats(7)). */
enum { DEVICE_MAX = 1 << 20 };

enum kernel_class {
	KCLASS_COMPUTE = 0,
	KCLASS_COMM = 1,	/* name contains nccl or rccl (case-insensitive) */
	KCLASS_MEMCPY = 2,
	KCLASS_MEMSET = 3,
};

enum clock_domain {
	CLK_EPOCH = 0,	/* ns since the Unix epoch (PyTorch traces, telemetry) */
	CLK_BOOTTIME = 1,	/* ns since boot (rocprof, rocprofv3) */
};

/*
 * The rec_* records are what a parser pushes into a sink (parse.h). Their
 * strings are borrowed from the parser: valid during the sink's call only,
 * not NUL-terminated where a length goes with them. Times are in the clock
 * of the file (rec_source.clock) unless a field says otherwise.
 */

/* What a parser learns about the file as a whole (may be sent several times). */
struct rec_source {
	const char *format;	/* "pytorch", "rocprofv3-csv", "amd-smi-csv", ... */
	enum clock_domain clock;	/* the clock of every time of the file */
	const char *hostname;	/* NULL when the file names none */
	int rank;		/* -1 if unknown */
	int world_size;		/* -1 if unknown */
};

/* A GPU as a file describes it. */
struct rec_gpu {
	int device;		/* device index on its node (kineto pid, gpu-id, amd-smi gpu) */
	int rank;		/* -1 if unknown */
	const char *vendor;	/* "AMD", "NVIDIA" or NULL */
	const char *product;	/* "AMD Instinct MI300X", or NULL */
};

/* One GPU execution interval. */
struct rec_kernel {
	int device;		/* as in rec_gpu.device */
	int rank;		/* rank context (fused traces: args.rank); -1 = the file's */
	int64_t stream;		/* HIP/CUDA stream, or HSA queue when no stream is known */
	const char *name;	/* the kernel's name, name_len bytes (not NUL-terminated) */
	size_t name_len;	/* bytes of name */
	int64_t start_ns, end_ns;	/* [start, end) in the source's clock */
	enum kernel_class kclass;	/* kernel_classify() of the name, or the file's own class */
	int64_t correlation;	/* launch correlation id; -1 if none */
	int64_t launch_ns;	/* CPU launch time if the parser knows it, else TIME_NONE */
	int64_t bytes;		/* memcpy/memset bytes, -1 if unknown */
};

/* A CPU-side launch (runtime call) with a correlation id: used to link kernels. */
struct rec_launch {
	int rank;		/* rank context (fused traces); -1 = the file's */
	int64_t correlation;	/* equals rec_kernel.correlation of the kernel it launched */
	int64_t ts_ns;		/* when the call began */
	int64_t tid;		/* CPU thread of the call */
	int64_t external_id;	/* -1 if none */
};

/* One traced iteration (ProfilerStep#N) on the CPU of one rank. */
struct rec_step {
	int rank;		/* rank context; -1 = the file's */
	int64_t step;		/* N of ProfilerStep#N, >= 0 */
	int64_t start_ns, end_ns;	/* the step's CPU span, end >= start */
};

/* A CPU-side range used to label kernels (user_annotation, cpu_op) or a marker. */
struct rec_annotation {
	int rank;		/* rank context; -1 = the file's */
	const char *kind;	/* "user_annotation", "gpu_user_annotation", "marker", ... */
	const char *name;	/* the range's label, NUL-terminated */
	int64_t start_ns, end_ns;	/* the range, end >= start */
	int64_t tid;		/* CPU thread it was recorded on; 0 if unknown */
	int device;		/* for gpu_user_annotation; -1 otherwise */
	int64_t external_id;	/* -1 if none */
};

/* The args of a record_param_comms event (or of a kernel that carries them). */
struct rec_collective {
	int rank;		/* rank context; -1 = the file's */
	int64_t start_ns, end_ns;	/* the CPU event's span */
	int64_t tid;		/* CPU thread of the event */
	int64_t correlation;	/* set when the args sit on the kernel itself; else -1 */
	int64_t external_id;	/* -1 if none */
	const char *coll_name;	/* "allreduce", "_allgather_base", ... */
	const char *dtype;	/* element type as the trace names it ("Float"), or NULL */
	int64_t in_nelems, out_nelems;	/* -1 if absent */
	int64_t group_size;	/* -1 if absent */
	int64_t seq;		/* -1 if absent */
	const char *in_split, *out_split;	/* per-rank split sizes (text), or NULL */
	/* The process group's name, description and ranks (text), or NULL. */
	const char *pg_name, *pg_desc, *pg_ranks;
};

/* A power limit of a GPU that the telemetry recorded (amd-smi static --limit). */
struct rec_limit {
	int device;		/* as in rec_gpu.device */
	const char *kind;	/* "cap" (in force), "min", "max", "default" */
	double watts;		/* the limit, W */
};

/* One telemetry reading. */
struct rec_telemetry {
	int device;		/* as in rec_gpu.device */
	int64_t t_ns;		/* epoch ns */
	const char *metric;	/* canonical name (see telemetry metric list) or raw column */
	const char *unit;	/* "C", "W", "MHz", "%", "J", "" */
	double value;		/* in unit; ingest drops one outside metric_range() */
};

/* Canonical telemetry metric names. */
#define METRIC_TEMP_HOTSPOT "temp_hotspot_c"
#define METRIC_TEMP_EDGE "temp_edge_c"
#define METRIC_TEMP_MEM "temp_mem_c"
#define METRIC_POWER "power_w"
#define METRIC_GFX_CLK "gfx_clk_mhz"
#define METRIC_MEM_CLK "mem_clk_mhz"
#define METRIC_GFX_ACT "gfx_activity_pct"
#define METRIC_MEM_ACT "mem_activity_pct"
#define METRIC_ENERGY "energy_j"
#define METRIC_THROTTLE "throttle_pct"	/* % of time throttled in the interval */
#define METRIC_THR_THERMAL "thermal_viol_pct"	/* % of the interval a thermal reason held */
#define METRIC_THR_POWER "power_viol_pct"	/* % of the interval a power reason held */
#define METRIC_POWER_CAP "power_cap_w"
#define METRIC_POWER_MIN "power_min_limit_w"	/* nvidia-smi power.min_limit */
#define METRIC_POWER_MAX "power_max_limit_w"	/* nvidia-smi power.max_limit */
#define METRIC_POWER_DEFAULT "power_default_limit_w"	/* nvidia-smi power.default_limit */

/* The magnitude bound of a metric litsi does not know (a raw column). */
#define METRIC_RAW_MAX 1e18
/*
 * metric_range() - the physical range [*lo, *hi] of @metric's readings
 * (src/util/metric_range.c, litsi-formats(7)); metric_in_range() - whether
 * @v is finite and in it.
 */
void metric_range(const char *metric, double *lo, double *hi);
bool metric_in_range(const char *metric, double v);

/* An aggregate row (stats files): stored as such, never as kernels. */
struct rec_aggregate {
	const char *kind;	/* "kernel_stats", "hip_stats", "copy_stats", ... */
	const char *name;	/* the kernel, API call or copy the row sums up */
	int64_t calls;		/* how many of them */
	int64_t total_ns;	/* their summed duration */
	double avg_ns, pct;	/* mean duration, and share of the file's total in percent */
	int64_t min_ns, max_ns;	/* -1 when absent */
};


/*
 * ---- records as the analyses read them back (the store returns these) ----
 * Strings are malloc'd, owned by the array the store returned and freed with
 * it (store_free_nodes(), store_free_gpus()).
 */
struct node_row {
	int64_t id;		/* node.id in the database */
	char *name;		/* the node's name ("default" when none was given) */
};

struct gpu_row {
	int64_t id;		/* gpu.id in the database */
	int64_t node_id;	/* node_row.id of its node */
	int device;		/* device index on its node */
	int rank;		/* -1 if unknown */
	char *vendor;		/* may be NULL */
	char *product;		/* may be NULL */
};

/* A kernel as the analyses see it. */
struct kspan {
	int64_t start_ns, end_ns;	/* [start, end) in the clock of its source */
	int64_t launch_ns;	/* TIME_NONE when not linked to a launch */
	int64_t id;		/* kernel.id */
	uint32_t name_id;	/* the kernel's name: store_name() */
	uint8_t kclass;		/* enum kernel_class */
	uint8_t clock;		/* enum clock_domain of its source */
};

/* One telemetry reading of one metric of one GPU. */
struct tsample {
	int64_t t_ns;		/* epoch ns */
	double value;		/* in the metric's unit (rec_telemetry.unit) */
};

/* An annotation range as the grouping sees it. */
struct aspan {
	int64_t start_ns, end_ns;	/* the range, end >= start */
	uint32_t name_id;	/* its label: store_name() */
	bool on_gpu;		/* gpu_user_annotation: contains kernel starts; else CPU launches */
};

struct coll_row {
	int64_t start_ns, end_ns;	/* the comm kernel's GPU interval */
	uint32_t name_id;	/* kernel name */
	char *coll_name;	/* linked record_param_comms "Collective name", or NULL */
	char *pg_name;		/* its "Process Group Name", or NULL when not linked */
};

#endif
