/* SPDX-License-Identifier: MIT */
/*
 * caps_script.c: the shell script that applies a node's power caps after
 * recording the caps in force and checking each GPU's part and limits, and
 * that writes the script restoring them (caps --script, report --script).
 */
#include "litsi/capscript.h"
#include "litsi/caps.h"
#include "litsi/fmt.h"
#include "litsi/litsi.h"
#include "litsi/util.h"

#include <stdlib.h>
#include <string.h>

/* Everything of the script that does not depend on the node. */
static const char script_head[] =
	"set -u\n"
	"restore=${LITSI_CAPS_RESTORE:-$0.restore}\n"
	"tmp=$restore.tmp\n"
	"fail() { printf '%s: %s\\n' \"$0\" \"$*\" >&2; rm -f \"$tmp\"; exit 1; }\n"
	"\n"
	"# \"cap min max\" in whole watts, '-' for a value the tool does not report\n"
	"watts3='{ for (i = 1; i <= 3; i++) { v = $i; gsub(/[^0-9.]/, \"\", v);\n"
	"\tprintf \"%s%s\", (i > 1 ? \" \" : \"\"), (v == \"\" ? \"-\" : int(v + 0.5)) }\n"
	"\tprint \"\" }'\n"
	"limits_nvidia() {\n"
	"\tnvidia-smi -i \"$1\" --query-gpu=power.limit,power.min_limit,power.max_limit \\\n"
	"\t\t--format=csv,noheader,nounits | awk -F, \"$watts3\"\n"
	"}\n"
	"name_nvidia() { nvidia-smi -i \"$1\" --query-gpu=name --format=csv,noheader; }\n"
	"# amd-smi names the columns differently from release to release\n"
	"limits_amd() {\n"
	"\tamd-smi static --limit -g \"$1\" --csv | awk -F, '\n"
	"\tfunction col(names,  n, a, i) { n = split(names, a, \" \")\n"
	"\t\tfor (i = 1; i <= n; i++) if (a[i] in at) return $(at[a[i]]); return \"\" }\n"
	"\tNR == 1 { for (i = 1; i <= NF; i++) { h = $i; gsub(/^ +| +$/, \"\", h); at[h] = i }; next }\n"
	"\tNR == 2 { print col(\"socket_power_limit socket_power power_cap\") \",\" \\\n"
	"\t\tcol(\"min_power_limit min_power\") \",\" col(\"max_power_limit max_power\"); exit }' |\n"
	"\t\tawk -F, \"$watts3\"\n"
	"}\n"
	"name_amd() {\n"
	"\tamd-smi static --asic -g \"$1\" --csv | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++)\n"
	"\t\tif ($i == \"market_name\") c = i; next } NR == 2 && c { print $c; exit }'\n"
	"}\n"
	"set_nvidia() { nvidia-smi -i \"$1\" -pl \"$2\"; }\n"
	"set_amd() { amd-smi set -g \"$1\" -o \"$2\"; }\n"
	"\n"
	"# check TOOL GPU CAP PART: record GPU's cap in force in the restore script,\n"
	"# check that it is the part litsi saw and that CAP is within its limits\n"
	"check() {\n"
	"\tlim=$(limits_$1 \"$2\") || fail \"gpu $2: cannot read its power limits\"\n"
	"\tset -- \"$1\" \"$2\" \"$3\" \"$4\" $lim\n"
	"\t[ $# -eq 7 ] && [ \"$5\" != - ] || fail \"gpu $2: no power cap in force reported\"\n"
	"\tif [ -n \"$4\" ] && [ \"${LITSI_CAPS_FORCE:-0}\" != 1 ]; then\n"
	"\t\tname=$(name_$1 \"$2\")\n"
	"\t\tcase $(printf '%s' \"$name\" | tr a-z A-Z) in\n"
	"\t\t*\"$(printf '%s' \"${4##* }\" | tr a-z A-Z)\"*) ;;\n"
	"\t\t*) fail \"gpu $2: the tool reports '$name', litsi recorded '$4'\" \\\n"
	"\t\t\t\"(LITSI_CAPS_FORCE=1 applies anyway)\" ;;\n"
	"\t\tesac\n"
	"\tfi\n"
	"\t[ \"$6\" = - ] || [ \"$3\" -ge \"$6\" ] || fail \"gpu $2: cap $3 W is below its min limit $6 W\"\n"
	"\t[ \"$7\" = - ] || [ \"$3\" -le \"$7\" ] || fail \"gpu $2: cap $3 W is above its max limit $7 W\"\n"
	"\tprintf 'set_%s %s %s || status=1\\n' \"$1\" \"$2\" \"$5\" >> \"$tmp\" ||\n"
	"\t\tfail \"cannot write '$tmp'\"\n"
	"}\n"
	"\n"
	"{\n"
	"\techo '#!/bin/sh'\n"
	"\techo '# Restores the power caps in force before the caps script changed them.'\n"
	"\techo 'status=0'\n"
	"\techo 'set_nvidia() { nvidia-smi -i \"$1\" -pl \"$2\"; }'\n"
	"\techo 'set_amd() { amd-smi set -g \"$1\" -o \"$2\"; }'\n"
	"} > \"$tmp\" || fail \"cannot write '$tmp'\"\n";

static const char script_tail[] =
	"echo 'exit $status' >> \"$tmp\" && chmod +x \"$tmp\" && mv \"$tmp\" \"$restore\" ||\n"
	"\tfail \"cannot write '$restore'\"\n"
	"echo \"caps in force recorded in '$restore'\"\n";

int
caps_script_write(FILE *out, const char *node, const char *what,
		  const struct caps_script_gpu *g, size_t n)
{
	size_t i;

	fputs("#!/bin/sh\n# Power caps for node ", out);
	fmt_text_str(out, node);
	fputs(": ", out);
	fmt_text_str(out, what);
	fputs(".\n"
	      "# Written by litsi (litsi-caps(1)); setting a power cap needs root, or the\n"
	      "# privileges amd-smi set -o / nvidia-smi -pl need. The script records the\n"
	      "# caps in force in the restore script ($0.restore, or $LITSI_CAPS_RESTORE),\n"
	      "# checks every GPU's part and power limits, and applies the caps only when\n"
	      "# every check passed. Run the restore script to undo them.\n",
	      out);
	fputs(script_head, out);
	for (i = 0; i < n; i++) {
		char *q = caps_shell_quote(g[i].product ? g[i].product : "");

		fprintf(out, "check %s %d %d %s\n", g[i].nvidia ? "nvidia" : "amd", g[i].device,
			g[i].cap, q);
		free(q);
	}
	fputs(script_tail, out);
	for (i = 0; i < n; i++)
		fprintf(out, "set_%s %d %d || fail \"gpu %d: the cap was not set; undo with "
			     "'$restore'\"\n",
			g[i].nvidia ? "nvidia" : "amd", g[i].device, g[i].cap, g[i].device);
	fprintf(out, "echo \"applied the caps of %zu GPU%s; undo with '$restore'\"\n", n,
		n == 1 ? "" : "s");
	return ferror(out) ? -1 : 0;
}
