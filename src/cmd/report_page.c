/* SPDX-License-Identifier: MIT */
/*
 * report_page.c: report --html: draw each node's figures as SVG with
 * gnuplot into a temporary folder, then write the one self-contained page
 * (src/fmt/report_html.c) whole or not at all.
 */
#include "cmd.h"
#include "litsi/advice.h"
#include "litsi/htmlpage.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct {
	const char *fig, *caption;
} page_figs[] = {
	{ "leads", "Lead of each GPU over the matched kernels: the straggler waves (dips to 0)" },
	{ "thermal", "Temperature, clock and power of each GPU over the run" },
	{ "overlap", "Overlap per GPU: the share of its computation time overlapped by "
		     "communication, one point per sample; each bar is the GPU's overlap % "
		     "in the table above" },
};

/* The file @path into @sb; false when it cannot be read. */
static bool
slurp(const char *path, struct sbuf *sb)
{
	FILE *f = fopen(path, "r");
	char buf[8192];
	size_t n;

	if (!f)
		return false;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		sbuf_add(sb, buf, n);
	fclose(f);
	return true;
}

/* One node's section, its figures drawn into @dir. */
static void
page_node(struct litsi_ctx *ctx, FILE *out, const char *dir, const struct report_page_node *v)
{
	struct html_figure figs[ARRAY_SIZE(page_figs)];
	struct sbuf svg[ARRAY_SIZE(page_figs)];
	char why[ARRAY_SIZE(page_figs)][sizeof(ctx->err.msg)];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(page_figs); i++) {
		struct sbuf path = SBUF_INIT;

		sbuf_init(&svg[i]);
		sbuf_addf(&path, "%s/%s.svg", dir, page_figs[i].fig);
		err_clear(&ctx->err);
		figs[i] = (struct html_figure){ .caption = page_figs[i].caption, .why = why[i] };
		if (plot_node_figure(ctx, page_figs[i].fig, v->node, path.buf) ||
		    !slurp(path.buf, &svg[i]))
			snprintf(why[i], sizeof(why[i]), "%s", ctx->err.msg[0] ? ctx->err.msg
										: "no figure");
		else
			figs[i].svg = svg[i].buf;
		unlink(path.buf);
		sbuf_release(&path);
	}
	err_clear(&ctx->err);
	html_page_node(out, v->node->name, v->adv, v->in, figs, ARRAY_SIZE(figs));
	for (i = 0; i < ARRAY_SIZE(page_figs); i++)
		sbuf_release(&svg[i]);
}

int
report_page_write(struct litsi_ctx *ctx, const char *path, const struct report_page_node *v,
		  size_t n)
{
	const char *tmpdir = getenv("TMPDIR");
	struct sbuf dir = SBUF_INIT, tmp = SBUF_INIT, title = SBUF_INIT;
	FILE *out = NULL;
	bool made = false;
	size_t i;
	int rc = 0;

	sbuf_addf(&dir, "%s/litsi-page.XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
	sbuf_addf(&tmp, "%s.tmp", path);
	made = mkdtemp(dir.buf) != NULL;
	if (!made) {
		rc = err_set(&ctx->err, LITSI_EDB, "cannot create a temporary folder '%s': %s",
			     dir.buf, strerror(errno));
		goto out;
	}
	if (!(out = fopen(tmp.buf, "w"))) {
		rc = err_set(&ctx->err, LITSI_EDB, "cannot write '%s': %s", tmp.buf,
			     strerror(errno));
		goto out;
	}
	sbuf_addstr(&title, "litsi report");
	if (n == 1)
		sbuf_addf(&title, ": node %s", v[0].node->name);
	html_page_begin(out, title.buf);
	if (n > 1) {
		struct html_fleet_row *rows = xcalloc(n + 1, sizeof(*rows));

		for (i = 0; i < n; i++)
			rows[i] = (struct html_fleet_row){ v[i].node->name, v[i].adv };
		html_page_fleet(out, rows, n);
		free(rows);
	}
	for (i = 0; i < n; i++)
		page_node(ctx, out, dir.buf, &v[i]);
	html_page_end(out);
	if (ferror(out) | fclose(out) || rename(tmp.buf, path)) {
		rc = err_set(&ctx->err, LITSI_EDB, "cannot write '%s': %s", path, strerror(errno));
		unlink(tmp.buf);
	}
out:
	if (made)
		rmdir(dir.buf);
	sbuf_release(&title);
	sbuf_release(&dir);
	sbuf_release(&tmp);
	return rc;
}
