desc: fleet -j 1, -j 3 and the default judge a merged fleet of named and RUN/NODE runs alike: the same output, byte for byte; -j 0 is a usage error
setup: litsi -q synth --layers 2 --samples 3 --straggler 2 -o a && litsi -q synth --layers 2 --samples 3 --temp-spread 1 -o b
setup: litsi -q synth --layers 2 --samples 3 --straggler 6 --seed 7 -o c && litsi -q synth --layers 2 --samples 3 --seed 8 -o d
setup: litsi -q -d x.db ingest --node n1 --run r1 a/rank*.json a/amd-smi.csv && litsi -q -d x.db ingest --node n1 --run r2 b/rank*.json b/amd-smi.csv && litsi -q -d x.db ingest --node job1/n2 c/rank*.json c/amd-smi.csv && litsi -q -d x.db ingest --node job2/n2 d/rank*.json
run: litsi -d x.db fleet -j 1 --format tsv > j1.txt; litsi -d x.db fleet -j 3 --format json > j3.json; litsi -d x.db fleet -j 1 --format json > j1.json; litsi -d x.db fleet --format tsv > jd.txt; cmp j1.json j3.json && cmp j1.txt jd.txt && echo same; sed -n '/^# runs/,/^$/p' j1.txt; litsi -d x.db fleet -j 0; echo "exit $?"
exit: 0
--- stdout
same
# runs
# node	run	verdict	straggler	temp_spread	clock_spread	speedup	lead_ms	lead_pct
n1	r1	imbalanced	2	1.1764705882352942	1.055047029859226	1.062420021761714	0.423576115942029	1.6434460747619324
n1	r2	balanced	-	1.0073529411764706	1.0033603360336034	1.0224420189506658	0.03666550724637681	0.1485475850762033
n2	job1	imbalanced	6	1.15	1.0433331233860301	1.0509240768973738	0.3382427826086957	1.314700445866363
n2	job2	inconclusive	0			1.0296613584417618	0.14824255072463768	0.5931275794162892

exit 2
--- stderr
litsi fleet: invalid -j '0' (1 to 1024)
usage: litsi fleet [-j n] [--recurring k/n] [--format table|tsv|csv|json]
