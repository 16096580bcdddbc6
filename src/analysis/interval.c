/* SPDX-License-Identifier: MIT */
/* interval.c: union, intersection and difference of int64 ns intervals; pure. */
#include "litsi/interval.h"
#include "litsi/litsi.h"

#include <stdlib.h>

static int
cmp_ival(const void *pa, const void *pb)
{
	const struct ival *a = pa, *b = pb;

	if (a->s != b->s)
		return a->s < b->s ? -1 : 1;
	if (a->e != b->e)
		return a->e < b->e ? -1 : 1;
	return 0;
}

size_t
ival_normalize(struct ival *v, size_t n)
{
	size_t i, out = 0;

	qsort(v, n, sizeof(*v), cmp_ival);
	for (i = 0; i < n; i++) {
		if (v[i].e <= v[i].s)
			continue;
		if (out && v[i].s <= v[out - 1].e) {
			if (v[i].e > v[out - 1].e)
				v[out - 1].e = v[i].e;
			continue;
		}
		v[out++] = v[i];
	}
	return out;
}

int64_t
ival_len(int64_t s, int64_t e)
{
	uint64_t d;

	if (e <= s)
		return 0;
	d = (uint64_t)e - (uint64_t)s;
	return d > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)d;
}

int64_t
ival_total(const struct ival *v, size_t n)
{
	int64_t t = 0, l;
	size_t i;

	for (i = 0; i < n; i++) {
		l = ival_len(v[i].s, v[i].e);
		if (l > INT64_MAX - t)
			return INT64_MAX;
		t += l;
	}
	return t;
}

size_t
ival_intersect(const struct ival *a, size_t na, const struct ival *b, size_t nb,
	       struct ival *out)
{
	size_t i = 0, j = 0, n = 0;

	while (i < na && j < nb) {
		int64_t s = a[i].s > b[j].s ? a[i].s : b[j].s;
		int64_t e = a[i].e < b[j].e ? a[i].e : b[j].e;

		if (s < e)
			out[n++] = (struct ival){ s, e };
		if (a[i].e < b[j].e)
			i++;
		else
			j++;
	}
	return n;
}

size_t
ival_subtract(const struct ival *a, size_t na, const struct ival *b, size_t nb,
	      struct ival *out)
{
	size_t i, j = 0, n = 0;

	for (i = 0; i < na; i++) {
		int64_t s = a[i].s;

		/* b is sorted: skip the pieces that end before this interval. */
		while (j < nb && b[j].e <= s)
			j++;
		for (size_t k = j; k < nb && b[k].s < a[i].e; k++) {
			if (b[k].s > s)
				out[n++] = (struct ival){ s, b[k].s };
			if (b[k].e > s)
				s = b[k].e;
			if (s >= a[i].e)
				break;
		}
		if (s < a[i].e)
			out[n++] = (struct ival){ s, a[i].e };
	}
	return n;
}

int64_t
ival_overlap(const struct ival *u, size_t n, int64_t s, int64_t e)
{
	size_t lo = 0, hi = n;
	int64_t t = 0;

	if (e <= s)
		return 0;
	/* First interval whose end is after s. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (u[mid].e <= s)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < n && u[lo].s < e; lo++) {
		int64_t a = u[lo].s > s ? u[lo].s : s;
		int64_t b = u[lo].e < e ? u[lo].e : e;
		int64_t l = ival_len(a, b);

		t = l > INT64_MAX - t ? INT64_MAX : t + l;
	}
	return t;
}
