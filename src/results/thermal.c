/* SPDX-License-Identifier: MIT */
/* thermal.c: a node's thermal summary (METHOD §8) from the windowed telemetry. */
#include "litsi/results.h"
#include "litsi/interval.h"
#include "litsi/litsi.h"
#include "litsi/stats.h"
#include "litsi/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Devices of the GPUs with a value in @v, ordered by it. */
static int *
order(const struct res_node *nd, const double *v, bool desc, size_t *n)
{
	size_t *ord = xmalloc((nd->G + 1) * sizeof(*ord)), g;
	int *dev = xmalloc((nd->G + 1) * sizeof(*dev));

	thermal_order(v, nd->G, desc, ord);
	*n = 0;
	for (g = 0; g < nd->G; g++)
		if (!isnan(v[ord[g]]))
			dev[(*n)++] = nd->gpus[ord[g]].device;
	free(ord);
	return dev;
}

static double
spearman(const struct res_node *nd, const double *temp, const double *lead, size_t ns)
{
	double *x = xmalloc((nd->G + 1) * sizeof(*x)), *y = xmalloc((nd->G + 1) * sizeof(*y));
	double rho = NAN;
	size_t g, k = 0;

	for (g = 0; ns && lead && g < nd->G; g++)
		if (isfinite(temp[g]) && isfinite(lead[g])) {
			x[k] = temp[g];
			y[k++] = lead[g];
		}
	if (k >= 2)
		rho = stats_spearman(x, y, k);
	free(x);
	free(y);
	return rho;
}

void
res_thermal_eval(const struct res_node *nd, const struct res_telemetry *tel,
		 const double *mean_lead, size_t lead_samples, struct res_thermal *th)
{
	size_t g;

	memset(th, 0, sizeof(*th));
	/* A ratio needs two GPUs: one GPU has no spread (check_spread). */
	th->temp_spread = check_spread(tel->load_med[RES_HOT], nd->G);
	th->freq_spread = check_spread(tel->load_med[RES_CLK], nd->G);
	th->spearman = spearman(nd, tel->med[RES_HOT], mean_lead, lead_samples);
	th->lead_samples = lead_samples;
	th->hottest = order(nd, tel->med[RES_HOT], true, &th->nhot);
	th->slowest = order(nd, tel->med[RES_CLK], false, &th->nslow);
	th->energy_j = xmalloc((nd->G + 1) * sizeof(*th->energy_j));
	th->energy_s = xmalloc((nd->G + 1) * sizeof(*th->energy_s));
	for (g = 0; g < nd->G; g++) {
		const struct tsample *p = tel->v[RES_POW][g] + tel->first[RES_POW][g];
		size_t n = tel->n[RES_POW][g];

		th->energy_j[g] = n ? stats_energy_j(p, n) : NAN;
		th->energy_s[g] = n ? (double)ival_len(p[0].t_ns, p[n - 1].t_ns) / 1e9 : NAN;
	}
}

void
res_thermal_release(struct res_thermal *th)
{
	free(th->hottest);
	free(th->slowest);
	free(th->energy_j);
	free(th->energy_s);
	memset(th, 0, sizeof(*th));
}
