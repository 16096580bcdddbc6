/* SPDX-License-Identifier: MIT */
/*
 * kclass.c: the class of a GPU kernel (comm, memcpy, memset, compute) from
 * its name and category; a leaf that every trace reader calls.
 */
#include "litsi/kclass.h"
#include "litsi/litsi.h"

#include <stdbool.h>
#include <string.h>
#include <strings.h>

/*
 * One pass over a kernel name (they run to hundreds of bytes of template
 * arguments): does it contain nccl or rccl (then *comm, and the scan stops),
 * __amd_rocclr_copyBuffer (*copy) or __amd_rocclr_fillBuffer (*fill), in
 * any case.
 */
static void
scan_name(const char *s, size_t n, bool *comm, bool *copy, bool *fill)
{
	size_t i;

	for (i = 0; i < n; i++) {
		char c = (char)(s[i] | 0x20);

		if ((c == 'n' || c == 'r') && n - i >= 4 && !strncasecmp(s + i + 1, "ccl", 3)) {
			*comm = true;
			return;
		}
		if (s[i] == '_' && n - i >= 23 && !strncasecmp(s + i, "__amd_rocclr_", 13)) {
			if (!strncasecmp(s + i + 13, "copyBuffer", 10))
				*copy = true;
			else if (!strncasecmp(s + i + 13, "fillBuffer", 10))
				*fill = true;
		}
	}
}

enum kernel_class
kernel_classify(const char *name, size_t len, const char *cat)
{
	bool comm = false, copy = false, fill = false;

	if (cat && !strcmp(cat, "gpu_memcpy"))
		return KCLASS_MEMCPY;
	scan_name(name, len, &comm, &copy, &fill);
	if (comm)
		return KCLASS_COMM;
	if (cat && !strcmp(cat, "gpu_memset"))
		return KCLASS_MEMSET;
	if (len >= 6 && (!strncmp(name, "Memcpy", 6) || !strncmp(name, "MEMORY_COPY", 11 < len ? 11 : len)))
		return KCLASS_MEMCPY;
	if (len >= 6 && !strncmp(name, "Memset", 6))
		return KCLASS_MEMSET;
	if (copy)
		return KCLASS_MEMCPY;
	if (fill)
		return KCLASS_MEMSET;
	return KCLASS_COMPUTE;
}
