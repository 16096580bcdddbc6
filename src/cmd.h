/* SPDX-License-Identifier: MIT */
/* cmd.h: the command table's types, the context and the cmd_* entry points. */
#ifndef LITSI_CMD_H
#define LITSI_CMD_H

#include <getopt.h>
#include <stdio.h>

#include "litsi/err.h"
#include "litsi/fmt.h"
#include "litsi/litsi.h"
#include "litsi/store.h"

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
int cmd_report(int argc, char **argv, struct litsi_ctx *ctx);
int cmd_synth(int argc, char **argv, struct litsi_ctx *ctx);
int cmd_plot(int argc, char **argv, struct litsi_ctx *ctx);

/* ---- helpers shared by the commands (src/cmd/cmdutil.c) ---- */

/*
 * cmd_usage_error() - print "litsi CMD: message" and the usage to stderr.
 * Return: EXIT_USAGE.
 */
int cmd_usage_error(const char *cmd, const char *usage, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* cmd_help() - print the usage to ctx->out (for -h). Return: EXIT_OK. */
int cmd_help(struct litsi_ctx *ctx, const char *usage);
/* cmd_list_opts() - print each long option as "--name" (hidden --list-opts). */
int cmd_list_opts(struct litsi_ctx *ctx, const struct option *opts);
/*
 * cmd_getopt_error() - message for getopt_long's '?' or ':' result using optopt
 * and argv[optind - 1]. Return: EXIT_USAGE.
 */
int cmd_getopt_error(const char *cmd, const char *usage, char **argv);
/* cmd_format() - parse --format; on error prints and returns EXIT_USAGE, else 0. */
int cmd_format(const char *cmd, const char *usage, const char *arg, enum fmt_kind *kind);
/*
 * cmd_nodes() - the nodes to analyse: the one named (--node) or all. On error
 * sets ctx->err and returns its status.
 */
int cmd_nodes(struct litsi_ctx *ctx, const char *name, struct node_row **v, size_t *n);
/*
 * cmd_each_node() - run @fn for each node to analyse (the one named, or all)
 * with one formatter of @kind; stops at the first error. Return: fn's status.
 */
int cmd_each_node(struct litsi_ctx *ctx, const char *node, enum fmt_kind kind,
		  int (*fn)(struct litsi_ctx *, struct fmt *, const void *, const struct node_row *),
		  const void *opts);
/* cmd_progress_enabled() - progress lines on stderr only when it is a terminal. */
int cmd_progress_enabled(void);

#endif
