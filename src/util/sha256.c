/* SPDX-License-Identifier: MIT */
/* sha256.c: FIPS 180-4 SHA-256, used for the content hash of ingested files. */
#include "litsi/util.h"

#include <stdlib.h>
#include <string.h>

static const uint32_t K[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
	0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
	0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
	0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
	0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
	0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
	0xc67178f2,
};

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void
block(struct sha256 *c, const unsigned char *p)
{
	uint32_t w[64], a, b, cc, d, e, f, g, h, t1, t2;
	int i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (; i < 64; i++) {
		uint32_t s0 = ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
		uint32_t s1 = ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);

		w[i] = w[i - 16] + s0 + w[i - 7] + s1;
	}
	a = c->h[0], b = c->h[1], cc = c->h[2], d = c->h[3];
	e = c->h[4], f = c->h[5], g = c->h[6], h = c->h[7];
	for (i = 0; i < 64; i++) {
		t1 = h + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
		t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) + ((a & b) ^ (a & cc) ^ (b & cc));
		h = g, g = f, f = e, e = d + t1, d = cc, cc = b, b = a, a = t1 + t2;
	}
	c->h[0] += a, c->h[1] += b, c->h[2] += cc, c->h[3] += d;
	c->h[4] += e, c->h[5] += f, c->h[6] += g, c->h[7] += h;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>

/*
 * The same compression with the SHA extensions of x86 CPUs (SHA-NI): four
 * rounds per step, the message schedule rolled through four registers.
 * Runs only where CPUID says the instructions exist.
 */
__attribute__((target("sha,sse4.1,ssse3"))) static void
blocks_shani(uint32_t h[8], const unsigned char *p, size_t nblocks)
{
	const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
	__m128i st0, st1, tmp, m[4], msg, abef, cdgh;
	size_t b;
	int g;

	tmp = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[0]), 0xB1);
	st1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[4]), 0x1B);
	st0 = _mm_alignr_epi8(tmp, st1, 8);	/* ABEF */
	st1 = _mm_blend_epi16(st1, tmp, 0xF0);	/* CDGH */
	for (b = 0; b < nblocks; b++, p += 64) {
		abef = st0;
		cdgh = st1;
		for (g = 0; g < 16; g++) {
			__m128i *w = &m[g & 3];

			if (g < 4) {
				*w = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16 * g)),
						      bswap);
			} else {
				/* W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16] */
				__m128i x = _mm_sha256msg1_epu32(*w, m[(g + 1) & 3]);

				x = _mm_add_epi32(x, _mm_alignr_epi8(m[(g + 3) & 3], m[(g + 2) & 3], 4));
				*w = _mm_sha256msg2_epu32(x, m[(g + 3) & 3]);
			}
			msg = _mm_add_epi32(*w, _mm_loadu_si128((const __m128i *)&K[4 * g]));
			st1 = _mm_sha256rnds2_epu32(st1, st0, msg);
			st0 = _mm_sha256rnds2_epu32(st0, st1, _mm_shuffle_epi32(msg, 0x0E));
		}
		st0 = _mm_add_epi32(st0, abef);
		st1 = _mm_add_epi32(st1, cdgh);
	}
	tmp = _mm_shuffle_epi32(st0, 0x1B);	/* FEBA */
	st1 = _mm_shuffle_epi32(st1, 0xB1);	/* DCHG */
	st0 = _mm_blend_epi16(tmp, st1, 0xF0);	/* DCBA */
	st1 = _mm_alignr_epi8(st1, tmp, 8);	/* HGFE */
	_mm_storeu_si128((__m128i *)&h[0], st0);
	_mm_storeu_si128((__m128i *)&h[4], st1);
}

static int
have_shani(void)
{
	/* Atomic: ingest -j hashes in several threads at once. */
	static int cached = -1;
	unsigned a, b, c, d;
	int v = __atomic_load_n(&cached, __ATOMIC_RELAXED);

	if (v >= 0)
		return v;
	v = !getenv("LITSI_NO_SHANI") && __get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSE4_1) &&
	    (c & bit_SSSE3) && __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_SHA);
	__atomic_store_n(&cached, v, __ATOMIC_RELAXED);
	return v;
}
#else
static int
have_shani(void)
{
	return 0;
}

static void
blocks_shani(uint32_t h[8], const unsigned char *p, size_t nblocks)
{
	(void)h, (void)p, (void)nblocks;
}
#endif

static void
blocks(struct sha256 *c, const unsigned char *p, size_t nblocks)
{
	if (have_shani()) {
		blocks_shani(c->h, p, nblocks);
		return;
	}
	for (; nblocks; nblocks--, p += 64)
		block(c, p);
}

void
sha256_init(struct sha256 *c)
{
	static const uint32_t iv[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
					0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };

	memcpy(c->h, iv, sizeof(iv));
	c->len = 0;
	c->nbuf = 0;
}

void
sha256_update(struct sha256 *c, const void *data, size_t n)
{
	const unsigned char *p = data;

	c->len += n;
	if (c->nbuf) {
		size_t k = 64 - c->nbuf < n ? 64 - c->nbuf : n;

		memcpy(c->buf + c->nbuf, p, k);
		c->nbuf += k, p += k, n -= k;
		if (c->nbuf < 64)
			return;
		blocks(c, c->buf, 1);
		c->nbuf = 0;
	}
	blocks(c, p, n / 64);
	p += n / 64 * 64;
	n %= 64;
	memcpy(c->buf, p, n);
	c->nbuf = n;
}

void
sha256_final(struct sha256 *c, unsigned char out[32])
{
	uint64_t bits = c->len * 8;
	unsigned char pad[72] = { 0x80 };
	size_t padlen = (c->nbuf < 56 ? 56 : 120) - c->nbuf;
	int i;

	for (i = 0; i < 8; i++)
		pad[padlen + i] = (unsigned char)(bits >> (56 - 8 * i));
	sha256_update(c, pad, padlen + 8);
	for (i = 0; i < 32; i++)
		out[i] = (unsigned char)(c->h[i / 4] >> (24 - 8 * (i % 4)));
}

void
sha256_hex(const unsigned char dig[32], char out[65])
{
	static const char hx[] = "0123456789abcdef";
	int i;

	for (i = 0; i < 32; i++) {
		out[2 * i] = hx[dig[i] >> 4];
		out[2 * i + 1] = hx[dig[i] & 15];
	}
	out[64] = '\0';
}

void
sha256_reference(const void *data, size_t n, unsigned char out[32])
{
	const unsigned char *p = data;
	struct sha256 c;
	unsigned char pad[128] = { 0 };
	uint64_t bits = (uint64_t)n * 8;
	size_t rest, padlen;
	int i;

	sha256_init(&c);
	for (; n >= 64; n -= 64, p += 64)
		block(&c, p);
	rest = n;
	memcpy(pad, p, rest);
	pad[rest] = 0x80;
	padlen = rest < 56 ? 64 : 128;
	for (i = 0; i < 8; i++)
		pad[padlen - 1 - i] = (unsigned char)(bits >> (8 * i));
	block(&c, pad);
	if (padlen == 128)
		block(&c, pad + 64);
	for (i = 0; i < 32; i++)
		out[i] = (unsigned char)(c.h[i / 4] >> (24 - 8 * (i % 4)));
}
