/* SPDX-License-Identifier: MIT */
/*
 * suggest.c: the closest of a few known names to a misspelled one, for the
 * "did you mean" of an unknown command or option (git's help.c in spirit).
 */
#include "litsi/util.h"

#include <stdlib.h>
#include <string.h>

/* Optimal string alignment distance: insertions, deletions, substitutions, swaps. */
static size_t
osa_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	size_t *d, r;

	if (la > 64 || lb > 64)
		return SIZE_MAX;
	d = xmalloc((la + 1) * (lb + 1) * sizeof(*d));
#define D(i, j) d[(i) * (lb + 1) + (j)]
	for (i = 0; i <= la; i++)
		D(i, 0) = i;
	for (j = 0; j <= lb; j++)
		D(0, j) = j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			size_t c = D(i - 1, j - 1) + (a[i - 1] != b[j - 1]);

			if (D(i - 1, j) + 1 < c)
				c = D(i - 1, j) + 1;
			if (D(i, j - 1) + 1 < c)
				c = D(i, j - 1) + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    D(i - 2, j - 2) + 1 < c)
				c = D(i - 2, j - 2) + 1;
			D(i, j) = c;
		}
	r = D(la, lb);
#undef D
	free(d);
	return r;
}

const char *
suggest_name(const char *typed, const char *const *names, size_t n)
{
	size_t i, best = SIZE_MAX, bi = 0, ties = 0, len = strlen(typed);
	size_t limit = len < 6 ? 1 : len < 12 ? 2 : 3;

	for (i = 0; i < n; i++) {
		size_t raw, d;

		if (!names[i] || !strcmp(names[i], typed))
			continue;
		raw = d = osa_distance(typed, names[i]);
		/* a prefix of at least 3 characters is as close as one edit */
		if (len >= 3 && !strncmp(names[i], typed, len) && d > 1)
			d = 1;
		if (d > limit)
			continue;
		/* ties between equally close names go to the fewer real edits */
		d = d * 128 + (raw < 127 ? raw : 127);
		if (d < best) {
			best = d;
			bi = i;
			ties = 0;
		} else if (d == best) {
			ties++;
		}
	}
	return best != SIZE_MAX && !ties ? names[bi] : NULL;
}
