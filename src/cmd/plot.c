/* SPDX-License-Identifier: MIT */
/*
 * plot.c: litsi plot: the paper's figures. Each figure renders the results
 * library's tables (the renderers the analysis commands use) as TSV into a
 * pipe to gnuplot, which runs the built-in script (scripts/FIGURE.gp) and
 * writes the file; the straggler drawn in vermillion is the persistent
 * straggler of the lead table.
 */
#include "cmd.h"
#include "litsi/fleet.h"
#include "litsi/plot.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char usage_str[] =
	"usage: litsi plot [-o file] [--node name] [--sample n] [--kernel name]\n"
	"                  [--scenario name] [--tdp W] [--cap W] [--idle-power W] [--replay]\n"
	"                  figure\n"
	"       litsi plot --script figure\n";

static const struct option longopts[] = {
	SHARED_OPT("cap", SO_CAP),
	{ "help", no_argument, NULL, 'h' },
	{ "idle-power", required_argument, NULL, 'I' },
	{ "kernel", required_argument, NULL, 'k' },
	{ "list-opts", no_argument, NULL, 'L' },
	{ "node", required_argument, NULL, 'n' },
	{ "output", required_argument, NULL, 'o' },
	{ "replay", no_argument, NULL, 'r' },
	{ "sample", required_argument, NULL, 's' },
	{ "scenario", required_argument, NULL, 'S' },
	{ "script", no_argument, NULL, 'P' },
	SHARED_OPT("tdp", SO_TDP),
	{ NULL, 0, NULL, 0 },
};

static const char figure_list[] = "caps, corr, heatmap, leads, overlap, slots or thermal";

struct plot_opts {
	const char *node;	/* --node; NULL: the only node */
	const char *sample;	/* --sample (overlap); NULL: the first sample */
	const char *kernel;	/* --kernel (corr) */
	const char *scenario;	/* --scenario (caps) */
	struct shared_opts so;	/* --tdp, --cap (caps): so.res.tdp, so.res.cap0; 0: none */
	int idle_power;		/* --idle-power W (caps), as litsi caps takes it; 0: telemetry */
	bool replay;		/* --replay (caps) */
};

/*
 * The kernel of --kernel as the corr figure's data names it (plot_label()):
 * @want is a full name, a label or "#ID"; @label receives the label.
 */
static int
find_kernel(struct litsi_ctx *ctx, struct res_node *nd, const char *want, char *label,
	    size_t n)
{
	struct res_corr a;
	size_t i, g;
	int rc;

	memset(&a, 0, sizeof(a));
	if ((rc = res_corr_eval(nd, RES_BY_KERNEL, &a, &ctx->err)))
		goto out;
	rc = err_set(&ctx->err, LITSI_EUSAGE,
		     "node '%s' has no compute kernel '%s' matched on its GPUs; 'litsi corr --node "
		     "%s' lists the kernels (a full name, or the figure's label or #ID)",
		     nd->name, want, nd->name);
	for (i = 0; i < a.nr_names; i++) {
		const char *name = store_name(nd->st, (uint32_t)i);
		char id[32];
		bool has = false;

		for (g = 0; g < a.G; g++)
			has = has || a.per[i * a.G + g].n;
		if (!has || !name)
			continue;
		plot_label(name, i, label, n);
		snprintf(id, sizeof(id), "#%zu", i);
		if (!strcmp(want, name) || !strcmp(want, label) || !strcmp(want, id)) {
			err_clear(&ctx->err);
			rc = 0;
			break;
		}
	}
out:
	res_corr_release(&a);
	return rc;
}

/*
 * Before gnuplot starts: the node has the figure's data and --sample /
 * --kernel name what it has (no empty or misleading file, no gnuplot error
 * for a user's mistake). *straggler: the persistent straggler the lead table
 * names (default options), or -1; @kernel: the label of --kernel.
 */
static int
precheck(struct litsi_ctx *ctx, const char *fig, const struct node_row *node,
	 const struct plot_opts *o, int *straggler, char *kernel, size_t kn)
{
	struct res_opts ro;
	struct res_model n;
	struct err e = { 0 };
	bool traces = strcmp(fig, "thermal") && strcmp(fig, "heatmap"), temp_or_clock = false;
	size_t g;
	int rc = 0;

	res_opts_default(&ro);
	*straggler = -1;
	if (res_model_load(ctx->st, node, &ro, false, &n, &e)) {
		res_model_release(&n);
		return 0;	/* the renderer reports what is wrong with the node */
	}
	*straggler = n.straggler.device;
	for (g = 0; g < n.nd.G; g++)
		temp_or_clock = temp_or_clock || n.tel.n[RES_HOT][g] || n.tel.n[RES_CLK][g];
	if (!strcmp(fig, "thermal") && n.tel.any && !temp_or_clock)
		rc = err_set(&ctx->err, LITSI_EDATA,
			     "node '%s' has no temperature or gfx clock readings; the thermal figure "
			     "draws those (plot heatmap shows the power)", node->name);
	else if (!traces && !n.tel.any)
		rc = err_set(&ctx->err, LITSI_EDATA,
			     "node '%s' has no telemetry; the %s figure needs an amd-smi, rocm-smi "
			     "or nvidia-smi log ingested into the node", node->name, fig);
	else if (traces && strcmp(fig, "caps") && !n.nd.nsteps)
		rc = err_set(&ctx->err, LITSI_EDATA,
			     "node '%s' has no traced sample; the %s figure needs kernel traces",
			     node->name, fig);
	if (!rc && !strcmp(fig, "overlap") && o->sample) {
		int64_t want;
		size_t i;

		if (parse_i64(o->sample, INT64_MIN, INT64_MAX, &want))
			want = INT64_MIN;
		for (i = 0; i < n.nd.nsteps && n.nd.steps[i] != want; i++)
			;
		if (i == n.nd.nsteps)
			rc = err_set(&ctx->err, LITSI_EUSAGE,
				     "node '%s' has no sample '%s': its %zu sample%s run%s from %lld "
				     "to %lld ('litsi info' lists them)", node->name, o->sample,
				     n.nd.nsteps, n.nd.nsteps == 1 ? "" : "s",
				     n.nd.nsteps == 1 ? "s" : "", (long long)n.nd.steps[0],
				     (long long)n.nd.steps[n.nd.nsteps - 1]);
	}
	if (!rc && !strcmp(fig, "corr") && o->kernel)
		rc = find_kernel(ctx, &n.nd, o->kernel, kernel, kn);
	res_model_release(&n);
	return rc;
}

/* The node to plot: --node, or the only node of the database; *node malloc'd. */
static int
pick_node(struct litsi_ctx *ctx, const char *want, struct node_row **node, size_t *n)
{
	int rc = cmd_nodes(ctx, want, node, n);

	if (!rc && *n > 1) {
		size_t nn;
		char *names = cmd_node_names(ctx, &nn);

		/* A figure is one node's: draw each with its own --node. */
		rc = err_set(&ctx->err, LITSI_EUSAGE,
			     "the database holds %zu nodes (%s); a figure shows one: choose it "
			     "with --node", *n, names);
		free(names);
		store_free_nodes(*node, *n);
		*node = NULL;
		*n = 0;
	}
	return rc;
}

/* Write the TSV figure @fig reads for @node into @f. */
static int
produce(struct litsi_ctx *ctx, const char *fig, const struct node_row *node,
	const struct plot_opts *o, struct fmt *f)
{
	struct res_opts ro;

	res_opts_default(&ro);
	if (!strcmp(fig, "overlap")) {
		/* Overlap per GPU (overlap's default): their spread, each sample's. */
		struct overlap_render r = { .gpu = -1, .summary = true, .per_gpu = true,
					    .has_sample = o->sample != NULL };

		if (o->sample && parse_i64(o->sample, -1, INT64_MAX, &r.sample))
			return err_set(&ctx->err, LITSI_EUSAGE, "invalid --sample '%s'", o->sample);
		return overlap_render_node(ctx, f, &r, node);
	}
	if (!strcmp(fig, "corr")) {
		struct overlap_render ov = { .gpu = -1, .labels = true };
		struct corr_render cr = { .gpu = -1, .labels = true };
		int rc = overlap_render_node(ctx, f, &ov, node);

		return rc ? rc : corr_render_node(ctx, f, &cr, node);
	}
	if (!strcmp(fig, "thermal")) {
		struct thermal_render r = { .series = true, .normalize = true };

		return thermal_render_node(ctx, f, &r, node);
	}
	if (!strcmp(fig, "heatmap")) {
		struct thermal_render r = { 0 };

		return thermal_render_node(ctx, f, &r, node);
	}
	if (!strcmp(fig, "leads")) {
		struct lead_render r = { .res = &ro, .series = true, .labels = true };

		return lead_render_node(ctx, f, &r, node);
	}
	if (!strcmp(fig, "caps")) {
		/* The caps litsi caps prints: the same options, the traces of the latest run. */
		struct caps_render r = { .res = &ro, .replay = o->replay, .emit = RES_EMIT_VENDOR };

		ro.latest = true;
		ro.tdp = o->so.res.tdp;
		ro.cap0 = o->so.res.cap0;
		if (o->idle_power)
			ro.idle_power = o->idle_power;
		caps_params_default(&r.p);
		r.p.scenario = CAPS_GPU_RED;
		if (o->scenario && caps_scenario_parse(o->scenario, &r.p.scenario))
			return err_set(&ctx->err, LITSI_EUSAGE,
				       "invalid --scenario '%s' (expected " CAPS_SCENARIO_LIST ")",
				       o->scenario);
		return caps_render_node(ctx, f, &r, node);
	}
	return err_set(&ctx->err, LITSI_EUSAGE, "unknown figure '%s'", fig);
}

/*
 * The figure's data, rendered beforehand, to gnuplot; freed. In pieces: a
 * stream gnuplot stopped reading (signal, error) ends the copy.
 */
static void
send_data(struct plot_run *r, char *data, size_t len)
{
	size_t off, n, w;

	for (off = 0; off < len; off += n) {
		n = len - off < 4096 ? len - off : 4096;
		w = fwrite(data + off, 1, n, r->data); /* lint-print: own text (TSV) */
		if (w != n || ferror(r->data))
			break;
	}
	free(data);
}

/* One figure of one node into @path. */
static int
plot_one(struct litsi_ctx *ctx, const char *fig, const struct node_row *node,
	 const struct plot_opts *o, const char *path)
{
	struct plot_run r;
	struct fmt *f;
	char kernel[PLOT_LABEL_MAX + 32], *data = NULL;
	size_t len = 0;
	FILE *mem;
	int straggler, rc;

	if (!plot_gnuplot_found())
		return err_set(&ctx->err, LITSI_EDB,
			       "gnuplot is not installed or not on PATH; install it (Debian "
			       "package 'gnuplot-nox')");
	if ((rc = precheck(ctx, fig, node, o, &straggler, kernel, sizeof(kernel))))
		return rc;
	/*
	 * The data first, then gnuplot: a node the command refuses (litsi caps
	 * without the part's limits) is refused with its message and no file.
	 */
	if (!(mem = open_memstream(&data, &len)))
		return err_set(&ctx->err, LITSI_EDB, "cannot buffer the figure's data: %s",
			       strerror(errno));
	f = fmt_new(mem, FMT_TSV);
	rc = produce(ctx, fig, node, o, f);
	fmt_free(f);
	fclose(mem);
	if (!rc)
		rc = plot_gnuplot_start(fig, path, straggler, o->kernel ? kernel : NULL, &r,
					&ctx->err);
	if (rc) {
		free(data);
		return rc;
	}
	send_data(&r, data, len);
	rc = plot_gnuplot_finish(&r, &ctx->err);
	if (rc) {
		/* gnuplot opened the file: leave no empty or partial figure behind. */
		remove(path);
		err_prefix(&ctx->err, "figure '%s' of node '%s'", fig, node->name);
	}
	return rc;
}

int
plot_all(struct litsi_ctx *ctx, const char *node, const char *dir, FILE *announce)
{
	struct plot_opts o = { 0 };
	struct sbuf path = SBUF_INIT;
	struct node_row *nodes = NULL;
	struct err first = { 0 };
	const char *fig, *c;
	size_t i, nn = 0;
	int rc;

	if ((rc = pick_node(ctx, node, &nodes, &nn)))
		return rc;
	for (i = 0; (fig = plot_figure_name(i)); i++) {
		if (!strcmp(fig, "slots"))
			continue;	/* a figure of the fleet, not of one node */
		sbuf_reset(&path);
		sbuf_addf(&path, "%s/", dir);
		for (c = nodes[0].name; *c; c++)
			sbuf_addch(&path, isalnum((unsigned char)*c) || strchr("._-", *c) ? *c : '_');
		sbuf_addf(&path, "-%s.png", fig);
		err_clear(&ctx->err);
		rc = plot_one(ctx, fig, &nodes[0], &o, path.buf);
		if (rc) {
			warn("figure '%s' of node '%s' not written: %s", fig, nodes[0].name,
			     ctx->err.msg);
			if (!first.status)
				first = ctx->err;
			continue;
		}
		/* The figure the report's text names: say which column it draws. */
		if (!strcmp(fig, "overlap"))
			out_printf(announce, "wrote %s (overlap per GPU: the bars are the "
				   "overlap_pct column of the report's GPU table)\n", path.buf);
		else
			out_printf(announce, "wrote %s\n", path.buf);
	}
	ctx->err = first;
	sbuf_release(&path);
	store_free_nodes(nodes, nn);
	return first.status;
}

int
plot_node_figure(struct litsi_ctx *ctx, const char *fig, const struct node_row *node,
		 const char *path)
{
	struct plot_opts o = { 0 };

	return plot_one(ctx, fig, node, &o, path);
}

/* The fleet's straggler slots (litsi fleet's "heat" table): every node, no --node. */
static int
plot_slots(struct litsi_ctx *ctx, const char *out)
{
	struct fleet_params p;
	struct plot_run r;
	struct fmt *f;
	char *data = NULL;
	size_t len = 0;
	bool any = false;
	FILE *mem;
	int rc;

	if (!plot_gnuplot_found())
		return err_set(&ctx->err, LITSI_EDB,
			       "gnuplot is not installed or not on PATH; install it (Debian "
			       "package 'gnuplot-nox')");
	fleet_params_default(&p);
	if (!(mem = open_memstream(&data, &len)))
		return err_set(&ctx->err, LITSI_EDB, "cannot buffer the figure's data: %s",
			       strerror(errno));
	f = fmt_new(mem, FMT_TSV);
	rc = fleet_render(ctx, f, &p, 0, &any);
	fmt_free(f);
	fclose(mem);
	if (!rc)
		rc = plot_gnuplot_start("slots", out, -1, NULL, &r, &ctx->err);
	if (rc) {
		free(data);
		return rc;
	}
	send_data(&r, data, len);
	rc = plot_gnuplot_finish(&r, &ctx->err);
	if (rc)
		remove(out);
	else if (!any)
		warn("no node of the database was imbalanced with a straggler: the figure shows "
		     "every GPU slot at 0");
	return rc;
}

static int
run_plot(struct litsi_ctx *ctx, const char *fig, const char *out, const struct plot_opts *o)
{
	struct node_row *nodes = NULL;
	size_t nn = 0;
	int rc;

	if ((rc = plot_output_ok(out, &ctx->err)))
		return rc;
	if (!strcmp(fig, "slots")) {
		rc = plot_slots(ctx, out);
		if (!rc)
			out_printf(ctx->out, "wrote %s\n", out);
		return rc;
	}
	if ((rc = pick_node(ctx, o->node, &nodes, &nn)))
		return rc;
	rc = plot_one(ctx, fig, &nodes[0], o, out);
	if (!rc)
		out_printf(ctx->out, "wrote %s\n", out);
	store_free_nodes(nodes, nn);
	return rc;
}

int
cmd_plot(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct plot_opts o = { 0 };
	const char *out = NULL, *fig;
	char defout[64];
	bool script = false;
	int opt;

	while ((opt = getopt_long(argc, argv, "ho:", longopts, NULL)) != -1) {
		switch (opt) {
		case 'h':
			return cmd_help(ctx, usage_str);
		case 'I':
			if (parse_int(optarg, 1, 100000, &o.idle_power))
				return cmd_usage_error("plot", usage_str, "invalid --idle-power '%s' "
						       "(watts, 1 to 100000)", optarg);
			break;
		case 'k':
			o.kernel = optarg;
			break;
		case 'L':
			return cmd_list_opts(ctx, longopts);
		case 'n':
			o.node = optarg;
			break;
		case 'o':
			out = optarg;
			break;
		case 'P':
			script = true;
			break;
		case 'r':
			o.replay = true;
			break;
		case 's':
			o.sample = optarg;
			break;
		case 'S':
			o.scenario = optarg;
			break;
		case SO_TDP:
		case SO_CAP:
			if (cmd_shared_opt("plot", usage_str, opt, optarg, &o.so))
				return EXIT_USAGE;
			break;
		default:
			return cmd_getopt_error("plot", usage_str, argv);
		}
	}
	if (optind >= argc)
		return cmd_usage_error("plot", usage_str, "a figure is needed (%s)", figure_list);
	if (optind + 1 < argc)
		return cmd_usage_error("plot", usage_str, "unexpected argument '%s'", argv[optind + 1]);
	fig = argv[optind];
	if (!plot_script(fig))
		return cmd_usage_error("plot", usage_str, "unknown figure '%s' (%s)", fig,
				       figure_list);
	if (script) {
		fputs(plot_script(fig), ctx->out); /* lint-print: own text */
		return EXIT_OK;
	}
	if (cmd_shared_check("plot", usage_str, &o.so))
		return EXIT_USAGE;
	if (!out) {
		snprintf(defout, sizeof(defout), "%s.png", fig);
		out = defout;
	}
	/* The command table says CMD_NO_DB so that --script needs no database. */
	if (store_open(ctx->db_path, STORE_RDONLY, &ctx->st, &ctx->err))
		return ctx->err.status;
	return run_plot(ctx, fig, out, &o);
}
