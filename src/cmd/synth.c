/* SPDX-License-Identifier: MIT */
/*
 * synth.c: litsi synth: simulate one training node with thermal imbalance
 * (analysis/synth.c) and write its traces, telemetry and truth.json in the
 * real formats (fmt/synth_write.c).
 */
#include "cmd.h"
#include "litsi/synth.h"
#include "litsi/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

static const char usage_str[] =
	"usage: litsi synth [--gpus n] [--samples n] [--layers n] [--seed n]\n"
	"                   [--straggler gpu[,gpu...]] [--temp-spread c]\n"
	"                   [--format pytorch|rocprofv3|rocprof|all]\n"
	"                   [--telemetry amd-smi|nvidia-smi|none] [--gzip]\n"
	"                   [--power-cap w] [--caps file] [--physics key=value[,...]]\n"
	"                   [--fault gpu:clock|cap|work|link|host=value ...]\n"
	"                   [--jitter c] [--drift c] [--slot c] [--tick 1000|100]\n"
	"                   [--noise x] [--noise-seed n] [--duration s] [--reasons]\n"
	"                   -o dir\n";

static const struct option longopts[] = {
	{ "caps", required_argument, NULL, 'c' },
	{ "drift", required_argument, NULL, 'D' },
	{ "duration", required_argument, NULL, 'u' },
	{ "fault", required_argument, NULL, 'F' },
	{ "jitter", required_argument, NULL, 'J' },
	{ "noise", required_argument, NULL, 'N' },
	{ "noise-seed", required_argument, NULL, 'e' },
	{ "reasons", no_argument, NULL, 'R' },
	{ "slot", required_argument, NULL, 'O' },
	{ "tick", required_argument, NULL, 'K' },
	{ "format", required_argument, NULL, 'f' },
	{ "gpus", required_argument, NULL, 'g' },
	{ "gzip", no_argument, NULL, 'z' },
	{ "help", no_argument, NULL, 'h' },
	{ "layers", required_argument, NULL, 'l' },
	{ "list-opts", no_argument, NULL, 'L' },
	{ "output", required_argument, NULL, 'o' },
	{ "physics", required_argument, NULL, 'Y' },
	{ "power-cap", required_argument, NULL, 'P' },
	{ "samples", required_argument, NULL, 'n' },
	{ "seed", required_argument, NULL, 's' },
	{ "straggler", required_argument, NULL, 'S' },
	{ "telemetry", required_argument, NULL, 't' },
	{ "temp-spread", required_argument, NULL, 'T' },
	{ NULL, 0, NULL, 0 },
};

enum synth_fmt { SF_PYTORCH = 1, SF_ROCPROFV3 = 2, SF_ROCPROF = 4, SF_ALL = 7 };
enum synth_tel { ST_AMDSMI, ST_NVSMI, ST_NONE };

struct synth_opts {
	struct synth_params p;
	unsigned formats;	/* enum synth_fmt bits */
	enum synth_tel telemetry;
	bool gzip;
	const char *caps_path;
	const char *dir;
	char cmdline[1024];	/* recorded in truth.json */
};

/* ---- output files ---- */

struct outfile {
	FILE *f;
	gzFile gz;
	const char *path;
};

static int
out_write(void *ctx, const char *buf, size_t n, struct err *err)
{
	struct outfile *o = ctx;

	if (o->gz) {
		if (gzwrite(o->gz, buf, (unsigned)n) != (int)n)
			return err_set(err, LITSI_EDB, "cannot write '%s'", o->path);
	} else if (fwrite(buf, 1, n, o->f) != n) { /* lint-print: own text */
		return err_set(err, LITSI_EDB, "cannot write '%s': %s", o->path, strerror(errno));
	}
	return 0;
}

static int
mkdir_p(const char *path, struct err *err)
{
	char buf[4096];
	size_t i, n = strlen(path);

	if (n >= sizeof(buf))
		return err_set(err, LITSI_EDB, "path too long: '%s'", path);
	memcpy(buf, path, n + 1);
	for (i = 1; i <= n; i++) {
		if (buf[i] != '/' && buf[i] != '\0')
			continue;
		buf[i] = '\0';
		if (mkdir(buf, 0777) && errno != EEXIST)
			return err_set(err, LITSI_EDB, "cannot create directory '%s': %s", buf,
				       strerror(errno));
		buf[i] = path[i];
	}
	return 0;
}

/* What one file is written from. */
struct job {
	const struct synth_result *r;
	int rank;
	const char *cmdline;
};

typedef int (*writer_fn)(const struct job *j, const struct synth_out *o, struct err *err);

/* Write one file through @fn; gzip when @gz (level 9, no name, mtime 0). */
static int
write_file(const char *path, bool gz, writer_fn fn, const struct job *j, struct err *err)
{
	struct outfile of = { .path = path };
	struct synth_out o = { out_write, &of };
	int rc;

	if (gz)
		of.gz = gzopen(path, "wb9");
	else
		of.f = fopen(path, "wb");
	if (!of.gz && !of.f)
		return err_set(err, LITSI_EDB, "cannot create '%s': %s", path, strerror(errno));
	rc = fn(j, &o, err);
	if (gz) {
		if (gzclose(of.gz) != Z_OK && !rc)
			rc = err_set(err, LITSI_EDB, "cannot write '%s'", path);
	} else if (fclose(of.f) && !rc) {
		rc = err_set(err, LITSI_EDB, "cannot write '%s': %s", path, strerror(errno));
	}
	return rc;
}

/* Adapters from the writers' signatures to writer_fn. */
static int
w_kineto(const struct job *j, const struct synth_out *o, struct err *e)
{
	return synth_write_kineto(j->r, j->rank, o, e);
}

static int
w_kernels(const struct job *j, const struct synth_out *o, struct err *e)
{
	return synth_write_rocprofv3_kernels(j->r, j->rank, o, e);
}

static int
w_agents(const struct job *j, const struct synth_out *o, struct err *e)
{
	return synth_write_rocprofv3_agents(j->r, o, e);
}

static int
w_rocprof(const struct job *j, const struct synth_out *o, struct err *e)
{
	return synth_write_rocprof(j->r, o, e);
}

static int
w_amdsmi(const struct job *j, const struct synth_out *o, struct err *e)
{
	return synth_write_amdsmi(j->r, o, e);
}

static int
w_amdsmi_static(const struct job *j, const struct synth_out *o, struct err *e)
{
	return synth_write_amdsmi_static(j->r, o, e);
}

static int
w_nvsmi(const struct job *j, const struct synth_out *o, struct err *e)
{
	return synth_write_nvsmi(j->r, o, e);
}

static int
w_truth(const struct job *j, const struct synth_out *o, struct err *e)
{
	return synth_write_truth(j->r, j->cmdline, o, e);
}

static const char *
gz_ext(const struct synth_opts *so)
{
	return so->gzip ? ".gz" : "";
}

static int
write_pytorch(const struct synth_opts *so, const struct synth_result *r, struct err *err)
{
	char path[4096];
	struct job j = { r, 0, NULL };

	for (j.rank = 0; j.rank < r->p.gpus; j.rank++) {
		snprintf(path, sizeof(path), "%s/rank%d.json%s", so->dir, j.rank, gz_ext(so));
		if (write_file(path, so->gzip, w_kineto, &j, err))
			return err->status;
	}
	return 0;
}

/* rocprofv3 default layout: %hostname%/%pid%/<pid>_<domain>.csv, one process per rank. */
static int
write_rocprofv3(const struct synth_opts *so, const struct synth_result *r, struct err *err)
{
	char dir[4096], path[4200];
	struct job j = { r, 0, NULL };

	for (j.rank = 0; j.rank < r->p.gpus; j.rank++) {
		int pid = synth_pid(j.rank);

		snprintf(dir, sizeof(dir), "%s/%s/%d", so->dir, SYNTH_HOST, pid);
		if (mkdir_p(dir, err))
			return err->status;
		snprintf(path, sizeof(path), "%s/%d_kernel_trace.csv%s", dir, pid, gz_ext(so));
		if (write_file(path, so->gzip, w_kernels, &j, err))
			return err->status;
		/* Plain even with --gzip: readers look for the sibling <pid>_agent_info.csv. */
		snprintf(path, sizeof(path), "%s/%d_agent_info.csv", dir, pid);
		if (write_file(path, false, w_agents, &j, err))
			return err->status;
	}
	return 0;
}

/* Trace and telemetry files (never truth.json) are gzipped with --gzip. */
static int
write_named(const struct synth_opts *so, const char *name, writer_fn fn,
	    const struct synth_result *r, struct err *err)
{
	char path[4096];
	struct job j = { r, 0, so->cmdline };
	bool gz = so->gzip && fn != w_truth;

	snprintf(path, sizeof(path), "%s/%s%s", so->dir, name, gz ? ".gz" : "");
	return write_file(path, gz, fn, &j, err);
}

static int
write_all(const struct synth_opts *so, const struct synth_result *r, struct err *err)
{
	if (mkdir_p(so->dir, err))
		return err->status;
	if ((so->formats & SF_PYTORCH) && write_pytorch(so, r, err))
		return err->status;
	if ((so->formats & SF_ROCPROFV3) && write_rocprofv3(so, r, err))
		return err->status;
	if ((so->formats & SF_ROCPROF) && write_named(so, "results.csv", w_rocprof, r, err))
		return err->status;
	if (so->telemetry == ST_AMDSMI && write_named(so, "amd-smi.csv", w_amdsmi, r, err))
		return err->status;
	if (so->telemetry == ST_AMDSMI &&
	    write_named(so, "amd-smi-static.json", w_amdsmi_static, r, err))
		return err->status;
	if (so->telemetry == ST_NVSMI && write_named(so, "nvidia-smi.csv", w_nvsmi, r, err))
		return err->status;
	return write_named(so, "truth.json", w_truth, r, err);
}

/* ---- --caps: the TSV of litsi caps (a "# " header naming gpu and cap_w) ---- */

struct caps_cols {
	int gpu, cap;		/* column indexes; -1 until a header names them */
};

/* Split @line at tabs in place; return the field count (at most @max). */
static int
split_tabs(char *line, char **f, int max)
{
	int n = 0;

	while (n < max) {
		f[n++] = line;
		line = strchr(line, '\t');
		if (!line)
			break;
		*line++ = '\0';
	}
	return n;
}

static void
caps_header(char *line, struct caps_cols *c)
{
	char *f[64];
	int n = split_tabs(line, f, 64), i;

	c->gpu = c->cap = -1;
	for (i = 0; i < n; i++) {
		if (!strcmp(f[i], "gpu"))
			c->gpu = i;
		else if (!strcmp(f[i], "cap_w"))
			c->cap = i;
	}
}

static int
caps_row(char *line, const struct caps_cols *c, double *cap, const char *path,
	 unsigned long lineno, struct err *err)
{
	char *f[64];
	int n = split_tabs(line, f, 64), gpu;
	double w;

	if (c->gpu < 0 || c->cap < 0)
		return 0;
	if (c->gpu >= n || c->cap >= n || parse_int(f[c->gpu], 0, SYNTH_MAX_GPUS - 1, &gpu) ||
	    parse_double(f[c->cap], &w) || !(w > 0))
		return err_set(err, LITSI_EDATA, "%s:%lu: expected a GPU index and a cap in watts",
			       path, lineno);
	cap[gpu] = w;
	return 0;
}

/* Read the caps; later rows for the same GPU win (the final caps come last). */
static int
read_caps(const char *path, double *cap, struct err *err)
{
	FILE *f = fopen(path, "r");
	struct caps_cols c = { -1, -1 };
	char line[4096];
	unsigned long lineno = 0;
	int rc = 0, found = 0;

	if (!f)
		return err_set(err, LITSI_EDB, "cannot open '%s': %s", path, strerror(errno));
	while (!rc && fgets(line, sizeof(line), f)) {
		lineno++;
		line[strcspn(line, "\r\n")] = '\0';
		if (!strncmp(line, "# ", 2) && strchr(line, '\t')) {
			caps_header(line + 2, &c);
			found |= c.gpu >= 0 && c.cap >= 0;
		} else if (line[0] == '\0' || line[0] == '#') {
			c.gpu = c.cap = -1;
		} else {
			rc = caps_row(line, &c, cap, path, lineno, err);
		}
	}
	fclose(f);
	if (!rc && !found)
		rc = err_set(err, LITSI_EDATA,
			     "%s: no '# ' header naming the columns 'gpu' and 'cap_w'", path);
	return rc;
}

/* ---- options ---- */

static int
parse_stragglers(const char *arg, struct synth_params *p)
{
	char buf[256], *f[SYNTH_MAX_STRAGGLERS + 1], *s;
	int n = 0, i;

	if (strlen(arg) >= sizeof(buf))
		return -1;
	memcpy(buf, arg, strlen(arg) + 1);
	for (s = buf; n <= SYNTH_MAX_STRAGGLERS; n++) {
		f[n] = s;
		s = strchr(s, ',');
		if (!s) {
			n++;
			break;
		}
		*s++ = '\0';
	}
	if (s || n > SYNTH_MAX_STRAGGLERS)
		return -1;
	for (i = 0; i < n; i++)
		if (parse_int(f[i], 0, SYNTH_MAX_GPUS - 1, &p->stragglers[i]))
			return -1;
	p->nr_stragglers = n;
	return 0;
}

static int
parse_choice(const char *arg, const char *const *names, const int *vals, int *out)
{
	int i;

	for (i = 0; names[i]; i++)
		if (!strcmp(arg, names[i])) {
			*out = vals[i];
			return 0;
		}
	return -1;
}

static int
bad(const char *what, const char *arg)
{
	return cmd_usage_error("synth", usage_str, "invalid %s '%s'", what, arg);
}

/* --physics key=value[,key=value...] */
static int
parse_physics(const char *arg, struct synth_params *p)
{
	char buf[1024], *s, *next;
	struct err err = { 0 };

	if (strlen(arg) >= sizeof(buf))
		return cmd_usage_error("synth", usage_str, "--physics: argument too long");
	memcpy(buf, arg, strlen(arg) + 1);
	for (s = buf; s; s = next) {
		char *eq;

		next = strchr(s, ',');
		if (next)
			*next++ = '\0';
		eq = strchr(s, '=');
		if (!eq)
			return cmd_usage_error("synth", usage_str,
					       "--physics: expected key=value, not '%s'", s);
		*eq = '\0';
		if (synth_physics_set(p, s, eq + 1, &err))
			return cmd_usage_error("synth", usage_str, "%s", err.msg);
	}
	return 0;
}

/* The thermal options: --drift, --jitter, --noise, --slot, --temp-spread; -1: not one. */
static int
thermal_value(int opt, const char *arg, struct synth_opts *so)
{
	switch (opt) {
	case 'D':
		return parse_double(arg, &so->p.drift_c) || !(so->p.drift_c >= -20) ||
				       so->p.drift_c > 20
			       ? bad("--drift (-20..20 degrees C)", arg)
			       : 0;
	case 'J':
		so->p.has_jitter = true;
		return parse_double(arg, &so->p.jitter_c) || !(so->p.jitter_c >= 0) ||
				       so->p.jitter_c > 40
			       ? bad("--jitter (0..40 degrees C)", arg)
			       : 0;
	case 'N':
		so->p.has_noise = true;
		return parse_double(arg, &so->p.noise) || !(so->p.noise >= 0) || so->p.noise > 10
			       ? bad("--noise (0..10)", arg)
			       : 0;
	case 'O':
		return parse_double(arg, &so->p.slot_c) || !(so->p.slot_c >= 0) ||
				       so->p.slot_c > 20
			       ? bad("--slot (0..20 degrees C)", arg)
			       : 0;
	case 'T':
		if (parse_double(arg, &so->p.temp_spread_c) || !(so->p.temp_spread_c >= 0) ||
		    so->p.temp_spread_c > 40)
			return bad("--temp-spread (0..40 degrees C)", arg);
		return 0;
	}
	return -1;
}

static int
parse_value(int opt, const char *arg, struct synth_opts *so)
{
	static const char *const fmts[] = { "pytorch", "rocprofv3", "rocprof", "all", NULL };
	static const int fvals[] = { SF_PYTORCH, SF_ROCPROFV3, SF_ROCPROF, SF_ALL };
	static const char *const tels[] = { "amd-smi", "nvidia-smi", "none", NULL };
	static const int tvals[] = { ST_AMDSMI, ST_NVSMI, ST_NONE };
	uint64_t seed;
	int v = thermal_value(opt, arg, so);

	if (v >= 0)
		return v;
	switch (opt) {
	case 'c':
		so->caps_path = arg;
		return 0;
	case 'F':
		if (so->p.nr_faults == SYNTH_MAX_FAULTS)
			return bad("--fault (too many)", arg);
		if (synth_fault_parse(arg, &so->p.faults[so->p.nr_faults]))
			return bad("--fault (expected GPU:clock|cap|work|link|host=VALUE)", arg);
		so->p.nr_faults++;
		return 0;
	case 'K':
		return parse_int(arg, 100, 1000, &so->p.tick_ms) ||
				       (so->p.tick_ms != 100 && so->p.tick_ms != 1000)
			       ? bad("--tick (1000 or 100 ms)", arg)
			       : 0;
	case 'f':
		if (parse_choice(arg, fmts, fvals, &v))
			return bad("--format (expected pytorch, rocprofv3, rocprof or all)", arg);
		so->formats = (unsigned)v;
		return 0;
	case 'g':
		return parse_int(arg, 2, SYNTH_MAX_GPUS, &so->p.gpus) ? bad("--gpus", arg) : 0;
	case 'l':
		return parse_int(arg, 1, SYNTH_MAX_LAYERS, &so->p.layers) ? bad("--layers", arg) : 0;
	case 'n':
		return parse_int(arg, 1, SYNTH_MAX_SAMPLES, &so->p.samples) ? bad("--samples", arg)
									     : 0;
	case 'o':
		so->dir = arg;
		return 0;
	case 'P':
		if (parse_double(arg, &so->p.power_cap_w) || !(so->p.power_cap_w > 0) ||
		    so->p.power_cap_w > 5000)
			return bad("--power-cap (watts, above the idle power)", arg);
		return 0;
	case 's':
		if (parse_u64(arg, 0, UINT64_MAX, &seed))
			return bad("--seed", arg);
		so->p.seed = seed;
		return 0;
	case 'e':
		if (parse_u64(arg, 0, UINT64_MAX, &so->p.noise_seed))
			return bad("--noise-seed", arg);
		so->p.has_noise_seed = true;
		return 0;
	case 'u':
		return parse_int(arg, 0, SYNTH_MAX_DURATION_S, &so->p.duration_s)
			       ? bad("--duration (seconds, 0..3600)", arg)
			       : 0;
	case 'S':
		return parse_stragglers(arg, &so->p) ? bad("--straggler", arg) : 0;
	case 't':
		if (parse_choice(arg, tels, tvals, &v))
			return bad("--telemetry (expected amd-smi, nvidia-smi or none)", arg);
		so->telemetry = (enum synth_tel)v;
		return 0;
	case 'Y':
		return parse_physics(arg, &so->p);
	}
	return -1;
}

/* The command without its output directory, so that truth.json does not depend on it. */
static void
record_cmdline(struct synth_opts *so, int argc, char **argv)
{
	size_t off = (size_t)snprintf(so->cmdline, sizeof(so->cmdline), "litsi");
	int i;

	for (i = 0; i < argc && off < sizeof(so->cmdline); i++) {
		if (!strcmp(argv[i], "-o") || !strcmp(argv[i], "--output")) {
			i++;
			continue;
		}
		if (str_has_prefix(argv[i], "--output=") ||
		    (str_has_prefix(argv[i], "-o") && argv[i][2]))
			continue;
		off += (size_t)snprintf(so->cmdline + off, sizeof(so->cmdline) - off, " %s",
					argv[i]);
	}
	if (off < sizeof(so->cmdline))
		snprintf(so->cmdline + off, sizeof(so->cmdline) - off, " -o DIR");
}

static int
parse_args(int argc, char **argv, struct synth_opts *so, struct litsi_ctx *ctx)
{
	int opt, rc;

	while ((opt = getopt_long(argc, argv, "ho:", longopts, NULL)) != -1) {
		if (opt == 'h')
			return cmd_help(ctx, usage_str) - CMD_ANSWERED;
		if (opt == 'L')
			return cmd_list_opts(ctx, longopts) - CMD_ANSWERED;
		if (opt == 'z' || opt == 'R') {
			*(opt == 'z' ? &so->gzip : &so->p.reasons) = true;
			continue;
		}
		rc = parse_value(opt, optarg, so);
		if (rc < 0)
			return cmd_getopt_error("synth", usage_str, argv);
		if (rc)
			return rc;
	}
	if (optind < argc)
		return cmd_usage_error("synth", usage_str, "unexpected argument '%s'", argv[optind]);
	if (!so->dir)
		return cmd_usage_error("synth", usage_str, "no output directory given (-o dir)");
	so->p.vendor = so->telemetry == ST_NVSMI ? SYNTH_NVIDIA : SYNTH_AMD;
	if (so->p.vendor == SYNTH_NVIDIA && (so->formats & (SF_ROCPROFV3 | SF_ROCPROF)))
		return cmd_usage_error("synth", usage_str,
				       "rocprof formats need an AMD node; nvidia-smi telemetry "
				       "makes an NVIDIA node");
	if (so->telemetry == ST_NONE && so->p.reasons)
		return cmd_usage_error("synth", usage_str,
				       "--reasons needs a telemetry log (--telemetry nvidia-smi or "
				       "amd-smi)");
	if (so->telemetry != ST_NVSMI && so->p.tick_ms == 100)
		return cmd_usage_error("synth", usage_str,
				       "--tick 100 needs --telemetry nvidia-smi (amd-smi logs whole "
				       "seconds)");
	return 0;
}

static const struct fmt_col summary_cols[] = {
	{ "gpu", FT_INT, 0 },		{ "straggler", FT_STR, 0 },
	{ "temp_c", FT_DBL, 1 },	{ "gfx_clk_mhz", FT_DBL, 0 },
	{ "power_w", FT_DBL, 0 },	{ "cap_w", FT_DBL, 0 },
	{ "lead_sum_ms", FT_DBL, 3 },	{ "lead_rank", FT_INT, 0 },
};

static void
print_summary(struct litsi_ctx *ctx, const struct synth_result *r, const char *dir)
{
	struct fmt *f = fmt_new(ctx->out, fmt_default_kind(ctx->out));
	int g, i, rank[SYNTH_MAX_GPUS];

	for (i = 0; i < r->p.gpus; i++)
		rank[r->lead_order[i]] = i + 1;
	fmt_note(f, "output", "%s", dir);
	fmt_note(f, "product", "%s", r->dev.product);
	fmt_begin(f, "synth", summary_cols, ARRAY_SIZE(summary_cols));
	for (g = 0; g < r->p.gpus; g++) {
		const struct synth_gpu *x = &r->gpu[g];

		fmt_int(f, g);
		fmt_str(f, x->is_straggler ? "yes" : "no");
		fmt_dbl(f, x->temp_c);
		fmt_dbl(f, x->f_mhz);
		fmt_dbl(f, x->power_w);
		if (x->cap_w > 0)
			fmt_dbl(f, x->cap_w);
		else
			fmt_str(f, NULL);
		fmt_dbl(f, x->lead_ns / 1e6);
		fmt_int(f, rank[g]);
		fmt_end_row(f);
	}
	fmt_end(f);
	fmt_free(f);
}

static int
run_synth(struct synth_opts *so, struct litsi_ctx *ctx)
{
	struct synth_result r;
	int rc;

	if (so->caps_path && read_caps(so->caps_path, so->p.cap_w, &ctx->err))
		return ctx->err.status;
	if (synth_run(&so->p, &r, &ctx->err)) {
		if (ctx->err.status == LITSI_EUSAGE)
			return cmd_usage_error("synth", usage_str, "%s", ctx->err.msg);
		return ctx->err.status;
	}
	rc = write_all(so, &r, &ctx->err);
	if (!rc && ctx->verbose >= 0)
		print_summary(ctx, &r, so->dir);
	synth_result_release(&r);
	return rc;
}

int
cmd_synth(int argc, char **argv, struct litsi_ctx *ctx)
{
	struct synth_opts so = {
		.p = { .gpus = 8, .samples = 10, .layers = 32, .seed = 1, .temp_spread_c = 12 },
		.formats = SF_PYTORCH,
		.telemetry = ST_AMDSMI,
	};
	int rc;

	record_cmdline(&so, argc, argv);
	rc = parse_args(argc, argv, &so, ctx);
	if (rc)
		return rc < 0 ? rc + CMD_ANSWERED : rc;
	return run_synth(&so, ctx);
}
