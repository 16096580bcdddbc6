desc: a rank whose collectives are 50% slower, compute normal: cause communication
setup: litsi -q synth --gpus 4 --samples 5 --layers 2 --jitter 1 --temp-spread 0 --fault 2:link=50 --telemetry amd-smi -o node
setup: litsi -q ingest --tz UTC node/rank0.json node/rank1.json node/rank2.json node/rank3.json node/amd-smi.csv node/amd-smi-static.json
run: litsi check > out; echo "exit $?"; sed -n '1,3p' out; litsi check --format json | grep -o '"cause":"[a-z-]*"'
exit: 0
--- stdout
exit 5
node default: INCONCLUSIVE: straggler gpu 2, cause communication
  straggler: gpu 2 (100.0% of 5 samples)
  cause: communication: its collectives end 3.48 ms per sample after the earliest, 3.48 ms (13.9% of the sample) more than the others'; compute +0.3%
"cause":"communication"
--- stderr
