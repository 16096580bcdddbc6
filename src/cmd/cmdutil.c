/* SPDX-License-Identifier: MIT */
/* cmdutil.c: helpers shared by the command front ends (usage, options, nodes). */
#include "cmd.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int
cmd_usage_error(const char *cmd, const char *usage, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "litsi %s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n%s", usage);
	return EXIT_USAGE;
}

int
cmd_help(struct litsi_ctx *ctx, const char *usage)
{
	fputs(usage, ctx->out);
	return EXIT_OK;
}

int
cmd_list_opts(struct litsi_ctx *ctx, const struct option *opts)
{
	for (; opts->name; opts++)
		if (strcmp(opts->name, "list-opts"))
			fprintf(ctx->out, "--%s\n", opts->name);
	return EXIT_OK;
}

int
cmd_getopt_error(const char *cmd, const char *usage, char **argv)
{
	const char *arg = argv[optind - 1];

	if (optopt && optopt != '?' && (optopt < 128))
		return cmd_usage_error(cmd, usage, "option '-%c' is unknown or needs a value",
				       optopt);
	return cmd_usage_error(cmd, usage, "unknown option or missing value '%s'", arg);
}

int
cmd_format(const char *cmd, const char *usage, const char *arg, enum fmt_kind *kind)
{
	if (fmt_parse_kind(arg, kind))
		return cmd_usage_error(cmd, usage,
				       "invalid --format '%s' (expected table, tsv, csv or json)",
				       arg);
	return 0;
}

int
cmd_nodes(struct litsi_ctx *ctx, const char *name, struct node_row **v, size_t *n)
{
	int64_t id;

	if (!name)
		return store_list_nodes(ctx->st, v, n, &ctx->err);
	if (store_find_node(ctx->st, name, &id, &ctx->err))
		return ctx->err.status;
	*v = xcalloc(1, sizeof(**v));
	(*v)[0].id = id;
	(*v)[0].name = xstrdup(name);
	*n = 1;
	return 0;
}

int
cmd_progress_enabled(void)
{
	return isatty(STDERR_FILENO);
}

int
cmd_each_node(struct litsi_ctx *ctx, const char *node, enum fmt_kind kind,
	      int (*fn)(struct litsi_ctx *, struct fmt *, const void *, const struct node_row *),
	      const void *opts)
{
	struct node_row *nodes = NULL;
	struct fmt *f;
	size_t n = 0, i;
	int rc = 0;

	if (cmd_nodes(ctx, node, &nodes, &n))
		return ctx->err.status;
	f = fmt_new(ctx->out, kind);
	for (i = 0; i < n && !rc; i++)
		rc = fn(ctx, f, opts, &nodes[i]);
	fmt_free(f);
	store_free_nodes(nodes, n);
	return rc;
}
