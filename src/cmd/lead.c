/* SPDX-License-Identifier: MIT */
/*
 * lead.c: litsi lead: match compute kernels across the GPUs of each sample,
 * aggregate lead values, name the straggler per sample and the persistent
 * straggler (METHOD.md §3, §4); --collectives matches comm kernels.
 */
#include "cmd.h"

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
	{ "sample", FT_INT, 0 }, { "gpu", FT_INT, 0 }, { "lead_ns", FT_INT, 0 },
	{ "straggler", FT_STR, 0 },
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
	size_t samples, verdicts;
	/* --collectives */
	char **groups;		/* interned group keys */
	size_t nr_groups, groups_alloc;
	char **colls;		/* [nr_groups] collective type of the group's first kernel */
	int64_t *wait, *comm_ns;	/* [G] */
	size_t *arrived_last, *ninst;	/* [G] */
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
	     const bool *is_const, struct lead_run *r, int64_t step)
{
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
			fmt_str(f, store_name(ctx->st, m->name_id[k]));
			fmt_end_row(f);
		}
		fmt_break(f);
	}
}

/* One sample: match, lead, aggregate; rows go to the lead table (or series). */
static void
lead_sample(struct litsi_ctx *ctx, struct fmt *f, const struct lead_render *o,
	    struct lead_run *r, int64_t step, struct match *m, double *L, bool **is_const)
{
	int64_t *lead;
	size_t g;
	bool has;

	lead_match(r->nd.G, (const struct kspan *const *)r->nd.kern, r->nd.nk, m);
	lead = xmalloc((m->G * m->K + 1) * sizeof(*lead));
	*is_const = xmalloc((m->K + 1) * sizeof(**is_const));
	lead_values(m, lead);
	lead_aggregate(m, lead, o->res->agg, L);
	lead_classify(m, o->res->eps, *is_const);
	has = m->K && lead_has_straggler(L, m->G);
	r->samples += m->K > 0;
	if (has) {
		r->verdicts++;
		r->straggler_count[lead_straggler(L, m->G)]++;
	}
	if (o->series) {
		print_series(ctx, f, m, lead, *is_const, r, step);
	} else {
		for (g = 0; g < m->G; g++) {
			fmt_int(f, step);
			fmt_int(f, r->nd.gpus[g].device);
			fmt_int(f, (int64_t)llround(L[g]));
			fmt_str(f, has && lead_straggler(L, m->G) == g ? "yes" : "-");
			fmt_end_row(f);
		}
	}
	free(lead);
}

struct sample_row {
	int64_t step;
	size_t matched, dropped, nconst, straggler;	/* straggler SIZE_MAX: none */
};

static int
lead_samples(struct litsi_ctx *ctx, struct fmt *f, const struct lead_render *o,
	     struct lead_run *r, struct sample_row *rows)
{
	double *L = xcalloc(r->nd.G + 1, sizeof(*L));
	size_t s, k;

	if (o->series)
		fmt_begin(f, "lead_series", series_cols, ARRAY_SIZE(series_cols));
	else
		fmt_begin(f, "lead", lead_cols, ARRAY_SIZE(lead_cols));
	for (s = 0; s < r->nd.nsteps; s++) {
		struct match m;
		bool *is_const;

		if (res_load_sample(&r->nd, r->nd.steps[s], &ctx->err)) {
			free(L);
			return ctx->err.status;
		}
		lead_sample(ctx, f, o, r, r->nd.steps[s], &m, L, &is_const);
		rows[s] = (struct sample_row){ r->nd.steps[s], m.K, m.dropped, 0, SIZE_MAX };
		for (k = 0; k < m.K; k++)
			rows[s].nconst += is_const[k];
		if (m.K && lead_has_straggler(L, m.G))
			rows[s].straggler = lead_straggler(L, m.G);
		free(is_const);
		match_release(&m);
	}
	fmt_end(f);
	free(L);
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

static uint32_t
intern_group(struct lead_run *r, struct litsi_ctx *ctx, const struct coll_row *c)
{
	struct sbuf sb = SBUF_INIT;
	size_t i;

	/* Unlinked comm kernels are grouped by kernel name (Decision, see the man page). */
	if (c->pg_name)
		sbuf_addf(&sb, "pg %s", c->pg_name);
	else
		sbuf_addf(&sb, "kernel %s", store_name(ctx->st, c->name_id));
	for (i = 0; i < r->nr_groups; i++)
		if (!strcmp(r->groups[i], sb.buf))
			break;
	if (i == r->nr_groups) {
		VEC_GROW(r->groups, r->nr_groups + 1, r->groups_alloc);
		r->colls = xrealloc(r->colls, r->groups_alloc * sizeof(*r->colls));
		r->groups[i] = sbuf_detach(&sb);
		r->colls[i] = NULL;
		r->nr_groups++;
	}
	sbuf_release(&sb);
	return (uint32_t)i;
}

static void
print_coll_instances(struct fmt *f, struct lead_run *r, int64_t step, const struct coll_match *m,
		     char *const *types)
{
	size_t k, g;

	for (k = 0; k < m->K; k++) {
		int64_t smin = INT64_MAX, smax = INT64_MIN, emin = INT64_MAX, emax = INT64_MIN;
		size_t last = 0;

		for (g = 0; g < m->G; g++) {
			int64_t s = m->start[g * m->K + k], e = m->end[g * m->K + k];

			if (s > smax) {
				smax = s;
				last = g;
			}
			smin = s < smin ? s : smin;
			emin = e < emin ? e : emin;
			emax = e > emax ? e : emax;
		}
		for (g = 0; g < m->G; g++) {
			r->wait[g] += smax - m->start[g * m->K + k];
			r->comm_ns[g] += m->end[g * m->K + k] - m->start[g * m->K + k];
			r->ninst[g]++;
		}
		r->arrived_last[last]++;
		fmt_int(f, step);
		fmt_int(f, m->occ[k]);
		fmt_int(f, smax - smin);
		fmt_int(f, emax - emin);
		fmt_int(f, r->nd.gpus[last].device);
		fmt_str(f, types[m->group[k]] ? types[m->group[k]] : "-");
		fmt_str(f, r->groups[m->group[k]]);
		fmt_end_row(f);
	}
}

static int
coll_sample(struct litsi_ctx *ctx, struct fmt *f, struct lead_run *r, int64_t step)
{
	struct coll_row **rows = xcalloc(r->nd.G + 1, sizeof(*rows));
	struct coll_inst **inst = xcalloc(r->nd.G + 1, sizeof(*inst));
	size_t *n = xcalloc(r->nd.G + 1, sizeof(*n)), g, i;
	struct coll_match m = { 0 };
	int rc = 0;

	for (g = 0; g < r->nd.G && !rc; g++) {
		rc = store_load_collectives(ctx->st, r->nd.gpus[g].id, step, false, &rows[g],
					    &n[g], &ctx->err);
		inst[g] = xmalloc((n[g] + 1) * sizeof(**inst));
		for (i = 0; !rc && i < n[g]; i++) {
			uint32_t grp = intern_group(r, ctx, &rows[g][i]);

			inst[g][i] = (struct coll_inst){ rows[g][i].start_ns, rows[g][i].end_ns, grp };
			if (!r->colls[grp] && rows[g][i].coll_name)
				r->colls[grp] = xstrdup(rows[g][i].coll_name);
		}
	}
	if (!rc) {
		lead_match_collectives(r->nd.G, (const struct coll_inst *const *)inst, n, &m);
		print_coll_instances(f, r, step, &m, r->colls);
	}
	coll_match_release(&m);
	for (g = 0; g < r->nd.G; g++) {
		store_free_collectives(rows[g], n[g]);
		free(inst[g]);
	}
	free(rows);
	free(inst);
	free(n);
	return rc;
}

static int
lead_collectives(struct litsi_ctx *ctx, struct fmt *f, struct lead_run *r)
{
	size_t s, g;
	int rc = 0;

	fmt_begin(f, "collectives", coll_cols, ARRAY_SIZE(coll_cols));
	for (s = 0; s < r->nd.nsteps && !rc; s++)
		rc = coll_sample(ctx, f, r, r->nd.steps[s]);
	fmt_end(f);
	if (rc)
		return rc;
	fmt_begin(f, "collective_wait", wait_cols, ARRAY_SIZE(wait_cols));
	for (g = 0; g < r->nd.G; g++) {
		fmt_int(f, r->nd.gpus[g].device);
		fmt_int(f, (int64_t)r->ninst[g]);
		fmt_int(f, r->wait[g]);
		fmt_int(f, (int64_t)r->arrived_last[g]);
		fmt_int(f, r->comm_ns[g]);
		fmt_end_row(f);
	}
	fmt_end(f);
	return 0;
}

static void
lead_run_release(struct lead_run *r)
{
	size_t i;

	for (i = 0; i < r->nr_groups; i++) {
		free(r->groups[i]);
		free(r->colls[i]);
	}
	free(r->groups);
	free(r->colls);
	free(r->straggler_count);
	free(r->wait);
	free(r->comm_ns);
	free(r->arrived_last);
	free(r->ninst);
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
		r.wait = xcalloc(r.nd.G + 1, sizeof(int64_t));
		r.comm_ns = xcalloc(r.nd.G + 1, sizeof(int64_t));
		r.arrived_last = xcalloc(r.nd.G + 1, sizeof(size_t));
		r.ninst = xcalloc(r.nd.G + 1, sizeof(size_t));
		rc = lead_collectives(ctx, f, &r);
		goto out;
	}
	rows = xcalloc(r.nd.nsteps + 1, sizeof(*rows));
	rc = lead_samples(ctx, f, o, &r, rows);
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
			return cmd_help(ctx, usage_str) - 100;
		case 'L':
			return cmd_list_opts(ctx, longopts) - 100;
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
		return rc < 0 ? rc + 100 : rc;
	r = (struct lead_render){ .res = &o.so.res, .series = o.series,
				  .collectives = o.collectives };
	return cmd_each_node(ctx, o.so.node, o.so.kind, node_fn, &r);
}
