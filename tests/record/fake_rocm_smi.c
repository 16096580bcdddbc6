/* SPDX-License-Identifier: MIT */
/*
 * fake_rocm_smi.c: a stand-in librocm_smi64 for the tests of litsi record's
 * ROCm SMI backend on machines without AMD GPUs. It stands in for the
 * library's ABI only (the functions litsi loads, with rocm_smi.h's
 * signatures and units); its readings are synthetic. FAKE_RSMI_OLD=1 lays
 * out rsmi_frequencies_t as before ROCm 6 (no has_deep_sleep), else as
 * ROCm 6 does. FAKE_GPUS sets the GPU count (default 2).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint32_t
gpus(void)
{
	const char *e = getenv("FAKE_GPUS");

	return e ? (uint32_t)strtoul(e, NULL, 10) : 2;
}

int rsmi_init(uint64_t flags) { (void)flags; return gpus() ? 0 : 8; }
int rsmi_shut_down(void) { return 0; }
int rsmi_num_monitor_devices(uint32_t *n) { *n = gpus(); return 0; }

/* No edge sensor (as MI300), junction and memory in millidegrees. */
int
rsmi_dev_temp_metric_get(uint32_t d, uint32_t sensor, uint32_t metric, int64_t *t)
{
	(void)metric;
	if (sensor == 0)
		return 2;
	*t = (sensor == 1 ? 60000 : 50000) + (int64_t)d * 4000;
	return 0;
}

int rsmi_dev_current_socket_power_get(uint32_t d, uint64_t *uw) { *uw = 600000000ULL + d * 1000000ULL; return 0; }
int rsmi_dev_power_cap_get(uint32_t d, uint32_t s, uint64_t *uw) { (void)d; (void)s; *uw = 750000000ULL; return 0; }
int rsmi_dev_busy_percent_get(uint32_t d, uint32_t *p) { (void)d; *p = 99; return 0; }
int rsmi_dev_memory_busy_percent_get(uint32_t d, uint32_t *p) { (void)d; *p = 30; return 0; }

int
rsmi_dev_energy_count_get(uint32_t d, uint64_t *acc, float *res, uint64_t *ts)
{
	*acc = 1000000ULL * (d + 1);
	*res = 15.259f;
	*ts = 0;
	return 0;
}

struct freq_old {
	uint32_t num_supported, current;
	uint64_t frequency[32];
};
struct freq_new {
	bool has_deep_sleep;
	uint32_t num_supported, current;
	uint64_t frequency[33];
};

/* Levels 500, 1500, 2100 MHz (sclk; current level 1 + GPU) or 1300 MHz (memory). */
int
rsmi_dev_gpu_clk_freq_get(uint32_t d, int type, void *out)
{
	uint64_t f[3] = { 500000000ULL, 1500000000ULL, 2100000000ULL };
	uint32_t cur = type == 4 ? 0 : (d + 1) % 3;

	if (type == 4)
		f[0] = 1300000000ULL;
	if (getenv("FAKE_RSMI_OLD")) {
		struct freq_old *o = out;

		o->num_supported = 3;
		o->current = cur;
		memcpy(o->frequency, f, sizeof(f));
	} else {
		struct freq_new *n = out;

		n->has_deep_sleep = true;
		n->num_supported = 3;
		n->current = cur;
		memcpy(n->frequency, f, sizeof(f));
	}
	return 0;
}
