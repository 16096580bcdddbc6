desc: a GPU clock-locked 5% low at normal temperature, drawing less than the others: cause clock-limit, inconclusive (exit 5)
setup: litsi -q synth --gpus 4 --samples 5 --layers 2 --jitter 1 --temp-spread 0 --fault 2:clock=1870 --reasons --telemetry nvidia-smi -o node
setup: litsi -q ingest --tz UTC node/rank0.json node/rank1.json node/rank2.json node/rank3.json node/nvidia-smi.csv
run: litsi check > out; echo "exit $?"; sed -n '1,3p' out; litsi check --format json | grep -o '"cause":"[a-z-]*"'
exit: 0
--- stdout
exit 5
node default: INCONCLUSIVE: straggler gpu 2, cause clock-limit
  straggler: gpu 2 (100.0% of 5 samples)
  cause: clock-limit: clock 4.9% lower, kernels 5.3% longer; drawing 675 W against the others' 699 W, under its cap, +1.0 C from the others' median (too little heat for the clock)
"cause":"clock-limit"
--- stderr
