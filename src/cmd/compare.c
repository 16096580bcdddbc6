/* SPDX-License-Identifier: MIT */
/*
 * compare.c: litsi compare: two runs of one node side by side (ingest --run)
 * and whether the change from the first to the second helped
 * (analysis/compare.c).
 */
#include "cmd.h"
#include "litsi/compare.h"
#include "litsi/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage_str[] =
	"usage: litsi compare [--node name] [--format table|tsv|csv|json] run-a run-b\n";

static const struct option longopts[] = {
	{ "format", required_argument, NULL, 'f' },
	{ "help", no_argument, NULL, 'h' },
	{ "list-opts", no_argument, NULL, 'L' },
	{ "node", required_argument, NULL, 'n' },
	{ NULL, 0, NULL, 0 },
};

/* Per GPU and run: what its telemetry recorded in the run's traced window. */
static const char *const gpu_metrics[] = { METRIC_GFX_CLK, METRIC_TEMP_HOTSPOT, METRIC_POWER };
enum { GM_CLK, GM_TEMP, GM_POWER, GM_NR };

struct run_data {
	const char *name;
	struct run_summary s;
	double *m;			/* [G * GM_NR] */
	double *cap;			/* [G] the cap in force, W; 0 unknown */
};

static int
load_run(struct litsi_ctx *ctx, const struct node_row *node, const struct gpu_row *g, size_t G,
	 struct run_data *r)
{
	double *steps, sum = 0, power = 0;
	size_t n, i, k;
	bool all_power = G > 0;

	if (store_run_steps(ctx->st, node->id, r->name, &steps, &n, &ctx->err))
		return ctx->err.status;
	for (i = 0; i < n; i++)
		sum += steps[i];
	free(steps);
	r->s.steps = n;
	r->s.step_ns = n ? sum / (double)n : NAN;
	r->m = xcalloc(G * GM_NR + 1, sizeof(double));
	r->cap = xcalloc(G + 1, sizeof(double));
	for (i = 0; i < G; i++) {
		struct gpu_limits l;

		for (k = 0; k < GM_NR; k++)
			if (store_run_metric(ctx->st, g[i].id, r->name, gpu_metrics[k],
					     &r->m[i * GM_NR + k], &ctx->err))
				return ctx->err.status;
		if (store_gpu_limits(ctx->st, g[i].id, r->name, &l, &ctx->err))
			return ctx->err.status;
		r->cap[i] = l.cap;
		if (isnan(r->m[i * GM_NR + GM_POWER]))
			all_power = false;
		else
			power += r->m[i * GM_NR + GM_POWER];
	}
	r->s.node_power_w = all_power ? power : NAN;
	return 0;
}

static const struct fmt_col run_cols[] = {
	{ "node", FT_STR, 0 },		{ "run", FT_STR, 0 },
	{ "steps", FT_INT, 0 },		{ "step_ms", FT_DBL, 3 },
	{ "throughput", FT_DBL, 4 },	{ "node_power_w", FT_DBL, 0 },
	{ "energy_per_step_j", FT_DBL, 2 },
};

static const struct fmt_col gpu_cols[] = {
	{ "node", FT_STR, 0 },	      { "gpu", FT_INT, 0 },	  { "clk_a_mhz", FT_DBL, 0 },
	{ "clk_b_mhz", FT_DBL, 0 },  { "temp_a_c", FT_DBL, 1 },  { "temp_b_c", FT_DBL, 1 },
	{ "power_a_w", FT_DBL, 0 },  { "power_b_w", FT_DBL, 0 }, { "cap_a_w", FT_DBL, 0 },
	{ "cap_b_w", FT_DBL, 0 },
};

static void
print(struct litsi_ctx *ctx, enum fmt_kind kind, const struct node_row *node,
      const struct gpu_row *g, size_t G, const struct run_data *r)
{
	struct fmt *f = fmt_new(ctx->out, kind);
	struct compare_result c;
	size_t i, k;

	compare_runs(&r[0].s, &r[1].s, &c);
	fmt_begin(f, "runs", run_cols, ARRAY_SIZE(run_cols));
	for (i = 0; i < 2; i++) {
		fmt_str(f, node->name);
		fmt_str(f, r[i].name);
		fmt_int(f, (int64_t)r[i].s.steps);
		fmt_dbl(f, r[i].s.step_ns / 1e6);
		fmt_dbl(f, i ? c.throughput : 1);
		fmt_dbl(f, r[i].s.node_power_w);
		fmt_dbl(f, r[i].s.node_power_w * r[i].s.step_ns / 1e9);
		fmt_end_row(f);
	}
	fmt_end(f);
	fmt_begin(f, "gpus", gpu_cols, ARRAY_SIZE(gpu_cols));
	for (i = 0; i < G; i++) {
		fmt_str(f, node->name);
		fmt_int(f, g[i].device);
		for (k = 0; k < GM_NR; k++) {
			fmt_dbl(f, r[0].m[i * GM_NR + k]);
			fmt_dbl(f, r[1].m[i * GM_NR + k]);
		}
		for (k = 0; k < 2; k++) {
			if (r[k].cap[i] > 0)
				fmt_dbl(f, r[k].cap[i]);
			else
				fmt_str(f, NULL);
		}
		fmt_end_row(f);
	}
	fmt_end(f);
	fmt_note(f, "verdict", "%s: %s (throughput x%.4f, node power x%.4f, energy per step x%.4f)",
		 compare_verdict_name(c.verdict), c.why, c.throughput, c.power, c.energy);
	fmt_free(f);
}

static int
run_compare(struct litsi_ctx *ctx, const char *node_name, enum fmt_kind kind, char **names)
{
	struct node_row *nodes = NULL;
	struct gpu_row *g = NULL;
	struct run_data r[2] = { { .name = names[0] }, { .name = names[1] } };
	char **runs = NULL;
	size_t nn = 0, G = 0, nr = 0, i, k;
	int rc;

	if ((rc = cmd_nodes(ctx, node_name, &nodes, &nn)))
		return rc;
	if (nn != 1) {
		store_free_nodes(nodes, nn);
		return cmd_usage_error("compare", usage_str, "%s: name one with --node",
				       nn ? "the database holds several nodes" : "no node");
	}
	rc = store_runs(ctx->st, nodes[0].id, &runs, &nr, &ctx->err);
	for (k = 0; !rc && k < 2; k++) {
		bool found = false;

		for (i = 0; i < nr; i++)
			found |= !strcmp(runs[i], names[k]);
		if (!found)
			rc = cmd_usage_error("compare", usage_str,
					     "node '%s' has no run '%s' (ingest --run names runs)",
					     nodes[0].name, names[k]);
	}
	if (!rc)
		rc = store_list_gpus(ctx->st, nodes[0].id, &g, &G, &ctx->err);
	for (k = 0; !rc && k < 2; k++)
		rc = load_run(ctx, &nodes[0], g, G, &r[k]);
	if (!rc)
		print(ctx, kind, &nodes[0], g, G, r);
	for (k = 0; k < 2; k++) {
		free(r[k].m);
		free(r[k].cap);
	}
	for (i = 0; i < nr; i++)
		free(runs[i]);
	free(runs);
	store_free_gpus(g, G);
	store_free_nodes(nodes, nn);
	return rc;
}

int
cmd_compare(int argc, char **argv, struct litsi_ctx *ctx)
{
	enum fmt_kind kind = fmt_default_kind(ctx->out);
	const char *node = NULL;
	int opt;

	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'f':
			if (cmd_format("compare", usage_str, optarg, &kind))
				return EXIT_USAGE;
			break;
		case 'h':
			return cmd_help(ctx, usage_str);
		case 'L':
			return cmd_list_opts(ctx, longopts);
		case 'n':
			node = optarg;
			break;
		default:
			return cmd_getopt_error("compare", usage_str, argv);
		}
	}
	if (argc - optind != 2)
		return cmd_usage_error("compare", usage_str, "expected two run names");
	return run_compare(ctx, node, kind, argv + optind);
}
