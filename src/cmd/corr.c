/* SPDX-License-Identifier: MIT */
/*
 * corr.c: litsi corr: Pearson r and cosine similarity between overlap ratio
 * and duration per (kernel name, GPU) over the node's samples, and per kernel
 * name across the GPUs of each matched instance (METHOD.md §2). With --by
 * operation|layer the key is the annotation of a group of kernels and x, y
 * are the group's ratio and span (METHOD.md §1).
 */
#include "anaload.h"
#include "litsi/overlap.h"
#include "litsi/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage_str[] =
	"usage: litsi corr [--node name] [--gpu n] [--by kernel|operation|layer]\n"
	"                  [--comm-pattern regex] [--format fmt]\n";

static const struct option longopts[] = {
	{ "by", required_argument, NULL, 'b' },
	{ "comm-pattern", required_argument, NULL, 'c' },
	{ "format", required_argument, NULL, 'F' },
	{ "gpu", required_argument, NULL, 'g' },
	{ "help", no_argument, NULL, 'h' },
	{ "list-opts", no_argument, NULL, 'L' },
	{ "node", required_argument, NULL, 'n' },
	{ NULL, 0, NULL, 0 },
};

enum corr_by { BY_KERNEL, BY_OPERATION, BY_LAYER };

static const char *const by_name[] = { "kernel", "operation", "layer" };

struct corr_opts {
	const char *node, *comm_re;
	int gpu;
	enum corr_by by;
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

/* One instance of key @id matched on all GPUs: r and cosine over the G pairs (x, y). */
static void
acc_instance(struct corr_acc *a, uint32_t id, const double *x, const double *y)
{
	double r = stats_pearson(x, y, a->G), c = stats_cosine(x, y, a->G);

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

static void
acc_across(struct corr_acc *a, const struct match *m)
{
	double *x = xmalloc((m->G + 1) * sizeof(*x)), *y = xmalloc((m->G + 1) * sizeof(*y));
	size_t k, g;

	for (k = 0; k < m->K; k++) {
		for (g = 0; g < m->G; g++) {
			x[g] = m->ratio[g * m->K + k];
			y[g] = (double)m->dur[g * m->K + k];
		}
		acc_instance(a, m->name_id[k], x, y);
	}
	free(x);
	free(y);
}

/* Totals of the annotation grouping over a node's samples. */
struct group_count {
	size_t annotations, unassigned;
};

/*
 * One sample with --by operation|layer: per GPU the groups' (ratio, span)
 * series, then the groups matched across the GPUs by (name, occurrence).
 */
static int
acc_groups(struct litsi_ctx *ctx, struct corr_acc *a, struct ana_node *nd, bool layers,
	   struct group_count *cnt)
{
	struct overlap_group **gr = xcalloc(nd->G + 1, sizeof(*gr));
	struct coll_inst **ci = xcalloc(nd->G + 1, sizeof(*ci));
	size_t *ng = xcalloc(nd->G + 1, sizeof(*ng));
	double *x = xmalloc((nd->G + 1) * sizeof(*x)), *y = xmalloc((nd->G + 1) * sizeof(*y));
	struct coll_match m = { 0 };
	size_t g, i, k;
	int rc = 0;

	for (g = 0; !rc && g < nd->G; g++) {
		struct ival *u = xmalloc((nd->nk[g] + 1) * sizeof(*u));
		size_t nu = overlap_comm_union(nd->kern[g], nd->nk[g], u), un, na;

		rc = ana_load_groups(ctx, &nd->gpus[g], nd->kern[g], nd->nk[g], u, nu, layers,
				     &gr[g], &ng[g], &un, &na);
		free(u);
		cnt->annotations += na;
		cnt->unassigned += un;
		ci[g] = xmalloc((ng[g] + 1) * sizeof(*ci[g]));
		for (i = 0; i < ng[g]; i++) {
			const struct overlap_group *o = &gr[g][i];

			acc_grow(a, o->name_id);
			stats_corr_add(&a->per[(size_t)o->name_id * a->G + g], o->ratio,
				       (double)ival_len(o->start_ns, o->end_ns));
			ci[g][i] = (struct coll_inst){ o->start_ns, o->end_ns, o->name_id };
		}
	}
	if (!rc) {
		lead_match_collectives(nd->G, (const struct coll_inst *const *)ci, ng, &m);
		for (k = 0; k < m.K; k++) {
			for (g = 0; g < m.G; g++) {
				x[g] = gr[g][m.idx[g * m.K + k]].ratio;
				y[g] = (double)ival_len(m.start[g * m.K + k], m.end[g * m.K + k]);
			}
			acc_instance(a, m.group[k], x, y);
		}
		coll_match_release(&m);
	}
	for (g = 0; g < nd->G; g++) {
		free(gr[g]);
		free(ci[g]);
	}
	free(gr);
	free(ci);
	free(ng);
	free(x);
	free(y);
	return rc;
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
			fmt_str(f, names[i].name);
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
	struct group_count cnt = { 0 };
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
		if (o->by != BY_KERNEL) {
			rc = acc_groups(ctx, &a, &nd, o->by == BY_LAYER, &cnt);
			if (rc)
				goto out;
			continue;
		}
		for (g = 0; g < nd.G; g++)
			acc_gpu(&a, g, nd.kern[g], nd.nk[g]);
		lead_match(nd.G, (const struct kspan *const *)nd.kern, nd.nk, &m);
		acc_across(&a, &m);
		match_release(&m);
	}
	if (o->by != BY_KERNEL) {
		if (!cnt.annotations) {
			rc = err_set(&ctx->err, LITSI_EUSAGE,
				     "node '%s' has no annotations to group kernels by (--by %s "
				     "needs user_annotation or gpu_user_annotation ranges)",
				     node->name, by_name[o->by]);
			goto out;
		}
		fmt_note(f, "kernels_outside_annotations", "%zu", cnt.unassigned);
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
	size_t i;
	int opt;

	opterr = 0;
	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'b':
			for (i = 0; i < ARRAY_SIZE(by_name) && strcmp(optarg, by_name[i]); i++)
				;
			if (i == ARRAY_SIZE(by_name))
				return cmd_usage_error("corr", usage_str,
						       "invalid --by '%s' (expected kernel, "
						       "operation or layer)", optarg);
			o->by = (enum corr_by)i;
			break;
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
