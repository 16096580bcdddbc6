#!/bin/sh
# run.sh: `litsi record` end to end with the vendor CLI backends, through the
# stand-in nvidia-smi, amd-smi, nsys and rocprofv3 of tests/data/record: they
# stand in for the vendor tools' processes only (arguments, output lines,
# loop, Ctrl-C) and replay readings of the real logs of the corpus; parsing
# is tested on the real logs themselves (tests/unit/check_telemetry.c).
# Checks the backend choice, the readings per interval, the log's ingest,
# the command's status and signals, the sampler stopped with it (no process
# left), the profiler wrapping, and the library backends through stand-ins of
# libnvidia-ml and librocm_smi64 (FAKE_LIBS: tests/record/fake_*.c built). Prints TAP; skips without python3 or the
# corpus.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${LITSI:=$top/build/litsi}"
corpus=${LITSI_CORPUS:-$top/../shared/corpus}
case $corpus in /*) ;; *) corpus=$(cd "$corpus" 2>/dev/null && pwd || echo "$corpus") ;; esac
export LITSI_CORPUS=$corpus LC_ALL=C NO_COLOR=1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/litsi-record.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
n=0 fail=0

ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n - $1"; [ -n "${2:-}" ] && printf '%s\n' "$2" | sed 's/^/#   /'; }
check() { if [ "$2" = "$3" ]; then ok "$1"; else notok "$1" "expected '$3', got '$2'"; fi; }
# between NAME VALUE LO HI
between() { if [ "$2" -ge "$3" ] && [ "$2" -le "$4" ]; then ok "$1 ($2)"; else notok "$1" "$2 not in [$3, $4]"; fi; }

if ! command -v python3 >/dev/null 2>&1 || [ ! -f "$corpus/nvidia_smi_gpu_glasses/nvidia_smi.csv" ]; then
	echo "1..0 # SKIP python3 or the corpus (nvidia_smi_gpu_glasses, amdsmi_mi355x_inferencex) absent"
	exit 0
fi

# Each stand-in in a folder of its own, so PATH chooses which tools exist;
# the unique path also finds any stand-in process left behind.
for t in nvidia-smi amd-smi nsys rocprofv3; do
	mkdir -p "$tmp/$t"
	cp "$top/tests/data/record/$t" "$tmp/$t/$t"
done
base=/usr/bin:/bin
NV=$tmp/nvidia-smi:$base AMD=$tmp/amd-smi:$base BOTH=$tmp/nvidia-smi:$tmp/amd-smi:$base
cd "$tmp" || exit 1
left() { ps -eo args | grep -F "$tmp/" | grep -v grep | wc -l | tr -d ' '; }

# 1. Backend choice: nvidia-smi before amd-smi; amd-smi alone; none (exit 4, no command).
PATH=$BOTH "$LITSI" record -o both -- true 2>both.err
check "both tools: nvidia-smi is chosen" "$(ls both)" nvidia-smi.csv
grep -q "sampling with nvidia-smi every 100 ms into 'both/nvidia-smi.csv'" both.err &&
	ok "the backend is named" || notok "the backend is named" "$(cat both.err)"
PATH=$AMD "$LITSI" -q record -o amd -- true
check "amd-smi alone is chosen" "$(ls amd)" amd-smi.csv
rc=0
PATH=$base "$LITSI" record -o none -- touch ran 2>none.err || rc=$?
check "no sampler: exit 4" "$rc" 4
check "no sampler: the command is not run" "$(ls ran 2>/dev/null)" ""
grep -q "^litsi: no GPU sampler found (libnvidia-ml.so.1 not found; .*'nvidia-smi' not found or sees no GPU; 'amd-smi' not found or sees no GPU)$" none.err &&
	ok "no sampler: each backend says why" || notok "no sampler: each backend says why" "$(cat none.err)"
rc=0
PATH=$NV STANDIN_NO_GPU=1 "$LITSI" record --backend nvidia-smi -o nogpu -- true 2>nogpu.err || rc=$?
check "a tool that sees no GPU: exit 4" "$rc" 4
check "a tool that sees no GPU: no log is left" "$(ls nogpu 2>/dev/null)" ""
rc=0
PATH=$NV "$LITSI" -q record -o both -- true 2>again.err || rc=$?
check "an existing log is never overwritten (exit 4)" "$rc" 4
grep -q "cannot create 'both/nvidia-smi.csv': File exists (give another output folder)" again.err &&
	ok "... and says so" || notok "... and says so" "$(cat again.err)"

# 2. The richest query the driver takes.
PATH=$NV STANDIN_REJECT=clocks_event_reasons_counters "$LITSI" -q record -o older -- true
hdr=$(head -1 older/nvidia-smi.csv)
case $hdr in *clocks_event_reasons.hw_thermal_slowdown*) ok "older driver: reasons kept" ;; *) notok "older driver: reasons kept" "$hdr" ;; esac
case $hdr in *counters*) notok "older driver: counters dropped" "$hdr" ;; *) ok "older driver: counters dropped" ;; esac
PATH=$NV STANDIN_REJECT=clocks_event "$LITSI" -q record -o old -- true
case $(head -1 old/nvidia-smi.csv) in *clocks_throttle_reasons.active*) ok "pre-535 names" ;; *) notok "pre-535 names" "$(head -1 old/nvidia-smi.csv)" ;; esac

# 3. Readings per interval: 100 ms for a 3 s command is about 30 ticks of 8 GPUs.
PATH=$NV "$LITSI" record -i 100 -o rate --db rate.db --node n1 --run r1 -- sleep 3 >rate.out 2>rate.err
rows=$(grep -c '^[0-9][^,]*, 0, ' rate/nvidia-smi.csv)
between "readings of GPU 0 at 100 ms over 3 s" "$rows" 15 34
last=$(tail -c 1 rate/nvidia-smi.csv | od -An -c | tr -d ' ')
check "the log ends on a whole line" "$last" '\n'
"$LITSI" -d rate.db info --detail --format csv >rate.info
check "--db ingested 8 NVIDIA GPUs of node n1" "$(grep -c '^n1,[0-7],.*,NVIDIA,' rate.info)" 8
got=$(awk -F, '$1 == "n1" && $2 == 0 && $3 == "power_w" { print $5 }' rate.info)
check "power readings of GPU 0 ingested = its log lines" "$got" "$rows"
grep -q 'rate/nvidia-smi.csv: nvidia-smi-csv, node n1, 8 GPUs' rate.out &&
	ok "the ingest summary is printed" || notok "the ingest summary is printed" "$(cat rate.out)"
grep -q '^litsi record: [0-9]* readings in [0-9.]* s; sampler CPU [0-9.]*% of one core$' rate.err &&
	ok "the summary line: readings and sampler CPU" || notok "the summary line" "$(cat rate.err)"

# 4. amd-smi: the watch banner and whole-second ticks ingest as AMD telemetry.
PATH=$AMD "$LITSI" -q record -i 300 -o amdrate --db amd.db --node a1 -- sleep 2 >/dev/null
"$LITSI" -d amd.db info --detail --format csv >amd.info
check "amd-smi: 8 AMD GPUs ingested" "$(grep -c '^a1,[0-7],.*,AMD,' amd.info)" 8
grep -q '^a1,0,energy_j,J,' amd.info && ok "amd-smi: energy readings" || notok "amd-smi: energy readings" "$(cat amd.info)"

# amd-smi before 26 has no metric -v: its --throttle (-T) gives the violation shares.
PATH=$AMD STANDIN_REJECT=-v "$LITSI" -q record -o amdthr -- true
case $(sed -n 2p amdthr/amd-smi.csv) in *socket_thermal_violation_activity*) ok "amd-smi without -v: --throttle" ;; *) notok "amd-smi without -v: --throttle" "$(sed -n 2p amdthr/amd-smi.csv)" ;; esac

# 5. The command's status, signals forwarded, the sampler stopped, nothing left.
rc=0; PATH=$NV "$LITSI" -q record -o st1 -- sh -c 'exit 7' || rc=$?
check "exit status of the command" "$rc" 7
rc=0; PATH=$NV "$LITSI" -q record -o st2 -- sh -c 'kill -KILL $$' || rc=$?
check "killed command: 128 + 9" "$rc" 137
rc=0; PATH=$NV "$LITSI" -q record -o st3 -- no-such-command-anywhere 2>st3.err || rc=$?
check "command not found: 127" "$rc" 127
PATH=$NV "$LITSI" -q record -o sig -- sh -c 'trap "exit 9" INT; sleep 30 & wait' &
pid=$!
i=0
while [ $i -lt 200 ] && ! grep -q '^[0-9]' sig/nvidia-smi.csv 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
sleep 1
kill -INT $pid
rc=0; wait $pid || rc=$?
check "SIGINT is forwarded; the command's own status comes back" "$rc" 9
check "no process left (sampler, command, its children)" "$(left)" 0
PATH=$NV "$LITSI" -q record -o term -- sh -c 'sleep 30' &
pid=$!
i=0
while [ $i -lt 200 ] && ! grep -q '^[0-9]' term/nvidia-smi.csv 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
kill -TERM $pid
rc=0; wait $pid || rc=$?
check "SIGTERM ends the command: 128 + 15" "$rc" 143
check "no process left after SIGTERM" "$(left)" 0
PATH=$NV STANDIN_DELAY=3 "$LITSI" -q record -o early -- touch ran-early &
pid=$!
sleep 1
kill -INT $pid
rc=0; wait $pid || rc=$?
check "SIGINT while the sampler starts: 130" "$rc" 130
check "... and the command is never started" "$(ls ran-early 2>/dev/null)" ""
check "... nor anything left" "$(left)" 0
PATH=$NV "$LITSI" -q record -o killed -- sh -c 'echo $$ >killed.pid; exec sleep 30' &
pid=$!
i=0
# Both running: the sampler has written a reading and the command its pid.
while [ $i -lt 200 ] && { ! grep -q '^[0-9]' killed/nvidia-smi.csv 2>/dev/null || ! [ -s killed.pid ]; }; do
	sleep 0.1; i=$((i + 1))
done
kill -KILL $pid
wait $pid 2>/dev/null
sleep 1
check "litsi killed: the sampler ends with it" "$(ps -eo args | grep -F "$tmp/nvidia-smi/" | grep -v grep | wc -l | tr -d ' ')" 0
# The command goes on without litsi (a training job is not killed with its recorder).
if [ -s killed.pid ] && kill "$(cat killed.pid)" 2>/dev/null; then ok "litsi killed: the command goes on"; else notok "litsi killed: the command goes on"; fi
PATH=$NV "$LITSI" -q record -o stop -- sleep 1
sleep 1
r1=$(wc -l <stop/nvidia-smi.csv)
sleep 1
check "sampling stops with the command" "$(wc -l <stop/nvidia-smi.csv)" "$r1"

# 6. Profilers wrap the command, writing into the folder.
PATH=$NV:$tmp/nsys STANDIN_ARGS=$tmp/nsys.args "$LITSI" -q record -o prof --profiler nsys -- sh -c 'echo ran > "$LITSI_RECORD_DIR/app"'
check "nsys: the command ran under it" "$(cat prof/app 2>/dev/null)" ran
check "nsys: its options" "$(tr '\n' ' ' <nsys.args)" "profile --trace=cuda,nvtx --export=sqlite --output=prof/nsys "
PATH=$NV:$tmp/rocprofv3 STANDIN_ARGS=$tmp/roc.args "$LITSI" -q record -o prof2 --profiler rocprofv3 -- sh -c 'exit 3'
check "rocprofv3: the command's status comes through" "$?" 3
check "rocprofv3: its options" "$(tr '\n' ' ' <roc.args)" "--kernel-trace --output-format csv -d prof2/rocprofv3 "

# 7. The README recipe's shape: one torch.profiler trace per rank written into
# $LITSI_RECORD_DIR (here by litsi synth: Kineto traces of 10 ProfilerSteps),
# ingested with the telemetry as one node.
PATH=$NV "$LITSI" -q record -o job --db job.db --node j1 --run 42 -- sh -c '
	"$0" synth --samples 10 --telemetry none -o "$LITSI_RECORD_DIR/.synth" >/dev/null &&
	for r in 0 1 2 3 4 5 6 7; do
		mv "$LITSI_RECORD_DIR/.synth/rank$r.json" "$LITSI_RECORD_DIR/rank$r.step17.pt.trace.json"
	done && rm -r "$LITSI_RECORD_DIR/.synth"' "$LITSI" >job.out
"$LITSI" -d job.db info --detail --format csv >job.info
check "recipe: 8 ranks of 10 samples each" "$(grep -c '^j1,[0-7],[0-7],.*,10,' job.info)" 8
grep -q '^j1,0,power_w,W,' job.info && ok "recipe: the telemetry beside them" || notok "recipe: the telemetry beside them" "$(cat job.info)"

# 8. The library backends through stand-ins of the libraries' ABI (synthetic
# readings; the real libraries are checked by scripts/device-check.sh).
if [ -n "${FAKE_LIBS:-}" ] && [ -f "$FAKE_LIBS/libnvidia-ml.so.1" ]; then
	t0=$(date +%s)
	LD_LIBRARY_PATH=$FAKE_LIBS PATH=$BOTH "$LITSI" record -o nvml --db nvml.db --node v1 -- sleep 1 2>nvml.err >/dev/null
	t1=$(date +%s)
	grep -q "sampling with nvml every 100 ms into 'nvml/nvidia-smi.csv'" nvml.err &&
		ok "NVML before the CLIs" || notok "NVML before the CLIs" "$(cat nvml.err)"
	grep -q '^litsi record: [0-9]* readings of 2 GPUs in [0-9.]* s ([0-9.]* a second each); sampler CPU' nvml.err &&
		ok "NVML: the summary names the GPUs and the rate" || notok "NVML summary" "$(cat nvml.err)"
	"$LITSI" -d nvml.db info --detail --format csv >nvml.info
	# has GPU METRIC...: every metric among GPU's ingested readings
	has() {
		g=$1
		shift
		for m in "$@"; do
			awk -F, -v g="$g" -v m="$m" '$1 == "v1" && $2 == g && $3 == m { f = 1 } END { exit !f }' nvml.info || return 1
		done
	}
	has 0 energy_j gfx_activity_pct gfx_clk_mhz mem_activity_pct mem_clk_mhz power_cap_w power_w temp_hotspot_c temp_mem_c throttle_pct &&
		ok "NVML: GPU 0's metrics" || notok "NVML: GPU 0's metrics" "$(grep '^v1,0,' nvml.info)"
	has 1 power_w throttle_pct && ! has 1 temp_mem_c && ok "NVML: GPU 1 has no memory sensor" ||
		notok "NVML: GPU 1 has no memory sensor" "$(grep '^v1,1,' nvml.info)"
	check "NVML: the power cap reason of GPU 1 is throttle 100" "$(awk -F, '$1 == "v1" && $2 == 1 && $3 == "throttle_pct" { print $8 "-" $10 }' nvml.info)" 100-100
	check "NVML: the counters' columns keep nvidia-smi's names" \
		"$(head -1 nvml/nvidia-smi.csv | tr ',' '\n' | grep -c 'clocks_event_reasons_counters.s[wt]')" 2
	first=$(awk -F, '$1 == "v1" && $2 == 0 && $3 == "power_w" { print substr($6, 1, 10) }' nvml.info)
	between "NVML: UTC times within the recording" "${first:-0}" "$t0" "$t1"
	rc=0
	LD_LIBRARY_PATH=$FAKE_LIBS FAKE_GPUS=0 PATH=$NV "$LITSI" record -o nvml0 -- true 2>nvml0.err || rc=$?
	grep -q "sampling with nvidia-smi" nvml0.err && ok "NVML without a GPU: the next backend" ||
		notok "NVML without a GPU: the next backend" "$(cat nvml0.err)"
	for layout in new old; do
		old=
		[ $layout = old ] && old=1
		LD_LIBRARY_PATH=$FAKE_LIBS FAKE_RSMI_OLD=$old "$LITSI" -q record --backend rocm-smi -o rsmi-$layout \
			--db rsmi-$layout.db --node r1 -- sleep 0.5 >/dev/null
		"$LITSI" -d rsmi-$layout.db info --detail --format csv >rsmi.info
		got=$(awk -F, '$1 == "r1" && $3 == "gfx_clk_mhz" { print $2 ":" $8 }' rsmi.info | tr '\n' ' ')
		check "ROCm SMI ($layout rsmi_frequencies_t): the current sclk level" "$got" "0:1500 1:2100 "
	done
	got=$(awk -F, '$1 == "r1" && $2 == 1 && NF == 10 { print $3 ":" $8 }' rsmi.info | sort | tr '\n' ' ')
	check "ROCm SMI: GPU 1's readings" "$got" "energy_j:30.518 gfx_activity_pct:99 gfx_clk_mhz:2100 mem_activity_pct:30 mem_clk_mhz:1300 power_cap_w:750 power_w:601 temp_hotspot_c:64 temp_mem_c:54 "
else
	n=$((n + 1))
	echo "ok $n - library backends # SKIP no stand-in libraries (FAKE_LIBS; make check-record builds them)"
fi

echo "1..$n"
[ $fail = 0 ]
