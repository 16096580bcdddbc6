#!/bin/sh
# shellcheck disable=SC2046  # metric() gives three words: split on purpose
# device-check.sh: litsi record on a real GPU machine. It records a short GPU
# workload already present on the machine (a PyTorch matmul loop with the
# README's torch.profiler recipe when `import torch` finds a GPU, else a
# vendor sample or load tool), ingests it, and checks the readings: every GPU
# sampled at the interval, the library backend chosen when the library is
# there, and on the loaded GPU a clock and a power that change between idle
# and load. It only reads the GPUs: no clock, power limit or other setting is
# changed, and the load ends with the workload.
#
# usage: scripts/device-check.sh [litsi] [outdir]
#   litsi   the binary (default: build/litsi, else litsi in PATH)
#   outdir  where the recording and the database go (default: a temporary
#           folder, removed at the end unless KEEP=1)
# Exit: 0 all checks passed, 1 a check failed, 77 no GPU or no workload here.
# The lines starting with "device-check:" are the summary to keep.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
litsi=${1:-}
if [ -z "$litsi" ]; then
	if [ -x "$top/build/litsi" ]; then litsi=$top/build/litsi; else litsi=$(command -v litsi || true); fi
fi
[ -n "$litsi" ] && [ -x "$litsi" ] || { echo "device-check: litsi not found (give its path)" >&2; exit 77; }
out=${2:-}
if [ -z "$out" ]; then
	out=$(mktemp -d "${TMPDIR:-/tmp}/litsi-device.XXXXXX")
	[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out"
fail=0
say() { echo "device-check: $*"; }
pass() { say "ok   $*"; }
bad() { say "FAIL $*"; fail=1; }

# ---- the machine ----
vendor=
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then
	vendor=nvidia
	say "GPUs: $(nvidia-smi -L | wc -l) ($(nvidia-smi -L | head -1))"
	say "driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
elif command -v amd-smi >/dev/null 2>&1 && amd-smi list >/dev/null 2>&1; then
	vendor=amd
	say "GPUs: $(amd-smi list | grep -c '^GPU')"
elif command -v rocm-smi >/dev/null 2>&1 && rocm-smi >/dev/null 2>&1; then
	vendor=amd
fi
[ -n "$vendor" ] || { say "skip: no NVIDIA or AMD GPU visible"; exit 77; }

# ---- the workload: PyTorch, else a vendor sample ----
cat >"$out/load.py" <<'PY'
# Idle 3 s, then matmul steps of about 100 ms for 15 s under the README's
# torch.profiler recipe (one trace per rank into $LITSI_RECORD_DIR), idle 3 s.
import os, time, torch
from torch.profiler import ProfilerActivity, profile, schedule

out = os.environ.get("LITSI_RECORD_DIR", ".")
rank = int(os.environ.get("RANK", "0"))
dev = torch.device("cuda", 0)
a = torch.randn(8192, 8192, device=dev, dtype=torch.bfloat16)
b = torch.randn_like(a)
torch.cuda.synchronize()
time.sleep(3)

def step():
    t = time.time()
    while time.time() - t < 0.1:
        for _ in range(8):
            c = a @ b
        torch.cuda.synchronize()

def save(prof):
    prof.export_chrome_trace(f"{out}/rank{rank}.step{prof.step_num}.pt.trace.json")

t0 = time.time()
with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA],
             schedule=schedule(wait=20, warmup=2, active=10, repeat=1),
             on_trace_ready=save) as prof:
    while time.time() - t0 < 15:
        step()
        prof.step()
torch.cuda.synchronize()
time.sleep(3)
PY
workload=
if command -v python3 >/dev/null 2>&1 &&
	python3 -c 'import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)' >/dev/null 2>&1; then
	workload="python3 $out/load.py"
	say "workload: PyTorch $(python3 -c 'import torch; print(torch.__version__)') matmul steps, torch.profiler recipe"
else
	for t in /usr/local/cuda*/extras/demo_suite/nbody /opt/rocm*/bin/rocm-bandwidth-test \
		"$(command -v dcgmproftester12 2>/dev/null)" "$(command -v dcgmproftester11 2>/dev/null)"; do
		[ -n "$t" ] && [ -x "$t" ] || continue
		case $t in
		*nbody) workload="sh -c 'sleep 3; $t -benchmark -numbodies=2000000 -iterations=50; sleep 3'" ;;
		*rocm-bandwidth-test) workload="sh -c 'sleep 3; $t; sleep 3'" ;;
		*dcgmproftester*) workload="sh -c 'sleep 3; $t --no-dcgm-validation -t 1004 -d 15; sleep 3'" ;;
		esac
		say "workload: $t"
		break
	done
fi
[ -n "$workload" ] || { say "skip: no PyTorch with a GPU and no vendor sample or load tool"; exit 77; }

# ---- record it ----
rec=$out/rec
db=$out/device.db
rm -rf "$rec" "$db"
t0=$(date +%s)
rc=0
sh -c "\"$litsi\" record -o \"$rec\" --db \"$db\" --node device --run check -- $workload" \
	>"$out/record.out" 2>"$out/record.err" || rc=$?
t1=$(date +%s)
sed 's/^/device-check: | /' "$out/record.err" | grep 'litsi record:'
[ $rc = 0 ] && pass "the workload and its recording exited 0 ($((t1 - t0)) s)" ||
	bad "litsi record exited $rc: $(tail -5 "$out/record.err")"

backend=$(sed -n "s/^litsi record: sampling with \([a-z-]*\) every.*/\1/p" "$out/record.err")
lib=
libs=$({ ldconfig -p || /sbin/ldconfig -p; } 2>/dev/null)
[ $vendor = nvidia ] && echo "$libs" | grep -q 'libnvidia-ml.so.1' && lib=nvml
[ $vendor = amd ] && echo "$libs" | grep -q 'librocm_smi64' && lib=rocm-smi
if [ -n "$lib" ]; then
	[ "$backend" = "$lib" ] && pass "backend $backend (the library is installed)" ||
		bad "backend '$backend', expected $lib (the library is installed)"
else
	say "backend $backend (no management library found by ldconfig)"
fi
cpu=$(sed -n 's/.*sampler CPU \([0-9.]*\)% of one core.*/\1/p' "$out/record.err")
say "sampler cost: ${cpu:-?}% of one core at 100 ms"

# ---- the readings ----
"$litsi" -d "$db" info --detail --format csv >"$out/info.csv" 2>"$out/info.err" || bad "litsi info failed: $(cat "$out/info.err")"
log=$(ls "$rec"/nvidia-smi.csv "$rec"/amd-smi.csv 2>/dev/null | head -1)
[ -n "$log" ] && say "log: $(basename "$log"), $(grep -c '^[0-9]' "$log") lines; header: $(head -1 "$log" | grep -v '^.CTRL' | cut -c1-200)"
case $vendor:$(head -1 "$log" 2>/dev/null) in
nvidia:*clocks_event_reasons*) pass "throttle reasons recorded (clocks_event_reasons columns)" ;;
nvidia:*) bad "no clocks_event_reasons column in the log" ;;
*) ;;
esac
# metric GPU -> "readings min max" from info's telemetry table
metric() { awk -F, -v m="$1" -v g="$2" '$1 == "device" && $2 == g && $3 == m { print $5, $8, $10 }' "$out/info.csv"; }
gpus=$(awk -F, '$1 == "device" && $3 == "power_w" { print $2 }' "$out/info.csv")
[ -n "$gpus" ] && pass "power readings of GPU(s) $(echo $gpus)" || bad "no power readings ingested"
secs=$((t1 - t0))
best='' best_range=0
for g in $gpus; do
	set -- $(metric power_w "$g")
	n=$1 lo=$2 hi=$3
	# 10 a second while the workload ran; allow for start-up and a busy machine.
	[ "$n" -ge $((secs * 10 * 6 / 10)) ] && pass "GPU $g: $n power readings in ${secs} s" ||
		bad "GPU $g: $n power readings in ${secs} s (want about $((secs * 10)))"
	range=$(awk -v a="$lo" -v b="$hi" 'BEGIN { printf "%d", b - a }')
	say "GPU $g: power $lo..$hi W; clock $(metric gfx_clk_mhz "$g" | cut -d' ' -f2-3 | tr ' ' '.' | sed 's/\./../') MHz; temp $(metric temp_hotspot_c "$g" | cut -d' ' -f2-3 | tr ' ' '.' | sed 's/\./../') C; activity max $(metric gfx_activity_pct "$g" | cut -d' ' -f3)"
	if [ "$range" -gt "$best_range" ]; then best=$g best_range=$range; fi
done
if [ -n "$best" ]; then
	set -- $(metric power_w "$best")
	[ "$best_range" -ge 50 ] && pass "GPU $best under load: power changed by $best_range W ($2..$3)" ||
		bad "GPU $best: power changed by only $best_range W under load"
	set -- $(metric gfx_clk_mhz "$best") 0 0 0
	[ "$1" -gt 0 ] && awk -v a="$2" -v b="$3" 'BEGIN { exit !(b > a) }' &&
		pass "GPU $best: clock changed ($2..$3 MHz)" || bad "GPU $best: clock did not change ($*)"
	set -- $(metric gfx_activity_pct "$best") 0 0 0
	awk -v m="$3" 'BEGIN { exit !(m >= 50) }' && pass "GPU $best: activity up to $3%" ||
		bad "GPU $best: activity at most $3% (no load seen)"
	set -- $(metric power_cap_w "$best") 0 0 0
	[ "$1" -gt 0 ] && pass "GPU $best: power limit in force $2 W" || bad "GPU $best: no power limit reading"
fi
# The recipe's traces (PyTorch workload only): 10 steps of rank 0 ingested with the telemetry.
case $workload in
python3*)
	samples=$(awk -F, '$1 == "device" && $3 == "0" { print $6 }' "$out/info.csv" | head -1)
	[ "${samples:-0}" -ge 10 ] && pass "torch.profiler recipe: rank 0 traced, $samples samples ingested" ||
		bad "torch.profiler recipe: ${samples:-no} samples of rank 0 (want 10): $(ls "$rec")"
	;;
esac
"$litsi" -d "$db" thermal --node device >"$out/thermal.txt" 2>&1 && say "thermal:" && sed 's/^/device-check: | /' "$out/thermal.txt" | head -20

# The vendor CLI backend too: its own loop for 5 s, readings as they come and ingested.
if [ $vendor = nvidia ]; then cli=nvidia-smi ms=100 want=30; else cli=amd-smi ms=1000 want=3; fi
if command -v $cli >/dev/null 2>&1; then
	rc=0
	"$litsi" record --backend $cli -i $ms -o "$out/cli" -- sleep 5 >/dev/null 2>"$out/cli.err" || rc=$?
	sed 's/^/device-check: | /' "$out/cli.err" | grep 'litsi record:'
	rows=$(grep -c '^[0-9][^,]*, *0,' "$out/cli/$cli.csv" 2>/dev/null)
	[ $rc = 0 ] && [ "${rows:-0}" -ge $want ] && pass "$cli backend: ${rows} readings of GPU 0 in 5 s at $ms ms" ||
		bad "$cli backend: exit $rc, ${rows:-no} readings of GPU 0 (want $want): $(tail -3 "$out/cli.err")"
	"$litsi" -q -d "$out/cli.db" ingest --node cli "$out/cli" >/dev/null 2>"$out/cli-ingest.err" &&
		pass "$cli backend: its log ingests" || bad "$cli backend: ingest failed: $(cat "$out/cli-ingest.err")"
fi

[ $fail = 0 ] && say "all checks passed" || say "some checks failed"
exit $fail
