desc: rocprofv3 CSV (HOST/PID layout with agent_info) round-trips to the same straggler
setup: litsi -q synth --samples 2 --layers 3 --straggler 3 --format rocprofv3 --telemetry none -o node
setup: litsi -q ingest --node n node/synth-node0
run: litsi info | sed -n '/^# gpus/,/^$/p' | cut -f1-3,6-8; litsi lead --node n | grep persistent
exit: 0
--- stdout
# gpus
# node	device	rank	samples	kernels	comm_kernels
n	0	-	1	156	18
n	1	-	1	156	18
n	2	-	1	156	18
n	3	-	1	156	18
n	4	-	1	156	18
n	5	-	1	156	18
n	6	-	1	156	18
n	7	-	1	156	18
# persistent_straggler: gpu 3 (1 of 1 samples)
--- stderr
