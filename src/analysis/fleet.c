/* SPDX-License-Identifier: MIT */
/*
 * fleet.c: the fleet view across runs: recurring imbalance (k of the last n
 * runs), straggler GPU slots and the maintenance ranking.
 */
#include "litsi/fleet.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "litsi/litsi.h"
#include "litsi/util.h"

void
fleet_params_default(struct fleet_params *p)
{
	p->k = 2;
	p->n = 3;
}

int
fleet_parse_recurring(const char *s, struct fleet_params *p)
{
	const char *slash = strchr(s, '/');
	char buf[32];
	int k, n;

	if (!slash || (size_t)(slash - s) >= sizeof(buf))
		return -1;
	memcpy(buf, s, (size_t)(slash - s));
	buf[slash - s] = '\0';
	if (parse_int(buf, 1, 1000, &k) || parse_int(slash + 1, 1, 1000, &n) || k > n)
		return -1;
	p->k = (size_t)k;
	p->n = (size_t)n;
	return 0;
}

void
fleet_split_name(const char *name, size_t *run_len, size_t *node_off)
{
	const char *slash = strrchr(name, '/');

	if (!slash || slash == name || !slash[1]) {
		*run_len = 0;
		*node_off = 0;
		return;
	}
	*run_len = (size_t)(slash - name);
	*node_off = *run_len + 1;
}

static int
cmp_row(const void *a, const void *b)
{
	const struct fleet_row *x = a, *y = b;
	int c = strcmp(x->node, y->node);

	if (c)
		return c;
	if (x->start_ns != y->start_ns)
		return x->start_ns < y->start_ns ? -1 : 1;
	return strcmp(x->run, y->run);
}

void
fleet_sort_rows(struct fleet_row *rows, size_t n)
{
	if (n > 1)
		qsort(rows, n, sizeof(*rows), cmp_row);
}

const char *
fleet_verdict_name(enum fleet_verdict v)
{
	switch (v) {
	case FLEET_BALANCED:
		return "balanced";
	case FLEET_IMBALANCED:
		return "imbalanced";
	case FLEET_INCONCLUSIVE:
		return "inconclusive";
	}
	return "?";
}

const char *
fleet_action_name(enum fleet_action a)
{
	switch (a) {
	case FLEET_NONE:
		return "none";
	case FLEET_CAPS:
		return "caps";
	case FLEET_MAINTENANCE:
		return "maintenance";
	case FLEET_WATCH:
		return "watch";
	case FLEET_UNKNOWN:
		return "unknown";
	}
	return "?";
}

static int
action_order(enum fleet_action a)
{
	switch (a) {
	case FLEET_MAINTENANCE:
		return 0;
	case FLEET_CAPS:
		return 1;
	case FLEET_WATCH:
		return 2;
	case FLEET_UNKNOWN:
		return 3;
	case FLEET_NONE:
		return 4;
	}
	return 5;
}

/* Maintenance order: action, imbalanced runs (window, then all), hottest spread, name. */
static int
cmp_node(const void *a, const void *b)
{
	const struct fleet_node *x = a, *y = b;
	int c = action_order(x->action) - action_order(y->action);

	if (c)
		return c;
	if (x->imbalanced != y->imbalanced)
		return x->imbalanced > y->imbalanced ? -1 : 1;
	if (x->imbalanced_all != y->imbalanced_all)
		return x->imbalanced_all > y->imbalanced_all ? -1 : 1;
	if (isnan(x->max_temp_spread) != isnan(y->max_temp_spread))
		return isnan(x->max_temp_spread) ? 1 : -1;
	if (!isnan(x->max_temp_spread) && x->max_temp_spread != y->max_temp_spread)
		return x->max_temp_spread > y->max_temp_spread ? -1 : 1;
	return strcmp(x->node, y->node);
}

static int
cmp_slot(const void *a, const void *b)
{
	const struct fleet_slot *x = a, *y = b;

	if (x->straggler != y->straggler)
		return x->straggler > y->straggler ? -1 : 1;
	return x->device < y->device ? -1 : x->device > y->device;
}

static int
cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return x < y ? -1 : x > y;
}

/* Index of @dev in the sorted @devs, or -1. */
static int
dev_index(const int *devs, size_t n, int dev)
{
	const int *p = bsearch(&dev, devs, n, sizeof(*devs), cmp_int);

	return p ? (int)(p - devs) : -1;
}

/* The node of rows [b, e), all of one node in run order. */
static void
summarise_node(const struct fleet_row *rows, size_t b, size_t e, const struct fleet_params *p,
	       const int *devs, size_t ndev, size_t *count, struct fleet_node *nd)
{
	size_t i, w0, conclusive = 0;
	int j;

	memset(nd, 0, sizeof(*nd));
	nd->node = rows[b].node;
	nd->runs = e - b;
	nd->window = nd->runs < p->n ? nd->runs : p->n;
	nd->straggler = -1;
	nd->max_temp_spread = NAN;
	w0 = e - nd->window;
	memset(count, 0, ndev * sizeof(*count));
	for (i = b; i < e; i++) {
		const struct fleet_row *r = &rows[i];

		if (r->verdict == FLEET_IMBALANCED)
			nd->imbalanced_all++;
		if (i < w0)
			continue;
		if (r->verdict == FLEET_INCONCLUSIVE) {
			nd->inconclusive++;
		} else {
			conclusive++;
		}
		if (r->verdict == FLEET_IMBALANCED) {
			nd->imbalanced++;
			if (r->straggler >= 0 && (j = dev_index(devs, ndev, r->straggler)) >= 0)
				count[j]++;
		}
		if (!isnan(r->temp_spread) &&
		    (isnan(nd->max_temp_spread) || r->temp_spread > nd->max_temp_spread))
			nd->max_temp_spread = r->temp_spread;
	}
	for (i = 0; i < ndev; i++) {
		if (count[i] > nd->straggler_count) {
			nd->straggler_count = count[i];
			nd->straggler = devs[i];
		}
	}
	nd->latest_imbalanced = rows[e - 1].verdict == FLEET_IMBALANCED;
	nd->recurring = nd->imbalanced >= p->k;
	if (nd->recurring)
		nd->action = FLEET_MAINTENANCE;
	else if (nd->latest_imbalanced)
		nd->action = FLEET_CAPS;
	else if (nd->imbalanced)
		nd->action = FLEET_WATCH;
	else if (!conclusive)
		nd->action = FLEET_UNKNOWN;
	else
		nd->action = FLEET_NONE;
}

/* Sort @v and drop repeats; returns the count left. */
static size_t
sort_unique(int *v, size_t n)
{
	size_t i, k = 0;

	if (n)
		qsort(v, n, sizeof(*v), cmp_int);
	for (i = 0; i < n; i++)
		if (!k || v[k - 1] != v[i])
			v[k++] = v[i];
	return k;
}

/*
 * The heat map's columns: every GPU slot of any row and every straggler
 * slot @devs, sorted and unique (*@nh of them); malloc'd.
 */
static int *
heat_columns(const struct fleet_row *rows, size_t n, const int *devs, size_t ndev, size_t *nh)
{
	size_t i, b, alloc = 0;
	int *hdevs = NULL;

	*nh = 0;
	for (i = 0; i < n; i++)
		for (b = 0; b < rows[i].ngpus; b++) {
			VEC_GROW(hdevs, *nh + 1, alloc);
			hdevs[(*nh)++] = rows[i].gpus[b];
		}
	for (i = 0; i < ndev; i++) {
		VEC_GROW(hdevs, *nh + 1, alloc);
		hdevs[(*nh)++] = devs[i];
	}
	*nh = sort_unique(hdevs, *nh);
	return hdevs;
}

/*
 * Per straggler slot, the conclusive runs and those it was the straggler of;
 * per node (out->nodes, in their final order) and heat column @hdevs, the
 * runs the slot was its straggler.
 */
static void
count_runs(const struct fleet_row *rows, size_t n, const int *devs, size_t ndev,
	   const int *hdevs, size_t nh, struct fleet_result *out)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const struct fleet_row *r = &rows[i];
		size_t d, k;
		int j;

		if (r->verdict == FLEET_INCONCLUSIVE)
			continue;
		for (d = 0; d < ndev; d++)
			out->slots[d].runs++;
		if (r->verdict != FLEET_IMBALANCED || r->straggler < 0)
			continue;
		j = dev_index(devs, ndev, r->straggler);
		out->slots[j].straggler++;
		for (k = 0; k < out->nnodes; k++) {
			if (!strcmp(out->nodes[k].node, r->node)) {
				out->heat[k * nh + (size_t)dev_index(hdevs, nh, r->straggler)]++;
				break;
			}
		}
	}
}

int
fleet_summarise(const struct fleet_row *rows, size_t n, const struct fleet_params *p,
		struct fleet_result *out)
{
	size_t i, b, ndev = 0, alloc = 0, nn = 0, nh = 0;
	size_t *count = NULL;
	int *devs = NULL, *hdevs;
	struct fleet_node *nodes;

	memset(out, 0, sizeof(*out));
	if (!p->k || !p->n || p->k > p->n)
		return -1;
	/* The device ids that are a straggler anywhere: the slots and heat map columns. */
	for (i = 0; i < n; i++) {
		if (rows[i].straggler < 0)
			continue;
		VEC_GROW(devs, ndev + 1, alloc);
		devs[ndev++] = rows[i].straggler;
	}
	ndev = sort_unique(devs, ndev);
	count = xcalloc(ndev ? ndev : 1, sizeof(*count));
	nodes = xcalloc(n ? n : 1, sizeof(*nodes));
	for (b = 0; b < n; b = i) {
		for (i = b + 1; i < n && !strcmp(rows[i].node, rows[b].node); i++)
			;
		summarise_node(rows, b, i, p, devs, ndev, count, &nodes[nn++]);
	}
	if (nn > 1)
		qsort(nodes, nn, sizeof(*nodes), cmp_node);
	for (i = 0; i < nn; i++) {
		if (nodes[i].action == FLEET_MAINTENANCE || nodes[i].action == FLEET_CAPS ||
		    nodes[i].action == FLEET_WATCH)
			nodes[i].rank = i + 1;
		out->recurring += nodes[i].recurring;
		out->imbalanced_latest += nodes[i].latest_imbalanced;
	}
	out->nodes = nodes;
	out->nnodes = nn;
	/*
	 * Heat map over every run, in the nodes' final order; its columns: every
	 * GPU slot of any node, not only the stragglers'.
	 */
	hdevs = heat_columns(rows, n, devs, ndev, &nh);
	out->heat = xcalloc(nn * nh + 1, sizeof(*out->heat));
	out->slots = xcalloc(ndev ? ndev : 1, sizeof(*out->slots));
	for (i = 0; i < ndev; i++)
		out->slots[i].device = devs[i];
	count_runs(rows, n, devs, ndev, hdevs, nh, out);
	for (i = 0; i < ndev; i++)
		out->slots[i].share_pct = out->slots[i].runs
						  ? 100.0 * (double)out->slots[i].straggler /
							    (double)out->slots[i].runs
						  : NAN;
	out->devices = hdevs;
	out->ndevices = nh;
	out->nslots = ndev;
	if (ndev > 1)
		qsort(out->slots, ndev, sizeof(*out->slots), cmp_slot);
	free(count);
	free(devs);
	return 0;
}

void
fleet_result_release(struct fleet_result *r)
{
	free(r->nodes);
	free(r->slots);
	free(r->devices);
	free(r->heat);
	memset(r, 0, sizeof(*r));
}
