/* SPDX-License-Identifier: MIT */
/*
 * report_html.c: the report as one self-contained HTML page (report --html):
 * per node the "what to do" block, the GPU table, the caps beside their
 * ceilings, the verdict's rules and the figures as inline SVG. No script,
 * no network: every byte the page shows is in the file.
 */
#include "litsi/advice.h"
#include "litsi/htmlpage.h"
#include "litsi/litsi.h"
#include "litsi/util.h"

#include <math.h>
#include <string.h>


static void
text(FILE *out, const char *s)
{
	struct sbuf sb = SBUF_INIT;

	sbuf_add_xml(&sb, s ? s : "", s ? strlen(s) : 0);
	fputs(sb.buf, out);
	sbuf_release(&sb);
}

static void
num(FILE *out, const char *fmt, double v)
{
	if (isnan(v))
		fputs("n/a", out);
	else
		fprintf(out, fmt, v);
}

void
html_page_begin(FILE *out, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>",
	      out);
	text(out, title);
	fputs("</title>\n<style>\n"
	      "body { font-family: sans-serif; margin: 2em auto; max-width: 1100px; "
	      "color: #222; }\n"
	      "h1 { font-size: 1.6em; } h2 { border-bottom: 2px solid #999; margin-top: 2em; }\n"
	      ".todo { background: #fff6e0; border-left: 6px solid #e69f00; padding: 0.5em 1em; }\n"
	      ".todo.balanced { background: #eaf6ea; border-left-color: #009e73; }\n"
	      ".verdict { font-size: 1.3em; font-weight: bold; }\n"
	      "table { border-collapse: collapse; margin: 0.5em 0; }\n"
	      "th, td { border: 1px solid #ccc; padding: 2px 8px; text-align: right; }\n"
	      "th { background: #eee; } td.l, th.l { text-align: left; }\n"
	      "tr.straggler td { background: #fde0d0; font-weight: bold; }\n"
	      "figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; }\n"
	      ".note { color: #555; }\n"
	      "</style>\n</head>\n<body>\n<h1>",
	      out);
	text(out, title);
	fputs("</h1>\n", out);
}

void
html_page_end(FILE *out)
{
	fputs("<p class=\"note\">Written by litsi report --html; the numbers are those of "
	      "litsi report for the same database.</p>\n</body>\n</html>\n",
	      out);
}

static void
line(FILE *out, const char *label, const char *s)
{
	if (!s || !*s)
		return;
	fputs("<p><b>", out);
	text(out, label);
	fputs(":</b> ", out);
	text(out, s);
	fputs("</p>\n", out);
}

static void
todo_action(FILE *out, const struct res_advice *a)
{
	line(out, "Action", a->action);
	if (a->scenario >= 0) {
		fputs("<p>Predicted throughput <b>x", out);
		num(out, "%.3f", a->throughput);
		fputs("</b>, node GPU power x", out);
		num(out, "%.3f", a->power);
		fputs("; ceiling x", out);
		num(out, "%.3f", a->ceiling);
		fputs(" (what aligning the GPUs could give at best)", out);
		if (!isnan(a->throughput_low)) {
			fputs("; unproven: the runs promise x", out);
			num(out, "%.3f", a->throughput_low);
			fputs(" (a GPU would run faster than any clock its runs showed)", out);
		}
		if (!isnan(a->throughput_work)) {
			fprintf(out, "; in %.0f%% of the trace's span no GPU ran a kernel: as work "
				     "the trace left out (untraced iterations), not host time, x",
				a->gap_pct);
			num(out, "%.3f", a->throughput_work);
		}
		if (!isnan(a->step_cv_pct))
			fprintf(out, "; the step time varies by %.1f%% from step to step over %zu "
				     "steps", a->step_cv_pct, a->steps);
		fputs(".</p>\n", out);
	}
	line(out, "Why", a->why_not);
	line(out, "Also", a->inspect);
	line(out, "Thin evidence", a->thin);
}

static void
todo(FILE *out, const struct res_advice *a)
{
	fprintf(out, "<div class=\"todo%s\">\n<p class=\"verdict\">",
		a->verdict == CHECK_BALANCED ? " balanced" : "");
	fputs(check_verdict_name(a->verdict), out);
	if (a->straggler >= 0)
		fprintf(out, ": gpu %d is the straggler", a->straggler);
	fputs("</p>\n", out);
	line(out, "Cause", a->cause);
	if (!isnan(a->step_ms))
		fprintf(out, "<p><b>Step:</b> %.2f ms (mean over %zu steps)</p>\n", a->step_ms,
			a->steps);
	todo_action(out, a);
	fputs("</div>\n", out);
}

static void
gpu_table(FILE *out, const struct res_advice *a, const struct res_advice_in *in)
{
	const struct res_model *n = in->n;
	size_t g;

	fputs("<h3>GPUs</h3>\n<table>\n<tr><th>gpu</th><th class=\"l\">product</th>"
	      "<th>lead ms/step</th><th>lead % of step</th><th>collective wait ms/step</th>"
	      "<th>overlap %</th><th>temp C</th><th>clock MHz</th><th>power W</th></tr>\n",
	      out);
	for (g = 0; g < a->G; g++) {
		fprintf(out, "<tr%s><td>%d</td><td class=\"l\">",
			a->gpu[g].device == a->straggler ? " class=\"straggler\"" : "",
			a->gpu[g].device);
		text(out, n->nd.gpus[g].product);
		fputs("</td><td>", out);
		num(out, "%.3f", a->gpu[g].lead_ms);
		fputs("</td><td>", out);
		num(out, "%.1f", a->gpu[g].lead_pct);
		fputs("</td><td>", out);
		num(out, "%.3f", a->gpu[g].wait_ms);
		fputs("</td><td>", out);
		num(out, "%.1f", n->overlap_pct[g]);
		fputs("</td><td>", out);
		num(out, "%.1f", n->tel.med[RES_HOT][g]);
		fputs("</td><td>", out);
		num(out, "%.0f", n->tel.med[RES_CLK][g]);
		fputs("</td><td>", out);
		num(out, "%.1f", n->tel.med[RES_POW][g]);
		fputs("</td></tr>\n", out);
	}
	fputs("</table>\n", out);
}

static void
caps_table(FILE *out, const struct res_advice_in *in)
{
	char note[400];
	size_t s, g;

	fputs("<h3>Power caps by scenario</h3>\n<table>\n<tr><th class=\"l\">scenario</th>"
	      "<th>predicted throughput</th><th>ceiling</th><th>power</th>"
	      "<th class=\"l\">caps, W</th><th class=\"l\">note</th></tr>\n",
	      out);
	for (s = 0; s < 3; s++) {
		double ceil, thr;
		bool cl;

		fprintf(out, "<tr><td class=\"l\">%s</td>", caps_scenarios[s].name);
		if (!in->has_caps[s]) {
			fputs("<td colspan=\"5\" class=\"l\">unavailable: ", out);
			text(out, in->why_caps[s]);
			fputs("</td></tr>\n", out);
			continue;
		}
		thr = res_advice_scenario_throughput(in, (int)s, &ceil, &cl);
		fputs("<td>x", out);
		num(out, "%.3f", thr);
		fputs("</td><td>x", out);
		num(out, "%.3f", ceil);
		fputs("</td><td>x", out);
		num(out, "%.3f", in->caps[s].pratio);
		fputs("</td><td class=\"l\">", out);
		for (g = 0; g < in->caps[s].G; g++)
			fprintf(out, "%sgpu %d: %d", g ? ", " : "", in->caps[s].device[g],
				in->caps[s].caps[g]);
		fputs("</td><td class=\"l\">", out);
		text(out, res_advice_note(in, (int)s, note, sizeof(note)));
		fputs("</td></tr>\n", out);
	}
	fputs("</table>\n", out);
}

static void
rules(FILE *out, const struct res_verdict *v)
{
	static const char *const state[] = { "passed", "fired", "skipped" };
	size_t i;

	fputs("<h3>Verdict rules</h3>\n<table>\n<tr><th class=\"l\">rule</th><th "
	      "class=\"l\">state</th><th>value</th><th>threshold</th><th class=\"l\">detail</th>"
	      "</tr>\n",
	      out);
	for (i = 0; i < CHECK_NRULES; i++) {
		const struct check_rule *r = &v->r.rule[i];

		fprintf(out, "<tr><td class=\"l\">%s</td><td class=\"l\">%s</td><td>",
			check_rule_name((enum check_rule_id)i), state[r->state]);
		num(out, "%.3f", r->state == CHECK_SKIPPED ? NAN : r->value);
		fputs("</td><td>", out);
		num(out, "%.3f", r->threshold);
		fputs("</td><td class=\"l\">", out);
		text(out, r->why);
		fputs("</td></tr>\n", out);
	}
	fputs("</table>\n<p>", out);
	text(out, v->r.reason);
	fputs("</p>\n", out);
}

/* The SVG as gnuplot wrote it, from its <svg> element on (no XML prolog inside HTML). */
static void
figure(FILE *out, const struct html_figure *fig)
{
	const char *svg = fig->svg ? strstr(fig->svg, "<svg") : NULL;

	fputs("<figure>\n", out);
	if (svg)
		fputs(svg, out);
	else {
		fputs("<p class=\"note\">not drawn: ", out);
		text(out, fig->why);
		fputs("</p>", out);
	}
	fputs("\n<figcaption>", out);
	text(out, fig->caption);
	fputs("</figcaption>\n</figure>\n", out);
}

void
html_page_node(FILE *out, const char *node, const struct res_advice *a,
	       const struct res_advice_in *in, const struct html_figure *figs, size_t nfigs)
{
	size_t i;

	fputs("<h2>Node ", out);
	text(out, node);
	fputs("</h2>\n<h3>What to do</h3>\n", out);
	todo(out, a);
	gpu_table(out, a, in);
	caps_table(out, in);
	rules(out, in->v);
	if (nfigs)
		fputs("<h3>Figures</h3>\n", out);
	for (i = 0; i < nfigs; i++)
		figure(out, &figs[i]);
}

void
html_page_fleet(FILE *out, const struct html_fleet_row *rows, size_t n)
{
	size_t i;

	fprintf(out, "<h2>Fleet: %zu nodes</h2>\n<table>\n<tr><th class=\"l\">node</th>"
		     "<th class=\"l\">verdict</th><th>straggler</th><th class=\"l\">cause</th>"
		     "<th>lead ms/step</th><th>lead %% of step</th><th>step ms</th></tr>\n", n);
	for (i = 0; i < n; i++) {
		const struct res_advice *a = rows[i].a;
		double *lead = xmalloc((a->G + 1) * sizeof(*lead));
		size_t g, top;

		for (g = 0; g < a->G; g++)
			lead[g] = a->gpu[g].lead_ms;
		top = res_lead_leader(lead, a->G);
		free(lead);
		fprintf(out, "<tr%s><td class=\"l\">",
			a->verdict == CHECK_IMBALANCED ? " class=\"straggler\"" : "");
		text(out, rows[i].node);
		fprintf(out, "</td><td class=\"l\">%s</td><td>", check_verdict_name(a->verdict));
		if (a->straggler >= 0)
			fprintf(out, "gpu %d", a->straggler);
		else
			fputs("none", out);
		fputs("</td><td class=\"l\">", out);
		text(out, a->cause[0] ? a->cause : "-");
		fputs("</td><td>", out);
		num(out, "%.3f", top == SIZE_MAX ? NAN : a->gpu[top].lead_ms);
		fputs("</td><td>", out);
		num(out, "%.1f", top == SIZE_MAX ? NAN : a->gpu[top].lead_pct);
		fputs("</td><td>", out);
		num(out, "%.2f", a->step_ms);
		fputs("</td></tr>\n", out);
	}
	fputs("</table>\n<p class=\"note\">Lead per step: how far the GPU furthest ahead "
	      "runs before the last one, per step (litsi lead, lead_per_step). Each node's "
	      "section follows.</p>\n", out);
}
