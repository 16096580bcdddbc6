/* SPDX-License-Identifier: MIT */
/* caps_scen.c: the table of power-cap scenarios (METHOD §7), their names and alignments. */
#include "litsi/caps.h"

#include <string.h>

const struct caps_scenario_info caps_scenarios[CAPS_NSCEN] = {
	[CAPS_GPU_RED] = { "gpu-red", MODEL_MAX, "max", "slowest" },
	[CAPS_GPU_REALLOC] = { "gpu-realloc", MODEL_MED, "med", "median" },
	[CAPS_CPU_SLOSH] = { "cpu-slosh", MODEL_MIN, "min", "fastest" },
};

int
caps_scenario_parse(const char *name, enum caps_scenario *out)
{
	int s;

	for (s = 0; s < CAPS_NSCEN; s++)
		if (!strcmp(caps_scenarios[s].name, name)) {
			*out = (enum caps_scenario)s;
			return 0;
		}
	return -1;
}
