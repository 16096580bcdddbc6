/* SPDX-License-Identifier: MIT */
/*
 * parts.c: the product table of GPU power limits and the rule that picks the
 * limits of a node (telemetry first, then the table). Pure.
 *
 * Sources of the table: the vendors' data sheets (AMD Instinct MI355X/MI350X,
 * MI325X, MI300X, MI300A, MI250X/MI250, MI210, MI100 "total board power";
 * NVIDIA B200, H200, H100, A100, V100 "max thermal design power") and, for
 * the min limits, what `nvidia-smi -q -d POWER` reports as "Min Power Limit"
 * on those parts. AMD parts report their min limit through amd-smi only; the
 * table leaves it 0 (not documented), so telemetry must supply it.
 */
#include "litsi/parts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const struct part table[] = {
	{ "MI355X", "AMD Instinct MI355X", 1400, 0, 1400 },
	{ "MI350X", "AMD Instinct MI350X", 1000, 0, 1000 },
	{ "MI325X", "AMD Instinct MI325X", 1000, 0, 1000 },
	{ "MI300X", "AMD Instinct MI300X", 750, 0, 700 },
	{ "MI300A", "AMD Instinct MI300A", 550, 0, 550 },
	{ "MI250X", "AMD Instinct MI250X", 560, 0, 560 },
	{ "MI250", "AMD Instinct MI250", 560, 0, 560 },
	{ "MI210", "AMD Instinct MI210", 300, 0, 300 },
	{ "MI100", "AMD Instinct MI100", 300, 0, 300 },
	{ "B200", "NVIDIA B200", 1000, 200, 1000 },
	{ "H200 NVL", "NVIDIA H200 NVL", 600, 200, 600 },
	{ "H200", "NVIDIA H200 SXM", 700, 200, 700 },
	{ "H100 PCIe", "NVIDIA H100 PCIe", 350, 200, 350 },
	{ "H100 NVL", "NVIDIA H100 NVL", 400, 200, 400 },
	{ "H100", "NVIDIA H100 SXM", 700, 200, 700 },
	{ "A100-PCIE-40GB", "NVIDIA A100 PCIe 40GB", 250, 150, 250 },
	{ "A100-PCIE", "NVIDIA A100 PCIe 80GB", 300, 150, 300 },
	{ "A100 80GB PCIe", "NVIDIA A100 PCIe 80GB", 300, 150, 300 },
	{ "A100", "NVIDIA A100 SXM4", 400, 100, 400 },
	{ "V100-PCIE", "NVIDIA V100 PCIe", 250, 100, 250 },
	{ "V100", "NVIDIA V100 SXM2", 300, 150, 300 },
};

const struct part *
parts_find(const char *product)
{
	size_t i, n = sizeof(table) / sizeof(table[0]);

	if (!product)
		return NULL;
	for (i = 0; i < n; i++)
		if (strcasestr(product, table[i].match))
			return &table[i];
	return NULL;
}

static int
cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int
parts_resolve(const char *product, const struct part_power *tel, size_t G, int tdp_opt,
	      int cap_opt, struct part_limits *out)
{
	double mx = INFINITY, mn = 0, *caps = malloc((G ? G : 1) * sizeof(double));
	size_t g, nc = 0;

	memset(out, 0, sizeof(*out));
	out->part = parts_find(product);
	for (g = 0; tel && g < G; g++) {
		double m = tel[g].max > 0 ? tel[g].max : 0;

		if (m > 0 && m < mx)
			mx = m;
		if (tel[g].min > mn)
			mn = tel[g].min;
		if (tel[g].cap > 0)
			caps[nc++] = tel[g].cap;
	}
	if (tdp_opt > 0) {
		out->tdp = tdp_opt;
		out->tdp_from = "option";
	} else if (isfinite(mx)) {
		out->tdp = (int)floor(mx);
		out->tdp_from = "telemetry";
	} else if (out->part) {
		out->tdp = out->part->max_w;
		out->tdp_from = "table";
	}
	if (cap_opt > 0) {
		out->cap0 = cap_opt;
		out->cap0_from = "option";
	} else if (nc) {
		qsort(caps, nc, sizeof(*caps), cmp_dbl);
		out->cap0 = (int)lround(nc % 2 ? caps[nc / 2] : (caps[nc / 2 - 1] + caps[nc / 2]) / 2);
		out->cap0_from = "telemetry";
	} else if (out->part) {
		out->cap0 = out->part->cap0_w;
		out->cap0_from = "table";
	}
	if (out->cap0_from && !strcmp(out->cap0_from, "table") && out->tdp > out->cap0) {
		double hi = 0;

		for (g = 0; tel && g < G; g++)
			hi = tel[g].drawn > hi ? tel[g].drawn : hi;
		if (hi > out->cap0 * (1 + PARTS_DRAWN_OVER)) {
			out->cap0 = out->tdp;
			out->cap0_from = "power readings";
		}
	}
	if (mn > 0) {
		out->min = (int)ceil(mn);
		out->min_from = "telemetry";
	} else if (out->part && out->part->min_w > 0) {
		out->min = out->part->min_w;
		out->min_from = "table";
	}
	free(caps);
	/* a cap in force above the max limit (or none known): the max limit */
	if (out->tdp > 0 && out->cap0 > out->tdp && out->cap0_from &&
	    strcmp(out->cap0_from, "option"))
		out->cap0 = out->tdp;
	return out->tdp > 0 && out->cap0 > 0 ? 0 : -1;
}

int
parts_clamp(const struct part_limits *l, int w)
{
	if (l->tdp > 0 && w > l->tdp)
		w = l->tdp;
	return w < l->min ? l->min : w;
}
