#!/bin/sh
# bench-analysis.sh: time litsi overlap, corr and lead on a synthetic node of
# G GPUs x K kernels (default 8 x 125000 = 1 M kernels, 10 samples), built
# directly with sqlite3 and a recursive CTE. Standalone:
#   sh scripts/bench-analysis.sh [path/to/litsi] [gpus] [kernels-per-gpu] [samples]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
litsi=${1:-$top/build/litsi}
G=${2:-8}
K=${3:-125000}
S=${4:-10}
dir=$(mktemp -d "${TMPDIR:-/tmp}/litsi-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT INT TERM
# BENCH_DB=path keeps the database there (it is rebuilt when it exists).
db=${BENCH_DB:-$dir/bench.db}
rm -f "$db" "$db-wal" "$db-shm"
command -v sqlite3 >/dev/null || { echo "bench-analysis: sqlite3 not installed" >&2; exit 2; }
sqlite3 "$db" < "$top/src/store/schema.sql"
per=$((K / S))
t0=$(date +%s.%N)
sqlite3 "$db" >/dev/null <<SQL
PRAGMA user_version = 2;
PRAGMA journal_mode = WAL;
BEGIN;
INSERT INTO node(id, name) VALUES (1, 'bench');
INSERT INTO source(id, path, sha256, format, node_id, clock, bytes, ingested_at)
  VALUES (1, 'synthetic', 'bench', 'pytorch', 1, 'epoch', 0, '1970-01-01T00:00:00Z');
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 49)
  INSERT INTO name(id, text) SELECT i + 1, 'kernel_' || i FROM n;
INSERT INTO name(id, text) VALUES (51, 'ncclDevKernel_Generic');
WITH RECURSIVE g(d) AS (SELECT 0 UNION ALL SELECT d + 1 FROM g WHERE d < $G - 1)
  INSERT INTO gpu(id, node_id, device, rank) SELECT d + 1, 1, d, d FROM g;
WITH RECURSIVE s(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM s WHERE x < $S - 1)
  INSERT INTO sample(gpu_id, source_id, step, start_ns, end_ns)
  SELECT gpu.id, 1, x, 1700000000000000000 + x * 1000000000,
         1700000000000000000 + (x + 1) * 1000000000 FROM s, gpu;
WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < $K - 1)
  INSERT INTO kernel(source_id, gpu_id, sample_id, stream, name_id, start_ns, end_ns, class,
                     launch_ns)
  SELECT 1, gpu.id, (SELECT id FROM sample WHERE gpu_id = gpu.id AND step = k.i / $per),
         CASE WHEN k.i % 20 = 0 THEN 2 ELSE 1 END,
         CASE WHEN k.i % 20 = 0 THEN 51 ELSE 1 + (k.i % 49) END,
         1700000000000000000 + (k.i / $per) * 1000000000 + (k.i % $per) * 1000
           + gpu.device * 37 * (k.i % 7),
         1700000000000000000 + (k.i / $per) * 1000000000 + (k.i % $per) * 1000
           + gpu.device * 37 * (k.i % 7) + CASE WHEN k.i % 20 = 0 THEN 9000 ELSE 800 END,
         CASE WHEN k.i % 20 = 0 THEN 1 ELSE 0 END,
         1700000000000000000 + (k.i / $per) * 1000000000 + (k.i % $per) * 1000 - 5000
  FROM k, gpu;
COMMIT;
SQL
t1=$(date +%s.%N)
echo "built $G GPUs x $K kernels in $S samples: $(echo "$t1 - $t0" | bc) s"
for cmd in "lead" "lead --collectives" "overlap --summary" "overlap" "corr"; do
	# /usr/bin/time -f reports wall seconds and the peak resident set.
	/usr/bin/time -f "litsi $cmd: %e s, %M KiB max RSS" \
		"$litsi" -d "$db" $cmd --format tsv > /dev/null
done
