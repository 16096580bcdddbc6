desc: a rank with 5% more work at the normal clock: cause workload
setup: litsi -q synth --gpus 4 --samples 5 --layers 2 --jitter 1 --temp-spread 0 --fault 2:work=5 --telemetry amd-smi -o node
setup: litsi -q ingest --tz UTC node/rank0.json node/rank1.json node/rank2.json node/rank3.json node/amd-smi.csv node/amd-smi-static.json
run: litsi check > out; echo "exit $?"; sed -n '1,3p' out; litsi check --format json | grep -o '"cause":"[a-z-]*"'
exit: 0
--- stdout
exit 5
node default: INCONCLUSIVE: straggler gpu 2, cause workload
  straggler: gpu 2 (100.0% of 5 samples)
  cause: workload: kernels 5.4% longer at a clock -0.1% from the others' median
"cause":"workload"
--- stderr
