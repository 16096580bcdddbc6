/* SPDX-License-Identifier: MIT */
/*
 * fleet.c: litsi fleet: the fleet view of a merged database. Each row is one
 * node in one run: a run named at ingest (--run), else the node is one run
 * (named RUN/NODE by scripts/litsi-slurm.sh); its verdict, straggler, spreads and predicted
 * speedup are the node-results library's, the same values litsi check
 * prints, loaded by res_fleet_load() (src/results/fleet.c); src/analysis/fleet.c
 * gathers them across runs.
 */
#include "cmd.h"
#include "litsi/fleet.h"
#include "litsi/results.h"

#include <stdlib.h>
#include <string.h>

static const char usage_str[] =
	"usage: litsi fleet [-j n] [--recurring k/n] [--format {formats}]\n";

static const struct option longopts[] = {
	{ "format", required_argument, NULL, 'F' },
	{ "help", no_argument, NULL, 'h' },
	{ "jobs", required_argument, NULL, 'j' },
	{ "list-opts", no_argument, NULL, 'L' },
	{ "recurring", required_argument, NULL, 'r' },
	{ NULL, 0, NULL, 0 },
};

int
fleet_render(struct litsi_ctx *ctx, struct fmt *f, const struct fleet_params *p, unsigned jobs,
	     bool *any_straggler)
{
	struct res_fleet d;
	struct fleet_result r;
	int rc = res_fleet_load(ctx->st, ctx->db_path, jobs ? jobs : res_fleet_default_jobs(), &d,
				&ctx->err);

	if (!rc && !d.n)
		rc = err_set(&ctx->err, LITSI_EDATA, "the database holds no node; run litsi ingest "
						     "or litsi merge first");
	if (!rc) {
		size_t i;

		fleet_summarise(d.rows, d.n, p, &r);
		fleet_write(f, d.rows, d.n, p, &r);
		for (i = 0; any_straggler && i < r.nnodes * r.ndevices; i++)
			*any_straggler = *any_straggler || r.heat[i];
		fleet_result_release(&r);
	}
	res_fleet_release(&d);
	return rc;
}

int
cmd_fleet(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct fleet_params p;
	enum fmt_kind kind = fmt_default_kind(ctx->out);
	struct fmt *f;
	int opt, rc, jobs = 0;

	fleet_params_default(&p);
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "hj:", longopts, NULL)) != -1) {
		switch (opt) {
		case 'j':
			if (parse_int(optarg, 1, 1024, &jobs))
				return cmd_usage_error("fleet", usage_str,
						       "invalid -j '%s' (1 to 1024)", optarg);
			break;
		case 'F':
			if ((rc = cmd_format("fleet", usage_str, optarg, &kind)))
				return rc;
			break;
		case 'h':
			return cmd_help(ctx, usage_str);
		case 'L':
			return cmd_list_opts(ctx, longopts);
		case 'r':
			if (fleet_parse_recurring(optarg, &p))
				return cmd_usage_error("fleet", usage_str,
						       "invalid --recurring '%s' (k/n, 1 <= k <= n "
						       "<= 1000)", optarg);
			break;
		default:
			return cmd_getopt_error("fleet", usage_str, argv);
		}
	}
	if (optind < argc)
		return cmd_usage_error("fleet", usage_str, "unexpected argument '%s'", argv[optind]);
	f = fmt_new(ctx->out, kind);
	rc = fleet_render(ctx, f, &p, (unsigned)jobs, NULL);
	fmt_free(f);
	return rc;
}
