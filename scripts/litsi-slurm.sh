#!/bin/sh
# litsi-slurm.sh: analyse one training job of many nodes, one node per task.
#
# usage: litsi-slurm.sh [-l litsi] [-o outdir] [-r run] [-P n] [-s 'sbatch options'] [-w] jobdir
#        litsi-slurm.sh -L n [-l litsi] [-o outdir] [-r run] jobdir
#        litsi-slurm.sh -c [-l litsi] [-o outdir] [-r run] [-i ms] jobdir -- command [arg ...]
#
# The job's trace tree, as the nodes of a cluster write it to a shared file
# system:
#
#   jobdir/NODE/...     one folder per node, named after the node; everything
#                       under it (PyTorch traces, rocprof/rocprofv3 output,
#                       amd-smi / rocm-smi / nvidia-smi logs, in sub-folders
#                       or not) is that node's, and is ingested as node
#                       RUN/NODE, RUN being -r or the name of jobdir: so the
#                       databases of many jobs merge into one fleet database
#                       in which `litsi fleet` follows each node across runs.
#
# What it writes under outdir (default: jobdir.litsi, beside jobdir):
#
#   nodes.txt           the node names, one a line: array task i is line i+1
#   nodes/NODE.db       the node's own litsi database (ingest --node RUN/NODE)
#   nodes/NODE.json     `litsi report --format json` of the node
#   nodes/NODE.log      the task's messages; nodes/NODE.ok when it succeeded
#   logs/               Slurm's output files of the tasks and the merge
#   job.db              every node's database merged (litsi merge)
#   check.txt, check.json  `litsi check` over all nodes of the job
#   fleet.txt, fleet.json  `litsi fleet`: per node verdict, straggler, spreads
#   failed.txt          the nodes whose task failed (left out of job.db)
#
# With Slurm (the default) it submits one job array, one task per node
# (sbatch --array=0-N-1, at most -P tasks at once), each task ingesting and
# reporting its node into its own database, and a merge job that depends on
# the whole array (sbatch --dependency=afterany:ID), so that the merge runs
# once every task has ended, whether it succeeded or not. It prints the two
# job ids; -w waits for the merge to end (sbatch --wait) and then prints
# check.txt. With -L n it runs the same tasks on this machine instead, n at
# a time (xargs -P n), then the merge.
#
# With -c (capture), run inside a Slurm allocation (an sbatch script), it
# records the job itself: one task per node of the allocation runs
#
#   srun --ntasks-per-node=1 litsi record -o jobdir/NODE --db outdir/nodes/NODE.db \
#       --node NODE --run RUN -- command [arg ...]
#
# NODE being the node's host name and RUN -r or $SLURM_JOB_ID: each node's
# GPUs are sampled (every -i ms, default litsi record's 100) for as long as
# its command runs, and whatever the command writes into $LITSI_RECORD_DIR
# (jobdir/NODE: e.g. one torch.profiler trace per rank) is ingested with the
# telemetry. Then each node is reported (nodes/NODE.json) and the nodes are
# merged and checked as above (job.db, check.*, fleet.*, failed.txt). The
# script exits with srun's status: the job's.
#
# This script, litsi and jobdir must be visible at the same paths on the
# compute nodes (a shared file system). -s passes options to both sbatch
# calls (e.g. -s '--partition=cpu --time=01:00:00 --cpus-per-task=2').
set -eu

usage() {
	sed -n 's/^# usage: /usage: /p; s/^#        litsi/       litsi/p' "$0" >&2
	exit 2
}

die() {
	echo "litsi-slurm: $*" >&2
	exit "${code:-2}"
}

abspath() {
	case $1 in /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac
}

# ---- the two steps, as the tasks run them ----

# task OUT I: ingest and report the node on line I+1 of OUT/nodes.txt.
run_task() {
	out=$1 i=$2
	. "$out/litsi-slurm.env"
	node=$(sed -n "$((i + 1))p" "$out/nodes.txt")
	[ -n "$node" ] || { echo "litsi-slurm: no node $i in $out/nodes.txt" >&2; exit 2; }
	db=$out/nodes/$node.db
	log=$out/nodes/$node.log
	rm -f "$db" "$db-wal" "$db-shm" "$out/nodes/$node.ok" "$out/nodes/$node.json"
	{
		echo "node $node: task $i on $(hostname)"
		# The CPUs Slurm gave the task parse that many of the node's files at once.
		if ! "$LITSI" -d "$db" ingest -j "${SLURM_CPUS_PER_TASK:-1}" --node "$RUN/$node" \
			"$JOB/$node"; then
			echo "node $node: ingest failed"
			exit 3
		fi
		# report exits 1 (imbalanced) or 5 (inconclusive): an answer, not a failure.
		rc=0
		"$LITSI" -d "$db" report --node "$RUN/$node" --format json >"$out/nodes/$node.json" || rc=$?
		if [ $rc -gt 1 ] && [ $rc != 5 ]; then
			echo "node $node: report failed (exit $rc)"
			exit $rc
		fi
	} >>"$log" 2>&1
	touch "$out/nodes/$node.ok"
}

# merge OUT: merge every node whose task succeeded; check and fleet over the job.
run_merge() {
	out=$1
	. "$out/litsi-slurm.env"
	: >"$out/failed.txt"
	set --
	while IFS= read -r node; do
		if [ -f "$out/nodes/$node.ok" ]; then
			set -- "$@" "$out/nodes/$node.db"
		else
			echo "$node" >>"$out/failed.txt"
		fi
	done <"$out/nodes.txt"
	[ $# -gt 0 ] || { echo "litsi-slurm: no node task succeeded (see $out/nodes/*.log)" >&2; exit 3; }
	rm -f "$out/job.db" "$out/job.db-wal" "$out/job.db-shm"
	"$LITSI" -q merge "$out/job.db" "$@"
	rc=0
	"$LITSI" -d "$out/job.db" check >"$out/check.txt" || rc=$?
	[ $rc -le 1 ] || [ $rc = 5 ] || exit $rc
	"$LITSI" -d "$out/job.db" check --format json >"$out/check.json" || true
	"$LITSI" -d "$out/job.db" fleet --format table >"$out/fleet.txt"
	"$LITSI" -d "$out/job.db" fleet --format json >"$out/fleet.json"
	if [ -s "$out/failed.txt" ]; then
		echo "litsi-slurm: $(wc -l <"$out/failed.txt") node task(s) failed, left out: $out/failed.txt" >&2
	fi
	echo "litsi-slurm: merged $# node(s) into $out/job.db"
}

# capture-task OUT MS -- command...: record this node's part of the job, then report it.
run_capture_task() {
	out=$1 ms=$2
	shift 3
	. "$out/litsi-slurm.env"
	node=$(hostname)
	case $node in *[!A-Za-z0-9._-]*) echo "litsi-slurm: host name '$node' is not a node name" >&2; exit 2 ;; esac
	db=$out/nodes/$node.db
	rm -f "$db" "$db-wal" "$db-shm" "$out/nodes/$node.ok" "$out/nodes/$node.json"
	rc=0
	# The job's own output goes where Slurm sends it; litsi record's lines too.
	"$LITSI" record -o "$JOB/$node" -i "$ms" --db "$db" --node "$node" --run "$RUN" \
		-- "$@" || rc=$?
	rep=0
	"$LITSI" -d "$db" report --node "$node" --format json >"$out/nodes/$node.json" \
		2>>"$out/nodes/$node.log" || rep=$?
	if [ $rep -le 1 ] || [ $rep = 5 ]; then
		touch "$out/nodes/$node.ok"
	else
		echo "node $node: report failed (exit $rep)" >>"$out/nodes/$node.log"
	fi
	exit $rc
}

case ${1:-} in
--task) run_task "$2" "${3:-${SLURM_ARRAY_TASK_ID:?not in a Slurm array task}}"; exit 0 ;;
--merge) run_merge "$2"; exit 0 ;;
--capture-task) shift; run_capture_task "$@" ;;
esac

# ---- submission ----
litsi=$(command -v litsi 2>/dev/null || true)
out='' run='' parallel=0 local_n=0 sbopts='' wait=0 capture=0 ms=100
while getopts l:o:r:P:s:L:wci:h opt; do
	case $opt in
	c) capture=1 ;;
	i) ms=$OPTARG ;;
	l) litsi=$OPTARG ;;
	o) out=$OPTARG ;;
	r) run=$OPTARG ;;
	P) parallel=$OPTARG ;;
	s) sbopts=$OPTARG ;;
	L) local_n=$OPTARG ;;
	w) wait=1 ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
if [ $capture = 1 ]; then
	[ $# -ge 3 ] && [ "$2" = -- ] || usage
	job=${1%/}
	shift 2
	[ -n "${SLURM_JOB_ID:-}" ] || die "-c runs inside a Slurm allocation (an sbatch script)"
	command -v srun >/dev/null 2>&1 || die "srun not found"
	case $ms in '' | *[!0-9]*) die "invalid -i '$ms'" ;; esac
	[ -n "$run" ] || run=$SLURM_JOB_ID
	mkdir -p "$job"
else
	[ $# = 1 ] || usage
	job=${1%/}
fi
[ -d "$job" ] || die "'$job' is not a folder"
[ -n "$litsi" ] && [ -x "$litsi" ] || die "litsi not found: put it in PATH or give -l path"
case $parallel in *[!0-9]*) die "invalid -P '$parallel'" ;; esac
case $local_n in *[!0-9]*) die "invalid -L '$local_n'" ;; esac
job=$(abspath "$job")
litsi=$(abspath "$litsi")
self=$(abspath "$0")
[ -n "$out" ] || out=$job.litsi
[ -n "$run" ] || run=$(basename "$job")
case $run in *[!A-Za-z0-9._-]*) die "invalid run name '$run' (letters, digits, '.', '_', '-')" ;; esac
mkdir -p "$out/nodes" "$out/logs"
out=$(cd "$out" && pwd)

if [ $capture = 1 ]; then
	# One recording task per node of the allocation; then every node's report merged.
	case $litsi$job$out in *\'*) die "paths may not hold a single quote" ;; esac
	printf 'LITSI=%s\nJOB=%s\nRUN=%s\n' "'$litsi'" "'$job'" "'$run'" >"$out/litsi-slurm.env"
	nn=${SLURM_JOB_NUM_NODES:-1}
	rc=0
	srun --nodes="$nn" --ntasks="$nn" --ntasks-per-node=1 \
		sh "$self" --capture-task "$out" "$ms" -- "$@" || rc=$?
	(cd "$job" && for d in *; do [ -d "$d" ] && printf '%s\n' "$d"; done) | LC_ALL=C sort >"$out/nodes.txt"
	if [ -s "$out/nodes.txt" ]; then
		(run_merge "$out") || echo "litsi-slurm: the merge failed" >&2
	fi
	exit $rc
fi

# The nodes: the job folder's sub-folders, in name order. Each name is checked
# whole before it becomes a line of nodes.txt: a name holding a newline would
# otherwise be two lines that each pass.
bad=$(cd "$job" && LC_ALL=C && for d in *; do
	[ -d "$d" ] || continue
	case $d in *[!A-Za-z0-9._-]*) printf 'x' ;; esac
done)
[ -z "$bad" ] || die "node folder names may hold only letters, digits, '.', '_' and '-'"
(cd "$job" && for d in *; do [ -d "$d" ] && printf '%s\n' "$d"; done) | LC_ALL=C sort >"$out/nodes.txt"
n=$(wc -l <"$out/nodes.txt")
[ "$n" -gt 0 ] || die "'$job' holds no node folders (expected $job/NODE/...)"
case $litsi$job$out in *\'*) die "paths may not hold a single quote" ;; esac
printf 'LITSI=%s\nJOB=%s\nRUN=%s\n' "'$litsi'" "'$job'" "'$run'" >"$out/litsi-slurm.env"

if [ "$local_n" -gt 0 ]; then
	# Without Slurm: the same tasks on this machine, local_n at a time.
	rc=0
	i=0
	while [ $i -lt "$n" ]; do echo $i; i=$((i + 1)); done |
		xargs -P "$local_n" -I{} sh "$self" --task "$out" {} || rc=$?
	[ $rc = 0 ] || echo "litsi-slurm: some node tasks failed (see $out/nodes/*.log)" >&2
	run_merge "$out"
	exit 0
fi

command -v sbatch >/dev/null 2>&1 || die "sbatch not found: run under Slurm, or use -L n to run here"
throttle=
[ "$parallel" -gt 0 ] && throttle=%$parallel
# shellcheck disable=SC2086  # sbopts is a list of options
array=$(sbatch --parsable $sbopts --job-name=litsi-nodes --array="0-$((n - 1))$throttle" \
	--output="$out/logs/node-%A_%a.out" --wrap="sh '$self' --task '$out'")
array=${array%%;*}
waitopt=
[ $wait = 1 ] && waitopt=--wait
# shellcheck disable=SC2086
merge=$(sbatch --parsable $sbopts $waitopt --job-name=litsi-merge \
	--dependency="afterany:$array" --output="$out/logs/merge-%j.out" \
	--wrap="sh '$self' --merge '$out'") || code=4 die "the merge job failed: see $out/logs/"
merge=${merge%%;*}
echo "litsi-slurm: $n node task(s): array job $array; merge job $merge; results in $out"
[ $wait = 0 ] || cat "$out/check.txt"
