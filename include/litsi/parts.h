/* SPDX-License-Identifier: MIT */
/*
 * parts.h: the power limits of GPU parts, and the rule that picks the limits
 * litsi caps a node with (METHOD.md §7): the options first, then what the
 * node's telemetry recorded, then a documented product table. Pure.
 */
#ifndef LITSI_PARTS_H
#define LITSI_PARTS_H

#include <stddef.h>

/* One row of the product table (litsi-caps(1) lists them). Watts. */
struct part {
	const char *match;		/* case-insensitive substring of the product name */
	const char *name;		/* the part, as the table shows it */
	int max_w;			/* the part's max power limit (its TDP) */
	int min_w;			/* its min power limit; 0: not documented */
	int cap0_w;			/* the cap it ships with (MI300X: 700, as in [LS]) */
};

/* parts_find() - the row whose match @product contains first, or NULL. */
const struct part *parts_find(const char *product);

/* Limits the telemetry recorded for a GPU, W; 0: not recorded. */
struct part_power {
	double cap;			/* the cap in force (power.limit, socket_power_limit) */
	double min, max;		/* min / max power limit */
	double def;			/* default power limit */
	double drawn;			/* median power drawn under load; 0: unknown */
};

/* The limits litsi uses, W, and where each came from. */
struct part_limits {
	int tdp, cap0, min;		/* W: TDP (max limit), the cap in force (initial cap), min limit */
	const char *tdp_from, *cap0_from, *min_from;	/* "option", "telemetry", "table" */
	const struct part *part;	/* the table row matched, or NULL */
};

/*
 * parts_resolve() - limits for a node's GPUs: @tdp_opt / @cap_opt (0: not
 * given) win; then the telemetry @tel of the @G GPUs (the smallest max
 * limit, the largest min limit, the median cap in force) ; then the table row
 * of @product (NULL: unknown). Defaults follow the part: cap0 is its current
 * cap, the TDP its max limit. When no cap in force was recorded and a GPU drew
 * more than PARTS_DRAWN_OVER above the table's usual cap, the cap in force
 * was higher than the table's: cap0 is the max limit ("power readings"). Return: 0, or -1 when the TDP or cap0 cannot
 * be placed (the caller names --tdp and --cap in a usage error).
 */
#define PARTS_DRAWN_OVER 0.02

int parts_resolve(const char *product, const struct part_power *tel, size_t G, int tdp_opt,
		  int cap_opt, struct part_limits *out);

/* parts_clamp() - @w within [min, tdp] of @l. */
int parts_clamp(const struct part_limits *l, int w);

#endif
