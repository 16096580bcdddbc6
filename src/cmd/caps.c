/* SPDX-License-Identifier: MIT */
/*
 * caps.c: litsi caps: power caps per GPU from lead values (METHOD.md §7):
 * the model-based closed loop (default) or the offline replay of Algorithms
 * 2-3 over the recorded samples; prints, never runs, the commands that apply
 * them.
 */
#include "cmd.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage_str[] =
	"usage: litsi caps --scenario gpu-red|gpu-realloc|cpu-slosh [--node name] [--run name]\n"
	"                  [--baseline-run name] [--tdp W] [--cap W] [--budget W] [--max-adj W]\n"
	"                  [--window n]\n"
	"                  [--window-agg median|mean] [--warmup n] [--agg sum|max|last]\n"
	"                  [--scale global|local] [--replay] [--idle-power W]\n"
	"                  [--emit amd-smi|rocm-smi|nvidia-smi|none] [--comm-pattern regex]\n"
	"                  [--script file] [--format fmt]\n"
	"       litsi caps --calibrate [--node name] [--run name] [--tdp W] [--cap W]\n"
	"                  [--idle-power W] [--emit amd-smi|rocm-smi|nvidia-smi|none] [--format fmt]\n";

static const struct option longopts[] = {
	SHARED_OPT("agg", SO_AGG),
	{ "baseline-run", required_argument, NULL, 'b' },
	SHARED_OPT("budget", SO_BUDGET),
	{ "calibrate", no_argument, NULL, 'C' },
	SHARED_OPT("cap", SO_CAP),
	SHARED_OPT("comm-pattern", SO_COMM),
	{ "emit", required_argument, NULL, 'E' },
	SHARED_OPT("format", SO_FORMAT),
	{ "help", no_argument, NULL, 'h' },
	SHARED_OPT("idle-power", SO_IDLE_POWER),
	{ "list-opts", no_argument, NULL, 'L' },
	{ "max-adj", required_argument, NULL, 'm' },
	SHARED_OPT("node", SO_NODE),
	{ "replay", no_argument, NULL, 'r' },
	SHARED_OPT("run", SO_RUN),
	{ "scale", required_argument, NULL, 'S' },
	{ "scenario", required_argument, NULL, 's' },
	{ "script", required_argument, NULL, 'X' },
	SHARED_OPT("tdp", SO_TDP),
	{ "warmup", required_argument, NULL, 'u' },
	{ "window", required_argument, NULL, 'w' },
	{ "window-agg", required_argument, NULL, 'W' },
	{ NULL, 0, NULL, 0 },
};

struct kv {
	const char *name;
	int value;
};

static const struct kv emits[] = { { "none", RES_EMIT_NONE },
				   { "amd-smi", RES_EMIT_AMDSMI },
				   { "rocm-smi", RES_EMIT_ROCMSMI },
				   { "nvidia-smi", RES_EMIT_NVSMI },
				   { NULL, 0 } };
static const struct kv wins[] = { { "median", CAPS_WIN_MEDIAN }, { "mean", CAPS_WIN_MEAN },
				  { NULL, 0 } };
static const struct kv scales[] = { { "global", CAPS_SCALE_GLOBAL },
				    { "local", CAPS_SCALE_LOCAL },
				    { NULL, 0 } };

struct caps_opts {
	struct shared_opts so;
	struct caps_params p;
	bool has_scenario, replay, calibrate;
	int emit;		/* enum res_emit */
	const char *script;	/* --script FILE */
};

static void print_nodes(struct fmt *f, const struct node_row *nodes, const struct res_caps *no,
			size_t nn, const struct caps_params *p);
static void print_runs(struct fmt *f, const char *node, const struct res_caps *c);

static const struct fmt_col adj_cols[] = {
	{ "node", FT_STR, 0 },	{ "adjustment", FT_INT, 0 }, { "sample", FT_INT, 0 },
	{ "gpu", FT_INT, 0 },	{ "lead_ns", FT_DBL, 0 },    { "d_w", FT_INT, 0 },
	{ "cap_w", FT_INT, 0 },
};
static const struct fmt_col cap_cols[] = {
	{ "node", FT_STR, 0 },	    { "gpu", FT_INT, 0 },      { "initial_w", FT_INT, 0 },
	{ "cap_w", FT_INT, 0 },	    { "clock_mhz", FT_DBL, 0 }, { "power_w", FT_DBL, 1 },
	{ "command", FT_STR, 0 },
};
static const struct fmt_col pred_cols[] = {
	{ "node", FT_STR, 0 },	      { "scenario", FT_STR, 0 },    { "mode", FT_STR, 0 },
	{ "P_n_w", FT_INT, 0 },	      { "sum_caps_w", FT_INT, 0 },  { "adjustments", FT_INT, 0 },
	{ "converged", FT_STR, 0 },   { "reported", FT_INT, 0 },    { "straggler", FT_INT, 0 },
	{ "S_iter", FT_DBL, 4 },      { "power_ratio", FT_DBL, 4 }, { "last_S_iter", FT_DBL, 4 },
	{ "P_idle_w", FT_DBL, 1 },    { "tdp_w", FT_INT, 0 },	    { "initial_cap_w", FT_INT, 0 },
	{ "min_w", FT_INT, 0 },	      { "S_iter_low", FT_DBL, 4 }, { "power_ratio_low", FT_DBL, 4 },
	{ "why", FT_STR, 0 },	      { "ceiling", FT_DBL, 4 },	    { "S_iter_work", FT_DBL, 4 },
	{ "gap_pct", FT_DBL, 1 },
};

static int
lookup(const struct kv *t, const char *opt, const char *arg, int *out)
{
	struct sbuf sb = SBUF_INIT;
	const struct kv *k;

	for (k = t; k->name; k++)
		if (!strcmp(k->name, arg)) {
			*out = k->value;
			return 0;
		}
	for (k = t; k->name; k++)
		sbuf_addf(&sb, "%s%s", k == t ? "" : ", ", k->name);
	cmd_usage_error("caps", usage_str, "invalid %s '%s' (expected %s)", opt, arg, sb.buf);
	sbuf_release(&sb);
	return -1;
}

/* --scenario: one of caps_scenarios[], the names in the message as lookup() lists them. */
static int
scenario_opt(const char *arg, enum caps_scenario *out)
{
	struct sbuf sb = SBUF_INIT;
	int s;

	if (!caps_scenario_parse(arg, out))
		return 0;
	for (s = 0; s < CAPS_NSCEN; s++)
		sbuf_addf(&sb, "%s%s", s ? ", " : "", caps_scenarios[s].name);
	cmd_usage_error("caps", usage_str, "invalid --scenario '%s' (expected %s)", arg, sb.buf);
	sbuf_release(&sb);
	return -1;
}

static int
int_opt(const char *opt, const char *arg, int min, int max, int *out)
{
	if (parse_int(arg, min, max, out))
		return cmd_usage_error("caps", usage_str, "invalid %s '%s' (%d to %d)", opt, arg,
				       min, max);
	return 0;
}

static int
parse_args(int argc, char **argv, struct litsi_ctx *ctx, struct caps_opts *o)
{
	int opt, v, rc;

	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'b':
			if (!*optarg)
				return cmd_usage_error("caps", usage_str, "empty --baseline-run name");
			o->so.res.baseline_run = optarg;
			break;
		case 'C':
			o->calibrate = true;
			break;
		case 'E':
			if (lookup(emits, "--emit", optarg, &o->emit))
				return EXIT_USAGE;
			break;
		case 'h':
			return cmd_help(ctx, usage_str) - CMD_ANSWERED;
		case 'L':
			return cmd_list_opts(ctx, longopts) - CMD_ANSWERED;
		case 'm':
			if (int_opt("--max-adj", optarg, 0, 100000, &v))
				return EXIT_USAGE;
			o->p.max_inc = v;
			break;
		case 'r':
			o->replay = true;
			break;
		case 's':
			if (scenario_opt(optarg, &o->p.scenario))
				return EXIT_USAGE;
			o->has_scenario = true;
			break;
		case 'S':
			if (lookup(scales, "--scale", optarg, &v))
				return EXIT_USAGE;
			o->p.scale = (enum caps_scale)v;
			break;
		case 'u':
			if (int_opt("--warmup", optarg, 0, 1000000, &v))
				return EXIT_USAGE;
			o->p.warmup = (size_t)v;
			break;
		case 'w':
			if (int_opt("--window", optarg, 1, 100000, &v))
				return EXIT_USAGE;
			o->p.window = (size_t)v;
			break;
		case 'X':
			o->script = optarg;
			break;
		case 'W':
			if (lookup(wins, "--window-agg", optarg, &v))
				return EXIT_USAGE;
			o->p.window_agg = (enum caps_window_agg)v;
			break;
		default:
			rc = cmd_shared_opt("caps", usage_str, opt, optarg, &o->so);
			if (rc < 0)
				return cmd_getopt_error("caps", usage_str, argv);
			if (rc)
				return rc;
		}
	}
	if (optind < argc)
		return cmd_usage_error("caps", usage_str, "unexpected argument '%s'", argv[optind]);
	cmd_caps_budget(&o->so, &o->p);
	if (o->calibrate && (o->has_scenario || o->replay))
		return cmd_usage_error("caps", usage_str,
				       "--calibrate prints a probe, not a scenario's caps: give "
				       "--scenario or --calibrate");
	if (o->calibrate)
		return 0;
	if (!o->has_scenario)
		return cmd_usage_error("caps", usage_str,
				       "--scenario is required (" CAPS_SCENARIO_LIST ")");
	return cmd_shared_check("caps", usage_str, &o->so);
}

/* The convergence columns of the prediction table, in words. */
static void
loop_note(struct fmt *f, const char *node, const struct res_caps *c)
{
	char which[96];
	size_t g;
	bool moved = false;

	if (c->replay)
		return;
	for (g = 0; g < c->G; g++)
		moved |= c->caps[g] != c->init[g];
	if (c->reported)
		snprintf(which, sizeof(which), "those of adjustment %zu", c->reported);
	else if (c->kept_run)
		snprintf(which, sizeof(which), "the caps the traced run ran at");
	else
		snprintf(which, sizeof(which), "%s", moved ? "found by the search beside the loop"
							   : "the initial caps");
	if (!strcmp(c->converged, "yes"))
		fmt_note(f, "loop", "node %s: the caps settled after %zu adjustments; the caps "
			 "printed are %s", node, c->nadj, which);
	else
		fmt_note(f, "loop", "node %s: the caps kept moving for all %zu adjustments (not a "
			 "failure: the leads never settled); the caps printed are the best "
			 "predicted, %s (throughput x%.3f), not the last adjustment's (x%.3f)",
			 node, c->nadj, which, c->throughput, c->last_s);
	if (c->clamped)
		fmt_note(f, "ceiling", "node %s: S_iter is shown at the ceiling x%.3f, what aligning "
			 "the GPUs could give at best (the caps model predicts more)", node,
			 c->ceiling);
}

/* Table "adjustments" of --replay: each adjustment's leads, increments and caps. */
static void
print_adjustments(struct fmt *f, const struct node_row *nodes, const struct res_caps *no,
		  size_t nn)
{
	size_t i, r;

	fmt_begin(f, "adjustments", adj_cols, ARRAY_SIZE(adj_cols));
	for (i = 0; i < nn; i++)
		for (r = 0; r < no[i].nadj_rows; r++) {
			const struct res_adj *a = &no[i].adj[r];

			fmt_str(f, nodes[i].name);
			fmt_int(f, (int64_t)a->adj);
			fmt_int(f, (int64_t)a->sample);
			fmt_int(f, a->device);
			fmt_dbl(f, a->lead);
			fmt_int(f, a->d);
			fmt_int(f, a->cap);
			fmt_end_row(f);
			if (r + 1 == no[i].nadj_rows || no[i].adj[r + 1].adj != a->adj)
				fmt_break(f);
		}
	fmt_end(f);
}

/* The notes of each node: its limits, the loop, what is unproven, the runs, the calibration. */
static void
print_notes(struct fmt *f, const struct node_row *nodes, const struct res_caps *no, size_t nn)
{
	size_t i;

	for (i = 0; i < nn; i++) {
		const struct part_limits *l = &no[i].lim;
		char min[64] = "none";

		if (l->min)
			snprintf(min, sizeof(min), "%d W (%s)", l->min, l->min_from);
		fmt_note(f, "limits", "node %s: TDP %d W (%s), cap %d W (%s), min limit %s",
			 nodes[i].name, l->tdp, l->tdp_from, l->cap0, l->cap0_from, min);
		loop_note(f, nodes[i].name, &no[i]);
		if (res_caps_unproven(&no[i]))
			fmt_note(f, "unproven",
				 "node %s: S_iter x%.3f has %zu GPU(s) run above any clock their "
				 "runs showed; a GPU whose temperature holds its clock gains nothing "
				 "from watts, and a run at its cap cannot show that: the runs "
				 "promise x%.3f (S_iter_low, power x%.3f), the next run shows "
				 "which",
				 nodes[i].name, no[i].throughput, no[i].beyond, no[i].s_low, no[i].pr_low);
		if (res_caps_gaps(&no[i]))
			fmt_note(f, "gaps",
				 "node %s: in %.0f%% of the samples' span no GPU ran a traced kernel; "
				 "S_iter x%.3f counts that time as host time, which no clock "
				 "shortens; as work the trace left out (a trace without step "
				 "markers spans untraced iterations) the same caps give x%.3f; the "
				 "next run shows which",
				 nodes[i].name, 100 * no[i].gap_frac, no[i].throughput, no[i].s_work);
		print_runs(f, nodes[i].name, &no[i]);
		if (no[i].fitted && !isnan(no[i].alpha_lo)) {
			char e[96] = "their error unknown: some point rests on a single reading";

			if (!isnan(no[i].alpha_err))
				snprintf(e, sizeof(e),
					 "each within +-%.2f (99%%: gpu-red keeps its floor at the "
					 "slow end)",
					 no[i].alpha_err);
			fmt_note(f, "calibration",
				 "node %s: power-to-clock curves of %zu of %zu GPUs fitted to the "
				 "runs' operating points (ingest --run), %zu took their median; "
				 "exponents %.2f to %.2f, %s",
				 nodes[i].name, no[i].fitted, no[i].G, no[i].pooled, no[i].alpha_lo,
				 no[i].alpha_hi, e);
		}
		else if (no[i].fitted)
			fmt_note(f, "calibration",
				 "node %s: power-to-clock curves of %zu of %zu GPUs fitted to the "
				 "runs' operating points (ingest --run), %zu took their median",
				 nodes[i].name, no[i].fitted, no[i].G, no[i].pooled);
		else if (!no[i].replay)
			fmt_note(f, "calibration",
				 "node %s: no run showed the power-to-clock curve: assumed the line "
				 "through idle; litsi caps --calibrate prints a short probe that "
				 "measures it",
				 nodes[i].name);
	}
}

/* One table per kind, rows of every node (JSON: one key per table). */
static void
print_nodes(struct fmt *f, const struct node_row *nodes, const struct res_caps *no, size_t nn,
	    const struct caps_params *p)
{
	size_t i, g;

	if (nn && no[0].replay)
		print_adjustments(f, nodes, no, nn);
	fmt_begin(f, "caps", cap_cols, ARRAY_SIZE(cap_cols));
	for (i = 0; i < nn; i++)
		for (g = 0; g < no[i].G; g++) {
			fmt_str(f, nodes[i].name);
			fmt_int(f, no[i].device[g]);
			fmt_int(f, no[i].init[g]);
			fmt_int(f, no[i].caps[g]);
			fmt_dbl(f, no[i].clock[g]);
			fmt_dbl(f, no[i].power[g]);
			fmt_str(f, no[i].cmd[g]);
			fmt_end_row(f);
		}
	fmt_end(f);
	fmt_begin(f, "prediction", pred_cols, ARRAY_SIZE(pred_cols));
	for (i = 0; i < nn; i++) {
		fmt_str(f, nodes[i].name);
		fmt_str(f, caps_scenarios[p->scenario].name);
		fmt_str(f, no[i].replay ? "paper-literal replay" : "model prediction");
		fmt_int(f, no[i].P_n);
		fmt_int(f, no[i].sum_caps);
		fmt_int(f, (int64_t)no[i].nadj);
		fmt_str(f, no[i].converged);
		fmt_int(f, (int64_t)no[i].reported);
		fmt_int(f, no[i].straggler);
		fmt_dbl(f, no[i].throughput);
		fmt_dbl(f, no[i].pratio);
		fmt_dbl(f, no[i].last_s);
		fmt_dbl(f, no[i].p_idle);
		fmt_int(f, no[i].lim.tdp);
		fmt_int(f, no[i].lim.cap0);
		fmt_int(f, no[i].lim.min);
		fmt_dbl(f, no[i].s_low);
		fmt_dbl(f, no[i].pr_low);
		fmt_str(f, no[i].why);
		fmt_dbl(f, no[i].ceiling);
		fmt_dbl(f, no[i].s_work);
		fmt_dbl(f, no[i].replay ? NAN : 100 * no[i].gap_frac);
		fmt_end_row(f);
	}
	fmt_end(f);
	print_notes(f, nodes, no, nn);
}

/* What the traces, the curve and the initial caps come from, and what the ratios are against. */
static void
print_runs(struct fmt *f, const char *node, const struct res_caps *c)
{
	const struct part_limits *l = &c->lim;
	char base[256];

	if (c->base_run && c->base_cap && !strcmp(l->cap0_from, "telemetry"))
		snprintf(base, sizeof(base), "the cap in force in run '%s', %s (--baseline-run "
			 "chooses)", c->base_run, c->nruns == 1 ? "the only run" : "the first run");
	else
		snprintf(base, sizeof(base), "%s",
			 !strcmp(l->cap0_from, "option")      ? "--cap"
			 : !strcmp(l->cap0_from, "telemetry") ? "the cap in force the telemetry recorded"
			 : !strcmp(l->cap0_from, "table")     ? "the product table's usual cap"
							      : "the part's max limit: the GPUs drew "
								"more than the table's usual cap");
	if (c->run)
		fmt_note(f, "runs",
			 "node %s: traces of run '%s'%s; power-to-clock points from the telemetry "
			 "of %zu run%s",
			 node, c->run, c->run_latest ? " (the latest; --run chooses)" : "",
			 c->nruns, c->nruns == 1 ? "" : "s");
	fmt_note(f, "baseline",
		 "node %s: S_iter and power_ratio are against the initial caps, %zu x %d W "
		 "(%s); the budget P_n follows from them",
		 node, c->G, c->G ? c->init[0] : 0, base);
}

/* Load node @node and compute its caps into @c. */
static int
caps_node(struct litsi_ctx *ctx, const struct node_row *node, const struct caps_render *r,
	  struct res_caps *c)
{
	struct res_model n;
	int rc;

	rc = res_model_load(ctx->st, node, r->res, !r->replay, &n, &ctx->err);
	if (!rc)
		rc = res_caps_eval(&n, &r->p, r->res->agg, r->replay, r->emit, c, &ctx->err);
	res_model_release(&n);
	return rc;
}

int
caps_render_node(struct litsi_ctx *ctx, struct fmt *f, const struct caps_render *r,
		 const struct node_row *node)
{
	struct res_caps c = { 0 };
	int rc = caps_node(ctx, node, r, &c);

	if (!rc)
		print_nodes(f, node, &c, 1, &r->p);
	res_caps_release(&c);
	return rc;
}

/* --script FILE: the apply script of the one node's caps. */
static int
caps_script(struct litsi_ctx *ctx, const struct caps_opts *o, const struct node_row *nodes,
	    const struct res_caps *out, size_t nn)
{
	struct sbuf what = SBUF_INIT;
	int rc;

	if (nn != 1)
		return cmd_usage_error("caps", usage_str,
				       "--script writes the script of one node; the database holds "
				       "%zu: give --node", nn);
	sbuf_addf(&what, "%s caps, %s", caps_scenarios[o->p.scenario].name,
		  o->replay ? "paper-literal replay" : "model prediction");
	rc = cmd_caps_script(ctx, o->script, nodes[0].name, what.buf, &out[0]);
	sbuf_release(&what);
	if (!rc && ctx->verbose >= 0)
		out_printf(stderr, "litsi: wrote '%s' (run it as root; it records the caps in force "
				"in '%s.restore' first)\n", o->script, o->script);
	return rc;
}

static const struct fmt_col probe_cols[] = {
	{ "node", FT_STR, 0 },	    { "gpu", FT_INT, 0 },	 { "probe_w", FT_INT, 0 },
	{ "restore_w", FT_INT, 0 }, { "clock_mhz", FT_DBL, 0 }, { "command", FT_STR, 0 },
	{ "restore", FT_STR, 0 },
};
static const struct fmt_col cost_cols[] = {
	{ "node", FT_STR, 0 },	     { "run", FT_STR, 0 },	    { "S_iter", FT_DBL, 4 },
	{ "power_ratio", FT_DBL, 4 }, { "fitted_gpus", FT_INT, 0 }, { "gpus", FT_INT, 0 },
};

/* caps --calibrate: the probe of every node, its cost and how to record it. */
static int
calibrate(struct litsi_ctx *ctx, struct caps_opts *o, const struct node_row *nodes, size_t nn)
{
	struct res_probe *pr = xcalloc(nn + 1, sizeof(*pr));
	char **run = xcalloc(nn + 1, sizeof(*run));
	struct fmt *f;
	size_t i, g;
	int rc = 0;

	for (i = 0; i < nn && !rc; i++) {
		struct res_model n;

		rc = res_model_load(ctx->st, &nodes[i], &o->so.res, true, &n, &ctx->err);
		if (!rc)
			rc = res_probe_eval(&n, (enum res_emit)o->emit, &pr[i], &ctx->err);
		if (!rc && n.run)
			run[i] = xstrdup(n.run);
		res_model_release(&n);
	}
	if (rc == LITSI_EUSAGE) {
		rc = cmd_usage_error("caps", usage_str, "%s", ctx->err.msg);
		ctx->err.msg[0] = 0;
	}
	if (!rc) {
		f = fmt_new(ctx->out, o->so.kind);
		fmt_begin(f, "probe", probe_cols, ARRAY_SIZE(probe_cols));
		for (i = 0; i < nn; i++)
			for (g = 0; g < pr[i].G; g++) {
				fmt_str(f, nodes[i].name);
				fmt_int(f, pr[i].device[g]);
				fmt_int(f, pr[i].cap[g]);
				fmt_int(f, pr[i].restore[g]);
				fmt_dbl(f, pr[i].clock[g]);
				fmt_str(f, pr[i].cmd[g]);
				fmt_str(f, pr[i].restore_cmd[g]);
				fmt_end_row(f);
			}
		fmt_end(f);
		fmt_begin(f, "probe_cost", cost_cols, ARRAY_SIZE(cost_cols));
		for (i = 0; i < nn; i++) {
			fmt_str(f, nodes[i].name);
			fmt_str(f, run[i]);
			fmt_dbl(f, pr[i].s_iter);
			fmt_dbl(f, pr[i].pratio);
			fmt_int(f, (int64_t)pr[i].fitted);
			fmt_int(f, (int64_t)pr[i].G);
			fmt_end_row(f);
		}
		fmt_end(f);
		for (i = 0; i < nn; i++)
			fmt_note(f, "probe",
				 "node %s: S_iter and power_ratio are the probe's against the caps "
				 "the run ran under (restore_w), predicted on the line through "
				 "idle: its cost is at most about that",
				 nodes[i].name);
		fmt_note(f, "record",
			 "apply the probe caps (command), run the job for a few minutes with the "
			 "telemetry log running, restore the caps (restore); then `litsi ingest "
			 "--run NAME --role calibration` the probe's telemetry files only: its "
			 "readings give each GPU a second point of its power-to-clock curve, and "
			 "the next `litsi caps` fits the curve to them");
		fmt_free(f);
	}
	for (i = 0; i < nn; i++) {
		res_probe_release(&pr[i]);
		free(run[i]);
	}
	free(pr);
	free(run);
	return rc;
}

int
cmd_caps(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct caps_opts o = { .emit = RES_EMIT_VENDOR };
	struct node_row *nodes = NULL;
	struct res_caps *out;
	struct caps_render r;
	struct fmt *f;
	size_t nn = 0, i;
	int rc;

	shared_opts_init(&o.so, ctx);
	caps_params_default(&o.p);
	rc = parse_args(argc, argv, ctx, &o);
	if (rc)
		return rc < 0 ? rc + CMD_ANSWERED : rc;
	/* the traces of one run: --run, else each node's latest */
	o.so.res.latest = true;
	if ((rc = cmd_nodes_run(ctx, o.so.node, o.so.res.run, &nodes, &nn)))
		return rc;
	if (o.calibrate) {
		rc = calibrate(ctx, &o, nodes, nn);
		store_free_nodes(nodes, nn);
		return rc;
	}
	r = (struct caps_render){ .res = &o.so.res, .p = o.p, .replay = o.replay,
				  .emit = (enum res_emit)o.emit };
	out = xcalloc(nn + 1, sizeof(*out));
	for (i = 0; i < nn && !rc; i++)
		rc = caps_node(ctx, &nodes[i], &r, &out[i]);
	if (rc == LITSI_EUSAGE) {
		/* the part cannot be placed: a usage error naming the options to give */
		rc = cmd_usage_error("caps", usage_str, "%s", ctx->err.msg);
		ctx->err.msg[0] = 0;
	}
	if (!rc) {
		f = fmt_new(ctx->out, o.so.kind);
		print_nodes(f, nodes, out, nn, &o.p);
		fmt_free(f);
	}
	if (!rc && o.script)
		rc = caps_script(ctx, &o, nodes, out, nn);
	for (i = 0; i < nn; i++)
		res_caps_release(&out[i]);
	free(out);
	store_free_nodes(nodes, nn);
	return rc;
}
