/* SPDX-License-Identifier: MIT */
/*
 * merge.c: litsi merge: combine litsi databases (one per node, or per job)
 * into one, in one transaction.
 */
#include "cmd.h"

#include <signal.h>
#include <stdlib.h>

#include "litsi/merge.h"

static const char usage_str[] = "usage: litsi merge out.db in.db ...\n";

static const struct option longopts[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "list-opts", no_argument, NULL, 'L' },
	{ NULL, 0, NULL, 0 },
};

/* The signal that stopped the merge (SIGINT, SIGTERM), or 0. */
static volatile sig_atomic_t stopped_by;

static void
on_signal(int sig)
{
	stopped_by = sig;
}

/*
 * The merge under SIGINT/SIGTERM: a signal stops it, the output is left as
 * it was (the transaction rolled back, a new output's temporary file
 * removed) and the exit status is 128 + the signal (130, 143). The handler
 * stays until the process exits: a signal after the output is published
 * finds the merge done (its summary printed, exit 0), where the default
 * action would kill a finished merge on its way out (exit 143, no word).
 */
static int
merge_signalled(const char *out, const char *const *inputs, size_t n,
		struct merge_stats *stats, struct err *err)
{
	struct sigaction sa = { .sa_handler = on_signal };
	int rc;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	rc = merge_databases(out, inputs, n, &stopped_by, stats, err);
	if (rc && stopped_by) {
		error("%s: interrupted; the output is unchanged", out);
		return 128 + stopped_by;
	}
	return rc;
}

int
cmd_merge(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct merge_stats *stats, sum = { 0 };
	const char *const *inputs;
	size_t n, i;
	int opt, rc;

	opterr = 0;
	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'h':
			return cmd_help(ctx, usage_str);
		case 'L':
			return cmd_list_opts(ctx, longopts);
		default:
			return cmd_getopt_error("merge", usage_str, argv);
		}
	}
	if (argc - optind < 2)
		return cmd_usage_error("merge", usage_str,
				       argc - optind ? "no input database given"
						     : "no output database given");
	inputs = (const char *const *)argv + optind + 1;
	n = (size_t)(argc - optind - 1);
	stats = xcalloc(n, sizeof(*stats));
	rc = merge_signalled(argv[optind], inputs, n, stats, &ctx->err);
	if (rc) {
		free(stats);
		return rc;
	}
	for (i = 0; i < n; i++) {
		sum.sources += stats[i].sources;
		sum.sources_added += stats[i].sources_added;
		sum.kernels_added += stats[i].kernels_added;
		if (ctx->verbose < 0)
			continue;
		out_printf(ctx->out, "%s: %lld node%s, %lld sources (%lld added, %lld already present),"
			" %lld kernels added\n",
			inputs[i], (long long)stats[i].nodes, stats[i].nodes == 1 ? "" : "s",
			(long long)stats[i].sources, (long long)stats[i].sources_added,
			(long long)(stats[i].sources - stats[i].sources_added),
			(long long)stats[i].kernels_added);
	}
	if (ctx->verbose >= 0 && n > 1)
		fprintf(ctx->out, "merged %zu databases: %lld sources added, %lld already present\n",
			n, (long long)sum.sources_added, (long long)(sum.sources - sum.sources_added));
	free(stats);
	return EXIT_OK;
}
