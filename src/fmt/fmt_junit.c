/* SPDX-License-Identifier: MIT */
/*
 * fmt_junit.c: JUnit XML (check --format junit): a testsuites document of
 * testsuites, each with properties and testcases. Every text a caller
 * gives (names, messages, bodies) passes through the one XML escaper,
 * sbuf_add_xml() (src/util/textesc.c).
 */
#include "litsi/fmt.h"
#include "litsi/util.h"

#include <string.h>

/* @s escaped for an XML attribute value or text. */
static void
xml_put(FILE *out, const char *s)
{
	struct sbuf sb = SBUF_INIT;

	sbuf_add_xml(&sb, s ? s : "", s ? strlen(s) : 0);
	if (sb.len)
		fwrite(sb.buf, 1, sb.len, out);
	sbuf_release(&sb);
}

/* ' name="value"' with @value escaped. */
static void
xml_attr(FILE *out, const char *name, const char *value)
{
	fprintf(out, " %s=\"", name);
	xml_put(out, value);
	fputc('"', out);
}

static void
counts(FILE *out, size_t tests, size_t failures, size_t skipped)
{
	fprintf(out, " tests=\"%zu\" failures=\"%zu\" skipped=\"%zu\">\n", tests, failures,
		skipped);
}

void
fmt_junit_open(FILE *out, const char *name, size_t tests, size_t failures, size_t skipped)
{
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites", out);
	xml_attr(out, "name", name);
	counts(out, tests, failures, skipped);
}

void
fmt_junit_suite(FILE *out, const char *name, size_t tests, size_t failures, size_t skipped,
		const char *const *props, size_t nprops)
{
	size_t i;

	fputs("  <testsuite", out);
	xml_attr(out, "name", name);
	counts(out, tests, failures, skipped);
	fputs("    <properties>", out);
	for (i = 0; i < nprops; i++) {
		fputs("<property", out);
		xml_attr(out, "name", props[2 * i]);
		xml_attr(out, "value", props[2 * i + 1]);
		fputs("/>", out);
	}
	fputs("</properties>\n", out);
}

void
fmt_junit_case(FILE *out, const char *classname, const char *name, enum fmt_junit_state st,
	       const char *message, const char *body)
{
	fputs("    <testcase", out);
	xml_attr(out, "classname", classname);
	xml_attr(out, "name", name);
	if (st == FMT_JUNIT_PASS) {
		fputs("/>\n", out);
		return;
	}
	fputs(">\n      <", out);
	fputs(st == FMT_JUNIT_SKIPPED ? "skipped" : "failure", out);
	xml_attr(out, "message", message);
	if (body) {
		fputc('>', out);
		xml_put(out, body);
		fprintf(out, "</%s>\n", st == FMT_JUNIT_SKIPPED ? "skipped" : "failure");
	} else {
		fputs("/>\n", out);
	}
	fputs("    </testcase>\n", out);
}

void
fmt_junit_suite_end(FILE *out)
{
	fputs("  </testsuite>\n", out);
}

void
fmt_junit_close(FILE *out)
{
	fputs("</testsuites>\n", out);
}
