/* SPDX-License-Identifier: MIT */
/*
 * corr.c: litsi corr: Pearson r and cosine similarity between overlap ratio
 * and duration per (kernel name, GPU) over the node's samples, and per kernel
 * name across the GPUs of each matched instance (METHOD.md §2). With --by
 * operation|layer the key is the annotation of a group of kernels and x, y
 * are the group's ratio and span (METHOD.md §1).
 */
#include "cmd.h"
#include "litsi/plot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage_str[] =
	"usage: litsi corr [--node name] [--gpu n] [--by kernel|operation|layer]\n"
	"                  [--comm-pattern regex] [--format fmt]\n";

static const struct option longopts[] = {
	{ "by", required_argument, NULL, 'b' },
	SHARED_OPT("comm-pattern", SO_COMM),
	SHARED_OPT("format", SO_FORMAT),
	{ "gpu", required_argument, NULL, 'g' },
	{ "help", no_argument, NULL, 'h' },
	{ "list-opts", no_argument, NULL, 'L' },
	SHARED_OPT("node", SO_NODE),
	{ NULL, 0, NULL, 0 },
};

static const char *const by_name[] = { "kernel", "operation", "layer" };

struct corr_opts {
	struct shared_opts so;
	struct corr_render r;
};

static const struct fmt_col corr_cols[] = {
	{ "gpu", FT_INT, 0 },	   { "n", FT_INT, 0 },	      { "pearson", FT_DBL, 4 },
	{ "cosine", FT_DBL, 4 },   { "kernel", FT_STR, 0 },
};

static const struct fmt_col across_cols[] = {
	{ "instances", FT_INT, 0 },	{ "defined", FT_INT, 0 },
	{ "mean_pearson", FT_DBL, 4 }, { "mean_cosine", FT_DBL, 4 },
	{ "kernel", FT_STR, 0 },
};

struct name_ref {
	const char *name;
	uint32_t id;
};

static int
cmp_name_ref(const void *pa, const void *pb)
{
	const struct name_ref *a = pa, *b = pb;
	int c = strcmp(a->name, b->name);

	return c ? c : (a->id < b->id ? -1 : a->id > b->id);
}

static void
print_acc(struct litsi_ctx *ctx, struct fmt *f, const struct corr_render *o, struct res_node *nd,
	  struct res_corr *a)
{
	struct name_ref *names = xmalloc((a->nr_names + 1) * sizeof(*names));
	char **label = o->labels ? xcalloc(a->nr_names + 1, sizeof(*label)) : NULL;
	struct fmt_col cols[ARRAY_SIZE(corr_cols)], across[ARRAY_SIZE(across_cols)];
	size_t nn = 0, i, g;

	/* The key column is named after --by: kernel, operation or layer. */
	memcpy(cols, corr_cols, sizeof(cols));
	memcpy(across, across_cols, sizeof(across));
	cols[ARRAY_SIZE(cols) - 1].name = by_name[o->by];
	across[ARRAY_SIZE(across) - 1].name = by_name[o->by];

	for (i = 0; i < a->nr_names; i++)
		for (g = 0; g < a->G; g++)
			if (a->per[i * a->G + g].n) {
				names[nn++] = (struct name_ref){ store_name(ctx->st, (uint32_t)i),
								 (uint32_t)i };
				if (label) {
					label[i] = xmalloc(PLOT_LABEL_MAX + 32);
					plot_label(names[nn - 1].name, i, label[i],
						   PLOT_LABEL_MAX + 32);
				}
				break;
			}
	qsort(names, nn, sizeof(*names), cmp_name_ref);
	fmt_begin(f, "corr", cols, ARRAY_SIZE(cols));
	for (g = 0; g < a->G; g++) {
		if (o->gpu >= 0 && nd->gpus[g].device != o->gpu)
			continue;
		for (i = 0; i < nn; i++) {
			const struct stats_corr *c = &a->per[(size_t)names[i].id * a->G + g];

			if (!c->n)
				continue;
			fmt_int(f, nd->gpus[g].device);
			fmt_int(f, (int64_t)c->n);
			fmt_dbl(f, stats_corr_pearson(c));
			fmt_dbl(f, stats_corr_cosine(c));
			fmt_str(f, label ? label[names[i].id] : names[i].name);
			fmt_end_row(f);
		}
		fmt_break(f);
	}
	fmt_end(f);
	fmt_begin(f, "corr_across_gpus", across, ARRAY_SIZE(across));
	for (i = 0; i < nn; i++) {
		uint32_t id = names[i].id;

		if (!a->inst[id])
			continue;
		fmt_int(f, (int64_t)a->inst[id]);
		fmt_int(f, (int64_t)a->rdef[id]);
		fmt_dbl(f, a->rdef[id] ? a->rsum[id] / (double)a->rdef[id] : NAN);
		fmt_dbl(f, a->cdef[id] ? a->csum[id] / (double)a->cdef[id] : NAN);
		fmt_str(f, label ? label[id] : names[i].name);
		fmt_end_row(f);
	}
	fmt_end(f);
	for (i = 0; label && i < a->nr_names; i++)
		free(label[i]);
	free(label);
	free(names);
}

int
corr_render_node(struct litsi_ctx *ctx, struct fmt *f, const struct corr_render *o,
		 const struct node_row *node)
{
	struct res_node nd;
	struct res_corr a;
	int rc;

	memset(&a, 0, sizeof(a));
	rc = res_node_open(ctx->st, node, o->comm_re, &nd, &ctx->err);
	if (rc)
		goto out;
	if (o->gpu >= 0 && res_gpu_index(&nd, o->gpu) < 0) {
		rc = err_set(&ctx->err, LITSI_EUSAGE, "node '%s' has no GPU %d", node->name,
			     o->gpu);
		goto out;
	}
	fmt_note(f, "node", "%s", node->name);
	if ((rc = res_corr_eval(&nd, o->by, &a, &ctx->err)))
		goto out;
	if (o->by != RES_BY_KERNEL) {
		if (!a.annotations) {
			rc = err_set(&ctx->err, LITSI_EUSAGE,
				     "node '%s' has no annotations to group kernels by (--by %s "
				     "needs user_annotation or gpu_user_annotation ranges)",
				     node->name, by_name[o->by]);
			goto out;
		}
		fmt_note(f, "kernels_outside_annotations", "%zu", a.unassigned);
	}
	print_acc(ctx, f, o, &nd, &a);
out:
	res_corr_release(&a);
	res_node_release(&nd);
	return rc;
}

static int
parse_args(int argc, char **argv, struct litsi_ctx *ctx, struct corr_opts *o)
{
	size_t i;
	int opt, rc;

	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'b':
			for (i = 0; i < ARRAY_SIZE(by_name) && strcmp(optarg, by_name[i]); i++)
				;
			if (i == ARRAY_SIZE(by_name))
				return cmd_usage_error("corr", usage_str,
						       "invalid --by '%s' (expected kernel, "
						       "operation or layer)", optarg);
			o->r.by = (enum res_by)i;
			break;
		case 'g':
			if (parse_int(optarg, 0, 1 << 20, &o->r.gpu))
				return cmd_usage_error("corr", usage_str, "invalid --gpu '%s'",
						       optarg);
			break;
		case 'h':
			return cmd_help(ctx, usage_str) - CMD_ANSWERED;
		case 'L':
			return cmd_list_opts(ctx, longopts) - CMD_ANSWERED;
		default:
			rc = cmd_shared_opt("corr", usage_str, opt, optarg, &o->so);
			if (rc < 0)
				return cmd_getopt_error("corr", usage_str, argv);
			if (rc)
				return rc;
		}
	}
	if (optind < argc)
		return cmd_usage_error("corr", usage_str, "unexpected argument '%s'",
				       argv[optind]);
	return 0;
}

/* corr_render_node() through cmd_each_node()'s untyped options. */
static int
node_fn(struct litsi_ctx *ctx, struct fmt *f, const void *o, const struct node_row *node)
{
	return corr_render_node(ctx, f, o, node);
}

int
cmd_corr(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct corr_opts o = { .r = { .gpu = -1 } };
	int rc;

	shared_opts_init(&o.so, ctx);
	rc = parse_args(argc, argv, ctx, &o);
	if (rc)
		return rc < 0 ? rc + CMD_ANSWERED : rc;
	o.r.comm_re = o.so.res.comm_re;
	return cmd_each_node(ctx, &o.so, node_fn, &o.r);
}
