/* SPDX-License-Identifier: MIT */
/*
 * thermal.c: litsi thermal: per-GPU temperature, clock and power statistics
 * over the traced window, energy, node spread ratios, rank orders and the
 * rank correlation of temperature with aggregated lead (METHOD.md §8).
 */
#include "anaload.h"
#include "litsi/interval.h"
#include "litsi/stats.h"
#include "litsi/thermal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage_str[] =
	"usage: litsi thermal [--node name] [--series] [--normalize] [--format fmt]\n";

static const struct option longopts[] = {
	{ "format", required_argument, NULL, 'F' },
	{ "help", no_argument, NULL, 'h' },
	{ "list-opts", no_argument, NULL, 'L' },
	{ "node", required_argument, NULL, 'n' },
	{ "normalize", no_argument, NULL, 'N' },
	{ "series", no_argument, NULL, 's' },
	{ NULL, 0, NULL, 0 },
};

struct thermal_opts {
	const char *node;
	bool series, normalize;
	enum fmt_kind kind;
};

enum { M_HOT, M_MEM, M_CLK, M_POW, NR_METRICS };
static const char *const metric_names[NR_METRICS] = {
	METRIC_TEMP_HOTSPOT, METRIC_TEMP_MEM, METRIC_GFX_CLK, METRIC_POWER,
};

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

/* One node's telemetry, already cut to the window used. */
struct tnode {
	struct ana_node nd;
	struct tsample **tel[NR_METRICS];	/* tel[m][g]: readings, by time */
	size_t *n[NR_METRICS];
	size_t *first[NR_METRICS];	/* window start index */
	struct thermal_stats *st[NR_METRICS];	/* [G] */
	double *med[NR_METRICS];	/* [G] medians */
	bool aligned;
	int64_t ws, we;
};

static int
load_telemetry(struct litsi_ctx *ctx, struct tnode *t)
{
	size_t m, g;

	for (m = 0; m < NR_METRICS; m++) {
		t->tel[m] = xcalloc(t->nd.G + 1, sizeof(*t->tel[m]));
		t->n[m] = xcalloc(t->nd.G + 1, sizeof(*t->n[m]));
		t->first[m] = xcalloc(t->nd.G + 1, sizeof(*t->first[m]));
		t->st[m] = xcalloc(t->nd.G + 1, sizeof(*t->st[m]));
		t->med[m] = xcalloc(t->nd.G + 1, sizeof(*t->med[m]));
		for (g = 0; g < t->nd.G; g++)
			if (store_load_telemetry(ctx->st, t->nd.gpus[g].id, metric_names[m],
						 &t->tel[m][g], &t->n[m][g], &ctx->err))
				return ctx->err.status;
	}
	return 0;
}

/* Whether the GPU was busy at @t: its gfx activity reading at that time > 1%. */
static bool
busy_at(const struct tsample *act, size_t n, int64_t t)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (act[mid].t_ns < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo == n || act[lo].t_ns != t || act[lo].value > 1.0;
}

/*
 * Decision: a whole log (no traced window to cut it to) also holds the idle
 * minutes before and after the job, which would pull the medians toward idle
 * temperatures and clocks. Readings of temperature and clock taken while the
 * GPU's gfx activity was at most 1% are left out, when the log has activity
 * readings and some busy ones; power and energy keep every reading.
 */
static int
drop_idle(struct litsi_ctx *ctx, struct tnode *t)
{
	static const int filtered[] = { M_HOT, M_MEM, M_CLK };
	size_t g, i, j, k, na;

	for (g = 0; g < t->nd.G; g++) {
		struct tsample *act;
		bool any_busy = false;

		if (store_load_telemetry(ctx->st, t->nd.gpus[g].id, METRIC_GFX_ACT, &act, &na,
					 &ctx->err))
			return ctx->err.status;
		for (i = 0; i < na; i++)
			any_busy = any_busy || act[i].value > 1.0;
		for (k = 0; any_busy && k < ARRAY_SIZE(filtered); k++) {
			struct tsample *v = t->tel[filtered[k]][g];
			size_t *n = &t->n[filtered[k]][g];

			for (i = j = 0; i < *n; i++)
				if (busy_at(act, na, v[i].t_ns))
					v[j++] = v[i];
			*n = j;
		}
		free(act);
	}
	return 0;
}

/*
 * Use the traced window when every GPU that has telemetry has a reading in
 * it; otherwise the whole log, for every GPU alike.
 */
static int
choose_window(struct litsi_ctx *ctx, struct tnode *t)
{
	size_t m, g, first;
	int rc = store_kernel_window(ctx->st, t->nd.node_id, &t->ws, &t->we, &ctx->err);
	bool any = false;

	if (rc < 0)
		return rc;
	t->aligned = rc == 1;
	for (g = 0; g < t->nd.G && t->aligned; g++) {
		size_t in = 0, all = 0;

		for (m = 0; m < NR_METRICS; m++) {
			all += t->n[m][g];
			in += thermal_window(t->tel[m][g], t->n[m][g], t->ws, t->we, &first);
		}
		any = any || all;
		if (all && !in)
			t->aligned = false;
	}
	t->aligned = t->aligned && any;
	if (!t->aligned && drop_idle(ctx, t))
		return ctx->err.status;
	for (m = 0; m < NR_METRICS; m++)
		for (g = 0; g < t->nd.G; g++) {
			if (t->aligned)
				t->n[m][g] = thermal_window(t->tel[m][g], t->n[m][g], t->ws, t->we,
							    &t->first[m][g]);
			thermal_stats(t->tel[m][g] + t->first[m][g], t->n[m][g], &t->st[m][g]);
			t->med[m][g] = t->st[m][g].median;
		}
	return 0;
}

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
print_stats(struct fmt *f, const struct thermal_opts *o, struct tnode *t)
{
	size_t m, g;

	fmt_begin(f, "thermal", stat_cols, ARRAY_SIZE(stat_cols));
	for (g = 0; g < t->nd.G; g++)
		for (m = 0; m < NR_METRICS; m++) {
			const struct thermal_stats *s = &t->st[m][g];
			double d = o->normalize ? node_min(t->med[m], t->nd.G) : 1;

			fmt_int(f, t->nd.gpus[g].device);
			fmt_str(f, metric_names[m]);
			fmt_int(f, (int64_t)s->n);
			fmt_dbl(f, s->median / d);
			fmt_dbl(f, s->min / d);
			fmt_dbl(f, s->max / d);
			fmt_dbl(f, s->twmean / d);
			fmt_end_row(f);
		}
	fmt_end(f);
	fmt_begin(f, "energy", energy_cols, ARRAY_SIZE(energy_cols));
	for (g = 0; g < t->nd.G; g++) {
		const struct tsample *p = t->tel[M_POW][g] + t->first[M_POW][g];
		size_t n = t->n[M_POW][g];

		fmt_int(f, t->nd.gpus[g].device);
		fmt_dbl(f, n ? stats_energy_j(p, n) : NAN);
		fmt_dbl(f, n ? (double)ival_len(p[0].t_ns, p[n - 1].t_ns) / 1e9 : NAN);
		fmt_end_row(f);
	}
	fmt_end(f);
}

static void
order_text(struct tnode *t, const double *v, bool desc, struct sbuf *sb)
{
	size_t *ord = xmalloc((t->nd.G + 1) * sizeof(*ord)), g;

	thermal_order(v, t->nd.G, desc, ord);
	for (g = 0; g < t->nd.G; g++)
		if (!isnan(v[ord[g]]))
			sbuf_addf(sb, "%s%d", sb->len ? "," : "", t->nd.gpus[ord[g]].device);
	free(ord);
}

static int
print_node(struct litsi_ctx *ctx, struct fmt *f, struct tnode *t)
{
	double *L = xcalloc(t->nd.G + 1, sizeof(*L)), *x, *y, rho = NAN;
	struct sbuf hot = SBUF_INIT, slow = SBUF_INIT;
	size_t ns = 0, g, k = 0;

	if (t->nd.nsteps && ana_mean_lead(ctx, &t->nd, LEAD_SUM, L, &ns)) {
		free(L);
		return ctx->err.status;
	}
	x = xmalloc((t->nd.G + 1) * sizeof(*x));
	y = xmalloc((t->nd.G + 1) * sizeof(*y));
	for (g = 0; ns && g < t->nd.G; g++)
		if (isfinite(t->med[M_HOT][g]) && isfinite(L[g])) {
			x[k] = t->med[M_HOT][g];
			y[k++] = L[g];
		}
	if (k >= 2)
		rho = stats_spearman(x, y, k);
	order_text(t, t->med[M_HOT], true, &hot);
	order_text(t, t->med[M_CLK], false, &slow);
	fmt_begin(f, "spread", node_cols, ARRAY_SIZE(node_cols));
	fmt_dbl(f, thermal_spread(t->med[M_HOT], t->nd.G));
	fmt_dbl(f, thermal_spread(t->med[M_CLK], t->nd.G));
	fmt_dbl(f, rho);
	fmt_str(f, hot.len ? hot.buf : "-");
	fmt_str(f, slow.len ? slow.buf : "-");
	fmt_end_row(f);
	fmt_end(f);
	if (ns)
		fmt_note(f, "lead", "mean summed lead over %zu samples", ns);
	else
		fmt_note(f, "lead", "no matched traces; spearman_temp_lead is nan");
	sbuf_release(&hot);
	sbuf_release(&slow);
	free(x);
	free(y);
	free(L);
	return 0;
}

static void
print_series(struct fmt *f, const struct thermal_opts *o, struct tnode *t)
{
	size_t m, g, i;

	fmt_begin(f, "thermal_series", series_cols, ARRAY_SIZE(series_cols));
	for (g = 0; g < t->nd.G; g++) {
		for (m = 0; m < NR_METRICS; m++) {
			const struct tsample *v = t->tel[m][g] + t->first[m][g];
			double d = o->normalize ? node_min(t->med[m], t->nd.G) : 1;

			for (i = 0; i < t->n[m][g]; i++) {
				fmt_int(f, t->nd.gpus[g].device);
				fmt_str(f, metric_names[m]);
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

static void
tnode_release(struct tnode *t)
{
	size_t m, g;

	for (m = 0; m < NR_METRICS; m++) {
		for (g = 0; t->tel[m] && g < t->nd.G; g++)
			free(t->tel[m][g]);
		free(t->tel[m]);
		free(t->n[m]);
		free(t->first[m]);
		free(t->st[m]);
		free(t->med[m]);
	}
	ana_node_release(&t->nd);
}

static int
run_node(struct litsi_ctx *ctx, struct fmt *f, const struct thermal_opts *o,
	 const struct node_row *node)
{
	struct tnode t;
	int rc;

	memset(&t, 0, sizeof(t));
	rc = ana_node_open(ctx, node->id, NULL, &t.nd);
	if (!rc)
		rc = load_telemetry(ctx, &t);
	if (!rc)
		rc = choose_window(ctx, &t);
	if (rc)
		goto out;
	fmt_note(f, "node", "%s", node->name);
	if (t.aligned)
		fmt_note(f, "window", "traced [%lld, %lld] ns", (long long)t.ws, (long long)t.we);
	else
		fmt_note(f, "window", "whole telemetry log (not aligned with any traced window); "
				      "temperature and clock readings at gfx activity <= 1%% left out");
	if (o->normalize)
		fmt_note(f, "normalized", "values divided by the node minimum of per-GPU medians");
	if (o->series) {
		print_series(f, o, &t);
		goto out;
	}
	print_stats(f, o, &t);
	rc = print_node(ctx, f, &t);
out:
	tnode_release(&t);
	return rc;
}

static int
parse_args(int argc, char **argv, struct litsi_ctx *ctx, struct thermal_opts *o)
{
	int opt;

	opterr = 0;
	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'F':
			if (cmd_format("thermal", usage_str, optarg, &o->kind))
				return EXIT_USAGE;
			break;
		case 'h':
			return cmd_help(ctx, usage_str) - 100;
		case 'L':
			return cmd_list_opts(ctx, longopts) - 100;
		case 'n':
			o->node = optarg;
			break;
		case 'N':
			o->normalize = true;
			break;
		case 's':
			o->series = true;
			break;
		default:
			return cmd_getopt_error("thermal", usage_str, argv);
		}
	}
	if (optind < argc)
		return cmd_usage_error("thermal", usage_str, "unexpected argument '%s'",
				       argv[optind]);
	return 0;
}

/* run_node() through cmd_each_node()'s untyped options. */
static int
node_fn(struct litsi_ctx *ctx, struct fmt *f, const void *o, const struct node_row *node)
{
	return run_node(ctx, f, o, node);
}

int
cmd_thermal(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct thermal_opts o = { .kind = fmt_default_kind(ctx->out) };
	int rc;

	rc = parse_args(argc, argv, ctx, &o);
	if (rc)
		return rc < 0 ? rc + 100 : rc;
	return cmd_each_node(ctx, o.node, o.kind, node_fn, &o);
}
