/* SPDX-License-Identifier: MIT */
/*
 * fleet.h: the fleet view: many nodes, each in several runs (jobs). The
 * per-node results (verdict, straggler, spreads, predicted gain) come from
 * the node-results library (struct fleet_row is what the fleet command
 * takes from it for each node and run); this module only gathers them:
 * which nodes are imbalanced again and again, which GPU slots are the
 * straggler most often, and in which order to send nodes to maintenance.
 * Pure: no I/O, no SQL; deterministic orders with explicit tie-breaks.
 */
#ifndef LITSI_FLEET_H
#define LITSI_FLEET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum fleet_verdict {
	FLEET_BALANCED = 0,
	FLEET_IMBALANCED = 1,
	FLEET_INCONCLUSIVE = 2,	/* too little evidence for either */
};

/* What to do with a node (litsi-fleet(1)). */
enum fleet_action {
	FLEET_NONE = 0,		/* balanced in every run of its window */
	FLEET_CAPS,		/* imbalanced in its latest run, not recurring: caps */
	FLEET_MAINTENANCE,	/* imbalanced in >= k of its last n runs: cooling, paste, fans */
	FLEET_WATCH,		/* imbalanced in an earlier run of the window only */
	FLEET_UNKNOWN,		/* no conclusive run in its window */
};

/* One node in one run, as the node-results library judged it. */
struct fleet_row {
	const char *node;	/* borrowed */
	const char *run;	/* borrowed; "" when the database names no runs */
	int64_t start_ns;	/* when the run began on the node (orders runs); INT64_MIN unknown */
	enum fleet_verdict verdict;	/* the run's check verdict on the node */
	int straggler;		/* persistent straggler's device id, -1 none */
	double temp_spread;	/* max/min of median hotspot temperature; NaN without data */
	double freq_spread;	/* max/min of median gfx clock; NaN without data */
	double speedup;		/* predicted S_iter with the GPUs aligned (S_C(min)); NaN */
	double lead_ms;		/* the largest lead per step of its GPUs (how far the leading
				 * GPU runs ahead of the last), ms per step; NaN */
	double lead_pct;	/* lead_ms over the mean step time, percent; NaN */
	const int *gpus;	/* borrowed: the node's GPU device ids (heat map columns) */
	size_t ngpus;		/* entries of gpus */
};

struct fleet_params {
	size_t k;		/* imbalanced in at least k ... */
	size_t n;		/* ... of the node's last n runs: recurring */
};

/* One node across its runs. */
struct fleet_node {
	const char *node;	/* borrowed from the rows */
	size_t runs;		/* runs of the node */
	size_t window;		/* its last min(n, runs) runs */
	size_t imbalanced;	/* of the window, imbalanced */
	size_t inconclusive;	/* of the window, inconclusive */
	size_t imbalanced_all;	/* imbalanced over all its runs */
	bool recurring;		/* imbalanced >= k in the window */
	bool latest_imbalanced;	/* its latest run is imbalanced */
	int straggler;		/* the device most often straggler in the window, -1 none */
	size_t straggler_count;	/* runs of the window it was */
	double max_temp_spread;	/* over the window, NaN without data */
	enum fleet_action action;	/* what maintenance the node needs */
	size_t rank;		/* maintenance order, 1 = first; 0: nothing to do */
};

/* One GPU slot (device id) across the fleet. */
struct fleet_slot {
	int device;		/* the device id of the slot, on every node */
	size_t runs;		/* conclusive (node, run) rows */
	size_t straggler;	/* of those, imbalanced with this device the straggler */
	double share_pct;	/* straggler / runs, percent */
};

struct fleet_result {
	struct fleet_node *nodes;	/* by maintenance rank, then name */
	size_t nnodes;		/* entries of nodes */
	struct fleet_slot *slots;	/* by straggler count (desc), then device */
	size_t nslots;		/* entries of slots */
	int *devices;		/* the heat map's columns: every GPU slot of any node
				 * (and every straggler's), ascending */
	size_t ndevices;	/* entries of devices */
	size_t *heat;		/* [nnodes * ndevices]: runs node i had device j as straggler */
	size_t imbalanced_latest;	/* nodes whose latest run is imbalanced */
	size_t recurring;	/* nodes recurring */
};

/* fleet_params_default() - k = 2 of n = 3 (litsi-fleet(1)). */
void fleet_params_default(struct fleet_params *p);

/*
 * fleet_parse_recurring() - "K/N" (1 <= K <= N <= 1000) into @p.
 * Return: 0, or -1 when malformed.
 */
int fleet_parse_recurring(const char *s, struct fleet_params *p);

/*
 * fleet_split_name() - the run and node of a node name "RUN/NODE" (the last
 * '/' separates them; a name without one is node @name of run ""). Writes
 * the lengths: @name[0, *run_len) is the run, @name + *node_off the node.
 */
void fleet_split_name(const char *name, size_t *run_len, size_t *node_off);

/*
 * fleet_sort_rows() - order @rows by node, then run start (unknown first),
 * then run name: the order fleet_summarise() needs and the per-run table
 * shows.
 */
void fleet_sort_rows(struct fleet_row *rows, size_t n);

/*
 * fleet_summarise() - the fleet view of @rows (sorted by fleet_sort_rows()).
 * A node's runs are ordered by start; its window is the last p->n of them.
 * Return: 0, or -1 when p is invalid (k = 0, n = 0 or k > n).
 */
int fleet_summarise(const struct fleet_row *rows, size_t n, const struct fleet_params *p,
		    struct fleet_result *out);
void fleet_result_release(struct fleet_result *r);

const char *fleet_verdict_name(enum fleet_verdict v);
const char *fleet_action_name(enum fleet_action a);

struct fmt;
/*
 * fleet_write() - the fleet view through formatter @f: tables "runs" (one
 * row per node and run, @rows as sorted), "nodes" (maintenance order),
 * "slots" and "heat" (node x GPU straggler counts, for the heat map), and
 * notes with the thresholds and counts. Defined in src/fmt/fleet_fmt.c.
 */
void fleet_write(struct fmt *f, const struct fleet_row *rows, size_t n,
		 const struct fleet_params *p, const struct fleet_result *r);

#endif
