/* SPDX-License-Identifier: MIT */
/*
 * anaload.h: loading shared by the analysis commands (overlap, corr, lead,
 * thermal): a node's GPUs and samples, one sample's kernels at a time, the
 * --comm-pattern reclassification and the mean aggregated lead per GPU.
 */
#ifndef LITSI_CMD_ANALOAD_H
#define LITSI_CMD_ANALOAD_H

#include <regex.h>

#include "cmd.h"
#include "litsi/lead.h"
#include "litsi/overlap.h"

struct ana_node {
	int64_t node_id;
	struct gpu_row *gpus;	/* ordered by device */
	size_t G;
	int64_t *steps;		/* distinct sample steps, ascending */
	size_t nsteps;
	struct kspan **kern;	/* [G] kernels of the loaded sample */
	size_t *nk;		/* [G] */
	regex_t re;		/* --comm-pattern */
	bool has_re;
	signed char *is_comm;	/* name_id -> -1 unknown, 0, 1 (regex cache) */
	size_t nr_is_comm;
};

/* ana_node_open() - GPUs and steps of @node_id; @comm_re: --comm-pattern or NULL. */
int ana_node_open(struct litsi_ctx *ctx, int64_t node_id, const char *comm_re,
		  struct ana_node *nd);
void ana_node_release(struct ana_node *nd);
/* ana_load_sample() - replace nd->kern by the kernels of sample @step on every GPU. */
int ana_load_sample(struct litsi_ctx *ctx, struct ana_node *nd, int64_t step);
/* ana_reclassify() - apply --comm-pattern to @k (compute <-> comm only). */
void ana_reclassify(struct litsi_ctx *ctx, struct ana_node *nd, struct kspan *k, size_t n);
/*
 * ana_load_groups() - the operations (@layers false) or layers of one GPU's
 * sample kernels @k (sorted by start, any class), whose comm union is @u:
 * loads the GPU's annotations around the sample and runs overlap_groups().
 * *gr is malloc'd; *nann counts the annotations found (0: none to group by).
 */
int ana_load_groups(struct litsi_ctx *ctx, const struct gpu_row *gpu, const struct kspan *k,
		    size_t n, const struct ival *u, size_t nu, bool layers,
		    struct overlap_group **gr, size_t *ng, size_t *unassigned, size_t *nann);
/* ana_gpu_index() - index of device @dev in nd->gpus, or -1. */
int ana_gpu_index(const struct ana_node *nd, int dev);
/*
 * ana_mean_lead() - mean over the node's samples of L[g] (@agg); *nsamples
 * counts samples with matched keys. @L has nd->G entries.
 */
int ana_mean_lead(struct litsi_ctx *ctx, struct ana_node *nd, enum lead_agg agg, double *L,
		  size_t *nsamples);

#endif
