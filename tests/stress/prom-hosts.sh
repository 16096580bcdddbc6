#!/bin/sh
# prom-hosts.sh: a Prometheus scrape's per-sample lookups (host -> node, GPU
# announced, node's devices) are O(1): the CPU time of ingesting 64k hosts is
# well under 64/8 squared times that of 8k hosts (a linear scan per sample
# made it 46x, 0.26 s -> 11.9 s). The ratio allowed is 20 (linear: 8).
# Env: LITSI (binary).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${LITSI:=$top/build/litsi}"
[ -x /usr/bin/time ] || { echo "ok 1 - prom hosts # SKIP /usr/bin/time not installed"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/litsi-phosts.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$tmp" || exit 2
cpu() {	# $1 hosts: CPU seconds of the ingest (best of 2)
	awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++)
		printf "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",Hostname=\"host-%07d\"} 61\n", i }' >h.prom
	best=
	for k in 1 2; do
		rm -f h.db
		/usr/bin/time -f '%U %S' -o t "$LITSI" -q -d h.db ingest --time 2025-12-01T00:00:00Z \
			h.prom || return 1
		s=$(awk '{ printf "%.3f", $1 + $2 + 0.005 }' t)
		best=$(awk -v a="${best:-$s}" -v b="$s" 'BEGIN { print (b < a ? b : a) }')
	done
	echo "$best"
}
small=$(cpu 8000) && big=$(cpu 64000) || { echo "not ok 1 - ingest of the scrapes failed"; exit 1; }
ratio=$(awk -v a="$small" -v b="$big" 'BEGIN { printf "%.1f", b / a }')
if awk -v r="$ratio" 'BEGIN { exit !(r < 20) }'; then
	echo "ok 1 - 8k hosts ${small} s CPU, 64k hosts ${big} s: x$ratio (linear x8)"
else
	echo "not ok 1 - 8k hosts ${small} s CPU, 64k hosts ${big} s: x$ratio, over x20"
	exit 1
fi
echo "1..1"
