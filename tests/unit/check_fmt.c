/* SPDX-License-Identifier: MIT */
/* check_fmt.c: the table of writers, the --format names and the JUnit writer. */
#include "unit.h"
#include "litsi/fmt.h"

#include <math.h>
#include <string.h>

static const struct fmt_col cols[] = {
	{ "name", FT_STR, 0 }, { "n", FT_INT, 0 }, { "w", FT_DBL, 2 }, { "ok", FT_BOOL, 0 },
};

/* One document of @kind: a note, a table of two rows with a block break, a second table. */
static char *
render(enum fmt_kind kind)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	struct fmt *f;

	ck_assert_ptr_nonnull(out);
	f = fmt_new(out, kind);
	fmt_note(f, "node", "n%d", 1);
	fmt_begin(f, "gpus", cols, 4);
	fmt_str(f, "a,b\t\"c\"");
	fmt_int(f, -3);
	fmt_dbl(f, 1.125);
	fmt_bool(f, true);
	fmt_end_row(f);
	fmt_break(f);
	fmt_str(f, NULL);
	fmt_int(f, 40);
	fmt_dbl(f, NAN);
	fmt_bool(f, false);
	fmt_end_row(f);
	fmt_end(f);
	fmt_begin(f, "empty", cols, 1);
	fmt_free(f);
	fclose(out);
	return buf;
}

static void
render_case(enum fmt_kind kind, const char *want)
{
	char *got = render(kind);

	ck_assert_str_eq(got, want);
	free(got);
}

START_TEST(test_writers)
{
	render_case(FMT_TABLE, "node: n1\n\ngpus\n"
			       "name      n   w     ok\n"
			       "a,b\\t\"c\"  -3  1.12  yes\n"
			       "\n"
			       "-         40   n/a   no\n"
			       "\nempty\nname\n");
	render_case(FMT_TSV, "# node: n1\n\n\n# gpus\n# name\tn\tw\tok\n"
			     "a,b\\t\"c\"\t-3\t1.125\t1\n\n\n-\t40\t\t0\n"
			     "\n\n# empty\n# name\n");
	render_case(FMT_CSV, "# node: n1\n\nname,n,w,ok\n"
			     "\"a,b\\t\"\"c\"\"\",-3,1.125,1\n-,40,,0\n\nname\n");
	render_case(FMT_JSON, "{\n\"node\":\"n1\",\n\"gpus\":[\n"
			      "{\"name\":\"a,b\\t\\\"c\\\"\",\"n\":-3,\"w\":1.125,\"ok\":true},\n"
			      "{\"name\":null,\"n\":40,\"w\":null,\"ok\":false}\n],\n"
			      "\"empty\":[\n]\n}\n");
}
END_TEST

START_TEST(test_format_names)
{
	enum fmt_kind k;
	char *s;

	ck_assert_int_eq(fmt_parse_name("check", "junit", &k), 0);
	ck_assert_int_eq(k, FMT_JUNIT);
	ck_assert_int_eq(fmt_parse_name("thermal", "junit", &k), -1);
	ck_assert_int_eq(fmt_parse_name("report", "csv", &k), -1);
	ck_assert_int_eq(fmt_parse_name("report", "text", &k), 0);	/* the former name */
	ck_assert_int_eq(k, FMT_TABLE);
	ck_assert_int_eq(fmt_parse_name("ingest", "table", &k), -1);
	s = fmt_names_text("lead", "|", "|");
	ck_assert_str_eq(s, "table|tsv|csv|json");
	free(s);
	s = fmt_names_text("check", ", ", " or ");
	ck_assert_str_eq(s, "table, json or junit");
	free(s);
	s = fmt_names_text("report", ", ", " or ");
	ck_assert_str_eq(s, "table or json");
	free(s);
	ck_assert_ptr_null(fmt_names_text("synth", "|", "|"));
}
END_TEST

/* Every name and message of the JUnit writer goes through the XML escaper. */
START_TEST(test_junit)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	const char *props[] = { "verdict", "imbalanced", "evidence", "a<b & \"c\"" };

	ck_assert_ptr_nonnull(out);
	fmt_junit_open(out, "litsi check", 3, 1, 1);
	fmt_junit_suite(out, "n'1", 3, 1, 1, props, 2);
	fmt_junit_case(out, "litsi.check.n'1", "spread", FMT_JUNIT_PASS, "unused", NULL);
	fmt_junit_case(out, "litsi.check.n'1", "lead", FMT_JUNIT_SKIPPED, "no\ttelemetry", NULL);
	fmt_junit_case(out, "litsi.check.n'1", "temp", FMT_JUNIT_FAILURE, "temp 9.000 >= 5.000",
		       "hot\x1b");
	fmt_junit_suite_end(out);
	fmt_junit_close(out);
	fclose(out);
	ck_assert_str_eq(buf,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<testsuites name=\"litsi check\" tests=\"3\" failures=\"1\" skipped=\"1\">\n"
		"  <testsuite name=\"n&apos;1\" tests=\"3\" failures=\"1\" skipped=\"1\">\n"
		"    <properties><property name=\"verdict\" value=\"imbalanced\"/>"
		"<property name=\"evidence\" value=\"a&lt;b &amp; &quot;c&quot;\"/></properties>\n"
		"    <testcase classname=\"litsi.check.n&apos;1\" name=\"spread\"/>\n"
		"    <testcase classname=\"litsi.check.n&apos;1\" name=\"lead\">\n"
		"      <skipped message=\"no\\ttelemetry\"/>\n    </testcase>\n"
		"    <testcase classname=\"litsi.check.n&apos;1\" name=\"temp\">\n"
		"      <failure message=\"temp 9.000 &gt;= 5.000\">hot\\e</failure>\n"
		"    </testcase>\n"
		"  </testsuite>\n</testsuites>\n");
	free(buf);
}
END_TEST

Suite *
fmt_suite(void)
{
	Suite *s = suite_create("fmt");
	TCase *tc = tcase_create("fmt");

	tcase_add_test(tc, test_writers);
	tcase_add_test(tc, test_format_names);
	tcase_add_test(tc, test_junit);
	suite_add_tcase(s, tc);
	return s;
}
