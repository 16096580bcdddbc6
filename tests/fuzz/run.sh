#!/bin/sh
# run.sh BUILD SECONDS TARGET...: run each libFuzzer harness for SECONDS seconds,
# one after the other (one process: the machine may be shared), seeded from
# tests/data, sample-traces/ and the corpus (../shared/corpus or $LITSI_CORPUS).
# Seeds are decompressed and cut to 64 KiB for the parser harnesses; the gzip and
# tar harnesses get compressed seeds. The growing corpus stays in BUILD/corpus/,
# crashes land in BUILD/crashes/, logs in BUILD/logs/. Prints one summary line
# per target (executions, cov, ft) and exits 1 when a harness found a crash.
set -uf
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$1 secs=$2
shift 2
corpus=${LITSI_CORPUS:-$top/../shared/corpus}
cd "$top" || exit 2
mkdir -p "$build/seeds" "$build/corpus" "$build/crashes" "$build/logs"

# pattern list per target (file base names, shell case patterns)
pats() {
	case $1 in
	kineto | jscan) echo '*.json.gz *pytorch*.json *rank*.json *trace*.json' ;;
	rocprof) echo 'results*.csv results*.json *stats*.csv rocprof_*' ;;
	rocprofv3) echo '*_trace.csv *_trace.csv.gz *agent_info.csv *stats.csv rocprofv3_*.csv *counter_collection.csv rocpd-to-csv.csv' ;;
	rocprofv3_json) echo '*results*.json* rocprofv3_*.json 908_results.json.gz' ;;
	amdsmi) echo 'amdsmi*.csv amd-smi*.csv* gpu_metrics*.csv' ;;
	rocmsmi) echo 'rocm-smi*.csv rocm-smi*.txt' ;;
	nvsmi) echo 'nvidia*.csv power_*.csv temperature_*.csv' ;;
	telem_json) echo 'amdsmi*.json rocm-smi*.json gpu_metrics*.json' ;;
	prom) echo '*.prom dcgm-query*.json prom-*.json' ;;
	nsys) echo 'nsys*.sqlite' ;;
	dmon) echo 'dcgmi-dmon*.txt' ;;
	gzip | tar | store) echo '*' ;;
	textesc) echo '*.json *.csv' ;;
	rocpd | merge) echo 'none' ;;
	esac
}

seed() {
	t=$1 dir=$build/seeds/$1
	[ -d "$dir" ] && return
	mkdir -p "$dir"
	n=0
	find tests/data sample-traces "$corpus" -type f ! -name '*.md' ! -name LICENSE \
		! -name '*.py' ! -name '*.sh' ! -name '*.sql' 2>/dev/null | sort |
	while IFS= read -r f; do
		b=${f##*/}
		ok=0
		for p in $(pats "$t"); do
			# shellcheck disable=SC2254
			case $b in $p) ok=1 ;; esac
		done
		[ $ok = 1 ] || continue
		n=$((n + 1))
		case $t:$b in
		gzip:*.gz | tar:* | store:*.gz | nsys:*)
			[ "$(wc -c < "$f")" -le 262144 ] && cp "$f" "$dir/$n-$b" ;;
		*:*.gz) gzip -dc "$f" 2>/dev/null | head -c 65536 > "$dir/$n-$b" ;;
		*) head -c 65536 "$f" > "$dir/$n-$b" ;;
		esac
	done
	if [ "$t" = tar ]; then
		# small archives of the test inputs
		(cd tests/data && tar -cf "$top/$dir/telemetry.tar" telemetry/rocm-smi.csv \
			telemetry/nvidia-smi-units.csv 2>/dev/null)
		(cd tests/data && tar -czf "$top/$dir/rocprof.tar.gz" rocprof/v3dir 2>/dev/null)
		find "$dir" -type f ! -name '*.tar*' -exec rm -f {} +
	fi
	if [ "$t" = rocpd ] && command -v sqlite3 >/dev/null 2>&1; then
		# the rocpd test database, and one whose kernels view never ends
		# 512-byte pages keep the file under -max_len
		{ echo 'PRAGMA page_size = 512;'; cat tests/data/rocprof/rocpd.sql; } | sqlite3 "$dir/rocpd.db"
		cp "$dir/rocpd.db" "$dir/endless.db"
		sqlite3 "$dir/endless.db" "DROP VIEW kernels; CREATE VIEW kernels AS WITH RECURSIVE \
			c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT 'k' AS name, \
			0 AS agent_type_index, x AS start, x AS \"end\" FROM c"
	fi
	if [ "$t" = merge ] && command -v sqlite3 >/dev/null 2>&1 && [ -x "${LITSI:-build/litsi}" ]; then
		# litsi databases (512-byte pages keep them under -max_len): one of
		# telemetry, one of a trace's first rank, one whose kernel table is an
		# endless view, one holding an Inf reading
		"${LITSI:-build/litsi}" -q -d "$dir/tel.db" ingest --node n tests/data/telemetry/nvidia-smi-units.csv
		"${LITSI:-build/litsi}" -q -d "$dir/nsys.db" ingest --node m tests/data/nsys/nsys-2025.sqlite
		for db in "$dir"/tel.db "$dir"/nsys.db; do
			sqlite3 "$db" "PRAGMA journal_mode = DELETE; PRAGMA page_size = 512; VACUUM"
		done
		cp "$dir/nsys.db" "$dir/endless.db"
		sqlite3 "$dir/endless.db" "ALTER TABLE kernel RENAME TO k0; CREATE VIEW kernel AS \
			WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) \
			SELECT k0.* FROM k0, r"
		cp "$dir/tel.db" "$dir/inf.db"
		sqlite3 "$dir/inf.db" "UPDATE telemetry SET value = 9e999 WHERE rowid = 1"
	fi
}

rc=0
for t in "$@"; do
	seed "$t"
	mkdir -p "$build/corpus/$t"
	log=$build/logs/$t.log
	# FUZZ_FORK=1: keep going after a crash (one child at a time), saving each.
	fork=
	[ "${FUZZ_FORK:-0}" = 1 ] && fork="-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1"
	# shellcheck disable=SC2086
	"$build/fuzz/$t" $fork -max_total_time="$secs" -rss_limit_mb=2048 -timeout=20 \
		-max_len=65536 -print_final_stats=1 -artifact_prefix="$build/crashes/$t-" \
		"$build/corpus/$t" "$build/seeds/$t" > "$log" 2>&1
	code=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
	[ -n "$execs" ] || execs=$(echo "$last" | sed -n 's/^#\([0-9]*\).*/\1/p')
	cov=$(echo "$last" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
	ft=$(echo "$last" | sed -n 's/.*ft: \([0-9]*\).*/\1/p')
	crashes=$(ls "$build/crashes" | grep -c "^$t-")
	printf '%-15s %4ss  execs %9s  cov %5s  ft %6s  %s\n' "$t" "$secs" "${execs:-?}" \
		"${cov:-?}" "${ft:-?}" "$([ $code = 0 ] && [ "$crashes" = 0 ] && echo ok || echo "CRASH x$crashes (see $log, $build/crashes/)")"
	[ $code = 0 ] && [ "$crashes" = 0 ] || rc=1
done
exit $rc
