#!/bin/sh
# scale.sh: ingest is linear in the number of GPUs (a per-record lookup by
# device is O(1)): amd-smi CSV with N and 4N GPUs, one reading each; the CPU
# time (user+sys) of 4N must stay under 6x that of N (linear: about 4x; the old linear scan gave 8.5x at N=20000).
# Env: LITSI, SCALE_GPUS (N, default 20000). Run by `make check-stress`.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${LITSI:=$top/build/litsi}"
n=${SCALE_GPUS:-20000}
command -v python3 >/dev/null 2>&1 || { echo "ok 1 - scale # SKIP python3 not installed"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/litsi-scale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$tmp" || exit 2
cpu_ms() {
	python3 - "$LITSI" "$1" <<'PY'
import os, resource, subprocess, sys
r = subprocess.run([sys.argv[1], "-q", "-d", sys.argv[2] + ".db", "ingest", sys.argv[2]])
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print(r.returncode, int((u.ru_utime + u.ru_stime) * 1000))
PY
}
for k in 1 4; do
	python3 -c "
import sys
print('timestamp,gpu,socket_power,gfx_0_clk')
for g in range($n * $k): print(f'1786553852,{g},100,1500')" > g$k.csv
done
set -- $(cpu_ms g1.csv) $(cpu_ms g4.csv)
if [ "$1" = 0 ] && [ "$3" = 0 ] && [ "$4" -lt $(( ($2 + 50) * 6 )) ]; then
	echo "ok 1 - $n GPUs: $2 ms CPU, $((n * 4)) GPUs: $4 ms CPU"
else
	echo "not ok 1 - GPU scaling: exit $1/$3, $n GPUs $2 ms, $((n * 4)) GPUs $4 ms CPU"
	exit 1
fi
