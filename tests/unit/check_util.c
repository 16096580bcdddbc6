/* SPDX-License-Identifier: MIT */
/* check_util.c: sbuf, strict number parsing, sha256. */
#include <check.h>
#include <math.h>
#include <string.h>

#include "litsi/util.h"
#include "unit.h"

START_TEST(test_decimal_scaled)
{
	static const struct {
		const char *in;
		int scale;
		int64_t want;
		int rc;
	} cases[] = {
		{ "1106964728033.929", 3, 1106964728033929LL, 0 },
		{ "1694128201429795", 3, 1694128201429795000LL, 0 },
		{ "0.0005", 3, 1, 0 },	/* rounds half away from zero */
		{ "0.0004", 3, 0, 0 },
		{ "-2.5", 0, -3, 0 },
		{ "12", 0, 12, 0 },
		{ "1e3", 0, 1000, 0 },
		{ "1.5E-1", 3, 150, 0 },
		{ "0", 3, 0, 0 },
		{ "-0", 3, 0, 0 },
		{ "00012.000", 3, 12000, 0 },
		{ "9223372036854775807", 0, INT64_MAX, 0 },
		{ "9223372036854775808", 0, 0, -1 },
		{ "-9223372036854775808", 0, INT64_MIN, 0 },
		{ "99999999999999999999", 0, 0, -1 },
		{ "", 0, 0, -1 },
		{ "1.2.3", 0, 0, -1 },
		{ "abc", 0, 0, -1 },
		{ "12x", 0, 0, -1 },
		{ "-", 0, 0, -1 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int64_t v = 42;
		int rc = parse_decimal_scaled(cases[i].in, strlen(cases[i].in), cases[i].scale, &v);

		ck_assert_msg(rc == cases[i].rc, "'%s': rc %d", cases[i].in, rc);
		if (!rc)
			ck_assert_msg(v == cases[i].want, "'%s': got %lld", cases[i].in,
				      (long long)v);
	}
}
END_TEST

START_TEST(test_parse_ints)
{
	int64_t v;
	int i;
	uint64_t u;
	double d;

	ck_assert_int_eq(parse_i64("-17", -100, 100, &v), 0);
	ck_assert_int_eq(v, -17);
	ck_assert_int_eq(parse_i64("101", -100, 100, &v), -1);
	ck_assert_int_eq(parse_i64("1 ", -100, 100, &v), -1);
	ck_assert_int_eq(parse_int("7", 0, 10, &i), 0);
	ck_assert_int_eq(i, 7);
	ck_assert_int_eq(parse_u64("-1", 0, 10, &u), -1);
	ck_assert_int_eq(parse_double("2.5", &d), 0);
	ck_assert_double_eq(d, 2.5);
	ck_assert_int_eq(parse_double("nan", &d), -1);
	ck_assert_int_eq(parse_double("1x", &d), -1);
	ck_assert_int_eq(parse_duration("1.5ms", &v), 0);
	ck_assert_int_eq(v, 1500000);
	ck_assert_int_eq(parse_duration("20us", &v), 0);
	ck_assert_int_eq(v, 20000);
	ck_assert_int_eq(parse_duration("3s", &v), 0);
	ck_assert_int_eq(v, 3000000000LL);
	ck_assert_int_eq(parse_duration("100ns", &v), 0);
	ck_assert_int_eq(v, 100);
	ck_assert_int_eq(parse_duration("100", &v), 0);
	ck_assert_int_eq(v, 100);
	ck_assert_int_eq(parse_duration("x", &v), -1);
}
END_TEST

START_TEST(test_sbuf)
{
	struct sbuf sb = SBUF_INIT;
	char *p;

	ck_assert_str_eq(sb.buf, "");
	sbuf_addstr(&sb, "ab");
	sbuf_addch(&sb, 'c');
	sbuf_addf(&sb, "%d-%s", 12, "x");
	ck_assert_str_eq(sb.buf, "abc12-x");
	ck_assert_uint_eq(sb.len, 7);
	sbuf_reset(&sb);
	ck_assert_str_eq(sb.buf, "");
	sbuf_add(&sb, "hello", 5);
	p = sbuf_detach(&sb);
	ck_assert_str_eq(p, "hello");
	ck_assert_str_eq(sb.buf, "");
	free(p);
	sbuf_release(&sb);
}
END_TEST

START_TEST(test_sha256)
{
	static const struct {
		const char *in;
		const char *hex;
	} cases[] = {
		{ "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
		{ "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
		{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
		  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
	};
	unsigned char dig[32];
	char hex[65];
	struct sha256 c;
	size_t i, j;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sha256_init(&c);
		/* Feed byte by byte to exercise the buffering. */
		for (j = 0; cases[i].in[j]; j++)
			sha256_update(&c, cases[i].in + j, 1);
		sha256_final(&c, dig);
		sha256_hex(dig, hex);
		ck_assert_str_eq(hex, cases[i].hex);
	}
}
END_TEST

/* The SHA-NI path (where the CPU has it) and the portable one agree. */
START_TEST(test_sha256_paths)
{
	static unsigned char data[100000];
	unsigned char d1[32], d2[32];
	struct sha256 c;
	size_t i, lens[] = { 0, 1, 55, 56, 63, 64, 65, 127, 128, 1000, 100000 };
	uint32_t x = 12345;

	for (i = 0; i < sizeof(data); i++) {
		x = x * 1103515245u + 12345u;
		data[i] = (unsigned char)(x >> 16);
	}
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		unsetenv("LITSI_NO_SHANI");
		sha256_init(&c);
		sha256_update(&c, data, lens[i]);
		sha256_final(&c, d1);
		sha256_reference(data, lens[i], d2);
		ck_assert_msg(!memcmp(d1, d2, 32), "length %zu differs", lens[i]);
	}
}
END_TEST

START_TEST(test_strings)
{
	ck_assert(str_has_prefix("ProfilerStep#3", "ProfilerStep"));
	ck_assert(!str_has_prefix("Prof", "ProfilerStep"));
	ck_assert(str_icontains("void rcclGenericKernel<1>", "RCCL"));
	ck_assert(!str_icontains("gemm", "nccl"));
}
END_TEST

static void
esc_case(void (*fn)(struct sbuf *, const char *, size_t), const char *in, size_t n,
	 const char *want)
{
	struct sbuf sb = SBUF_INIT;

	fn(&sb, in, n);
	ck_assert_str_eq(sb.buf, want);
	sbuf_release(&sb);
}

START_TEST(test_saturating)
{
	ck_assert_int_eq(sat_add64(INT64_MAX - 1, 5), INT64_MAX);
	ck_assert_int_eq(sat_add64(INT64_MIN + 1, -5), INT64_MIN);
	ck_assert_int_eq(sat_sub64(INT64_MAX, -1), INT64_MAX);
	ck_assert_int_eq(sat_sub64(INT64_MIN, 1), INT64_MIN);
	ck_assert_int_eq(sat_sub64(-3, 4), -7);
	ck_assert_int_eq(sat_add64(3, -4), -1);
}
END_TEST

START_TEST(test_text_escapes)
{
	static const char hostile[] = "a\x1b]0;t\x07\x1b[31m\xc0\x80\"\\\n\xff\xc2\x9b\xc3\xa9\xe2\x82";

	esc_case(sbuf_add_visible, hostile, sizeof(hostile) - 1,
		 "a\\e]0;t\\a\\e[31m\\0\"\\\\n\\xFF\\x9B\xc3\xa9\\xE2\\x82");
	esc_case(sbuf_add_json, hostile, sizeof(hostile) - 1,
		 "a\\u001b]0;t\\u0007\\u001b[31m\\u0000\\\"\\\\\\n\\ufffd\\u009b\xc3\xa9"
		 "\\ufffd\\ufffd");
	esc_case(sbuf_add_xml, "<a & 'b'>\x01", 10, "&lt;a &amp; &apos;b&apos;&gt;\\x01");
	/* overlong, surrogate and beyond U+10FFFF are invalid too */
	esc_case(sbuf_add_json, "\xc1\x81\xed\xa0\x80\xf4\x90\x80\x80", 9,
		 "\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd");
}
END_TEST

/*
 * The one XML escaper (JUnit, the HTML page, SVG): the five entities;
 * every control character, tab and newline included, shown as text (an
 * attribute keeps one line); a modified-UTF-8 NUL as \0; each byte of
 * invalid UTF-8 (stray, truncated, overlong, surrogate) as \xHH; valid
 * UTF-8 passes unchanged.
 */
START_TEST(test_xml_escape)
{
	static const char ctl[] = "a\tb\nc\rd\x1b[0m\x7f\xc2\x85\xc0\x80" "e";
	static const char bad[] = "\xff|\xc1\x81|\xed\xa0\x80|\xc3\xa9\xf0\x9f\x94\xa5|\xe2\x82";

	esc_case(sbuf_add_xml, "&<>\"'", 5, "&amp;&lt;&gt;&quot;&apos;");
	esc_case(sbuf_add_xml, "&amp;", 5, "&amp;amp;");
	esc_case(sbuf_add_xml, ctl, sizeof(ctl) - 1, "a\\tb\\nc\\rd\\e[0m\\x7F\\x85\\0e");
	esc_case(sbuf_add_xml, bad, sizeof(bad) - 1,
		 "\\xFF|\\xC1\\x81|\\xED\\xA0\\x80|\xc3\xa9\xf0\x9f\x94\xa5|\\xE2\\x82");
}
END_TEST

/* out_printf(): the format is copied, every %s/%c argument made visible, numbers as printf. */
START_TEST(test_out_printf)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	const char *volatile none = NULL;	/* %s of NULL, as glibc prints it */

	ck_assert_ptr_nonnull(f);
	out_printf(f, "node %s: %-6s|%5s|%.3s|%c%c %d %05.1f %lld %zu %x %%\n", "n\x1b]0;X\x07\r",
		   "ab", "\n", "abcdef", 'q', '\x1b', -7, 2.25, (long long)INT64_MIN,
		   (size_t)42, 255u);
	out_printf(f, "%*s|%-*s|%.*s|%s", 4, "x", 3, "y", 2, "\x01\x02\x03", none);
	fclose(f);
	ck_assert_str_eq(buf, "node n\\e]0;X\\a\\r: ab    |   \\n|abc|q\\e -7 002.2 "
			      "-9223372036854775808 42 ff %\n   x|y  |\\x01\\x02|(null)");
	free(buf);
}
END_TEST

/* The closest name within the edit budget, none when far or tied. */
/* A boot-time clock is never printed as a 1970 date. */
START_TEST(test_time_text)
{
	char buf[48];

	time_text(1767225600LL * 1000000000LL, false, buf, sizeof(buf));
	ck_assert_str_eq(buf, "2026-01-01T00:00:00Z");
	time_text(1550151853000000LL, false, buf, sizeof(buf));
	ck_assert_str_eq(buf, "1550151.853 s since boot");
	time_text(1550151853000000LL, true, buf, sizeof(buf));
	ck_assert_str_eq(buf, "boot+1550151.853s");
}
END_TEST

START_TEST(test_suggest)
{
	static const char *const cmds[] = { "ingest", "lead", "overlap", "report", "thermal" };
	static const char *const opts[] = { "node", "node-from", "nodes", "format", NULL };

	ck_assert_str_eq(suggest_name("leads", cmds, 5), "lead");
	ck_assert_str_eq(suggest_name("reprot", cmds, 5), "report");
	ck_assert_str_eq(suggest_name("overlpa", cmds, 5), "overlap");
	ck_assert_str_eq(suggest_name("therm", cmds, 5), "thermal");
	ck_assert_ptr_null(suggest_name("zzzz", cmds, 5));
	ck_assert_ptr_null(suggest_name("lead", cmds, 5));
	ck_assert_str_eq(suggest_name("fromat", opts, 5), "format");
	/* "nod" is one edit from node and nodes, a prefix of node-from: node has fewest edits */
	ck_assert_str_eq(suggest_name("nod", opts, 5), "node");
	/* node and nodes are each one edit from "noder": a tie gives none */
	ck_assert_ptr_null(suggest_name("noder", opts, 5));
}
END_TEST

Suite *
util_suite(void)
{
	Suite *s = suite_create("util");
	TCase *tc = tcase_create("util");

	tcase_add_test(tc, test_decimal_scaled);
	tcase_add_test(tc, test_parse_ints);
	tcase_add_test(tc, test_sbuf);
	tcase_add_test(tc, test_sha256);
	tcase_add_test(tc, test_sha256_paths);
	tcase_add_test(tc, test_strings);
	tcase_add_test(tc, test_text_escapes);
	tcase_add_test(tc, test_xml_escape);
	tcase_add_test(tc, test_out_printf);
	tcase_add_test(tc, test_saturating);
	tcase_add_test(tc, test_suggest);
	tcase_add_test(tc, test_time_text);
	suite_add_tcase(s, tc);
	return s;
}
