/* SPDX-License-Identifier: MIT */
/*
 * rsmi.c: AMD GPUs read through the ROCm SMI library (librocm_smi64, loaded
 * at run time), written as an amd-smi monitor CSV log under amd-smi's own
 * names, with fractional epoch-second timestamps. Only read-only calls are
 * made: no setting changes.
 */
#include "litsi/record.h"
#include "litsi/litsi.h"
#include "litsi/util.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "record_int.h"

/* ROCm SMI's ABI, as rocm_smi.h declares it. */
typedef int rsmi_ret;	/* rsmi_status_t; 0 is RSMI_STATUS_SUCCESS */
enum {
	RSMI_TEMP_TYPE_EDGE = 0, RSMI_TEMP_TYPE_JUNCTION = 1, RSMI_TEMP_TYPE_MEMORY = 2,
	RSMI_TEMP_CURRENT = 0,
	RSMI_CLK_TYPE_SYS = 0, RSMI_CLK_TYPE_MEM = 4,
};

struct rsmi {
	void *lib;
	unsigned nr;
	rsmi_ret (*shutdown)(void);
	rsmi_ret (*temp)(uint32_t, uint32_t, uint32_t, int64_t *);
	rsmi_ret (*socket_power)(uint32_t, uint64_t *);
	rsmi_ret (*ave_power)(uint32_t, uint32_t, uint64_t *);
	rsmi_ret (*cap)(uint32_t, uint32_t, uint64_t *);
	rsmi_ret (*busy)(uint32_t, uint32_t *);
	rsmi_ret (*mem_busy)(uint32_t, uint32_t *);
	rsmi_ret (*energy)(uint32_t, uint64_t *, float *, uint64_t *);
	rsmi_ret (*clock)(uint32_t, int, void *);
};

static const char header[] =
	"timestamp,gpu,power_usage,max_power,edge_temperature,hotspot_temperature,"
	"memory_temperature,gfx_clk,mem_clock,gfx,mem,total_energy_consumption\n";

static const char *const libs[] = {
	"librocm_smi64.so.7", "librocm_smi64.so.6", "librocm_smi64.so.5",
	"librocm_smi64.so.1", "librocm_smi64.so",
};

static void
rsmi_close(void *state)
{
	struct rsmi *r = state;

	if (!r)
		return;
	if (r->shutdown)
		r->shutdown();
	if (r->lib)
		dlclose(r->lib);
	free(r);
}

static void
bind_readers(struct rsmi *r)
{
	*(void **)&r->shutdown = dlsym(r->lib, "rsmi_shut_down");
	*(void **)&r->temp = dlsym(r->lib, "rsmi_dev_temp_metric_get");
	*(void **)&r->socket_power = dlsym(r->lib, "rsmi_dev_current_socket_power_get");
	*(void **)&r->ave_power = dlsym(r->lib, "rsmi_dev_power_ave_get");
	*(void **)&r->cap = dlsym(r->lib, "rsmi_dev_power_cap_get");
	*(void **)&r->busy = dlsym(r->lib, "rsmi_dev_busy_percent_get");
	*(void **)&r->mem_busy = dlsym(r->lib, "rsmi_dev_memory_busy_percent_get");
	*(void **)&r->energy = dlsym(r->lib, "rsmi_dev_energy_count_get");
	*(void **)&r->clock = dlsym(r->lib, "rsmi_dev_gpu_clk_freq_get");
}

/*
 * rsmi_init() prints its own complaints ("Failed to open drm root
 * directory") on a machine without amdgpu: they go to /dev/null, and the
 * failure is reported once, as the reason this backend was not chosen.
 */
static rsmi_ret
quiet_init(rsmi_ret (*init)(uint64_t))
{
	int saved = dup(2), nul = open("/dev/null", O_WRONLY | O_CLOEXEC);
	rsmi_ret rc;

	if (saved >= 0 && nul >= 0)
		dup2(nul, 2);
	rc = init(0);
	if (saved >= 0 && nul >= 0)
		dup2(saved, 2);
	if (saved >= 0)
		close(saved);
	if (nul >= 0)
		close(nul);
	return rc;
}

static int
rsmi_open(void **state, unsigned *nr_gpus, struct err *err)
{
	struct rsmi *r = xcalloc(1, sizeof(*r));
	rsmi_ret (*init)(uint64_t), (*count)(uint32_t *);
	uint32_t n = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(libs) && !r->lib; i++)
		r->lib = dlopen(libs[i], RTLD_NOW | RTLD_LOCAL);
	if (!r->lib) {
		free(r);
		return err_set(err, LITSI_EDB, "librocm_smi64 not found");
	}
	*(void **)&init = dlsym(r->lib, "rsmi_init");
	*(void **)&count = dlsym(r->lib, "rsmi_num_monitor_devices");
	if (!init || !count || quiet_init(init)) {
		dlclose(r->lib);
		free(r);
		return err_set(err, LITSI_EDB, "ROCm SMI did not start (no amdgpu driver?)");
	}
	bind_readers(r);
	if (count(&n) || n == 0 || n > 1024) {
		rsmi_close(r);
		return err_set(err, LITSI_EDB, "ROCm SMI sees no GPU");
	}
	r->nr = n;
	*state = r;
	*nr_gpus = n;
	return 0;
}

static void
rsmi_header(void *state, FILE *f)
{
	(void)state;
	fputs(header, f);
}

/*
 * The current clock in MHz from an rsmi_frequencies_t. ROCm 6 put a bool
 * (has_deep_sleep) before the two counts, moving them by 4 bytes; the
 * layout whose current level indexes a plausible frequency (1 MHz to
 * 10 GHz, in Hz) is the library's.
 */
static bool
clock_mhz(struct rsmi *r, uint32_t gpu, int type, double *mhz)
{
	uint64_t buf[64] = { 0 };
	const unsigned char *b = (const unsigned char *)buf;
	static const size_t at[][3] = { { 4, 8, 16 }, { 0, 4, 8 } };	/* num, cur, freq[] */
	size_t k;

	if (!r->clock || r->clock(gpu, type, buf))
		return false;
	for (k = 0; k < ARRAY_SIZE(at); k++) {
		uint32_t num, cur;
		uint64_t hz;

		memcpy(&num, b + at[k][0], 4);
		memcpy(&cur, b + at[k][1], 4);
		if (num == 0 || num > 33 || cur >= num)
			continue;
		memcpy(&hz, b + at[k][2] + 8 * cur, 8);
		if (hz >= 1000000 && hz <= 10000000000ULL) {
			*mhz = (double)hz / 1e6;
			return true;
		}
	}
	return false;
}

static void
row_temps(struct rsmi *r, uint32_t gpu, FILE *f)
{
	static const uint32_t sensors[] = { RSMI_TEMP_TYPE_EDGE, RSMI_TEMP_TYPE_JUNCTION,
					    RSMI_TEMP_TYPE_MEMORY };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sensors); i++) {
		int64_t mc = 0;
		bool ok = r->temp && !r->temp(gpu, sensors[i], RSMI_TEMP_CURRENT, &mc) && mc > 0;

		rec_cell_num(f, ",", ok, (double)mc / 1000.0, 0);
	}
}

static void
rsmi_row(void *state, unsigned gpu, int64_t t_ns, FILE *f)
{
	struct rsmi *r = state;
	uint64_t uw = 0, cap = 0, acc = 0, ts = 0;
	uint32_t busy = 0, mem_busy = 0;
	float res = 0;
	double mhz = 0;
	bool ok;

	fprintf(f, "%lld.%03d,%u", (long long)(t_ns / 1000000000),
		(int)(t_ns / 1000000 % 1000), gpu);
	ok = (r->socket_power && !r->socket_power(gpu, &uw)) ||
	     (r->ave_power && !r->ave_power(gpu, 0, &uw));
	rec_cell_num(f, ",", ok, (double)uw / 1e6, 1);
	ok = r->cap && !r->cap(gpu, 0, &cap);
	rec_cell_num(f, ",", ok, (double)cap / 1e6, 1);
	row_temps(r, gpu, f);
	ok = clock_mhz(r, gpu, RSMI_CLK_TYPE_SYS, &mhz);
	rec_cell_num(f, ",", ok, mhz, 0);
	ok = clock_mhz(r, gpu, RSMI_CLK_TYPE_MEM, &mhz);
	rec_cell_num(f, ",", ok, mhz, 0);
	ok = r->busy && !r->busy(gpu, &busy);
	rec_cell_num(f, ",", ok, busy, 0);
	ok = r->mem_busy && !r->mem_busy(gpu, &mem_busy);
	rec_cell_num(f, ",", ok, mem_busy, 0);
	/* amd-smi's total_energy_consumption: accumulator x resolution (uJ), in J. */
	ok = r->energy && !r->energy(gpu, &acc, &res, &ts) && res > 0;
	rec_cell_num(f, ",", ok, (double)acc * res / 1e6, 3);
	fputc('\n', f);
}

const struct rec_lib rec_rocm_smi = {
	.file = "amd-smi.csv",
	.open = rsmi_open,
	.header = rsmi_header,
	.row = rsmi_row,
	.close = rsmi_close,
};
