/* SPDX-License-Identifier: MIT */
/*
 * nvml.c: NVIDIA GPUs read through NVML (libnvidia-ml.so.1, loaded at run
 * time so that litsi needs no NVIDIA package to build or run), written as an
 * nvidia-smi --query-gpu CSV log (--format=csv,nounits) under nvidia-smi's
 * own query names. Only read-only NVML calls are made: no setting changes.
 */
#include "litsi/record.h"
#include "litsi/litsi.h"
#include "litsi/util.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "record_int.h"

/* NVML's ABI, as nvml.h declares it (stable across driver releases). */
typedef int nvml_ret;	/* nvmlReturn_t; 0 is NVML_SUCCESS */
typedef void *nvml_dev;	/* nvmlDevice_t */
struct nvml_util {
	unsigned gpu, memory;	/* nvmlUtilization_t, % */
};
struct nvml_violation {
	unsigned long long reference_time, violation_time;	/* nvmlViolationTime_t, ns */
};
struct nvml_field {	/* nvmlFieldValue_t */
	unsigned field_id, scope_id;
	long long timestamp, latency_us;
	int value_type, nvml_return;
	union {
		double d;
		unsigned int ui;
		unsigned long ul;
		unsigned long long ull;
		long long sll;
		int si;
		unsigned short us;
	} value;
};
enum {
	NVML_TEMPERATURE_GPU = 0,
	NVML_CLOCK_GRAPHICS = 0, NVML_CLOCK_SM = 1, NVML_CLOCK_MEM = 2,
	NVML_PERF_POLICY_POWER = 0, NVML_PERF_POLICY_THERMAL = 1,
	NVML_FI_DEV_MEMORY_TEMP = 82,
	NVML_NAME_LEN = 96,
};

struct nvml {
	void *lib;
	unsigned nr;
	nvml_dev *dev;
	char (*name)[NVML_NAME_LEN];
	nvml_ret (*shutdown)(void);
	nvml_ret (*temp)(nvml_dev, int, unsigned *);
	nvml_ret (*fields)(nvml_dev, int, struct nvml_field *);
	nvml_ret (*clock)(nvml_dev, int, unsigned *);
	nvml_ret (*power)(nvml_dev, unsigned *);
	nvml_ret (*limit)(nvml_dev, unsigned *);
	nvml_ret (*util)(nvml_dev, struct nvml_util *);
	nvml_ret (*energy)(nvml_dev, unsigned long long *);
	nvml_ret (*reasons)(nvml_dev, unsigned long long *);
	nvml_ret (*violation)(nvml_dev, int, struct nvml_violation *);
};

/* The header: nvidia-smi's query names; one row() cell each, in this order. */
static const char header[] =
	"timestamp, index, name, temperature.gpu, temperature.memory, "
	"clocks.current.sm [MHz], clocks.current.graphics [MHz], clocks.current.memory [MHz], "
	"power.draw [W], enforced.power.limit [W], utilization.gpu [%], "
	"utilization.memory [%], total_energy_consumption [J], clocks_event_reasons.active, "
	"clocks_event_reasons_counters.sw_power_cap [us], "
	"clocks_event_reasons_counters.sw_thermal_slowdown [us]\n";

static void *
sym(void *lib, const char *name, const char *fallback)
{
	void *p = dlsym(lib, name);

	return p || !fallback ? p : dlsym(lib, fallback);
}

static void
nvml_close(void *state)
{
	struct nvml *n = state;

	if (!n)
		return;
	if (n->shutdown)
		n->shutdown();
	if (n->lib)
		dlclose(n->lib);
	free(n->dev);
	free(n->name);
	free(n);
}

static void
bind_readers(struct nvml *n)
{
	*(void **)&n->shutdown = sym(n->lib, "nvmlShutdown", NULL);
	*(void **)&n->temp = sym(n->lib, "nvmlDeviceGetTemperature", NULL);
	*(void **)&n->fields = sym(n->lib, "nvmlDeviceGetFieldValues", NULL);
	*(void **)&n->clock = sym(n->lib, "nvmlDeviceGetClockInfo", NULL);
	*(void **)&n->power = sym(n->lib, "nvmlDeviceGetPowerUsage", NULL);
	*(void **)&n->limit = sym(n->lib, "nvmlDeviceGetEnforcedPowerLimit", NULL);
	*(void **)&n->util = sym(n->lib, "nvmlDeviceGetUtilizationRates", NULL);
	*(void **)&n->energy = sym(n->lib, "nvmlDeviceGetTotalEnergyConsumption", NULL);
	*(void **)&n->reasons = sym(n->lib, "nvmlDeviceGetCurrentClocksEventReasons",
				    "nvmlDeviceGetCurrentClocksThrottleReasons");
	*(void **)&n->violation = sym(n->lib, "nvmlDeviceGetViolationStatus", NULL);
}

static int
nvml_open(void **state, unsigned *nr_gpus, struct err *err)
{
	struct nvml *n = xcalloc(1, sizeof(*n));
	nvml_ret (*init)(void), (*count)(unsigned *), (*handle)(unsigned, nvml_dev *);
	nvml_ret (*name)(nvml_dev, char *, unsigned);
	unsigned i;

	n->lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
	if (!n->lib) {
		free(n);
		return err_set(err, LITSI_EDB, "libnvidia-ml.so.1 not found");
	}
	*(void **)&init = sym(n->lib, "nvmlInit_v2", "nvmlInit");
	*(void **)&count = sym(n->lib, "nvmlDeviceGetCount_v2", "nvmlDeviceGetCount");
	*(void **)&handle = sym(n->lib, "nvmlDeviceGetHandleByIndex_v2",
				"nvmlDeviceGetHandleByIndex");
	*(void **)&name = sym(n->lib, "nvmlDeviceGetName", NULL);
	if (!init || !count || !handle || init()) {
		dlclose(n->lib);
		free(n);
		return err_set(err, LITSI_EDB, "NVML did not start (no NVIDIA driver?)");
	}
	bind_readers(n);
	if (count(&n->nr) || n->nr == 0 || n->nr > 1024) {
		nvml_close(n);
		return err_set(err, LITSI_EDB, "NVML sees no GPU");
	}
	n->dev = xcalloc(n->nr, sizeof(*n->dev));
	n->name = xcalloc(n->nr, sizeof(*n->name));
	for (i = 0; i < n->nr; i++) {
		if (handle(i, &n->dev[i])) {
			nvml_close(n);
			return err_set(err, LITSI_EDB, "NVML cannot open GPU %u", i);
		}
		if (!name || name(n->dev[i], n->name[i], NVML_NAME_LEN))
			snprintf(n->name[i], NVML_NAME_LEN, "[N/A]");
		/* nvidia-smi's cells hold no comma; a name is one cell. */
		for (char *c = n->name[i]; *c; c++)
			if (*c == ',' || *c == '\n')
				*c = ' ';
	}
	*state = n;
	*nr_gpus = n->nr;
	return 0;
}

static void
nvml_header(void *state, FILE *f)
{
	(void)state;
	fputs(header, f);
}

static bool
field_number(const struct nvml_field *v, double *out)
{
	if (v->nvml_return)
		return false;
	switch (v->value_type) {
	case 0: *out = v->value.d; return true;
	case 1: *out = v->value.ui; return true;
	case 2: *out = (double)v->value.ul; return true;
	case 3: *out = (double)v->value.ull; return true;
	case 4: *out = (double)v->value.sll; return true;
	case 5: *out = v->value.si; return true;
	case 6: *out = v->value.us; return true;
	default: return false;
	}
}

static void
row_temps(struct nvml *n, nvml_dev d, FILE *f)
{
	struct nvml_field fv = { .field_id = NVML_FI_DEV_MEMORY_TEMP };
	unsigned t = 0;
	double mem = 0;
	bool ok;

	ok = n->temp && !n->temp(d, NVML_TEMPERATURE_GPU, &t);
	rec_cell_num(f, ", ", ok, t, 0);
	ok = n->fields && !n->fields(d, 1, &fv) && field_number(&fv, &mem) && mem > 0;
	rec_cell_num(f, ", ", ok, mem, 0);
}

static void
row_clocks_power(struct nvml *n, nvml_dev d, FILE *f)
{
	static const int clocks[] = { NVML_CLOCK_SM, NVML_CLOCK_GRAPHICS, NVML_CLOCK_MEM };
	unsigned v = 0;
	size_t i;
	bool ok;

	for (i = 0; i < ARRAY_SIZE(clocks); i++) {
		ok = n->clock && !n->clock(d, clocks[i], &v);
		rec_cell_num(f, ", ", ok, v, 0);
	}
	ok = n->power && !n->power(d, &v);
	rec_cell_num(f, ", ", ok, v / 1000.0, 2);
	ok = n->limit && !n->limit(d, &v);
	rec_cell_num(f, ", ", ok, v / 1000.0, 2);
}

static void
row_activity(struct nvml *n, nvml_dev d, FILE *f)
{
	struct nvml_util u = { 0, 0 };
	struct nvml_violation vt;
	unsigned long long e = 0, mask = 0;
	bool ok;

	ok = n->util && !n->util(d, &u);
	rec_cell_num(f, ", ", ok, u.gpu, 0);
	rec_cell_num(f, ", ", ok, u.memory, 0);
	ok = n->energy && !n->energy(d, &e);
	rec_cell_num(f, ", ", ok, (double)e / 1000.0, 3);
	if (n->reasons && !n->reasons(d, &mask))
		fprintf(f, ", 0x%016llx", mask);
	else
		rec_cell_na(f, ", ", "[N/A]");
	/* Time spent held back since the driver loaded: power cap, then thermal. */
	ok = n->violation && !n->violation(d, NVML_PERF_POLICY_POWER, &vt);
	rec_cell_num(f, ", ", ok, ok ? (double)(vt.violation_time / 1000) : 0, 0);
	ok = n->violation && !n->violation(d, NVML_PERF_POLICY_THERMAL, &vt);
	rec_cell_num(f, ", ", ok, ok ? (double)(vt.violation_time / 1000) : 0, 0);
}

static void
nvml_row(void *state, unsigned gpu, int64_t t_ns, FILE *f)
{
	struct nvml *n = state;
	nvml_dev d = n->dev[gpu];
	time_t s = (time_t)(t_ns / 1000000000);
	struct tm tm;
	char when[32];

	gmtime_r(&s, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%S", &tm);
	fprintf(f, "%s.%03dZ, %u, %s", when, (int)(t_ns / 1000000 % 1000), gpu, n->name[gpu]);
	row_temps(n, d, f);
	row_clocks_power(n, d, f);
	row_activity(n, d, f);
	fputc('\n', f);
}

const struct rec_lib rec_nvml = {
	.file = "nvidia-smi.csv",
	.open = nvml_open,
	.header = nvml_header,
	.row = nvml_row,
	.close = nvml_close,
};
