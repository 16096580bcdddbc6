/* SPDX-License-Identifier: MIT */
/*
 * collectives.c: comm kernels matched across the GPUs of each sample (by
 * process group and occurrence): the skew of each instance, the GPU that
 * arrived last, and per GPU the time it waited for the last one (METHOD §3).
 */
#include "litsi/results.h"
#include "litsi/litsi.h"
#include "litsi/store.h"
#include "litsi/util.h"

#include <stdlib.h>
#include <string.h>

/* The group key of a comm kernel; unlinked ones are grouped by kernel name (litsi-lead(1)). */
static uint32_t
intern_group(struct res_collectives *c, struct store *st, const struct coll_row *r)
{
	struct sbuf sb = SBUF_INIT;
	size_t i;

	if (r->pg_name)
		sbuf_addf(&sb, "pg %s", r->pg_name);
	else
		sbuf_addf(&sb, "kernel %s", store_name(st, r->name_id));
	for (i = 0; i < c->nr_groups; i++)
		if (!strcmp(c->groups[i], sb.buf))
			break;
	if (i == c->nr_groups) {
		VEC_GROW(c->groups, c->nr_groups + 1, c->groups_alloc);
		c->types = xrealloc(c->types, c->groups_alloc * sizeof(*c->types));
		c->groups[i] = sbuf_detach(&sb);
		c->types[i] = NULL;
		c->nr_groups++;
	}
	sbuf_release(&sb);
	return (uint32_t)i;
}

/* Per instance: skews and the last arrival; per GPU: waits and comm time. */
void
res_collectives_add(struct res_collectives *c, const struct res_node *nd, int64_t step,
		    const struct coll_match *m)
{
	size_t k, g;

	for (k = 0; k < m->K; k++) {
		int64_t smin = INT64_MAX, smax = INT64_MIN, emin = INT64_MAX, emax = INT64_MIN;
		size_t last = 0;

		for (g = 0; g < m->G; g++) {
			int64_t s = m->start[g * m->K + k], e = m->end[g * m->K + k];

			if (s > smax) {
				smax = s;
				last = g;
			}
			smin = s < smin ? s : smin;
			emin = e < emin ? e : emin;
			emax = e > emax ? e : emax;
		}
		for (g = 0; g < m->G; g++) {
			c->wait[g] += smax - m->start[g * m->K + k];
			c->comm_ns[g] += m->end[g * m->K + k] - m->start[g * m->K + k];
			c->ninst[g]++;
		}
		c->arrived_last[last]++;
		VEC_GROW(c->inst, c->nr_inst + 1, c->inst_alloc);
		c->inst[c->nr_inst++] = (struct res_coll_inst){
			.step = step, .occ = m->occ[k], .start_skew = smax - smin,
			.end_skew = emax - emin, .last_device = nd->gpus[last].device,
			.group = m->group[k] };
	}
}

static int
add_sample(struct res_collectives *c, const struct res_node *nd, int64_t step, struct err *err)
{
	struct coll_row **rows = xcalloc(nd->G + 1, sizeof(*rows));
	struct coll_inst **inst = xcalloc(nd->G + 1, sizeof(*inst));
	size_t *n = xcalloc(nd->G + 1, sizeof(*n)), g, i;
	struct coll_match m = { 0 };
	int rc = 0;

	for (g = 0; g < nd->G && !rc; g++) {
		rc = store_load_collectives(nd->st, nd->gpus[g].id, step, false, &rows[g], &n[g],
					    err);
		inst[g] = xmalloc((n[g] + 1) * sizeof(**inst));
		for (i = 0; !rc && i < n[g]; i++) {
			uint32_t grp = intern_group(c, nd->st, &rows[g][i]);

			inst[g][i] = (struct coll_inst){ rows[g][i].start_ns, rows[g][i].end_ns, grp };
			if (!c->types[grp] && rows[g][i].coll_name)
				c->types[grp] = xstrdup(rows[g][i].coll_name);
		}
	}
	if (!rc) {
		lead_match_collectives(nd->G, (const struct coll_inst *const *)inst, n, &m);
		res_collectives_add(c, nd, step, &m);
	}
	coll_match_release(&m);
	for (g = 0; g < nd->G; g++) {
		store_free_collectives(rows[g], n[g]);
		free(inst[g]);
	}
	free(rows);
	free(inst);
	free(n);
	return rc;
}

void
res_collectives_init(struct res_collectives *c, size_t G)
{
	memset(c, 0, sizeof(*c));
	c->G = G;
	c->wait = xcalloc(G + 1, sizeof(*c->wait));
	c->comm_ns = xcalloc(G + 1, sizeof(*c->comm_ns));
	c->arrived_last = xcalloc(G + 1, sizeof(*c->arrived_last));
	c->ninst = xcalloc(G + 1, sizeof(*c->ninst));
}

int
res_collectives_eval(const struct res_node *nd, struct res_collectives *c, struct err *err)
{
	size_t s;
	int rc = 0;

	res_collectives_init(c, nd->G);
	for (s = 0; s < nd->nsteps && !rc; s++)
		rc = add_sample(c, nd, nd->steps[s], err);
	return rc;
}

void
res_collectives_release(struct res_collectives *c)
{
	size_t i;

	for (i = 0; i < c->nr_groups; i++) {
		free(c->groups[i]);
		free(c->types[i]);
	}
	free(c->groups);
	free(c->types);
	free(c->inst);
	free(c->wait);
	free(c->comm_ns);
	free(c->arrived_last);
	free(c->ninst);
	memset(c, 0, sizeof(*c));
}
