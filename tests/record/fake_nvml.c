/* SPDX-License-Identifier: MIT */
/*
 * fake_nvml.c: a stand-in libnvidia-ml.so.1 for the tests of litsi record's
 * NVML backend on machines without NVIDIA GPUs. It stands in for the
 * library's ABI only (the functions litsi loads, with nvml.h's signatures and
 * units); its readings are synthetic, rising with each call so that a
 * recording shows change. The real library is checked by
 * scripts/device-check.sh on a GPU machine. FAKE_GPUS sets the GPU count
 * (default 2; 0: nvmlInit fails as without a driver).
 */
#include <stdlib.h>
#include <string.h>

typedef struct {
	unsigned int gpu, memory;
} util_t;
typedef struct {
	unsigned long long ref, viol;
} viol_t;
typedef struct {
	unsigned int field_id, scope_id;
	long long timestamp, latency_us;
	int value_type, ret;
	union {
		double d;
		unsigned int ui;
		unsigned long long ull;
	} value;
} field_t;

static unsigned calls;

static unsigned
gpus(void)
{
	const char *e = getenv("FAKE_GPUS");

	return e ? (unsigned)strtoul(e, NULL, 10) : 2;
}

static unsigned
dev(void *d)
{
	return (unsigned)(unsigned long)d - 1;
}

int nvmlInit_v2(void) { return gpus() ? 0 : 9; }
int nvmlShutdown(void) { return 0; }
int nvmlDeviceGetCount_v2(unsigned *n) { *n = gpus(); return 0; }

int
nvmlDeviceGetHandleByIndex_v2(unsigned i, void **d)
{
	*d = (void *)(unsigned long)(i + 1);
	return i < gpus() ? 0 : 2;
}

int
nvmlDeviceGetName(void *d, char *name, unsigned len)
{
	(void)d;
	strncpy(name, "NVIDIA Fake, Rev 1", len - 1);
	name[len - 1] = '\0';
	return 0;
}

int
nvmlDeviceGetTemperature(void *d, int sensor, unsigned *t)
{
	*t = 40 + dev(d) * 5 + (sensor ? 100 : 0);
	return 0;
}

/* Memory temperature (field 82) on GPU 0 only, as on a part without HBM sensor. */
int
nvmlDeviceGetFieldValues(void *d, int n, field_t *v)
{
	for (int i = 0; i < n; i++) {
		v[i].ret = v[i].field_id == 82 && dev(d) == 0 ? 0 : 3;
		v[i].value_type = 1;
		v[i].value.ui = 55;
	}
	return 0;
}

/* SM clock falls as the calls go on, as under a power cap; memory stays. */
int
nvmlDeviceGetClockInfo(void *d, int type, unsigned *mhz)
{
	(void)d;
	*mhz = type == 2 ? 2619 : 1980 - (calls++ % 20) * 10;
	return 0;
}

int
nvmlDeviceGetPowerUsage(void *d, unsigned *mw)
{
	*mw = 300000 + dev(d) * 50000 + (calls++ % 20) * 10000;
	return 0;
}

int nvmlDeviceGetEnforcedPowerLimit(void *d, unsigned *mw) { (void)d; *mw = 700000; return 0; }

int
nvmlDeviceGetUtilizationRates(void *d, util_t *u)
{
	(void)d;
	u->gpu = 97;
	u->memory = 40;
	return 0;
}

int
nvmlDeviceGetTotalEnergyConsumption(void *d, unsigned long long *mj)
{
	*mj = 1000000ULL * (dev(d) + 1) + calls++;
	return 0;
}

/* GPU 1 is held back by the power cap (0x4). */
int
nvmlDeviceGetCurrentClocksEventReasons(void *d, unsigned long long *mask)
{
	*mask = dev(d) == 1 ? 0x4 : 0;
	return 0;
}

int
nvmlDeviceGetViolationStatus(void *d, int policy, viol_t *t)
{
	t->ref = 0;
	t->viol = policy == 0 && dev(d) == 1 ? 2500000000ULL : 0;
	return 0;
}
