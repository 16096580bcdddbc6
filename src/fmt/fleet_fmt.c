/* SPDX-License-Identifier: MIT */
/* fleet_fmt.c: the fleet view's tables (litsi fleet, and the slot heat map). */
#include "litsi/fleet.h"
#include "litsi/fmt.h"
#include "litsi/litsi.h"

#include <math.h>

static const struct fmt_col run_cols[] = {
	{ "node", FT_STR, 0 },	      { "run", FT_STR, 0 },	     { "verdict", FT_STR, 0 },
	{ "straggler", FT_INT, 0 },   { "temp_spread", FT_DBL, 3 }, { "clock_spread", FT_DBL, 3 },
	{ "speedup", FT_DBL, 3 },     { "lead_ms", FT_DBL, 3 },	     { "lead_pct", FT_DBL, 2 },
};

static const struct fmt_col node_cols[] = {
	{ "rank", FT_INT, 0 },	       { "node", FT_STR, 0 },	    { "runs", FT_INT, 0 },
	{ "window", FT_INT, 0 },       { "imbalanced", FT_INT, 0 }, { "inconclusive", FT_INT, 0 },
	{ "imbalanced_all", FT_INT, 0 }, { "recurring", FT_STR, 0 }, { "straggler", FT_INT, 0 },
	{ "straggler_runs", FT_INT, 0 }, { "max_temp_spread", FT_DBL, 3 }, { "action", FT_STR, 0 },
};

static const struct fmt_col slot_cols[] = {
	{ "gpu", FT_INT, 0 },
	{ "straggler_runs", FT_INT, 0 },
	{ "runs", FT_INT, 0 },
	{ "share_pct", FT_DBL, 1 },
};

static const struct fmt_col heat_cols[] = {
	{ "node", FT_STR, 0 },
	{ "gpu", FT_INT, 0 },
	{ "straggler_runs", FT_INT, 0 },
};

/* A device id, or none (-1) as "-" / null. */
static void
put_dev(struct fmt *f, int dev)
{
	if (dev < 0)
		fmt_str(f, NULL);
	else
		fmt_int(f, dev);
}

void
fleet_write(struct fmt *f, const struct fleet_row *rows, size_t n, const struct fleet_params *p,
	    const struct fleet_result *r)
{
	size_t i, j;

	fmt_note(f, "recurring", "imbalanced in %zu of the last %zu runs", p->k, p->n);
	fmt_note(f, "summary", "%zu node%s, %zu run%s: %zu recurring, %zu imbalanced in the latest run",
		 r->nnodes, r->nnodes == 1 ? "" : "s", n, n == 1 ? "" : "s", r->recurring,
		 r->imbalanced_latest);
	fmt_begin(f, "runs", run_cols, ARRAY_SIZE(run_cols));
	for (i = 0; i < n; i++) {
		fmt_str(f, rows[i].node);
		fmt_str(f, rows[i].run[0] ? rows[i].run : NULL);
		fmt_str(f, fleet_verdict_name(rows[i].verdict));
		put_dev(f, rows[i].straggler);
		fmt_dbl(f, rows[i].temp_spread);
		fmt_dbl(f, rows[i].freq_spread);
		fmt_dbl(f, rows[i].speedup);
		fmt_dbl(f, rows[i].lead_ms);
		fmt_dbl(f, rows[i].lead_pct);
		fmt_end_row(f);
	}
	fmt_end(f);
	fmt_begin(f, "nodes", node_cols, ARRAY_SIZE(node_cols));
	for (i = 0; i < r->nnodes; i++) {
		const struct fleet_node *nd = &r->nodes[i];

		if (nd->rank)
			fmt_int(f, (int64_t)nd->rank);
		else
			fmt_str(f, NULL);
		fmt_str(f, nd->node);
		fmt_int(f, (int64_t)nd->runs);
		fmt_int(f, (int64_t)nd->window);
		fmt_int(f, (int64_t)nd->imbalanced);
		fmt_int(f, (int64_t)nd->inconclusive);
		fmt_int(f, (int64_t)nd->imbalanced_all);
		fmt_str(f, nd->recurring ? "yes" : "no");
		put_dev(f, nd->straggler);
		fmt_int(f, (int64_t)nd->straggler_count);
		fmt_dbl(f, nd->max_temp_spread);
		fmt_str(f, fleet_action_name(nd->action));
		fmt_end_row(f);
	}
	fmt_end(f);
	fmt_begin(f, "slots", slot_cols, ARRAY_SIZE(slot_cols));
	for (i = 0; i < r->nslots; i++) {
		fmt_int(f, r->slots[i].device);
		fmt_int(f, (int64_t)r->slots[i].straggler);
		fmt_int(f, (int64_t)r->slots[i].runs);
		fmt_dbl(f, r->slots[i].share_pct);
		fmt_end_row(f);
	}
	fmt_end(f);
	fmt_begin(f, "heat", heat_cols, ARRAY_SIZE(heat_cols));
	for (i = 0; i < r->nnodes; i++) {
		for (j = 0; j < r->ndevices; j++) {
			fmt_str(f, r->nodes[i].node);
			fmt_int(f, r->devices[j]);
			fmt_int(f, (int64_t)r->heat[i * r->ndevices + j]);
			fmt_end_row(f);
		}
		fmt_break(f);
	}
	fmt_end(f);
}
