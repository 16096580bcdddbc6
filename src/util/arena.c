/* SPDX-License-Identifier: MIT */
/* arena.c: bump allocator for many small strings, freed at once. */
#include "litsi/util.h"

#include <stdlib.h>
#include <string.h>

struct arena_block {
	struct arena_block *next;
	size_t used, size;
	max_align_t data[];
};

enum { ARENA_BLOCK = 64 * 1024 };

void
arena_init(struct arena *a)
{
	a->head = NULL;
}

void
arena_release(struct arena *a)
{
	struct arena_block *b = a->head, *next;

	for (; b; b = next) {
		next = b->next;
		free(b);
	}
	a->head = NULL;
}

void *
arena_alloc(struct arena *a, size_t n)
{
	struct arena_block *b = a->head;
	size_t al = (n + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
	void *p;

	if (!b || b->size - b->used < al) {
		size_t sz = al > ARENA_BLOCK ? al : ARENA_BLOCK;

		b = xmalloc(sizeof(*b) + sz);
		b->size = sz;
		b->used = 0;
		b->next = a->head;
		a->head = b;
	}
	p = (char *)b->data + b->used;
	b->used += al;
	return p;
}

char *
arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}
