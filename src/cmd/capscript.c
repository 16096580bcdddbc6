/* SPDX-License-Identifier: MIT */
/* capscript.c: write a node's caps script (caps --script, report --script). */
#include "cmd.h"
#include "litsi/capscript.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Each GPU of @c with its product and tool, as the store recorded them for @node. */
static int
script_gpus(struct litsi_ctx *ctx, const char *node, const struct res_caps *c,
	    struct caps_script_gpu *sg, struct info_gpu **gi, size_t *ngi)
{
	size_t g, i;

	if (store_info_gpus(ctx->st, gi, ngi, &ctx->err))
		return ctx->err.status;
	for (g = 0; g < c->G; g++) {
		sg[g] = (struct caps_script_gpu){ .device = c->device[g], .cap = c->caps[g] };
		for (i = 0; i < *ngi; i++) {
			const struct info_gpu *x = &(*gi)[i];

			if (strcmp(x->node, node) || x->device != c->device[g])
				continue;
			sg[g].product = x->product;
			sg[g].nvidia = x->vendor && !strcmp(x->vendor, "NVIDIA");
		}
	}
	return 0;
}

int
cmd_caps_script(struct litsi_ctx *ctx, const char *path, const char *node, const char *what,
		const struct res_caps *c)
{
	struct caps_script_gpu *sg = xcalloc(c->G + 1, sizeof(*sg));
	struct info_gpu *gi = NULL;
	struct sbuf tmp = SBUF_INIT;
	size_t ngi = 0;
	FILE *f = NULL;
	int rc;

	if ((rc = script_gpus(ctx, node, c, sg, &gi, &ngi)))
		goto out;
	sbuf_addf(&tmp, "%s.tmp", path);
	f = fopen(tmp.buf, "w");
	if (!f) {
		rc = err_set(&ctx->err, LITSI_EDB, "cannot write '%s': %s", tmp.buf,
			     strerror(errno));
		goto out;
	}
	/* the script is written whole, then made executable and put in place */
	if (caps_script_write(f, node, what, sg, c->G) | fclose(f) ||
	    chmod(tmp.buf, 0755) || rename(tmp.buf, path)) {
		rc = err_set(&ctx->err, LITSI_EDB, "cannot write '%s': %s", path,
			     strerror(errno));
		unlink(tmp.buf);
	}
out:
	store_info_free(NULL, 0, gi, ngi, NULL, 0);
	sbuf_release(&tmp);
	free(sg);
	return rc;
}
