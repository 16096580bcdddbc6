/* SPDX-License-Identifier: MIT */
/* cmd.h: the command table's types, the context and the cmd_* entry points. */
#ifndef LITSI_CMD_H
#define LITSI_CMD_H

#include <getopt.h>
#include <stdio.h>

#include "litsi/err.h"
#include "litsi/fmt.h"
#include "litsi/litsi.h"
#include "litsi/results.h"
#include "litsi/store.h"
#include "litsi/util.h"

struct res_advice;
struct res_advice_in;

enum cmd_flags {
	CMD_DB_READ = 1 << 0,	/* open the database read-only; it must exist */
	CMD_DB_WRITE = 1 << 1,	/* open read-write, create if missing */
	CMD_NO_DB = 1 << 2,	/* never touches the database through main */
};

struct litsi_ctx {
	struct store *st;	/* opened by main per cmd flags; NULL for CMD_NO_DB */
	const char *db_path;	/* -d, $LITSI_DB or ./litsi.db */
	bool db_named;		/* the user named it (-d or $LITSI_DB) */
	FILE *out;		/* where results go */
	int verbose;		/* -v count; -q sets -1 */
	struct err err;		/* filled by lower layers, printed once by main */
};

struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv, struct litsi_ctx *ctx);
	unsigned flags;		/* enum cmd_flags */
	const char *summary;	/* one line; equals the man page .Nd */
};

/* Returns an exit code (enum litsi_exit) or a negative litsi_status with ctx->err set. */
int cmd_ingest(int argc, char **argv, struct litsi_ctx *ctx);
int cmd_info(int argc, char **argv, struct litsi_ctx *ctx);
int cmd_compare(int argc, char **argv, struct litsi_ctx *ctx);
int cmd_overlap(int argc, char **argv, struct litsi_ctx *ctx);
int cmd_corr(int argc, char **argv, struct litsi_ctx *ctx);
int cmd_lead(int argc, char **argv, struct litsi_ctx *ctx);
int cmd_thermal(int argc, char **argv, struct litsi_ctx *ctx);
int cmd_model(int argc, char **argv, struct litsi_ctx *ctx);
int cmd_caps(int argc, char **argv, struct litsi_ctx *ctx);
int cmd_check(int argc, char **argv, struct litsi_ctx *ctx);
int cmd_merge(int argc, char **argv, struct litsi_ctx *ctx);
int cmd_fleet(int argc, char **argv, struct litsi_ctx *ctx);
int cmd_report(int argc, char **argv, struct litsi_ctx *ctx);
int cmd_synth(int argc, char **argv, struct litsi_ctx *ctx);
int cmd_plot(int argc, char **argv, struct litsi_ctx *ctx);
int cmd_record(int argc, char **argv, struct litsi_ctx *ctx);

/* ---- options shared by the commands: one definition each (src/cmd/cmdutil.c) ---- */

/*
 * The getopt_long values of the shared options. A command lists the ones it
 * takes in its longopts with SHARED_OPT(), and passes every value its own
 * switch does not know to cmd_shared_opt(): one name, range, message and
 * default for --node, --format, --epsilon, --agg, --comm-pattern, --persist,
 * --baseline-power, --idle-power, --load-activity, --load-power,
 * --min-readings, --run, --tdp, --cap and --budget in every command.
 */
enum shared_opt {
	SO_NODE = 0x1000, SO_FORMAT, SO_EPSILON, SO_AGG, SO_COMM, SO_PERSIST, SO_BASE_POWER,
	SO_IDLE_POWER, SO_LOAD_ACTIVITY, SO_LOAD_POWER, SO_MIN_READINGS, SO_RUN, SO_TDP, SO_CAP,
	SO_BUDGET,
};

struct shared_opts {
	const char *node;	/* --node, NULL: every node */
	enum fmt_kind kind;	/* --format (table on a terminal, else tsv) */
	struct res_opts res;	/* --epsilon, --agg, --comm-pattern, --persist, power, load,
				 * --tdp, --cap */
	int budget;		/* --budget W per GPU; -1: the caps default (caps_params) */
};

/*
 * cmd_node_names() - "a, b, c" (the first few, then ", ..."): the nodes of
 * the database for a message that asks for --node; malloc'd. *n: their count.
 */
char *cmd_node_names(struct litsi_ctx *ctx, size_t *n);

/* SHARED_OPT() - the longopts row of shared option @id. */
#define SHARED_OPT(name, id) { name, required_argument, NULL, id }

/* shared_opts_init() - the documented defaults; the format follows ctx->out. */
void shared_opts_init(struct shared_opts *so, struct litsi_ctx *ctx);
/*
 * cmd_shared_opt() - apply shared option @opt with @arg. Return: 0 when
 * applied, EXIT_USAGE after printing one message and the usage, -1 when @opt
 * is not a shared option (the caller reports it with cmd_getopt_error()).
 */
int cmd_shared_opt(const char *cmd, const char *usage, int opt, const char *arg,
		   struct shared_opts *so);
/*
 * cmd_shared_check() - what the shared options say together (--cap not above
 * --tdp), once every option is parsed. Return: 0, or EXIT_USAGE after one
 * message and the usage.
 */
int cmd_shared_check(const char *cmd, const char *usage, const struct shared_opts *so);
/* cmd_caps_budget() - --budget into @p when given (so->budget >= 0). */
void cmd_caps_budget(const struct shared_opts *so, struct caps_params *p);

/*
 * ---- renderers one command shares with plot and report: typed options, no
 * argv; each writes one node's tables into @f ----
 */
struct thermal_render {
	bool series;		/* --series: every reading */
	bool normalize;		/* --normalize: divided by the node minimum of medians */
	const struct res_opts *res;	/* --load-activity, --load-power, --min-readings;
					 * NULL: the defaults */
};
int thermal_render_node(struct litsi_ctx *ctx, struct fmt *f, const struct thermal_render *r,
			const struct node_row *node);

struct overlap_render {
	const char *comm_re;	/* --comm-pattern or NULL */
	int gpu;		/* --gpu, -1: all */
	int64_t sample;		/* --sample when has_sample */
	bool has_sample, summary;
	bool per_gpu;		/* with summary and no sample: first the table "overlap_gpus",
				 * per GPU the mean over samples (report's overlap_pct) and
				 * the samples' range */
	enum res_by by;	/* --by */
	bool labels;		/* kernels by plot_label() (figures), not their full names */
};
int overlap_render_node(struct litsi_ctx *ctx, struct fmt *f, const struct overlap_render *r,
			const struct node_row *node);

struct corr_render {
	const char *comm_re;	/* --comm-pattern or NULL */
	int gpu;		/* --gpu, -1: all */
	enum res_by by;	/* --by */
	bool labels;		/* kernels by plot_label() (figures), not their full names */
};
int corr_render_node(struct litsi_ctx *ctx, struct fmt *f, const struct corr_render *r,
		     const struct node_row *node);

struct lead_render {
	const struct res_opts *res;	/* --agg, --epsilon, --persist, --comm-pattern */
	bool series;		/* --series: every matched kernel */
	bool collectives;	/* --collectives: comm kernels instead */
	bool labels;		/* kernels by plot_label() (figures), not their full names */
};
int lead_render_node(struct litsi_ctx *ctx, struct fmt *f, const struct lead_render *r,
		     const struct node_row *node);

struct caps_render {
	const struct res_opts *res;	/* --agg, --epsilon, --idle-power, ... */
	struct caps_params p;	/* --scenario, --tdp, --cap, ... */
	bool replay;		/* --replay: Algorithms 2-3 on the recorded leads */
	enum res_emit emit;	/* --emit */
};
int caps_render_node(struct litsi_ctx *ctx, struct fmt *f, const struct caps_render *r,
		     const struct node_row *node);

struct fleet_params;
/*
 * fleet_render() - the fleet view of every node of ctx->st (src/cmd/fleet.c):
 * the tables of fleet_write() through @f, the rows loaded by @jobs threads
 * (0: one per online CPU, at most 4). For `litsi fleet` and the slots figure;
 * *@any_straggler (unless NULL): some node was imbalanced with a straggler.
 */
int fleet_render(struct litsi_ctx *ctx, struct fmt *f, const struct fleet_params *p,
		 unsigned jobs, bool *any_straggler);

/* check_render_text() - one node's verdict as `litsi check` prints it (src/cmd/check.c). */
void check_render_text(FILE *out, const char *node, const struct res_verdict *v, size_t samples);
/* check_render_cause() - the cells "cause" and "evidence" of a verdict (null without a straggler). */
void check_render_cause(struct fmt *f, const struct check_result *r);
/* check_rules_begin(), check_render_rules() - the "rules" table of check's JSON (then fmt_end()). */
void check_rules_begin(struct fmt *f);
void check_render_rules(struct fmt *f, const char *node, const struct res_verdict *v);

/* Shown of an ingest (src/cmd/ingest_lines.c), for ingest, report and record. */
struct ingest_plan;
/*
 * ingest_run_plan() - ingest plan @p into ctx's database: a line per file and
 * the totals to ctx->out (none with -q), progress on a terminal, failures on
 * stderr, one line per node when files went to several. Return: the exit code.
 */
int ingest_run_plan(struct litsi_ctx *ctx, struct ingest_plan *p);
/*
 * ingest_paths() - what `litsi ingest --node @node | --node-from @node_from
 * [--run @run] [--tz @tz] [--clock-offset *@clock_offset_ns] PATH...` does
 * (NULL: the default node, no --run, no --tz, no --clock-offset), one
 * transaction per file; summary lines, and one line per node when files went
 * to several, to ctx->out. Return: its exit code.
 */
int ingest_paths(struct litsi_ctx *ctx, const char *node, const char *node_from, const char *run,
		 const char *tz, const int64_t *clock_offset_ns, int npaths, char *const *paths);

/*
 * plot_all() - every figure of node @node (NULL: the only node) into
 * directory @dir as NODE-FIGURE.png (characters other than [A-Za-z0-9._-]
 * of the node name become '_'); "wrote PATH" lines go to @announce. A figure
 * whose inputs the node lacks is skipped with a warning (src/cmd/plot.c).
 * Return: 0, or the first error's status with ctx->err set.
 */
int plot_all(struct litsi_ctx *ctx, const char *node, const char *dir, FILE *announce);
/* plot_node_figure() - figure @fig of @node with default options into @path (.png, .svg, .pdf). */
int plot_node_figure(struct litsi_ctx *ctx, const char *fig, const struct node_row *node,
		     const char *path);
/* One node of the HTML page (report --html): borrowed results. */
struct report_page_node {
	const struct node_row *node;
	const struct res_advice *adv;
	const struct res_advice_in *in;
};
/*
 * report_page_write() - the HTML page of nodes @v to @path (whole or not at
 * all), the figures drawn by gnuplot as inline SVG (src/cmd/report_page.c).
 */
int report_page_write(struct litsi_ctx *ctx, const char *path, const struct report_page_node *v,
		      size_t n);

/* ---- helpers shared by the commands (src/cmd/cmdutil.c) ---- */

/*
 * cmd_usage_error() - print "litsi CMD: message" and the usage to stderr.
 * Return: EXIT_USAGE.
 */
int cmd_usage_error(const char *cmd, const char *usage, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/*
 * CMD_ANSWERED: a parse_args() that answered by itself (-h, --list-opts)
 * returns that answer's exit code minus CMD_ANSWERED, a negative value that is
 * no exit code and no litsi_status; the command then stops and returns
 * rc + CMD_ANSWERED (the exit code) without running.
 */
enum { CMD_ANSWERED = 100 };
/*
 * cmd_help() - print the usage to ctx->out (for -h), then the command's
 * options, one line each, as its man page's OPTIONS has them. Return: EXIT_OK.
 */
int cmd_help(struct litsi_ctx *ctx, const char *usage);
/*
 * cmd_put_usage() - @usage to @out, its "{formats}" replaced by the --format
 * names @cmd takes ("table|tsv|csv|json", from the table of writers).
 */
void cmd_put_usage(FILE *out, const char *cmd, const char *usage);
/* cmd_help_options() - the option lines of command @cmd ("" for litsi itself); "" if none. */
const char *cmd_help_options(const char *cmd);
/* cmd_list_opts() - print each long option as "--name" (hidden --list-opts). */
int cmd_list_opts(struct litsi_ctx *ctx, const struct option *opts);
/*
 * cmd_option_error() - message for getopt_long's '?' or ':' result using optopt
 * and argv[optind - 1]; for a misspelled long option, the closest of @opts
 * ("did you mean '--node'?"). Return: EXIT_USAGE.
 */
int cmd_option_error(const char *cmd, const char *usage, char **argv, const struct option *opts);
/* cmd_getopt_error() - cmd_option_error() with the calling file's longopts[]. */
#define cmd_getopt_error(cmd, usage, argv) cmd_option_error((cmd), (usage), (argv), longopts)
/*
 * cmd_caps_script() - write @c's caps of node @node as the script of
 * caps_script_write() to @path (whole or not at all, mode 0755); @what says
 * what the caps are. Errors in ctx->err.
 */
int cmd_caps_script(struct litsi_ctx *ctx, const char *path, const char *node, const char *what,
		    const struct res_caps *c);
/*
 * cmd_format() - parse --format against the names @cmd takes (the table of
 * writers); on error prints "expected ..." from that table and the usage
 * and returns EXIT_USAGE, else 0.
 */
int cmd_format(const char *cmd, const char *usage, const char *arg, enum fmt_kind *kind);
/*
 * cmd_nodes() - the nodes to analyse: the one named (--node) or all. On error
 * sets ctx->err and returns its status.
 */
int cmd_nodes(struct litsi_ctx *ctx, const char *name, struct node_row **v, size_t *n);
/*
 * cmd_nodes_run() - cmd_nodes() for --run @run (NULL: as cmd_nodes()): of
 * all nodes, those that have the run, a usage error when none has; a node
 * named with --node is kept whatever its runs (its load says what it lacks).
 */
int cmd_nodes_run(struct litsi_ctx *ctx, const char *name, const char *run, struct node_row **v,
		  size_t *n);
/*
 * cmd_each_node() - run @fn for each node to analyse (so->node, or all, or
 * those of run so->res.run: cmd_nodes_run()) with one formatter of
 * so->kind; stops at the first error. Return: fn's status.
 */
/*
 * cmd_scope_latest() - without --run (@run NULL), when @node holds several
 * runs, scope the store to its latest run (store_latest_run()) and say so on
 * stderr (not with -q); *@scoped: the caller gives the scope back
 * (store_scope_run(st, NULL)). Runs are never read together.
 */
int cmd_scope_latest(struct litsi_ctx *ctx, const struct node_row *node, const char *run,
		     bool *scoped);
int cmd_each_node(struct litsi_ctx *ctx, const struct shared_opts *so,
		  int (*fn)(struct litsi_ctx *, struct fmt *, const void *, const struct node_row *),
		  const void *opts);
/* cmd_progress_enabled() - progress lines on stderr only when it is a terminal. */
int cmd_progress_enabled(void);

#endif
