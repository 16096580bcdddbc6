/* SPDX-License-Identifier: MIT */
/*
 * rocpd.c: the rocpd SQLite database of rocprofv3 (<pid>_results.db). The
 * file is read by the store layer (the only one that speaks SQL) through a
 * second, read-only connection; this parser only recognises it.
 */
#include "litsi/store.h"
#include "litsi/litsi.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static int
probe(const char *head, size_t len, const char *name)
{
	return len >= 16 && !memcmp(head, "SQLite format 3", 16) ? 95 : 0;
}

static int
parse(struct input *in, const struct parse_opts *o, struct sink *s, struct err *err)
{
	const char *path = input_path(in);
	struct stat st;

	if (!path || stat(path, &st) || !S_ISREG(st.st_mode))
		return err_set(err, LITSI_EDATA,
			       "%s: byte 0: a rocpd database must be a plain file "
			       "(not compressed or inside an archive)", input_name(in));
	{
		/* The decompressed head looked like SQLite: the file itself must too. */
		char magic[16] = { 0 };
		FILE *f = fopen(path, "rb");
		size_t got = f ? fread(magic, 1, sizeof(magic), f) : 0;

		if (f)
			fclose(f);
		if (got != sizeof(magic) || memcmp(magic, "SQLite format 3", 16))
			return err_set(err, LITSI_EDATA,
				       "%s: byte 0: expected an uncompressed SQLite file "
				       "(decompress the rocpd database first)", input_name(in));
	}
	return store_read_rocpd(path, o, s, err);
}

const struct parser parser_rocpd = { "rocpd", probe, parse };
