/* SPDX-License-Identifier: MIT */
/* record_int.h: what the sampling backends share. Private to record/. */
#ifndef LITSI_RECORD_INT_H
#define LITSI_RECORD_INT_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "litsi/err.h"

/*
 * A management library loaded with dlopen(): open() finds the library and
 * at least one GPU (else it fails and the next backend is tried), header()
 * writes the CSV header, row() one line for GPU @gpu read now (@t_ns:
 * epoch ns), close() unloads.
 */
struct rec_lib {
	const char *file;	/* the CSV written: "nvidia-smi.csv" or "amd-smi.csv" */
	int (*open)(void **state, unsigned *nr_gpus, struct err *err);
	void (*header)(void *state, FILE *f);
	void (*row)(void *state, unsigned gpu, int64_t t_ns, FILE *f);
	void (*close)(void *state);
};

extern const struct rec_lib rec_nvml;
extern const struct rec_lib rec_rocm_smi;

/*
 * rec_start_with() - record_start() with library backend @lib (named nvml),
 * whatever the machine has: for the tests of the sampling thread.
 */
struct record_opts;
struct recorder;
int rec_start_with(const struct record_opts *o, const struct rec_lib *lib, struct recorder **out,
		   struct err *err);

/* rec_cell_*() - one CSV cell after ", " (nvidia-smi) or "," (amd-smi): N/A when !ok. */
void rec_cell_num(FILE *f, const char *sep, bool ok, double v, int decimals);
void rec_cell_na(FILE *f, const char *sep, const char *na);

/* rec_spawn() - see proc.c; a child given @out_fd (a sampler) gets SIGTERM when litsi dies. */
int rec_spawn(char *const argv[], int out_fd, int err_fd, const char *env, pid_t *pid,
	      int *exec_errno, struct err *err);
/* rec_exit_status() - a wait status as a shell's $?. */
int rec_exit_status(int wstatus);
/* rec_end_group() - end process group @pgid: @first_sig, SIGKILL after @grace_ms. */
void rec_end_group(pid_t pgid, int first_sig, int grace_ms);

#endif
