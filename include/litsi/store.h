/* SPDX-License-Identifier: MIT */
/*
 * store.h: the database API; the only door to SQLite. Everything here speaks
 * trace.h types and plain arrays; no sqlite3 type leaves src/store/.
 */
#ifndef LITSI_STORE_H
#define LITSI_STORE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "litsi/err.h"
#include "litsi/trace.h"

#define STORE_SCHEMA_VERSION 4

struct store;

enum store_mode {
	STORE_RDONLY = 0,	/* must exist */
	STORE_RDWR = 1,		/* created if missing */
	STORE_SCRATCH = 2,	/* private, created if missing, no syncs, journal in memory */
	STORE_BULK = 3,		/* private, new (merge): 16 KiB pages, no journal, no syncs */
};

/*
 * store_open() - open (and for STORE_RDWR create or migrate) the database.
 * A database written by a newer litsi is refused with LITSI_EDB.
 */
int store_open(const char *path, enum store_mode mode, struct store **out, struct err *err);
void store_close(struct store *st);
/*
 * store_set_stop() - make statements on @st stop when *@stop becomes non-zero
 * (SIGINT/SIGTERM): they fail and the error is LITSI_EINTR; a transaction
 * that sees it is rolled back, never committed. NULL: never stop.
 */
void store_set_stop(struct store *st, const volatile sig_atomic_t *stop);
/*
 * store_read_begin() - a read transaction, so that a run of queries reads one
 * snapshot and takes the file lock once, unless a transaction is open already;
 * *@began says whether this call opened it. store_read_end() ends it if so.
 */
int store_read_begin(struct store *st, bool *began, struct err *err);
void store_read_end(struct store *st, bool began);

/*
 * store_scope_run() - make the node loader's reads (a node's GPUs and sample
 * steps, kernels, annotations, profiler steps, collectives, the traced
 * window, telemetry, power readings) and the source and GPU summaries of
 * info see only the sources of @run (ingest --run); NULL: every source
 * again. One scope per store at a time: a run-scoped load sets it and gives
 * the one before back when released (res_model_load()).
 */
int store_scope_run(struct store *st, const char *run, struct err *err);
/* store_scope() - the run of the scope in force, or NULL. */
const char *store_scope(const struct store *st);

/* ---- ingest: one transaction per source ---- */
struct ingest_opts {
	const char *node;	/* --node; NULL = hostname from the file, else "default" */
	int rank;		/* --rank; -1 if not given */
	int64_t clock_offset_ns;	/* --clock-offset; 0 if not given */
	bool has_clock_offset;	/* --clock-offset given (0 included) */
	bool force;		/* replace an already ingested identical file */
	const char *run;	/* --run; NULL: no run named */
	bool run_auto;		/* --run auto: the run is chosen by store_resolve_auto_run() */
	const char *role;	/* --role: recorded as source_meta 'role'; NULL: none */
	unsigned held_files;	/* files held in memory at once (-j); 0 or 1: one */
	bool node_from_host;	/* --node-from host: the node is the host the file names */
};

/* Where a source went: its node, run and path as ingested (store_source_where()). */
struct source_where {
	char node[256];		/* "" when the source has no node */
	char run[256];		/* "" for no run named */
	char path[1024];	/* the path it was ingested from, as given */
};

/* store_source_where() - fill @w for source @id; "" fields when it does not exist. */
void store_source_where(struct store *st, int64_t id, struct source_where *w);

/* Readings of a file that its run held already (store_telemetry_dedupe()). */
struct telem_dedupe {
	int64_t dropped;	/* readings equal to ones the run held: not stored again */
	struct source_where dup_of;	/* the first file that held them */
};

struct ingest_summary {
	char format[32];	/* the parser's name ("pytorch", "nsys-sqlite") */
	char node[128];		/* the node the file went to */
	int rank;		/* -1 if unknown */
	/* What the file held: GPUs, samples (steps), kernels, of them comm, readings, rows. */
	int64_t gpus, samples, kernels, comm, telemetry, aggregates;
	bool duplicate;		/* identical content already present; nothing written */
	struct source_where dup;	/* with duplicate: where the earlier copy went */
	char run[256];		/* the run the file went to ("" none); with --run auto, chosen */
	bool run_pending;	/* --run auto, a file with no time: no run chosen yet */
	int64_t source_id;	/* the source written (0 for a duplicate) */
	int64_t readings_dropped;	/* readings its run held already (same GPU, metric, time, value) */
	struct source_where readings_of;	/* with readings_dropped: the file that held them */
	bool replaced;		/* --force replaced an earlier copy */
	char warning[512];	/* "" or one line to show (telemetry outside the traced window) */
};

/*
 * Traces on one node whose time ranges lie more than this apart belong to
 * different runs and are refused (litsi-ingest(1)).
 */
#define RUN_GAP_NS ((int64_t)3600 * 1000000000)

struct store_ingest;
struct sink;		/* parse.h: the callbacks a parser pushes records into */

/*
 * store_ingest_begin() - start a transaction for the source @path and fill
 * @sink with callbacks that insert into it. The sink is valid until finish or
 * abort.
 */
int store_ingest_begin(struct store *st, const char *path, const struct ingest_opts *o,
		       struct store_ingest **out, struct sink *sink, struct err *err);
/*
 * store_ingest_finish() - link kernels to launches and samples, record the
 * source row and commit. @sha_hex is the content hash; when it is already
 * present (and !force) everything is rolled back and sum->duplicate set.
 * On error the transaction is rolled back. @ig is freed in every case.
 */
int store_ingest_finish(struct store_ingest *ig, const char *sha_hex, uint64_t bytes,
			struct ingest_summary *sum, struct err *err);
/* store_ingest_abort() - roll back and free; the database is as before begin. */
void store_ingest_abort(struct store_ingest *ig);
/*
 * store_set_source_run() - put source @source_id into run @run (NULL: none),
 * in a transaction of its own: a file of --run auto with no time of its own
 * (ingest_summary.run_pending) joins the run of the files it came with.
 */
int store_set_source_run(struct store *st, int64_t source_id, const char *run, struct err *err);
/* store_has_source() - whether a source with content hash @sha_hex exists. */
int store_has_source(struct store *st, const char *sha_hex, bool *has, struct err *err);

/*
 * store_is_litsi_file() - whether @path is a litsi database (an SQLite file
 * holding litsi's tables), read immutable: nothing is written beside it.
 */
bool store_is_litsi_file(const char *path);

/* ---- reading ---- */
int store_list_nodes(struct store *st, struct node_row **v, size_t *n, struct err *err);
void store_free_nodes(struct node_row *v, size_t n);
/* store_find_node() - node id by name; LITSI_EUSAGE when absent. */
int store_find_node(struct store *st, const char *name, int64_t *id, struct err *err);
/* GPUs of a node ordered by device. */
int store_list_gpus(struct store *st, int64_t node_id, struct gpu_row **v, size_t *n,
		    struct err *err);
void store_free_gpus(struct gpu_row *v, size_t n);
/* Distinct sample steps of a node (ascending; -1 = whole-trace sample). */
int store_list_steps(struct store *st, int64_t node_id, int64_t **steps, size_t *n,
		     struct err *err);
/*
 * store_load_kernels() - kernels of one GPU ordered by (start_ns, end_ns, id):
 * those of sample @step, or every kernel of the GPU when @all is true.
 * *v is malloc'd; free() it.
 */
int store_load_kernels(struct store *st, int64_t gpu_id, int64_t step, bool all,
		       struct kspan **v, size_t *n, struct err *err);
/* store_name() - interned kernel/annotation name; borrowed until store_close(). */
const char *store_name(struct store *st, uint32_t name_id);
/* Power limits of one GPU, W; 0: not recorded. */
struct gpu_limits {
	double cap;			/* the cap in force */
	double min, max;		/* min / max power limit */
	double def;			/* default power limit */
};

/*
 * store_gpu_limits() - what the telemetry recorded about @gpu_id's power
 * limits: a static record (amd-smi static --limit) of the latest source, else
 * the median of the readings (nvidia-smi power.limit, power.min_limit, ...;
 * rocm-smi max power). @run (NULL: every source) limits both to that run.
 */
int store_gpu_limits(struct store *st, int64_t gpu_id, const char *run, struct gpu_limits *out,
		     struct err *err);
/*
 * The run of the traces ingested without --run, in run lists and scopes,
 * once their node holds named runs too.
 */
#define STORE_RUN_UNNAMED ""
/*
 * store_runs() - the run names of @node_id (ingest --run), first ingested
 * first; STORE_RUN_UNNAMED for its traces ingested without --run when it has
 * named runs too. None: the node is one run.
 */
int store_runs(struct store *st, int64_t node_id, char ***names, size_t *n, struct err *err);
/*
 * store_latest_run() - the run of @node_id whose traces start last (without
 * traces, the run ingested last; never a run ingested with --role),
 * malloc'd; NULL when the node has no named runs (it is one run).
 */
int store_latest_run(struct store *st, int64_t node_id, char **run, struct err *err);
/* One run of a node (store_run_list()). */
struct store_run {
	char *name;		/* the run's name (ingest --run); malloc'd */
	bool traces;		/* some source of the run holds profiler samples */
	char *role;		/* ingest --role of its sources ("calibration"), NULL: none */
};

/*
 * store_run_list() - the runs of @node_id, first ingested first (as
 * store_runs()), with whether each holds traces and its role. Free with
 * store_free_run_list().
 */
int store_run_list(struct store *st, int64_t node_id, struct store_run **v, size_t *n,
		   struct err *err);
void store_free_run_list(struct store_run *v, size_t n);
/* store_has_run() - whether node @node_id has run @run. */
int store_has_run(struct store *st, int64_t node_id, const char *run, bool *has, struct err *err);
/*
 * store_run_steps() - per profiler step of @run (NULL: every source) of
 * @node_id, the slowest GPU's step time, ns, in step order. *step_ns malloc'd.
 */
int store_run_steps(struct store *st, int64_t node_id, const char *run, double **step_ns,
		    size_t *n, struct err *err);
/*
 * store_run_readings() - @metric on @gpu_id: the readings of @run's sources
 * (NULL: all) under load (a reading taken while the GPU's gfx activity, its
 * reading of the same time, was at most @load_activity percent is left out;
 * NaN: none is), ascending, into malloc'd *@v, with *@in_window[i] whether
 * v[i] lies inside the run's traced window (from 1 s before its first sample
 * to the end of its last; a run without traces: every reading does).
 */
int store_run_readings(struct store *st, int64_t gpu_id, const char *run, const char *metric,
		       double load_activity, double **v, bool **in_window, size_t *n,
		       struct err *err);
/* store_load_telemetry() - one metric of one GPU ordered by time; *v malloc'd. */
int store_load_telemetry(struct store *st, int64_t gpu_id, const char *metric,
			 struct tsample **v, size_t *n, struct err *err);
/* ---- analysis queries (overlap, corr, lead, thermal; src/store/store_analysis.c) ---- */

/*
 * store_load_annotations() - user_annotation and gpu_user_annotation ranges
 * that overlap [@start, @end) and belong to the GPU (or to its source when
 * the annotation names no GPU), ProfilerStep#N markers excluded, ordered by
 * start. *v malloc'd.
 */
int store_load_annotations(struct store *st, int64_t gpu_id, int64_t start, int64_t end,
			   struct aspan **v, size_t *n, struct err *err);
/*
 * store_load_collectives() - comm kernels of one GPU and sample (@all: every
 * sample) with their linked collective, ordered by (start, id). Free with
 * store_free_collectives().
 */
int store_load_collectives(struct store *st, int64_t gpu_id, int64_t step, bool all,
			   struct coll_row **v, size_t *n, struct err *err);
void store_free_collectives(struct coll_row *v, size_t n);
/*
 * store_load_sample_kernels() - as store_load_kernels() for one sample, but
 * through the (gpu_id, sample_id) index: cost proportional to the sample's
 * kernels, not the GPU's. *v is malloc'd storage of *@alloc elements (NULL
 * and 0 at first), reused and grown from call to call; on error *n is 0.
 */
int store_load_sample_kernels(struct store *st, int64_t gpu_id, int64_t step, struct kspan **v,
			      size_t *n, size_t *alloc, struct err *err);
/*
 * store_kernel_window() - [first start, last end) of the node's kernels in
 * the epoch clock domain; 1 found, 0 none.
 */
int store_kernel_window(struct store *st, int64_t node_id, int64_t *start, int64_t *end,
			struct err *err);

/*
 * store_profiler_steps() - of the GPU's trace: the number of distinct
 * ProfilerStep#N names (CPU steps and GPU-side ranges) and the latest start
 * among them (0 when none).
 */
int store_profiler_steps(struct store *st, int64_t gpu_id, size_t *count, int64_t *last_start,
			 struct err *err);

/* ---- info: what the database holds (litsi info) ---- */
/* Strings of the info_* rows are malloc'd; store_info_free() frees them. */
struct info_source {
	int64_t id;		/* source.id */
	/* As ingested: path, parser, node, clock ("epoch", "boottime"), content hash (hex). */
	char *path, *format, *node, *clock, *sha256;
	int rank, world_size;	/* -1 if unknown */
	/* Its size in bytes, and what it holds: GPUs, samples, kernels, comm ones, readings. */
	int64_t bytes, gpus, samples, kernels, comm, telemetry;
};

struct info_gpu {
	char *node;		/* its node's name */
	int device, rank;	/* rank -1 if unknown */
	char *vendor, *product;	/* may be NULL */
	int64_t samples, kernels, comm;	/* its samples (steps), kernels, and comm kernels */
	int64_t first_ns, last_ns;	/* kernel span; TIME_NONE when no kernels */
	int64_t metrics, readings;	/* telemetry metrics it has, and readings of all */
	int64_t tel_first_ns, tel_last_ns;	/* TIME_NONE when no telemetry */
	int64_t id;		/* gpu.id */
};

struct info_metric {
	char *node;		/* the GPU's node */
	int device;		/* the GPU's device index */
	char *metric, *unit;	/* canonical metric name (trace.h METRIC_*) and its unit */
	int64_t readings;	/* how many */
	int64_t first_ns, last_ns;	/* the first and last reading, epoch ns */
	double min, mean, max;	/* of the values, in unit */
};

/*
 * store_gpu_time_base() - the baseTimeNanoseconds that the PyTorch trace of
 * this GPU was written relative to (0 when absolute, or when the GPU's
 * kernels come from several traces with different bases).
 */
int store_gpu_time_base(struct store *st, int64_t gpu_id, int64_t *base_ns, struct err *err);

int store_info_sources(struct store *st, struct info_source **v, size_t *n, struct err *err);
int store_info_gpus(struct store *st, struct info_gpu **v, size_t *n, struct err *err);
int store_info_metrics(struct store *st, struct info_metric **v, size_t *n, struct err *err);
void store_info_free(struct info_source *s, size_t ns, struct info_gpu *g, size_t ng,
		     struct info_metric *m, size_t nm);

/* ---- model queries (litsi model, caps, check) ---- */
/*
 * store_node_power() - every power_w reading of the node's GPUs with
 * @start <= t <= @end, ascending by value. *v malloc'd.
 */
int store_node_power(struct store *st, int64_t node_id, int64_t start, int64_t end, double **v,
		     size_t *n, struct err *err);
/*
 * store_node_idle_power() - power_w readings of the node's GPUs taken at the
 * same time (and source) as a gfx_activity_pct reading <= @max_activity,
 * over the whole log, ascending by value. *v malloc'd.
 */
int store_node_idle_power(struct store *st, int64_t node_id, double max_activity, double **v,
			  size_t *n, struct err *err);

#endif
