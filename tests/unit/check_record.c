/* SPDX-License-Identifier: MIT */
/*
 * check_record.c: the recorder's process handling (exit status, signals
 * forwarded, no process left behind), its sampling thread (readings per
 * interval, whole lines, stop with the command) and the profiler wrapping.
 */
#include "litsi/record.h"
#include "litsi/litsi.h"
#include "litsi/util.h"

#include <check.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "record/record_int.h"
#include "unit.h"

static char tmpdir[64];

static void
setup_tmp(void)
{
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/litsi-rec.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void
rm_tree(const char *d)
{
	char cmd[160];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", d);
	ck_assert_int_eq(system(cmd), 0);
}

static int
run_sh(const char *script, struct err *err)
{
	char *argv[] = { "sh", "-c", (char *)script, NULL };
	int status = -1;

	record_signals_block();
	ck_assert_int_eq(record_run(argv, &status, err), 0);
	record_signals_restore();
	return status;
}

START_TEST(test_exit_status)
{
	struct err err = { 0 };
	char *argv[] = { "litsi-no-such-command-here", NULL };
	int status = -1;

	ck_assert_int_eq(run_sh("exit 0", &err), 0);
	ck_assert_int_eq(run_sh("exit 7", &err), 7);
	ck_assert_int_eq(run_sh("kill -TERM $$", &err), 128 + SIGTERM);
	ck_assert_int_eq(run_sh("kill -KILL $$", &err), 128 + SIGKILL);
	ck_assert_str_eq(err.msg, "");
	record_signals_block();
	ck_assert_int_eq(record_run(argv, &status, &err), 0);
	record_signals_restore();
	ck_assert_int_eq(status, 127);
	ck_assert_str_eq(err.msg,
			 "cannot run 'litsi-no-such-command-here': No such file or directory");
}
END_TEST

/* A file that is not executable: 126, as a shell says. */
START_TEST(test_not_executable)
{
	struct err err = { 0 };
	char path[128], *argv[] = { path, NULL };
	FILE *f;
	int status = -1;

	setup_tmp();
	snprintf(path, sizeof(path), "%s/job", tmpdir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("#!/bin/sh\nexit 0\n", f);
	fclose(f);
	ck_assert_int_eq(chmod(path, 0644), 0);
	record_signals_block();
	ck_assert_int_eq(record_run(argv, &status, &err), 0);
	record_signals_restore();
	ck_assert_int_eq(status, 126);
	ck_assert(strstr(err.msg, ": Permission denied") != NULL);
	rm_tree(tmpdir);
}
END_TEST

/* What the command leaves in its process group is ended with it. */
START_TEST(test_no_orphan)
{
	struct err err = { 0 };
	char script[256], path[128];
	FILE *f;
	long pid = 0;

	setup_tmp();
	snprintf(path, sizeof(path), "%s/pid", tmpdir);
	snprintf(script, sizeof(script), "sleep 30 & echo $! > '%s'; exit 5", path);
	ck_assert_int_eq(run_sh(script, &err), 5);
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fscanf(f, "%ld", &pid), 1);
	fclose(f);
	ck_assert_int_gt(pid, 1);
	/* Not our child: gone means kill() finds no such process. */
	ck_assert_int_ne(kill((pid_t)pid, 0), 0);
	ck_assert_int_eq(errno, ESRCH);
	rm_tree(tmpdir);
}
END_TEST

static void *
send_term(void *arg)
{
	struct timespec ts = { 0, 300 * 1000 * 1000 };

	(void)arg;
	nanosleep(&ts, NULL);
	kill(getpid(), SIGTERM);
	return NULL;
}

/* SIGTERM to the recorder reaches the command, which decides its own status. */
START_TEST(test_signal_forwarded)
{
	char *argv[] = { "sh", "-c", "trap 'exit 42' TERM; sleep 10 & wait", NULL };
	struct err err = { 0 };
	struct timespec t0, t1;
	pthread_t th;
	int status = -1;

	record_signals_block();
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ck_assert_int_eq(pthread_create(&th, NULL, send_term, NULL), 0);
	ck_assert_int_eq(record_run(argv, &status, &err), 0);
	pthread_join(th, NULL);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	record_signals_restore();
	ck_assert_int_eq(status, 42);
	/* It ended on the signal, not after the 10 s sleep. */
	ck_assert_int_lt(t1.tv_sec - t0.tv_sec, 5);
}
END_TEST

/* ---- the sampling thread, with a library that answers without a GPU ---- */

static int fake_open_gpus = 3;

static int
fake_open(void **state, unsigned *nr, struct err *err)
{
	(void)err;
	*state = &fake_open_gpus;
	*nr = (unsigned)fake_open_gpus;
	return 0;
}

static void
fake_header(void *state, FILE *f)
{
	(void)state;
	fputs("timestamp,gpu,power_usage\n", f);
}

static void
fake_row(void *state, unsigned gpu, int64_t t_ns, FILE *f)
{
	(void)state;
	fprintf(f, "%lld.%03d,%u", (long long)(t_ns / 1000000000), (int)(t_ns / 1000000 % 1000),
		gpu);
	rec_cell_num(f, ",", gpu != 1, 100.0 + gpu, 1);
	fputc('\n', f);
}

static void
fake_close(void *state)
{
	(void)state;
}

static const struct rec_lib fake_lib = {
	.file = "amd-smi.csv",
	.open = fake_open,
	.header = fake_header,
	.row = fake_row,
	.close = fake_close,
};

static size_t
count_file_lines(const char *path)
{
	FILE *f = fopen(path, "r");
	size_t n = 0;
	int c, last = '\n';

	ck_assert_ptr_nonnull(f);
	while ((c = getc(f)) != EOF) {
		n += c == '\n';
		last = c;
	}
	fclose(f);
	ck_assert_int_eq(last, '\n');	/* whole lines only */
	return n;
}

START_TEST(test_thread_rate)
{
	struct record_opts o = { .dir = NULL, .interval_ms = 20 };
	struct recorder *r = NULL;
	struct record_stats st;
	struct err err = { 0 };
	struct timespec ts = { 0, 500 * 1000 * 1000 };
	char dir[128];

	setup_tmp();
	snprintf(dir, sizeof(dir), "%s/out/deeper", tmpdir);
	o.dir = dir;
	ck_assert_int_eq(rec_start_with(&o, &fake_lib, &r, &err), 0);
	nanosleep(&ts, NULL);
	ck_assert_int_eq(record_stop(r, &st, &err), 0);
	/* 500 ms at 20 ms: 25 ticks, give or take a busy machine's scheduling. */
	ck_assert_uint_ge(st.ticks, 15);
	ck_assert_uint_le(st.ticks, 27);
	ck_assert_uint_eq(st.gpus, 3);
	ck_assert_uint_eq(st.readings, 3 * st.ticks);
	ck_assert_uint_eq(count_file_lines(record_path(r)), 1 + 3 * st.ticks);
	ck_assert(st.wall_s >= 0.5);
	ck_assert(st.cpu_s >= 0 && st.cpu_s < st.wall_s);
	record_free(r);
	/* A second recording into the same folder is refused, the first kept. */
	ck_assert_int_eq(rec_start_with(&o, &fake_lib, &r, &err), LITSI_EDB);
	ck_assert(strstr(err.msg, "File exists (give another output folder)") != NULL);
	rm_tree(tmpdir);
}
END_TEST

/* Stopping ends the thread at once, not at its next tick. */
START_TEST(test_thread_stops_promptly)
{
	struct record_opts o = { .interval_ms = 60000 };
	struct recorder *r = NULL;
	struct record_stats st;
	struct err err = { 0 };
	char dir[128];

	setup_tmp();
	snprintf(dir, sizeof(dir), "%s/out", tmpdir);
	o.dir = dir;
	ck_assert_int_eq(rec_start_with(&o, &fake_lib, &r, &err), 0);
	ck_assert_int_eq(record_stop(r, &st, &err), 0);
	ck_assert(st.wall_s < 5);
	ck_assert_uint_eq(st.ticks, 1);
	record_free(r);
	rm_tree(tmpdir);
}
END_TEST

START_TEST(test_cells_and_names)
{
	enum record_backend b;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	rec_cell_num(f, ", ", true, 702.154, 2);
	rec_cell_num(f, ", ", false, 1, 2);
	rec_cell_num(f, ",", false, 1, 2);
	rec_cell_num(f, ",", true, 0.0 / 0.0, 0);
	fclose(f);
	ck_assert_str_eq(buf, ", 702.15, [N/A],N/A,N/A");
	free(buf);
	ck_assert_int_eq(record_backend_parse("auto", &b), 0);
	ck_assert_int_eq(b, REC_AUTO);
	ck_assert_int_eq(record_backend_parse("rocm-smi", &b), 0);
	ck_assert_int_eq(b, REC_ROCM_SMI);
	ck_assert_str_eq(record_backend_name(REC_AMD_SMI), "amd-smi");
	ck_assert_int_eq(record_backend_parse("dcgm", &b), -1);
}
END_TEST

START_TEST(test_profiler_argv)
{
	char *cmd[] = { "torchrun", "train.py", NULL };
	char **v = record_wrap_profiler("nsys", "out", cmd);

	ck_assert_ptr_nonnull(v);
	ck_assert_str_eq(v[0], "nsys");
	ck_assert_str_eq(v[1], "profile");
	ck_assert_str_eq(v[4], "--output=out/nsys");
	ck_assert_str_eq(v[5], "torchrun");
	ck_assert_ptr_null(v[7]);
	free(v);
	v = record_wrap_profiler("rocprofv3", "run/a", cmd);
	ck_assert_str_eq(v[5], "run/a/rocprofv3");
	ck_assert_str_eq(v[6], "--");
	ck_assert_str_eq(v[7], "torchrun");
	ck_assert_ptr_null(v[9]);
	free(v);
	ck_assert_ptr_null(record_wrap_profiler("perf", "out", cmd));
}
END_TEST

Suite *
record_suite(void)
{
	Suite *s = suite_create("record");
	TCase *tc = tcase_create("record");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_exit_status);
	tcase_add_test(tc, test_not_executable);
	tcase_add_test(tc, test_no_orphan);
	tcase_add_test(tc, test_signal_forwarded);
	tcase_add_test(tc, test_thread_rate);
	tcase_add_test(tc, test_thread_stops_promptly);
	tcase_add_test(tc, test_cells_and_names);
	tcase_add_test(tc, test_profiler_argv);
	suite_add_tcase(s, tc);
	return s;
}
