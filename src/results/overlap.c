/* SPDX-License-Identifier: MIT */
/*
 * overlap.c: the overlap of one GPU's sample kernels with its comm union
 * (METHOD §1), one computation for `overlap` and the caps model's
 * overlap_pct, and the whole-trace figures of the peers (HTA, TraceLens).
 */
#include "litsi/results.h"
#include "litsi/store.h"
#include "litsi/util.h"

#include <math.h>
#include <stdlib.h>

void
res_overlap_gpu(const struct kspan *k, size_t n, struct res_overlap_gpu *out)
{
	bool none;

	out->u = xmalloc((n + 1) * sizeof(*out->u));
	out->ov = xmalloc((n + 1) * sizeof(*out->ov));
	out->ratio = xmalloc((n + 1) * sizeof(*out->ratio));
	out->nu = overlap_comm_union(k, n, out->u);
	overlap_kernels(k, n, out->u, out->nu, out->ov, out->ratio);
	overlap_summarize(k, n, out->ov, out->ratio, out->u, out->nu, &out->s);
	/* Without comm kernels nothing can overlap: 0, never NaN. */
	none = !out->s.n_comm;
	out->overlap_pct = none || isnan(out->s.weighted_ratio) ? 0 : out->s.weighted_ratio;
	out->kernel_mean_pct = none || isnan(out->s.mean_ratio) ? 0 : out->s.mean_ratio;
}

void
res_overlap_gpu_release(struct res_overlap_gpu *o)
{
	free(o->u);
	free(o->ov);
	free(o->ratio);
}

static const char *
kname(void *st, uint32_t name_id)
{
	return store_name(st, name_id);
}

int
res_peer_load(struct res_node *nd, size_t g, struct res_peer *out, struct err *err)
{
	struct kspan *k = NULL;
	struct hta_trace ht;
	int64_t base = 0;
	size_t n = 0;

	if (store_load_kernels(nd->st, nd->gpus[g].id, 0, true, &k, &n, err))
		return err->status;
	res_reclassify(nd, k, n);
	if (store_gpu_time_base(nd->st, nd->gpus[g].id, &base, err) ||
	    store_profiler_steps(nd->st, nd->gpus[g].id, &ht.profiler_steps, &ht.last_step_ns,
				 err)) {
		free(k);
		return err->status;
	}
	overlap_timeline_tl(k, n, base, &out->tl);
	ht.base_ns = base;
	out->hta_pct = overlap_hta_pct(k, n, kname, nd->st, &ht);
	out->own_pct = overlap_comm_comp_pct(k, n);
	free(k);
	return 0;
}
