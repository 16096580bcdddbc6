desc: runs named at ingest (--run), each node's runs in its own database and merged: one fleet row per node and run, each loaded alone, with the verdict and straggler compare gives that run
setup: litsi -q synth --layers 2 --samples 4 --straggler 5 --power-cap 700 -o a && litsi -q synth --layers 2 --samples 4 --temp-spread 1 --power-cap 720 -o b
setup: litsi -q -d a.db ingest --node n1 --run base a/rank*.json a/amd-smi.csv a/amd-smi-static.json && litsi -q -d b.db ingest --node n1 --run next b/rank*.json b/amd-smi.csv b/amd-smi-static.json && litsi -q merge job.db a.db b.db
run: litsi -d job.db fleet --format tsv | sed -n '/^# runs/,/^$/p'; litsi -d job.db compare --format tsv base next | awk -F '\t' '/^# runs/ {on = 1; next} on && /^#/ {next} on && !NF {exit} on {print $1, $2, $8, $9}'
exit: 0
--- stdout
# runs
# node	run	verdict	straggler	temp_spread	clock_spread	speedup	lead_ms	lead_pct
n1	base	imbalanced	5	1.1838235294117647	1.0552767273977313	1.06152369446969	0.4519262608695652	1.630703290118293
n1	next	balanced	-	1.0147058823529411	1.0030270542977864	1.0227675101282114	0.03882295652173913	0.15066692990003622

n1 base 5 imbalanced
n1 next - balanced
--- stderr
