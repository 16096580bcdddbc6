/* SPDX-License-Identifier: MIT */
/* err.h: error context passed down through every layer; only cmd/ prints. */
#ifndef LITSI_ERR_H
#define LITSI_ERR_H

#include <stdarg.h>

enum litsi_status {
	LITSI_OK = 0,
	LITSI_EUSAGE = -2,	/* bad invocation; exit 2 */
	LITSI_EDATA = -3,	/* malformed or unsupported input; exit 3 */
	LITSI_EDB = -4,		/* database or I/O failure; exit 4 */
	LITSI_ENOMEM = -5,	/* allocation failure; exit 4 */
	LITSI_EINTR = -6,	/* interrupted by a signal; exit 130 */
};

struct err {
	enum litsi_status status;	/* LITSI_OK, or what went wrong */
	char msg[1024];		/* one line, naming the file and line or byte; "" when OK */
};

/**
 * err_set() - record an error, replacing any earlier message.
 * Return: @st, so that callers can write "return err_set(...)".
 */
int err_set(struct err *e, enum litsi_status st, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/**
 * err_prefix() - prepend context ("path: ") to the recorded message.
 * Return: the recorded status.
 */
int err_prefix(struct err *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* err_clear() - reset to LITSI_OK with an empty message. */
void err_clear(struct err *e);

/* err_exit_code() - map a status to the process exit code. */
int err_exit_code(int status);

/* Front-end helpers (cmd/ and main.c only): print "litsi: msg" on stderr. */
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
int error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#define BUG(...) bug_at(__FILE__, __LINE__, __VA_ARGS__)
void bug_at(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4), noreturn));

#endif
