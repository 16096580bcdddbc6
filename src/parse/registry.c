/* SPDX-License-Identifier: MIT */
/* registry.c: the table of input parsers and content-based format detection. */
#include "litsi/parse.h"
#include "litsi/litsi.h"

#include <string.h>
#include <strings.h>

/* Each parser lives in its own file (one per format family). */
extern const struct parser parser_pytorch;
extern const struct parser parser_rocprof_csv;
extern const struct parser parser_rocprof_json;
extern const struct parser parser_rocprof_stats;
extern const struct parser parser_rocprofv3_csv;
extern const struct parser parser_rocprofv3_json;
extern const struct parser parser_rocpd;
extern const struct parser parser_nsys;
extern const struct parser parser_amdsmi_csv, parser_amdsmi_json;	/* amdsmi.c */
extern const struct parser parser_rocmsmi_csv, parser_rocmsmi_json;	/* rocmsmi.c */
extern const struct parser parser_nvsmi_csv, parser_zeus_csv;		/* nvsmi.c */
extern const struct parser parser_prom_text, parser_prom_json;		/* prom.c */
extern const struct parser parser_dcgmi_dmon;				/* dmon.c */

static const struct parser *const parsers[] = {
	&parser_pytorch,
	&parser_rocprof_csv,
	&parser_rocprof_json,
	&parser_rocprof_stats,
	&parser_rocprofv3_csv,
	&parser_rocprofv3_json,
	&parser_rocpd,
	&parser_nsys,
	&parser_amdsmi_csv,
	&parser_amdsmi_json,
	&parser_rocmsmi_csv,
	&parser_rocmsmi_json,
	&parser_nvsmi_csv,
	&parser_zeus_csv,
	&parser_prom_text,
	&parser_prom_json,
	&parser_dcgmi_dmon,
};

const struct parser *
parse_find(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(parsers); i++)
		if (!strcmp(parsers[i]->name, name))
			return parsers[i];
	return NULL;
}

const struct parser *
parse_best(const char *head, size_t len, const char *name, int *score)
{
	const struct parser *best = NULL;
	int best_score = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(parsers); i++) {
		int sc = parsers[i]->probe(head, len, name);

		if (sc > best_score) {
			best = parsers[i];
			best_score = sc;
		}
	}
	*score = best_score;
	return best;
}

const struct parser *
parse_detect(const char *head, size_t len, const char *name)
{
	int score;

	return parse_best(head, len, name, &score);
}

const char *
parse_names(void)
{
	static char buf[512];
	size_t i, off = 0;

	for (i = 0; i < ARRAY_SIZE(parsers) && off < sizeof(buf); i++)
		off += (size_t)snprintf(buf + off, sizeof(buf) - off, "%s%s", i ? ", " : "",
					parsers[i]->name);
	return buf;
}

static bool
has_ci(const char *s, size_t n, const char *needle)
{
	size_t nl = strlen(needle), i;

	for (i = 0; i + nl <= n; i++)
		if ((s[i] | 0x20) == (needle[0] | 0x20) && !strncasecmp(s + i, needle, nl))
			return true;
	return false;
}

const char *
parse_hint(const char *head, size_t len)
{
	static const struct {
		const char *banner, *hint;
	} known[] = {
		{ "ROCm System Management Interface",
		  "rocm-smi text output, which litsi does not read: record it with "
		  "'rocm-smi --csv' or 'rocm-smi --json'" },
		{ "| NVIDIA-SMI ",
		  "nvidia-smi text output, which litsi does not read: record it with "
		  "'nvidia-smi --query-gpu=... --format=csv'" },
	};
	size_t i, n = len < 4096 ? len : 4096;

	for (i = 0; i < ARRAY_SIZE(known); i++)
		if (has_ci(head, n, known[i].banner))
			return known[i].hint;
	return NULL;
}
