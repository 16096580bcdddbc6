/* SPDX-License-Identifier: MIT */
/*
 * ingest.c: litsi ingest: its options, and the lines it shows of the ingest
 * library (include/litsi/ingest.h), which does the work; report and record
 * ingest through ingest_paths() with the same lines.
 */
#include "cmd.h"
#include "litsi/ingest.h"

#include <stdlib.h>
#include <string.h>

static const char usage_str[] =
	"usage: litsi ingest [-f] [-j n] [--run name [--role calibration]] [--rank n]\n"
	"                    [--device n] [--format name]\n"
	"                    [--clock-offset ns] [--time when] [--interval dur] [--tz zone]\n"
	"                    [--node name | --node-from dir|host] path ...\n";

static const struct option longopts[] = {
	{ "clock-offset", required_argument, NULL, 'o' },
	{ "device", required_argument, NULL, 'D' },
	{ "force", no_argument, NULL, 'f' },
	{ "format", required_argument, NULL, 'F' },
	{ "help", no_argument, NULL, 'h' },
	{ "interval", required_argument, NULL, 'I' },
	{ "jobs", required_argument, NULL, 'j' },
	{ "list-opts", no_argument, NULL, 'L' },
	{ "node", required_argument, NULL, 'n' },
	{ "node-from", required_argument, NULL, 'N' },
	{ "rank", required_argument, NULL, 'r' },
	{ "role", required_argument, NULL, 'O' },
	{ "run", required_argument, NULL, 'R' },
	{ "time", required_argument, NULL, 't' },
	{ "tz", required_argument, NULL, 'z' },
	{ NULL, 0, NULL, 0 },
};

/* " into node N, run R, from PATH": where an earlier copy of a file went. */
static void
print_where(FILE *out, const struct source_where *w)
{
	if (!w->path[0])
		return;
	if (w->node[0])
		out_printf(out, " into node %s", w->node);
	if (w->run[0])
		out_printf(out, ", run %s", w->run);
	out_printf(out, " from %s", w->path);
}

/*
 * When files went to several nodes: one line per node, what it received and
 * what it holds now (GPUs, runs), so that a wrong assignment shows.
 */
static void
print_nodes(struct litsi_ctx *ctx, const struct ingest_nodes *touched)
{
	struct node_row *nodes = NULL;
	struct info_gpu *gi = NULL;
	size_t nn = 0, ngi = 0, i, k, g;
	struct err e = { 0 };

	if (touched->nr < 2 || ctx->verbose < 0 || store_list_nodes(ctx->st, &nodes, &nn, &e))
		return;
	if (store_info_gpus(ctx->st, &gi, &ngi, &e)) {
		store_free_nodes(nodes, nn);
		return;
	}
	for (i = 0; i < touched->nr; i++)
		for (k = 0; k < nn; k++) {
			char **runs = NULL;
			size_t nr = 0, ngpu = 0;

			if (strcmp(nodes[k].name, touched->name[i]))
				continue;
			for (g = 0; g < ngi; g++)
				ngpu += !strcmp(gi[g].node, nodes[k].name);
			if (store_runs(ctx->st, nodes[k].id, &runs, &nr, &e))
				nr = 0;
			out_printf(ctx->out, "node %s: %d file%s; holds %zu GPU%s, %zu run%s\n",
				   nodes[k].name, touched->files[i],
				   touched->files[i] == 1 ? "" : "s", ngpu, ngpu == 1 ? "" : "s",
				   nr ? nr : 1, nr > 1 ? "s" : "");
			for (g = 0; g < nr; g++)
				free(runs[g]);
			free(runs);
		}
	store_info_free(NULL, 0, gi, ngi, NULL, 0);
	store_free_nodes(nodes, nn);
}

static void
print_summary(void *arg, const char *name, const struct ingest_summary *s, bool run_auto)
{
	struct litsi_ctx *ctx = arg;
	FILE *out = ctx->out;

	if (s->duplicate) {
		out_printf(out, "%s: already ingested", name);
		print_where(out, &s->dup);
		fputs(s->readings_dropped ? " (the same readings), skipped\n"
					  : " (identical content), skipped; use --force to replace "
					    "it\n", out);
		return;
	}
	out_printf(out, "%s: %s, node %s", name, s->format, s->node);
	if (run_auto && s->run[0])
		out_printf(out, ", run %s", s->run);
	else if (run_auto && s->run_pending)
		fputs(", run of the files it came with", out);
	if (s->rank >= 0)
		fprintf(out, ", rank %d", s->rank);
	out_printf(out, ", %lld GPU%s, %lld sample%s, %lld kernels (%lld comm)", (long long)s->gpus,
		s->gpus == 1 ? "" : "s", (long long)s->samples, s->samples == 1 ? "" : "s",
		(long long)s->kernels, (long long)s->comm);
	if (s->telemetry)
		fprintf(out, ", %lld telemetry readings", (long long)s->telemetry);
	if (s->aggregates)
		fprintf(out, ", %lld aggregate rows", (long long)s->aggregates);
	if (s->replaced)
		fputs(" (replaced)", out);
	if (s->readings_dropped) {
		fprintf(out, "; %lld readings already held", (long long)s->readings_dropped);
		print_where(out, &s->readings_of);
		fputs(", not stored again", out);
	}
	fputc('\n', out);
}

static void
print_note(void *arg, const char *text)
{
	struct litsi_ctx *ctx = arg;

	out_printf(ctx->out, "%s\n", text);
}

static void
print_failure(void *arg, const char *msg)
{
	(void)arg;
	error("%s", msg);
}

static void
print_warning(void *arg, const char *name, const char *text)
{
	(void)arg;
	warn("%s: %s", name, text);
}

static void
print_held(void *arg, const char *name, int64_t n, const struct source_where *of)
{
	struct litsi_ctx *ctx = arg;

	out_printf(ctx->out, "%s: %lld readings already held", name, (long long)n);
	print_where(ctx->out, of);
	fputs(", not stored again\n", ctx->out);
}

static void
print_settled(void *arg, const char *path, const char *run)
{
	struct litsi_ctx *ctx = arg;

	out_printf(ctx->out, "%s: run %s (the run of the files it came with)\n", path, run);
}

static void
print_progress(void *arg, const char *name, uint64_t done, uint64_t total, double secs)
{
	double rate = secs > 0 ? (double)done / 1e6 / secs : 0;

	(void)arg;
	if (total)
		out_printf(stderr, "\r%s: %.0f / %.0f MB (%.0f MB/s)  ", name,
			(double)done / 1e6, (double)total / 1e6, rate);
	else
		out_printf(stderr, "\r%s: %.0f MB (%.0f MB/s)  ", name, (double)done / 1e6, rate);
}

static void
print_progress_end(void *arg)
{
	(void)arg;
	fputs("\r\033[K", stderr);
}

static void
print_totals(void *arg, const struct ingest_counts *c)
{
	struct litsi_ctx *ctx = arg;

	fprintf(ctx->out, "ingested %d, already present %d, skipped %d, failed %d\n", c->ok, c->dup,
		c->skipped, c->failed);
}

/* Ingest @p into ctx's database, its lines to ctx->out; the exit code. */
static int
run_plan(struct litsi_ctx *ctx, struct ingest_plan *p)
{
	const struct ingest_report rep = {
		ctx, print_summary, print_note, print_failure, print_warning, print_held,
		print_settled, print_progress, print_progress_end, print_totals,
	};
	struct ingest_nodes touched;
	int rc;

	p->quiet = ctx->verbose < 0;
	p->progress = cmd_progress_enabled();
	rc = ingest_plan_run(p, &rep, &touched);
	if (rc != 130)
		print_nodes(ctx, &touched);
	ingest_nodes_release(&touched);
	return rc;
}

/* Some path given, and no node option (@dangling) after the last. */
static int
paths_given(const struct ingest_plan *p, const char *dangling)
{
	if (!p->nr_items)
		return cmd_usage_error("ingest", usage_str, "no input path given");
	if (dangling)
		return cmd_usage_error("ingest", usage_str,
				       "%s comes after the last path: it applies to the paths that "
				       "follow it", dangling);
	return 0;
}

/* --node (@opt 'n') or --node-from ('N') with @arg: the node of the paths that follow. */
static int
node_opt(int opt, const char *arg, const char **node, enum ingest_node_from *from)
{
	if (opt == 'n' && !*arg)
		return cmd_usage_error("ingest", usage_str, "empty --node name");
	if (opt == 'N' && strcmp(arg, "dir") && strcmp(arg, "host"))
		return cmd_usage_error("ingest", usage_str,
				       "invalid --node-from '%s' (expected dir or host)", arg);
	*node = opt == 'n' ? arg : NULL;
	*from = opt == 'n' ? INGEST_NODE_GIVEN : strcmp(arg, "dir") ? INGEST_NODE_FROM_HOST : INGEST_NODE_FROM_DIR;
	return 0;
}

/*
 * The options that describe the files' source (--clock-offset, --rank,
 * --device, --time, --interval, --tz). Return: 0 when applied, EXIT_USAGE
 * after one message, -1 when @opt is not one of them.
 */
static int
source_opt(int opt, const char *arg, struct ingest_plan *run, const char **time_arg)
{
	switch (opt) {
	case 'o':
		if (parse_duration(arg, &run->iopts.clock_offset_ns))
			return cmd_usage_error("ingest", usage_str,
					       "invalid --clock-offset '%s' (ns, or with a "
					       "unit: 1.5s)", arg);
		run->iopts.has_clock_offset = true;
		return 0;
	case 'r':
		if (parse_int(arg, 0, 1 << 20, &run->iopts.rank))
			return cmd_usage_error("ingest", usage_str, "invalid --rank '%s'",
					       arg);
		run->popts.rank = run->iopts.rank;
		return 0;
	case 'D':
		if (parse_int(arg, 0, 1 << 20, &run->popts.device))
			return cmd_usage_error("ingest", usage_str, "invalid --device '%s'",
					       arg);
		return 0;
	case 't':
		*time_arg = arg;
		return 0;
	case 'I':
		if (parse_duration(arg, &run->popts.interval_ns) ||
		    run->popts.interval_ns <= 0)
			return cmd_usage_error("ingest", usage_str,
					       "invalid --interval '%s' (a duration, e.g. "
					       "1s or 100ms)", arg);
		return 0;
	case 'z':
		run->popts.tz = arg;
		return 0;
	default:
		return -1;
	}
}

static int
parse_args(int argc, char **argv, struct litsi_ctx *ctx, struct ingest_plan *run)
{
	const char *time_arg = NULL, *node = NULL, *dangling = NULL;
	enum ingest_node_from from = INGEST_NODE_GIVEN;
	int opt, rc;

	/* "-": paths come back in order (1), so --node applies to the paths after it. */
	while ((opt = getopt_long(argc, argv, "-fhj:", longopts, NULL)) != -1) {
		switch (opt) {
		case 1:
			ingest_plan_add(run, optarg, node, from);
			dangling = NULL;
			break;
		case 'f':
			run->iopts.force = true;
			break;
		case 'F':
			run->forced = parse_find(optarg);
			if (!run->forced)
				return cmd_usage_error("ingest", usage_str,
						       "unknown --format '%s' (expected one of: %s)",
						       optarg, parse_names());
			break;
		case 'h':
			return cmd_help(ctx, usage_str) - CMD_ANSWERED;
		case 'j':
			if (parse_int(optarg, 1, 1024, &run->jobs))
				return cmd_usage_error("ingest", usage_str,
						       "invalid -j '%s' (files at once, 1 to 1024)",
						       optarg);
			run->popts.threads = run->jobs;
			break;
		case 'L':
			return cmd_list_opts(ctx, longopts) - CMD_ANSWERED;
		case 'n':
		case 'N':
			if (node_opt(opt, optarg, &node, &from))
				return EXIT_USAGE;
			dangling = opt == 'n' ? "--node" : "--node-from";
			break;
		case 'R':
			if (!*optarg)
				return cmd_usage_error("ingest", usage_str, "empty --run name");
			run->iopts.run = optarg;
			run->iopts.run_auto = !strcmp(optarg, "auto");
			break;
		case 'O':
			if (strcmp(optarg, "calibration"))
				return cmd_usage_error("ingest", usage_str,
						       "invalid --role '%s' (expected calibration)",
						       optarg);
			run->iopts.role = optarg;
			break;
		default:
			rc = source_opt(opt, optarg, run, &time_arg);
			if (rc < 0)
				return cmd_getopt_error("ingest", usage_str, argv);
			if (rc)
				return rc;
		}
	}
	/* After the loop: a local --time is read in the --tz zone. */
	if (time_arg && parse_time_arg(time_arg, run->popts.tz, &run->popts.time_ns))
		return cmd_usage_error("ingest", usage_str,
				       "invalid --time '%s' (epoch time with a unit, e.g. "
				       "1700000000s or 1700000000000ms, or ISO 8601, e.g. "
				       "2026-11-30T18:42:33Z)", time_arg);
	if (run->iopts.role && !run->iopts.run)
		return cmd_usage_error("ingest", usage_str, "--role needs --run name");
	for (; optind < argc; optind++, dangling = NULL)	/* after "--" */
		ingest_plan_add(run, argv[optind], node, from);
	return paths_given(run, dangling);
}

int
ingest_paths(struct litsi_ctx *ctx, const char *node, const char *node_from, const char *run_name,
	     const char *tz, const int64_t *clock_offset_ns, int npaths, char *const *paths)
{
	struct ingest_plan p;
	enum ingest_node_from from = INGEST_NODE_GIVEN;
	int i, rc;

	ingest_plan_init(&p, ctx->st, ctx->db_path);
	p.iopts.run = run_name;
	p.iopts.run_auto = run_name && !strcmp(run_name, "auto");
	p.popts.tz = tz;
	if (clock_offset_ns) {
		p.iopts.clock_offset_ns = *clock_offset_ns;
		p.iopts.has_clock_offset = true;
	}
	if (node_from)
		from = strcmp(node_from, "dir") ? INGEST_NODE_FROM_HOST : INGEST_NODE_FROM_DIR;
	for (i = 0; i < npaths; i++)
		ingest_plan_add(&p, paths[i], node_from ? NULL : node, from);
	rc = run_plan(ctx, &p);
	ingest_plan_release(&p);
	return rc;
}

int
cmd_ingest(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct ingest_plan p;
	int rc;

	ingest_plan_init(&p, ctx->st, ctx->db_path);
	rc = parse_args(argc, argv, ctx, &p);
	if (!rc)
		rc = run_plan(ctx, &p);
	else if (rc < 0)
		rc += CMD_ANSWERED;
	ingest_plan_release(&p);
	return rc;
}
