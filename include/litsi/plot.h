/* SPDX-License-Identifier: MIT */
/*
 * plot.h: figures through gnuplot. The figure scripts (scripts/FIGURE.gp, built
 * in) read litsi's TSV output; plot_gnuplot_*() run gnuplot without a shell:
 * the script goes to its standard input, the TSV to its descriptor 3.
 */
#ifndef LITSI_PLOT_H
#define LITSI_PLOT_H

#include <stdbool.h>
#include <stddef.h>
#include <signal.h>
#include <stdio.h>
#include <sys/types.h>

#include "litsi/err.h"

/* plot_script() - the built-in script of @figure ("leads"), or NULL. */
const char *plot_script(const char *figure);
/* plot_figure_name() - the @i-th figure name (sorted), NULL past the end. */
const char *plot_figure_name(size_t i);
/*
 * plot_label() - the name figures show for kernel @name (name id @id): its
 * short demangled form (no return type, template or function arguments;
 * Itanium _Z nested names joined by ::), at most PLOT_LABEL_MAX bytes with
 * "..." where cut, then " #ID". Unique per id, so scripts match kernels by it;
 * the full names stay in the commands' data outputs.
 */
enum { PLOT_LABEL_MAX = 48 };
void plot_label(const char *name, unsigned long id, char *buf, size_t n);
/* plot_gnuplot_found() - whether an executable "gnuplot" is on $PATH. */
bool plot_gnuplot_found(void);
/*
 * plot_output_ok() - @path ends in .png, .svg or .pdf (any case) and holds no
 * newline; otherwise fills @err (LITSI_EUSAGE).
 */
int plot_output_ok(const char *path, struct err *err);

struct plot_run {
	pid_t pid;		/* the gnuplot process; reaped by plot_gnuplot_finish() */
	FILE *data;		/* write the TSV here, then plot_gnuplot_finish() */
	void (*old_pipe)(int);	/* SIGPIPE's handler before; restored by plot_gnuplot_finish() */
	struct sigaction old_int, old_term;	/* restored by plot_gnuplot_finish() */
	char *extra;		/* ARG4 as the TSV shows it (control characters visible) */
};

/*
 * plot_gnuplot_start() - start gnuplot on the script of @figure with ARG1 =
 * the data stream, ARG2 = @out, ARG3 = @straggler (device, or -1: none) and
 * ARG4 = @extra when not NULL. Return: 0, or LITSI_EDB with @err set when
 * gnuplot cannot be started.
 */
int plot_gnuplot_start(const char *figure, const char *out, int straggler, const char *extra,
		       struct plot_run *r, struct err *err);
/*
 * plot_gnuplot_finish() - close the data stream and wait for gnuplot.
 * Between start and finish, SIGINT and SIGTERM are forwarded to gnuplot.
 * Return: 0, LITSI_EINTR when a signal stopped it, or LITSI_EDB when it
 * failed (its messages went to stderr).
 */
int plot_gnuplot_finish(struct plot_run *r, struct err *err);

#endif
