/* SPDX-License-Identifier: MIT */
/*
 * check.c: litsi check: the thermal-imbalance verdict of every node
 * (METHOD.md §9), for CI: exit 1 when some node is imbalanced, 5 when none
 * is but some node is inconclusive.
 */
#include "cmd.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static const char usage_str[] =
	"usage: litsi check [--node name] [--max-temp-spread x] [--max-freq-spread x]\n"
	"                   [--min-gain x] [--max-throttle pct] [--persist pct] [--epsilon pct]\n"
	"                   [--min-temp-diff C] [--min-samples n] [--load-activity pct]\n"
	"                   [--load-power W] [--min-readings n] [--clock-share pct]\n"
	"                   [--min-hotter C] [--min-viol pct] [--allow-inconclusive]\n"
	"                   [--idle-power W] [--max-imbalanced n] [--run name|all]\n"
	"                   [--format {formats}]\n";

static const struct option longopts[] = {
	{ "allow-inconclusive", no_argument, NULL, 'A' },
	{ "clock-share", required_argument, NULL, 'c' },
	SHARED_OPT("epsilon", SO_EPSILON),
	{ "format", required_argument, NULL, 'F' },
	{ "help", no_argument, NULL, 'h' },
	SHARED_OPT("idle-power", SO_IDLE_POWER),
	{ "list-opts", no_argument, NULL, 'L' },
	SHARED_OPT("load-activity", SO_LOAD_ACTIVITY),
	SHARED_OPT("load-power", SO_LOAD_POWER),
	{ "max-freq-spread", required_argument, NULL, 'f' },
	{ "max-imbalanced", required_argument, NULL, 'M' },
	{ "max-temp-spread", required_argument, NULL, 't' },
	{ "max-throttle", required_argument, NULL, 'T' },
	{ "min-gain", required_argument, NULL, 'g' },
	{ "min-hotter", required_argument, NULL, 'H' },
	SHARED_OPT("min-readings", SO_MIN_READINGS),
	{ "min-samples", required_argument, NULL, 'S' },
	{ "min-temp-diff", required_argument, NULL, 'D' },
	{ "min-viol", required_argument, NULL, 'V' },
	SHARED_OPT("node", SO_NODE),
	SHARED_OPT("persist", SO_PERSIST),
	SHARED_OPT("run", SO_RUN),
	{ NULL, 0, NULL, 0 },
};

enum out_kind { OUT_TEXT, OUT_JSON, OUT_JUNIT };

struct check_opts {
	struct shared_opts so;
	struct check_params p;
	enum out_kind out;
	int max_imbalanced;	/* --max-imbalanced: exit 1 only above this many nodes */
	bool allow_inconclusive;	/* --allow-inconclusive: exit 0, not 5, for those */
};

/* One node's (one run's) judgement, kept until every node is checked. */
struct verdict {
	struct res_judgement j;
};

static const char *const state_name[] = { "passed", "fired", "skipped" };

static int
dbl_opt(const char *opt, const char *arg, double min, double max, double *out)
{
	if (parse_double(arg, out) || !(*out >= min) || !(*out <= max))
		return cmd_usage_error("check", usage_str, "invalid %s '%s' (%g to %g)", opt, arg,
				       min, max);
	return 0;
}

/* The rules' threshold options: their short code, name, range and field. */
static const struct threshold {
	int opt;
	const char *name;
	double min, max;
	size_t off;	/* of the double in struct check_params */
} thresholds[] = {
	{ 'D', "--min-temp-diff", 0, 1000, offsetof(struct check_params, min_temp_diff) },
	{ 'c', "--clock-share", 0, 1000, offsetof(struct check_params, clock_share) },
	{ 'H', "--min-hotter", 0, 1000, offsetof(struct check_params, min_hotter) },
	{ 'V', "--min-viol", 0, 100, offsetof(struct check_params, min_viol) },
	{ 'f', "--max-freq-spread", 1, 1e6, offsetof(struct check_params, max_freq_spread) },
	{ 'g', "--min-gain", 0, 1e6, offsetof(struct check_params, min_gain) },
	{ 't', "--max-temp-spread", 1, 1e6, offsetof(struct check_params, max_temp_spread) },
	{ 'T', "--max-throttle", 0, 100, offsetof(struct check_params, max_throttle) },
};

/*
 * A rule's threshold option @opt with @arg into @p: 0, EXIT_USAGE (the
 * message printed), or -1 when @opt is no threshold option.
 */
static int
threshold_opt(int opt, const char *arg, struct check_params *p)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(thresholds); i++) {
		const struct threshold *t = &thresholds[i];

		if (t->opt == opt)
			return dbl_opt(t->name, arg, t->min, t->max,
				       (double *)((char *)p + t->off)) ? EXIT_USAGE : 0;
	}
	return -1;
}

static int
parse_args(int argc, char **argv, struct litsi_ctx *ctx, struct check_opts *o)
{
	int opt, rc;

	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'A':
			o->allow_inconclusive = true;
			break;
		case 'S': {
			int n;

			if (parse_int(optarg, 1, 1 << 30, &n))
				return cmd_usage_error("check", usage_str,
						       "invalid --min-samples '%s' (a count, 1 or "
						       "more)", optarg);
			o->p.min_samples = (size_t)n;
			break;
		}
		case 'M':
			if (parse_int(optarg, 0, 1 << 30, &o->max_imbalanced))
				return cmd_usage_error("check", usage_str,
						       "invalid --max-imbalanced '%s' (a count of "
						       "nodes, 0 or more)", optarg);
			break;
		case 'F': {
			enum fmt_kind k;

			if (cmd_format("check", usage_str, optarg, &k))
				return EXIT_USAGE;
			o->out = k == FMT_JSON ? OUT_JSON : k == FMT_JUNIT ? OUT_JUNIT : OUT_TEXT;
			break;
		}
		case 'h':
			return cmd_help(ctx, usage_str) - CMD_ANSWERED;
		case 'L':
			return cmd_list_opts(ctx, longopts) - CMD_ANSWERED;
		default:
			if ((rc = threshold_opt(opt, optarg, &o->p)) >= 0) {
				if (rc)
					return rc;
				break;
			}
			rc = cmd_shared_opt("check", usage_str, opt, optarg, &o->so);
			if (rc < 0)
				return cmd_getopt_error("check", usage_str, argv);
			if (rc)
				return rc;
		}
	}
	if (optind < argc)
		return cmd_usage_error("check", usage_str, "unexpected argument '%s'",
				       argv[optind]);
	return 0;
}

/* ", rank R" when the rank is known and differs from the device. */
static const char *
rank_note(int device, int rank)
{
	static char buf[32];

	if (rank < 0 || rank == device)
		return "";
	snprintf(buf, sizeof(buf), ", rank %d", rank);
	return buf;
}

void
check_render_text(FILE *out, const char *node, const struct res_verdict *v, size_t samples)
{
	const struct check_result *r = &v->r;
	const struct res_caps *c = &v->caps;
	size_t k, g;

	out_printf(out, "node %s: %s: %s\n", node,
		r->verdict == CHECK_IMBALANCED	   ? "IMBALANCED"
		: r->verdict == CHECK_INCONCLUSIVE ? "INCONCLUSIVE"
						   : "balanced",
		r->reason);
	if (v->straggler >= 0)
		out_printf(out, "  straggler: gpu %d%s (%.1f%% of %zu samples)\n", v->straggler,
			rank_note(v->straggler, v->straggler_rank), r->persist_share, samples);
	else if (r->rule[CHECK_STRAGGLER].state == CHECK_SKIPPED)
		out_printf(out, "  straggler: not judged: %s\n", r->rule[CHECK_STRAGGLER].why);
	else
		fprintf(out, "  straggler: none persistent\n");
	if (r->attr.cause != CAUSE_NONE)
		out_printf(out, "  cause: %s: %s\n", check_cause_name(r->attr.cause), r->attr.evidence);
	for (k = 0; k < CHECK_NRULES; k++) {
		const struct check_rule *ru = &r->rule[k];

		out_printf(out, "  %-7s %-12s", state_name[ru->state],
			check_rule_name((enum check_rule_id)k));
		if (ru->state != CHECK_SKIPPED)
			fprintf(out, " %.3f (threshold %.3f)", ru->value, ru->threshold);
		if (ru->why[0])
			out_printf(out, "%s%s", ru->state == CHECK_SKIPPED ? " " : "; ", ru->why);
		fputc('\n', out);
	}
	if (v->has_caps) {
		fputs("  recommended caps (gpu-realloc, model prediction):", out);
		for (g = 0; g < c->G; g++)
			out_printf(out, " gpu %d %d W%s", c->device[g], c->caps[g],
				g + 1 < c->G ? "," : "");
		fputc('\n', out);
	} else {
		out_printf(out, "  recommended caps: unavailable: %s\n", v->why_no_caps);
	}
}

/* "N of M nodes imbalanced: a, b; K inconclusive: c" ("node runs" when judged per run) */
static void
print_summary(FILE *out, const struct verdict *v, size_t nn)
{
	static const enum check_verdict shown[] = { CHECK_IMBALANCED, CHECK_INCONCLUSIVE };
	const char *what = "node";
	size_t i, j, k, cnt;

	for (i = 0; i < nn; i++)
		if (v[i].j.run)
			what = "node run";

	for (j = 0; j < ARRAY_SIZE(shown); j++) {
		for (i = 0, cnt = 0; i < nn; i++)
			cnt += v[i].j.v.r.verdict == shown[j];
		if (!j)
			out_printf(out, "%zu of %zu %s%s imbalanced", cnt, nn, what, nn == 1 ? "" : "s");
		else
			fprintf(out, "; %zu inconclusive", cnt);
		for (i = 0, k = 0; i < nn; i++)
			if (v[i].j.v.r.verdict == shown[j])
				out_printf(out, "%s%s", k++ ? ", " : ": ", v[i].j.label);
	}
	fputc('\n', out);
}

static void
print_text(FILE *out, const struct verdict *v, size_t nn)
{
	size_t i;

	for (i = 0; i < nn; i++)
		check_render_text(out, v[i].j.label, &v[i].j.v, v[i].j.strag.samples);
	print_summary(out, v, nn);
}

static const struct fmt_col rule_cols[] = {
	{ "node", FT_STR, 0 },	 { "rule", FT_STR, 0 },	     { "state", FT_STR, 0 },
	{ "value", FT_DBL, 4 },	 { "threshold", FT_DBL, 4 }, { "detail", FT_STR, 0 },
};

void
check_rules_begin(struct fmt *f)
{
	fmt_begin(f, "rules", rule_cols, ARRAY_SIZE(rule_cols));
}

void
check_render_rules(struct fmt *f, const char *node, const struct res_verdict *v)
{
	size_t k;

	for (k = 0; k < CHECK_NRULES; k++) {
		const struct check_rule *ru = &v->r.rule[k];

		fmt_str(f, node);
		fmt_str(f, check_rule_name((enum check_rule_id)k));
		fmt_str(f, state_name[ru->state]);
		fmt_dbl(f, ru->state == CHECK_SKIPPED ? NAN : ru->value);
		fmt_dbl(f, ru->threshold);
		fmt_str(f, ru->why);
		fmt_end_row(f);
	}
}

void
check_render_cause(struct fmt *f, const struct check_result *r)
{
	fmt_str(f, r->attr.cause != CAUSE_NONE ? check_cause_name(r->attr.cause) : NULL);
	fmt_str(f, r->attr.cause != CAUSE_NONE ? r->attr.evidence : NULL);
}

static void
print_json(FILE *out, const struct verdict *v, size_t nn)
{
	static const struct fmt_col node_cols[] = {
		{ "node", FT_STR, 0 },	    { "imbalanced", FT_BOOL, 0 },
		{ "straggler", FT_INT, 0 }, { "straggler_share_pct", FT_DBL, 1 },
		{ "samples", FT_INT, 0 },   { "verdict", FT_STR, 0 },
		{ "reason", FT_STR, 0 },    { "cause", FT_STR, 0 },
		{ "evidence", FT_STR, 0 },
	};
	static const struct fmt_col cap_cols[] = {
		{ "node", FT_STR, 0 }, { "gpu", FT_INT, 0 }, { "cap_w", FT_INT, 0 },
	};
	struct fmt *f = fmt_new(out, FMT_JSON);
	size_t i, k;

	fmt_begin(f, "nodes", node_cols, ARRAY_SIZE(node_cols));
	for (i = 0; i < nn; i++) {
		fmt_str(f, v[i].j.label);
		fmt_bool(f, v[i].j.v.r.imbalanced);
		fmt_int(f, v[i].j.v.straggler);
		fmt_dbl(f, v[i].j.v.r.persist_share);
		fmt_int(f, (int64_t)v[i].j.strag.samples);
		fmt_str(f, check_verdict_name(v[i].j.v.r.verdict));
		fmt_str(f, v[i].j.v.r.reason);
		check_render_cause(f, &v[i].j.v.r);
		fmt_end_row(f);
	}
	fmt_end(f);
	check_rules_begin(f);
	for (i = 0; i < nn; i++)
		check_render_rules(f, v[i].j.label, &v[i].j.v);
	fmt_end(f);
	fmt_begin(f, "recommended_caps", cap_cols, ARRAY_SIZE(cap_cols));
	for (i = 0; i < nn; i++)
		for (k = 0; v[i].j.v.has_caps && k < v[i].j.v.caps.G; k++) {
			fmt_str(f, v[i].j.label);
			fmt_int(f, v[i].j.v.caps.device[k]);
			fmt_int(f, v[i].j.v.caps.caps[k]);
			fmt_end_row(f);
		}
	fmt_end(f);
	fmt_free(f);
}

/* The JUnit testcases of one node: one per rule, then "verdict". */
static void
junit_cases(FILE *out, const struct verdict *v, bool allow_inc)
{
	const struct check_result *r = &v->j.v.r;
	struct sbuf cls = SBUF_INIT, msg = SBUF_INIT;
	size_t k;

	sbuf_addf(&cls, "litsi.check.%s", v->j.label);
	for (k = 0; k < CHECK_NRULES; k++) {
		const struct check_rule *ru = &r->rule[k];
		const char *name = check_rule_name((enum check_rule_id)k);

		if (ru->state != CHECK_FIRED) {
			fmt_junit_case(out, cls.buf, name,
				       ru->state == CHECK_PASS ? FMT_JUNIT_PASS : FMT_JUNIT_SKIPPED,
				       ru->why, NULL);
			continue;
		}
		sbuf_reset(&msg);
		sbuf_addf(&msg, "%s %.3f >= %.3f", name, ru->value, ru->threshold);
		if (v->j.v.straggler >= 0)
			sbuf_addf(&msg, "; straggler gpu %d", v->j.v.straggler);
		fmt_junit_case(out, cls.buf, name, FMT_JUNIT_FAILURE, msg.buf, ru->why);
	}
	sbuf_reset(&msg);
	sbuf_addf(&msg, "%s: %s", check_verdict_name(r->verdict), r->reason);
	fmt_junit_case(out, cls.buf, "verdict",
		       r->verdict == CHECK_BALANCED ? FMT_JUNIT_PASS :
		       r->verdict == CHECK_INCONCLUSIVE && allow_inc ? FMT_JUNIT_SKIPPED :
								       FMT_JUNIT_FAILURE,
		       msg.buf, NULL);
	sbuf_release(&cls);
	sbuf_release(&msg);
}

/*
 * One testcase per rule, and a testcase "verdict" per node: a failure when
 * the node is imbalanced, or inconclusive without --allow-inconclusive
 * (skipped with it); the testsuite's property "verdict" names the state.
 */
static void
print_junit(FILE *out, const struct verdict *v, size_t nn, bool allow_inc)
{
	size_t i, k, fails = 0, skips = 0, *f = xcalloc(nn + 1, sizeof(*f)),
		     *s = xcalloc(nn + 1, sizeof(*s));

	for (i = 0; i < nn; i++) {
		enum check_verdict st = v[i].j.v.r.verdict;

		for (k = 0; k < CHECK_NRULES; k++) {
			f[i] += v[i].j.v.r.rule[k].state == CHECK_FIRED;
			s[i] += v[i].j.v.r.rule[k].state == CHECK_SKIPPED;
		}
		f[i] += st == CHECK_IMBALANCED || (st == CHECK_INCONCLUSIVE && !allow_inc);
		s[i] += st == CHECK_INCONCLUSIVE && allow_inc;
		fails += f[i];
		skips += s[i];
	}
	fmt_junit_open(out, "litsi check", nn * (CHECK_NRULES + 1), fails, skips);
	for (i = 0; i < nn; i++) {
		const struct check_result *r = &v[i].j.v.r;
		const char *props[] = { "verdict", check_verdict_name(r->verdict),
					"cause", check_cause_name(r->attr.cause),
					"evidence", r->attr.evidence };

		fmt_junit_suite(out, v[i].j.label, CHECK_NRULES + 1, f[i], s[i], props,
				r->attr.cause != CAUSE_NONE ? 3 : 1);
		junit_cases(out, &v[i], allow_inc);
		fmt_junit_suite_end(out);
	}
	fmt_junit_close(out);
	free(f);
	free(s);
}

int
cmd_check(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct check_opts o;
	struct node_row *nodes = NULL;
	struct verdict *v = NULL;
	size_t nn = 0, nv = 0, av = 0, i;
	int rc;

	memset(&o, 0, sizeof(o));
	shared_opts_init(&o.so, ctx);
	check_params_default(&o.p);
	rc = parse_args(argc, argv, ctx, &o);
	if (rc)
		return rc < 0 ? rc + CMD_ANSWERED : rc;
	if ((rc = cmd_nodes_run(ctx, o.so.node, o.so.res.run, &nodes, &nn)))
		goto out;
	/* Each node's latest run by default (--run NAME, or --run all: each run alone). */
	for (i = 0; i < nn && !rc; i++) {
		char **runs = NULL;
		size_t nr = 0, r;

		rc = res_node_runs(ctx->st, &nodes[i], o.so.res.run, &runs, &nr, &ctx->err);
		for (r = 0; !rc && r < nr; r++) {
			VEC_GROW(v, nv + 1, av);
			rc = res_judge(ctx->st, &nodes[i], runs[r], &o.so.res, &o.p, RES_JUDGE_CAPS,
				       &v[nv++].j, NULL, &ctx->err);
		}
		res_node_runs_free(runs, nr);
	}
	if (!rc) {
		struct res_judgement *jv = xmalloc((nv + 1) * sizeof(*jv));

		if (o.out == OUT_JSON)
			print_json(ctx->out, v, nv);
		else if (o.out == OUT_JUNIT)
			print_junit(ctx->out, v, nv, o.allow_inconclusive);
		else
			print_text(ctx->out, v, nv);
		for (i = 0; i < nv; i++)
			jv[i] = v[i].j;
		rc = res_verdict_exit(jv, nv, o.max_imbalanced, o.allow_inconclusive);
		free(jv);
	}
out:
	for (i = 0; i < nv; i++)
		res_judgement_release(&v[i].j);
	free(v);
	store_free_nodes(nodes, nn);
	return rc;
}
