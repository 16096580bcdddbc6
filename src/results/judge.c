/* SPDX-License-Identifier: MIT */
/*
 * judge.c: the one judgement of one (node, run). check, report, fleet and
 * compare read a node through here and nothing else composes a verdict, so
 * the same database gives the same verdict and exit code in every command.
 */
#include "litsi/results.h"
#include "litsi/store.h"
#include "litsi/litsi.h"
#include "litsi/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
res_node_runs(struct store *st, const struct node_row *node, const char *run, char ***runs,
	      size_t *n, struct err *err)
{
	char **v = NULL, *latest = NULL;
	size_t nv = 0, i;
	bool has = false;

	*runs = NULL;
	*n = 0;
	if (run && !strcmp(run, RES_RUN_ALL)) {
		size_t k = 0;

		if (store_runs(st, node->id, &v, &nv, err))
			return err->status;
		/* a calibration run (ingest --role) holds no traces to judge */
		for (i = 0; i < nv; i++) {
			char *role = NULL;
			bool found = false;

			if (*v[i] && results_run_role(st, node->id, v[i], &found, &role, err)) {
				res_node_runs_free(v, nv);
				return err->status;
			}
			if (role) {
				free(role);
				free(v[i]);
				continue;
			}
			v[k++] = v[i];
		}
		nv = k;
		if (!nv) {
			free(v);
			v = xcalloc(1, sizeof(*v));
			nv = 1;
		}
		*runs = v;
		*n = nv;
		return 0;
	}
	if (run) {
		if (store_has_run(st, node->id, run, &has, err))
			return err->status;
		if (!has)
			return err_set(err, LITSI_EUSAGE,
				       "node '%s' has no run '%s' (ingest --run names runs)",
				       node->name, run);
		latest = xstrdup(run);
	} else if (store_latest_run(st, node->id, &latest, err)) {
		return err->status;
	}
	*runs = xcalloc(1, sizeof(**runs));
	(*runs)[0] = latest;
	*n = 1;
	for (i = 0; i < nv; i++)
		free(v[i]);
	free(v);
	return 0;
}

void
res_node_runs_free(char **runs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(runs[i]);
	free(runs);
}

int
res_judge(struct store *st, const struct node_row *node, const char *run,
	  const struct res_opts *o, const struct check_params *p, unsigned flags,
	  struct res_judgement *out, struct res_model *keep, struct err *err)
{
	struct res_opts ro = *o;
	struct check_params cp;
	struct res_model local, *n = keep ? keep : &local;
	struct sbuf sb = SBUF_INIT;
	int rc;

	memset(out, 0, sizeof(*out));
	out->start_ns = INT64_MIN;
	out->run = run ? xstrdup(run) : NULL;
	if (!run)
		sbuf_addstr(&sb, node->name);
	else if (!*run)
		sbuf_addf(&sb, "%s (run without a name)", node->name);
	else
		sbuf_addf(&sb, "%s (run %s)", node->name, run);
	out->label = sbuf_detach(&sb);
	ro.run = run;
	rc = res_model_load(st, node, &ro, (flags & RES_JUDGE_CAPS) != 0, n, err);
	if (rc == LITSI_EDATA) {
		/* Nothing to judge by: inconclusive, not an error of the command. */
		int64_t end;

		snprintf(out->v.r.reason, sizeof(out->v.r.reason), "%.*s",
			 (int)sizeof(out->v.r.reason) - 1, err->msg);
		err_clear(err);
		out->v.r.verdict = CHECK_INCONCLUSIVE;
		out->v.r.persistent = -1;
		out->v.straggler = out->v.straggler_rank = -1;
		out->strag.most = out->strag.device = out->strag.rank = -1;
		snprintf(out->v.why_no_caps, sizeof(out->v.why_no_caps), "no matched samples");
		if (store_kernel_window(st, node->id, &out->start_ns, &end, err) < 0)
			rc = err->status;
		else
			rc = 0;
		if (!keep)
			res_model_release(n);
		return rc;
	}
	if (rc) {
		if (!keep)
			res_model_release(n);
		return rc;
	}
	out->judged = true;
	if (n->tel.has_window)
		out->start_ns = n->tel.ws;
	/* --persist is one option: the load's straggler and the check rule use o->persist. */
	cp = *p;
	cp.persist = o->persist;
	if (flags & RES_JUDGE_CAPS)
		res_verdict_eval(n, &cp, o->agg, &out->v);
	else
		res_verdict_rules(n, &cp, &out->v);
	out->strag = n->straggler;
	if (!keep)
		res_model_release(n);
	return 0;
}

void
res_judgement_release(struct res_judgement *j)
{
	res_verdict_release(&j->v);
	free(j->label);
	free(j->run);
	memset(j, 0, sizeof(*j));
}

int
res_verdict_exit(const struct res_judgement *v, size_t n, int max_imbalanced,
		 bool allow_inconclusive)
{
	size_t bad = 0, inc = 0, i;

	for (i = 0; i < n; i++) {
		bad += v[i].v.r.verdict == CHECK_IMBALANCED;
		inc += v[i].v.r.verdict == CHECK_INCONCLUSIVE;
	}
	if (bad > (size_t)(max_imbalanced < 0 ? 0 : max_imbalanced))
		return EXIT_CHECK;
	if (inc && !allow_inconclusive)
		return EXIT_INCONCLUSIVE;
	return EXIT_OK;
}
