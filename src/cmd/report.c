/* SPDX-License-Identifier: MIT */
/*
 * report.c: litsi report, the main job in one command: ingest the given
 * paths, then for each node print inputs, straggler and leads, overlap,
 * thermal spread, model predictions, caps for the three scenarios with the
 * commands that apply them, and the check verdict. Exits like check.
 */
#include "cmd.h"

#include <errno.h>
#include <json.h>
#include <sys/stat.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "litsi/plot.h"

static const char usage_str[] =
	"usage: litsi report [--detail] [--keep] [--node name] [--plots dir]\n"
	"                    [--tdp W] [--cap W] [--budget W] [--idle-power W]\n"
	"                    [--tz zone] [--clock-offset ns] [--format text|json] [path ...]\n";

static const struct option longopts[] = {
	{ "budget", required_argument, NULL, 'B' },
	{ "cap", required_argument, NULL, 'c' },
	{ "clock-offset", required_argument, NULL, 'o' },
	{ "detail", no_argument, NULL, 'D' },
	{ "idle-power", required_argument, NULL, 'i' },
	{ "format", required_argument, NULL, 'f' },
	{ "help", no_argument, NULL, 'h' },
	{ "keep", no_argument, NULL, 'k' },
	{ "list-opts", no_argument, NULL, 'L' },
	{ "node", required_argument, NULL, 'n' },
	{ "plots", required_argument, NULL, 'p' },
	{ "tdp", required_argument, NULL, 't' },
	{ "tz", required_argument, NULL, 'z' },
	{ NULL, 0, NULL, 0 },
};

struct report_opts {
	bool json, keep;
	bool detail;		/* --detail: the full tables of every section too */
	const char *node;	/* --node: only this node */
	const char *plots;	/* --plots DIR */
	/* passed on as given: --tdp/--cap/--budget/--idle-power to caps, */
	const char *caps_args[9];	/* --idle-power to model, --tz/--clock-offset */
	const char *model_args[3];	/* to ingest; NULL-terminated */
	const char *ingest_args[5];
};

/* One section of a node's report: a title and the command that fills it. */
struct section {
	const char *key;	/* JSON member and short name */
	const char *title;	/* heading in text mode */
	int (*fn)(int, char **, struct litsi_ctx *);
	const char *args[6];	/* extra arguments, NULL-terminated */
};

static const struct section sections[] = {
	{ "lead", "Straggler and lead values (ns, summed over matched kernels)", cmd_lead,
	  { NULL } },
	{ "overlap", "Overlap of computation with communication", cmd_overlap,
	  { "--summary", NULL } },
	{ "thermal", "Thermal spread", cmd_thermal, { NULL } },
	{ "model", "Model predictions", cmd_model, { NULL } },
	{ "caps_gpu_red", "Caps, scenario gpu-red (take power from leaders)", cmd_caps,
	  { "--scenario", "gpu-red", NULL } },
	{ "caps_gpu_realloc", "Caps, scenario gpu-realloc (move power to stragglers)", cmd_caps,
	  { "--scenario", "gpu-realloc", NULL } },
	{ "caps_cpu_slosh", "Caps, scenario cpu-slosh (give idle CPU power to GPUs)", cmd_caps,
	  { "--scenario", "cpu-slosh", NULL } },
};

/* Run @fn with argv {name, --node, N, --format, F, args...}, output captured. */
static int
run_captured(struct litsi_ctx *ctx, const struct report_opts *o,
	     int (*fn)(int, char **, struct litsi_ctx *), const char *name, const char *node,
	     const char *format, const char *const *args, char **text, size_t *len)
{
	const char *const *extra = fn == cmd_caps ? o->caps_args
				   : fn == cmd_model ? o->model_args : NULL;
	char *argv[32];
	int argc = 0, rc;
	FILE *mem, *saved = ctx->out;

	argv[argc++] = (char *)name;
	argv[argc++] = "--node";
	argv[argc++] = (char *)node;
	argv[argc++] = "--format";
	argv[argc++] = (char *)format;
	for (; args && *args && argc < 20; args++)
		argv[argc++] = (char *)*args;
	for (; extra && *extra && argc < 31; extra++)
		argv[argc++] = (char *)*extra;
	argv[argc] = NULL;
	mem = open_memstream(text, len);
	if (!mem)
		return err_set(&ctx->err, LITSI_ENOMEM, "cannot capture report output");
	ctx->out = mem;
	err_clear(&ctx->err);
	optind = 0;
	rc = fn(argc, argv, ctx);
	ctx->out = saved;
	fclose(mem);
	return rc;
}

/* A section that could not be computed says why instead of failing the report. */
static void
print_unavailable(struct litsi_ctx *ctx, const struct report_opts *o, const char *key, int rc)
{
	const char *why = ctx->err.msg[0] ? ctx->err.msg : "the command failed";

	if (o->json) {
		fprintf(ctx->out, "\"%s\":{\"unavailable\":\"", key);
		for (; *why; why++)
			fprintf(ctx->out, (*why == '"' || *why == '\\') ? "\\%c" : "%c", *why);
		fputs("\"}", ctx->out);
	} else {
		fprintf(ctx->out, "unavailable (exit %d): %s\n", rc < 0 ? err_exit_code(rc) : rc,
			why);
	}
}

static void
print_section(struct litsi_ctx *ctx, const struct report_opts *o, const struct section *s,
	      const char *node, bool first)
{
	char *text = NULL;
	size_t len = 0;
	int rc;

	rc = run_captured(ctx, o, s->fn, s->key, node, o->json ? "json" : "table", s->args, &text,
			  &len);
	if (o->json && !first)
		fputc(',', ctx->out);
	if (!o->json)
		fprintf(ctx->out, "\n== %s ==\n", s->title);
	if (rc != 0 || !len) {
		print_unavailable(ctx, o, s->key, rc);
	} else if (o->json) {
		fprintf(ctx->out, "\"%s\":", s->key);
		fwrite(text, 1, len, ctx->out);
	} else {
		fwrite(text, 1, len, ctx->out);
	}
	free(text);
	err_clear(&ctx->err);
}

/* The verdict comes last; its exit code is the report's. */
static int
print_verdict(struct litsi_ctx *ctx, const struct report_opts *o, const char *node)
{
	char *text = NULL;
	size_t len = 0;
	int rc;

	rc = run_captured(ctx, o, cmd_check, "check", node, o->json ? "json" : "text", NULL, &text,
			  &len);
	if (o->json) {
		fputs(",\"check\":", ctx->out);
		if (len)
			fwrite(text, 1, len, ctx->out);
		else
			fputs("null", ctx->out);
	} else {
		fputs("\n== Verdict (litsi check) ==\n", ctx->out);
		fwrite(text, 1, len, ctx->out);
	}
	free(text);
	if (rc < 0 || rc > EXIT_CHECK) {
		if (!o->json && ctx->err.msg[0])
			fprintf(ctx->out, "unavailable: %s\n", ctx->err.msg);
		err_clear(&ctx->err);
	}
	return rc;
}

/* ---- the narrative summary, read from the commands' JSON documents ---- */

struct docs {
	struct json_object *lead, *overlap, *corr, *thermal, *model, *caps[3];
};

static const char *const scenarios[3] = { "gpu-red", "gpu-realloc", "cpu-slosh" };

static struct json_object *
capture_json(struct litsi_ctx *ctx, const struct report_opts *o,
	     int (*fn)(int, char **, struct litsi_ctx *), const char *name, const char *node,
	     const char *const *args)
{
	struct json_object *doc = NULL;
	char *text = NULL;
	size_t len = 0;
	int rc;

	rc = run_captured(ctx, o, fn, name, node, "json", args, &text, &len);
	if (rc == 0 && len)
		doc = json_tokener_parse(text);
	free(text);
	err_clear(&ctx->err);
	return doc;
}

/* Field @key of object @o, or NULL. */
static struct json_object *
jget(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;

	return o && json_object_is_type(o, json_type_object) &&
			       json_object_object_get_ex(o, key, &v)
		       ? v
		       : NULL;
}

/* Array field @key of @o, or NULL when absent or not an array. */
static struct json_object *
jarr(struct json_object *o, const char *key)
{
	struct json_object *v = jget(o, key);

	return v && json_object_is_type(v, json_type_array) ? v : NULL;
}

/* Element @i of array @arr, or NULL. */
static struct json_object *
jidx(struct json_object *arr, size_t i)
{
	return arr && i < json_object_array_length(arr) ? json_object_array_get_idx(arr, i)
							: NULL;
}

static double
jnum(struct json_object *o, const char *key)
{
	struct json_object *v = jget(o, key);

	return v && !json_object_is_type(v, json_type_null) ? json_object_get_double(v) : NAN;
}

static const char *
jstr(struct json_object *o, const char *key)
{
	struct json_object *v = jget(o, key);

	return v && json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

/* The row of array @arr whose integer @key equals @want (e.g. gpu 3). */
static struct json_object *
jrow(struct json_object *arr, const char *key, int64_t want, const char *key2, const char *want2)
{
	size_t i, n = arr ? json_object_array_length(arr) : 0;

	for (i = 0; i < n; i++) {
		struct json_object *r = jidx(arr, i);
		const char *s2 = key2 ? jstr(r, key2) : NULL;

		if (jnum(r, key) == (double)want && (!key2 || (s2 && !strcmp(s2, want2))))
			return r;
	}
	return NULL;
}

/* Mean over samples of the per-GPU column @col of @arr rows with gpu == @g. */
static double
jmean_gpu(struct json_object *arr, int g, const char *col)
{
	size_t i, n = arr ? json_object_array_length(arr) : 0, k = 0;
	double sum = 0;

	for (i = 0; i < n; i++) {
		struct json_object *r = json_object_array_get_idx(arr, i);
		double v = jnum(r, col);

		if (jnum(r, "gpu") == g && !isnan(v)) {
			sum += v;
			k++;
		}
	}
	return k ? sum / (double)k : NAN;
}

static void
load_docs(struct litsi_ctx *ctx, const struct report_opts *o, const char *node, struct docs *d)
{
	static const char *const summary[] = { "--summary", NULL };
	size_t i;

	d->lead = capture_json(ctx, o, cmd_lead, "lead", node, NULL);
	d->overlap = capture_json(ctx, o, cmd_overlap, "overlap", node, summary);
	d->corr = capture_json(ctx, o, cmd_corr, "corr", node, NULL);
	d->thermal = capture_json(ctx, o, cmd_thermal, "thermal", node, NULL);
	d->model = capture_json(ctx, o, cmd_model, "model", node, NULL);
	for (i = 0; i < 3; i++) {
		const char *args[] = { "--scenario", scenarios[i], NULL };

		d->caps[i] = capture_json(ctx, o, cmd_caps, "caps", node, args);
	}
}

static void
free_docs(struct docs *d)
{
	size_t i;

	json_object_put(d->lead);
	json_object_put(d->overlap);
	json_object_put(d->corr);
	json_object_put(d->thermal);
	json_object_put(d->model);
	for (i = 0; i < 3; i++)
		json_object_put(d->caps[i]);
}

static const struct fmt_col gpu_cols[] = {
	{ "gpu", FT_INT, 0 },		{ "rank", FT_STR, 0 },	       { "product", FT_STR, 0 },
	{ "samples", FT_INT, 0 },	{ "kernels", FT_INT, 0 },      { "lead_ms", FT_DBL, 3 },
	{ "overlap_pct", FT_DBL, 2 },	{ "temp_c", FT_DBL, 1 },       { "clock_mhz", FT_DBL, 0 },
	{ "power_w", FT_DBL, 1 },	{ "role", FT_STR, 0 },
};

static double
thermal_median(struct json_object *th, int g, const char *metric)
{
	struct json_object *r = jrow(jarr(th, "thermal"), "gpu", g, "metric", metric);

	return r ? jnum(r, "median") : NAN;
}

static void
print_gpu_table(struct litsi_ctx *ctx, const char *node, const struct docs *d, int straggler)
{
	struct info_gpu *g = NULL;
	struct fmt *f;
	size_t n = 0, i;
	char rank[16];

	if (store_info_gpus(ctx->st, &g, &n, &ctx->err))
		return;
	f = fmt_new(ctx->out, FMT_TABLE);
	fmt_begin(f, "GPUs (lead: mean summed lead per sample; overlap: duration-weighted; "
		     "telemetry: medians)", gpu_cols, ARRAY_SIZE(gpu_cols));
	for (i = 0; i < n; i++) {
		if (strcmp(g[i].node, node))
			continue;
		snprintf(rank, sizeof(rank), "%d", g[i].rank);
		fmt_int(f, g[i].device);
		fmt_str(f, g[i].rank >= 0 ? rank : NULL);
		fmt_str(f, g[i].product);
		fmt_int(f, g[i].samples);
		fmt_int(f, g[i].kernels);
		fmt_dbl(f, jmean_gpu(jarr(d->lead, "lead"), g[i].device, "lead_ns") / 1e6);
		fmt_dbl(f, jmean_gpu(jarr(d->overlap, "overlap_summary"), g[i].device,
				     "weighted_ratio_pct"));
		fmt_dbl(f, thermal_median(d->thermal, g[i].device, "temp_hotspot_c"));
		fmt_dbl(f, thermal_median(d->thermal, g[i].device, "gfx_clk_mhz"));
		fmt_dbl(f, thermal_median(d->thermal, g[i].device, "power_w"));
		fmt_str(f, g[i].device == straggler ? "straggler" : "-");
		fmt_end_row(f);
	}
	fmt_free(f);
	store_info_free(NULL, 0, g, n, NULL, 0);
}

static void
print_inputs(struct litsi_ctx *ctx)
{
	struct info_source *s = NULL;
	size_t n = 0, i, j;

	if (store_info_sources(ctx->st, &s, &n, &ctx->err))
		return;
	fprintf(ctx->out, "inputs: %zu source%s (", n, n == 1 ? "" : "s");
	for (i = 0; i < n; i++) {
		size_t count = 0;
		bool seen = false;

		for (j = 0; j < i; j++)
			seen |= !strcmp(s[j].format, s[i].format);
		if (seen)
			continue;
		for (j = i; j < n; j++)
			count += !strcmp(s[j].format, s[i].format);
		fprintf(ctx->out, "%s%zu %s", i ? ", " : "", count, s[i].format);
	}
	fputs(")\n", ctx->out);
	store_info_free(s, n, NULL, 0, NULL, 0);
}

static void
print_straggler(struct litsi_ctx *ctx, const struct docs *d)
{
	struct json_object *tn = jidx(jarr(d->thermal, "spread"), 0);
	const char *ps = jstr(d->lead, "persistent_straggler");

	fprintf(ctx->out, "\nstraggler: %s\n", ps ? ps : "unknown (no matched kernels)");
	if (!tn) {
		fputs("thermal: no telemetry for this node\n", ctx->out);
		return;
	}
	fprintf(ctx->out,
		"thermal: temperature spread %.3fx, clock spread %.3fx (max/min of per-GPU "
		"medians)\n  hottest first: %s; slowest clock first: %s\n",
		jnum(tn, "temp_spread"), jnum(tn, "freq_spread"),
		jstr(tn, "hottest_first") ? jstr(tn, "hottest_first") : "-",
		jstr(tn, "slowest_first") ? jstr(tn, "slowest_first") : "-");
	if (!isnan(jnum(tn, "spearman_temp_lead")))
		fprintf(ctx->out, "  Spearman correlation of temperature and lead: %.3f "
				  "(negative: hotter GPUs lead less)\n",
			jnum(tn, "spearman_temp_lead"));
}

static void
print_corr(struct litsi_ctx *ctx, const struct docs *d)
{
	struct json_object *arr = jarr(d->corr, "corr_across_gpus");
	size_t i, n = arr ? json_object_array_length(arr) : 0, shown = 0;
	bool used[64] = { false };

	fputs("\noverlap vs duration (strongest across-GPU correlations of matched kernels):\n",
	      ctx->out);
	while (shown < 3) {
		double best = -1;
		size_t bi = 0;

		for (i = 0; i < n && i < 64; i++) {
			double r = fabs(jnum(json_object_array_get_idx(arr, i), "mean_pearson"));

			if (!used[i] && !isnan(r) && r > best) {
				best = r;
				bi = i;
			}
		}
		if (best < 0)
			break;
		used[bi] = true;
		{
			struct json_object *r = json_object_array_get_idx(arr, bi);
			const char *k = jstr(r, "kernel");

			fprintf(ctx->out, "  r = %6.3f over %4.0f instances  %.70s%s\n",
				jnum(r, "mean_pearson"), jnum(r, "instances"), k ? k : "?",
				k && strlen(k) > 70 ? "..." : "");
		}
		shown++;
	}
	if (!shown)
		fputs("  none defined (no kernel varies in both overlap and duration)\n", ctx->out);
}

static void
print_model(struct litsi_ctx *ctx, const struct docs *d)
{
	struct json_object *perf = jarr(d->model, "performance");
	size_t i, n = perf ? json_object_array_length(perf) : 0;

	fputs("\nmodel predictions (METHOD 5-6; ratios to the recorded run):\n", ctx->out);
	if (!n) {
		fputs("  unavailable\n", ctx->out);
		return;
	}
	for (i = 0; i < n; i++) {
		struct json_object *r = json_object_array_get_idx(perf, i);

		fprintf(ctx->out, "  %-12s align to %-3s GPU: throughput x%.3f, node GPU power x%.3f\n",
			jstr(r, "scenario") ? jstr(r, "scenario") : "?",
			jstr(r, "align") ? jstr(r, "align") : "?", jnum(r, "throughput"),
			jnum(r, "power_ratio"));
	}
}

static void
print_caps(struct litsi_ctx *ctx, const struct docs *d)
{
	size_t s, i;

	fputs("\nrecommended power caps (model predictions; the commands are printed, not run):\n",
	      ctx->out);
	for (s = 0; s < 3; s++) {
		struct json_object *caps = jarr(d->caps[s], "caps");
		struct json_object *pred = jidx(jarr(d->caps[s], "prediction"), 0);
		size_t n = caps ? json_object_array_length(caps) : 0;

		if (!n || !pred) {
			fprintf(ctx->out, "  %s: unavailable\n", scenarios[s]);
			continue;
		}
		fprintf(ctx->out, "  %s: sum %.0f W of %.0f W, predicted throughput x%.3f, "
				  "power x%.3f\n",
			scenarios[s], jnum(pred, "sum_caps_w"), jnum(pred, "P_n_w"),
			jnum(pred, "S_iter"), jnum(pred, "power_ratio"));
		for (i = 0; i < n; i++) {
			struct json_object *r = json_object_array_get_idx(caps, i);
			const char *cmd = jstr(r, "command");

			fprintf(ctx->out, "    gpu %2.0f %4.0f W   %s\n", jnum(r, "gpu"),
				jnum(r, "cap_w"), cmd ? cmd : "");
		}
	}
}

static int
straggler_of(const struct docs *d)
{
	const char *ps = jstr(d->lead, "persistent_straggler");
	int g;

	return ps && sscanf(ps, "gpu %d", &g) == 1 ? g : -1;
}

static void
print_summary(struct litsi_ctx *ctx, const struct report_opts *o, const char *node)
{
	struct docs d = { 0 };

	load_docs(ctx, o, node, &d);
	print_inputs(ctx);
	print_gpu_table(ctx, node, &d, straggler_of(&d));
	print_straggler(ctx, &d);
	print_corr(ctx, &d);
	print_model(ctx, &d);
	print_caps(ctx, &d);
	free_docs(&d);
}

static int
report_node(struct litsi_ctx *ctx, const struct report_opts *o, const char *node, bool first)
{
	size_t i;
	int rc;

	if (o->json) {
		fprintf(ctx->out, "%s{\"node\":\"", first ? "" : ",");
		fputs(node, ctx->out);
		fputs("\",", ctx->out);
	} else {
		fprintf(ctx->out, "%s# litsi report: node %s\n\n", first ? "" : "\n", node);
		print_summary(ctx, o, node);
	}
	for (i = 0; (o->json || o->detail) && i < ARRAY_SIZE(sections); i++)
		print_section(ctx, o, &sections[i], node, i == 0);
	rc = print_verdict(ctx, o, node);
	if (o->json)
		fputc('}', ctx->out);
	if (o->plots) {
		struct err perr = { 0 };

		fflush(ctx->out);
		if (mkdir(o->plots, 0777) && errno != EEXIST) {
			warn("cannot create '%s': %s", o->plots, strerror(errno));
			return rc;
		}
		if (plot_all(ctx->st, node, o->plots, &perr))
			warn("%s", perr.msg);
	}
	return rc;
}

static int
ingest_paths(struct litsi_ctx *ctx, const struct report_opts *o, int argc, char **argv)
{
	char **args = xcalloc((size_t)argc + 6, sizeof(*args));
	int i, n = 0, rc;

	args[n++] = "ingest";
	for (i = 0; o->ingest_args[i]; i++)
		args[n++] = (char *)o->ingest_args[i];
	for (i = 0; i < argc; i++)
		args[n++] = argv[i];
	optind = 0;
	rc = cmd_ingest(n, args, ctx);
	free(args);
	return rc;
}

static int
run_report(struct litsi_ctx *ctx, const struct report_opts *o, int npaths, char **paths)
{
	struct node_row *nodes = NULL;
	size_t n = 0, i;
	int worst = EXIT_OK, rc, ingest_rc = EXIT_OK, saved_verbose = ctx->verbose;
	FILE *saved_out = ctx->out;

	if (npaths) {
		/* Ingest summary lines go to stderr in JSON mode to keep stdout one document. */
		if (o->json)
			ctx->out = stderr;
		rc = ingest_paths(ctx, o, npaths, paths);
		ctx->out = saved_out;
		ctx->verbose = saved_verbose;
		/* Report on what went in; a bad input still decides the exit code. */
		if (rc == 130 || rc == EXIT_USAGE || rc == EXIT_ENV)
			return rc;
		ingest_rc = rc;
	}
	if (cmd_nodes(ctx, o->node, &nodes, &n))
		return ctx->err.status;
	if (!n) {
		store_free_nodes(nodes, n);
		return err_set(&ctx->err, LITSI_EDATA, "the database holds no GPU to report on");
	}
	if (o->json)
		fputs("{\"nodes\":[", ctx->out);
	for (i = 0; i < n; i++) {
		rc = report_node(ctx, o, nodes[i].name, i == 0);
		if (rc == EXIT_CHECK && worst == EXIT_OK)
			worst = EXIT_CHECK;
	}
	if (o->json)
		fputs("]}\n", ctx->out);
	store_free_nodes(nodes, n);
	return ingest_rc ? ingest_rc : worst;
}

/* Append "--name value" to the NULL-terminated @v of @cap entries. */
static void
pass_on(const char **v, size_t cap, const char *name, const char *value)
{
	size_t n = 0;

	while (v[n])
		n++;
	if (n + 2 < cap) {
		v[n] = name;
		v[n + 1] = value;
	}
}

static int
parse_args(int argc, char **argv, struct litsi_ctx *ctx, struct report_opts *o)
{
	static const char *const watts[] = { "--budget", "--cap", "--idle-power", "--tdp" };
	int opt;
	double w;

	while ((opt = getopt_long(argc, argv, "+h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'B':
		case 'c':
		case 'i':
		case 't': {
			const char *name = watts[opt == 'B' ? 0 : opt == 'c' ? 1 : opt == 'i' ? 2 : 3];

			if (parse_double(optarg, &w) || !(w >= 0) || w > 100000)
				return cmd_usage_error("report", usage_str, "invalid %s '%s' (watts)",
						       name, optarg);
			pass_on(o->caps_args, ARRAY_SIZE(o->caps_args), name, optarg);
			if (opt == 'i')
				pass_on(o->model_args, ARRAY_SIZE(o->model_args), name, optarg);
			break;
		}
		case 'o':
			pass_on(o->ingest_args, ARRAY_SIZE(o->ingest_args), "--clock-offset", optarg);
			break;
		case 'z':
			pass_on(o->ingest_args, ARRAY_SIZE(o->ingest_args), "--tz", optarg);
			break;
		case 'f':
			if (!strcmp(optarg, "json") || !strcmp(optarg, "text")) {
				o->json = !strcmp(optarg, "json");
				break;
			}
			return cmd_usage_error("report", usage_str,
					       "invalid --format '%s' (expected text or json)",
					       optarg);
		case 'D':
			o->detail = true;
			break;
		case 'h':
			cmd_help(ctx, usage_str);
			return -1;
		case 'k':
			o->keep = true;
			break;
		case 'L':
			cmd_list_opts(ctx, longopts);
			return -1;
		case 'n':
			o->node = optarg;
			break;
		case 'p':
			o->plots = optarg;
			break;
		default:
			return cmd_getopt_error("report", usage_str, argv);
		}
	}
	return 0;
}

/* A temporary database for a report on paths when no database was named. */
static char *
temp_db(struct litsi_ctx *ctx)
{
	const char *dir = getenv("TMPDIR");
	struct sbuf sb = SBUF_INIT;
	int fd;

	sbuf_addf(&sb, "%s/litsi-report.XXXXXX", dir && *dir ? dir : "/tmp");
	fd = mkstemp(sb.buf);
	if (fd < 0) {
		err_set(&ctx->err, LITSI_EDB, "cannot create a temporary database in '%s'",
			dir && *dir ? dir : "/tmp");
		sbuf_release(&sb);
		return NULL;
	}
	close(fd);
	return sbuf_detach(&sb);
}

static void
remove_db(const char *path)
{
	static const char *const suffix[] = { "", "-wal", "-shm", "-journal" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(suffix); i++) {
		struct sbuf sb = SBUF_INIT;

		sbuf_addf(&sb, "%s%s", path, suffix[i]);
		unlink(sb.buf);
		sbuf_release(&sb);
	}
}

int
cmd_report(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct report_opts o = { 0 };
	char *tmp = NULL;
	int rc;

	rc = parse_args(argc, argv, ctx, &o);
	if (rc)
		return rc < 0 ? EXIT_OK : rc;
	if (optind < argc && !ctx->db_named) {
		tmp = temp_db(ctx);
		if (!tmp)
			return ctx->err.status;
		ctx->db_path = tmp;
	}
	rc = store_open(ctx->db_path, optind < argc ? STORE_RDWR : STORE_RDONLY, &ctx->st,
			&ctx->err);
	if (!rc)
		rc = run_report(ctx, &o, argc - optind, argv + optind);
	store_close(ctx->st);
	ctx->st = NULL;
	if (tmp && o.keep)
		fprintf(stderr, "litsi: the database is kept in '%s'\n", tmp);
	else if (tmp)
		remove_db(tmp);
	free(tmp);
	return rc;
}
