desc: a healthy node: every GPU warms 5 C over the run, the rear half 2 C hotter (under 1% of clock): balanced, no cause named (a rear GPU 3.5 C hotter loses 1.6% and is named thermal)
setup: litsi -q synth --gpus 4 --samples 5 --layers 2 --jitter 0.5 --temp-spread 0 --drift 5 --slot 2 --reasons --telemetry nvidia-smi -o node
setup: litsi -q ingest --tz UTC node/rank0.json node/rank1.json node/rank2.json node/rank3.json node/nvidia-smi.csv
run: litsi check > out; echo "exit $?"; sed -n '1,3p' out; litsi check --format json | grep -o '"cause":"[a-z-]*"'
exit: 1
--- stdout
exit 0
node default: balanced: 3 thermal rules passed
  straggler: gpu 2 (100.0% of 5 samples)
  passed  temp-spread  1.039 (threshold 1.100); hottest minus coolest 2.5 C (needs 5.0)
--- stderr
