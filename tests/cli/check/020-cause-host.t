desc: a rank with host-side stalls (launch gaps of 5% of its compute): cause host, from the trace alone
setup: litsi -q synth --gpus 4 --samples 5 --layers 2 --jitter 1 --temp-spread 0 --fault 2:host=5 --telemetry none -o node
setup: litsi -q ingest --tz UTC node/rank0.json node/rank1.json node/rank2.json node/rank3.json 
run: litsi check > out; echo "exit $?"; sed -n '1,3p' out; litsi check --format json | grep -o '"cause":"[a-z-]*"'
exit: 0
--- stdout
exit 5
node default: INCONCLUSIVE: straggler gpu 2, cause host
  straggler: gpu 2 (100.0% of 5 samples)
  cause: host: idle between its kernels 0.85 ms per sample longer than the others' (3.4% of the sample): kernels launched late
"cause":"host"
--- stderr
