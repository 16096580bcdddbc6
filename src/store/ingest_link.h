/* SPDX-License-Identifier: MIT */
/*
 * ingest_link.h: private to src/store/: the records of one source that wait
 * for the end of the file (kernels, CPU launches, steps, annotations), held
 * in memory in fixed-size blocks under a byte budget, and the in-memory
 * linking of kernels to launches and of collectives to kernels.
 */
#ifndef LITSI_INGEST_LINK_H
#define LITSI_INGEST_LINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Small-table indexes (rank, tid, GPU, kind) are 16-bit: more values spill. */
#define LK_SMALL_MAX 65535

/* Times are already shifted; -1 stands for NULL in corr, bytes, ext, gpu_id. */
struct lk_kernel {
	int64_t stream, name_id, start_ns, end_ns, corr, launch_ns, bytes;
	uint16_t gpu, rank;
	uint8_t kclass, has_launch;
};

struct lk_launch {
	int64_t corr, ts_ns;
	uint16_t rank, tid;
};

struct lk_step {
	int64_t step, start_ns, end_ns;
	uint16_t rank;
};

struct lk_ann {
	int64_t name_id, start_ns, end_ns, tid, ext, gpu_id;
	uint16_t rank, kind;
};

/* An append-only array in blocks that never move. */
struct lk_spool {
	char **blk;
	size_t nr_blk, alloc_blk, n, esz;
};

/* Distinct 64-bit values, each given the index of its first sight. */
struct lk_map {
	int64_t *v;
	size_t n, alloc, last;
};

struct lk_comm;
struct lk_claunch;

struct link {
	bool staged;		/* over budget: every record now goes to the TEMP tables */
	size_t mem, budget;	/* bytes held; the most before staging */
	struct lk_spool kernels, launches, steps, anns;
	struct lk_map ranks, tids, gpus;	/* rank, tid, gpu.id values by index */
	char **kinds;		/* annotation kinds by index */
	size_t nr_kinds, alloc_kinds;
	uint32_t *lhash;	/* launches by (rank, corr): 1 + spool index, 0 = empty */
	size_t lhash_cap;
	struct lk_comm *comm;	/* comm kernels by (rank, corr): the first; built on demand */
	size_t nr_comm;
	struct lk_claunch *cl;	/* launches of comm kernels by (rank, tid, ts, corr) */
	size_t nr_cl;
	bool comm_built;
};

/*
 * link_init() - empty, with the default budget (LITSI_LINK_MEM if set) shared
 * among @share files held at once (0 or 1: the whole budget).
 */
void link_init(struct link *lk, unsigned share);
void link_free(struct link *lk);
/* link_index() - the index of @v in @m, added if new; -1 past LK_SMALL_MAX. */
int link_index(struct link *lk, struct lk_map *m, int64_t v);
int link_kind(struct link *lk, const char *kind);
/* link_push() - room for one more record at the end of @sp (zeroed). */
void *link_push(struct link *lk, struct lk_spool *sp);
void *link_at(const struct lk_spool *sp, size_t i);
/* link_add_launch() - keep a launch unless one with its (rank, corr) came first. */
void link_add_launch(struct link *lk, const struct lk_launch *l);
const struct lk_launch *link_find_launch(const struct link *lk, uint16_t rank, int64_t corr);
/* link_over() - true when the records held exceed the budget. */
bool link_over(const struct link *lk);
/* link_drop() - forget every held record (they were staged); keeps the maps. */
void link_drop(struct link *lk);
/* link_shift() - add @by to every held time; -1 if one would overflow. */
int link_shift(struct link *lk, int64_t by);
/*
 * link_coll_kernel() - the spool index of the comm kernel a collective of
 * rank @rank launched: the first comm kernel of its correlation id, else
 * that of the earliest launch on its thread @tid within [@start, @end] that
 * has one; -1 if none.
 */
int64_t link_coll_kernel(struct link *lk, int64_t rank, bool has_corr, int64_t corr, int64_t tid,
			 int64_t start, int64_t end);

#endif
