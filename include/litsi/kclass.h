/* SPDX-License-Identifier: MIT */
/* kclass.h: the class of a GPU kernel from its name; a leaf (src/parse/kclass.c). */
#ifndef LITSI_KCLASS_H
#define LITSI_KCLASS_H

#include <stddef.h>

#include "litsi/trace.h"

/*
 * kernel_classify() - comm/memcpy/memset/compute by name and category. @name
 * holds @len bytes (not NUL-terminated); @cat is the trace's category
 * ("gpu_memcpy", "gpu_memset") or NULL.
 */
enum kernel_class kernel_classify(const char *name, size_t len, const char *cat);

#endif
