desc: rocprofv3 CSV (HOST/PID layout with agent_info) round-trips to truth.json; its BOOTTIME clock cannot be aligned with the epoch amd-smi log, so thermal reads the whole log (10 samples: the load readings outnumber the idle ones around it)
needs: python3
setup: litsi -q synth --seed 12 --samples 10 --layers 2 --straggler 3 --format rocprofv3 -o node
setup: litsi -q ingest --node n node/synth-node0 node/amd-smi.csv
run: litsi info | sed -n '/^# gpus/,/^$/p' | cut -f1-3,6-8; litsi thermal --node n | grep '^# window'; python3 "$DATA/synth/roundtrip.py" node
exit: 0
--- stdout
# gpus
# node	device	rank	samples	kernels	comm_kernels
n	0	-	1	520	60
n	1	-	1	520	60
n	2	-	1	520	60
n	3	-	1	520	60
n	4	-	1	520	60
n	5	-	1	520	60
n	6	-	1	520	60
n	7	-	1	520	60

# window: whole telemetry log (not aligned with any traced window); temperature and clock readings at gfx activity <= 1% left out
ok straggler: persistent gpu 3 (1 of 1 samples), truth stragglers[0] 3
ok lead-order: 2,6,7,1,4,5,0,3 (whole-trace sample / 10 iterations), truth 2,6,7,1,4,5,0,3
ok lead-ms: max |mean lead - truth| 0.0004 ms (gpu 6: 17.0716 vs 17.072) <= 0.01 ms
ok temp: temp_spread 1.1764705882352942 (whole log), truth 1.1751 (80/68.08 C): +0.12% within 1%; whole-degree readings: +-1.36%
ok freq: freq_spread 1.0545420112366644 (whole log), truth 1.0537 (2089.3/1982.9 MHz): +0.08% within 1%
--- stderr
