/* SPDX-License-Identifier: MIT */
/*
 * model.c: litsi model: the performance model (METHOD.md §5, eqs 1-6) and the
 * power model (§6, eqs 7-16) of each node, per alignment target.
 */
#include "cmd.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage_str[] =
	"usage: litsi model [--node name] [--run name] [--epsilon pct] [--baseline-power W]\n"
	"                   [--idle-power W] [--comm-pattern regex] [--format fmt]\n";

static const struct option longopts[] = {
	SHARED_OPT("baseline-power", SO_BASE_POWER),
	SHARED_OPT("comm-pattern", SO_COMM),
	SHARED_OPT("epsilon", SO_EPSILON),
	SHARED_OPT("format", SO_FORMAT),
	{ "help", no_argument, NULL, 'h' },
	SHARED_OPT("idle-power", SO_IDLE_POWER),
	{ "list-opts", no_argument, NULL, 'L' },
	SHARED_OPT("node", SO_NODE),
	SHARED_OPT("run", SO_RUN),
	{ NULL, 0, NULL, 0 },
};


static const struct fmt_col set_cols[] = {
	{ "node", FT_STR, 0 },	   { "set", FT_STR, 0 },      { "keys", FT_INT, 0 },
	{ "t_max_ns", FT_DBL, 1 }, { "t_med_ns", FT_DBL, 1 }, { "t_min_ns", FT_DBL, 1 },
};
static const struct fmt_col base_cols[] = {
	{ "node", FT_STR, 0 }, { "samples", FT_INT, 0 }, { "dropped_keys", FT_INT, 0 },
	{ "t_baseline_ns", FT_DBL, 1 }, { "R_C", FT_DBL, 4 }, { "R_V", FT_DBL, 4 },
};
static const struct fmt_col perf_cols[] = {
	{ "node", FT_STR, 0 },	{ "scenario", FT_STR, 0 },   { "align", FT_STR, 0 },
	{ "S_C", FT_DBL, 4 },	{ "throughput", FT_DBL, 4 }, { "power_ratio", FT_DBL, 4 },
	{ "power_gain", FT_DBL, 4 },
};
static const struct fmt_col rank_cols[] = {
	{ "node", FT_STR, 0 },	{ "scenario", FT_STR, 0 }, { "rank", FT_INT, 0 },
	{ "t_r_ns", FT_DBL, 1 }, { "delta", FT_DBL, 4 },   { "power_w", FT_DBL, 1 },
};
static const struct fmt_col ref_cols[] = {
	{ "node", FT_STR, 0 },	   { "P_baseline_w", FT_DBL, 1 }, { "baseline_from", FT_STR, 0 },
	{ "P_idle_w", FT_DBL, 1 }, { "idle_from", FT_STR, 0 },
};

struct model_opts {
	struct shared_opts so;
};

static int
parse_args(int argc, char **argv, struct litsi_ctx *ctx, struct model_opts *o)
{
	int opt, rc;

	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'h':
			return cmd_help(ctx, usage_str) - CMD_ANSWERED;
		case 'L':
			return cmd_list_opts(ctx, longopts) - CMD_ANSWERED;
		default:
			rc = cmd_shared_opt("model", usage_str, opt, optarg, &o->so);
			if (rc < 0)
				return cmd_getopt_error("model", usage_str, argv);
			if (rc)
				return rc;
		}
	}
	if (optind < argc)
		return cmd_usage_error("model", usage_str, "unexpected argument '%s'", argv[optind]);
	return 0;
}

static void
print_models(struct fmt *f, const struct node_row *nodes, const struct res_model *nm,
	     const struct res_power *power, size_t nn)
{
	size_t i, r;
	int a;

	fmt_begin(f, "model", base_cols, ARRAY_SIZE(base_cols));
	for (i = 0; i < nn; i++) {
		fmt_str(f, nodes[i].name);
		fmt_int(f, (int64_t)nm[i].nsamples);
		fmt_int(f, (int64_t)nm[i].dropped);
		fmt_dbl(f, nm[i].perf.t_baseline);
		fmt_dbl(f, nm[i].perf.R_C);
		fmt_dbl(f, nm[i].perf.R_V);
		fmt_end_row(f);
	}
	fmt_end(f);
	fmt_begin(f, "sets", set_cols, ARRAY_SIZE(set_cols));
	for (i = 0; i < nn; i++) {
		const struct model_perf *p = &nm[i].perf;

		for (r = 0; r < 2; r++) {
			const double *t = r ? p->tV : p->tC;

			fmt_str(f, nodes[i].name);
			fmt_str(f, r ? "V" : "C");
			fmt_int(f, (int64_t)(r ? p->nV : p->nC));
			fmt_dbl(f, t[MODEL_MAX]);
			fmt_dbl(f, t[MODEL_MED]);
			fmt_dbl(f, t[MODEL_MIN]);
			fmt_end_row(f);
		}
	}
	fmt_end(f);
	fmt_begin(f, "performance", perf_cols, ARRAY_SIZE(perf_cols));
	for (i = 0; i < nn; i++) {
		for (a = 0; a < MODEL_NAGG; a++) {
			const struct model_power *pw = &power[i].pw[a];
			bool ok = power[i].ok;

			fmt_str(f, nodes[i].name);
			fmt_str(f, caps_scenarios[a].name);
			fmt_str(f, caps_scenarios[a].align_name);
			fmt_dbl(f, nm[i].perf.S_C[a]);
			fmt_dbl(f, nm[i].perf.S_C[a]);
			fmt_dbl(f, ok ? pw->ratio : NAN);
			fmt_dbl(f, ok && pw->ratio > 0 ? 1 / pw->ratio : NAN);
			fmt_end_row(f);
		}
	}
	fmt_end(f);
	fmt_begin(f, "power_reference", ref_cols, ARRAY_SIZE(ref_cols));
	for (i = 0; i < nn; i++) {
		fmt_str(f, nodes[i].name);
		fmt_dbl(f, nm[i].p_base);
		fmt_str(f, nm[i].p_base_from);
		fmt_dbl(f, nm[i].p_idle);
		fmt_str(f, nm[i].p_idle_from);
		fmt_end_row(f);
	}
	fmt_end(f);
	fmt_begin(f, "power_ranks", rank_cols, ARRAY_SIZE(rank_cols));
	for (i = 0; i < nn; i++) {
		if (!power[i].ok)
			continue;
		for (a = 0; a < MODEL_NAGG; a++) {
			const struct model_power *pw = &power[i].pw[a];

			for (r = 0; r < pw->G; r++) {
				fmt_str(f, nodes[i].name);
				fmt_str(f, caps_scenarios[a].name);
				fmt_int(f, (int64_t)r);
				fmt_dbl(f, pw->t_r[r]);
				fmt_dbl(f, pw->delta[r]);
				fmt_dbl(f, pw->p_r[r]);
				fmt_end_row(f);
			}
		}
		fmt_break(f);
	}
	fmt_end(f);
}

int
cmd_model(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct model_opts o;
	struct node_row *nodes = NULL;
	struct res_model *nm = NULL;
	struct res_power *power = NULL;
	struct fmt *f;
	size_t nn = 0, i, loaded = 0;
	int rc;

	shared_opts_init(&o.so, ctx);
	rc = parse_args(argc, argv, ctx, &o);
	if (rc)
		return rc < 0 ? rc + CMD_ANSWERED : rc;
	/* the traces of one run: --run, else each node's latest */
	o.so.res.latest = true;
	if ((rc = cmd_nodes_run(ctx, o.so.node, o.so.res.run, &nodes, &nn)))
		return rc;
	nm = xcalloc(nn, sizeof(*nm));
	for (i = 0; i < nn; i++, loaded++)
		if ((rc = res_model_load(ctx->st, &nodes[i], &o.so.res, false, &nm[i],
					 &ctx->err))) {
			loaded++;
			goto out;
		}
	power = xcalloc(nn, sizeof(*power));
	for (i = 0; i < nn; i++)
		res_power_eval(&nm[i], &power[i]);
	f = fmt_new(ctx->out, o.so.kind);
	print_models(f, nodes, nm, power, nn);
	for (i = 0; i < nn; i++) {
		if (nm[i].run)
			fmt_note(f, "runs", "node %s: traces of run '%s'%s", nodes[i].name,
				 nm[i].run, nm[i].run_latest ? " (the latest; --run chooses)" : "");
		if (power[i].ok)
			fmt_note(f, "power_ratio",
				 "node %s: predicted power over P_baseline, %s (%.1f W)",
				 nodes[i].name,
				 !strcmp(nm[i].p_base_from, "option") ? "--baseline-power"
				 : nm[i].run ? "the median GPU power of the run read"
					     : "the median GPU power of the traced window",
				 nm[i].p_base);
	}
	/* The performance model needs no power: without it, say what is missing. */
	for (i = 0; i < nn; i++)
		if (!power[i].ok)
			fmt_note(f, "power model",
				 "node %s: unavailable: cannot determine %s from telemetry; give "
				 "--baseline-power W and --idle-power W",
				 nodes[i].name, res_power_missing(&nm[i]));
	fmt_free(f);
out:
	for (i = 0; power && i < nn; i++)
		res_power_release(&power[i]);
	free(power);
	for (i = loaded; i-- > 0;)	/* last loaded first: each gives its scope back */
		res_model_release(&nm[i]);
	free(nm);
	store_free_nodes(nodes, nn);
	return rc;
}
