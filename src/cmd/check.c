/* SPDX-License-Identifier: MIT */
/*
 * check.c: litsi check: the thermal-imbalance verdict of every node
 * (METHOD.md §9), for CI: exit 1 when a rule fires on some node.
 */
#include "cmd.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage_str[] =
	"usage: litsi check [--node name] [--max-temp-spread x] [--max-freq-spread x]\n"
	"                   [--min-gain x] [--max-throttle pct] [--persist pct] [--epsilon pct]\n"
	"                   [--idle-power W] [--max-imbalanced n] [--format text|json|junit]\n";

static const struct option longopts[] = {
	SHARED_OPT("epsilon", SO_EPSILON),
	{ "format", required_argument, NULL, 'F' },
	{ "help", no_argument, NULL, 'h' },
	SHARED_OPT("idle-power", SO_IDLE_POWER),
	{ "list-opts", no_argument, NULL, 'L' },
	{ "max-freq-spread", required_argument, NULL, 'f' },
	{ "max-imbalanced", required_argument, NULL, 'M' },
	{ "max-temp-spread", required_argument, NULL, 't' },
	{ "max-throttle", required_argument, NULL, 'T' },
	{ "min-gain", required_argument, NULL, 'g' },
	SHARED_OPT("node", SO_NODE),
	SHARED_OPT("persist", SO_PERSIST),
	{ NULL, 0, NULL, 0 },
};

enum out_kind { OUT_TEXT, OUT_JSON, OUT_JUNIT };

struct check_opts {
	struct shared_opts so;
	struct check_params p;
	enum out_kind out;
	int max_imbalanced;	/* --max-imbalanced: exit 1 only above this many nodes */
};

/* One node's verdict, kept until every node is checked. */
struct verdict {
	const char *node;
	struct res_verdict v;
	struct res_straggler strag;
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

static int
parse_args(int argc, char **argv, struct litsi_ctx *ctx, struct check_opts *o)
{
	int opt, rc;

	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'M':
			if (parse_int(optarg, 0, 1 << 30, &o->max_imbalanced))
				return cmd_usage_error("check", usage_str,
						       "invalid --max-imbalanced '%s' (a count of "
						       "nodes, 0 or more)", optarg);
			break;
		case 'f':
			if (dbl_opt("--max-freq-spread", optarg, 1, 1e6, &o->p.max_freq_spread))
				return EXIT_USAGE;
			break;
		case 'F':
			if (!strcmp(optarg, "text"))
				o->out = OUT_TEXT;
			else if (!strcmp(optarg, "json"))
				o->out = OUT_JSON;
			else if (!strcmp(optarg, "junit"))
				o->out = OUT_JUNIT;
			else
				return cmd_usage_error("check", usage_str,
						       "invalid --format '%s' (expected text, json "
						       "or junit)", optarg);
			break;
		case 'g':
			if (dbl_opt("--min-gain", optarg, 0, 1e6, &o->p.min_gain))
				return EXIT_USAGE;
			break;
		case 'h':
			return cmd_help(ctx, usage_str) - 100;
		case 'L':
			return cmd_list_opts(ctx, longopts) - 100;
		case 't':
			if (dbl_opt("--max-temp-spread", optarg, 1, 1e6, &o->p.max_temp_spread))
				return EXIT_USAGE;
			break;
		case 'T':
			if (dbl_opt("--max-throttle", optarg, 0, 100, &o->p.max_throttle))
				return EXIT_USAGE;
			break;
		default:
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

static int
check_node(struct litsi_ctx *ctx, const struct node_row *node, const struct check_opts *o,
	   struct verdict *v)
{
	struct res_model n;
	int rc;

	v->node = node->name;
	rc = res_model_load(ctx->st, node, &o->so.res, true, &n, &ctx->err);
	if (!rc) {
		res_verdict_eval(&n, &o->p, o->so.res.agg, &v->v);
		v->strag = n.straggler;
	}
	res_model_release(&n);
	return rc;
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

	fprintf(out, "node %s: %s\n", node, r->imbalanced ? "IMBALANCED" : "ok");
	if (v->straggler >= 0)
		fprintf(out, "  straggler: gpu %d%s (%.1f%% of %zu samples)\n", v->straggler,
			rank_note(v->straggler, v->straggler_rank), r->persist_share, samples);
	else
		fprintf(out, "  straggler: none persistent\n");
	for (k = 0; k < CHECK_NRULES; k++) {
		const struct check_rule *ru = &r->rule[k];

		fprintf(out, "  %-7s %-12s", state_name[ru->state],
			check_rule_name((enum check_rule_id)k));
		if (ru->state != CHECK_SKIPPED)
			fprintf(out, " %.3f (threshold %.3f)", ru->value, ru->threshold);
		if (ru->why[0])
			fprintf(out, "%s%s", ru->state == CHECK_SKIPPED ? " " : "; ", ru->why);
		fputc('\n', out);
	}
	if (v->has_caps) {
		fputs("  recommended caps (gpu-realloc, model prediction):", out);
		for (g = 0; g < c->G; g++)
			fprintf(out, " gpu %d %d W%s", c->device[g], c->caps[g],
				g + 1 < c->G ? "," : "");
		fputc('\n', out);
	} else {
		fprintf(out, "  recommended caps: unavailable: %s\n", v->why_no_caps);
	}
}

static void
print_text(FILE *out, const struct verdict *v, size_t nn)
{
	size_t i, k, bad = 0;

	for (i = 0; i < nn; i++) {
		check_render_text(out, v[i].node, &v[i].v, v[i].strag.samples);
		bad += v[i].v.r.imbalanced;
	}
	fprintf(out, "%zu of %zu node%s imbalanced", bad, nn, nn == 1 ? "" : "s");
	for (i = 0, k = 0; i < nn; i++)
		if (v[i].v.r.imbalanced)
			fprintf(out, "%s%s", k++ ? ", " : ": ", v[i].node);
	fputc('\n', out);
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

static void
print_json(FILE *out, const struct verdict *v, size_t nn)
{
	static const struct fmt_col node_cols[] = {
		{ "node", FT_STR, 0 },	    { "imbalanced", FT_INT, 0 },
		{ "straggler", FT_INT, 0 }, { "straggler_share_pct", FT_DBL, 1 },
		{ "samples", FT_INT, 0 },
	};
	static const struct fmt_col cap_cols[] = {
		{ "node", FT_STR, 0 }, { "gpu", FT_INT, 0 }, { "cap_w", FT_INT, 0 },
	};
	struct fmt *f = fmt_new(out, FMT_JSON);
	size_t i, k;

	fmt_begin(f, "nodes", node_cols, ARRAY_SIZE(node_cols));
	for (i = 0; i < nn; i++) {
		fmt_str(f, v[i].node);
		fmt_int(f, v[i].v.r.imbalanced);
		fmt_int(f, v[i].v.straggler);
		fmt_dbl(f, v[i].v.r.persist_share);
		fmt_int(f, (int64_t)v[i].strag.samples);
		fmt_end_row(f);
	}
	fmt_end(f);
	check_rules_begin(f);
	for (i = 0; i < nn; i++)
		check_render_rules(f, v[i].node, &v[i].v);
	fmt_end(f);
	fmt_begin(f, "recommended_caps", cap_cols, ARRAY_SIZE(cap_cols));
	for (i = 0; i < nn; i++)
		for (k = 0; v[i].v.has_caps && k < v[i].v.caps.G; k++) {
			fmt_str(f, v[i].node);
			fmt_int(f, v[i].v.caps.device[k]);
			fmt_int(f, v[i].v.caps.caps[k]);
			fmt_end_row(f);
		}
	fmt_end(f);
	fmt_free(f);
}

static void
xml_text(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '&': fputs("&amp;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&apos;", out); break;
		default:
			if ((unsigned char)*s >= 0x20 || *s == '\t' || *s == '\n')
				fputc(*s, out);
		}
	}
}

static void
print_junit(FILE *out, const struct verdict *v, size_t nn)
{
	size_t i, k, fails = 0, skips = 0;

	for (i = 0; i < nn; i++)
		for (k = 0; k < CHECK_NRULES; k++) {
			fails += v[i].v.r.rule[k].state == CHECK_FIRED;
			skips += v[i].v.r.rule[k].state == CHECK_SKIPPED;
		}
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		     "<testsuites name=\"litsi check\" tests=\"%zu\" failures=\"%zu\" "
		     "skipped=\"%zu\">\n", nn * CHECK_NRULES, fails, skips);
	for (i = 0; i < nn; i++) {
		size_t f = 0, s = 0;

		for (k = 0; k < CHECK_NRULES; k++) {
			f += v[i].v.r.rule[k].state == CHECK_FIRED;
			s += v[i].v.r.rule[k].state == CHECK_SKIPPED;
		}
		fputs("  <testsuite name=\"", out);
		xml_text(out, v[i].node);
		fprintf(out, "\" tests=\"%d\" failures=\"%zu\" skipped=\"%zu\">\n", CHECK_NRULES, f,
			s);
		for (k = 0; k < CHECK_NRULES; k++) {
			const struct check_rule *ru = &v[i].v.r.rule[k];

			fprintf(out, "    <testcase classname=\"litsi.check.");
			xml_text(out, v[i].node);
			fprintf(out, "\" name=\"%s\"", check_rule_name((enum check_rule_id)k));
			if (ru->state == CHECK_PASS) {
				fputs("/>\n", out);
				continue;
			}
			fputs(">\n", out);
			if (ru->state == CHECK_SKIPPED) {
				fputs("      <skipped message=\"", out);
				xml_text(out, ru->why);
				fputs("\"/>\n", out);
			} else {
				fprintf(out, "      <failure message=\"%s %.3f &gt;= %.3f",
					check_rule_name((enum check_rule_id)k), ru->value,
					ru->threshold);
				if (v[i].v.straggler >= 0)
					fprintf(out, "; straggler gpu %d", v[i].v.straggler);
				fputs("\">", out);
				xml_text(out, ru->why);
				fputs("</failure>\n", out);
			}
			fputs("    </testcase>\n", out);
		}
		fputs("  </testsuite>\n", out);
	}
	fputs("</testsuites>\n", out);
}

int
cmd_check(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct check_opts o;
	struct node_row *nodes = NULL;
	struct verdict *v = NULL;
	size_t nn = 0, i;
	int rc;

	memset(&o, 0, sizeof(o));
	shared_opts_init(&o.so, ctx);
	check_params_default(&o.p);
	rc = parse_args(argc, argv, ctx, &o);
	if (rc)
		return rc < 0 ? rc + 100 : rc;
	o.p.persist = o.so.res.persist;
	if ((rc = cmd_nodes(ctx, o.so.node, &nodes, &nn)))
		return rc;
	v = xcalloc(nn + 1, sizeof(*v));
	for (i = 0; i < nn && !rc; i++)
		rc = check_node(ctx, &nodes[i], &o, &v[i]);
	if (!rc) {
		size_t bad = 0;

		if (o.out == OUT_JSON)
			print_json(ctx->out, v, nn);
		else if (o.out == OUT_JUNIT)
			print_junit(ctx->out, v, nn);
		else
			print_text(ctx->out, v, nn);
		for (i = 0; i < nn; i++)
			bad += v[i].v.r.imbalanced;
		if (bad > (size_t)o.max_imbalanced)
			rc = EXIT_CHECK;
	}
	for (i = 0; i < nn; i++)
		res_verdict_release(&v[i].v);
	free(v);
	store_free_nodes(nodes, nn);
	return rc;
}
