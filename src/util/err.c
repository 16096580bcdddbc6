/* SPDX-License-Identifier: MIT */
/* err.c: error context and the front end's print helpers. */
#include "litsi/err.h"
#include "litsi/litsi.h"
#include "litsi/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
err_set(struct err *e, enum litsi_status st, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return st;
	e->status = st;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	return st;
}

int
err_prefix(struct err *e, const char *fmt, ...)
{
	char tmp[sizeof(e->msg)];
	size_t n;
	va_list ap;
	int k;

	va_start(ap, fmt);
	k = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	n = k < 0 ? 0 : (size_t)k >= sizeof(tmp) ? sizeof(tmp) - 1 : (size_t)k;
	if (n + 2 < sizeof(tmp)) {
		memcpy(tmp + n, ": ", 2);
		n += 2;
		memcpy(tmp + n, e->msg, sizeof(tmp) - n - 1);
		tmp[sizeof(tmp) - 1] = '\0';
	}
	memcpy(e->msg, tmp, sizeof(tmp));
	return e->status;
}

void
err_clear(struct err *e)
{
	e->status = LITSI_OK;
	e->msg[0] = '\0';
}

int
err_exit_code(int status)
{
	switch (status) {
	case LITSI_OK:
		return EXIT_OK;
	case LITSI_EUSAGE:
		return EXIT_USAGE;
	case LITSI_EDATA:
		return EXIT_DATA;
	case LITSI_EINTR:
		return 130;
	default:
		return EXIT_ENV;
	}
}

static void
vreport(const char *fmt, va_list ap)
{
	size_t n = strlen(fmt);
	int saved = errno;

	fputs("litsi: ", stderr);
	out_vprintf(stderr, fmt, ap);
	if (n && fmt[n - 1] == ':')
		out_printf(stderr, " %s", strerror(saved));
	fputc('\n', stderr);
}

void
die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(fmt, ap);
	va_end(ap);
	exit(EXIT_ENV);
}

int
error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(fmt, ap);
	va_end(ap);
	return -1;
}

void
warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("warning: ", stderr);
	out_vprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

void
bug_at(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "litsi: BUG: %s:%d: ", file, line);
	va_start(ap, fmt);
	out_vprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}
