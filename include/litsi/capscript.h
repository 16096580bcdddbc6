/* SPDX-License-Identifier: MIT */
/*
 * capscript.h: a shell script that applies a node's power caps and can undo
 * them (caps --script, report --script). When run, the script records the
 * caps in force with the vendor's tool (amd-smi or nvidia-smi), checks each
 * GPU's part and power limit range, writes the restore script, and only then
 * applies the caps. Writing the script runs nothing.
 */
#ifndef LITSI_CAPSCRIPT_H
#define LITSI_CAPSCRIPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct caps_script_gpu {
	int device;		/* the tool's GPU index */
	int cap;		/* the cap to apply, W */
	const char *product;	/* as litsi recorded it; NULL: not checked */
	bool nvidia;		/* nvidia-smi, else amd-smi */
};

/*
 * caps_script_write() - the apply script for node @node, @what one line
 * saying what the caps are ("gpu-realloc caps of the caps model"), to @out.
 * Return: 0, or -1 when @out has a write error.
 */
int caps_script_write(FILE *out, const char *node, const char *what,
		      const struct caps_script_gpu *g, size_t n);

#endif
