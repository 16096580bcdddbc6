/* SPDX-License-Identifier: MIT */
/* cmdutil.c: helpers shared by the command front ends (usage, options, nodes). */
#include "cmd.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * @usage with "{formats}" replaced by the --format names @cmd takes, from
 * the table of writers (fmt_names_text()).
 */
void
cmd_put_usage(FILE *out, const char *cmd, const char *usage)
{
	const char *p = strstr(usage, "{formats}");
	char *names;

	if (!p) {
		fputs(usage, out); /* lint-print: own text */
		return;
	}
	names = fmt_names_text(cmd, "|", "|");
	if (!names)
		BUG("usage of %s names formats the table does not give it", cmd);
	fwrite(usage, 1, (size_t)(p - usage), out); /* lint-print: own text */
	fputs(names, out); /* lint-print: own text */
	fputs(p + strlen("{formats}"), out); /* lint-print: own text */
	free(names);
}

int
cmd_usage_error(const char *cmd, const char *usage, const char *fmt, ...)
{
	va_list ap;

	out_printf(stderr, "litsi %s: ", cmd);
	va_start(ap, fmt);
	out_vprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	cmd_put_usage(stderr, cmd, usage);
	return EXIT_USAGE;
}

#include "man_help.h"

const char *
cmd_help_options(const char *cmd)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(man_help); i++)
		if (!strcmp(man_help[i].cmd, cmd))
			return man_help[i].options;
	return "";
}

int
cmd_help(struct litsi_ctx *ctx, const char *usage)
{
	static const char lead[] = "usage: litsi ";
	char name[32];
	size_t n;

	if (strncmp(usage, lead, strlen(lead)) ||
	    (n = strcspn(usage + strlen(lead), " \n")) >= sizeof(name)) {
		fputs(usage, ctx->out); /* lint-print: own text */
		return EXIT_OK;
	}
	memcpy(name, usage + strlen(lead), n);
	name[n] = 0;
	cmd_put_usage(ctx->out, name, usage);
	if (*cmd_help_options(name))
		fprintf(ctx->out, "\noptions:\n%s", cmd_help_options(name)); /* lint-print: own text */
	return EXIT_OK;
}

int
cmd_list_opts(struct litsi_ctx *ctx, const struct option *opts)
{
	for (; opts->name; opts++)
		if (strcmp(opts->name, "list-opts"))
			out_printf(ctx->out, "--%s\n", opts->name);
	return EXIT_OK;
}

/* The long option of @opts closest to the misspelled "--name[=value]" @arg, or NULL. */
static const char *
option_suggestion(const char *arg, const struct option *opts)
{
	const char *names[128], *best;
	char typed[64];
	size_t n = 0, len;

	if (!opts || strncmp(arg, "--", 2))
		return NULL;
	len = strcspn(arg + 2, "=");
	if (!len || len >= sizeof(typed))
		return NULL;
	memcpy(typed, arg + 2, len);
	typed[len] = 0;
	for (; opts->name && n < ARRAY_SIZE(names); opts++)
		if (strcmp(opts->name, "list-opts"))
			names[n++] = opts->name;
	/* a known option given without its value is not a misspelling */
	for (len = 0; len < n; len++)
		if (!strcmp(names[len], typed))
			return NULL;
	best = suggest_name(typed, names, n);
	return best;
}

int
cmd_option_error(const char *cmd, const char *usage, char **argv, const struct option *opts)
{
	const char *arg = argv[optind - 1];
	const char *hint;

	if (optopt && optopt != '?' && (optopt < 128))
		return cmd_usage_error(cmd, usage, "option '-%c' is unknown or needs a value",
				       optopt);
	hint = option_suggestion(arg, opts);
	if (hint)
		return cmd_usage_error(cmd, usage, "unknown option '%s'; did you mean '--%s'?",
				       arg, hint);
	return cmd_usage_error(cmd, usage, "unknown option or missing value '%s'", arg);
}

int
cmd_format(const char *cmd, const char *usage, const char *arg, enum fmt_kind *kind)
{
	char *names = fmt_names_text(cmd, ", ", " or ");
	int rc = 0;

	if (!names)
		BUG("%s takes --format but is in no row of the format table", cmd);
	if (fmt_parse_name(cmd, arg, kind))
		rc = cmd_usage_error(cmd, usage, "invalid --format '%s' (expected %s)", arg, names);
	free(names);
	return rc;
}

void
shared_opts_init(struct shared_opts *so, struct litsi_ctx *ctx)
{
	memset(so, 0, sizeof(*so));
	so->kind = fmt_default_kind(ctx->out);
	res_opts_default(&so->res);
	so->budget = -1;
}

/* --tdp, --cap, --budget: whole watts, as the parts' power limits are set. */
static int
int_watts_opt(const char *cmd, const char *usage, const char *name, const char *arg, int min,
	      int *out)
{
	if (parse_int(arg, min, 100000, out))
		return cmd_usage_error(cmd, usage, "invalid %s '%s' (watts, %d to 100000)", name,
				       arg, min);
	return 0;
}

int
cmd_shared_check(const char *cmd, const char *usage, const struct shared_opts *so)
{
	if (so->res.tdp && so->res.cap0 > so->res.tdp)
		return cmd_usage_error(cmd, usage, "--cap %d is above --tdp %d", so->res.cap0,
				       so->res.tdp);
	return 0;
}

void
cmd_caps_budget(const struct shared_opts *so, struct caps_params *p)
{
	if (so->budget >= 0)
		p->budget = so->budget;
}

static int
watts_opt(const char *cmd, const char *usage, const char *name, const char *arg, double *out)
{
	if (parse_double(arg, out) || !isfinite(*out) || *out < 0 || *out > 1e6)
		return cmd_usage_error(cmd, usage, "invalid %s '%s' (watts, 0 to 1000000)", name,
				       arg);
	return 0;
}

static int
pct_opt(const char *cmd, const char *usage, const char *name, const char *arg, double max,
	double *out)
{
	if (parse_double(arg, out) || !(*out >= 0) || !(*out <= max))
		return cmd_usage_error(cmd, usage, "invalid %s '%s' (percent, 0 to %g)", name, arg,
				       max);
	return 0;
}

int
cmd_shared_opt(const char *cmd, const char *usage, int opt, const char *arg,
	       struct shared_opts *so)
{
	switch (opt) {
	case SO_NODE:
		so->node = arg;
		return 0;
	case SO_FORMAT:
		return cmd_format(cmd, usage, arg, &so->kind);
	case SO_EPSILON:
		return pct_opt(cmd, usage, "--epsilon", arg, 50, &so->res.eps);
	case SO_PERSIST:
		return pct_opt(cmd, usage, "--persist", arg, 100, &so->res.persist);
	case SO_AGG:
		if (!strcmp(arg, "sum") || !strcmp(arg, "max") || !strcmp(arg, "last")) {
			so->res.agg = !strcmp(arg, "sum") ? LEAD_SUM
				      : !strcmp(arg, "max") ? LEAD_MAX
							    : LEAD_LAST;
			return 0;
		}
		return cmd_usage_error(cmd, usage, "invalid --agg '%s' (expected sum, max or last)",
				       arg);
	case SO_COMM:
		so->res.comm_re = arg;
		return 0;
	case SO_RUN:
		if (!*arg)
			return cmd_usage_error(cmd, usage, "empty --run name");
		so->res.run = arg;
		return 0;
	case SO_BASE_POWER:
		return watts_opt(cmd, usage, "--baseline-power", arg, &so->res.base_power);
	case SO_TDP:
		return int_watts_opt(cmd, usage, "--tdp", arg, 1, &so->res.tdp);
	case SO_CAP:
		return int_watts_opt(cmd, usage, "--cap", arg, 1, &so->res.cap0);
	case SO_BUDGET:
		return int_watts_opt(cmd, usage, "--budget", arg, 0, &so->budget);
	case SO_IDLE_POWER:
		return watts_opt(cmd, usage, "--idle-power", arg, &so->res.idle_power);
	case SO_LOAD_ACTIVITY:
		return pct_opt(cmd, usage, "--load-activity", arg, 100, &so->res.load_activity);
	case SO_LOAD_POWER:
		return watts_opt(cmd, usage, "--load-power", arg, &so->res.load_power);
	case SO_MIN_READINGS: {
		int n;

		if (parse_int(arg, 1, 1 << 30, &n))
			return cmd_usage_error(cmd, usage,
					       "invalid --min-readings '%s' (a count, 1 or more)",
					       arg);
		so->res.min_readings = (size_t)n;
		return 0;
	}
	default:
		return -1;
	}
}

char *
cmd_node_names(struct litsi_ctx *ctx, size_t *n)
{
	struct sbuf sb = SBUF_INIT;
	struct node_row *v = NULL;
	struct err e = { 0 };
	size_t i;

	*n = 0;
	if (!store_list_nodes(ctx->st, &v, n, &e))
		for (i = 0; i < *n && i < 8; i++)
			sbuf_addf(&sb, "%s%s", i ? ", " : "", v[i].name);
	if (*n > 8)
		sbuf_addstr(&sb, ", ...");
	store_free_nodes(v, *n);
	return sbuf_detach(&sb);
}

int
cmd_nodes(struct litsi_ctx *ctx, const char *name, struct node_row **v, size_t *n)
{
	int64_t id;

	if (!name) {
		if (store_list_nodes(ctx->st, v, n, &ctx->err))
			return ctx->err.status;
		if (!*n)
			return err_set(&ctx->err, LITSI_EDATA,
				       "the database holds no GPU; run 'litsi ingest' first");
		return 0;
	}
	if (store_find_node(ctx->st, name, &id, &ctx->err))
		return ctx->err.status;
	*v = xcalloc(1, sizeof(**v));
	(*v)[0].id = id;
	(*v)[0].name = xstrdup(name);
	*n = 1;
	return 0;
}

int
cmd_nodes_run(struct litsi_ctx *ctx, const char *name, const char *run, struct node_row **v,
	      size_t *n)
{
	size_t i, k = 0;
	int rc = cmd_nodes(ctx, name, v, n);

	if (rc || !run || name || !strcmp(run, RES_RUN_ALL))
		return rc;
	for (i = 0; !rc && i < *n; i++) {
		bool has = false;

		rc = store_has_run(ctx->st, (*v)[i].id, run, &has, &ctx->err);
		if (has)
			(*v)[k++] = (*v)[i];
		else
			free((*v)[i].name);
	}
	for (; i < *n; i++)
		(*v)[k++] = (*v)[i];
	*n = k;
	if (!rc && !k)
		rc = err_set(&ctx->err, LITSI_EUSAGE,
			     "no node has a run '%s' (ingest --run names runs)", run);
	return rc;
}

int
cmd_progress_enabled(void)
{
	return isatty(STDERR_FILENO);
}

int
cmd_scope_latest(struct litsi_ctx *ctx, const struct node_row *node, const char *run,
		 bool *scoped)
{
	char **runs = NULL, *latest = NULL;
	size_t n = 0, i;

	*scoped = false;
	if (run)
		return 0;
	if (store_runs(ctx->st, node->id, &runs, &n, &ctx->err) ||
	    (n >= 2 && store_latest_run(ctx->st, node->id, &latest, &ctx->err))) {
		res_node_runs_free(runs, n);
		return ctx->err.status;
	}
	for (i = 0; i < n; i++)
		free(runs[i]);
	free(runs);
	if (!latest)
		return 0;
	if (store_scope_run(ctx->st, latest, &ctx->err)) {
		free(latest);
		return ctx->err.status;
	}
	*scoped = true;
	if (ctx->verbose >= 0) {
		char *vn = visible_dup(node->name), *vr = visible_dup(latest);

		warn("node '%s' holds %zu runs: reading the latest, %s%s%s (--run NAME reads "
		     "another; runs are never read together)", vn, n, *latest ? "'" : "",
		     *latest ? vr : "the one ingested without --run", *latest ? "'" : "");
		free(vn);
		free(vr);
	}
	free(latest);
	return 0;
}

int
cmd_each_node(struct litsi_ctx *ctx, const struct shared_opts *so,
	      int (*fn)(struct litsi_ctx *, struct fmt *, const void *, const struct node_row *),
	      const void *opts)
{
	struct node_row *nodes = NULL;
	struct fmt *f;
	size_t n = 0, i;
	int rc = 0;

	if (cmd_nodes_run(ctx, so->node, so->res.run, &nodes, &n)) {
		store_free_nodes(nodes, n);
		return ctx->err.status;
	}
	f = fmt_new(ctx->out, so->kind);
	for (i = 0; i < n && !rc; i++) {
		bool scoped;

		rc = cmd_scope_latest(ctx, &nodes[i], so->res.run, &scoped);
		if (!rc)
			rc = fn(ctx, f, opts, &nodes[i]);
		if (scoped)
			store_scope_run(ctx->st, NULL, &ctx->err);
	}
	fmt_free(f);
	store_free_nodes(nodes, n);
	return rc;
}
