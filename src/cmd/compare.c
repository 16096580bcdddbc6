/* SPDX-License-Identifier: MIT */
/*
 * compare.c: litsi compare: two runs of one node side by side (ingest --run)
 * and whether the change from the first to the second helped
 * (analysis/compare.c).
 */
#include "cmd.h"
#include "litsi/util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_str[] =
	"usage: litsi compare [--node name] [--format {formats}] run-a run-b\n";

static const struct option longopts[] = {
	{ "format", required_argument, NULL, 'f' },
	{ "help", no_argument, NULL, 'h' },
	{ "list-opts", no_argument, NULL, 'L' },
	{ "node", required_argument, NULL, 'n' },
	{ NULL, 0, NULL, 0 },
};

static const struct fmt_col run_cols[] = {
	{ "node", FT_STR, 0 },		{ "run", FT_STR, 0 },
	{ "steps", FT_INT, 0 },		{ "step_ms", FT_DBL, 3 },
	{ "throughput", FT_DBL, 4 },	{ "node_power_w", FT_DBL, 0 },
	{ "energy_per_step_j", FT_DBL, 2 },	{ "straggler", FT_INT, 0 },
	{ "verdict", FT_STR, 0 },	{ "reason", FT_STR, 0 },
};

static const struct fmt_col gpu_cols[] = {
	{ "node", FT_STR, 0 },	      { "gpu", FT_INT, 0 },	  { "lead_a_ms", FT_DBL, 3 },
	{ "lead_b_ms", FT_DBL, 3 },  { "clk_a_mhz", FT_DBL, 0 }, { "clk_b_mhz", FT_DBL, 0 },
	{ "temp_a_c", FT_DBL, 1 },   { "temp_b_c", FT_DBL, 1 },  { "power_a_w", FT_DBL, 0 },
	{ "power_b_w", FT_DBL, 0 },  { "cap_a_w", FT_DBL, 0 },   { "cap_b_w", FT_DBL, 0 },
	{ "lead_a_pct", FT_DBL, 2 }, { "lead_b_pct", FT_DBL, 2 },
	{ "lead_sum_a_ms", FT_DBL, 3 }, { "lead_sum_b_ms", FT_DBL, 3 },
};

/* The per-GPU columns of each run, in gpu_cols order after lead. */
static const enum res_metric gpu_metrics[] = { RES_CLK, RES_HOT, RES_POW };

/* Index of device @dev in run @r, or -1 (a GPU only one of the runs has). */
static int
run_gpu(const struct res_run *r, int dev)
{
	size_t g;

	for (g = 0; g < r->G; g++)
		if (r->device[g] == dev)
			return (int)g;
	return -1;
}

static void
fmt_run_dbl(struct fmt *f, const double *v, int g)
{
	if (g >= 0 && !isnan(v[g]))
		fmt_dbl(f, v[g]);
	else
		fmt_str(f, NULL);
}

/* A time in ns of GPU @g as ms, empty where the run lacks it. */
static void
fmt_run_ms(struct fmt *f, const double *ns, int g)
{
	if (g >= 0 && !isnan(ns[g]))
		fmt_dbl(f, ns[g] / 1e6);
	else
		fmt_str(f, NULL);
}

static int
cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

static void
print_gpus(struct fmt *f, const struct node_row *node, const struct res_run *r)
{
	int *dev = xmalloc((r[0].G + r[1].G + 1) * sizeof(*dev));
	size_t n = 0, i, k, m;

	for (k = 0; k < 2; k++)
		for (i = 0; i < r[k].G; i++)
			if (k == 0 || run_gpu(&r[0], r[k].device[i]) < 0)
				dev[n++] = r[k].device[i];
	qsort(dev, n, sizeof(*dev), cmp_int);
	fmt_begin(f, "gpus", gpu_cols, ARRAY_SIZE(gpu_cols));
	for (i = 0; i < n; i++) {
		int g[2] = { run_gpu(&r[0], dev[i]), run_gpu(&r[1], dev[i]) };

		fmt_str(f, node->name);
		fmt_int(f, dev[i]);
		for (k = 0; k < 2; k++)
			fmt_run_ms(f, r[k].step_lead_ns, g[k]);
		for (m = 0; m < ARRAY_SIZE(gpu_metrics); m++)
			for (k = 0; k < 2; k++)
				fmt_run_dbl(f, r[k].med[gpu_metrics[m]], g[k]);
		for (k = 0; k < 2; k++)
			fmt_run_dbl(f, r[k].cap, g[k]);
		for (k = 0; k < 2; k++)
			fmt_run_dbl(f, r[k].lead_pct, g[k]);
		for (k = 0; k < 2; k++)
			fmt_run_ms(f, r[k].lead_ns, g[k]);
		fmt_end_row(f);
	}
	fmt_end(f);
	free(dev);
}

/* "x1.0437", or "n/a" when a run lacks what the ratio needs. */
static const char *
ratio(double v, char *buf)
{
	if (isnan(v))
		return "n/a";
	snprintf(buf, 32, "x%.4f", v);
	return buf;
}

static void
print(struct fmt *f, const struct node_row *node, const char *const *names,
      const struct res_run *r)
{
	struct compare_result c;
	char buf[3][32];
	size_t i;

	compare_runs(&r[0].s, &r[1].s, &c);
	fmt_begin(f, "runs", run_cols, ARRAY_SIZE(run_cols));
	for (i = 0; i < 2; i++) {
		fmt_str(f, node->name);
		fmt_str(f, names[i]);
		fmt_int(f, (int64_t)r[i].s.steps);
		fmt_dbl(f, r[i].s.step_ns / 1e6);
		fmt_dbl(f, i ? c.throughput : isnan(r[i].s.step_ns) ? NAN : 1);
		fmt_dbl(f, r[i].s.node_power_w);
		fmt_dbl(f, r[i].energy_j);
		if (r[i].straggler.device >= 0)
			fmt_int(f, r[i].straggler.device);
		else
			fmt_str(f, NULL);
		fmt_str(f, check_verdict_name(r[i].verdict));
		fmt_str(f, r[i].reason);
		fmt_end_row(f);
	}
	fmt_end(f);
	print_gpus(f, node, r);
	fmt_note(f, "verdict", "%s: %s (throughput %s, node power %s, energy per step %s)",
		 compare_verdict_name(c.verdict), c.why, ratio(c.throughput, buf[0]),
		 ratio(c.power, buf[1]), ratio(c.energy, buf[2]));
}

static int
run_compare(struct litsi_ctx *ctx, const char *node_name, enum fmt_kind kind, char **names)
{
	struct node_row *nodes = NULL;
	struct res_run r[2] = { { .G = 0 }, { .G = 0 } };
	struct res_opts o;
	struct fmt *f;
	size_t nn = 0, k;
	int rc;

	if ((rc = cmd_nodes(ctx, node_name, &nodes, &nn)))
		return rc;
	if (nn != 1) {
		store_free_nodes(nodes, nn);
		return cmd_usage_error("compare", usage_str, "%s: name one with --node",
				       nn ? "the database holds several nodes" : "no node");
	}
	res_opts_default(&o);
	for (k = 0; !rc && k < 2; k++) {
		rc = res_run_eval(ctx->st, &nodes[0], &o, names[k], &r[k], &ctx->err);
		if (rc == LITSI_EUSAGE)
			rc = cmd_usage_error("compare", usage_str, "%s", ctx->err.msg);
	}
	if (!rc) {
		f = fmt_new(ctx->out, kind);
		print(f, &nodes[0], (const char *const *)names, r);
		fmt_free(f);
	}
	for (k = 0; k < 2; k++)
		res_run_release(&r[k]);
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
