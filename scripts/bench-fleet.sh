#!/bin/sh
# bench-fleet.sh: a simulated fleet of N nodes x R runs (default 256 x 3), each
# node-run made with `litsi synth` and ingested into its own database as node
# runR/nodeNNN, as scripts/litsi-slurm.sh does; then times `litsi merge` of all
# of them into one database, and `litsi fleet` on it (when this litsi has it).
# Prints wall, CPU (user+sys) and peak RSS of each (GNU time), and the kernel
# rows merged per second of wall time. Not part of `make check` (minutes).
#   sh scripts/bench-fleet.sh [path/to/litsi] [nodes] [runs]
# BENCH_DIR=path keeps the generated fleet there (reused when it exists).
#
# The fleet: node i has a straggler (GPU (i / 8) % 8) in every run when
# i % 8 = 0, in the last run only when i % 8 = 1, in the first run only when
# i % 8 = 2; every other node is balanced (--temp-spread 0).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
self=$top/scripts/bench-fleet.sh
# One node-run: synth + ingest into dbs/runR-nodeNNN.db (skipped when present).
gen() {
	r=$1 i=$2
	name=$(printf 'node%03d' "$i")
	db=dbs/run$r-$name.db
	[ -f "$db.ok" ] && return 0
	dev=$(((i / 8) % 8))
	case $((i % 8)) in
	0) opt="--straggler $dev" ;;
	1) if [ "$r" = "$R" ]; then opt="--straggler $dev"; else opt="--temp-spread 0"; fi ;;
	2) if [ "$r" = 1 ]; then opt="--straggler $dev"; else opt="--temp-spread 0"; fi ;;
	*) opt="--temp-spread 0" ;;
	esac
	rm -rf "t-$r-$i" "$db" "$db-wal" "$db-shm"
	"$litsi" synth --gpus 8 --samples 3 --layers 8 --seed $((r * 10000 + i + 1)) $opt \
		-o "t-$r-$i" >/dev/null
	"$litsi" -q -d "$db" ingest --node "run$r/$name" "t-$r-$i"
	rm -rf "t-$r-$i"
	touch "$db.ok"
}

if [ "${1:-}" = --gen ]; then
	gen "$2" "$3"
	exit 0
fi
litsi=${1:-$top/build/litsi}
N=${2:-256}
R=${3:-3}
case $litsi in /*) ;; *) litsi=$(pwd)/$litsi ;; esac
export litsi R
[ -x /usr/bin/time ] || { echo "bench-fleet: needs GNU time (/usr/bin/time)" >&2; exit 2; }
if [ -n "${BENCH_DIR:-}" ]; then
	dir=$BENCH_DIR
	mkdir -p "$dir"
else
	dir=$(mktemp -d "${TMPDIR:-/tmp}/litsi-fleet.XXXXXX")
	trap 'rm -rf "$dir"' EXIT INT TERM
fi
cd "$dir"
mkdir -p dbs

t0=$(date +%s)
r=1
while [ $r -le "$R" ]; do
	i=0
	while [ $i -lt "$N" ]; do echo "$r $i"; i=$((i + 1)); done
	r=$((r + 1))
done | xargs -P 2 -L 1 sh "$self" --gen
t1=$(date +%s)
echo "generated $N nodes x $R runs in $((t1 - t0)) s ($dir)"

report() {
	# GNU time: elapsed wall, user, sys, max RSS (KiB)
	awk -v what="$1" '{ printf "%-28s wall %7.2f s  cpu %7.2f s  peak RSS %6.1f MB\n", what, $1, $2 + $3, $4 / 1024 }' "$2"
}
rm -f fleet.db fleet.db-wal fleet.db-shm
/usr/bin/time -f '%e %U %S %M' -o merge.time "$litsi" -q merge fleet.db dbs/*.db
rows=$(sqlite3 fleet.db 'SELECT count(*) FROM kernel')
all=$(sqlite3 fleet.db "SELECT (SELECT count(*) FROM kernel) + (SELECT count(*) FROM telemetry)
	+ (SELECT count(*) FROM annotation) + (SELECT count(*) FROM collective)
	+ (SELECT count(*) FROM sample) + (SELECT count(*) FROM source_meta)")
report "merge ($(ls dbs/*.db | wc -l) databases)" merge.time
awk -v rows="$rows" -v all="$all" '{ if ($1 > 0) printf "  %s kernel rows: %.2f M/s (wall), %.2f M/s (cpu); all %s rows: %.2f M/s (wall), %.2f M/s (cpu)\n", rows, rows / $1 / 1e6, rows / ($2 + $3) / 1e6, all, all / $1 / 1e6, all / ($2 + $3) / 1e6 }' merge.time
ls -l fleet.db | awk '{ printf "  fleet.db: %.0f MB\n", $5 / 1048576 }'
if "$litsi" fleet -h >/dev/null 2>&1; then
	/usr/bin/time -f '%e %U %S %M' -o fleet.time "$litsi" -d fleet.db fleet >fleet.txt
	report "fleet ($N nodes x $R runs)" fleet.time
	/usr/bin/time -f '%e %U %S %M' -o fleet-json.time "$litsi" -d fleet.db fleet --format json >fleet.json
	report "fleet --format json" fleet-json.time
	grep -c 'maintenance$' fleet.txt | sed 's/^/  nodes for maintenance: /'
fi
