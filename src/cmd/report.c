/* SPDX-License-Identifier: MIT */
/*
 * report.c: litsi report, the main job in one command: ingest the given
 * paths, then for each node render the results library's structs: inputs,
 * GPUs, straggler, thermal spread, model predictions, caps for the three
 * scenarios with the commands that apply them, and the verdict. Every number
 * is the one the single commands print. Exits like check.
 */
#include "cmd.h"
#include "litsi/advice.h"

#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


static const char usage_str[] =
	"usage: litsi report [--detail] [--keep] [--node name | --node-from dir|host]\n"
	"                    [--run name|all] [--plots dir]\n"
	"                    [--goal throughput|power|energy] [--script file] [--html file]\n"
	"                    [--tdp W] [--cap W] [--budget W] [--baseline-power W]\n"
	"                    [--idle-power W] [--tz zone] [--clock-offset ns]\n"
	"                    [--allow-inconclusive] [--min-instances n] [--format {formats}]\n"
	"                    [path ...]\n";

static const struct option longopts[] = {
	{ "allow-inconclusive", no_argument, NULL, 'A' },
	SHARED_OPT("baseline-power", SO_BASE_POWER),
	SHARED_OPT("budget", SO_BUDGET),
	SHARED_OPT("cap", SO_CAP),
	{ "clock-offset", required_argument, NULL, 'o' },
	{ "detail", no_argument, NULL, 'D' },
	{ "format", required_argument, NULL, 'f' },
	{ "goal", required_argument, NULL, 'g' },
	{ "help", no_argument, NULL, 'h' },
	{ "html", required_argument, NULL, 'H' },
	SHARED_OPT("idle-power", SO_IDLE_POWER),
	{ "keep", no_argument, NULL, 'k' },
	{ "list-opts", no_argument, NULL, 'L' },
	{ "min-instances", required_argument, NULL, 'm' },
	{ "node", required_argument, NULL, 'n' },
	{ "node-from", required_argument, NULL, 'N' },
	{ "plots", required_argument, NULL, 'p' },
	SHARED_OPT("run", SO_RUN),
	{ "script", required_argument, NULL, 'X' },
	SHARED_OPT("tdp", SO_TDP),
	{ "tz", required_argument, NULL, 'z' },
	{ NULL, 0, NULL, 0 },
};

struct report_opts {
	bool json, keep;
	bool detail;		/* --detail: the full tables of every section too */
	bool allow_inconclusive;	/* --allow-inconclusive: exit 0, not 5, for those */
	size_t min_instances;	/* --min-instances of a ranked correlation (10) */
	const char *node;	/* --node: only this node */
	const char *node_from;	/* --node-from dir|host: the node of each file, for the ingest */
	const char *plots;	/* --plots DIR */
	struct shared_opts so;	/* --baseline-power, --idle-power, --tdp, --cap, --budget, --run */
	const char *tz;		/* --tz, for the ingest */
	int64_t clock_offset;	/* --clock-offset, for the ingest */
	bool has_clock_offset;
	enum res_goal goal;	/* --goal (throughput) */
	const char *script;	/* --script FILE: the recommended caps as a script */
	const char *html;	/* --html FILE: the report as one HTML page */
};

/* Everything the report shows of one node (one run), computed once by the library. */
struct node_report {
	const struct node_row *node;
	char *label;		/* "n17", or "n17 (run r2)" (res_judge()) */
	char *run;		/* the run reported; NULL: the whole node */
	size_t nruns;		/* the runs the node holds (0: none named) */
	struct res_model n;
	struct res_thermal th;
	struct res_corr corr;
	struct res_caps caps[3];
	bool has_caps[3];
	char why_caps[3][sizeof(((struct err *)0)->msg)];
	struct res_verdict v;
	struct res_power pw;	/* the power model's predictions (res_power_eval()) */
	/* what to do (res_advice_eval()) and the results it reads */
	struct res_advice adv;
	struct res_advice_in ain;
	const char *why_ptr[3];
	double pratio[MODEL_NAGG];
};

/* The "what to do" of a loaded node, from the results above. */
static int
node_report_advise(struct litsi_ctx *ctx, const struct report_opts *ro, struct node_report *r)
{
	int s;

	for (s = 0; s < 3; s++) {
		r->why_ptr[s] = r->why_caps[s];
		r->pratio[s] = r->pw.ok ? r->pw.pw[s].ratio : NAN;
	}
	r->ain = (struct res_advice_in){ .n = &r->n, .th = &r->th, .v = &r->v, .caps = r->caps,
					 .has_caps = r->has_caps, .why_caps = r->why_ptr,
					 .power_ratio = r->pratio, .run = r->run };
	return res_advice_eval(ctx->st, &r->ain, ro->goal, &r->adv, &ctx->err);
}


/*
 * The store's reads (sources, GPUs, the single commands' loads of --detail and
 * the plots) see the run of report @r while it is rendered.
 */
static void
scope_to(struct litsi_ctx *ctx, const struct node_report *r)
{
	struct err e = { 0 };

	store_scope_run(ctx->st, r->run, &e);
}

/* The node's run @run (res_node_runs()) judged once (res_judge()), then the rest on its load. */
static int
node_report_load(struct litsi_ctx *ctx, const struct report_opts *ro,
		 const struct node_row *node, const char *run, struct node_report *r)
{
	struct res_opts o = ro->so.res;
	struct check_params cp;
	struct res_judgement j;
	size_t s;
	int rc;

	memset(r, 0, sizeof(*r));
	r->node = node;
	check_params_default(&cp);
	rc = res_judge(ctx->st, node, run, &o, &cp, RES_JUDGE_CAPS, &j, &r->n, &ctx->err);
	r->label = j.label;
	r->run = j.run;
	j.label = j.run = NULL;
	if (!rc && !j.judged)
		/* nothing matched: the verdict stands, the sections have nothing to show */
		rc = err_set(&ctx->err, LITSI_EDATA, "node '%s': %s", node->name, j.v.r.reason);
	r->v = j.v;
	memset(&j.v, 0, sizeof(j.v));
	res_judgement_release(&j);
	if (rc)
		return rc;
	o.run = run;
	res_thermal_eval(&r->n.nd, &r->n.tel, r->n.mean_lead, r->n.nsamples, &r->th);
	if ((rc = res_corr_eval(&r->n.nd, RES_BY_KERNEL, &r->corr, &ctx->err)))
		return rc;
	for (s = 0; s < 3; s++) {
		struct caps_params p;
		struct err e = { 0 };

		caps_params_default(&p);
		p.scenario = (enum caps_scenario)s;
		cmd_caps_budget(&ro->so, &p);
		r->has_caps[s] = !res_caps_eval(&r->n, &p, o.agg, false, RES_EMIT_VENDOR,
						&r->caps[s], &e);
		snprintf(r->why_caps[s], sizeof(r->why_caps[s]), "%s", e.msg);
	}
	res_power_eval(&r->n, &r->pw);
	return 0;
}

static void
node_report_release(struct node_report *r)
{
	size_t s;

	res_advice_release(&r->adv);
	for (s = 0; s < 3; s++)
		res_caps_release(&r->caps[s]);
	res_power_release(&r->pw);
	res_verdict_release(&r->v);
	res_thermal_release(&r->th);
	res_corr_release(&r->corr);
	res_model_release(&r->n);
	free(r->label);
	free(r->run);
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
	{ "lead_ms", FT_DBL, 3 },     { "lead_pct", FT_DBL, 1 },  { "wait_ms", FT_DBL, 3 },
	{ "overlap_pct", FT_DBL, 1 }, { "temp_c", FT_DBL, 1 },	  { "clock_mhz", FT_DBL, 0 },
	{ "power_w", FT_DBL, 1 },     { "role", FT_STR, 0 },	  { "lead_sum_ms", FT_DBL, 3 },
};

/* The GPU table; @first_col 1 leaves out the node column (text). */
static bool telemetry_outside(const struct res_telemetry *t);

/* Why a GPU's telemetry column says n/a: "" when none does. */
static const char *
telemetry_na(const struct res_telemetry *t, size_t G)
{
	static const enum res_metric cols[] = { RES_HOT, RES_CLK, RES_POW };
	size_t g, c;
	bool na = false, some = false;

	if (telemetry_outside(t))
		return "recorded outside the traced window";
	for (g = 0; g < G; g++)
		for (c = 0; c < ARRAY_SIZE(cols); c++) {
			na |= isnan(t->load_med[cols[c]][g]);
			some |= t->n[cols[c]][g] > 0 && isnan(t->load_med[cols[c]][g]);
		}
	if (!na)
		return "";
	return some ? "fewer readings under load in the traced window than the verdict needs"
		    : "no such readings";
}

static int
render_gpus(struct litsi_ctx *ctx, struct fmt *f, const struct node_report *r, size_t first_col)
{
	const struct res_telemetry *t = &r->n.tel;
	bool outside = telemetry_outside(t);
	struct info_gpu *gi = NULL;
	size_t ngi = 0, g, i;

	if (store_info_gpus(ctx->st, &gi, &ngi, &ctx->err))
		return ctx->err.status;
	/* the text table leaves the summed lead to JSON and --detail */
	fmt_begin(f, first_col ? "GPUs (lead: time ahead of the last GPU per step, averaged "
				 "over its kernels; wait: in collectives per step; overlap of "
				 "computation with communication, duration-weighted; telemetry: "
				 "medians in the traced window)"
			       : "gpus",
		  gpu_cols + first_col, ARRAY_SIZE(gpu_cols) - first_col - (first_col ? 1 : 0));
	for (g = 0; g < r->n.nd.G; g++) {
		const struct gpu_row *gr = &r->n.nd.gpus[g];
		int64_t samples = 0, kernels = 0;

		for (i = 0; i < ngi; i++)
			if (!strcmp(gi[i].node, r->node->name) && gi[i].device == gr->device) {
				samples = gi[i].samples;
				kernels = gi[i].kernels;
			}
		if (!first_col)
			fmt_str(f, r->label);
		fmt_int(f, gr->device);
		if (gr->rank >= 0)
			fmt_int(f, gr->rank);
		else
			fmt_str(f, NULL);
		fmt_str(f, gr->product);
		fmt_int(f, samples);
		fmt_int(f, kernels);
		fmt_dbl(f, r->adv.gpu[g].lead_ms);
		fmt_dbl(f, r->adv.gpu[g].lead_pct);
		fmt_dbl(f, r->adv.gpu[g].wait_ms);
		fmt_dbl(f, r->n.overlap_pct[g]);
		/*
		 * The medians thermal prints, n/a where the verdict could not use the
		 * GPU's readings (too few under load in the traced window).
		 */
		fmt_dbl(f, outside || isnan(t->load_med[RES_HOT][g]) ? NAN : t->med[RES_HOT][g]);
		fmt_dbl(f, outside || isnan(t->load_med[RES_CLK][g]) ? NAN : t->med[RES_CLK][g]);
		fmt_dbl(f, outside || isnan(t->load_med[RES_POW][g]) ? NAN : t->med[RES_POW][g]);
		fmt_str(f, gr->device == r->n.straggler.device ? "straggler" : "-");
		if (!first_col)
			fmt_dbl(f, r->adv.gpu[g].lead_sum_ms);
		fmt_end_row(f);
	}
	fmt_end(f);
	store_info_free(NULL, 0, gi, ngi, NULL, 0);
	if (first_col && *telemetry_na(t, r->n.nd.G))
		out_printf(ctx->out, "(telemetry n/a: %s; under load: gfx activity > %g%%, or power > "
				  "%g W without activity readings, %zu+ readings)\n",
			telemetry_na(t, r->n.nd.G), t->load_activity, t->load_power,
			t->min_readings);
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
		if (!r->n.tel.any)
			fputs("thermal: no telemetry for this node\n", out);
		else if (telemetry_outside(&r->n.tel))
			fputs("thermal: not judged: the telemetry lies outside the traced window\n",
			      out);
		else
			out_printf(out, "thermal: not judged: %s\n",
				r->v.r.rule[CHECK_TEMP].state == CHECK_SKIPPED
					? r->v.r.rule[CHECK_TEMP].why
					: "no temperature or clock spread");
		return;
	}
	fputs("thermal: temperature spread ", out);
	fprintf(out, isnan(th->temp_spread) ? "n/a" : "%.3fx", th->temp_spread);
	fputs(", clock spread ", out);
	fprintf(out, isnan(th->freq_spread) ? "n/a" : "%.3fx", th->freq_spread);
	fputs(" (max/min of per-GPU medians)\n  hottest first:", out);
	for (i = 0; i < th->nhot; i++)
		out_printf(out, "%s%d", i ? "," : " ", th->hottest[i]);
	fputs("; slowest clock first:", out);
	for (i = 0; i < th->nslow; i++)
		out_printf(out, "%s%d", i ? "," : " ", th->slowest[i]);
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
		out_printf(ctx->out, "  (%zu kernel%s with fewer instances not ranked; see litsi corr)\n",
			few, few == 1 ? "" : "s");
	free(used);
}

static void
text_model(FILE *out, const struct node_report *r)
{
	int a;

	fputs("\nthroughput ceilings (what aligning every GPU to one GPU's pace could give at "
	      "best; ratios to the recorded run):\n", out);
	if (!r->n.perf.nC) {
		fputs("  unavailable: no constant-overlap kernels matched across the GPUs\n", out);
		return;
	}
	for (a = 0; a < MODEL_NAGG; a++) {
		char words[32];

		snprintf(words, sizeof(words), "pace of the %s GPU:", caps_scenarios[a].pace);
		out_printf(out, "  %-12s %-24s throughput up to x%.3f", caps_scenarios[a].name,
			words, r->n.perf.S_C[a]);
		if (r->pw.ok)
			fprintf(out, ", node GPU power x%.3f\n", r->pw.pw[a].ratio);
		else
			fputs(", node GPU power n/a\n", out);
	}
	if (!r->pw.ok)
		out_printf(out, "  power model unavailable: %s unknown (give --baseline-power and "
			     "--idle-power to litsi model)\n", res_power_missing(&r->n));
}

static void
text_caps(FILE *out, const struct node_report *r)
{
	char note[400];
	double thr, ceil;
	size_t s, g;
	bool cl;

	fputs("\npower caps by scenario (predicted by the caps model, never above the ceiling; "
	      "the commands are printed, not run):\n", out);
	for (s = 0; s < 3; s++) {
		const struct res_caps *c = &r->caps[s];

		if (!r->has_caps[s]) {
			out_printf(out, "  %s: unavailable: %s\n", caps_scenarios[s].name,
				   r->why_caps[s]);
			continue;
		}
		thr = res_advice_scenario_throughput(&r->ain, (int)s, &ceil, &cl);
		out_printf(out, "  %s: sum %lld W of %lld W, predicted throughput x%.3f",
			   caps_scenarios[s].name, (long long)c->sum_caps, (long long)c->P_n, thr);
		if (!isnan(ceil))
			fprintf(out, " (ceiling x%.3f)", ceil);
		fprintf(out, ", power x%.3f\n", c->pratio);
		if (*res_advice_note(&r->ain, (int)s, note, sizeof(note)))
			out_printf(out, "    %s\n", note);
		for (g = 0; g < c->G; g++) {
			fprintf(out, "    gpu %2d %4d W   ", c->device[g], c->caps[g]);
			fmt_text_str(out, c->cmd[g] ? c->cmd[g] : "");
			fputc('\n', out);
		}
	}
	for (s = 0; s < 3; s++)
		if (r->has_caps[s]) {
			const struct part_limits *l = &r->caps[s].lim;

			out_printf(out, "  limits: TDP %d W (%s), initial cap %d W (%s), min limit ",
				l->tdp, l->tdp_from, l->cap0, l->cap0_from);
			if (l->min)
				out_printf(out, "%d W (%s)\n", l->min, l->min_from);
			else
				fputs("none\n", out);
			/* the predictions rest on the power-to-clock curve: say when it is assumed */
			if (!r->caps[s].fitted)
				fputs("  calibration: power-to-clock curve assumed (the line through "
				      "idle); litsi caps --calibrate prints a short probe that "
				      "measures it\n", out);
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
	fputs("\n== Straggler and lead per step (ms; lead_sum: over matched kernels) ==\n", ctx->out);
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
		cmd_caps_budget(&o->so, &cr.p);
		out_printf(ctx->out, "\n== Caps, scenario %s ==\n", caps_scenarios[s].name);
		if (!r->has_caps[s]) {
			out_printf(ctx->out, "unavailable: %s\n", r->why_caps[s]);
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
	fmt_text_str(ctx->out, r->label);
	fputs("\n\n", ctx->out);
	advice_render_text(ctx->out, &r->adv, &r->ain);
	fputc('\n', ctx->out);
	if ((rc = inputs_text(ctx, r->node->name, &in, &count)))
		return rc;
	out_printf(ctx->out, "inputs: %zu source%s", count, count == 1 ? "" : "s");
	if (r->run) {
		fputs(" of run ", ctx->out);
		fmt_text_str(ctx->out, *r->run ? r->run : "(ingested without --run)");
	}
	out_printf(ctx->out, " (%s)\n", in.buf);
	if (r->run && r->nruns >= 2 && !o->so.res.run)
		fprintf(ctx->out, "runs: the node holds %zu runs; this is the latest (--run NAME "
			"reports another, --run all each)\n", r->nruns);
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
	check_render_text(ctx->out, r->label, &r->v, r->n.straggler.samples);
	return 0;
}

static const struct fmt_col node_cols[] = {
	{ "node", FT_STR, 0 },		    { "inputs", FT_INT, 0 },
	{ "imbalanced", FT_BOOL, 0 },	    { "straggler", FT_INT, 0 },
	{ "straggler_rank", FT_INT, 0 },    { "straggler_share_pct", FT_DBL, 1 },
	{ "samples", FT_INT, 0 },	    { "temp_spread", FT_DBL, 4 },
	{ "freq_spread", FT_DBL, 4 },	    { "spearman_temp_lead", FT_DBL, 4 },
	{ "telemetry_aligned", FT_BOOL, 0 }, { "S_C_min", FT_DBL, 4 },
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
	{ "available", FT_BOOL, 0 },  { "sum_caps_w", FT_INT, 0 }, { "P_n_w", FT_INT, 0 },
	{ "S_iter", FT_DBL, 4 },     { "power_ratio", FT_DBL, 4 }, { "tdp_w", FT_INT, 0 },
	{ "initial_cap_w", FT_INT, 0 }, { "min_w", FT_INT, 0 },	  { "why", FT_STR, 0 },
	{ "ceiling", FT_DBL, 4 },
};

static void
json_nodes(struct litsi_ctx *ctx, struct fmt *f, const struct node_report *r, size_t nn)
{
	size_t i, count;

	fmt_begin(f, "nodes", node_cols, ARRAY_SIZE(node_cols));
	for (i = 0; i < nn; i++) {
		struct sbuf in = SBUF_INIT;

		scope_to(ctx, &r[i]);
		inputs_text(ctx, r[i].node->name, &in, &count);
		sbuf_release(&in);
		fmt_str(f, r[i].label);
		fmt_int(f, (int64_t)count);
		fmt_bool(f, r[i].v.r.imbalanced);
		fmt_int(f, r[i].n.straggler.device);
		fmt_int(f, r[i].n.straggler.rank);
		fmt_dbl(f, r[i].n.straggler.share_pct);
		fmt_int(f, (int64_t)r[i].n.straggler.samples);
		fmt_dbl(f, r[i].th.temp_spread);
		fmt_dbl(f, r[i].th.freq_spread);
		fmt_dbl(f, r[i].th.spearman);
		fmt_bool(f, r[i].n.tel.aligned);
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
			fmt_str(f, r[i].label);
			fmt_str(f, caps_scenarios[a].name);
			fmt_str(f, caps_scenarios[a].align_name);
			fmt_dbl(f, r[i].n.perf.S_C[a]);
			fmt_dbl(f, r[i].pw.ok ? r[i].pw.pw[a].ratio : NAN);
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
				fmt_str(f, r[i].label);
				fmt_str(f, caps_scenarios[s].name);
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

			fmt_str(f, r[i].label);
			fmt_str(f, caps_scenarios[s].name);
			fmt_str(f, "model prediction");
			fmt_bool(f, ok);
			fmt_int(f, ok ? c->sum_caps : 0);
			fmt_int(f, ok ? c->P_n : 0);
			fmt_dbl(f, ok ? c->throughput : NAN);
			fmt_dbl(f, ok ? c->pratio : NAN);
			fmt_int(f, ok ? c->lim.tdp : 0);
			fmt_int(f, ok ? c->lim.cap0 : 0);
			fmt_int(f, ok ? c->lim.min : 0);
			fmt_str(f, ok ? c->why : r[i].why_caps[s]);
			fmt_dbl(f, res_caps_ceiling(&r[i].n, (enum caps_scenario)s));
			fmt_end_row(f);
		}
	fmt_end(f);
}

static void
json_advice(struct fmt *f, const struct node_report *r, size_t nn)
{
	size_t i, nc;
	const struct fmt_col *cols = advice_columns(&nc);

	fmt_begin(f, "advice", cols, nc);
	for (i = 0; i < nn; i++)
		advice_render_row(f, r[i].node->name, &r[i].adv);
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
	for (i = 0; i < nn && !rc; i++) {
		scope_to(ctx, &r[i]);
		rc = render_gpus(ctx, f, &r[i], 0);
	}
	json_model(f, r, nn);
	json_caps(f, r, nn);
	json_advice(f, r, nn);
	check_rules_begin(f);
	for (i = 0; i < nn; i++)
		check_render_rules(f, r[i].label, &r[i].v);
	fmt_end(f);
	fmt_free(f);
	return rc;
}

/* A file beside a job's node folders that is no trace or log (README, truth.json, ...). */
static bool
is_side_file(const char *name)
{
	static const char *const data[] = { ".json", ".gz", ".csv", ".db", ".sqlite",
					    ".sqlite3", ".rocpd", ".log", ".txt", ".prom",
					    ".tar", ".tgz" };
	size_t i, n = strlen(name);

	if (!strcmp(name, "truth.json"))
		return true;
	for (i = 0; i < ARRAY_SIZE(data); i++) {
		size_t k = strlen(data[i]);

		if (n > k && !strcmp(name + n - k, data[i]))
			return false;
	}
	return true;
}

/* Whether @path is a folder holding a sub-folder (that holds a file, at any depth). */
static bool
holds_subfolders(const char *path, bool *files_at_top)
{
	DIR *d = opendir(path);
	struct dirent *de;
	bool sub = false;

	*files_at_top = false;
	if (!d)
		return false;
	while ((de = readdir(d))) {
		struct sbuf sb = SBUF_INIT;
		struct stat st;

		if (de->d_name[0] == '.')
			continue;
		sbuf_addf(&sb, "%s/%s", path, de->d_name);
		if (!stat(sb.buf, &st) && S_ISDIR(st.st_mode))
			sub = true;
		else if (!stat(sb.buf, &st) && S_ISREG(st.st_mode) && !is_side_file(de->d_name))
			*files_at_top = true;
		sbuf_release(&sb);
	}
	closedir(d);
	return sub;
}

/*
 * The ingest of a report on paths. Without --node or --node-from, one folder
 * names the nodes: a job folder (sub-folders, no trace or log of its own) is
 * one node per sub-folder, named after it (--node-from dir); a folder of
 * files is one node named after the folder. Several paths: as ingest.
 */
static int
report_ingest(struct litsi_ctx *ctx, const struct report_opts *o, int npaths, char **paths)
{
	const char *node = o->node, *from = o->node_from;
	char *base = NULL;
	struct stat st;
	bool top;
	int rc;

	if (!node && !from && npaths == 1 && !stat(paths[0], &st) && S_ISDIR(st.st_mode)) {
		if (holds_subfolders(paths[0], &top) && !top) {
			from = "dir";
		} else {
			size_t len = strlen(paths[0]);
			const char *b;

			while (len > 1 && paths[0][len - 1] == '/')
				len--;
			b = paths[0] + len;
			while (b > paths[0] && b[-1] != '/')
				b--;
			base = xstrndup(b, (size_t)(paths[0] + len - b));
			if (strcmp(base, ".") && strcmp(base, "..") && strcmp(base, "/"))
				node = base;
		}
	}
	rc = ingest_paths(ctx, node, from, o->so.res.run && strcmp(o->so.res.run, RES_RUN_ALL)
						   ? o->so.res.run : NULL,
			  o->tz, o->has_clock_offset ? &o->clock_offset : NULL, npaths, paths);
	free(base);
	return rc;
}

/* --html FILE: the page of every node reported. */
static int
report_html(struct litsi_ctx *ctx, const struct report_opts *o, const struct node_report *r,
	    size_t n)
{
	struct report_page_node *v = xcalloc(n + 1, sizeof(*v));
	size_t i;
	int rc;

	for (i = 0; i < n; i++)
		v[i] = (struct report_page_node){ r[i].node, &r[i].adv, &r[i].ain };
	fflush(ctx->out);
	rc = report_page_write(ctx, o->html, v, n);
	free(v);
	if (!rc && ctx->verbose >= 0)
		out_printf(stderr, "litsi: wrote '%s'\n", o->html);
	return rc;
}

/* --script FILE: the caps of the one node's recommended action, as caps --script writes them. */
static int
report_script(struct litsi_ctx *ctx, const struct report_opts *o, const struct node_report *r,
	      size_t n)
{
	struct sbuf what = SBUF_INIT;
	int s, rc;

	if (n != 1)
		return cmd_usage_error("report", usage_str,
				       "--script writes the script of one node; the report has %zu: "
				       "give --node", n);
	s = r->adv.scenario;
	if (s < 0) {
		warn("no script written: no caps serve the goal %s on node '%s'",
		     res_goal_name(o->goal), r->node->name);
		return 0;
	}
	sbuf_addf(&what, "%s caps for the goal %s, model prediction", caps_scenarios[s].name,
		  res_goal_name(o->goal));
	rc = cmd_caps_script(ctx, o->script, r->node->name, what.buf, &r->caps[s]);
	sbuf_release(&what);
	if (!rc && ctx->verbose >= 0)
		out_printf(stderr, "litsi: wrote '%s' (run it as root; it records the caps in force "
				"in '%s.restore' first)\n", o->script, o->script);
	return rc;
}

/* One (node, run) to report. */
struct report_task {
	const struct node_row *node;
	char *run;		/* res_node_runs()'s entry, owned */
	size_t nruns;		/* the runs the node holds */
};

/*
 * The (node, run) pairs to report on: each node's latest run by default
 * (--run NAME, --run all), as check judges them; *@task malloc'd (runs owned).
 */
static int
report_tasks(struct litsi_ctx *ctx, const struct report_opts *o, struct node_row *nodes,
	     size_t n, struct report_task **task, size_t *nt)
{
	size_t i, k, at = 0;
	int rc = 0;

	for (i = 0; i < n && !rc; i++) {
		char **runs = NULL, **all = NULL;
		size_t nruns = 0, nall = 0;

		rc = res_node_runs(ctx->st, &nodes[i], o->so.res.run, &runs, &nruns, &ctx->err);
		if (!rc)
			rc = store_runs(ctx->st, nodes[i].id, &all, &nall, &ctx->err);
		for (k = 0; !rc && k < nruns; k++) {
			VEC_GROW(*task, *nt + 1, at);
			(*task)[(*nt)++] = (struct report_task){ &nodes[i], runs[k], nall };
			runs[k] = NULL;
		}
		res_node_runs_free(runs, nruns);
		res_node_runs_free(all, nall);
	}
	return rc;
}

/*
 * Every output of the loaded reports @r (@nr): text or JSON, the caps script,
 * the HTML page, the figures; *@worst: the exit code of the verdicts.
 */
static int
report_render(struct litsi_ctx *ctx, const struct report_opts *o, struct node_report *r,
	      size_t nr, int *worst)
{
	struct res_judgement *jv;
	size_t i;
	int rc = 0;

	for (i = 0; !rc && !o->json && i < nr; i++) {
		scope_to(ctx, &r[i]);
		rc = render_text(ctx, o, &r[i], i == 0);
	}
	if (!rc && o->json)
		rc = render_json(ctx, r, nr);
	if (!rc && o->script)
		rc = report_script(ctx, o, r, nr);
	if (!rc && o->html)
		rc = report_html(ctx, o, r, nr);
	if (rc)
		return rc;
	jv = xcalloc(nr + 1, sizeof(*jv));
	for (i = 0; i < nr; i++)
		jv[i].v = r[i].v;
	*worst = res_verdict_exit(jv, nr, 0, o->allow_inconclusive);
	free(jv);
	for (i = 0; o->plots && i < nr; i++) {
		fflush(ctx->out);
		if (mkdir(o->plots, 0777) && errno != EEXIST) {
			warn("cannot create '%s': %s", o->plots, strerror(errno));
			break;
		}
		scope_to(ctx, &r[i]);
		/* plot_all() warns of each figure it could not write. */
		plot_all(ctx, r[i].node->name, o->plots, stderr);
		err_clear(&ctx->err);
	}
	return 0;
}

static int
run_report(struct litsi_ctx *ctx, const struct report_opts *o, int npaths, char **paths)
{
	struct node_row *nodes = NULL;
	struct node_report *r = NULL;
	struct report_task *task = NULL;
	size_t n = 0, nr = 0, nt = 0, i;
	int worst = EXIT_OK, rc = 0, ingest_rc = EXIT_OK, saved_verbose = ctx->verbose;
	FILE *saved_out = ctx->out;

	if (npaths) {
		/* Ingest summary lines go to stderr in JSON mode to keep stdout one document. */
		if (o->json)
			ctx->out = stderr;
		rc = report_ingest(ctx, o, npaths, paths);
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
		/* the inputs that failed were named; "no GPU" would only repeat it */
		if (ingest_rc && !n) {
			err_clear(&ctx->err);
			return ingest_rc;
		}
		return rc;
	}
	rc = report_tasks(ctx, o, nodes, n, &task, &nt);
	/* One allocation: the advice holds pointers into each report. */
	r = xcalloc(nt + 1, sizeof(*r));
	for (i = 0; i < nt && !rc; i++) {
		rc = node_report_load(ctx, o, task[i].node, task[i].run, &r[i]);
		r[i].nruns = task[i].nruns;
		nr = i + 1;
		rc = rc ? rc : node_report_advise(ctx, o, &r[i]);
	}
	if (!rc)
		rc = report_render(ctx, o, r, nr, &worst);
	/* last loaded first: a run-scoped load gives back the scope it found */
	for (i = nr; i-- > 0;)
		node_report_release(&r[i]);
	free(r);
	for (i = 0; i < nt; i++)
		free(task[i].run);
	free(task);
	store_free_nodes(nodes, n);
	if (rc)
		return rc;
	return ingest_rc ? ingest_rc : worst;
}

/* --format: the report is text (table) or one JSON document. */
static int
format_opt(const char *arg, struct report_opts *o)
{
	enum fmt_kind k;

	if (cmd_format("report", usage_str, arg, &k))
		return EXIT_USAGE;
	o->json = k == FMT_JSON;
	return 0;
}

/* What the options say together, once all are parsed. */
static int
check_args(const struct report_opts *o)
{
	int rc;

	if ((rc = cmd_shared_check("report", usage_str, &o->so)))
		return rc;
	if (o->node && o->node_from)
		return cmd_usage_error("report", usage_str,
				       "--node and --node-from contradict each other: --node names "
				       "the one node of every path, --node-from a node per folder or "
				       "host");
	if (o->detail && o->json)
		return cmd_usage_error("report", usage_str,
				       "--detail and --format json contradict each other: --detail "
				       "adds tables to the text report");
	return 0;
}

static int
parse_args(int argc, char **argv, struct litsi_ctx *ctx, struct report_opts *o)
{
	int opt, rc;

	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
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
			if (format_opt(optarg, o))
				return EXIT_USAGE;
			break;
		case 'D':
			o->detail = true;
			break;
		case 'g':
			if (res_goal_parse(optarg, &o->goal))
				return cmd_usage_error("report", usage_str,
						       "invalid --goal '%s' (expected throughput, "
						       "power or energy)", optarg);
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
		case 'N':
			if (strcmp(optarg, "dir") && strcmp(optarg, "host"))
				return cmd_usage_error("report", usage_str,
						       "invalid --node-from '%s' (expected dir or host)",
						       optarg);
			o->node_from = optarg;
			break;
		case 'p':
			o->plots = optarg;
			break;
		case 'X':
			o->script = optarg;
			break;
		case 'H':
			o->html = optarg;
			break;
		default:
			rc = cmd_shared_opt("report", usage_str, opt, optarg, &o->so);
			if (rc < 0)
				return cmd_getopt_error("report", usage_str, argv);
			if (rc)
				return rc;
		}
	}
	return check_args(o);
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
	struct report_opts o = { .min_instances = 10 };
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
		out_printf(stderr, "litsi: the database is kept in '%s'\n", tmp);
	else if (tmp)
		remove_db(tmp);
	free(tmp);
	return rc;
}
