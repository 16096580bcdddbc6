/* SPDX-License-Identifier: MIT */
/*
 * plot.c: litsi plot: the paper's figures. Each figure runs the analysis
 * commands in-process with --format tsv into a pipe to gnuplot, which runs
 * the built-in script (scripts/FIGURE.gp) and writes the file; the straggler
 * drawn in vermillion is the persistent straggler litsi lead reports.
 */
#include "cmd.h"
#include "litsi/plot.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char usage_str[] =
	"usage: litsi plot [-o file] [--node name] [--sample n] [--kernel name]\n"
	"                  [--scenario name] figure\n"
	"       litsi plot --script figure\n";

static const struct option longopts[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "kernel", required_argument, NULL, 'k' },
	{ "list-opts", no_argument, NULL, 'L' },
	{ "node", required_argument, NULL, 'n' },
	{ "output", required_argument, NULL, 'o' },
	{ "sample", required_argument, NULL, 's' },
	{ "scenario", required_argument, NULL, 'S' },
	{ "script", no_argument, NULL, 'P' },
	{ NULL, 0, NULL, 0 },
};

static const char figure_list[] = "caps, corr, heatmap, leads, overlap or thermal";

struct plot_opts {
	const char *node;	/* --node; NULL: the only node */
	const char *sample;	/* --sample (overlap); NULL: the first sample */
	const char *kernel;	/* --kernel (corr) */
	const char *scenario;	/* --scenario (caps) */
};

/* Run a command's entry point with its output going to @out. */
static int
run_into(struct store *st, FILE *out, struct err *err, int (*fn)(int, char **, struct litsi_ctx *),
	 char **argv)
{
	struct litsi_ctx sub = { .st = st, .db_path = "", .out = out, .verbose = -1 };
	int argc = 0, rc;

	while (argv[argc])
		argc++;
	optind = 0;
	rc = fn(argc, argv, &sub);
	if (rc < 0) {
		*err = sub.err;
		return rc;
	}
	if (rc)
		return err_set(err, rc == EXIT_USAGE ? LITSI_EUSAGE : LITSI_EDATA,
			       "'litsi %s' failed (exit %d)", argv[0], rc);
	return 0;
}

/* The persistent straggler named by litsi lead's note, or -1. */
static int
find_straggler(struct store *st, const char *node, struct err *err)
{
	char *argv[] = { "lead", "--format", "tsv", "--node", (char *)node, NULL };
	static const char key[] = "# persistent_straggler: gpu ";
	char *buf = NULL, *p;
	size_t len = 0;
	int dev = -1;
	FILE *mem = open_memstream(&buf, &len);

	if (!mem)
		return -1;
	if (run_into(st, mem, err, cmd_lead, argv)) {
		fclose(mem);
		free(buf);
		err_set(err, LITSI_OK, "%s", "");
		return -1;
	}
	fclose(mem);
	p = buf ? strstr(buf, key) : NULL;
	if (p)
		dev = (int)strtol(p + sizeof(key) - 1, NULL, 10);
	free(buf);
	return dev;
}

/* The name of the node to plot: --node, or the only node of the database. */
static int
pick_node(struct store *st, const char *want, char **name, struct err *err)
{
	struct node_row *v = NULL;
	size_t n = 0;
	int64_t id;
	int rc;

	if (want) {
		if ((rc = store_find_node(st, want, &id, err)))
			return rc;
		*name = xstrdup(want);
		return 0;
	}
	if ((rc = store_list_nodes(st, &v, &n, err)))
		return rc;
	if (n == 1)
		*name = xstrdup(v[0].name);
	else if (n == 0)
		rc = err_set(err, LITSI_EDATA, "the database holds no node; run litsi ingest first");
	else
		rc = err_set(err, LITSI_EUSAGE, "the database holds %zu nodes; choose one with --node",
			     n);
	store_free_nodes(v, n);
	return rc;
}

/* The first sample of @node as text (the overlap figure shows one sample). */
static int
first_sample(struct store *st, const char *node, char *buf, size_t n, struct err *err)
{
	int64_t id, *steps = NULL;
	size_t ns = 0;
	int rc;

	if ((rc = store_find_node(st, node, &id, err)))
		return rc;
	if ((rc = store_list_steps(st, id, &steps, &ns, err)))
		return rc;
	if (!ns)
		rc = err_set(err, LITSI_EDATA, "node '%s' has no traced sample", node);
	else
		snprintf(buf, n, "%lld", (long long)steps[0]);
	free(steps);
	return rc;
}

/* Write the TSV figure @fig reads for @node into @out. */
static int
produce(struct store *st, const char *fig, const char *node, const struct plot_opts *o,
	FILE *out, struct err *err)
{
	char *n = (char *)node, sample[32];
	int rc;

	if (!strcmp(fig, "overlap")) {
		char *argv[] = { "overlap", "--format", "tsv", "--node", n, "--sample", sample, NULL };

		if (o->sample)
			snprintf(sample, sizeof(sample), "%s", o->sample);
		else if ((rc = first_sample(st, node, sample, sizeof(sample), err)))
			return rc;
		return run_into(st, out, err, cmd_overlap, argv);
	}
	if (!strcmp(fig, "corr")) {
		char *a1[] = { "overlap", "--format", "tsv", "--node", n, NULL };
		char *a2[] = { "corr", "--format", "tsv", "--node", n, NULL };

		rc = run_into(st, out, err, cmd_overlap, a1);
		return rc ? rc : run_into(st, out, err, cmd_corr, a2);
	}
	if (!strcmp(fig, "thermal")) {
		char *argv[] = { "thermal", "--series", "--normalize", "--format", "tsv",
				 "--node", n, NULL };

		return run_into(st, out, err, cmd_thermal, argv);
	}
	if (!strcmp(fig, "heatmap")) {
		char *argv[] = { "thermal", "--format", "tsv", "--node", n, NULL };

		return run_into(st, out, err, cmd_thermal, argv);
	}
	if (!strcmp(fig, "leads")) {
		char *argv[] = { "lead", "--series", "--format", "tsv", "--node", n, NULL };

		return run_into(st, out, err, cmd_lead, argv);
	}
	if (!strcmp(fig, "caps")) {
		char *argv[] = { "caps", "--scenario", (char *)(o->scenario ? o->scenario : "gpu-red"),
				 "--replay", "--format", "tsv", "--node", n, NULL };

		return run_into(st, out, err, cmd_caps, argv);
	}
	return err_set(err, LITSI_EUSAGE, "unknown figure '%s'", fig);
}

/* One figure of one node into @path. */
static int
plot_one(struct store *st, const char *fig, const char *node, const struct plot_opts *o,
	 const char *path, struct err *err)
{
	struct plot_run r;
	struct err e2 = { 0 };
	int straggler, rc;

	if (!plot_gnuplot_found())
		return err_set(err, LITSI_EDB,
			       "gnuplot is not installed or not on PATH; install it (Debian "
			       "package 'gnuplot-nox')");
	straggler = find_straggler(st, node, &e2);
	if ((rc = plot_gnuplot_start(fig, path, straggler, o->kernel, &r, err)))
		return rc;
	rc = produce(st, fig, node, o, r.data, err);
	if (rc) {
		plot_gnuplot_finish(&r, &e2);
		remove(path);
		return rc;
	}
	rc = plot_gnuplot_finish(&r, err);
	if (rc)
		err_prefix(err, "figure '%s' of node '%s'", fig, node);
	return rc;
}

int
plot_all(struct store *st, const char *node, const char *dir, struct err *err)
{
	struct plot_opts o = { 0 };
	struct sbuf path = SBUF_INIT;
	char *name = NULL;
	const char *fig, *c;
	int rc, first = 0;
	size_t i;

	if ((rc = pick_node(st, node, &name, err)))
		return rc;
	for (i = 0; (fig = plot_figure_name(i)); i++) {
		struct err e = { 0 };

		sbuf_reset(&path);
		sbuf_addf(&path, "%s/", dir);
		for (c = name; *c; c++)
			sbuf_addch(&path, isalnum((unsigned char)*c) || strchr("._-", *c) ? *c : '_');
		sbuf_addf(&path, "-%s.png", fig);
		rc = plot_one(st, fig, name, &o, path.buf, &e);
		if (rc) {
			warn("figure '%s' of node '%s' not written: %s", fig, name, e.msg);
			if (!first) {
				first = rc;
				*err = e;
			}
			continue;
		}
		printf("wrote %s\n", path.buf);
	}
	sbuf_release(&path);
	free(name);
	return first;
}

static int
run_plot(struct litsi_ctx *ctx, const char *fig, const char *out, const struct plot_opts *o)
{
	char *name = NULL;
	int rc;

	if ((rc = plot_output_ok(out, &ctx->err)))
		return rc;
	if ((rc = pick_node(ctx->st, o->node, &name, &ctx->err)))
		return rc;
	rc = plot_one(ctx->st, fig, name, o, out, &ctx->err);
	if (!rc)
		fprintf(ctx->out, "wrote %s\n", out);
	free(name);
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
		case 's':
			o.sample = optarg;
			break;
		case 'S':
			o.scenario = optarg;
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
		fputs(plot_script(fig), ctx->out);
		return EXIT_OK;
	}
	if (!out) {
		snprintf(defout, sizeof(defout), "%s.png", fig);
		out = defout;
	}
	/* The command table says CMD_NO_DB so that --script needs no database. */
	if (store_open(ctx->db_path, STORE_RDONLY, &ctx->st, &ctx->err))
		return ctx->err.status;
	return run_plot(ctx, fig, out, &o);
}
