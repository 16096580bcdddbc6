/* SPDX-License-Identifier: MIT */
/* litsi.h: common definitions shared by every layer: version, exit codes. */
#ifndef LITSI_LITSI_H
#define LITSI_LITSI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LITSI_VERSION "0.1.0"

/* Process exit codes (documented in litsi(1), EXIT STATUS). */
enum litsi_exit {
	EXIT_OK = 0,		/* success; for check: no problem found */
	EXIT_CHECK = 1,		/* check found problems */
	EXIT_USAGE = 2,		/* bad invocation */
	EXIT_DATA = 3,		/* malformed or unsupported input */
	EXIT_ENV = 4,		/* database, I/O, memory, write error */
	EXIT_INCONCLUSIVE = 5,	/* check: no node imbalanced, some node inconclusive */
};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
