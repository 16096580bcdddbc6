desc: fleet takes the library's three-way verdict: a straggler node without telemetry is inconclusive, not imbalanced
setup: litsi -q synth --gpus 4 --samples 3 --layers 4 --seed 11 --straggler 2 -o a && litsi -q -d a.db ingest --node job1/a a
setup: litsi -q synth --gpus 4 --samples 3 --layers 4 --seed 12 --straggler 2 -o b && litsi -q -d b.db ingest --node job1/b b/rank0.json b/rank1.json b/rank2.json b/rank3.json
setup: litsi -q merge litsi.db a.db b.db
run: litsi fleet --format tsv | sed -n '/^# runs/,/^$/p'; litsi check > out; echo "check exit $?"; tail -1 out
exit: 0
--- stdout
# runs
# node	run	verdict	straggler	temp_spread	clock_spread	speedup	lead_ms	lead_pct
a	job1	imbalanced	2	1.1594202898550725	1.0471359253891235	1.0532683372996634	0.6387812173913043	1.3212860632268126
b	job1	inconclusive	2			1.047776164264035	0.5948512463768116	1.2314059601693088

check exit 1
1 of 2 nodes imbalanced: job1/a; 1 inconclusive: job1/b
--- stderr
