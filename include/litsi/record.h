/* SPDX-License-Identifier: MIT */
/*
 * record.h: sampling the GPUs of this machine while a command runs (the
 * vendor's management library loaded at run time, else the vendor's CLI),
 * written as nvidia-smi or amd-smi CSV logs that ingest reads; and running
 * that command in its own process group with signals forwarded.
 */
#ifndef LITSI_RECORD_H
#define LITSI_RECORD_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "litsi/err.h"

/* The samplers, in the order an automatic choice tries them. */
enum record_backend {
	REC_AUTO = -1,
	REC_NVML = 0,		/* libnvidia-ml.so.1, dlopen'd */
	REC_ROCM_SMI,		/* librocm_smi64.so, dlopen'd */
	REC_NVIDIA_SMI,		/* nvidia-smi --query-gpu=... --format=csv -lms N */
	REC_AMD_SMI,		/* amd-smi metric ... -w N --csv */
	REC_NR_BACKENDS,
};

enum { RECORD_DEFAULT_INTERVAL_MS = 100 };

struct record_opts {
	const char *dir;	/* output folder (created when missing) */
	unsigned interval_ms;	/* 0: RECORD_DEFAULT_INTERVAL_MS */
	enum record_backend backend;	/* REC_AUTO: the first that finds a GPU */
};

struct record_stats {
	uint64_t ticks;		/* sampling rounds (library backends; CLI: lines written) */
	uint64_t readings;	/* rows written: one per GPU per tick */
	unsigned gpus;		/* GPUs sampled (CLI backends: 0, unknown) */
	double wall_s;		/* from record_start() to record_stop() */
	double cpu_s;		/* CPU time of the sampler (thread, or the CLI's process) */
	bool failed;		/* the sampler stopped early (its message in record_stop's err) */
};

struct recorder;

/* record_backend_name() - "nvml", "rocm-smi", "nvidia-smi", "amd-smi". */
const char *record_backend_name(enum record_backend b);
/* record_backend_parse() - the inverse, "auto" included. Return: 0 or -1. */
int record_backend_parse(const char *name, enum record_backend *out);

/*
 * record_start() - choose a backend (o->backend, or the first of
 * enum record_backend that loads and sees a GPU), create o->dir and start
 * sampling into one CSV file there ("nvidia-smi.csv" or "amd-smi.csv"), on
 * a thread (library) or a child process in its own process group (CLI).
 * Signals blocked in the caller stay blocked on the sampler thread. An
 * existing file of that name is refused, never overwritten. Return: 0 with
 * *out set, LITSI_EDB (no backend found, output not writable), LITSI_EUSAGE.
 */
int record_start(const struct record_opts *o, struct recorder **out, struct err *err);
/* record_backend_of() - the backend @r samples with. */
enum record_backend record_backend_of(const struct recorder *r);
/* record_path() - the CSV file @r writes; borrowed until record_free(). */
const char *record_path(const struct recorder *r);
/* record_interval_ms() - the interval @r samples at (the CLI of amd-smi: whole seconds). */
unsigned record_interval_ms(const struct recorder *r);
/*
 * record_stop() - stop sampling, wait for the sampler (thread joined, CLI
 * process ended and reaped), end the file on a whole line and fill @st.
 * Return: 0, or LITSI_EDB when the sampler failed during the run (@st
 * still filled; the readings written before the failure are kept).
 */
int record_stop(struct recorder *r, struct record_stats *st, struct err *err);
/* record_free() - release @r (after record_stop()); NULL is a no-op. */
void record_free(struct recorder *r);

/*
 * record_wrap_profiler() - @argv run under profiler @name ("nsys" or
 * "rocprofv3") writing into @dir: a new NULL-terminated argv to free with
 * free() (its strings are @argv's or static, except the output paths, which
 * live in the same allocation). Return: NULL for an unknown @name.
 */
char **record_wrap_profiler(const char *name, const char *dir, char *const argv[]);

/*
 * record_run() - run @argv (PATH searched) in a new process group and wait
 * for it. SIGINT, SIGTERM and SIGHUP sent to this process meanwhile are
 * forwarded to that group. When it exits, what is left of its group gets
 * SIGTERM, then SIGKILL after two seconds. *status: its exit code, 128 +
 * signal when a signal ended it, 127 when @argv[0] was not found and 126
 * when it could not be executed (then @err holds why, with 0 returned).
 * Must be called with record_signals_block() in force. Return: 0, or
 * LITSI_EDB (fork failed) with *status unset.
 */
int record_run(char *const argv[], int *status, struct err *err);
/*
 * record_signals_block() - block SIGINT, SIGTERM, SIGHUP and SIGCHLD in the
 * calling thread (before record_start(), so the sampler thread inherits
 * it); record_signals_restore() undoes it.
 */
void record_signals_block(void);
void record_signals_restore(void);
/*
 * record_pending_signal() - take a SIGINT, SIGTERM or SIGHUP that arrived
 * while they were blocked (e.g. during record_start()). Return: the signal,
 * 0 when none is pending.
 */
int record_pending_signal(void);

#endif
