desc: a GPU capped 50 W below the others: cause power-limit, inconclusive
setup: litsi -q synth --gpus 4 --samples 5 --layers 2 --jitter 1 --temp-spread 0 --fault 2:cap=650 --reasons --telemetry nvidia-smi -o node
setup: litsi -q ingest --tz UTC node/rank0.json node/rank1.json node/rank2.json node/rank3.json node/nvidia-smi.csv
run: litsi check > out; echo "exit $?"; sed -n '1,3p' out; litsi check --format json | grep -o '"cause":"[a-z-]*"'
exit: 0
--- stdout
exit 5
node default: INCONCLUSIVE: straggler gpu 2, cause power-limit
  straggler: gpu 2 (100.0% of 5 samples)
  cause: power-limit: clock 8.3% lower, kernels 9.4% longer; power cap 650 W against the others' 700 W
"cause":"power-limit"
--- stderr
