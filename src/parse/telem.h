/* SPDX-License-Identifier: MIT */
/*
 * telem.h: helpers shared by the GPU telemetry parsers (amd-smi, rocm-smi,
 * nvidia-smi, Zeus): cell values with units, metric names, local-time
 * conversion and a stream of JSON values. Private to parse/.
 */
#ifndef LITSI_TELEM_H
#define LITSI_TELEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "litsi/parse.h"

struct json_object;

/*
 * telem_number() - the reading in a cell: blanks, enclosing parentheses and a
 * trailing unit ("22.89 W", "(1700Mhz)", "98 %") are dropped. Return: 0 with
 * *out set, or -1 when the cell holds no reading (N/A, [Not Supported],
 * ENABLED, a Python list, hex, empty).
 */
int telem_number(const char *cell, double *out);

/*
 * telem_sanitise() - a column name as a metric name: lower case, runs of
 * other characters folded into '_', no '_' at either end ("power.draw" →
 * "power_draw"). @out always gets a NUL.
 */
void telem_sanitise(const char *name, size_t n, char *out, size_t outsz);

/* telem_unit_guess() - a unit from a sanitised name's suffix ("_clk" → "MHz"), or "". */
const char *telem_unit_guess(const char *metric);

/* ---- one row of readings: same GPU, same time ---- */
struct telem_row {
	struct sink *sink;
	int device;
	int64_t t_ns;
	unsigned done;		/* canonical metrics already sent in this row */
	int nr_xcd;		/* gfx_<n>_clk readings seen, for the mean */
	double xcd_sum;
	double viol_max;	/* max of pviol/tviol; < 0 when none seen */
	double viol_thermal;	/* max of the thermal violations/reasons; < 0: none */
	double viol_power;	/* max of the power violations/reasons; < 0: none */
	int64_t nr_sent;	/* readings sent (whole parse; not reset per row) */
};

/* telem_row_start() - begin a row for @device at @t_ns (resets the per-row state). */
void telem_row_start(struct telem_row *r, int device, int64_t t_ns);
/*
 * telem_put() - send one reading. A canonical metric (METRIC_*) is sent at most
 * once per row: the first column that supplies it wins.
 */
int telem_put(struct telem_row *r, const char *metric, const char *unit, double v,
	      struct err *err);
/*
 * telem_put_reasons() - an NVML clock event reasons bitmask @mask (a reading,
 * so a double): kept as clocks_event_reasons, and throttle_pct 100 when a
 * power or thermal reason is set (SW power cap 0x4, HW slowdown 0x8, SW
 * thermal 0x20, HW thermal 0x40, HW power brake 0x80), else 0; also
 * thermal_viol_pct (0x20, 0x40) and power_viol_pct (0x4, 0x80), 100 or 0.
 */
int telem_put_reasons(struct telem_row *r, double mask, struct err *err);
/*
 * telem_viol() - one violation residency (percent) of class @thermal (else
 * power), kept for the row's thermal_viol_pct / power_viol_pct: the row's
 * largest of each class is sent by telem_row_end().
 */
void telem_viol(struct telem_row *r, bool thermal, double pct);
/* telem_row_end() - send the derived readings (XCD mean clock, throttle, violations). */
int telem_row_end(struct telem_row *r, struct err *err);

/* ---- GPUs already announced to the sink ---- */
struct telem_gpus {
	unsigned char *seen;	/* indexed by device: O(1) per row */
	size_t len;
};
/* telem_gpu() - send a rec_gpu the first time @device is seen (always when @product). */
int telem_gpu(struct telem_gpus *g, struct sink *s, int device, const char *vendor,
	      const char *product, struct err *err);
void telem_gpus_release(struct telem_gpus *g);

/* ---- time ---- */
/*
 * telem_epoch_seconds() - "1786553852" or "1786553852.25" (epoch seconds) → ns.
 * Return: 0 or -1.
 */
int telem_epoch_seconds(const char *s, int64_t *out_ns);

/*
 * struct telem_tz - local time in a named zone. telem_tz_push() sets TZ to
 * @zone (NULL keeps the machine's zone) until telem_tz_pop() restores it.
 */
struct telem_tz {
	char *saved;		/* previous TZ, NULL when it was unset */
	bool changed;
	char hour_key[14];	/* "YYYY/MM/DD HH" of the cached hour */
	int64_t hour_s;		/* epoch seconds of that hour's start */
};
void telem_tz_push(struct telem_tz *tz, const char *zone);
void telem_tz_pop(struct telem_tz *tz);
/*
 * telem_parse_time() - "YYYY/MM/DD HH:MM:SS[.fff]" (local time in the pushed
 * zone) or ISO 8601 "YYYY-MM-DDTHH:MM:SS[.fff](Z|+HH:MM)" (an offset is exact;
 * none means local time) → epoch ns. Return: 0 or -1.
 */
int telem_parse_time(struct telem_tz *tz, const char *s, int64_t *out_ns);

/* ---- JSON ---- */
/*
 * telem_json_each() - call @fn on each top-level JSON value of @in in turn
 * (watch mode prints one per tick); the elements of a top-level list, and of
 * the list in a top-level {"gpu_data": [...]}, are passed one at a time
 * (streamed: memory stays bounded). Lines outside values that do not start
 * a value (amd-smi's "'CTRL' + 'C' to stop watching output:") are skipped.
 * One value passed to @fn may be at most TELEM_JSON_MAX_VALUE bytes of text.
 * @fn gets the line where the value started. Return: 0 or a negative status.
 */
enum { TELEM_JSON_MAX_VALUE = 1 << 20 };
int telem_json_each(struct input *in, int (*fn)(struct json_object *, uint64_t line, void *),
		    void *arg, struct err *err);

/* telem_json_cell() - a JSON leaf as cell text and unit: {"value":v,"unit":u}, numbers, strings. */
int telem_json_cell(struct json_object *v, char *buf, size_t bufsz, const char **unit);

/* ---- probing ---- */
/*
 * telem_first_line() - the first line of @head that is not blank, not a
 * WARNING and not amd-smi's CTRL+C line; NULL when there is none.
 */
const char *telem_first_line(const char *head, size_t len, size_t *line_len);
/* telem_is_ctrl_line() - amd-smi's watch-mode banner line. */
bool telem_is_ctrl_line(const char *line, size_t len);

#endif
