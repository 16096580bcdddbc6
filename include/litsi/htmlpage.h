/* SPDX-License-Identifier: MIT */
/*
 * htmlpage.h: the report as one self-contained HTML page (report --html):
 * inline CSS and SVG, no script, nothing fetched. src/fmt/report_html.c.
 */
#ifndef LITSI_HTMLPAGE_H
#define LITSI_HTMLPAGE_H

#include <stddef.h>
#include <stdio.h>

struct res_advice;
struct res_advice_in;

struct html_figure {
	const char *caption;	/* what it shows */
	const char *svg;	/* the SVG document gnuplot wrote, or NULL */
	const char *why;	/* why there is none, when svg is NULL */
};

/* html_page_begin() - the page head and its title @title (escaped). */
void html_page_begin(FILE *out, const char *title);
/*
 * html_page_node() - one node's section: what to do (@a), its GPUs, the caps
 * of each scenario beside their ceilings, the verdict's rules (@in) and the
 * figures @figs.
 */
void html_page_node(FILE *out, const char *node, const struct res_advice *a,
		    const struct res_advice_in *in, const struct html_figure *figs,
		    size_t nfigs);
/* One node of the fleet table: its name and its advice (borrowed). */
struct html_fleet_row {
	const char *node;		/* the node's name */
	const struct res_advice *a;	/* the node's advice (verdict, straggler, action) */
};
/*
 * html_page_fleet() - the fleet table of a database of several nodes: one
 * row per node with its verdict, straggler, cause and lead per step (the GPU
 * furthest ahead of the last), linked to the node's section.
 */
void html_page_fleet(FILE *out, const struct html_fleet_row *rows, size_t n);
void html_page_end(FILE *out);

#endif
