/* SPDX-License-Identifier: MIT */
/*
 * caps.c: litsi caps: power caps per GPU from lead values (METHOD.md §7):
 * the model-based closed loop (default) or the offline replay of Algorithms
 * 2-3 over the recorded samples; prints, never runs, the commands that apply
 * them.
 */
#include "nodemodel.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage_str[] =
	"usage: litsi caps --scenario gpu-red|gpu-realloc|cpu-slosh [--node name] [--tdp W]\n"
	"                  [--cap W] [--budget W] [--max-adj W] [--window n]\n"
	"                  [--window-agg median|mean] [--warmup n] [--agg sum|max|last]\n"
	"                  [--scale global|local] [--replay] [--idle-power W]\n"
	"                  [--emit amd-smi|rocm-smi|nvidia-smi|none] [--comm-pattern regex]\n"
	"                  [--format fmt]\n";

static const struct option longopts[] = {
	{ "agg", required_argument, NULL, 'a' },
	{ "budget", required_argument, NULL, 'B' },
	{ "cap", required_argument, NULL, 'c' },
	{ "comm-pattern", required_argument, NULL, 'C' },
	{ "emit", required_argument, NULL, 'E' },
	{ "format", required_argument, NULL, 'F' },
	{ "help", no_argument, NULL, 'h' },
	{ "idle-power", required_argument, NULL, 'i' },
	{ "list-opts", no_argument, NULL, 'L' },
	{ "max-adj", required_argument, NULL, 'm' },
	{ "node", required_argument, NULL, 'n' },
	{ "replay", no_argument, NULL, 'r' },
	{ "scale", required_argument, NULL, 'S' },
	{ "scenario", required_argument, NULL, 's' },
	{ "tdp", required_argument, NULL, 't' },
	{ "warmup", required_argument, NULL, 'u' },
	{ "window", required_argument, NULL, 'w' },
	{ "window-agg", required_argument, NULL, 'W' },
	{ NULL, 0, NULL, 0 },
};

enum emit { EMIT_VENDOR = -1, EMIT_NONE, EMIT_AMDSMI, EMIT_ROCMSMI, EMIT_NVSMI };

struct kv {
	const char *name;
	int value;
};

static const struct kv scenarios[] = { { "gpu-red", CAPS_GPU_RED },
				       { "gpu-realloc", CAPS_GPU_REALLOC },
				       { "cpu-slosh", CAPS_CPU_SLOSH },
				       { NULL, 0 } };
static const struct kv emits[] = { { "none", EMIT_NONE },
				   { "amd-smi", EMIT_AMDSMI },
				   { "rocm-smi", EMIT_ROCMSMI },
				   { "nvidia-smi", EMIT_NVSMI },
				   { NULL, 0 } };
static const struct kv aggs[] = { { "sum", LEAD_SUM }, { "max", LEAD_MAX }, { "last", LEAD_LAST },
				  { NULL, 0 } };
static const struct kv wins[] = { { "median", CAPS_WIN_MEDIAN }, { "mean", CAPS_WIN_MEAN },
				  { NULL, 0 } };
static const struct kv scales[] = { { "global", CAPS_SCALE_GLOBAL },
				    { "local", CAPS_SCALE_LOCAL },
				    { NULL, 0 } };

struct caps_opts {
	const char *node;
	struct caps_params p;
	bool has_scenario, replay;
	int tdp_opt, cap_opt;		/* --tdp, --cap; 0 when not given */
	int emit;
	struct nm_opts nm;
	enum fmt_kind kind;
};

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
	{ "P_idle_w", FT_DBL, 1 },    { "why", FT_STR, 0 },
};

/* One replay adjustment of one GPU. */
struct adj_row {
	size_t adj, sample;
	int device, d, cap;
	double lead;
};

/* What one node contributes to each table, kept until every node is done. */
struct node_out {
	const char *name;
	size_t G;
	int *device;			/* [G] */
	char **cmd;			/* [G] emitted commands, NULL for none */
	int *init, *caps;		/* [G] */
	double *clock, *power;		/* [G], NaN in replay */
	struct adj_row *adj;		/* replay rows */
	size_t nadj_rows;
	int64_t P_n;
	size_t nadj, reported;
	const char *converged, *why;
	long straggler;			/* device, -1 for none */
	double s_iter, pratio, last_s, p_idle;
	struct part_limits lim;		/* the limits used and where they came from */
	int fitted;			/* GPUs whose slope was fitted from runs */
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
	int opt, v;

	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'a':
			if (lookup(aggs, "--agg", optarg, &v))
				return EXIT_USAGE;
			o->nm.agg = (enum lead_agg)v;
			break;
		case 'B':
			if (int_opt("--budget", optarg, 0, 100000, &o->p.budget))
				return EXIT_USAGE;
			break;
		case 'c':
			if (int_opt("--cap", optarg, 1, 100000, &o->cap_opt))
				return EXIT_USAGE;
			break;
		case 'C':
			o->nm.comm_re = optarg;
			break;
		case 'E':
			if (lookup(emits, "--emit", optarg, &o->emit))
				return EXIT_USAGE;
			break;
		case 'F':
			if (cmd_format("caps", usage_str, optarg, &o->kind))
				return EXIT_USAGE;
			break;
		case 'h':
			return cmd_help(ctx, usage_str) - 100;
		case 'i':
			if (parse_double(optarg, &o->nm.idle_opt) || !(o->nm.idle_opt >= 0) ||
			    !isfinite(o->nm.idle_opt))
				return cmd_usage_error("caps", usage_str,
						       "invalid --idle-power '%s' (watts, >= 0)",
						       optarg);
			break;
		case 'L':
			return cmd_list_opts(ctx, longopts) - 100;
		case 'm':
			if (int_opt("--max-adj", optarg, 0, 100000, &v))
				return EXIT_USAGE;
			o->p.max_inc = v;
			break;
		case 'n':
			o->node = optarg;
			break;
		case 'r':
			o->replay = true;
			break;
		case 's':
			if (lookup(scenarios, "--scenario", optarg, &v))
				return EXIT_USAGE;
			o->p.scenario = (enum caps_scenario)v;
			o->has_scenario = true;
			break;
		case 'S':
			if (lookup(scales, "--scale", optarg, &v))
				return EXIT_USAGE;
			o->p.scale = (enum caps_scale)v;
			break;
		case 't':
			if (int_opt("--tdp", optarg, 1, 100000, &o->tdp_opt))
				return EXIT_USAGE;
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
		case 'W':
			if (lookup(wins, "--window-agg", optarg, &v))
				return EXIT_USAGE;
			o->p.window_agg = (enum caps_window_agg)v;
			break;
		default:
			return cmd_getopt_error("caps", usage_str, argv);
		}
	}
	if (optind < argc)
		return cmd_usage_error("caps", usage_str, "unexpected argument '%s'", argv[optind]);
	if (!o->has_scenario)
		return cmd_usage_error("caps", usage_str,
				       "--scenario is required (gpu-red, gpu-realloc or cpu-slosh)");
	if (o->p.scenario != CAPS_GPU_RED && o->tdp_opt && o->cap_opt > o->tdp_opt)
		return cmd_usage_error("caps", usage_str, "--cap %d is above --tdp %d", o->cap_opt,
				       o->tdp_opt);
	return 0;
}

/* The command that applies @cap to @dev, arguments single-quoted; NULL for none. */
static char *
emit_command(int emit, const struct gpu_row *g, int cap)
{
	struct sbuf sb = SBUF_INIT;
	char dev[32], w[32], *qd, *qw;

	if (emit == EMIT_VENDOR)
		emit = g->vendor && !strcmp(g->vendor, "NVIDIA") ? EMIT_NVSMI : EMIT_AMDSMI;
	if (emit == EMIT_NONE)
		return NULL;
	snprintf(dev, sizeof(dev), "%d", g->device);
	snprintf(w, sizeof(w), "%d", cap);
	qd = caps_shell_quote(dev);
	qw = caps_shell_quote(w);
	if (emit == EMIT_AMDSMI)
		sbuf_addf(&sb, "amd-smi set -g %s -o %s", qd, qw);
	else if (emit == EMIT_ROCMSMI)
		sbuf_addf(&sb, "rocm-smi -d %s --setpoweroverdrive %s", qd, qw);
	else
		sbuf_addf(&sb, "nvidia-smi -i %s -pl %s", qd, qw);
	free(qd);
	free(qw);
	return sbuf_detach(&sb);
}

static void
node_out_release(struct node_out *no)
{
	size_t g;

	for (g = 0; no->cmd && g < no->G; g++)
		free(no->cmd[g]);
	free(no->cmd);
	free(no->device);
	free(no->init);
	free(no->caps);
	free(no->clock);
	free(no->power);
	free(no->adj);
	memset(no, 0, sizeof(*no));
}

/* The per-GPU part of @no: devices, commands and caps; clocks NaN. */
static void
node_out_caps(struct node_out *no, const struct nm_node *n, const struct caps_opts *o,
	      const int *init, const int *caps)
{
	size_t g;

	no->G = n->G;
	no->device = xmalloc(n->G * sizeof(*no->device));
	no->cmd = xcalloc(n->G, sizeof(*no->cmd));
	no->init = xmalloc(n->G * sizeof(*no->init));
	no->caps = xmalloc(n->G * sizeof(*no->caps));
	no->clock = xmalloc(n->G * sizeof(*no->clock));
	no->power = xmalloc(n->G * sizeof(*no->power));
	for (g = 0; g < n->G; g++) {
		no->device[g] = n->an.gpus[g].device;
		no->cmd[g] = emit_command(o->emit, &n->an.gpus[g], caps[g]);
		no->init[g] = init[g];
		no->caps[g] = caps[g];
		no->clock[g] = no->power[g] = NAN;
	}
	no->P_n = caps_node_budget(&o->p, n->G);
	no->p_idle = n->p_idle;
}

/* Offline replay over the recorded samples; the final caps in @c. */
static void
replay(struct node_out *no, const struct nm_node *n, const struct caps_opts *o, struct caps_ctl *c)
{
	size_t s, g, alloc = 0;

	caps_ctl_init(c, &o->p, n->G);
	for (s = 0; s < n->nsamples; s++) {
		const double *L = n->L + s * n->G;

		if (!caps_ctl_feed(c, L))
			continue;
		VEC_GROW(no->adj, no->nadj_rows + n->G, alloc);
		for (g = 0; g < n->G; g++)
			no->adj[no->nadj_rows++] = (struct adj_row){
				.adj = c->nadj, .sample = s, .device = n->an.gpus[g].device,
				.d = c->last_d[g], .cap = c->caps[g], .lead = L[g] };
	}
}

/* The node's TDP, cap0 and min limit into @p; a usage error when not placed. */
static int
node_limits(struct litsi_ctx *ctx, const struct node_row *node, const struct nm_node *n,
	    const struct caps_opts *o, struct caps_params *p, struct part_limits *lim)
{
	const char *product = n->G ? n->an.gpus[0].product : NULL;
	int rc = nm_limits(ctx, n, o->tdp_opt, o->cap_opt, p, lim);

	if (rc > 0)
		return cmd_usage_error("caps", usage_str,
				       "node '%s': no power limits in its telemetry and its part "
				       "('%s') is not in the product table: give --tdp W and --cap W",
				       node->name, product ? product : "unknown");
	if (rc)
		return rc;
	if (p->scenario != CAPS_GPU_RED && p->cap0 > p->tdp)
		return cmd_usage_error("caps", usage_str,
				       "node '%s': cap %d W (%s) is above the TDP %d W (%s)",
				       node->name, p->cap0, lim->cap0_from, p->tdp, lim->tdp_from);
	return 0;
}

/*
 * With two or more runs (ingest --run): each GPU's operating point is the
 * latest run's and its power-to-clock slope is fitted to one point per run.
 * Return: the number of GPUs fitted, or <0 on error.
 */
static int
fit_runs(struct litsi_ctx *ctx, const struct node_row *node, const struct nm_node *n,
	 struct caps_gpu_model *gm)
{
	char **runs = NULL;
	size_t nr = 0, g, r;
	double *p, *f;
	int fitted = 0;

	if (store_runs(ctx->st, node->id, &runs, &nr, &ctx->err))
		return -1;
	p = xcalloc(nr + 1, sizeof(*p));
	f = xcalloc(nr + 1, sizeof(*f));
	for (g = 0; nr >= 2 && g < n->G && fitted >= 0; g++) {
		struct gpu_limits gl;
		size_t k = 0;

		for (r = 0; r < nr && fitted >= 0; r++) {
			if (store_run_metric(ctx->st, n->an.gpus[g].id, runs[r], METRIC_POWER,
					     &p[k], &ctx->err) ||
			    store_run_metric(ctx->st, n->an.gpus[g].id, runs[r], METRIC_GFX_CLK,
					     &f[k], &ctx->err))
				fitted = -1;
			else if (!isnan(p[k]) && !isnan(f[k]))
				k++;
		}
		if (fitted < 0 || !k || caps_fit_slope(p, f, k, &gm[g].slope))
			continue;
		gm[g].p = p[k - 1];
		gm[g].f = f[k - 1];
		if (store_gpu_limits(ctx->st, n->an.gpus[g].id, runs[nr - 1], &gl, &ctx->err)) {
			fitted = -1;
		} else {
			gm[g].cap = gl.cap;
			fitted++;
		}
	}
	for (r = 0; r < nr; r++)
		free(runs[r]);
	free(runs);
	free(p);
	free(f);
	return fitted;
}

static int
caps_node(struct litsi_ctx *ctx, const struct node_row *node, const struct caps_opts *opts,
	  struct node_out *no)
{
	struct nm_node n;
	struct caps_gpu_model *gm = NULL;
	struct caps_opts oo = *opts, *o = &oo;
	int *init = NULL;
	size_t g;
	int rc;

	no->name = node->name;
	if ((rc = nm_load(ctx, node->id, &o->nm, &n)))
		goto out;
	if ((rc = node_limits(ctx, node, &n, opts, &oo.p, &no->lim)))
		goto out;
	if (!n.nsamples) {
		rc = err_set(&ctx->err, LITSI_EDATA,
			     "node '%s': no sample has kernels matched across its %zu GPUs",
			     node->name, n.G);
		goto out;
	}
	init = xmalloc(n.G * sizeof(*init));
	for (g = 0; g < n.G; g++)
		init[g] = caps_initial(&o->p);
	if (o->replay) {
		struct caps_ctl c;

		replay(no, &n, o, &c);
		node_out_caps(no, &n, o, init, c.caps);
		no->nadj = no->reported = c.nadj;
		no->converged = "-";
		no->why = "replay: the caps after the last adjustment";
		no->straggler = -1;
		no->s_iter = no->pratio = no->last_s = NAN;
		caps_ctl_release(&c);
	} else {
		struct caps_loop_result r;

		gm = xcalloc(n.G, sizeof(*gm));
		if (!nm_gpu_models(&n, gm) || isnan(n.p_idle)) {
			rc = err_set(&ctx->err, LITSI_EDATA,
				     "node '%s': the closed loop needs each GPU's power and gfx "
				     "clock telemetry and the idle power (--idle-power W); use "
				     "--replay to run the algorithms on the recorded leads",
				     node->name);
			goto out;
		}
		for (g = 0; g < n.G; g++) {
			struct gpu_limits gl;

			if ((rc = store_gpu_limits(ctx->st, n.an.gpus[g].id, NULL, &gl, &ctx->err)))
				goto out;
			gm[g].cap = gl.cap;
		}
		if ((no->fitted = fit_runs(ctx, node, &n, gm)) < 0) {
			rc = ctx->err.status;
			goto out;
		}
		o->p.s_bound = n.perf.S_C[o->p.scenario == CAPS_GPU_RED	    ? MODEL_MAX
					  : o->p.scenario == CAPS_GPU_REALLOC ? MODEL_MED
									      : MODEL_MIN];
		caps_loop(n.cs, n.nsamples, gm, n.p_idle, &o->p, o->nm.agg, &r);
		node_out_caps(no, &n, o, r.init, r.caps);
		for (g = 0; g < n.G; g++) {
			no->clock[g] = r.f[g];
			no->power[g] = r.power[g];
		}
		no->nadj = r.nadj;
		no->reported = r.reported;
		no->converged = r.converged ? "yes" : "no";
		no->why = r.reason;
		no->straggler = n.an.gpus[r.straggler].device;
		no->s_iter = r.s_iter;
		no->pratio = r.power_ratio;
		no->last_s = r.last_s_iter;
		caps_loop_release(&r);
	}
out:
	free(gm);
	free(init);
	nm_release(&n);
	return rc;
}

/* One table per kind, rows of every node (JSON: one key per table). */
static void
print_nodes(struct fmt *f, const struct node_out *no, size_t nn, const struct caps_opts *o)
{
	size_t i, g, r;

	if (o->replay) {
		fmt_begin(f, "adjustments", adj_cols, ARRAY_SIZE(adj_cols));
		for (i = 0; i < nn; i++)
			for (r = 0; r < no[i].nadj_rows; r++) {
				const struct adj_row *a = &no[i].adj[r];

				fmt_str(f, no[i].name);
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
	fmt_begin(f, "caps", cap_cols, ARRAY_SIZE(cap_cols));
	for (i = 0; i < nn; i++)
		for (g = 0; g < no[i].G; g++) {
			fmt_str(f, no[i].name);
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
		int64_t sum = 0;

		for (g = 0; g < no[i].G; g++)
			sum += no[i].caps[g];
		fmt_str(f, no[i].name);
		fmt_str(f, scenarios[o->p.scenario].name);
		fmt_str(f, o->replay ? "paper-literal replay" : "model prediction");
		fmt_int(f, no[i].P_n);
		fmt_int(f, sum);
		fmt_int(f, (int64_t)no[i].nadj);
		fmt_str(f, no[i].converged);
		fmt_int(f, (int64_t)no[i].reported);
		fmt_int(f, no[i].straggler);
		fmt_dbl(f, no[i].s_iter);
		fmt_dbl(f, no[i].pratio);
		fmt_dbl(f, no[i].last_s);
		fmt_dbl(f, no[i].p_idle);
		fmt_str(f, no[i].why);
		fmt_end_row(f);
	}
	fmt_end(f);
	for (i = 0; i < nn; i++) {
		const struct part_limits *l = &no[i].lim;

		char min[64] = "none";

		if (l->min)
			snprintf(min, sizeof(min), "%d W (%s)", l->min, l->min_from);
		fmt_note(f, "limits", "node %s: TDP %d W (%s), cap %d W (%s), min limit %s",
			 no[i].name, l->tdp, l->tdp_from, l->cap0, l->cap0_from, min);
		if (no[i].fitted > 0)
			fmt_note(f, "calibration",
				 "node %s: power-to-clock slopes of %d of %zu GPUs fitted to the "
				 "runs' operating points (ingest --run)", no[i].name, no[i].fitted,
				 no[i].G);
	}
}

int
cmd_caps(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct caps_opts o = { .emit = EMIT_VENDOR, .nm = { .eps = 1, .agg = LEAD_SUM } };
	struct node_row *nodes = NULL;
	struct node_out *out;
	struct fmt *f;
	size_t nn = 0, i;
	int rc;

	caps_params_default(&o.p);
	o.nm.base_opt = o.nm.idle_opt = NAN;
	o.nm.want_sync = true;
	o.kind = fmt_default_kind(ctx->out);
	rc = parse_args(argc, argv, ctx, &o);
	if (rc)
		return rc < 0 ? rc + 100 : rc;
	o.nm.want_sync = !o.replay;
	if ((rc = cmd_nodes(ctx, o.node, &nodes, &nn)))
		return rc;
	if (!nn) {
		store_free_nodes(nodes, nn);
		return err_set(&ctx->err, LITSI_EDATA, "no GPUs in the database; run litsi ingest");
	}
	out = xcalloc(nn, sizeof(*out));
	for (i = 0; i < nn && !rc; i++)
		rc = caps_node(ctx, &nodes[i], &o, &out[i]);
	if (!rc) {
		f = fmt_new(ctx->out, o.kind);
		print_nodes(f, out, nn, &o);
		fmt_free(f);
	}
	for (i = 0; i < nn; i++)
		node_out_release(&out[i]);
	free(out);
	store_free_nodes(nodes, nn);
	return rc;
}
