/* SPDX-License-Identifier: MIT */
/*
 * fleet.c: the rows of the fleet view (litsi fleet, report's fleet table):
 * each node in each run judged as litsi check judges it, loaded by several
 * threads, each on its own read-only connection; src/analysis/fleet.c
 * gathers them across runs.
 */
#include "litsi/results.h"
#include "litsi/fleet.h"
#include "litsi/litsi.h"
#include "litsi/store.h"
#include "litsi/util.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void
res_fleet_release(struct res_fleet *d)
{
	size_t i;

	for (i = 0; i < 2 * d->n; i++)
		free(d->names[i]);
	for (i = 0; i < d->n; i++)
		free((int *)d->rows[i].gpus);
	free(d->names);
	free(d->rows);
	memset(d, 0, sizeof(*d));
}

/* A rule's measured value as check prints it; NaN when the rule was skipped. */
static double
rule_value(const struct check_result *r, enum check_rule_id id)
{
	return r->rule[id].state == CHECK_SKIPPED ? NAN : r->rule[id].value;
}

/* The largest lead per step of the run's GPUs, in ms and percent of its step time. */
static int
row_lead(struct store *st, const struct node_row *node, const char *run,
	 const struct res_model *m, struct fleet_row *row, struct err *err)
{
	size_t lead = res_lead_leader(m->step_lead, m->nd.G), steps;
	double step_ns, mx = lead == SIZE_MAX ? NAN : m->step_lead[lead];

	if (res_step_stats(st, node->id, run, &steps, &step_ns, NULL, err))
		return err->status;
	row->lead_ms = mx / 1e6;
	row->lead_pct = res_lead_pct(mx, step_ns);
	return 0;
}

/*
 * One node (one run) as the library judges it with check's defaults; @run: a
 * run named at ingest (the load sees only its sources), NULL: every source.
 */
static int
load_row(struct store *st, const struct node_row *node, const char *run, struct fleet_row *row,
	 struct err *err)
{
	struct res_opts ro;
	struct check_params cp;
	struct res_judgement j;
	struct res_model m;
	int rc;

	memset(&m, 0, sizeof(m));
	row->start_ns = INT64_MIN;
	row->verdict = FLEET_INCONCLUSIVE;
	row->straggler = -1;
	row->temp_spread = row->freq_spread = row->speedup = NAN;
	row->lead_ms = row->lead_pct = NAN;
	res_opts_default(&ro);
	check_params_default(&cp);
	/* The fleet shows no caps: the verdict without the closed-loop model. */
	rc = res_judge(st, node, run, &ro, &cp, 0, &j, &m, err);
	if (rc) {
		res_judgement_release(&j);
		res_model_release(&m);
		return rc;
	}
	row->start_ns = j.start_ns;
	if (m.nd.G) {
		int *gpus = xcalloc(m.nd.G, sizeof(*gpus));
		size_t g;

		for (g = 0; g < m.nd.G; g++)
			gpus[g] = m.nd.gpus[g].device;
		row->gpus = gpus;	/* freed by res_fleet_release() */
		row->ngpus = m.nd.G;
	}
	if (j.judged) {
		row->verdict = j.v.r.verdict == CHECK_IMBALANCED     ? FLEET_IMBALANCED
			       : j.v.r.verdict == CHECK_INCONCLUSIVE ? FLEET_INCONCLUSIVE
								     : FLEET_BALANCED;
		row->straggler = j.v.straggler;
		row->temp_spread = rule_value(&j.v.r, CHECK_TEMP);
		row->freq_spread = rule_value(&j.v.r, CHECK_FREQ);
		/* S_C(min): the straggler rule's value is the straggler's measured slowdown */
		row->speedup = j.v.r.rule[CHECK_STRAGGLER].state == CHECK_SKIPPED || !m.perf.nC
				       ? NAN
				       : m.perf.S_C[MODEL_MIN];
		rc = row_lead(st, node, run, &m, row, err);
	}
	res_judgement_release(&j);
	res_model_release(&m);
	return rc;
}

/* A row for node @node in run @run (both copied); returns it. */
static struct fleet_row *
add_row(struct res_fleet *d, size_t *alloc, const char *node, size_t node_len, const char *run,
	size_t run_len)
{
	struct fleet_row *row;

	if (d->n == *alloc) {
		*alloc = *alloc ? 2 * *alloc : 16;
		d->rows = xrealloc(d->rows, *alloc * sizeof(*d->rows));
		d->names = xrealloc(d->names, 2 * *alloc * sizeof(*d->names));
	}
	row = &d->rows[d->n];
	memset(row, 0, sizeof(*row));
	d->names[2 * d->n] = xstrndup(node, node_len);
	d->names[2 * d->n + 1] = xstrndup(run, run_len);
	row->node = d->names[2 * d->n];
	row->run = d->names[2 * d->n + 1];
	d->n++;
	return row;
}

/* One row to load: node @node (of the node list) in run @run (NULL: every source). */
struct fleet_task {
	const struct node_row *node;
	char *run;
};

/* The rows loaded by several threads, each with its own connection. */
struct fleet_pool {
	struct store *st;	/* the caller's connection (one thread) */
	const char *db_path;	/* each worker opens its own */
	struct res_fleet *d;
	struct fleet_task *task;
	size_t next;		/* the next task to take */
	size_t failed;		/* the first task (in order) that failed; SIZE_MAX none */
	struct err err;		/* its error */
	int rc;
	pthread_mutex_t mu;
};

/* Load task @i on connection @st; the first failure in task order is kept. */
static void
load_task(struct fleet_pool *p, struct store *st, size_t i)
{
	const struct fleet_task *t = &p->task[i];
	struct err e = { 0 };
	int rc = load_row(st, t->node, t->run, &p->d->rows[i], &e);

	if (!rc)
		return;
	if (t->run)
		err_prefix(&e, "node '%s', run '%s'", t->node->name, t->run);
	else
		err_prefix(&e, "node '%s'", t->node->name);
	pthread_mutex_lock(&p->mu);
	if (i < p->failed) {
		p->failed = i;
		p->err = e;
		p->rc = rc;
	}
	pthread_mutex_unlock(&p->mu);
	err_clear(&e);
}

static void *
fleet_worker(void *arg)
{
	struct fleet_pool *p = arg;
	struct store *st = NULL;
	struct err e = { 0 };
	size_t i;

	if (store_open(p->db_path, STORE_RDONLY, &st, &e)) {
		pthread_mutex_lock(&p->mu);
		if (p->failed == SIZE_MAX) {
			p->failed = 0;
			p->err = e;
			p->rc = e.status;
		}
		p->next = p->d->n;	/* nobody takes more */
		pthread_mutex_unlock(&p->mu);
		return NULL;
	}
	for (;;) {
		pthread_mutex_lock(&p->mu);
		i = p->next < p->d->n && p->failed == SIZE_MAX ? p->next++ : SIZE_MAX;
		pthread_mutex_unlock(&p->mu);
		if (i == SIZE_MAX)
			break;
		load_task(p, st, i);
	}
	store_close(st);
	return NULL;
}

int
res_fleet_load(struct store *st, const char *db_path, unsigned jobs, struct res_fleet *d,
	       struct err *err)
{
	struct fleet_pool p = { .st = st, .db_path = db_path, .d = d, .failed = SIZE_MAX };
	struct node_row *nodes = NULL;
	size_t nn = 0, i, r, alloc = 0, talloc = 0;
	pthread_t *tid;
	unsigned k, nt = 0;
	int rc;

	memset(d, 0, sizeof(*d));
	if ((rc = store_list_nodes(st, &nodes, &nn, err)))
		return rc;
	for (i = 0; i < nn && !rc; i++) {
		const char *name = nodes[i].name;
		char **runs = NULL;
		size_t nr = 0, run_len, off;

		if ((rc = store_runs(st, nodes[i].id, &runs, &nr, err)))
			break;
		if (!nr) {
			fleet_split_name(name, &run_len, &off);
			add_row(d, &alloc, name + off, strlen(name + off), name, run_len);
			VEC_GROW(p.task, d->n, talloc);
			p.task[d->n - 1] = (struct fleet_task){ &nodes[i], NULL };
		}
		for (r = 0; r < nr; r++) {
			add_row(d, &alloc, name, strlen(name), runs[r], strlen(runs[r]));
			VEC_GROW(p.task, d->n, talloc);
			p.task[d->n - 1] = (struct fleet_task){ &nodes[i], runs[r] };
		}
		free(runs);
	}
	if (!rc && jobs > 1 && d->n > 1) {
		if (jobs > d->n)
			jobs = (unsigned)d->n;
		pthread_mutex_init(&p.mu, NULL);
		tid = xcalloc(jobs, sizeof(*tid));
		for (k = 0; k < jobs; k++)
			if (!pthread_create(&tid[nt], NULL, fleet_worker, &p))
				nt++;
		/* without threads, the rows load here */
		for (i = 0; !nt && i < d->n && p.failed == SIZE_MAX; i++)
			load_task(&p, st, i);
		for (k = 0; k < nt; k++)
			pthread_join(tid[k], NULL);
		free(tid);
		pthread_mutex_destroy(&p.mu);
	} else if (!rc) {
		pthread_mutex_init(&p.mu, NULL);
		for (i = 0; i < d->n && p.failed == SIZE_MAX; i++)
			load_task(&p, st, i);
		pthread_mutex_destroy(&p.mu);
	}
	if (!rc && p.failed != SIZE_MAX) {
		*err = p.err;
		rc = p.rc;
	}
	for (i = 0; i < d->n; i++)
		free(p.task ? p.task[i].run : NULL);
	free(p.task);
	store_free_nodes(nodes, nn);
	if (!rc)
		fleet_sort_rows(d->rows, d->n);
	return rc;
}

/* The default of -j: the online CPUs, at most FLEET_MAX_DEFAULT_JOBS. */
#define FLEET_MAX_DEFAULT_JOBS 4

unsigned
res_fleet_default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > FLEET_MAX_DEFAULT_JOBS ? FLEET_MAX_DEFAULT_JOBS : (unsigned)n;
}

