/* SPDX-License-Identifier: MIT */
/*
 * runs.c: which run of a node an analysis reads (litsi-caps(1), "Runs"): the
 * latest run for the traces, the first for the cap the node ran at; a
 * calibration run (ingest --role calibration) is neither, only its telemetry
 * feeds the power curve.
 */
#include "litsi/results.h"
#include "litsi/litsi.h"
#include "litsi/store.h"
#include "litsi/util.h"

#include <stdlib.h>
#include <string.h>

/* A run whose traces the timing model may read: not a calibration run. */
static bool
timing_run(const struct store_run *r)
{
	return !r->role;
}

int
results_latest_run(struct store *st, int64_t node_id, char **name, struct err *err)
{
	/* the one definition every command reads by: the run whose traces start last */
	return store_latest_run(st, node_id, name, err);
}

int
results_baseline_run(struct store *st, int64_t node_id, char **name, struct err *err)
{
	struct store_run *v;
	size_t n, i;

	*name = NULL;
	if (store_run_list(st, node_id, &v, &n, err))
		return err->status;
	/* the first run ingested: traces or telemetry, never a calibration run */
	for (i = 0; i < n; i++)
		if (timing_run(&v[i])) {
			*name = xstrdup(v[i].name);
			break;
		}
	store_free_run_list(v, n);
	return 0;
}

int
results_run_role(struct store *st, int64_t node_id, const char *run, bool *found, char **role,
		 struct err *err)
{
	struct store_run *v;
	size_t n, i;

	*found = false;
	*role = NULL;
	/* the traces ingested without --run: a run of its own, never a role run */
	if (!*run)
		return store_has_run(st, node_id, run, found, err);
	if (store_run_list(st, node_id, &v, &n, err))
		return err->status;
	for (i = 0; i < n && !*found; i++)
		if (!strcmp(v[i].name, run)) {
			*found = true;
			*role = v[i].role ? xstrdup(v[i].role) : NULL;
		}
	store_free_run_list(v, n);
	return 0;
}
