/* SPDX-License-Identifier: MIT */
/* unit.h: helpers shared by the check suites. */
#ifndef LITSI_TESTS_UNIT_H
#define LITSI_TESTS_UNIT_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

/*
 * corpus_path() - path of a file under the shared corpus ($LITSI_CORPUS,
 * default ../shared/corpus), or NULL when the corpus is absent; callers then
 * print a SKIP line and return.
 */
static inline const char *
corpus_path(const char *rel)
{
	static char buf[4][4096];
	static int slot;
	const char *root = getenv("LITSI_CORPUS");
	char *p;
	FILE *f;

	if (!root || !*root)
		root = "../shared/corpus";
	p = buf[slot++ % 4];
	snprintf(p, sizeof(buf[0]), "%s/%s", root, rel);
	f = fopen(p, "rb");
	if (!f)
		return NULL;
	fclose(f);
	return p;
}

#define CORPUS_OR_SKIP(var, rel)                                                       \
	const char *var = corpus_path(rel);                                           \
	if (!var) {                                                                   \
		printf("SKIP: %s: corpus file absent (set LITSI_CORPUS)\n", rel);      \
		return;                                                               \
	}

#endif
