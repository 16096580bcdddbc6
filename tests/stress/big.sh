#!/bin/sh
# big.sh: one sample of STRESS_EVENTS events (default 10 M: half launches, half
# kernels on one GPU), generated on the fly into a FIFO and ingested: memory
# stays bounded (reported), every kernel is stored, and `litsi info` reads it.
# Run by `make check-stress` only (about 2 GB of JSON; minutes on 2 cores).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${LITSI:=$top/build/litsi}"
events=${STRESS_EVENTS:-10000000}
command -v python3 >/dev/null 2>&1 || { echo "ok 1 - big # SKIP python3 not installed"; exit 0; }
command -v sqlite3 >/dev/null 2>&1 || { echo "ok 1 - big # SKIP sqlite3 not installed"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/litsi-big.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$tmp" || exit 2
mkfifo trace.json
python3 "$top/tests/stress/gen-kineto.py" --kernels $((events / 2)) > trace.json &
t0=$(date +%s)
if command -v /usr/bin/time >/dev/null 2>&1; then
	LITSI_DB=db /usr/bin/time -f '%M' -o rss "$LITSI" -q ingest trace.json
else
	LITSI_DB=db "$LITSI" -q ingest trace.json
fi
code=$?
t1=$(date +%s)
k=$(sqlite3 db 'select count(*) from kernel')
rss=$(cat rss 2>/dev/null || echo '?')
if [ $code = 0 ] && [ "$k" = $((events / 2)) ] && LITSI_DB=db "$LITSI" info >/dev/null; then
	echo "ok 1 - $events events in one sample: $k kernels stored in $((t1 - t0)) s, max RSS ${rss} KiB"
else
	echo "not ok 1 - $events events: exit $code, $k kernels"
	exit 1
fi
echo "1..1"
