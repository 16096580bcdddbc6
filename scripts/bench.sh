#!/bin/sh
# bench.sh: ingest throughput of litsi on a generated >= 1 GB Kineto trace
# (plain and gzip), against `gzip -dc`, with wall and CPU time (user+sys) and
# peak RSS; and the parser alone (scripts/bench-parse.c: a sink that only
# counts). Three inputs: one built from nccl_data (CPU-op heavy, dense args),
# one from the fused 4-rank MI300X trace (GPU heavy, indented), one from a
# V100 trace (kernel dense: a kernel, memcpy or memset every 4 events).
# Each is ingested with -j 1 and -j BENCH_THREADS, beside `gzip -dc` and
# `pigz -dc` (when installed). Figures: BENCHMARKS.md.
# usage: sh scripts/bench.sh build/litsi   (BENCH_BYTES, BENCH_TRACES, LITSI_CORPUS to change;
#        BENCH_COMPARE=other/litsi times another build beside it in the same run)
set -eu
litsi=${1:-build/litsi}
case $litsi in /*) ;; *) litsi=$PWD/$litsi ;; esac
bdir=$(dirname "$litsi")
corpus=${LITSI_CORPUS:-../shared/corpus}
traces=${BENCH_TRACES:-"hta/tests/data/nccl_parser_config/nccl_data.json.gz
hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_all_events.json.gz
hta/tests/data/ns_resolution_trace/rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz"}
# threads for one file: -j 1 and -j BENCH_THREADS (default 2)
threads=${BENCH_THREADS:-2}
bytes_wanted=${BENCH_BYTES:-1100000000}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/litsi-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

now() { date +%s.%N; }
secs() { echo "$2 - $1" | bc -l; }

# run_rss OUTFILE CMD...: run CMD, print "elapsed_s peak_rss_kb cpu_s" into OUTFILE.
run_rss() {
	o=$1; shift
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f '%e %M %U %S' -o "$o" "$@"
		read -r e m u s < "$o"
		echo "$e $m $(echo "$u + $s" | bc -l)" > "$o"
	else	# poll VmHWM while it runs
		t0=$(now); "$@" & pid=$!; hwm=0
		while kill -0 $pid 2>/dev/null; do
			h=$(sed -n 's/^VmHWM:[ \t]*\([0-9]*\).*/\1/p' /proc/$pid/status 2>/dev/null || true)
			[ -n "$h" ] && [ "$h" -gt "$hwm" ] && hwm=$h
			sleep 0.05
		done
		wait $pid
		echo "$(secs "$t0" "$(now)") $hwm -" > "$o"
	fi
}

echo "machine: $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1), load $(cut -d' ' -f1-3 /proc/loadavg)"
for rel in $traces; do
	tmpl=$corpus/$rel
	echo "generating >= $bytes_wanted bytes from $(basename "$tmpl") ..."
	[ -f "$tmpl" ] || { echo "bench.sh: $tmpl absent (set LITSI_CORPUS)" >&2; exit 1; }
	python3 "$(dirname "$0")/gen-big-trace" "$tmpl" "$bytes_wanted" > "$tmp/big.json"
	gzip -c "$tmp/big.json" > "$tmp/big.json.gz"
	size=$(wc -c < "$tmp/big.json")
	mb=$(echo "$size / 1000000" | bc -l)
	printf 'trace: %.0f MB JSON, %.0f MB gzip\n' "$mb" "$(echo "$(wc -c < "$tmp/big.json.gz") / 1000000" | bc -l)"

	run_rss "$tmp/time" sh -c 'gzip -dc "$1" > /dev/null' sh "$tmp/big.json.gz"
	read -r gz rss cpu < "$tmp/time"
	printf '%-34s %7.2f s  %5s s CPU  %7.1f MB/s\n' "gzip -dc" "$gz" "$cpu" "$(echo "$mb / $gz" | bc -l)"
	if command -v pigz >/dev/null 2>&1; then
		run_rss "$tmp/time" sh -c 'pigz -dc "$1" > /dev/null' sh "$tmp/big.json.gz"
		read -r pz rss cpu < "$tmp/time"
		printf '%-34s %7.2f s  %5s s CPU  %7.1f MB/s\n' "pigz -dc" "$pz" "$cpu" "$(echo "$mb / $pz" | bc -l)"
	fi

	for f in big.json big.json.gz; do
	for j in 1 "$threads"; do
	for bin in $litsi ${BENCH_COMPARE:-}; do
		rm -f "$tmp/db" "$tmp/db-wal" "$tmp/db-shm"
		# a build without -j for one file's events gets none
		jopt="-j $j"
		[ "$bin" = "$litsi" ] || jopt=
		run_rss "$tmp/time" env LITSI_DB="$tmp/db" "$bin" ingest $jopt "$tmp/$f" > "$tmp/out"
		read -r el rss cpu < "$tmp/time"
		k=$(sed -n 's/.* \([0-9][0-9]*\) kernels.*/\1/p' "$tmp/out")
		printf '%-34s %7.2f s  %5s s CPU  %7.1f MB/s  %9.0f kernels/s  %6.1f MB peak RSS  (%.2fx gzip -dc)\n' \
			"$([ "$bin" = "$litsi" ] || echo "(compare) ")litsi ingest $jopt $f" "$el" "$cpu" "$(echo "$mb / $el" | bc -l)" "$(echo "$k / $el" | bc -l)" \
			"$(echo "$rss / 1024" | bc -l)" "$(echo "$el / $gz" | bc -l)"
	done
	done
	done
	echo "($k kernels; the JSON MB/s counts uncompressed bytes for both)"

	# The parser alone: no SQLite; reports CPU time with and without the parse.
	if [ -f "$bdir/liblitsi.a" ]; then
		${CC:-cc} -O2 -std=c11 -Iinclude -Isrc -D_GNU_SOURCE -o "$tmp/bench-parse" \
			"$(dirname "$0")/bench-parse.c" "$bdir/liblitsi.a" \
			$(pkg-config --libs json-c zlib sqlite3) $(pkg-config --exists libisal && pkg-config --libs libisal) -lm -pthread
		"$tmp/bench-parse" pytorch "$tmp/big.json" "$tmp/big.json.gz"
	fi
done
