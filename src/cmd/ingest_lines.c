/* SPDX-License-Identifier: MIT */
/*
 * ingest_lines.c: the lines litsi shows of an ingest (one per file, the
 * totals, one per node when files went to several, progress on a terminal),
 * rendered from the ingest library's reports (include/litsi/ingest.h); the
 * same for `litsi ingest`, `report PATH...` and `record`.
 */
#include "cmd.h"
#include "litsi/ingest.h"

#include <stdlib.h>
#include <string.h>

/* " into node N, run R, from PATH": where an earlier copy of a file went. */
static void
print_where(FILE *out, const struct source_where *w)
{
	if (!w->path[0])
		return;
	if (w->node[0])
		out_printf(out, " into node %s", w->node);
	if (w->run[0])
		out_printf(out, ", run %s", w->run);
	out_printf(out, " from %s", w->path);
}

/*
 * When files went to several nodes: one line per node, what it received and
 * what it holds now (GPUs, runs), so that a wrong assignment shows.
 */
static void
print_nodes(struct litsi_ctx *ctx, const struct ingest_nodes *touched)
{
	struct node_row *nodes = NULL;
	struct info_gpu *gi = NULL;
	size_t nn = 0, ngi = 0, i, k, g;
	struct err e = { 0 };

	if (touched->nr < 2 || ctx->verbose < 0 || store_list_nodes(ctx->st, &nodes, &nn, &e))
		return;
	if (store_info_gpus(ctx->st, &gi, &ngi, &e)) {
		store_free_nodes(nodes, nn);
		return;
	}
	for (i = 0; i < touched->nr; i++)
		for (k = 0; k < nn; k++) {
			char **runs = NULL;
			size_t nr = 0, ngpu = 0;

			if (strcmp(nodes[k].name, touched->name[i]))
				continue;
			for (g = 0; g < ngi; g++)
				ngpu += !strcmp(gi[g].node, nodes[k].name);
			if (store_runs(ctx->st, nodes[k].id, &runs, &nr, &e))
				nr = 0;
			out_printf(ctx->out, "node %s: %d file%s; holds %zu GPU%s, %zu run%s\n",
				   nodes[k].name, touched->files[i],
				   touched->files[i] == 1 ? "" : "s", ngpu, ngpu == 1 ? "" : "s",
				   nr ? nr : 1, nr > 1 ? "s" : "");
			for (g = 0; g < nr; g++)
				free(runs[g]);
			free(runs);
		}
	store_info_free(NULL, 0, gi, ngi, NULL, 0);
	store_free_nodes(nodes, nn);
}

static void
print_summary(void *arg, const char *name, const struct ingest_summary *s, bool run_auto)
{
	struct litsi_ctx *ctx = arg;
	FILE *out = ctx->out;

	if (s->duplicate) {
		out_printf(out, "%s: already ingested", name);
		print_where(out, &s->dup);
		fputs(s->readings_dropped ? " (the same readings), skipped\n"
					  : " (identical content), skipped; use --force to replace "
					    "it\n", out);
		return;
	}
	out_printf(out, "%s: %s, node %s", name, s->format, s->node);
	if (run_auto && s->run[0])
		out_printf(out, ", run %s", s->run);
	else if (run_auto && s->run_pending)
		fputs(", run of the files it came with", out);
	if (s->rank >= 0)
		fprintf(out, ", rank %d", s->rank);
	out_printf(out, ", %lld GPU%s, %lld sample%s, %lld kernels (%lld comm)", (long long)s->gpus,
		s->gpus == 1 ? "" : "s", (long long)s->samples, s->samples == 1 ? "" : "s",
		(long long)s->kernels, (long long)s->comm);
	if (s->telemetry)
		fprintf(out, ", %lld telemetry readings", (long long)s->telemetry);
	if (s->aggregates)
		fprintf(out, ", %lld aggregate rows", (long long)s->aggregates);
	if (s->replaced)
		fputs(" (replaced)", out);
	if (s->readings_dropped) {
		fprintf(out, "; %lld readings already held", (long long)s->readings_dropped);
		print_where(out, &s->readings_of);
		fputs(", not stored again", out);
	}
	fputc('\n', out);
}

static void
print_note(void *arg, const char *text)
{
	struct litsi_ctx *ctx = arg;

	out_printf(ctx->out, "%s\n", text);
}

static void
print_failure(void *arg, const char *msg)
{
	(void)arg;
	error("%s", msg);
}

static void
print_warning(void *arg, const char *name, const char *text)
{
	(void)arg;
	warn("%s: %s", name, text);
}

static void
print_held(void *arg, const char *name, int64_t n, const struct source_where *of)
{
	struct litsi_ctx *ctx = arg;

	out_printf(ctx->out, "%s: %lld readings already held", name, (long long)n);
	print_where(ctx->out, of);
	fputs(", not stored again\n", ctx->out);
}

static void
print_settled(void *arg, const char *path, const char *run)
{
	struct litsi_ctx *ctx = arg;

	out_printf(ctx->out, "%s: run %s (the run of the files it came with)\n", path, run);
}

static void
print_progress(void *arg, const char *name, uint64_t done, uint64_t total, double secs)
{
	double rate = secs > 0 ? (double)done / 1e6 / secs : 0;

	(void)arg;
	if (total)
		out_printf(stderr, "\r%s: %.0f / %.0f MB (%.0f MB/s)  ", name,
			(double)done / 1e6, (double)total / 1e6, rate);
	else
		out_printf(stderr, "\r%s: %.0f MB (%.0f MB/s)  ", name, (double)done / 1e6, rate);
}

static void
print_progress_end(void *arg)
{
	(void)arg;
	fputs("\r\033[K", stderr);
}

static void
print_totals(void *arg, const struct ingest_counts *c)
{
	struct litsi_ctx *ctx = arg;

	fprintf(ctx->out, "ingested %d, already present %d, skipped %d, failed %d\n", c->ok, c->dup,
		c->skipped, c->failed);
}

int
ingest_run_plan(struct litsi_ctx *ctx, struct ingest_plan *p)
{
	const struct ingest_report rep = {
		ctx, print_summary, print_note, print_failure, print_warning, print_held,
		print_settled, print_progress, print_progress_end, print_totals,
	};
	struct ingest_nodes touched;
	int rc;

	p->quiet = ctx->verbose < 0;
	p->progress = cmd_progress_enabled();
	rc = ingest_plan_run(p, &rep, &touched);
	if (rc != 130)
		print_nodes(ctx, &touched);
	ingest_nodes_release(&touched);
	return rc;
}

int
ingest_paths(struct litsi_ctx *ctx, const char *node, const char *node_from, const char *run_name,
	     const char *tz, const int64_t *clock_offset_ns, int npaths, char *const *paths)
{
	struct ingest_plan p;
	enum ingest_node_from from = INGEST_NODE_GIVEN;
	int i, rc;

	ingest_plan_init(&p, ctx->st, ctx->db_path);
	p.iopts.run = run_name;
	p.iopts.run_auto = run_name && !strcmp(run_name, "auto");
	p.popts.tz = tz;
	if (clock_offset_ns) {
		p.iopts.clock_offset_ns = *clock_offset_ns;
		p.iopts.has_clock_offset = true;
	}
	if (node_from)
		from = strcmp(node_from, "dir") ? INGEST_NODE_FROM_HOST : INGEST_NODE_FROM_DIR;
	for (i = 0; i < npaths; i++)
		ingest_plan_add(&p, paths[i], node_from ? NULL : node, from);
	rc = ingest_run_plan(ctx, &p);
	ingest_plan_release(&p);
	return rc;
}

