/* SPDX-License-Identifier: MIT */
/*
 * check.c: litsi check: the thermal-imbalance verdict of every node
 * (METHOD.md §9), for CI: exit 1 when a rule fires on some node.
 */
#include "nodemodel.h"
#include "litsi/check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage_str[] =
	"usage: litsi check [--node name] [--max-temp-spread x] [--max-freq-spread x]\n"
	"                   [--min-gain x] [--max-throttle pct] [--persist pct] [--epsilon pct]\n"
	"                   [--idle-power W] [--format text|json|junit]\n";

static const struct option longopts[] = {
	{ "epsilon", required_argument, NULL, 'e' },
	{ "format", required_argument, NULL, 'F' },
	{ "help", no_argument, NULL, 'h' },
	{ "idle-power", required_argument, NULL, 'i' },
	{ "list-opts", no_argument, NULL, 'L' },
	{ "max-freq-spread", required_argument, NULL, 'f' },
	{ "max-temp-spread", required_argument, NULL, 't' },
	{ "max-throttle", required_argument, NULL, 'T' },
	{ "min-gain", required_argument, NULL, 'g' },
	{ "node", required_argument, NULL, 'n' },
	{ "persist", required_argument, NULL, 'p' },
	{ NULL, 0, NULL, 0 },
};

enum out_kind { OUT_TEXT, OUT_JSON, OUT_JUNIT };

struct check_opts {
	const char *node;
	struct check_params p;
	struct nm_opts nm;
	enum out_kind out;
};

/* One node's verdict, kept until every node is checked. */
struct verdict {
	const char *node;
	struct check_result r;
	size_t G;
	int *device;			/* [G] */
	int *caps;			/* [G] recommended caps, NULL when unavailable */
	char why_no_caps[200];
	size_t nsamples;
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
	int opt;

	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'e':
			if (dbl_opt("--epsilon", optarg, 0, 50, &o->nm.eps))
				return EXIT_USAGE;
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
		case 'i':
			if (dbl_opt("--idle-power", optarg, 0, 1e6, &o->nm.idle_opt))
				return EXIT_USAGE;
			break;
		case 'L':
			return cmd_list_opts(ctx, longopts) - 100;
		case 'n':
			o->node = optarg;
			break;
		case 'p':
			if (dbl_opt("--persist", optarg, 0, 100, &o->p.persist))
				return EXIT_USAGE;
			break;
		case 't':
			if (dbl_opt("--max-temp-spread", optarg, 1, 1e6, &o->p.max_temp_spread))
				return EXIT_USAGE;
			break;
		case 'T':
			if (dbl_opt("--max-throttle", optarg, 0, 100, &o->p.max_throttle))
				return EXIT_USAGE;
			break;
		default:
			return cmd_getopt_error("check", usage_str, argv);
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
	struct nm_node n;
	struct check_input in;
	struct caps_gpu_model *gm;
	size_t g;
	int rc;

	v->node = node->name;
	if ((rc = nm_load(ctx, node->id, &o->nm, &n))) {
		nm_release(&n);
		return rc;
	}
	in = (struct check_input){ .G = n.G, .temp = n.temp, .freq = n.f, .throttle = n.thr,
				   .strag = n.strag, .nsamples = n.nsamples,
				   .s_c_min = n.perf.nC ? n.perf.S_C[MODEL_MIN] : NAN };
	check_eval(&in, &o->p, &v->r);
	v->G = n.G;
	v->nsamples = n.nsamples;
	v->device = xcalloc(n.G + 1, sizeof(*v->device));
	for (g = 0; g < n.G; g++)
		v->device[g] = n.an.gpus[g].device;
	gm = xcalloc(n.G + 1, sizeof(*gm));
	if (!n.nsamples)
		snprintf(v->why_no_caps, sizeof(v->why_no_caps), "no matched samples");
	else if (!nm_gpu_models(&n, gm) || isnan(n.p_idle))
		snprintf(v->why_no_caps, sizeof(v->why_no_caps),
			 "needs power and gfx clock telemetry and the idle power (--idle-power)");
	else {
		struct caps_params p;
		struct caps_loop_result lr;
		struct part_limits lim;

		caps_params_default(&p);
		p.scenario = CAPS_GPU_REALLOC;
		rc = nm_limits(ctx, &n, 0, 0, &p, &lim);
		if (rc) {
			if (rc == 1)
				snprintf(v->why_no_caps, sizeof(v->why_no_caps),
					 "the part's power limits are unknown (litsi caps --tdp W "
					 "--cap W)");
			free(gm);
			nm_release(&n);
			return rc == 1 ? 0 : rc;
		}
		if (p.cap0 > p.tdp)
			p.cap0 = p.tdp;
		p.s_bound = n.perf.S_C[MODEL_MED];
		caps_loop(n.cs, n.nsamples, gm, n.p_idle, &p, o->nm.agg, &lr);
		v->caps = xmalloc((n.G + 1) * sizeof(*v->caps));
		memcpy(v->caps, lr.caps, n.G * sizeof(*v->caps));
		caps_loop_release(&lr);
	}
	free(gm);
	nm_release(&n);
	return 0;
}

static void
print_text(FILE *out, const struct verdict *v, size_t nn)
{
	size_t i, k, g, bad = 0;

	for (i = 0; i < nn; i++) {
		const struct check_result *r = &v[i].r;

		fprintf(out, "node %s: %s\n", v[i].node, r->imbalanced ? "IMBALANCED" : "ok");
		if (r->persistent >= 0)
			fprintf(out, "  straggler: gpu %d (%.1f%% of %zu samples)\n",
				v[i].device[r->persistent], r->persist_share, v[i].nsamples);
		else
			fprintf(out, "  straggler: none persistent\n");
		for (k = 0; k < CHECK_NRULES; k++) {
			const struct check_rule *ru = &r->rule[k];

			fprintf(out, "  %-7s %-12s", state_name[ru->state],
				check_rule_name((enum check_rule_id)k));
			if (ru->state != CHECK_SKIPPED)
				fprintf(out, " %.3f (threshold %.3f)", ru->value, ru->threshold);
			if (ru->why[0])
				fprintf(out, "%s%s", ru->state == CHECK_SKIPPED ? " " : "; ",
					ru->why);
			fputc('\n', out);
		}
		if (v[i].caps) {
			fputs("  recommended caps (gpu-realloc, model prediction):", out);
			for (g = 0; g < v[i].G; g++)
				fprintf(out, " gpu %d %d W%s", v[i].device[g], v[i].caps[g],
					g + 1 < v[i].G ? "," : "");
			fputc('\n', out);
		} else {
			fprintf(out, "  recommended caps: unavailable: %s\n", v[i].why_no_caps);
		}
		bad += r->imbalanced;
	}
	fprintf(out, "%zu of %zu node%s imbalanced", bad, nn, nn == 1 ? "" : "s");
	for (i = 0, k = 0; i < nn; i++)
		if (v[i].r.imbalanced)
			fprintf(out, "%s%s", k++ ? ", " : ": ", v[i].node);
	fputc('\n', out);
}

static void
print_json(FILE *out, const struct verdict *v, size_t nn)
{
	static const struct fmt_col node_cols[] = {
		{ "node", FT_STR, 0 },	    { "imbalanced", FT_INT, 0 },
		{ "straggler", FT_INT, 0 }, { "straggler_share_pct", FT_DBL, 1 },
		{ "samples", FT_INT, 0 },
	};
	static const struct fmt_col rule_cols[] = {
		{ "node", FT_STR, 0 },	    { "rule", FT_STR, 0 },	 { "state", FT_STR, 0 },
		{ "value", FT_DBL, 4 },	    { "threshold", FT_DBL, 4 }, { "detail", FT_STR, 0 },
	};
	static const struct fmt_col cap_cols[] = {
		{ "node", FT_STR, 0 }, { "gpu", FT_INT, 0 }, { "cap_w", FT_INT, 0 },
	};
	struct fmt *f = fmt_new(out, FMT_JSON);
	size_t i, k;

	fmt_begin(f, "nodes", node_cols, ARRAY_SIZE(node_cols));
	for (i = 0; i < nn; i++) {
		fmt_str(f, v[i].node);
		fmt_int(f, v[i].r.imbalanced);
		fmt_int(f, v[i].r.persistent >= 0 ? v[i].device[v[i].r.persistent] : -1);
		fmt_dbl(f, v[i].r.persist_share);
		fmt_int(f, (int64_t)v[i].nsamples);
		fmt_end_row(f);
	}
	fmt_end(f);
	fmt_begin(f, "rules", rule_cols, ARRAY_SIZE(rule_cols));
	for (i = 0; i < nn; i++)
		for (k = 0; k < CHECK_NRULES; k++) {
			const struct check_rule *ru = &v[i].r.rule[k];

			fmt_str(f, v[i].node);
			fmt_str(f, check_rule_name((enum check_rule_id)k));
			fmt_str(f, state_name[ru->state]);
			fmt_dbl(f, ru->state == CHECK_SKIPPED ? NAN : ru->value);
			fmt_dbl(f, ru->threshold);
			fmt_str(f, ru->why);
			fmt_end_row(f);
		}
	fmt_end(f);
	fmt_begin(f, "recommended_caps", cap_cols, ARRAY_SIZE(cap_cols));
	for (i = 0; i < nn; i++)
		for (k = 0; v[i].caps && k < v[i].G; k++) {
			fmt_str(f, v[i].node);
			fmt_int(f, v[i].device[k]);
			fmt_int(f, v[i].caps[k]);
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
			fails += v[i].r.rule[k].state == CHECK_FIRED;
			skips += v[i].r.rule[k].state == CHECK_SKIPPED;
		}
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		     "<testsuites name=\"litsi check\" tests=\"%zu\" failures=\"%zu\" "
		     "skipped=\"%zu\">\n", nn * CHECK_NRULES, fails, skips);
	for (i = 0; i < nn; i++) {
		size_t f = 0, s = 0;

		for (k = 0; k < CHECK_NRULES; k++) {
			f += v[i].r.rule[k].state == CHECK_FIRED;
			s += v[i].r.rule[k].state == CHECK_SKIPPED;
		}
		fputs("  <testsuite name=\"", out);
		xml_text(out, v[i].node);
		fprintf(out, "\" tests=\"%d\" failures=\"%zu\" skipped=\"%zu\">\n", CHECK_NRULES, f,
			s);
		for (k = 0; k < CHECK_NRULES; k++) {
			const struct check_rule *ru = &v[i].r.rule[k];

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
				if (v[i].r.persistent >= 0)
					fprintf(out, "; straggler gpu %d",
						v[i].device[v[i].r.persistent]);
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
	struct check_opts o = { .nm = { .eps = 1, .agg = LEAD_SUM, .want_sync = true } };
	struct node_row *nodes = NULL;
	struct verdict *v = NULL;
	size_t nn = 0, i;
	int rc;

	check_params_default(&o.p);
	o.nm.base_opt = o.nm.idle_opt = NAN;
	rc = parse_args(argc, argv, ctx, &o);
	if (rc)
		return rc < 0 ? rc + 100 : rc;
	if ((rc = cmd_nodes(ctx, o.node, &nodes, &nn)))
		return rc;
	if (!nn) {
		store_free_nodes(nodes, nn);
		return err_set(&ctx->err, LITSI_EDATA, "no GPUs in the database; run litsi ingest");
	}
	v = xcalloc(nn, sizeof(*v));
	for (i = 0; i < nn && !rc; i++)
		rc = check_node(ctx, &nodes[i], &o, &v[i]);
	if (!rc) {
		if (o.out == OUT_JSON)
			print_json(ctx->out, v, nn);
		else if (o.out == OUT_JUNIT)
			print_junit(ctx->out, v, nn);
		else
			print_text(ctx->out, v, nn);
		for (i = 0; i < nn; i++)
			if (v[i].r.imbalanced)
				rc = EXIT_CHECK;
	}
	for (i = 0; i < nn; i++) {
		free(v[i].device);
		free(v[i].caps);
	}
	free(v);
	store_free_nodes(nodes, nn);
	return rc;
}
