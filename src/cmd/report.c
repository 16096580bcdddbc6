/* SPDX-License-Identifier: MIT */
/*
 * report.c: litsi report, the main job in one command: ingest the given
 * paths, then for each node render the results library's structs: inputs,
 * GPUs, straggler, thermal spread, model predictions, caps for the three
 * scenarios with the commands that apply them, and the verdict. Every number
 * is the one the single commands print. Exits like check.
 */
#include "cmd.h"

#include <errno.h>
#include <sys/stat.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


static const char usage_str[] =
	"usage: litsi report [--detail] [--keep] [--node name] [--run name] [--plots dir]\n"
	"                    [--tdp W] [--cap W] [--budget W] [--baseline-power W]\n"
	"                    [--idle-power W] [--tz zone] [--clock-offset ns]\n"
	"                    [--allow-inconclusive] [--min-instances n] [--format text|json]\n"
	"                    [path ...]\n";

static const struct option longopts[] = {
	{ "allow-inconclusive", no_argument, NULL, 'A' },
	SHARED_OPT("baseline-power", SO_BASE_POWER),
	{ "budget", required_argument, NULL, 'B' },
	{ "cap", required_argument, NULL, 'c' },
	{ "clock-offset", required_argument, NULL, 'o' },
	{ "detail", no_argument, NULL, 'D' },
	{ "format", required_argument, NULL, 'f' },
	{ "help", no_argument, NULL, 'h' },
	SHARED_OPT("idle-power", SO_IDLE_POWER),
	{ "keep", no_argument, NULL, 'k' },
	{ "list-opts", no_argument, NULL, 'L' },
	{ "min-instances", required_argument, NULL, 'm' },
	{ "node", required_argument, NULL, 'n' },
	{ "plots", required_argument, NULL, 'p' },
	SHARED_OPT("run", SO_RUN),
	{ "tdp", required_argument, NULL, 't' },
	{ "tz", required_argument, NULL, 'z' },
	{ NULL, 0, NULL, 0 },
};

struct report_opts {
	bool json, keep;
	bool detail;		/* --detail: the full tables of every section too */
	bool allow_inconclusive;	/* --allow-inconclusive: exit 0, not 5, for those */
	size_t min_instances;	/* --min-instances of a ranked correlation (10) */
	const char *node;	/* --node: only this node */
	const char *plots;	/* --plots DIR */
	struct shared_opts so;	/* --baseline-power, --idle-power, --tdp, --cap, --run (so.res) */
	int budget;		/* --budget W; -1: caps' default */
	const char *tz;		/* --tz, for the ingest */
	int64_t clock_offset;	/* --clock-offset, for the ingest */
	bool has_clock_offset;
};

/* Everything the report shows of one node, computed once by the library. */
struct node_report {
	const struct node_row *node;
	struct res_model n;
	struct res_thermal th;
	struct res_corr corr;
	struct res_caps caps[3];
	bool has_caps[3];
	char why_caps[3][sizeof(((struct err *)0)->msg)];
	struct res_verdict v;
	struct model_power pw[MODEL_NAGG];
	bool has_power;
};

static const char *const scenarios[3] = { "gpu-red", "gpu-realloc", "cpu-slosh" };
static const char *const align_name[MODEL_NAGG] = { "max", "med", "min" };

static int
node_report_load(struct litsi_ctx *ctx, const struct report_opts *ro,
		 const struct node_row *node, struct node_report *r)
{
	struct res_opts o = ro->so.res;
	struct check_params cp;
	size_t s;
	int a, rc;

	memset(r, 0, sizeof(*r));
	r->node = node;
	if ((rc = res_model_load(ctx->st, node, &o, true, &r->n, &ctx->err)))
		return rc;
	res_thermal_eval(&r->n.nd, &r->n.tel, r->n.mean_lead, r->n.nsamples, &r->th);
	if ((rc = res_corr_eval(&r->n.nd, RES_BY_KERNEL, &r->corr, &ctx->err)))
		return rc;
	for (s = 0; s < 3; s++) {
		struct caps_params p;
		struct err e = { 0 };

		caps_params_default(&p);
		p.scenario = (enum caps_scenario)s;
		if (ro->budget >= 0)
			p.budget = ro->budget;
		r->has_caps[s] = !res_caps_eval(&r->n, &p, o.agg, false, RES_EMIT_VENDOR,
						&r->caps[s], &e);
		snprintf(r->why_caps[s], sizeof(r->why_caps[s]), "%s", e.msg);
	}
	check_params_default(&cp);
	cp.persist = o.persist;
	res_verdict_eval(&r->n, &cp, o.agg, &r->v);
	r->has_power = res_power_ok(&r->n);
	for (a = 0; r->has_power && a < MODEL_NAGG; a++)
		model_power(&r->n.acc, (enum model_agg)a, r->n.p_base, r->n.p_idle, &r->pw[a]);
	return 0;
}

static void
node_report_release(struct node_report *r)
{
	size_t s;
	int a;

	for (s = 0; s < 3; s++)
		res_caps_release(&r->caps[s]);
	for (a = 0; r->has_power && a < MODEL_NAGG; a++)
		model_power_release(&r->pw[a]);
	res_verdict_release(&r->v);
	res_thermal_release(&r->th);
	res_corr_release(&r->corr);
	res_model_release(&r->n);
}

/* Sources of this node, by format: "2 pytorch, 1 amd-smi". */
static int
inputs_text(struct litsi_ctx *ctx, const char *node, struct sbuf *sb, size_t *count)
{
	struct info_source *s = NULL;
	size_t n = 0, i, j;

	*count = 0;
	if (store_info_sources(ctx->st, &s, &n, &ctx->err))
		return ctx->err.status;
	for (i = 0; i < n; i++) {
		size_t k = 0;
		bool seen = false;

		if (!s[i].node || strcmp(s[i].node, node))
			continue;
		(*count)++;
		for (j = 0; j < i; j++)
			seen |= s[j].node && !strcmp(s[j].node, node) &&
				!strcmp(s[j].format, s[i].format);
		if (seen)
			continue;
		for (j = i; j < n; j++)
			k += s[j].node && !strcmp(s[j].node, node) && !strcmp(s[j].format, s[i].format);
		sbuf_addf(sb, "%s%zu %s", sb->len ? ", " : "", k, s[i].format);
	}
	store_info_free(s, n, NULL, 0, NULL, 0);
	return 0;
}

static const struct fmt_col gpu_cols[] = {
	{ "node", FT_STR, 0 },	      { "gpu", FT_INT, 0 },	  { "rank", FT_INT, 0 },
	{ "product", FT_STR, 0 },     { "samples", FT_INT, 0 },	  { "kernels", FT_INT, 0 },
	{ "lead_ms", FT_DBL, 3 },     { "overlap_pct", FT_DBL, 2 }, { "temp_c", FT_DBL, 1 },
	{ "clock_mhz", FT_DBL, 0 },   { "power_w", FT_DBL, 1 },	  { "role", FT_STR, 0 },
};

/* The GPU table; @first_col 1 leaves out the node column (text). */
static int
render_gpus(struct litsi_ctx *ctx, struct fmt *f, const struct node_report *r, size_t first_col)
{
	const struct res_telemetry *t = &r->n.tel;
	struct info_gpu *gi = NULL;
	size_t ngi = 0, g, i;

	if (store_info_gpus(ctx->st, &gi, &ngi, &ctx->err))
		return ctx->err.status;
	fmt_begin(f, first_col ? "GPUs (lead: mean summed lead per sample; overlap: "
				 "duration-weighted; telemetry: medians)"
			       : "gpus",
		  gpu_cols + first_col, ARRAY_SIZE(gpu_cols) - first_col);
	for (g = 0; g < r->n.nd.G; g++) {
		const struct gpu_row *gr = &r->n.nd.gpus[g];
		int64_t samples = 0, kernels = 0;

		for (i = 0; i < ngi; i++)
			if (!strcmp(gi[i].node, r->node->name) && gi[i].device == gr->device) {
				samples = gi[i].samples;
				kernels = gi[i].kernels;
			}
		if (!first_col)
			fmt_str(f, r->node->name);
		fmt_int(f, gr->device);
		if (gr->rank >= 0)
			fmt_int(f, gr->rank);
		else
			fmt_str(f, NULL);
		fmt_str(f, gr->product);
		fmt_int(f, samples);
		fmt_int(f, kernels);
		fmt_dbl(f, r->n.mean_lead[g] / 1e6);
		fmt_dbl(f, r->n.overlap_pct[g]);
		fmt_dbl(f, t->med[RES_HOT][g]);
		fmt_dbl(f, t->med[RES_CLK][g]);
		fmt_dbl(f, t->med[RES_POW][g]);
		fmt_str(f, gr->device == r->n.straggler.device ? "straggler" : "-");
		fmt_end_row(f);
	}
	fmt_end(f);
	store_info_free(NULL, 0, gi, ngi, NULL, 0);
	return 0;
}

/* The node has a traced window and telemetry, and no reading lies in that window. */
static bool
telemetry_outside(const struct res_telemetry *t)
{
	size_t m, g, i;

	if (!t->any || !t->has_window)
		return false;
	for (m = 0; m < RES_NMETRICS; m++)
		for (g = 0; t->v[m] && g < t->G; g++)
			for (i = t->first[m][g]; i < t->first[m][g] + t->n[m][g]; i++)
				if (t->v[m][g][i].t_ns >= t->ws && t->v[m][g][i].t_ns <= t->we)
					return false;
	return true;
}

static void
text_straggler(FILE *out, const struct node_report *r)
{
	const struct res_straggler *st = &r->n.straggler;
	const struct res_thermal *th = &r->th;
	size_t i;

	if (st->device >= 0)
		fprintf(out, "\nstraggler: gpu %d", st->device);
	if (st->device >= 0 && st->rank >= 0 && st->rank != st->device)
		fprintf(out, " (rank %d)", st->rank);
	if (st->device >= 0)
		fprintf(out, ", the slowest in %zu of %zu samples\n", st->most_count, st->samples);
	else if (!st->samples)
		fputs("\nstraggler: unknown (no kernels matched across two or more GPUs)\n", out);
	else if (st->most < 0)
		fputs("\nstraggler: none (no sample has a straggler)\n", out);
	else
		fprintf(out, "\nstraggler: none persistent (gpu %d is the slowest in %zu of %zu "
			     "samples)\n", st->most, st->most_count, st->samples);
	if (telemetry_outside(&r->n.tel))
		fputs("telemetry: recorded outside the traced window, not during the traced run: "
		      "its readings say nothing of this run (ingest them under their own --node)\n",
		      out);
	if (isnan(th->temp_spread) && isnan(th->freq_spread)) {
		fputs(r->n.tel.any ? "thermal: no temperature or clock telemetry for two or more "
				     "GPUs\n"
				   : "thermal: no telemetry for this node\n", out);
		return;
	}
	fputs("thermal: temperature spread ", out);
	fprintf(out, isnan(th->temp_spread) ? "n/a" : "%.3fx", th->temp_spread);
	fputs(", clock spread ", out);
	fprintf(out, isnan(th->freq_spread) ? "n/a" : "%.3fx", th->freq_spread);
	fputs(" (max/min of per-GPU medians)\n  hottest first:", out);
	for (i = 0; i < th->nhot; i++)
		fprintf(out, "%s%d", i ? "," : " ", th->hottest[i]);
	fputs("; slowest clock first:", out);
	for (i = 0; i < th->nslow; i++)
		fprintf(out, "%s%d", i ? "," : " ", th->slowest[i]);
	fputc('\n', out);
	if (!isnan(th->spearman))
		fprintf(out, "  Spearman correlation of temperature and lead: %.3f (negative: "
			     "hotter GPUs lead less)\n", th->spearman);
	if (!r->n.tel.aligned && !telemetry_outside(&r->n.tel))
		fputs("  (telemetry does not cover the traced window: the whole log is used)\n",
		      out);
}

/* Ranks the correlations over at least @min matched instances (--min-instances, 10). */
static void
text_corr(struct litsi_ctx *ctx, const struct node_report *r, size_t min)
{
	const struct res_corr *a = &r->corr;
	bool *used = xcalloc(a->nr_names + 1, sizeof(*used));
	size_t i, shown = 0, few = 0;

	for (i = 0; i < a->nr_names; i++)
		few += a->inst[i] && a->inst[i] < min;
	fprintf(ctx->out, "\noverlap vs duration (strongest across-GPU correlations of matched "
		"kernels, at least %zu instances):\n", min);
	while (shown < 3) {
		double best = -1;
		size_t bi = 0;

		for (i = 0; i < a->nr_names; i++) {
			double rr = fabs(res_corr_mean_pearson(a, (uint32_t)i));

			if (!used[i] && a->inst[i] >= min && !isnan(rr) && rr > best) {
				best = rr;
				bi = i;
			}
		}
		if (best < 0)
			break;
		used[bi] = true;
		fprintf(ctx->out, "  r = %6.3f over %4zu instances  ",
			res_corr_mean_pearson(a, (uint32_t)bi), a->inst[bi]);
		fmt_text_short(ctx->out, store_name(ctx->st, (uint32_t)bi), 70);
		fputc('\n', ctx->out);
		shown++;
	}
	if (!shown)
		fputs("  none defined (no kernel varies in both overlap and duration)\n", ctx->out);
	if (few)
		fprintf(ctx->out, "  (%zu kernel%s with fewer instances not ranked; see litsi corr)\n",
			few, few == 1 ? "" : "s");
	free(used);
}

static void
text_model(FILE *out, const struct node_report *r)
{
	int a;

	fputs("\nmodel predictions (METHOD 5-6; ratios to the recorded run):\n", out);
	if (!r->n.perf.nC) {
		fputs("  unavailable: no constant-overlap kernels matched across the GPUs\n", out);
		return;
	}
	for (a = 0; a < MODEL_NAGG; a++) {
		fprintf(out, "  %-12s align to %-3s GPU: throughput x%.3f", scenarios[a],
			align_name[a], r->n.perf.S_C[a]);
		if (r->has_power)
			fprintf(out, ", node GPU power x%.3f\n", r->pw[a].ratio);
		else
			fputs(", node GPU power n/a\n", out);
	}
	if (!r->has_power)
		fprintf(out, "  power model unavailable: %s unknown (give --baseline-power and "
			     "--idle-power to litsi model)\n", res_power_missing(&r->n));
}

static void
text_caps(FILE *out, const struct node_report *r)
{
	size_t s, g;

	fputs("\nrecommended power caps (model prediction of the closed loop; the commands are "
	      "printed, not run):\n", out);
	for (s = 0; s < 3; s++) {
		const struct res_caps *c = &r->caps[s];

		if (!r->has_caps[s]) {
			fprintf(out, "  %s: unavailable: %s\n", scenarios[s], r->why_caps[s]);
			continue;
		}
		fprintf(out, "  %s: sum %lld W of %lld W, predicted throughput x%.3f, power x%.3f\n",
			scenarios[s], (long long)c->sum_caps, (long long)c->P_n, c->s_iter,
			c->pratio);
		for (g = 0; g < c->G; g++) {
			fprintf(out, "    gpu %2d %4d W   ", c->device[g], c->caps[g]);
			fmt_text_str(out, c->cmd[g] ? c->cmd[g] : "");
			fputc('\n', out);
		}
	}
	for (s = 0; s < 3; s++)
		if (r->has_caps[s]) {
			const struct part_limits *l = &r->caps[s].lim;

			fprintf(out, "  limits: TDP %d W (%s), initial cap %d W (%s), min limit ",
				l->tdp, l->tdp_from, l->cap0, l->cap0_from);
			if (l->min)
				fprintf(out, "%d W (%s)\n", l->min, l->min_from);
			else
				fputs("none\n", out);
			break;
		}
}

/* --detail: the single commands' tables of the node, rendered by their renderers. */
static int
render_detail(struct litsi_ctx *ctx, const struct report_opts *o, const struct node_report *r)
{
	struct res_opts ro = o->so.res;
	struct lead_render lr;
	struct overlap_render ov = { .gpu = -1, .summary = true };
	struct thermal_render tr = { 0 };
	struct fmt *f;
	size_t s;
	int rc;

	lr = (struct lead_render){ .res = &ro };
	fputs("\n== Straggler and lead values (ns, summed over matched kernels) ==\n", ctx->out);
	f = fmt_new(ctx->out, FMT_TABLE);
	rc = lead_render_node(ctx, f, &lr, r->node);
	fmt_free(f);
	fputs("\n== Overlap of computation with communication ==\n", ctx->out);
	f = fmt_new(ctx->out, FMT_TABLE);
	rc = rc ? rc : overlap_render_node(ctx, f, &ov, r->node);
	fmt_free(f);
	fputs("\n== Thermal spread ==\n", ctx->out);
	f = fmt_new(ctx->out, FMT_TABLE);
	rc = rc ? rc : thermal_render_node(ctx, f, &tr, r->node);
	fmt_free(f);
	for (s = 0; !rc && s < 3; s++) {
		struct caps_render cr = { .res = &ro, .emit = RES_EMIT_VENDOR };

		caps_params_default(&cr.p);
		cr.p.scenario = (enum caps_scenario)s;
		if (o->budget >= 0)
			cr.p.budget = o->budget;
		fprintf(ctx->out, "\n== Caps, scenario %s ==\n", scenarios[s]);
		if (!r->has_caps[s]) {
			fprintf(ctx->out, "unavailable: %s\n", r->why_caps[s]);
			continue;
		}
		f = fmt_new(ctx->out, FMT_TABLE);
		rc = caps_render_node(ctx, f, &cr, r->node);
		fmt_free(f);
	}
	return rc;
}

static int
render_text(struct litsi_ctx *ctx, const struct report_opts *o, const struct node_report *r,
	    bool first)
{
	struct sbuf in = SBUF_INIT;
	struct fmt *f;
	size_t count;
	int rc;

	fputs(first ? "# litsi report: node " : "\n# litsi report: node ", ctx->out);
	fmt_text_str(ctx->out, r->node->name);
	fputs("\n\n", ctx->out);
	if ((rc = inputs_text(ctx, r->node->name, &in, &count)))
		return rc;
	fprintf(ctx->out, "inputs: %zu source%s", count, count == 1 ? "" : "s");
	if (o->so.res.run) {
		fputs(" of run ", ctx->out);
		fmt_text_str(ctx->out, o->so.res.run);
	}
	fprintf(ctx->out, " (%s)\n", in.buf);
	sbuf_release(&in);
	f = fmt_new(ctx->out, FMT_TABLE);
	rc = render_gpus(ctx, f, r, 1);
	fmt_free(f);
	if (rc)
		return rc;
	text_straggler(ctx->out, r);
	text_corr(ctx, r, o->min_instances);
	text_model(ctx->out, r);
	text_caps(ctx->out, r);
	if (o->detail && (rc = render_detail(ctx, o, r)))
		return rc;
	fputs("\n== Verdict (litsi check) ==\n", ctx->out);
	check_render_text(ctx->out, r->node->name, &r->v, r->n.straggler.samples);
	return 0;
}

static const struct fmt_col node_cols[] = {
	{ "node", FT_STR, 0 },		    { "inputs", FT_INT, 0 },
	{ "imbalanced", FT_INT, 0 },	    { "straggler", FT_INT, 0 },
	{ "straggler_rank", FT_INT, 0 },    { "straggler_share_pct", FT_DBL, 1 },
	{ "samples", FT_INT, 0 },	    { "temp_spread", FT_DBL, 4 },
	{ "freq_spread", FT_DBL, 4 },	    { "spearman_temp_lead", FT_DBL, 4 },
	{ "telemetry_aligned", FT_INT, 0 }, { "S_C_min", FT_DBL, 4 },
	{ "verdict", FT_STR, 0 },	    { "reason", FT_STR, 0 },
	{ "cause", FT_STR, 0 },		    { "evidence", FT_STR, 0 },
};
static const struct fmt_col model_cols[] = {
	{ "node", FT_STR, 0 },	     { "scenario", FT_STR, 0 },	  { "align", FT_STR, 0 },
	{ "throughput", FT_DBL, 4 }, { "power_ratio", FT_DBL, 4 },
};
static const struct fmt_col caps_cols[] = {
	{ "node", FT_STR, 0 },	{ "scenario", FT_STR, 0 }, { "mode", FT_STR, 0 },
	{ "gpu", FT_INT, 0 },	{ "cap_w", FT_INT, 0 },	    { "command", FT_STR, 0 },
};
static const struct fmt_col pred_cols[] = {
	{ "node", FT_STR, 0 },	     { "scenario", FT_STR, 0 },	  { "mode", FT_STR, 0 },
	{ "available", FT_INT, 0 },  { "sum_caps_w", FT_INT, 0 }, { "P_n_w", FT_INT, 0 },
	{ "S_iter", FT_DBL, 4 },     { "power_ratio", FT_DBL, 4 }, { "tdp_w", FT_INT, 0 },
	{ "initial_cap_w", FT_INT, 0 }, { "min_w", FT_INT, 0 },	  { "why", FT_STR, 0 },
};

static void
json_nodes(struct litsi_ctx *ctx, struct fmt *f, const struct node_report *r, size_t nn)
{
	size_t i, count;

	fmt_begin(f, "nodes", node_cols, ARRAY_SIZE(node_cols));
	for (i = 0; i < nn; i++) {
		struct sbuf in = SBUF_INIT;

		inputs_text(ctx, r[i].node->name, &in, &count);
		sbuf_release(&in);
		fmt_str(f, r[i].node->name);
		fmt_int(f, (int64_t)count);
		fmt_int(f, r[i].v.r.imbalanced);
		fmt_int(f, r[i].n.straggler.device);
		fmt_int(f, r[i].n.straggler.rank);
		fmt_dbl(f, r[i].n.straggler.share_pct);
		fmt_int(f, (int64_t)r[i].n.straggler.samples);
		fmt_dbl(f, r[i].th.temp_spread);
		fmt_dbl(f, r[i].th.freq_spread);
		fmt_dbl(f, r[i].th.spearman);
		fmt_int(f, r[i].n.tel.aligned);
		fmt_dbl(f, r[i].n.perf.nC ? r[i].n.perf.S_C[MODEL_MIN] : NAN);
		fmt_str(f, check_verdict_name(r[i].v.r.verdict));
		fmt_str(f, r[i].v.r.reason);
		check_render_cause(f, &r[i].v.r);
		fmt_end_row(f);
	}
	fmt_end(f);
}

static void
json_model(struct fmt *f, const struct node_report *r, size_t nn)
{
	size_t i;
	int a;

	fmt_begin(f, "model", model_cols, ARRAY_SIZE(model_cols));
	for (i = 0; i < nn; i++)
		for (a = 0; r[i].n.perf.nC && a < MODEL_NAGG; a++) {
			fmt_str(f, r[i].node->name);
			fmt_str(f, scenarios[a]);
			fmt_str(f, align_name[a]);
			fmt_dbl(f, r[i].n.perf.S_C[a]);
			fmt_dbl(f, r[i].has_power ? r[i].pw[a].ratio : NAN);
			fmt_end_row(f);
		}
	fmt_end(f);
}

static void
json_caps(struct fmt *f, const struct node_report *r, size_t nn)
{
	size_t i, s, g;

	fmt_begin(f, "caps", caps_cols, ARRAY_SIZE(caps_cols));
	for (i = 0; i < nn; i++)
		for (s = 0; s < 3; s++)
			for (g = 0; r[i].has_caps[s] && g < r[i].caps[s].G; g++) {
				fmt_str(f, r[i].node->name);
				fmt_str(f, scenarios[s]);
				fmt_str(f, "model prediction");
				fmt_int(f, r[i].caps[s].device[g]);
				fmt_int(f, r[i].caps[s].caps[g]);
				fmt_str(f, r[i].caps[s].cmd[g]);
				fmt_end_row(f);
			}
	fmt_end(f);
	fmt_begin(f, "prediction", pred_cols, ARRAY_SIZE(pred_cols));
	for (i = 0; i < nn; i++)
		for (s = 0; s < 3; s++) {
			const struct res_caps *c = &r[i].caps[s];
			bool ok = r[i].has_caps[s];

			fmt_str(f, r[i].node->name);
			fmt_str(f, scenarios[s]);
			fmt_str(f, "model prediction");
			fmt_int(f, ok);
			fmt_int(f, ok ? c->sum_caps : 0);
			fmt_int(f, ok ? c->P_n : 0);
			fmt_dbl(f, ok ? c->s_iter : NAN);
			fmt_dbl(f, ok ? c->pratio : NAN);
			fmt_int(f, ok ? c->lim.tdp : 0);
			fmt_int(f, ok ? c->lim.cap0 : 0);
			fmt_int(f, ok ? c->lim.min : 0);
			fmt_str(f, ok ? c->why : r[i].why_caps[s]);
			fmt_end_row(f);
		}
	fmt_end(f);
}

/* One JSON document: one table per kind, rows of every node (as litsi check --format json). */
static int
render_json(struct litsi_ctx *ctx, const struct node_report *r, size_t nn)
{
	struct fmt *f = fmt_new(ctx->out, FMT_JSON);
	size_t i;
	int rc = 0;

	json_nodes(ctx, f, r, nn);
	for (i = 0; i < nn && !rc; i++)
		rc = render_gpus(ctx, f, &r[i], 0);
	json_model(f, r, nn);
	json_caps(f, r, nn);
	check_rules_begin(f);
	for (i = 0; i < nn; i++)
		check_render_rules(f, r[i].node->name, &r[i].v);
	fmt_end(f);
	fmt_free(f);
	return rc;
}

static int
run_report(struct litsi_ctx *ctx, const struct report_opts *o, int npaths, char **paths)
{
	struct node_row *nodes = NULL;
	struct node_report *r;
	size_t n = 0, i;
	int worst = EXIT_OK, rc = 0, ingest_rc = EXIT_OK, saved_verbose = ctx->verbose;
	FILE *saved_out = ctx->out;

	if (npaths) {
		/* Ingest summary lines go to stderr in JSON mode to keep stdout one document. */
		if (o->json)
			ctx->out = stderr;
		rc = ingest_paths(ctx, o->node, o->so.res.run, o->tz,
				  o->has_clock_offset ? &o->clock_offset : NULL, npaths, paths);
		ctx->out = saved_out;
		ctx->verbose = saved_verbose;
		/* Report on what went in; a bad input still decides the exit code. */
		if (rc == 130 || rc == EXIT_USAGE || rc == EXIT_ENV)
			return rc;
		ingest_rc = rc;
		err_clear(&ctx->err);
	}
	if ((rc = cmd_nodes_run(ctx, o->node, o->so.res.run, &nodes, &n))) {
		store_free_nodes(nodes, n);
		return rc;
	}
	r = xcalloc(n + 1, sizeof(*r));
	for (i = 0; i < n && !rc; i++) {
		cmd_warn_runs(ctx, &nodes[i], o->so.res.run);
		rc = node_report_load(ctx, o, &nodes[i], &r[i]);
	}
	for (i = 0; !rc && !o->json && i < n; i++)
		rc = render_text(ctx, o, &r[i], i == 0);
	if (!rc && o->json)
		rc = render_json(ctx, r, n);
	for (i = 0; !rc && i < n; i++)
		if (r[i].v.r.verdict == CHECK_IMBALANCED)
			worst = EXIT_CHECK;
		else if (r[i].v.r.verdict == CHECK_INCONCLUSIVE && !o->allow_inconclusive &&
			 worst == EXIT_OK)
			worst = EXIT_INCONCLUSIVE;
	for (i = 0; !rc && o->plots && i < n; i++) {
		fflush(ctx->out);
		if (mkdir(o->plots, 0777) && errno != EEXIST) {
			warn("cannot create '%s': %s", o->plots, strerror(errno));
			break;
		}
		/* plot_all() warns of each figure it could not write. */
		plot_all(ctx, nodes[i].name, o->plots, stderr);
		err_clear(&ctx->err);
	}
	/* last loaded first: a run-scoped load gives back the scope it found */
	for (i = n; i-- > 0;)
		node_report_release(&r[i]);
	free(r);
	store_free_nodes(nodes, n);
	if (rc)
		return rc;
	return ingest_rc ? ingest_rc : worst;
}

/* --tdp, --cap, --budget: whole watts as caps takes them. */
static int
watts(const char *opt, const char *arg, int min, int *out)
{
	if (parse_int(arg, min, 100000, out))
		return cmd_usage_error("report", usage_str, "invalid %s '%s' (%d to 100000)", opt,
				       arg, min);
	return 0;
}

static int
parse_args(int argc, char **argv, struct litsi_ctx *ctx, struct report_opts *o)
{
	int opt, rc;

	while ((opt = getopt_long(argc, argv, "+h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'B':
			if (watts("--budget", optarg, 0, &o->budget))
				return EXIT_USAGE;
			break;
		case 'c':
			if (watts("--cap", optarg, 1, &o->so.res.cap0))
				return EXIT_USAGE;
			break;
		case 't':
			if (watts("--tdp", optarg, 1, &o->so.res.tdp))
				return EXIT_USAGE;
			break;
		case 'o':
			if (parse_duration(optarg, &o->clock_offset))
				return cmd_usage_error("report", usage_str,
						       "invalid --clock-offset '%s' (ns, or with a "
						       "unit: 1.5s)", optarg);
			o->has_clock_offset = true;
			break;
		case 'z':
			o->tz = optarg;
			break;
		case 'A':
			o->allow_inconclusive = true;
			break;
		case 'm': {
			int v;

			if (parse_int(optarg, 1, 1 << 30, &v))
				return cmd_usage_error("report", usage_str,
						       "invalid --min-instances '%s' (a count, 1 or "
						       "more)", optarg);
			o->min_instances = (size_t)v;
			break;
		}
		case 'f':
			if (!strcmp(optarg, "json") || !strcmp(optarg, "text")) {
				o->json = !strcmp(optarg, "json");
				break;
			}
			return cmd_usage_error("report", usage_str,
					       "invalid --format '%s' (expected text or json)",
					       optarg);
		case 'D':
			o->detail = true;
			break;
		case 'h':
			cmd_help(ctx, usage_str);
			return -1;
		case 'k':
			o->keep = true;
			break;
		case 'L':
			cmd_list_opts(ctx, longopts);
			return -1;
		case 'n':
			o->node = optarg;
			break;
		case 'p':
			o->plots = optarg;
			break;
		default:
			rc = cmd_shared_opt("report", usage_str, opt, optarg, &o->so);
			if (rc < 0)
				return cmd_getopt_error("report", usage_str, argv);
			if (rc)
				return rc;
		}
	}
	if (o->so.res.tdp && o->so.res.cap0 > o->so.res.tdp)
		return cmd_usage_error("report", usage_str, "--cap %d is above --tdp %d",
				       o->so.res.cap0, o->so.res.tdp);
	if (o->detail && o->json)
		return cmd_usage_error("report", usage_str,
				       "--detail and --format json contradict each other: --detail "
				       "adds tables to the text report");
	return 0;
}

/* A temporary database for a report on paths when no database was named. */
static char *
temp_db(struct litsi_ctx *ctx)
{
	const char *dir = getenv("TMPDIR");
	struct sbuf sb = SBUF_INIT;
	int fd;

	sbuf_addf(&sb, "%s/litsi-report.XXXXXX", dir && *dir ? dir : "/tmp");
	fd = mkstemp(sb.buf);
	if (fd < 0) {
		err_set(&ctx->err, LITSI_EDB, "cannot create a temporary database in '%s'",
			dir && *dir ? dir : "/tmp");
		sbuf_release(&sb);
		return NULL;
	}
	close(fd);
	return sbuf_detach(&sb);
}

static void
remove_db(const char *path)
{
	static const char *const suffix[] = { "", "-wal", "-shm", "-journal" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(suffix); i++) {
		struct sbuf sb = SBUF_INIT;

		sbuf_addf(&sb, "%s%s", path, suffix[i]);
		unlink(sb.buf);
		sbuf_release(&sb);
	}
}

int
cmd_report(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct report_opts o = { .budget = -1, .min_instances = 10 };
	char *tmp = NULL;
	int rc;

	shared_opts_init(&o.so, ctx);
	rc = parse_args(argc, argv, ctx, &o);
	if (rc)
		return rc < 0 ? EXIT_OK : rc;
	if (o.keep && (optind >= argc || ctx->db_named))
		return cmd_usage_error("report", usage_str,
				       "--keep keeps the temporary database of a report on paths; "
				       "without paths, or with -d or LITSI_DB, there is none");
	if (optind < argc && !ctx->db_named) {
		tmp = temp_db(ctx);
		if (!tmp)
			return ctx->err.status;
		ctx->db_path = tmp;
	}
	rc = store_open(ctx->db_path, optind < argc ? STORE_RDWR : STORE_RDONLY, &ctx->st,
			&ctx->err);
	if (!rc)
		rc = run_report(ctx, &o, argc - optind, argv + optind);
	store_close(ctx->st);
	ctx->st = NULL;
	/* Whatever went to stdout comes first, even when both go to one file. */
	fflush(ctx->out);
	if (tmp && o.keep)
		fprintf(stderr, "litsi: the database is kept in '%s'\n", tmp);
	else if (tmp)
		remove_db(tmp);
	free(tmp);
	return rc;
}
