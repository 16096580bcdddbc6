/* SPDX-License-Identifier: MIT */
/* main.c: global options, the command table, central setup and exit mapping. */
#include "cmd.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const struct cmd commands[] = {
	{ "ingest", cmd_ingest, CMD_DB_WRITE, "load traces and telemetry logs into the database" },
	{ "info", cmd_info, CMD_DB_READ, "show what the database holds" },
	{ "overlap", cmd_overlap, CMD_DB_READ, "overlap of compute kernels with communication" },
	{ "corr", cmd_corr, CMD_DB_READ, "correlate overlap ratio with kernel duration" },
	{ "lead", cmd_lead, CMD_DB_READ, "lead values and straggler GPUs across a node" },
	{ "thermal", cmd_thermal, CMD_DB_READ, "temperature, clock and power spread of a node" },
	{ "model", cmd_model, CMD_DB_READ, "predict speedup and power when GPUs are aligned" },
	{ "caps", cmd_caps, CMD_DB_READ, "recommend per-GPU power caps from lead values" },
	{ "check", cmd_check, CMD_DB_READ, "decide whether a node is thermally imbalanced" },
	{ "fleet", cmd_fleet, CMD_DB_READ, "which nodes and GPU slots are imbalanced run after run" },
	{ "merge", cmd_merge, CMD_NO_DB, "combine litsi databases of many nodes or jobs into one" },
	{ "compare", cmd_compare, CMD_DB_READ, "two runs of a node side by side: did the change help" },
	{ "report", cmd_report, CMD_NO_DB,
	  "the main job: ingest, find the straggler, recommend caps, give a verdict" },
	{ "synth", cmd_synth, CMD_NO_DB, "simulate a training node and write its traces and telemetry" },
	{ "plot", cmd_plot, CMD_NO_DB, "draw the paper's figures with gnuplot" },
	{ "record", cmd_record, CMD_NO_DB, "run a job and sample every GPU of the machine while it runs" },
};

static const char usage_str[] =
	"usage: litsi [-q | -v] [-C dir] [-d db] [--version] [-h] command [args]\n"
	"\n"
	"commands:\n";

static void
print_usage(FILE *out)
{
	size_t i;

	fputs(usage_str, out); /* lint-print: own text */
	for (i = 0; i < ARRAY_SIZE(commands); i++)
		out_printf(out, "   %-9s %s\n", commands[i].name, commands[i].summary);
	fputs("\nSee 'litsi help COMMAND' or man litsi-COMMAND for a command's options.\n", out);
}

/* Hidden --list-formats: "cmd: name name ..." for each command taking output formats. */
static void
list_formats(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(commands); i++) {
		char *names = fmt_names_text(commands[i].name, " ", " ");

		if (names)
			out_printf(stdout, "%s: %s\n", commands[i].name, names);
		free(names);
	}
}

static const struct cmd *
find_cmd(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

/* Check stdout like git's run_builtin(): a write error is exit 4. */
static int
finish_stdout(int code)
{
	struct stat st;

	if (fstat(fileno(stdout), &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)))
		return code;
	if (fflush(stdout) || ferror(stdout)) {
		out_printf(stderr, "litsi: write error on standard output: %s\n", strerror(errno));
		return EXIT_ENV;
	}
	return code;
}

static int
run_cmd(const struct cmd *c, int argc, char **argv, struct litsi_ctx *ctx)
{
	int rc;
	bool wants_help = argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
				       !strcmp(argv[1], "--list-opts"));

	if (!wants_help && (c->flags & (CMD_DB_READ | CMD_DB_WRITE))) {
		enum store_mode m = (c->flags & CMD_DB_WRITE) ? STORE_RDWR : STORE_RDONLY;

		if (store_open(ctx->db_path, m, &ctx->st, &ctx->err)) {
			error("%s", ctx->err.msg);
			return err_exit_code(ctx->err.status);
		}
	}
	optind = 0;
	rc = c->fn(argc, argv, ctx);
	if (rc < 0) {
		if (ctx->err.msg[0])
			error("%s", ctx->err.msg);
		rc = err_exit_code(rc);
	}
	store_close(ctx->st);
	ctx->st = NULL;
	return rc;
}

/* "'x' is not a litsi command", with the closest command's name when one is close. */
static int
unknown_cmd(const char *name)
{
	const char *names[ARRAY_SIZE(commands) + 1];
	const char *hint;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(commands); i++)
		names[i] = commands[i].name;
	names[i] = "help";
	hint = suggest_name(name, names, ARRAY_SIZE(names));
	if (hint)
		error("'%s' is not a litsi command; did you mean '%s'? see 'litsi -h'", name, hint);
	else
		error("'%s' is not a litsi command; see 'litsi -h'", name);
	return EXIT_USAGE;
}

static int
help_cmd(int argc, char **argv, struct litsi_ctx *ctx)
{
	const struct cmd *c;
	char *args[] = { NULL, "-h", NULL };

	if (argc < 2) {
		print_usage(stdout);
		return EXIT_OK;
	}
	c = find_cmd(argv[1]);
	if (!c)
		return unknown_cmd(argv[1]);
	args[0] = argv[1];
	optind = 0;
	return c->fn(2, args, ctx);
}

static const char global_help[] = "-h";

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "version", no_argument, NULL, 'V' },
		{ "list-commands", no_argument, NULL, 'L' },
		{ "list-formats", no_argument, NULL, 'F' },
		{ NULL, 0, NULL, 0 },
	};
	struct litsi_ctx ctx = { .out = stdout };
	const struct cmd *c;
	int opt, quiet = 0, verbose = 0;
	size_t i;

	(void)global_help;
	/* getopt never prints: every option error is litsi's one message and the usage. */
	opterr = 0;
	signal(SIGPIPE, SIG_DFL);
	ctx.db_path = getenv("LITSI_DB");
	ctx.db_named = ctx.db_path && *ctx.db_path;
	if (!ctx.db_named)
		ctx.db_path = "litsi.db";
	while ((opt = getopt_long(argc, argv, "+C:d:hqv", opts, NULL)) != -1) {
		switch (opt) {
		case 'C':
			if (chdir(optarg)) {
				error("cannot change to '%s':", optarg);
				return EXIT_ENV;
			}
			break;
		case 'd':
			ctx.db_path = optarg;
			ctx.db_named = true;
			break;
		case 'h':
			print_usage(stdout);
			printf("\noptions:\n%s", cmd_help_options("")); /* lint-print: own text */
			return finish_stdout(EXIT_OK);
		case 'q':
			ctx.verbose = -1;
			quiet = 1;
			break;
		case 'v':
			ctx.verbose = ++verbose;
			break;
		case 'V':
			out_printf(stdout, "litsi %s\n", LITSI_VERSION);
			return finish_stdout(EXIT_OK);
		case 'L':
			for (i = 0; i < ARRAY_SIZE(commands); i++)
				out_printf(stdout, "%s\n", commands[i].name);
			return finish_stdout(EXIT_OK);
		case 'F':
			list_formats();
			return finish_stdout(EXIT_OK);
		default:
			print_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (quiet && verbose) {
		error("-q and -v contradict each other: give one of them");
		print_usage(stderr);
		return EXIT_USAGE;
	}
	if (optind >= argc) {
		print_usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[optind], "help"))
		return finish_stdout(help_cmd(argc - optind, argv + optind, &ctx));
	c = find_cmd(argv[optind]);
	if (!c)
		return unknown_cmd(argv[optind]);
	return finish_stdout(run_cmd(c, argc - optind, argv + optind, &ctx));
}
