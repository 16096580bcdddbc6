/* SPDX-License-Identifier: MIT */
/*
 * hmap.c: a map from byte strings to integers, open addressing with linear
 * probing, for the per-record lookups of the readers (a host's node number,
 * a GPU already announced): O(1) per lookup however many keys a file holds.
 * The hash is seeded per map, so a file cannot be built to collide.
 */
#include "litsi/util.h"

#include <string.h>
#include <time.h>
#include <unistd.h>

struct hmap_slot {
	char *key;		/* NULL: empty */
	size_t len;
	uint64_t hash;
	int64_t val;
};

static uint64_t
mix(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static uint64_t
hash_bytes(uint64_t seed, const void *key, size_t len)
{
	const unsigned char *p = key;
	uint64_t h = mix(seed ^ len);
	size_t i;

	for (i = 0; i + 8 <= len; i += 8) {
		uint64_t w;

		memcpy(&w, p + i, 8);
		h = mix(h ^ w);
	}
	if (i < len) {
		uint64_t w = 0;

		memcpy(&w, p + i, len - i);
		h = mix(h ^ w ^ 0x9e3779b97f4a7c15ULL);
	}
	return h;
}

void
hmap_init(struct hmap *m)
{
	static unsigned long salt;
	struct timespec ts;

	memset(m, 0, sizeof(*m));
	clock_gettime(CLOCK_MONOTONIC, &ts);
	m->seed = mix((uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec << 32 ^ (uint64_t)getpid() ^
		      (uint64_t)(uintptr_t)m ^ ++salt);
}

void
hmap_release(struct hmap *m)
{
	size_t i;

	for (i = 0; i < m->cap; i++)
		free(m->slots[i].key);
	free(m->slots);
	m->slots = NULL;
	m->cap = m->n = 0;
}

void
hmap_clear(struct hmap *m)
{
	size_t i;

	for (i = 0; i < m->cap; i++) {
		free(m->slots[i].key);
		m->slots[i].key = NULL;
	}
	m->n = 0;
}

static struct hmap_slot *
probe(const struct hmap *m, uint64_t h, const void *key, size_t len)
{
	size_t i;

	for (i = h & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
		struct hmap_slot *s = &m->slots[i];

		if (!s->key || (s->hash == h && s->len == len && !memcmp(s->key, key, len)))
			return s;
	}
}

static void
grow(struct hmap *m)
{
	struct hmap_slot *old = m->slots;
	size_t i, oldcap = m->cap;

	m->cap = m->cap ? m->cap * 2 : 16;
	m->slots = xcalloc(m->cap, sizeof(*m->slots));
	for (i = 0; i < oldcap; i++)
		if (old[i].key)
			*probe(m, old[i].hash, old[i].key, old[i].len) = old[i];
	free(old);
}

int64_t
hmap_get(const struct hmap *m, const void *key, size_t len)
{
	const struct hmap_slot *s;

	if (!m->n)
		return -1;
	s = probe(m, hash_bytes(m->seed, key, len), key, len);
	return s->key ? s->val : -1;
}

int64_t
hmap_intern(struct hmap *m, const void *key, size_t len, int64_t val)
{
	uint64_t h = hash_bytes(m->seed, key, len);
	struct hmap_slot *s;

	if ((m->n + 1) * 4 > m->cap * 3)
		grow(m);
	s = probe(m, h, key, len);
	if (s->key)
		return s->val;
	s->key = xmalloc(len ? len : 1);
	memcpy(s->key, key, len);
	s->len = len;
	s->hash = h;
	s->val = val;
	m->n++;
	return val;
}
