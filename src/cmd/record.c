/* SPDX-License-Identifier: MIT */
/*
 * record.c: litsi record: run a command (a training job) and sample every GPU
 * of the machine while it runs (record/), then optionally ingest the folder.
 */
#include "cmd.h"
#include "litsi/record.h"
#include "litsi/util.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char usage_str[] =
	"usage: litsi record [-o dir] [-i ms] [--backend name] [--profiler nsys|rocprofv3]\n"
	"                    [--db file [--node name] [--run name]] [--] command [arg ...]\n";

static const struct option longopts[] = {
	{ "backend", required_argument, NULL, 'b' },
	{ "db", required_argument, NULL, 'D' },
	{ "help", no_argument, NULL, 'h' },
	{ "interval-ms", required_argument, NULL, 'i' },
	{ "list-opts", no_argument, NULL, 'L' },
	SHARED_OPT("node", SO_NODE),
	{ "output", required_argument, NULL, 'o' },
	{ "profiler", required_argument, NULL, 'p' },
	SHARED_OPT("run", SO_RUN),
	{ NULL, 0, NULL, 0 },
};

struct record_args {
	struct record_opts ro;
	struct shared_opts so;	/* --node, --run */
	const char *db, *profiler;
	char dir_buf[64];
};

static int
parse_value(int opt, const char *arg, struct record_args *a)
{
	uint64_t ms;

	switch (opt) {
	case 'b':
		if (record_backend_parse(arg, &a->ro.backend))
			return cmd_usage_error("record", usage_str, "invalid --backend '%s' "
					       "(auto, nvml, rocm-smi, nvidia-smi, amd-smi)", arg);
		return 0;
	case 'D':
		a->db = arg;
		return 0;
	case 'i':
		if (parse_u64(arg, 10, 60000, &ms))
			return cmd_usage_error("record", usage_str, "invalid --interval-ms '%s' "
					       "(10 to 60000)", arg);
		a->ro.interval_ms = (unsigned)ms;
		return 0;
	case 'o':
		if (!*arg)
			return cmd_usage_error("record", usage_str, "empty output folder name");
		a->ro.dir = arg;
		return 0;
	case 'p':
		if (strcmp(arg, "nsys") && strcmp(arg, "rocprofv3"))
			return cmd_usage_error("record", usage_str, "invalid --profiler '%s' "
					       "(nsys, rocprofv3)", arg);
		a->profiler = arg;
		return 0;
	}
	return cmd_shared_opt("record", usage_str, opt, arg, &a->so);
}

/* The default output folder: litsi-record-YYYYmmdd-HHMMSS (local time). */
static void
default_dir(struct record_args *a)
{
	time_t now = time(NULL);
	struct tm tm;

	localtime_r(&now, &tm);
	strftime(a->dir_buf, sizeof(a->dir_buf), "litsi-record-%Y%m%d-%H%M%S", &tm);
	a->ro.dir = a->dir_buf;
}

static int
parse_args(int argc, char **argv, struct litsi_ctx *ctx, struct record_args *a)
{
	int opt, rc;

	while ((opt = getopt_long(argc, argv, "+hi:o:", longopts, NULL)) != -1) {
		if (opt == 'h')
			return cmd_help(ctx, usage_str) - CMD_ANSWERED;
		if (opt == 'L')
			return cmd_list_opts(ctx, longopts) - CMD_ANSWERED;
		if (opt == '?' || opt == ':')
			return cmd_getopt_error("record", usage_str, argv);
		rc = parse_value(opt, optarg, a);
		if (rc < 0)
			return cmd_getopt_error("record", usage_str, argv);
		if (rc)
			return rc;
	}
	if (optind >= argc)
		return cmd_usage_error("record", usage_str, "no command given (litsi record -- "
				       "command [arg ...])");
	if ((a->so.node || a->so.res.run) && !a->db)
		return cmd_usage_error("record", usage_str, "--node and --run name what --db "
				       "ingests: give --db file");
	if (!a->ro.dir)
		default_dir(a);
	return 0;
}

static void
print_summary(const struct record_stats *st)
{
	double cpu_pct = st->wall_s > 0 ? 100.0 * st->cpu_s / st->wall_s : 0;

	if (st->gpus)
		fprintf(stderr, "litsi record: %llu readings of %u GPUs in %.1f s "
			"(%.1f a second each); sampler CPU %.2f%% of one core\n",
			(unsigned long long)st->readings, st->gpus, st->wall_s,
			st->wall_s > 0 ? (double)st->ticks / st->wall_s : 0, cpu_pct);
	else
		fprintf(stderr, "litsi record: %llu readings in %.1f s; sampler CPU %.2f%% "
			"of one core\n", (unsigned long long)st->readings, st->wall_s, cpu_pct);
}

/* Ingest the folder into --db (created when missing), as litsi ingest does. */
static int
ingest_folder(struct litsi_ctx *ctx, const struct record_args *a)
{
	char host[256] = "localhost", *paths[] = { (char *)a->ro.dir };
	const char *node = a->so.node;
	int rc;

	if (!node) {
		gethostname(host, sizeof(host) - 1);
		node = host;
	}
	ctx->db_path = a->db;
	rc = store_open(a->db, STORE_RDWR, &ctx->st, &ctx->err);
	if (rc)
		return rc;
	rc = ingest_paths(ctx, node, NULL, a->so.res.run, NULL, NULL, 1, paths);
	store_close(ctx->st);
	ctx->st = NULL;
	return rc;
}

/* LITSI_RECORD_DIR: where the command may write its traces (absolute). */
static void
export_dir(const char *dir)
{
	char *abs = realpath(dir, NULL);

	setenv("LITSI_RECORD_DIR", abs ? abs : dir, 1);
	free(abs);
}

/* Start the sampler, run the command, stop the sampler. Return: the command's status. */
static int
run_record(struct litsi_ctx *ctx, struct record_args *a, char **argv, int *status)
{
	struct recorder *r = NULL;
	struct record_stats st;
	char **cmd = argv, **wrapped = NULL;
	int rc;

	if (record_start(&a->ro, &r, &ctx->err))
		return ctx->err.status;
	if (ctx->verbose >= 0)
		out_printf(stderr, "litsi record: sampling with %s every %u ms into '%s'\n",
			record_backend_name(record_backend_of(r)), record_interval_ms(r),
			record_path(r));
	if (a->profiler)
		cmd = wrapped = record_wrap_profiler(a->profiler, a->ro.dir, argv);
	export_dir(a->ro.dir);
	/* Interrupted while the sampler started: the command is not started at all. */
	rc = record_pending_signal();
	if (rc) {
		*status = 128 + rc;
		rc = 0;
	} else {
		rc = record_run(cmd, status, &ctx->err);
	}
	if (!rc && ctx->err.msg[0]) {
		error("%s", ctx->err.msg);
		err_clear(&ctx->err);
	}
	if (record_stop(r, &st, &ctx->err)) {
		warn("%s", ctx->err.msg);
		err_clear(&ctx->err);
	}
	if (ctx->verbose >= 0)
		print_summary(&st);
	record_free(r);
	free(wrapped);
	return rc;
}

int
cmd_record(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct record_args a = { .ro = { .backend = REC_AUTO } };
	int rc, status = 0;

	shared_opts_init(&a.so, ctx);
	rc = parse_args(argc, argv, ctx, &a);
	if (rc)
		return rc < 0 ? EXIT_OK : rc;
	record_signals_block();
	rc = run_record(ctx, &a, argv + optind, &status);
	record_signals_restore();
	if (rc)
		return rc;
	if (a.db) {
		fflush(stdout);
		rc = ingest_folder(ctx, &a);
		/* The command's failure comes first; a failed ingest fails a good run. */
		if (status == 0)
			status = rc;
		else if (rc < 0 && ctx->err.msg[0])
			error("%s", ctx->err.msg);
	}
	return status;
}
