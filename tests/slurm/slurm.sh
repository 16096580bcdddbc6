#!/bin/sh
# slurm.sh: end-to-end test of scripts/litsi-slurm.sh against a real Slurm.
# It starts munged, slurmctld and slurmd (Debian's munge and slurm-wlm) on this
# machine with a temporary slurm.conf (own ports, state, spool, logs and munge
# key and socket under a temporary folder; SlurmUser=root; one node with the
# machine's CPUs), makes a job of four simulated nodes with `litsi synth` (two
# with a straggler, one balanced, one without telemetry), submits it (a job
# array of four tasks and a dependent merge job), waits for both, and checks
# every node's straggler and verdict in the merged database against the
# simulator's truth.json, and the fleet view (litsi fleet) too. Then it runs
# the capture mode (-c) in a batch job: litsi record on the node, with a
# stand-in nvidia-smi, ingested as node $(hostname) and run $SLURM_JOB_ID. The daemons it started are stopped by their pids on
# exit. Skipped, with the reason, only when the daemons cannot start.
# The job folder is job42/, so its nodes are named job42/node-a ... (run/node).
# Env: LITSI (binary). Prints TAP.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${LITSI:=$top/build/litsi}"
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; fail=1; [ -n "${2:-}" ] && printf '%s\n' "$2" | sed 's/^/#   /'; }
skip_all() { echo "1..0 # SKIP $1"; exit 0; }

for t in munged slurmctld slurmd sbatch sinfo scontrol python3; do
	command -v $t >/dev/null 2>&1 || skip_all "$t not installed (Debian: munge, slurm-wlm, python3)"
done
[ "$(id -u)" = 0 ] || skip_all "slurmd must run as root to start jobs (SlurmUser=root)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/litsi-slurm.XXXXXX")
pids=
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null; done
	for p in $pids; do
		i=0
		while kill -0 "$p" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
		kill -KILL "$p" 2>/dev/null
	done
	wait 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/log"
chmod 700 "$tmp/munge"

# ---- the daemons ----
head -c 1024 /dev/urandom >"$tmp/munge/munge.key"
chmod 600 "$tmp/munge/munge.key"
munged -F -f --socket="$tmp/munge/munge.sock" --key-file="$tmp/munge/munge.key" \
	--pid-file="$tmp/munge/munged.pid" --seed-file="$tmp/munge/munged.seed" \
	--log-file="$tmp/log/munged.log" >"$tmp/log/munged.out" 2>&1 &
pids="$!"
i=0
while [ ! -S "$tmp/munge/munge.sock" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
[ -S "$tmp/munge/munge.sock" ] || skip_all "munged did not start: $(tail -1 "$tmp/log/munged.out")"

ports=$(python3 -c 'import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(" ".join(str(x.getsockname()[1]) for x in s))')
set -- $ports
host=$(hostname -s)
cat >"$tmp/slurm.conf" <<CONF
ClusterName=litsitest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$1
SlurmdPort=$2
AuthType=auth/munge
AuthInfo=socket=$tmp/munge/munge.sock
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
MinJobAge=300
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=litsi Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$tmp/slurm.conf"
slurmctld -D -f "$SLURM_CONF" >"$tmp/log/slurmctld.out" 2>&1 &
pids="$! $pids"
slurmd -D -f "$SLURM_CONF" -N "$host" >"$tmp/log/slurmd.out" 2>&1 &
pids="$! $pids"
i=0 state=
while [ $i -lt 150 ]; do
	state=$(sinfo -h -o %T 2>/dev/null | head -1)
	[ "$state" = idle ] && break
	sleep 0.2
	i=$((i + 1))
done
[ "$state" = idle ] || skip_all "slurmctld/slurmd did not start (node state '$state'): $(tail -2 "$tmp/log/slurmctld.out" "$tmp/log/slurmd.out" | tr '\n' ' ')"
ok "munged, slurmctld and slurmd started (ports $1, $2; node $host, $(nproc) CPUs)"

# ---- a job of four simulated nodes ----
job=$tmp/job42
synth() { "$LITSI" synth --gpus 4 --samples 3 --layers 6 "$@" >/dev/null; }
synth --seed 21 --straggler 2 -o "$job/node-a" &&
	synth --seed 22 --straggler 1 -o "$job/node-b" &&
	synth --seed 23 --temp-spread 0 -o "$job/node-c" &&
	synth --seed 24 --straggler 3 --telemetry none -o "$job/node-d" || { notok "synth"; exit 1; }

t0=$(date +%s)
timeout 240 sh "$top/scripts/litsi-slurm.sh" -l "$LITSI" -w -o "$tmp/out" "$job" >"$tmp/submit.out" 2>&1
rc=$?
t1=$(date +%s)
out=$tmp/out
if [ $rc = 0 ] && [ -f "$out/job.db" ]; then
	ok "array of 4 node tasks and the dependent merge ran ($((t1 - t0)) s)"
else
	notok "submit and wait: exit $rc" "$(cat "$tmp/submit.out"; tail -5 "$tmp/log/slurmctld.log" 2>/dev/null; cat "$out"/logs/* 2>/dev/null | tail -20)"
	echo "1..$n"
	exit 1
fi
grep -q "array job [0-9]*; merge job [0-9]*" "$tmp/submit.out" && ok "two Slurm jobs submitted" ||
	notok "two Slurm jobs submitted" "$(cat "$tmp/submit.out")"
tasks=$(ls "$out"/logs/node-*_*.out 2>/dev/null | wc -l)
[ "$tasks" = 4 ] && ok "one array task per node (4 task logs)" || notok "array task logs: $tasks"
oks=$(ls "$out"/nodes/*.ok 2>/dev/null | wc -l)
[ "$oks" = 4 ] && [ ! -s "$out/failed.txt" ] && ok "every node task succeeded" ||
	notok "node tasks: $oks succeeded" "$(cat "$out"/nodes/*.log)"

# ---- the merged database against the simulator's truth ----
verdicts=$(python3 - "$job" "$out" <<'PY'
import json, os, sys
job, out = sys.argv[1], sys.argv[2]
check = json.load(open(os.path.join(out, "check.json")))
nodes = {n["node"]: n for n in check["nodes"]}
for name in sorted(os.listdir(job)):
    truth = json.load(open(os.path.join(job, name, "truth.json")))
    node = nodes.get("job42/" + name)
    if node is None:
        print("missing %s" % name); continue
    want = truth["stragglers"][0] if truth["stragglers"] else None
    got = node["straggler"]
    imb = node["imbalanced"]
    # A node without a straggler in the truth must not be called imbalanced;
    # one with a straggler must be, naming that GPU; without telemetry (node-d)
    # the straggler is named and the verdict is inconclusive (cause not measured).
    if name == "node-d":
        good = got == want and imb == 0 and node["verdict"] == "inconclusive"
    else:
        good = (got == want and imb == 1) if want is not None else imb == 0
    per = json.load(open(os.path.join(out, "nodes", name + ".json")))
    good = good and per["nodes"][0]["node"] == "job42/" + name
    print("%s %s straggler=%s want=%s verdict=%s" % ("ok" if good else "bad", name, got, want,
                                                     node["verdict"]))
PY
)
echo "$verdicts" | while read -r res name rest; do
	echo "# $name: $rest"
done
bad=$(echo "$verdicts" | grep -cv '^ok ')
nodes=$(echo "$verdicts" | grep -c '^ok ')
[ "$bad" = 0 ] && [ "$nodes" = 4 ] && ok "straggler and verdict of each node as in truth.json" ||
	notok "merged verdicts against truth.json" "$verdicts"
got=$("$LITSI" -d "$out/job.db" info | awk '!/^#/ && NF {print $1}' | sort -u | tr '\n' ' ')
[ "$got" = "job42/node-a job42/node-b job42/node-c job42/node-d " ] && ok "job.db holds the four nodes" || notok "job.db nodes: $got"
if [ ! -s "$out/fleet.json" ]; then
	notok "the merge job wrote fleet.json"
else
	python3 - "$job" "$out/fleet.json" <<'PY' && ok "fleet view names the straggler of each node as truth.json" || notok "fleet view against truth.json"
import json, os, sys
job, fleet = sys.argv[1], json.load(open(sys.argv[2]))
rows = {(r["run"], r["node"]): r for r in fleet["runs"]}
for name in sorted(os.listdir(job)):
    truth = json.load(open(os.path.join(job, name, "truth.json")))
    want = truth["stragglers"][0] if truth["stragglers"] else None
    r = rows[("job42", name)]
    got = r["straggler"]
    if got != want:
        sys.exit("%s: straggler %s, want %s" % (name, got, want))
    if name == "node-d" and r["temp_spread"] is not None:
        sys.exit("node-d has no telemetry but a temperature spread")
PY
fi

# ---- litsi-slurm.sh -c: the job itself recorded on each node of the allocation ----
# (the GPUs sampled through the stand-in nvidia-smi of tests/data/record, which
# replays a real log of the corpus; the command writes a file into its folder)
corpus=${LITSI_CORPUS:-$top/../shared/corpus}
case $corpus in /*) ;; *) corpus=$(cd "$corpus" 2>/dev/null && pwd || echo "$corpus") ;; esac
if [ -f "$corpus/nvidia_smi_gpu_glasses/nvidia_smi.csv" ] && command -v sqlite3 >/dev/null 2>&1; then
	mkdir -p "$tmp/standin"
	cp "$top/tests/data/record/nvidia-smi" "$tmp/standin/nvidia-smi"
	cjob=$tmp/cjob
	cat >"$tmp/capture.sbatch" <<EOF
#!/bin/sh
export PATH="$tmp/standin:\$PATH" LITSI_CORPUS="$corpus"
exec sh "$top/scripts/litsi-slurm.sh" -c -l "$LITSI" -o "$tmp/cout" "$cjob" -- \\
	sh -c 'sleep 2; echo trained >"\$LITSI_RECORD_DIR/done"; exit 3'
EOF
	timeout 180 sbatch --wait --output="$tmp/capture.out" "$tmp/capture.sbatch" >"$tmp/capture.sub" 2>&1
	rc=$?
	jobid=$(sed -n 's/^Submitted batch job //p' "$tmp/capture.sub")
	me=$(hostname)
	rec=$cjob/$me
	[ "$rc" != 0 ] && [ -n "$jobid" ] && grep -q "sampling with nvidia-smi every 100 ms into '$rec/nvidia-smi.csv'" "$tmp/capture.out" &&
		ok "capture job $jobid: litsi record ran on the node; the job's failure is the batch job's" ||
		notok "capture job: exit $rc" "$(cat "$tmp/capture.sub" "$tmp/capture.out" 2>/dev/null | tail -20)"
	rows=$(grep -c '^[0-9][^,]*, 0, ' "$rec/nvidia-smi.csv" 2>/dev/null)
	[ "${rows:-0}" -ge 10 ] && [ "$(cat "$rec/done" 2>/dev/null)" = trained ] &&
		ok "capture: $rows readings of GPU 0 in the node's folder, beside what the command wrote" ||
		notok "capture: readings in $rec" "$(ls -la "$rec" 2>&1)"
	got=$(sqlite3 "$tmp/cout/nodes/$me.db" "SELECT DISTINCT n.name || ' ' || s.run FROM source s JOIN node n ON n.id = s.node_id" 2>&1)
	[ "$got" = "$me $jobid" ] && ok "capture: ingested as node \$(hostname), run \$SLURM_JOB_ID" ||
		notok "capture: node and run" "$got"
	[ -f "$tmp/cout/nodes/$me.ok" ] && [ -s "$tmp/cout/nodes/$me.json" ] && [ -f "$tmp/cout/job.db" ] &&
		[ -f "$tmp/cout/check.txt" ] && ok "capture: the node reported, merged and checked" ||
		notok "capture: report and merge" "$(ls "$tmp/cout" "$tmp/cout/nodes" 2>&1; cat "$tmp/cout"/nodes/*.log 2>/dev/null)"
else
	n=$((n + 1))
	echo "ok $n - capture with litsi record # SKIP corpus or sqlite3 absent"
fi
echo "1..$n"
exit $fail
