/* SPDX-License-Identifier: MIT */
/*
 * ingest.c: litsi ingest: its options. The ingest library
 * (include/litsi/ingest.h) does the work; the lines shown of it are
 * ingest_run_plan()'s (src/cmd/ingest_lines.c), as for report and record.
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
cmd_ingest(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct ingest_plan p;
	int rc;

	ingest_plan_init(&p, ctx->st, ctx->db_path);
	rc = parse_args(argc, argv, ctx, &p);
	if (!rc)
		rc = ingest_run_plan(ctx, &p);
	else if (rc < 0)
		rc += CMD_ANSWERED;
	ingest_plan_release(&p);
	return rc;
}
