/* SPDX-License-Identifier: MIT */
/*
 * corr.c: litsi corr: Pearson r and cosine similarity between overlap ratio
 * and duration per (kernel name, GPU) over the node's samples, and per kernel
 * name across the GPUs of each matched instance (METHOD.md §2).
 */
#include "anaload.h"
#include "litsi/overlap.h"
#include "litsi/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage_str[] =
	"usage: litsi corr [--node name] [--gpu n] [--comm-pattern regex] [--format fmt]\n";

static const struct option longopts[] = {
	{ "comm-pattern", required_argument, NULL, 'c' },
	{ "format", required_argument, NULL, 'F' },
	{ "gpu", required_argument, NULL, 'g' },
	{ "help", no_argument, NULL, 'h' },
	{ "list-opts", no_argument, NULL, 'L' },
	{ "node", required_argument, NULL, 'n' },
	{ NULL, 0, NULL, 0 },
};

struct corr_opts {
	const char *node, *comm_re;
	int gpu;
	enum fmt_kind kind;
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

/* Accumulators indexed by name id: per GPU series and across-GPU means. */
struct corr_acc {
	struct stats_corr *per;	/* [nr_names * G] */
	size_t nr_names, G;
	size_t *inst, *rdef, *cdef;	/* [nr_names] */
	double *rsum, *csum;		/* [nr_names] */
};

static void
acc_grow(struct corr_acc *a, uint32_t id)
{
	size_t old = a->nr_names, want;

	if (id < old)
		return;
	want = (size_t)id + 1 > old * 2 ? (size_t)id + 1 : old * 2;
	a->per = xrealloc(a->per, want * a->G * sizeof(*a->per));
	memset(a->per + old * a->G, 0, (want - old) * a->G * sizeof(*a->per));
#define GROW(p)                                                              \
	do {                                                                 \
		(p) = xrealloc((p), want * sizeof(*(p)));                    \
		memset((p) + old, 0, (want - old) * sizeof(*(p)));          \
	} while (0)
	GROW(a->inst);
	GROW(a->rdef);
	GROW(a->cdef);
	GROW(a->rsum);
	GROW(a->csum);
#undef GROW
	a->nr_names = want;
}

static void
acc_gpu(struct corr_acc *a, size_t g, const struct kspan *k, size_t n)
{
	struct ival *u = xmalloc((n + 1) * sizeof(*u));
	int64_t *ov = xmalloc((n + 1) * sizeof(*ov));
	double *ratio = xmalloc((n + 1) * sizeof(*ratio));
	size_t nu = overlap_comm_union(k, n, u), i;

	overlap_kernels(k, n, u, nu, ov, ratio);
	for (i = 0; i < n; i++) {
		if (k[i].kclass != KCLASS_COMPUTE)
			continue;
		acc_grow(a, k[i].name_id);
		stats_corr_add(&a->per[(size_t)k[i].name_id * a->G + g], ratio[i],
			       (double)ival_len(k[i].start_ns, k[i].end_ns));
	}
	free(u);
	free(ov);
	free(ratio);
}

static void
acc_across(struct corr_acc *a, const struct match *m)
{
	double *x = xmalloc((m->G + 1) * sizeof(*x)), *y = xmalloc((m->G + 1) * sizeof(*y));
	size_t k, g;

	for (k = 0; k < m->K; k++) {
		uint32_t id = m->name_id[k];
		double r, c;

		for (g = 0; g < m->G; g++) {
			x[g] = m->ratio[g * m->K + k];
			y[g] = (double)m->dur[g * m->K + k];
		}
		r = stats_pearson(x, y, m->G);
		c = stats_cosine(x, y, m->G);
		acc_grow(a, id);
		a->inst[id]++;
		if (!isnan(r)) {
			a->rdef[id]++;
			a->rsum[id] += r;
		}
		if (!isnan(c)) {
			a->cdef[id]++;
			a->csum[id] += c;
		}
	}
	free(x);
	free(y);
}

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
print_acc(struct litsi_ctx *ctx, struct fmt *f, const struct corr_opts *o, struct ana_node *nd,
	  struct corr_acc *a)
{
	struct name_ref *names = xmalloc((a->nr_names + 1) * sizeof(*names));
	size_t nn = 0, i, g;

	for (i = 0; i < a->nr_names; i++)
		for (g = 0; g < a->G; g++)
			if (a->per[i * a->G + g].n) {
				names[nn++] = (struct name_ref){ store_name(ctx->st, (uint32_t)i),
								 (uint32_t)i };
				break;
			}
	qsort(names, nn, sizeof(*names), cmp_name_ref);
	fmt_begin(f, "corr", corr_cols, ARRAY_SIZE(corr_cols));
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
			fmt_str(f, names[i].name);
			fmt_end_row(f);
		}
		fmt_break(f);
	}
	fmt_end(f);
	fmt_begin(f, "corr_across_gpus", across_cols, ARRAY_SIZE(across_cols));
	for (i = 0; i < nn; i++) {
		uint32_t id = names[i].id;

		if (!a->inst[id])
			continue;
		fmt_int(f, (int64_t)a->inst[id]);
		fmt_int(f, (int64_t)a->rdef[id]);
		fmt_dbl(f, a->rdef[id] ? a->rsum[id] / (double)a->rdef[id] : NAN);
		fmt_dbl(f, a->cdef[id] ? a->csum[id] / (double)a->cdef[id] : NAN);
		fmt_str(f, names[i].name);
		fmt_end_row(f);
	}
	fmt_end(f);
	free(names);
}

static int
run_node(struct litsi_ctx *ctx, struct fmt *f, const struct corr_opts *o,
	 const struct node_row *node)
{
	struct ana_node nd;
	struct corr_acc a = { 0 };
	size_t s, g;
	int rc;

	rc = ana_node_open(ctx, node->id, o->comm_re, &nd);
	if (rc)
		goto out;
	if (o->gpu >= 0 && ana_gpu_index(&nd, o->gpu) < 0) {
		rc = err_set(&ctx->err, LITSI_EUSAGE, "node '%s' has no GPU %d", node->name,
			     o->gpu);
		goto out;
	}
	a.G = nd.G;
	fmt_note(f, "node", "%s", node->name);
	for (s = 0; s < nd.nsteps; s++) {
		struct match m;

		rc = ana_load_sample(ctx, &nd, nd.steps[s]);
		if (rc)
			goto out;
		for (g = 0; g < nd.G; g++)
			acc_gpu(&a, g, nd.kern[g], nd.nk[g]);
		lead_match(nd.G, (const struct kspan *const *)nd.kern, nd.nk, &m);
		acc_across(&a, &m);
		match_release(&m);
	}
	print_acc(ctx, f, o, &nd, &a);
out:
	free(a.per);
	free(a.inst);
	free(a.rdef);
	free(a.cdef);
	free(a.rsum);
	free(a.csum);
	ana_node_release(&nd);
	return rc;
}

static int
parse_args(int argc, char **argv, struct litsi_ctx *ctx, struct corr_opts *o)
{
	int opt;

	opterr = 0;
	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'c':
			o->comm_re = optarg;
			break;
		case 'F':
			if (cmd_format("corr", usage_str, optarg, &o->kind))
				return EXIT_USAGE;
			break;
		case 'g':
			if (parse_int(optarg, 0, 1 << 20, &o->gpu))
				return cmd_usage_error("corr", usage_str, "invalid --gpu '%s'",
						       optarg);
			break;
		case 'h':
			return cmd_help(ctx, usage_str) - 100;
		case 'L':
			return cmd_list_opts(ctx, longopts) - 100;
		case 'n':
			o->node = optarg;
			break;
		default:
			return cmd_getopt_error("corr", usage_str, argv);
		}
	}
	if (optind < argc)
		return cmd_usage_error("corr", usage_str, "unexpected argument '%s'",
				       argv[optind]);
	return 0;
}

/* run_node() through cmd_each_node()'s untyped options. */
static int
node_fn(struct litsi_ctx *ctx, struct fmt *f, const void *o, const struct node_row *node)
{
	return run_node(ctx, f, o, node);
}

int
cmd_corr(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct corr_opts o = { .gpu = -1, .kind = fmt_default_kind(ctx->out) };
	int rc;

	rc = parse_args(argc, argv, ctx, &o);
	if (rc)
		return rc < 0 ? rc + 100 : rc;
	return cmd_each_node(ctx, o.node, o.kind, node_fn, &o);
}
