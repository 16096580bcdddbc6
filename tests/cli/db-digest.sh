#!/bin/sh
# db-digest.sh: ingest every corpus trace (each into its own database) and each
# sample-trace directory (one database per directory, several sources), then
# print a SHA-256 of each database's `sqlite3 .dump` (ingest times masked) and
# its kernel count. The golden tests that run it hold the digests of the
# databases the staged ingest wrote, so any change of database content shows.
# What schema 3 adds is derived (kernel_window, index columns), and schema 4
# only moves the content key to (sha256, run): the digest is of the dump
# without them, the schema-2 digest, and kernel_window is checked
# against the kernels instead (a line "kernel_window differs" when it does not).
# usage: sh db-digest.sh CORPUS SAMPLES   (litsi and sqlite3 on PATH; writes in .)
# DIGEST_JOBS=N ingests with -j N, a sample directory's files one command
# each (so that each file is parsed on N threads).
set -eu
corpus=$1 samples=$2
out=$PWD
digest() {
	w=$(sqlite3 "$1" "SELECT (SELECT count(*) FROM (SELECT gpu_id, source_id, min(start_ns),
		max(end_ns) FROM kernel GROUP BY 1, 2 EXCEPT SELECT * FROM kernel_window))
		+ (SELECT count(*) FROM kernel_window) -
		(SELECT count(*) FROM (SELECT DISTINCT gpu_id, source_id FROM kernel))")
	[ "$w" = 0 ] || echo "kernel_window differs from the kernels: $1"
	sqlite3 "$1" .dump |
		awk '/^CREATE TABLE kernel_window / { skip = 1 }
			skip { if (/WITHOUT ROWID;$/) skip = 0; next }
			/^INSERT INTO kernel_window / || /^CREATE INDEX source_node / { next }
			/^CREATE UNIQUE INDEX source_content / { next }
			/^\tsha256 TEXT NOT NULL,/ {
				print "\tsha256 TEXT NOT NULL UNIQUE,\t\t-- of the raw file (member) bytes"
				next
			}
			/^CREATE INDEX kernel_gpu_sample / {
				print "CREATE INDEX kernel_gpu_sample ON kernel(gpu_id, sample_id, start_ns);"
				if (!/;$/) cont = 1
				next
			}
			/^CREATE INDEX telemetry_gpu_metric / {
				print "CREATE INDEX telemetry_gpu_metric ON telemetry(gpu_id, metric_id, t_ns);"
				next
			}
			cont { if (/;$/) cont = 0; next }
			{ print }' |
		sed 's/[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z/TIME/g' |
		sha256sum | cut -c1-16
}
n=0
for f in $(cd "$corpus" && find . \( -name '*.json' -o -name '*.json.gz' \) | sort); do
	n=$((n + 1))
	db=$out/c$n.db
	(cd "$corpus" && LITSI_DB=$db litsi -q ingest ${DIGEST_JOBS:+-j "$DIGEST_JOBS"} "$f")
	echo "$(digest "$db") $(sqlite3 "$db" 'select count(*) from kernel') $f"
done
for d in $(cd "$samples" && ls -d */ | sort); do
	db=$out/s-${d%/}.db
	if [ -n "${DIGEST_JOBS:-}" ]; then
		for g in $(cd "$samples" && find "$d" -type f ! -name '*.md' ! -name truth.json | sort); do
			(cd "$samples" && LITSI_DB=$db litsi -q ingest -j "$DIGEST_JOBS" "$g")
		done
	else
		(cd "$samples" && LITSI_DB=$db litsi -q ingest $(find "$d" -type f ! -name '*.md' ! -name truth.json | sort))
	fi
	echo "$(digest "$db") $(sqlite3 "$db" 'select count(*) from kernel') $d"
done
# Replacement (--force) after another source: ids continue where they did.
db=$out/force.db
# (The second trace is of another run, so it goes to a node of its own.)
(cd "$corpus" && LITSI_DB=$db litsi -q ingest hta/tests/data/nccl_parser_config/nccl_data.json.gz \
	--node other hta/tests/data/trace_filter/sampled_rank-1.json.gz &&
	LITSI_DB=$db litsi -q ingest --force hta/tests/data/nccl_parser_config/nccl_data.json.gz)
echo "$(digest "$db") $(sqlite3 "$db" 'select count(*) from kernel') force"
