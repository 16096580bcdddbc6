/* SPDX-License-Identifier: MIT */
/*
 * nsys.c: Nsight Systems SQLite exports (nsys export --type sqlite). The
 * file is read by the store layer (the only one that speaks SQL) through a
 * read-only, immutable connection, handed in as parse_opts.read_nsys; this
 * parser recognises the file and checks that it is a plain one.
 */
#include "litsi/parse.h"
#include "litsi/litsi.h"

#include <string.h>
#include <sys/stat.h>

/* An SQLite file whose schema page names tables of an nsys export. */
static int
probe(const char *head, size_t len, const char *name)
{
	static const char *const marks[] = { "CUPTI_ACTIVITY_KIND_", "TARGET_INFO_GPU",
					     "NVTX_EVENTS", "StringIds" };
	size_t i;

	(void)name;
	if (len < 16 || memcmp(head, "SQLite format 3", 16))
		return 0;
	for (i = 0; i < ARRAY_SIZE(marks); i++)
		if (memmem(head, len, marks[i], strlen(marks[i])))
			return 96;	/* above rocpd, which takes any SQLite file */
	return 0;
}

static int
parse(struct input *in, const struct parse_opts *o, struct sink *s, struct err *err)
{
	const char *path = input_path(in);
	struct stat st;

	if (!path || stat(path, &st) || !S_ISREG(st.st_mode))
		return err_set(err, LITSI_EDATA,
			       "%s: byte 0: an Nsight Systems export must be a plain file "
			       "(not compressed or inside an archive)", input_name(in));
	if (!o->read_nsys)
		return err_set(err, LITSI_EDATA, "%s: no reader for Nsight Systems exports here",
			       input_name(in));
	return o->read_nsys(path, o, s, err);
}

const struct parser parser_nsys = { "nsys-sqlite", probe, parse };
