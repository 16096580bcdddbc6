desc: report takes the power options of caps and model (TDP, initial cap, budget, idle power) and --tz / --clock-offset for its ingest
setup: litsi -q synth --layers 2 --samples 2 --telemetry nvidia-smi -o n
run: litsi -d a.db report --tdp 720 --cap 680 --budget 10 --idle-power 150 "$SAMPLES/mi300x-straggler" 2>&1 | awk '/^  (gpu-red|gpu-realloc|cpu-slosh): / {print $1, $3, $4, $5, $6} /^    gpu / && ($3 > 720 || $3 < 1) {bad++} /^  limits:/ {print} END {print bad + 0, "caps outside [1, 720] W"}'; litsi -d b.db report --clock-offset 1.5s --tz Asia/Tokyo n 2>&1 | grep -c 'telemetry does not cover the traced window\|telemetry: recorded outside the traced window'; litsi -d c.db report --tz UTC n 2>&1 | grep -c 'telemetry does not cover the traced window'; litsi -d d.db report --tdp 600 --cap 650 n; echo "exit $?"
exit: 0
--- stdout
gpu-red: 5254 W of 5440
gpu-realloc: 5440 W of 5440
cpu-slosh: 5520 W of 5520
  limits: TDP 720 W (option), initial cap 680 W (option), min limit none
0 caps outside [1, 720] W
1
0
exit 2
--- stderr
litsi report: --cap 650 is above --tdp 600
usage: litsi report [--detail] [--keep] [--node name | --node-from dir|host]
                    [--run name|all] [--plots dir]
                    [--goal throughput|power|energy] [--script file] [--html file]
                    [--tdp W] [--cap W] [--budget W] [--baseline-power W]
                    [--idle-power W] [--tz zone] [--clock-offset ns]
                    [--allow-inconclusive] [--min-instances n] [--format table|json]
                    [path ...]
