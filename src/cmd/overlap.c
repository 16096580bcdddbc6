/* SPDX-License-Identifier: MIT */
/*
 * overlap.c: litsi overlap: per compute kernel (or operation, layer) the
 * overlap with the union of its GPU's comm kernels (METHOD.md §1). By default
 * the per-GPU summary and the HTA and TraceLens whole-trace figures; --kernels
 * every kernel instance, --by operation|layer per group.
 */
#include "cmd.h"
#include "litsi/plot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage_str[] =
	"usage: litsi overlap [--node name] [--gpu n] [--sample n] [--summary | --kernels |\n"
	"                     --by kernel|operation|layer] [--comm-pattern regex] [--format fmt]\n";

static const struct option longopts[] = {
	{ "by", required_argument, NULL, 'b' },
	SHARED_OPT("comm-pattern", SO_COMM),
	SHARED_OPT("format", SO_FORMAT),
	{ "gpu", required_argument, NULL, 'g' },
	{ "help", no_argument, NULL, 'h' },
	{ "kernels", no_argument, NULL, 'K' },
	{ "list-opts", no_argument, NULL, 'L' },
	SHARED_OPT("node", SO_NODE),
	{ "sample", required_argument, NULL, 's' },
	{ "summary", no_argument, NULL, 'S' },
	{ NULL, 0, NULL, 0 },
};

struct overlap_opts {
	struct shared_opts so;
	struct overlap_render r;
	bool kernels, by;	/* --kernels, --by given */
};

static const struct fmt_col kernel_cols[] = {
	{ "gpu", FT_INT, 0 },	     { "sample", FT_INT, 0 },	   { "start_ns", FT_INT, 0 },
	{ "dur_ns", FT_INT, 0 },     { "overlap_ns", FT_INT, 0 }, { "ratio_pct", FT_DBL, 2 },
	{ "kernel", FT_STR, 0 },
};

static const struct fmt_col group_cols[] = {
	{ "gpu", FT_INT, 0 },	     { "sample", FT_INT, 0 },	   { "kernels", FT_INT, 0 },
	{ "start_ns", FT_INT, 0 },   { "span_ns", FT_INT, 0 },	   { "kernel_ns", FT_INT, 0 },
	{ "overlap_ns", FT_INT, 0 }, { "ratio_pct", FT_DBL, 2 },   { "name", FT_STR, 0 },
};

static const struct fmt_col summary_cols[] = {
	{ "gpu", FT_INT, 0 },		  { "sample", FT_INT, 0 },
	{ "compute_kernels", FT_INT, 0 }, { "compute_ms", FT_DBL, 3 },
	{ "comm_kernels", FT_INT, 0 },	  { "comm_ms", FT_DBL, 3 },
	{ "overlap_pct", FT_DBL, 1 },	  { "kernel_mean_pct", FT_DBL, 1 },
	{ "note", FT_STR, 0 },
};

/* The whole-trace figures: litsi's comm-side overlap, then the peers' own. */
static const struct fmt_col peer_cols[] = {
	{ "gpu", FT_INT, 0 },		       { "comm_hidden_pct", FT_DBL, 1 },
	{ "hta_comm_overlap_pct", FT_DBL, 2 }, { "tl_events", FT_INT, 0 },
	{ "total_ms", FT_DBL, 3 },	       { "computation_ms", FT_DBL, 3 },
	{ "exposed_comm_ms", FT_DBL, 3 },      { "exposed_memcpy_ms", FT_DBL, 3 },
	{ "busy_ms", FT_DBL, 3 },	       { "idle_ms", FT_DBL, 3 },
	{ "total_comm_ms", FT_DBL, 3 },	       { "note", FT_STR, 0 },
};

static double
ms(int64_t ns)
{
	return (double)ns / 1e6;
}

static void
print_kernels(struct litsi_ctx *ctx, struct fmt *f, bool labels, int dev, int64_t step,
	      const struct kspan *k, size_t n, const int64_t *ov, const double *ratio)
{
	char label[PLOT_LABEL_MAX + 32];
	size_t i;

	for (i = 0; i < n; i++) {
		if (k[i].kclass != KCLASS_COMPUTE)
			continue;
		fmt_int(f, dev);
		fmt_int(f, step);
		fmt_int(f, k[i].start_ns);
		fmt_int(f, ival_len(k[i].start_ns, k[i].end_ns));
		fmt_int(f, ov[i]);
		fmt_dbl(f, ratio[i]);
		if (labels) {
			plot_label(store_name(ctx->st, k[i].name_id), k[i].name_id, label,
				   sizeof(label));
			fmt_str(f, label);
		} else {
			fmt_str(f, store_name(ctx->st, k[i].name_id));
		}
		fmt_end_row(f);
	}
}

static int
print_groups(struct litsi_ctx *ctx, struct fmt *f, const struct overlap_render *o,
	     const struct gpu_row *gpu, int64_t step, const struct kspan *k, size_t n,
	     const struct ival *u, size_t nu)
{
	struct overlap_group *gr;
	size_t ng, unassigned, na, i;

	if (res_load_groups(ctx->st, gpu, k, n, u, nu, o->by == RES_BY_LAYER, &gr, &ng, &unassigned,
			    &na, &ctx->err))
		return ctx->err.status;
	for (i = 0; i < ng; i++) {
		fmt_int(f, gpu->device);
		fmt_int(f, step);
		fmt_int(f, (int64_t)gr[i].nk);
		fmt_int(f, gr[i].start_ns);
		fmt_int(f, ival_len(gr[i].start_ns, gr[i].end_ns));
		fmt_int(f, gr[i].kernel_ns);
		fmt_int(f, gr[i].overlap_ns);
		fmt_dbl(f, gr[i].ratio);
		fmt_str(f, store_name(ctx->st, gr[i].name_id));
		fmt_end_row(f);
	}
	if (unassigned) {
		fmt_int(f, gpu->device);
		fmt_int(f, step);
		fmt_int(f, (int64_t)unassigned);
		for (i = 0; i < 4; i++)
			fmt_int(f, 0);
		fmt_dbl(f, NAN);
		fmt_str(f, "(no annotation)");
		fmt_end_row(f);
	}
	free(gr);
	return 0;
}

static void
print_summary_row(struct fmt *f, int dev, int64_t step, const struct res_overlap_gpu *o)
{
	const struct overlap_summary *s = &o->s;

	fmt_int(f, dev);
	fmt_int(f, step);
	fmt_int(f, (int64_t)s->n_compute);
	fmt_dbl(f, ms(s->compute_ns));
	fmt_int(f, (int64_t)s->n_comm);
	fmt_dbl(f, ms(s->comm_ns));
	fmt_dbl(f, o->overlap_pct);
	fmt_dbl(f, o->kernel_mean_pct);
	fmt_str(f, !s->n_comm ? "no communication" : s->n_compute ? "-" : "no computation");
	fmt_end_row(f);
}

/* One GPU's kernels of one sample: per kernel, per group or summary rows. */
static int
gpu_sample(struct litsi_ctx *ctx, struct fmt *f, const struct overlap_render *o,
	   const struct gpu_row *gpu, int64_t step, const struct kspan *k, size_t n)
{
	struct res_overlap_gpu og;
	int rc = 0;

	res_overlap_gpu(k, n, &og);
	if (o->summary)
		print_summary_row(f, gpu->device, step, &og);
	else if (o->by == RES_BY_KERNEL)
		print_kernels(ctx, f, o->labels, gpu->device, step, k, n, og.ov, og.ratio);
	else
		rc = print_groups(ctx, f, o, gpu, step, k, n, og.u, og.nu);
	res_overlap_gpu_release(&og);
	return rc;
}

/* The note of a peer row: which side sees no communication. */
static const char *
peer_note(double hta, double own)
{
	if (isnan(hta) && isnan(own))
		return "no communication";
	if (isnan(hta))
		return "no communication in HTA's events";
	return isnan(own) ? "no communication by litsi's classes" : "-";
}

static int
print_peers(struct litsi_ctx *ctx, struct fmt *f, const struct overlap_render *o,
	    struct res_node *nd)
{
	size_t g;

	fmt_note(f, "whole_trace",
		 "comm_hidden_pct: share of communication time that runs while computation runs "
		 "(litsi's kernel classes); the peers' own figures: hta_comm_overlap_pct is "
		 "HolisticTraceAnalysis's get_comm_comp_overlap (the same meaning by HTA's "
		 "rules), the _ms columns TraceLens's GPU timeline");
	fmt_begin(f, "peer_figures", peer_cols, ARRAY_SIZE(peer_cols));
	for (g = 0; g < nd->G; g++) {
		struct res_peer p;

		if (o->gpu >= 0 && nd->gpus[g].device != o->gpu)
			continue;
		if (res_peer_load(nd, g, &p, &ctx->err))
			return ctx->err.status;
		fmt_int(f, nd->gpus[g].device);
		fmt_dbl(f, p.own_pct);
		fmt_dbl(f, p.hta_pct);
		fmt_int(f, (int64_t)p.tl.events);
		fmt_dbl(f, p.tl.total / 1e3);
		fmt_dbl(f, p.tl.computation / 1e3);
		fmt_dbl(f, p.tl.exposed_comm / 1e3);
		fmt_dbl(f, p.tl.exposed_memcpy / 1e3);
		fmt_dbl(f, p.tl.busy / 1e3);
		fmt_dbl(f, p.tl.idle / 1e3);
		fmt_dbl(f, p.tl.total_comm / 1e3);
		fmt_str(f, peer_note(p.hta_pct, p.own_pct));
		fmt_end_row(f);
	}
	fmt_end(f);
	return 0;
}

static const struct fmt_col gpus_cols[] = {
	{ "gpu", FT_INT, 0 },	      { "samples", FT_INT, 0 }, { "overlap_pct", FT_DBL, 1 },
	{ "min_pct", FT_DBL, 1 },     { "max_pct", FT_DBL, 1 },
};

/*
 * Table "overlap_gpus": per GPU the mean over samples of the duration-weighted
 * overlap (the report's overlap_pct, res_overlap_spread()) and its range.
 */
static int
print_gpus(struct litsi_ctx *ctx, struct fmt *f, const struct overlap_render *o,
	   const struct node_row *node)
{
	struct res_opts ro;
	struct res_model n;
	size_t g;
	int rc;

	res_opts_default(&ro);
	if (o->comm_re)
		ro.comm_re = o->comm_re;
	rc = res_model_load(ctx->st, node, &ro, false, &n, &ctx->err);
	if (!rc) {
		fmt_note(f, "per_gpu",
			 "per GPU the mean over samples of overlap_pct (the report's "
			 "overlap_pct) and the samples' range; each sample's rows follow");
		fmt_begin(f, "overlap_gpus", gpus_cols, ARRAY_SIZE(gpus_cols));
		for (g = 0; g < n.nd.G; g++) {
			struct res_overlap_spread sp;

			if (o->gpu >= 0 && n.nd.gpus[g].device != o->gpu)
				continue;
			res_overlap_spread(&n, g, &sp);
			fmt_int(f, n.nd.gpus[g].device);
			fmt_int(f, (int64_t)sp.samples);
			fmt_dbl(f, sp.mean);
			fmt_dbl(f, sp.min);
			fmt_dbl(f, sp.max);
			fmt_end_row(f);
		}
		fmt_end(f);
	}
	res_model_release(&n);
	return rc;
}

static void
begin_table(struct fmt *f, const struct overlap_render *o)
{
	if (o->summary) {
		fmt_note(f, "overlap",
			 "overlap_pct: share of computation time that runs while communication "
			 "runs (litsi's overlap, duration-weighted); kernel_mean_pct: the same "
			 "per compute kernel, averaged unweighted");
		fmt_begin(f, "overlap_summary", summary_cols, ARRAY_SIZE(summary_cols));
	}
	else if (o->by == RES_BY_KERNEL)
		fmt_begin(f, "overlap", kernel_cols, ARRAY_SIZE(kernel_cols));
	else
		fmt_begin(f, o->by == RES_BY_LAYER ? "overlap_layers" : "overlap_operations",
			  group_cols, ARRAY_SIZE(group_cols));
}

int
overlap_render_node(struct litsi_ctx *ctx, struct fmt *f, const struct overlap_render *o,
		    const struct node_row *node)
{
	struct res_node nd;
	size_t s, g;
	int rc;

	rc = res_node_open(ctx->st, node, o->comm_re, &nd, &ctx->err);
	if (rc)
		goto out;
	fmt_note(f, "node", "%s", node->name);
	if (o->gpu >= 0 && res_gpu_index(&nd, o->gpu) < 0) {
		rc = err_set(&ctx->err, LITSI_EUSAGE, "node '%s' has no GPU %d", node->name,
			     o->gpu);
		goto out;
	}
	if (o->summary && o->per_gpu && !o->has_sample) {
		rc = print_gpus(ctx, f, o, node);
		if (rc)
			goto out;
	}
	begin_table(f, o);
	for (s = 0; s < nd.nsteps; s++) {
		if (o->has_sample && nd.steps[s] != o->sample)
			continue;
		rc = res_load_sample(&nd, nd.steps[s], &ctx->err);
		for (g = 0; !rc && g < nd.G; g++) {
			if (o->gpu >= 0 && nd.gpus[g].device != o->gpu)
				continue;
			rc = gpu_sample(ctx, f, o, &nd.gpus[g], nd.steps[s], nd.kern[g], nd.nk[g]);
			if (!o->summary)
				fmt_break(f);
		}
		if (rc)
			goto out;
	}
	fmt_end(f);
	if (o->summary)
		rc = print_peers(ctx, f, o, &nd);
out:
	res_node_release(&nd);
	return rc;
}

static int
parse_args(int argc, char **argv, struct litsi_ctx *ctx, struct overlap_opts *o)
{
	int opt, rc;

	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'b':
			o->by = true;
			if (!strcmp(optarg, "kernel"))
				o->r.by = RES_BY_KERNEL;
			else if (!strcmp(optarg, "operation"))
				o->r.by = RES_BY_OPERATION;
			else if (!strcmp(optarg, "layer"))
				o->r.by = RES_BY_LAYER;
			else
				return cmd_usage_error("overlap", usage_str,
						       "invalid --by '%s' (expected kernel, "
						       "operation or layer)", optarg);
			break;
		case 'g':
			if (parse_int(optarg, 0, 1 << 20, &o->r.gpu))
				return cmd_usage_error("overlap", usage_str, "invalid --gpu '%s'",
						       optarg);
			break;
		case 'h':
			return cmd_help(ctx, usage_str) - CMD_ANSWERED;
		case 'K':
			o->kernels = true;
			break;
		case 'L':
			return cmd_list_opts(ctx, longopts) - CMD_ANSWERED;
		case 's':
			if (parse_i64(optarg, -1, INT64_MAX, &o->r.sample))
				return cmd_usage_error("overlap", usage_str,
						       "invalid --sample '%s'", optarg);
			o->r.has_sample = true;
			break;
		case 'S':
			o->r.summary = true;
			break;
		default:
			rc = cmd_shared_opt("overlap", usage_str, opt, optarg, &o->so);
			if (rc < 0)
				return cmd_getopt_error("overlap", usage_str, argv);
			if (rc)
				return rc;
		}
	}
	if (optind < argc)
		return cmd_usage_error("overlap", usage_str, "unexpected argument '%s'",
				       argv[optind]);
	if (o->r.summary && (o->by || o->kernels))
		return cmd_usage_error("overlap", usage_str,
				       "--summary and %s contradict each other: --summary rows are "
				       "per GPU and sample, not per %s", o->by ? "--by" : "--kernels",
				       o->by ? "group" : "kernel");
	if (o->kernels && o->by && o->r.by != RES_BY_KERNEL)
		return cmd_usage_error("overlap", usage_str,
				       "--kernels and --by %s contradict each other",
				       o->r.by == RES_BY_LAYER ? "layer" : "operation");
	/* The summary answers; every kernel instance only when asked for. */
	o->r.summary = !o->kernels && !o->by;
	o->r.per_gpu = o->r.summary;
	return 0;
}

/* overlap_render_node() through cmd_each_node()'s untyped options. */
static int
node_fn(struct litsi_ctx *ctx, struct fmt *f, const void *o, const struct node_row *node)
{
	return overlap_render_node(ctx, f, o, node);
}

int
cmd_overlap(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct overlap_opts o = { .r = { .gpu = -1 } };
	int rc;

	shared_opts_init(&o.so, ctx);
	rc = parse_args(argc, argv, ctx, &o);
	if (rc)
		return rc < 0 ? rc + CMD_ANSWERED : rc;
	o.r.comm_re = o.so.res.comm_re;
	return cmd_each_node(ctx, &o.so, node_fn, &o.r);
}
