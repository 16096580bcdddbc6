/* SPDX-License-Identifier: MIT */
/*
 * lead.c: litsi lead: match compute kernels across the GPUs of each sample,
 * aggregate lead values, name the straggler per sample and the persistent
 * straggler (METHOD.md §3, §4); --collectives matches comm kernels.
 */
#include "cmd.h"
#include "litsi/plot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage_str[] =
	"usage: litsi lead [--node name] [--agg sum|max|last] [--series] [--collectives]\n"
	"                  [--persist pct] [--epsilon pct] [--comm-pattern regex] [--format fmt]\n";

static const struct option longopts[] = {
	SHARED_OPT("agg", SO_AGG),
	{ "collectives", no_argument, NULL, 'C' },
	SHARED_OPT("comm-pattern", SO_COMM),
	SHARED_OPT("epsilon", SO_EPSILON),
	SHARED_OPT("format", SO_FORMAT),
	{ "help", no_argument, NULL, 'h' },
	{ "list-opts", no_argument, NULL, 'L' },
	SHARED_OPT("node", SO_NODE),
	SHARED_OPT("persist", SO_PERSIST),
	{ "series", no_argument, NULL, 's' },
	{ NULL, 0, NULL, 0 },
};

struct lead_opts {
	struct shared_opts so;
	bool series, collectives;
};

static const struct fmt_col lead_cols[] = {
	{ "sample", FT_INT, 0 },      { "gpu", FT_INT, 0 },	   { "lead_ms", FT_DBL, 3 },
	{ "lead_sum_ns", FT_INT, 0 }, { "straggler", FT_STR, 0 },
};

static const struct fmt_col step_cols[] = {
	{ "gpu", FT_INT, 0 },	       { "lead_ms", FT_DBL, 3 },	{ "lead_pct", FT_DBL, 2 },
	{ "lead_sum_ms", FT_DBL, 3 }, { "straggler_samples", FT_INT, 0 },
};

static const struct fmt_col sample_cols[] = {
	{ "sample", FT_INT, 0 },       { "matched", FT_INT, 0 },   { "dropped", FT_INT, 0 },
	{ "constant", FT_INT, 0 },     { "varying", FT_INT, 0 },   { "straggler", FT_STR, 0 },
};

static const struct fmt_col series_cols[] = {
	{ "gpu", FT_INT, 0 },	   { "sample", FT_INT, 0 },    { "key", FT_INT, 0 },
	{ "start_ns", FT_INT, 0 }, { "lead_ns", FT_INT, 0 },   { "ratio_pct", FT_DBL, 2 },
	{ "class", FT_STR, 0 },	   { "occurrence", FT_INT, 0 }, { "kernel", FT_STR, 0 },
};

static const struct fmt_col coll_cols[] = {
	{ "sample", FT_INT, 0 },	{ "occurrence", FT_INT, 0 },
	{ "start_skew_ns", FT_INT, 0 }, { "end_skew_ns", FT_INT, 0 },
	{ "last_gpu", FT_INT, 0 },	{ "collective", FT_STR, 0 },
	{ "group", FT_STR, 0 },
};

static const struct fmt_col wait_cols[] = {
	{ "gpu", FT_INT, 0 },	       { "collectives", FT_INT, 0 }, { "wait_ns", FT_INT, 0 },
	{ "arrived_last", FT_INT, 0 }, { "comm_kernel_ns", FT_INT, 0 },
};

/* Results gathered over a node's samples. */
struct lead_run {
	struct res_node nd;
	struct sbuf dev;	/* scratch for device numbers as text */
	size_t *straggler_count;	/* [G] */
	size_t samples;		/* samples with matched kernels */
	double *L, *Lstep;	/* [samples * G] each sample's aggregated lead, lead per step */
	size_t alloc;		/* samples L and Lstep hold room for */
};

static const char *
dev_text(struct lead_run *r, size_t g)
{
	sbuf_reset(&r->dev);
	sbuf_addf(&r->dev, "%d", r->nd.gpus[g].device);
	return r->dev.buf;
}

static void
print_series(struct litsi_ctx *ctx, struct fmt *f, const struct match *m, const int64_t *lead,
	     const bool *is_const, struct lead_run *r, int64_t step, bool labels)
{
	char label[PLOT_LABEL_MAX + 32];
	size_t g, k;

	for (g = 0; g < m->G; g++) {
		for (k = 0; k < m->K; k++) {
			fmt_int(f, r->nd.gpus[g].device);
			fmt_int(f, step);
			fmt_int(f, (int64_t)k);
			fmt_int(f, m->start[g * m->K + k]);
			fmt_int(f, lead[g * m->K + k]);
			fmt_dbl(f, m->ratio[g * m->K + k]);
			fmt_str(f, is_const[k] ? "C" : "V");
			fmt_int(f, m->occ[k]);
			if (labels) {
				plot_label(store_name(ctx->st, m->name_id[k]), m->name_id[k], label,
					   sizeof(label));
				fmt_str(f, label);
			} else {
				fmt_str(f, store_name(ctx->st, m->name_id[k]));
			}
			fmt_end_row(f);
		}
		fmt_break(f);
	}
}

/* One sample's rows: the lead table (or the series). */
static void
lead_rows(struct litsi_ctx *ctx, struct fmt *f, const struct lead_render *o, struct lead_run *r,
	  int64_t step, const struct res_lead_sample *ls)
{
	size_t g;

	if (ls->m.K) {
		if (r->samples == r->alloc) {
			r->alloc = r->alloc ? 2 * r->alloc : 16;
			r->L = xrealloc(r->L, r->alloc * (r->nd.G + 1) * sizeof(*r->L));
			r->Lstep = xrealloc(r->Lstep, r->alloc * (r->nd.G + 1) * sizeof(*r->Lstep));
		}
		memcpy(r->L + r->samples * r->nd.G, ls->L, r->nd.G * sizeof(*ls->L));
		memcpy(r->Lstep + r->samples * r->nd.G, ls->step, r->nd.G * sizeof(*ls->step));
		r->samples++;
	}
	if (ls->straggler != SIZE_MAX)
		r->straggler_count[ls->straggler]++;
	if (o->series) {
		print_series(ctx, f, &ls->m, ls->lead, ls->is_const, r, step, o->labels);
		return;
	}
	for (g = 0; g < ls->m.G; g++) {
		fmt_int(f, step);
		fmt_int(f, r->nd.gpus[g].device);
		fmt_dbl(f, ls->step[g] / 1e6);
		fmt_int(f, (int64_t)llround(ls->L[g]));
		fmt_str(f, ls->straggler == g ? "yes" : "-");
		fmt_end_row(f);
	}
}

struct sample_row {
	int64_t step;
	size_t matched, dropped, nconst, straggler;	/* straggler SIZE_MAX: none */
};

static int
lead_samples(struct litsi_ctx *ctx, struct fmt *f, const struct lead_render *o,
	     struct lead_run *r, struct sample_row *rows)
{
	size_t s;

	if (o->series)
		fmt_begin(f, "lead_series", series_cols, ARRAY_SIZE(series_cols));
	else
		fmt_begin(f, "lead", lead_cols, ARRAY_SIZE(lead_cols));
	for (s = 0; s < r->nd.nsteps; s++) {
		struct res_lead_sample ls;

		if (res_load_sample(&r->nd, r->nd.steps[s], &ctx->err))
			return ctx->err.status;
		res_lead_sample(&r->nd, o->res->eps, o->res->agg, &ls);
		lead_rows(ctx, f, o, r, r->nd.steps[s], &ls);
		rows[s] = (struct sample_row){ r->nd.steps[s], ls.m.K, ls.m.dropped, ls.nconst,
					       ls.straggler };
		res_lead_sample_release(&ls, false);
	}
	fmt_end(f);
	return 0;
}

/* Per GPU over the samples: the lead per step, in ms and percent of the step time. */
static int
print_per_step(struct litsi_ctx *ctx, struct fmt *f, struct lead_run *r)
{
	size_t G = r->nd.G, g, steps;
	double *mean = xmalloc((G + 1) * sizeof(*mean));
	double *sum = xmalloc((G + 1) * sizeof(*sum));
	double step_ns;

	if (res_step_stats(ctx->st, r->nd.node_id, NULL, &steps, &step_ns, NULL, &ctx->err)) {
		free(mean);
		free(sum);
		return ctx->err.status;
	}
	res_lead_means(r->Lstep, r->samples, G, mean);
	res_lead_means(r->L, r->samples, G, sum);
	fmt_begin(f, "lead_per_step", step_cols, ARRAY_SIZE(step_cols));
	for (g = 0; g < G; g++) {
		fmt_int(f, r->nd.gpus[g].device);
		fmt_dbl(f, mean[g] / 1e6);
		fmt_dbl(f, res_lead_pct(mean[g], step_ns));
		fmt_dbl(f, sum[g] / 1e6);
		fmt_int(f, (int64_t)r->straggler_count[g]);
		fmt_end_row(f);
	}
	fmt_end(f);
	free(mean);
	free(sum);
	return 0;
}

static void
print_verdicts(struct fmt *f, const struct lead_render *o, struct lead_run *r,
	       const struct sample_row *rows)
{
	struct res_straggler st;
	size_t s;

	fmt_begin(f, "samples", sample_cols, ARRAY_SIZE(sample_cols));
	for (s = 0; s < r->nd.nsteps; s++) {
		fmt_int(f, rows[s].step);
		fmt_int(f, (int64_t)rows[s].matched);
		fmt_int(f, (int64_t)rows[s].dropped);
		fmt_int(f, (int64_t)rows[s].nconst);
		fmt_int(f, (int64_t)(rows[s].matched - rows[s].nconst));
		fmt_str(f, rows[s].straggler == SIZE_MAX ? "none" : dev_text(r, rows[s].straggler));
		fmt_end_row(f);
	}
	fmt_end(f);
	res_straggler_eval(r->nd.gpus, r->nd.G, r->straggler_count, r->samples, o->res->persist,
			   &st);
	if (st.device >= 0)
		fmt_note(f, "persistent_straggler", "gpu %d (%zu of %zu samples)", st.device,
			 st.most_count, st.samples);
	else if (st.most < 0)
		fmt_note(f, "persistent_straggler", "none (no sample has a straggler)");
	else
		fmt_note(f, "persistent_straggler",
			 "none (no GPU is the straggler in %g%% of the samples; the most often "
			 "is gpu %d, in %zu of %zu)",
			 o->res->persist, st.most, st.most_count, st.samples);
}

static int
lead_collectives(struct litsi_ctx *ctx, struct fmt *f, struct lead_run *r)
{
	struct res_collectives c;
	size_t i, g;
	int rc = res_collectives_eval(&r->nd, &c, &ctx->err);

	if (rc)
		goto out;
	fmt_begin(f, "collectives", coll_cols, ARRAY_SIZE(coll_cols));
	for (i = 0; i < c.nr_inst; i++) {
		const struct res_coll_inst *ci = &c.inst[i];

		fmt_int(f, ci->step);
		fmt_int(f, (int64_t)ci->occ);
		fmt_int(f, ci->start_skew);
		fmt_int(f, ci->end_skew);
		fmt_int(f, ci->last_device);
		fmt_str(f, c.types[ci->group] ? c.types[ci->group] : "-");
		fmt_str(f, c.groups[ci->group]);
		fmt_end_row(f);
	}
	fmt_end(f);
	fmt_begin(f, "collective_wait", wait_cols, ARRAY_SIZE(wait_cols));
	for (g = 0; g < r->nd.G; g++) {
		fmt_int(f, r->nd.gpus[g].device);
		fmt_int(f, (int64_t)c.ninst[g]);
		fmt_int(f, c.wait[g]);
		fmt_int(f, (int64_t)c.arrived_last[g]);
		fmt_int(f, c.comm_ns[g]);
		fmt_end_row(f);
	}
	fmt_end(f);
out:
	res_collectives_release(&c);
	return rc;
}

static void
lead_run_release(struct lead_run *r)
{
	free(r->straggler_count);
	free(r->L);
	free(r->Lstep);
	sbuf_release(&r->dev);
	res_node_release(&r->nd);
}

int
lead_render_node(struct litsi_ctx *ctx, struct fmt *f, const struct lead_render *o,
		 const struct node_row *node)
{
	struct lead_run r = { .dev = SBUF_INIT };
	struct sample_row *rows = NULL;
	int rc;

	rc = res_node_open(ctx->st, node, o->res->comm_re, &r.nd, &ctx->err);
	if (rc)
		goto out;
	r.straggler_count = xcalloc(r.nd.G + 1, sizeof(size_t));
	fmt_note(f, "node", "%s", node->name);
	if (o->collectives) {
		rc = lead_collectives(ctx, f, &r);
		goto out;
	}
	rows = xcalloc(r.nd.nsteps + 1, sizeof(*rows));
	rc = lead_samples(ctx, f, o, &r, rows);
	if (!rc && !o->series)
		rc = print_per_step(ctx, f, &r);
	if (!rc && !o->series)
		print_verdicts(f, o, &r, rows);
out:
	free(rows);
	lead_run_release(&r);
	return rc;
}

static int
parse_args(int argc, char **argv, struct litsi_ctx *ctx, struct lead_opts *o)
{
	int opt, rc;

	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'C':
			o->collectives = true;
			break;
		case 'h':
			return cmd_help(ctx, usage_str) - CMD_ANSWERED;
		case 'L':
			return cmd_list_opts(ctx, longopts) - CMD_ANSWERED;
		case 's':
			o->series = true;
			break;
		default:
			rc = cmd_shared_opt("lead", usage_str, opt, optarg, &o->so);
			if (rc < 0)
				return cmd_getopt_error("lead", usage_str, argv);
			if (rc)
				return rc;
		}
	}
	if (optind < argc)
		return cmd_usage_error("lead", usage_str, "unexpected argument '%s'",
				       argv[optind]);
	return 0;
}

/* lead_render_node() through cmd_each_node()'s untyped options. */
static int
node_fn(struct litsi_ctx *ctx, struct fmt *f, const void *o, const struct node_row *node)
{
	return lead_render_node(ctx, f, o, node);
}

int
cmd_lead(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct lead_opts o = { 0 };
	struct lead_render r;
	int rc;

	shared_opts_init(&o.so, ctx);
	rc = parse_args(argc, argv, ctx, &o);
	if (rc)
		return rc < 0 ? rc + CMD_ANSWERED : rc;
	r = (struct lead_render){ .res = &o.so.res, .series = o.series,
				  .collectives = o.collectives };
	if (o.series && !o.so.node) {
		size_t nn;
		char *names = cmd_node_names(ctx, &nn);

		/* A figure script reads one node's series: say which it would draw. */
		if (nn > 1)
			warn("%zu nodes (%s): each node's series follows its 'node' note; a figure "
			     "script draws only the first; choose one with --node", nn, names);
		free(names);
	}
	return cmd_each_node(ctx, &o.so, node_fn, &r);
}
