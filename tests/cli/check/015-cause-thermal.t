desc: a straggler 5 C hotter at the same cap: its clock is lower, cause thermal, imbalanced (exit 1) though no spread rule fires
setup: litsi -q synth --gpus 4 --samples 5 --layers 2 --jitter 1 --straggler 2 --temp-spread 5 --telemetry amd-smi -o node
setup: litsi -q ingest --tz UTC node/rank0.json node/rank1.json node/rank2.json node/rank3.json node/amd-smi.csv node/amd-smi-static.json
run: litsi check > out; echo "exit $?"; sed -n '1,3p' out; litsi check --format json | grep -o '"cause":"[a-z-]*"'
exit: 0
--- stdout
exit 1
node default: IMBALANCED: straggler gpu 2, cause thermal
  straggler: gpu 2 (100.0% of 5 samples)
  cause: thermal: clock 1.9% lower, kernels 2.2% longer; 4.5 C hotter than the others' median at the same cap and power
"cause":"thermal"
--- stderr
