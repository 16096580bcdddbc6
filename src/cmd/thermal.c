/* SPDX-License-Identifier: MIT */
/*
 * thermal.c: litsi thermal: per-GPU temperature, clock and power statistics
 * over the traced window, energy, node spread ratios, rank orders and the
 * rank correlation of temperature with aggregated lead (METHOD.md §8).
 */
#include "cmd.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage_str[] =
	"usage: litsi thermal [--node name] [--run name] [--series] [--normalize]\n"
	"                     [--load-activity pct] [--load-power W] [--min-readings n]\n"
	"                     [--format fmt]\n";

static const struct option longopts[] = {
	SHARED_OPT("format", SO_FORMAT),
	{ "help", no_argument, NULL, 'h' },
	{ "list-opts", no_argument, NULL, 'L' },
	SHARED_OPT("load-activity", SO_LOAD_ACTIVITY),
	SHARED_OPT("load-power", SO_LOAD_POWER),
	SHARED_OPT("min-readings", SO_MIN_READINGS),
	SHARED_OPT("node", SO_NODE),
	{ "normalize", no_argument, NULL, 'N' },
	SHARED_OPT("run", SO_RUN),
	{ "series", no_argument, NULL, 's' },
	{ NULL, 0, NULL, 0 },
};

struct thermal_opts {
	struct shared_opts so;
	bool series, normalize;
};

/* The metrics shown, in order (throttling is the check's). */
enum { NR_METRICS = RES_THR };

static const struct fmt_col stat_cols[] = {
	{ "gpu", FT_INT, 0 },	   { "metric", FT_STR, 0 },   { "n", FT_INT, 0 },
	{ "median", FT_DBL, 3 },   { "min", FT_DBL, 3 },      { "max", FT_DBL, 3 },
	{ "twmean", FT_DBL, 3 },
};

static const struct fmt_col energy_cols[] = {
	{ "gpu", FT_INT, 0 }, { "energy_j", FT_DBL, 1 }, { "seconds", FT_DBL, 3 },
};

static const struct fmt_col node_cols[] = {
	{ "temp_spread", FT_DBL, 4 },	     { "freq_spread", FT_DBL, 4 },
	{ "spearman_temp_lead", FT_DBL, 4 }, { "hottest_first", FT_STR, 0 },
	{ "slowest_first", FT_STR, 0 },
};

static const struct fmt_col series_cols[] = {
	{ "gpu", FT_INT, 0 }, { "metric", FT_STR, 0 }, { "t_ns", FT_INT, 0 },
	{ "value", FT_DBL, 3 },
};

static double
node_min(const double *v, size_t n)
{
	double out = NAN, *tmp = xmalloc((n + 1) * sizeof(*tmp));

	thermal_normalize(v, n, tmp);
	/* v[i] / min: recover the minimum from any finite positive entry. */
	for (size_t i = 0; i < n; i++)
		if (isfinite(tmp[i]) && tmp[i] > 0) {
			out = v[i] / tmp[i];
			break;
		}
	free(tmp);
	return out;
}

static void
print_stats(struct fmt *f, const struct thermal_opts *o, const struct res_model *n,
	    const struct res_thermal *th)
{
	const struct res_telemetry *t = &n->tel;
	size_t m, g;

	fmt_begin(f, "thermal", stat_cols, ARRAY_SIZE(stat_cols));
	for (g = 0; g < n->nd.G; g++)
		for (m = 0; m < NR_METRICS; m++) {
			const struct thermal_stats *s = &t->stat[m][g];
			double d = o->normalize ? node_min(t->med[m], n->nd.G) : 1;

			fmt_int(f, n->nd.gpus[g].device);
			fmt_str(f, res_metric_name((enum res_metric)m));
			fmt_int(f, (int64_t)s->n);
			fmt_dbl(f, s->median / d);
			fmt_dbl(f, s->min / d);
			fmt_dbl(f, s->max / d);
			fmt_dbl(f, s->twmean / d);
			fmt_end_row(f);
		}
	fmt_end(f);
	fmt_begin(f, "energy", energy_cols, ARRAY_SIZE(energy_cols));
	for (g = 0; g < n->nd.G; g++) {
		fmt_int(f, n->nd.gpus[g].device);
		fmt_dbl(f, th->energy_j[g]);
		fmt_dbl(f, th->energy_s[g]);
		fmt_end_row(f);
	}
	fmt_end(f);
}

static void
order_text(const int *dev, size_t n, struct sbuf *sb)
{
	size_t i;

	for (i = 0; i < n; i++)
		sbuf_addf(sb, "%s%d", i ? "," : "", dev[i]);
}

static void
print_node(struct fmt *f, const struct res_thermal *th)
{
	struct sbuf hot = SBUF_INIT, slow = SBUF_INIT;

	order_text(th->hottest, th->nhot, &hot);
	order_text(th->slowest, th->nslow, &slow);
	fmt_begin(f, "spread", node_cols, ARRAY_SIZE(node_cols));
	fmt_dbl(f, th->temp_spread);
	fmt_dbl(f, th->freq_spread);
	fmt_dbl(f, th->spearman);
	fmt_str(f, hot.len ? hot.buf : NULL);
	fmt_str(f, slow.len ? slow.buf : NULL);
	fmt_end_row(f);
	fmt_end(f);
	if (th->lead_samples)
		fmt_note(f, "lead", "mean summed lead over %zu samples", th->lead_samples);
	else
		fmt_note(f, "lead", "no matched traces; spearman_temp_lead is not defined");
	sbuf_release(&hot);
	sbuf_release(&slow);
}

static void
print_series(struct fmt *f, const struct thermal_opts *o, const struct res_model *n)
{
	const struct res_telemetry *t = &n->tel;
	size_t m, g, i;

	fmt_begin(f, "thermal_series", series_cols, ARRAY_SIZE(series_cols));
	for (g = 0; g < n->nd.G; g++) {
		for (m = 0; m < NR_METRICS; m++) {
			const struct tsample *v = t->v[m][g] + t->first[m][g];
			double d = o->normalize ? node_min(t->med[m], n->nd.G) : 1;

			for (i = 0; i < t->n[m][g]; i++) {
				fmt_int(f, n->nd.gpus[g].device);
				fmt_str(f, res_metric_name((enum res_metric)m));
				fmt_int(f, v[i].t_ns);
				fmt_dbl(f, v[i].value / d);
				fmt_end_row(f);
			}
			if (t->n[m][g])
				fmt_break(f);
		}
	}
	fmt_end(f);
}

int
thermal_render_node(struct litsi_ctx *ctx, struct fmt *f, const struct thermal_render *r,
		    const struct node_row *node)
{
	struct thermal_opts o = { .series = r->series, .normalize = r->normalize };
	struct res_model n;
	struct res_thermal th;
	int rc;

	struct res_opts ro;
	size_t g, hot = 0, clk = 0;

	if (r->res)
		ro = *r->res;
	else
		res_opts_default(&ro);
	o.so.res = ro;
	rc = res_model_load(ctx->st, node, &o.so.res, false, &n, &ctx->err);
	if (rc)
		goto out;
	fmt_note(f, "node", "%s", node->name);
	if (n.tel.aligned)
		fmt_note(f, "window", "traced [%lld, %lld] ns", (long long)n.tel.ws,
			 (long long)n.tel.we);
	else
		fmt_note(f, "window", "whole telemetry log (not aligned with any traced window); "
				      "temperature and clock readings at gfx activity <= 1%% left out");
	for (g = 0; g < n.nd.G; g++) {
		hot += !isnan(n.tel.load_med[RES_HOT][g]);
		clk += !isnan(n.tel.load_med[RES_CLK][g]);
	}
	if (n.tel.any)
		fmt_note(f, "under load",
			 "spreads use readings at gfx activity > %g%% (power > %g W without "
			 "activity readings), %zu+ per GPU: %zu of %zu GPUs for temperature, %zu "
			 "for clock", ro.load_activity, ro.load_power, ro.min_readings, hot,
			 n.nd.G, clk);
	if (o.normalize)
		fmt_note(f, "normalized", "values divided by the node minimum of per-GPU medians");
	if (o.series) {
		print_series(f, &o, &n);
		goto out;
	}
	res_thermal_eval(&n.nd, &n.tel, n.mean_lead, n.nsamples, &th);
	print_stats(f, &o, &n, &th);
	print_node(f, &th);
	res_thermal_release(&th);
out:
	res_model_release(&n);
	return rc;
}

static int
parse_args(int argc, char **argv, struct litsi_ctx *ctx, struct thermal_opts *o)
{
	int opt, rc;

	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'h':
			return cmd_help(ctx, usage_str) - CMD_ANSWERED;
		case 'L':
			return cmd_list_opts(ctx, longopts) - CMD_ANSWERED;
		case 'N':
			o->normalize = true;
			break;
		case 's':
			o->series = true;
			break;
		default:
			rc = cmd_shared_opt("thermal", usage_str, opt, optarg, &o->so);
			if (rc < 0)
				return cmd_getopt_error("thermal", usage_str, argv);
			if (rc)
				return rc;
		}
	}
	if (optind < argc)
		return cmd_usage_error("thermal", usage_str, "unexpected argument '%s'",
				       argv[optind]);
	return 0;
}

/* thermal_render_node() through cmd_each_node()'s untyped options. */
static int
node_fn(struct litsi_ctx *ctx, struct fmt *f, const void *o, const struct node_row *node)
{
	return thermal_render_node(ctx, f, o, node);
}

int
cmd_thermal(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct thermal_opts o = { 0 };
	struct thermal_render r;
	int rc;

	shared_opts_init(&o.so, ctx);
	rc = parse_args(argc, argv, ctx, &o);
	if (rc)
		return rc < 0 ? rc + CMD_ANSWERED : rc;
	r = (struct thermal_render){ .series = o.series, .normalize = o.normalize,
				     .res = &o.so.res };
	return cmd_each_node(ctx, &o.so, node_fn, &r);
}
