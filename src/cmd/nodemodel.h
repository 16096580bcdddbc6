/* SPDX-License-Identifier: MIT */
/*
 * nodemodel.h: what litsi model, caps and check load for one node: every
 * sample's matched keys, leads, synchronisation points, the model sums, and
 * the per-GPU telemetry medians over the traced window.
 */
#ifndef LITSI_CMD_NODEMODEL_H
#define LITSI_CMD_NODEMODEL_H

#include "anaload.h"
#include "litsi/caps.h"
#include "litsi/model.h"
#include "litsi/parts.h"

struct nm_opts {
	double eps;			/* --epsilon */
	enum lead_agg agg;		/* --agg */
	const char *comm_re;		/* --comm-pattern or NULL */
	bool want_sync;			/* load comm sync points (caps) */
	double base_opt, idle_opt;	/* --baseline-power, --idle-power; NaN if not given */
};

struct nm_node {
	struct ana_node an;
	size_t G;
	size_t nsteps;			/* samples in the database */
	size_t nsamples;		/* samples with matched keys */
	struct match *m;		/* [nsamples] */
	struct caps_sample *cs;		/* [nsamples] */
	int64_t **ss, **se;		/* [nsamples] sync points */
	double *L;			/* [nsamples * G] aggregated leads */
	size_t *strag;			/* [G] samples won as straggler */
	size_t dropped;			/* keys dropped (missing on some GPU) */
	struct model_acc acc;
	struct model_perf perf;
	/* telemetry per GPU, NaN when absent */
	double *p, *f, *fmax, *temp, *thr;
	bool has_window;		/* kernels in the epoch clock give a window */
	int64_t t0, t1;
	bool tel_whole_log;		/* some metric had no reading in the window */
	double p_base, p_idle;		/* NaN when unknown */
	const char *p_base_from, *p_idle_from;	/* "option", "telemetry" or NULL */
};

int nm_load(struct litsi_ctx *ctx, int64_t node_id, const struct nm_opts *o, struct nm_node *n);
void nm_release(struct nm_node *n);
/*
 * nm_limits() - the node's TDP, cap0 and min limit into @p (and where they
 * came from into @lim): @tdp_opt / @cap_opt (0: not given), then the limits
 * its GPUs' telemetry recorded, then the product table (parts_resolve()).
 * Return: 0; 1 when the part cannot be placed; else an error status.
 */
int nm_limits(struct litsi_ctx *ctx, const struct nm_node *n, int tdp_opt, int cap_opt,
	      struct caps_params *p, struct part_limits *lim);
/* nm_gpu_models() - per-GPU power/clock for caps_loop(); false if any is missing. */
bool nm_gpu_models(const struct nm_node *n, struct caps_gpu_model *gm);

#endif
