/* SPDX-License-Identifier: MIT */
/* rocprof_int.h: helpers shared by the ROCm profiler parsers (src/parse only). */
#ifndef LITSI_PARSE_ROCPROF_INT_H
#define LITSI_PARSE_ROCPROF_INT_H

#include "litsi/parse.h"

/*
 * rocprof_stats() - parse a stats CSV ("Name","Calls","TotalDurationNs",
 * "AverageNs","Percentage"[,"MinNs","MaxNs","StdDev"]) into aggregates.
 * Rows whose field count differs from the header's (legacy names with
 * unquoted commas) are read right to left: the last four fields are numbers.
 */
int rocprof_stats(struct input *in, const char *format, struct sink *s, struct err *err);
/* rocprof_stats_kind() - aggregate kind from the file name ("hip_stats", ...). */
void rocprof_stats_kind(const struct input *in, char *buf, size_t len);
/* rocprof_is_stats() - whether @head is a stats header. */
bool rocprof_is_stats(const char *head, size_t len);

#endif
