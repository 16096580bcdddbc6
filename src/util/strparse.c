/* SPDX-License-Identifier: MIT */
/* strparse.c: strict number parsing; never atoi, never a double for timestamps. */
#include "litsi/util.h"
#include "litsi/err.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int
parse_i64(const char *s, int64_t min, int64_t max, int64_t *out)
{
	int64_t v;

	if (!s || !*s || parse_i64n(s, strlen(s), &v) || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int
parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	unsigned long long v;
	char *end;

	if (!s || !*s || *s == '-' || isspace((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int
parse_int(const char *s, int min, int max, int *out)
{
	int64_t v;

	if (parse_i64(s, min, max, &v))
		return -1;
	*out = (int)v;
	return 0;
}

int
parse_double(const char *s, double *out)
{
	char *end;
	double v;

	if (!s || !*s || isspace((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno == ERANGE || *end || isnan(v))
		return -1;
	*out = v;
	return 0;
}

int
parse_i64n(const char *s, size_t n, int64_t *out)
{
	uint64_t v = 0, lim;
	bool neg = false;
	size_t i = 0;

	if (n && (s[0] == '-' || s[0] == '+')) {
		neg = s[0] == '-';
		i = 1;
	}
	if (i == n)
		return -1;
	lim = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	for (; i < n; i++) {
		unsigned d = (unsigned char)s[i] - '0';

		if (d > 9 || v > (lim - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	*out = neg ? (int64_t)(0 - v) : (int64_t)v;
	return 0;
}

/* Collect mantissa digits and the decimal exponent of a JSON-style number. */
static int
split_decimal(const char *s, size_t n, bool *neg, char *digits, size_t *nd, long *exp10)
{
	size_t i = 0, cap = *nd;
	bool seen = false, dot = false;
	long e = 0;

	*neg = false;
	*nd = 0;
	if (i < n && (s[i] == '-' || s[i] == '+'))
		*neg = s[i++] == '-';
	for (; i < n; i++) {
		char c = s[i];

		if (c == '.' && !dot) {
			dot = true;
			continue;
		}
		if (c < '0' || c > '9')
			break;
		seen = true;
		if (*nd == 0 && c == '0') {
			if (dot)
				e--;
			continue;
		}
		if (*nd < cap) {
			digits[(*nd)++] = c;
			if (dot)
				e--;
		} else if (!dot) {
			e++;	/* an integer digit past capacity: keep the magnitude */
		}
	}
	if (!seen)
		return -1;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		int64_t x;

		i++;
		if (i < n && s[i] == '+')
			i++;
		if (parse_i64n(s + i, n - i, &x) || x > 100000 || x < -100000)
			return -1;
		e += (long)x;
		i = n;
	}
	if (i != n)
		return -1;
	*exp10 = e;
	return 0;
}

int
parse_decimal_scaled(const char *s, size_t n, int scale, int64_t *out)
{
	char dig[40];
	size_t nd = sizeof(dig), i;
	long e;
	bool neg;
	uint64_t v = 0;
	long keep;

	if (split_decimal(s, n, &neg, dig, &nd, &e))
		return -1;
	/* value = int(dig) * 10^e, so the scaled value is int(dig) * 10^(e + scale) */
	e += scale;
	keep = (long)nd + (e < 0 ? e : 0);
	if (keep < 0)
		keep = 0;
	for (i = 0; i < (size_t)keep; i++) {
		unsigned d = (unsigned)(dig[i] - '0');

		if (v > (UINT64_MAX - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	if ((size_t)keep < nd && dig[keep] >= '5')
		v++;
	for (; e > 0; e--) {
		if (v > UINT64_MAX / 10)
			return -1;
		v *= 10;
	}
	if (v > (uint64_t)INT64_MAX + (neg ? 1 : 0))
		return -1;
	*out = neg ? (int64_t)(0 - v) : (int64_t)v;
	return 0;
}

int
parse_duration(const char *s, int64_t *out_ns)
{
	static const struct {
		const char *suffix;
		int scale;
	} units[] = { { "ns", 0 }, { "us", 3 }, { "ms", 6 }, { "s", 9 } };
	size_t n = strlen(s), i;

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		size_t sl = strlen(units[i].suffix);

		if (n > sl && !strcmp(s + n - sl, units[i].suffix)) {
			if (units[i].scale == 9 && (s[n - 2] == 'n' || s[n - 2] == 'u' ||
						    s[n - 2] == 'm'))
				continue;
			return parse_decimal_scaled(s, n - sl, units[i].scale, out_ns);
		}
	}
	return parse_decimal_scaled(s, n, 0, out_ns);
}

bool
str_has_prefix(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

bool
str_icontains(const char *hay, const char *needle)
{
	size_t nl = strlen(needle);

	for (; *hay; hay++)
		if (!strncasecmp(hay, needle, nl))
			return true;
	return false;
}
