/* SPDX-License-Identifier: MIT */
/* info.c: litsi info: nodes, GPUs, sources, samples, kernels and telemetry coverage. */
#include "cmd.h"

#include <stdlib.h>
#include <string.h>

static const char usage_str[] =
	"usage: litsi info [--detail] [--format {formats}] [--sources]\n";

static const struct option longopts[] = {
	{ "detail", no_argument, NULL, 'D' },
	{ "format", required_argument, NULL, 'f' },
	{ "help", no_argument, NULL, 'h' },
	{ "list-opts", no_argument, NULL, 'L' },
	{ "sources", no_argument, NULL, 's' },
	{ NULL, 0, NULL, 0 },
};

static const struct fmt_col source_cols[] = {
	{ "id", FT_INT, 0 },	   { "path", FT_STR, 0 },      { "format", FT_STR, 0 },
	{ "node", FT_STR, 0 },	   { "clock", FT_STR, 0 },     { "rank", FT_INT, 0 },
	{ "world_size", FT_INT, 0 }, { "bytes", FT_INT, 0 },   { "gpus", FT_INT, 0 },
	{ "samples", FT_INT, 0 },  { "kernels", FT_INT, 0 },   { "comm_kernels", FT_INT, 0 },
	{ "telemetry", FT_INT, 0 }, { "sha256", FT_STR, 0 },
};

static const struct fmt_col gpu_cols[] = {
	{ "node", FT_STR, 0 },	      { "device", FT_INT, 0 },	     { "rank", FT_STR, 0 },
	{ "vendor", FT_STR, 0 },      { "product", FT_STR, 0 },	     { "samples", FT_INT, 0 },
	{ "kernels", FT_INT, 0 },     { "comm_kernels", FT_INT, 0 }, { "trace_s", FT_DBL, 6 },
	{ "metrics", FT_INT, 0 },     { "readings", FT_INT, 0 },     { "telemetry_s", FT_DBL, 3 },
	{ "overlaps_trace", FT_STR, 0 },
};

static const struct fmt_col metric_cols[] = {
	{ "node", FT_STR, 0 },	   { "device", FT_INT, 0 },    { "metric", FT_STR, 0 },
	{ "unit", FT_STR, 0 },	   { "readings", FT_INT, 0 },  { "first_ns", FT_INT, 0 },
	{ "last_ns", FT_INT, 0 },  { "min", FT_DBL, 3 },       { "mean", FT_DBL, 3 },
	{ "max", FT_DBL, 3 },
};

static void
print_sources(struct fmt *f, const struct info_source *s, size_t n)
{
	size_t i;

	fmt_begin(f, "sources", source_cols, ARRAY_SIZE(source_cols));
	for (i = 0; i < n; i++) {
		fmt_int(f, s[i].id);
		fmt_str(f, s[i].path);
		fmt_str(f, s[i].format);
		fmt_str(f, s[i].node);
		fmt_str(f, s[i].clock);
		fmt_int(f, s[i].rank);
		fmt_int(f, s[i].world_size);
		fmt_int(f, s[i].bytes);
		fmt_int(f, s[i].gpus);
		fmt_int(f, s[i].samples);
		fmt_int(f, s[i].kernels);
		fmt_int(f, s[i].comm);
		fmt_int(f, s[i].telemetry);
		fmt_str(f, s[i].sha256);
		fmt_end_row(f);
	}
	fmt_end(f);
}

static const char *
coverage(const struct info_gpu *g)
{
	if (g->readings == 0)
		return "no telemetry";
	if (g->first_ns == TIME_NONE)
		return "no trace";
	if (g->tel_last_ns < g->first_ns || g->tel_first_ns > g->last_ns)
		return "no";
	if (g->tel_first_ns <= g->first_ns && g->tel_last_ns >= g->last_ns)
		return "yes";
	return "partly";
}

static void
print_gpus(struct fmt *f, const struct info_gpu *g, size_t n)
{
	char rank[16];
	size_t i;

	fmt_begin(f, "gpus", gpu_cols, ARRAY_SIZE(gpu_cols));
	for (i = 0; i < n; i++) {
		snprintf(rank, sizeof(rank), "%d", g[i].rank);
		fmt_str(f, g[i].node);
		fmt_int(f, g[i].device);
		fmt_str(f, g[i].rank >= 0 ? rank : NULL);
		fmt_str(f, g[i].vendor);
		fmt_str(f, g[i].product);
		fmt_int(f, g[i].samples);
		fmt_int(f, g[i].kernels);
		fmt_int(f, g[i].comm);
		/* In double: spans of hostile traces can exceed the int64 range. */
		fmt_dbl(f, g[i].first_ns == TIME_NONE
				   ? 0.0
				   : ((double)g[i].last_ns - (double)g[i].first_ns) / 1e9);
		fmt_int(f, g[i].metrics);
		fmt_int(f, g[i].readings);
		fmt_dbl(f, g[i].readings
				   ? ((double)g[i].tel_last_ns - (double)g[i].tel_first_ns) / 1e9
				   : 0.0);
		fmt_str(f, coverage(&g[i]));
		fmt_end_row(f);
	}
	fmt_end(f);
}

static void
print_metrics(struct fmt *f, const struct info_metric *m, size_t n)
{
	size_t i;

	fmt_begin(f, "telemetry", metric_cols, ARRAY_SIZE(metric_cols));
	for (i = 0; i < n; i++) {
		if (i && (strcmp(m[i].node, m[i - 1].node) || m[i].device != m[i - 1].device))
			fmt_break(f);
		fmt_str(f, m[i].node);
		fmt_int(f, m[i].device);
		fmt_str(f, m[i].metric);
		fmt_str(f, m[i].unit);
		fmt_int(f, m[i].readings);
		fmt_int(f, m[i].first_ns);
		fmt_int(f, m[i].last_ns);
		fmt_dbl(f, m[i].min);
		fmt_dbl(f, m[i].mean);
		fmt_dbl(f, m[i].max);
		fmt_end_row(f);
	}
	fmt_end(f);
}

static const struct fmt_col limit_cols[] = {
	{ "node", FT_STR, 0 },	  { "gpu", FT_INT, 0 },	   { "cap_w", FT_DBL, 0 },
	{ "min_w", FT_DBL, 0 },	  { "max_w", FT_DBL, 0 },  { "default_w", FT_DBL, 0 },
	{ "part", FT_STR, 0 },	  { "part_max_w", FT_INT, 0 },
};

static void
opt_watts(struct fmt *f, double w)
{
	if (w > 0)
		fmt_dbl(f, w);
	else
		fmt_str(f, NULL);
}

/*
 * The power limits the telemetry recorded, and the product table's row for
 * the GPU's product (litsi-caps(1)); shown when either is known for a GPU.
 */
static int
print_limits(struct litsi_ctx *ctx, struct fmt *f, const struct info_gpu *g, size_t n)
{
	struct gpu_limits *l = xcalloc(n ? n : 1, sizeof(*l));
	size_t i, shown = 0;
	int rc = 0;

	for (i = 0; i < n && !rc; i++) {
		rc = store_gpu_limits(ctx->st, g[i].id, NULL, &l[i], &ctx->err);
		if (l[i].cap > 0 || l[i].min > 0 || l[i].max > 0 || l[i].def > 0 ||
		    parts_find(g[i].product))
			shown++;
	}
	if (!rc && shown) {
		fmt_begin(f, "power limits", limit_cols, ARRAY_SIZE(limit_cols));
		for (i = 0; i < n; i++) {
			const struct part *p = parts_find(g[i].product);

			fmt_str(f, g[i].node);
			fmt_int(f, g[i].device);
			opt_watts(f, l[i].cap);
			opt_watts(f, l[i].min);
			opt_watts(f, l[i].max);
			opt_watts(f, l[i].def);
			fmt_str(f, p ? p->name : NULL);
			if (p)
				fmt_int(f, p->max_w);
			else
				fmt_str(f, NULL);
			fmt_end_row(f);
		}
		fmt_end(f);
	}
	free(l);
	return rc;
}

static int
run_info(struct litsi_ctx *ctx, enum fmt_kind kind, bool sources, bool detail)
{
	struct info_source *s = NULL;
	struct info_gpu *g = NULL;
	struct info_metric *m = NULL;
	size_t ns = 0, ng = 0, nm = 0;
	struct fmt *f;
	int rc;

	rc = store_info_sources(ctx->st, &s, &ns, &ctx->err);
	if (!rc)
		rc = store_info_gpus(ctx->st, &g, &ng, &ctx->err);
	if (!rc)
		rc = store_info_metrics(ctx->st, &m, &nm, &ctx->err);
	if (!rc) {
		f = fmt_new(ctx->out, kind);
		if (sources)
			print_sources(f, s, ns);
		print_gpus(f, g, ng);
		rc = print_limits(ctx, f, g, ng);
		if (nm && detail)
			print_metrics(f, m, nm);
		fmt_free(f);
	}
	store_info_free(s, ns, g, ng, m, nm);
	return rc;
}

int
cmd_info(int argc, char **argv, struct litsi_ctx *ctx)
{
	enum fmt_kind kind = fmt_default_kind(ctx->out);
	bool sources = false, detail = false;
	int opt;

	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'D':
			detail = true;
			break;
		case 'f':
			if (cmd_format("info", usage_str, optarg, &kind))
				return EXIT_USAGE;
			break;
		case 'h':
			return cmd_help(ctx, usage_str);
		case 'L':
			return cmd_list_opts(ctx, longopts);
		case 's':
			sources = true;
			break;
		default:
			return cmd_getopt_error("info", usage_str, argv);
		}
	}
	if (optind < argc)
		return cmd_usage_error("info", usage_str, "unexpected argument '%s'", argv[optind]);
	return run_info(ctx, kind, sources, detail);
}
