/* SPDX-License-Identifier: MIT */
/* check_fleet.c: recurring imbalance, straggler slots and the maintenance order. */
#include "litsi/fleet.h"
#include "litsi/fmt.h"
#include "litsi/litsi.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "unit.h"

START_TEST(recurring_option)
{
	struct fleet_params p;

	fleet_params_default(&p);
	ck_assert_uint_eq(p.k, 2);
	ck_assert_uint_eq(p.n, 3);
	ck_assert_int_eq(fleet_parse_recurring("3/5", &p), 0);
	ck_assert_uint_eq(p.k, 3);
	ck_assert_uint_eq(p.n, 5);
	ck_assert_int_eq(fleet_parse_recurring("1/1", &p), 0);
	ck_assert_int_eq(fleet_parse_recurring("0/3", &p), -1);
	ck_assert_int_eq(fleet_parse_recurring("4/3", &p), -1);
	ck_assert_int_eq(fleet_parse_recurring("2", &p), -1);
	ck_assert_int_eq(fleet_parse_recurring("2/", &p), -1);
	ck_assert_int_eq(fleet_parse_recurring("a/b", &p), -1);
	ck_assert_int_eq(fleet_parse_recurring("2/3x", &p), -1);
	ck_assert_int_eq(fleet_parse_recurring("2/1001", &p), -1);
	ck_assert_uint_eq(p.k, 1);	/* unchanged by the failures */
}
END_TEST

START_TEST(split_name)
{
	static const struct {
		const char *name, *run, *node;
	} cases[] = {
		{ "job1/n17", "job1", "n17" }, { "n17", "", "n17" },
		{ "a/b/c", "a/b", "c" },	 { "/x", "", "/x" },
		{ "x/", "", "x/" },		 { "", "", "" },
	};
	size_t i, rl, no;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		fleet_split_name(cases[i].name, &rl, &no);
		ck_assert_uint_eq(rl, strlen(cases[i].run));
		ck_assert(!strncmp(cases[i].name, cases[i].run, rl));
		ck_assert_str_eq(cases[i].name + no, cases[i].node);
	}
}
END_TEST

#define ROW(nd, rn, t, v, s, ts) { nd, rn, t, v, s, ts, NAN, NAN, NAN, NAN, NULL, 0 }

#define I FLEET_IMBALANCED
#define B FLEET_BALANCED
#define U FLEET_INCONCLUSIVE

START_TEST(summarise)
{
	/* Given out of order: fleet_sort_rows() orders by node and run start. */
	struct fleet_row rows[] = {
		ROW("A", "r2", 200, I, 5, 1.15), ROW("A", "r1", 100, I, 5, 1.12),
		ROW("A", "r3", 300, B, -1, 1.02), ROW("B", "r1", 100, B, -1, 1.01),
		ROW("B", "r2", 200, I, 2, 1.11), ROW("C", "r1", 100, U, -1, NAN),
		ROW("D", "r1", 100, I, 1, 1.30), ROW("D", "r2", 200, B, -1, 1.01),
		ROW("D", "r3", 300, B, -1, 1.01), ROW("D", "r4", 400, B, -1, 1.02),
		ROW("E", "r1", 100, I, 3, 1.20), ROW("E", "r2", 200, B, -1, 1.03),
		ROW("E", "r3", 300, B, -1, NAN),
	};
	static const struct {
		const char *node;
		enum fleet_action action;
		size_t rank, runs, window, imb, imb_all;
		int straggler;
		double max_ts;
	} want[] = {
		{ "A", FLEET_MAINTENANCE, 1, 3, 3, 2, 2, 5, 1.15 },
		{ "B", FLEET_CAPS, 2, 2, 2, 1, 1, 2, 1.11 },
		{ "E", FLEET_WATCH, 3, 3, 3, 1, 1, 3, 1.20 },
		{ "C", FLEET_UNKNOWN, 0, 1, 1, 0, 0, -1, NAN },
		{ "D", FLEET_NONE, 0, 4, 3, 0, 1, -1, 1.02 },
	};
	struct fleet_params p = { 2, 3 };
	struct fleet_result r;
	size_t i, n = ARRAY_SIZE(rows);

	fleet_sort_rows(rows, n);
	ck_assert_str_eq(rows[0].run, "r1");
	ck_assert_str_eq(rows[2].run, "r3");
	ck_assert_int_eq(fleet_summarise(rows, n, &p, &r), 0);
	ck_assert_uint_eq(r.nnodes, 5);
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		const struct fleet_node *nd = &r.nodes[i];

		ck_assert_str_eq(nd->node, want[i].node);
		ck_assert_int_eq(nd->action, want[i].action);
		ck_assert_uint_eq(nd->rank, want[i].rank);
		ck_assert_uint_eq(nd->runs, want[i].runs);
		ck_assert_uint_eq(nd->window, want[i].window);
		ck_assert_uint_eq(nd->imbalanced, want[i].imb);
		ck_assert_uint_eq(nd->imbalanced_all, want[i].imb_all);
		ck_assert_int_eq(nd->straggler, want[i].straggler);
		if (isnan(want[i].max_ts))
			ck_assert(isnan(nd->max_temp_spread));
		else
			ck_assert_double_eq_tol(nd->max_temp_spread, want[i].max_ts, 1e-12);
	}
	ck_assert_uint_eq(r.nodes[0].straggler_count, 2);
	ck_assert(r.nodes[0].recurring);
	ck_assert(!r.nodes[1].recurring && r.nodes[1].latest_imbalanced);
	ck_assert_uint_eq(r.recurring, 1);
	ck_assert_uint_eq(r.imbalanced_latest, 1);	/* B; A's latest run is balanced */
	/* Slots: device 5 twice, 1, 2, 3 once each; 12 conclusive runs. */
	ck_assert_uint_eq(r.nslots, 4);
	ck_assert_int_eq(r.slots[0].device, 5);
	ck_assert_uint_eq(r.slots[0].straggler, 2);
	ck_assert_uint_eq(r.slots[0].runs, 12);
	ck_assert_double_eq_tol(r.slots[0].share_pct, 100.0 * 2 / 12, 1e-12);
	ck_assert_int_eq(r.slots[1].device, 1);
	ck_assert_int_eq(r.slots[2].device, 2);
	ck_assert_int_eq(r.slots[3].device, 3);
	/* Heat map: columns 1 2 3 5, rows in rank order A B E C D. */
	ck_assert_uint_eq(r.ndevices, 4);
	ck_assert_int_eq(r.devices[3], 5);
	ck_assert_uint_eq(r.heat[0 * 4 + 3], 2);	/* A, device 5 */
	ck_assert_uint_eq(r.heat[1 * 4 + 1], 1);	/* B, device 2 */
	ck_assert_uint_eq(r.heat[2 * 4 + 2], 1);	/* E, device 3 */
	ck_assert_uint_eq(r.heat[4 * 4 + 0], 1);	/* D, device 1 (outside its window) */
	ck_assert_uint_eq(r.heat[3 * 4 + 0] + r.heat[3 * 4 + 1] + r.heat[3 * 4 + 2] +
				  r.heat[3 * 4 + 3],
			  0);
	fleet_result_release(&r);
	/* 1 of the last 1: only the latest run counts; A's is balanced. */
	p.k = 1;
	p.n = 1;
	ck_assert_int_eq(fleet_summarise(rows, n, &p, &r), 0);
	ck_assert_str_eq(r.nodes[0].node, "B");
	ck_assert_int_eq(r.nodes[0].action, FLEET_MAINTENANCE);
	ck_assert_uint_eq(r.recurring, 1);
	fleet_result_release(&r);
}
END_TEST

START_TEST(ties_and_edges)
{
	/* Equal evidence: the hotter spread first, then the name; unknown spread last. */
	struct fleet_row rows[] = {
		ROW("n2", "", INT64_MIN, I, 0, 1.10), ROW("n1", "", INT64_MIN, I, 0, NAN),
		ROW("n3", "", INT64_MIN, I, 7, 1.10), ROW("n4", "", INT64_MIN, I, 7, 1.25),
	};
	struct fleet_params p = { 1, 1 }, bad = { 2, 1 };
	struct fleet_result r;

	fleet_sort_rows(rows, 4);
	ck_assert_int_eq(fleet_summarise(rows, 4, &p, &r), 0);
	ck_assert_str_eq(r.nodes[0].node, "n4");
	ck_assert_str_eq(r.nodes[1].node, "n2");
	ck_assert_str_eq(r.nodes[2].node, "n3");
	ck_assert_str_eq(r.nodes[3].node, "n1");
	ck_assert_uint_eq(r.nodes[3].rank, 4);
	/* Two slots twice each: the lower device first. */
	ck_assert_int_eq(r.slots[0].device, 0);
	ck_assert_int_eq(r.slots[1].device, 7);
	fleet_result_release(&r);
	ck_assert_int_eq(fleet_summarise(rows, 4, &bad, &r), -1);
	ck_assert_int_eq(fleet_summarise(rows, 0, &p, &r), 0);
	ck_assert_uint_eq(r.nnodes, 0);
	ck_assert_uint_eq(r.nslots, 0);
	fleet_result_release(&r);
	fleet_result_release(&r);	/* idempotent */
}
END_TEST

START_TEST(write_tsv)
{
	struct fleet_row rows[] = {
		{ "n1", "job1", 100, FLEET_IMBALANCED, 3, 1.176, 1.054, 1.061, 0.64, 1.32, NULL, 0 },
		{ "n1", "job2", 200, FLEET_IMBALANCED, 3, 1.15, 1.05, 1.05, 0.5, 1.1, NULL, 0 },
		{ "n2", "", INT64_MIN, FLEET_INCONCLUSIVE, -1, NAN, NAN, NAN, NAN, NAN, NULL, 0 },
	};
	static const char want[] =
		"# recurring: imbalanced in 2 of the last 3 runs\n"
		"# summary: 2 nodes, 3 runs: 1 recurring, 1 imbalanced in the latest run\n\n\n"
		"# runs\n"
		"# node\trun\tverdict\tstraggler\ttemp_spread\tclock_spread\tspeedup\tlead_ms"
		"\tlead_pct\n"
		"n1\tjob1\timbalanced\t3\t1.176\t1.054\t1.061\t0.64\t1.32\n"
		"n1\tjob2\timbalanced\t3\t1.15\t1.05\t1.05\t0.5\t1.1\n"
		"n2\t-\tinconclusive\t-\t\t\t\t\t\n";
	struct fleet_params p = { 2, 3 };
	struct fleet_result r;
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	struct fmt *f = fmt_new(mem, FMT_TSV);

	ck_assert_int_eq(fleet_summarise(rows, 3, &p, &r), 0);
	fleet_write(f, rows, 3, &p, &r);
	fmt_free(f);
	fclose(mem);
	ck_assert_msg(!strncmp(buf, want, strlen(want)), "got:\n%s", buf);
	ck_assert_ptr_nonnull(strstr(buf, "# nodes\n"));
	ck_assert_ptr_nonnull(strstr(buf, "\n1\tn1\t2\t2\t2\t0\t2\tyes\t3\t2\t1.176\tmaintenance\n"));
	ck_assert_ptr_nonnull(strstr(buf, "\n-\tn2\t1\t1\t0\t1\t0\tno\t-\t0\t\tunknown\n"));
	ck_assert_ptr_nonnull(strstr(buf, "# slots\n# gpu\tstraggler_runs\truns\tshare_pct\n3\t2\t2\t100\n"));
	ck_assert_ptr_nonnull(strstr(buf, "n1\t3\t2\n"));
	ck_assert_ptr_nonnull(strstr(buf, "n2\t3\t0\n"));
	free(buf);
	fleet_result_release(&r);
}
END_TEST

Suite *
fleet_suite(void)
{
	Suite *s = suite_create("fleet");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, recurring_option);
	tcase_add_test(tc, split_name);
	tcase_add_test(tc, summarise);
	tcase_add_test(tc, ties_and_edges);
	tcase_add_test(tc, write_tsv);
	suite_add_tcase(s, tc);
	return s;
}
