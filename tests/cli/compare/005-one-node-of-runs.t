desc: a run that only one node has: --node picks the node, a run it lacks is a usage error; a later run of the same node does not change what compare shows for an earlier one
setup: litsi -q synth --layers 2 --samples 4 --straggler 5 --power-cap 700 -o a && litsi -q synth --layers 2 --samples 4 --temp-spread 1 --power-cap 720 -o b && litsi -q ingest --run base a/rank*.json a/amd-smi.csv a/amd-smi-static.json && litsi -q ingest --run next b/rank*.json b/amd-smi.csv b/amd-smi-static.json && litsi -q synth --layers 2 --samples 4 --seed 7 -o c && litsi -q ingest --node other --run base c/rank*.json c/amd-smi.csv
run: litsi compare base next; echo "exit $?"; litsi compare --node other base next; echo "exit $?"; litsi compare --node default --format tsv base next > one.tsv; litsi -q synth --layers 2 --samples 4 --seed 9 --straggler 2 -o d && litsi -q ingest --node default --run third d/rank*.json d/amd-smi.csv && litsi compare --node default --format tsv base third | sed -n 3,4p; litsi compare --node default --format tsv base next | cmp - one.tsv && echo same
exit: 0
--- stdout
exit 2
exit 2
default	base	4	27.71358	1	5601.5	155.23761837	5	imbalanced	2 thermal rules fired
default	third	4	25.773868	1.0752588629692679	5999	154.617434132	2	imbalanced	2 thermal rules fired
same
--- stderr
litsi compare: the database holds several nodes: name one with --node
usage: litsi compare [--node name] [--format table|tsv|csv|json] run-a run-b
litsi compare: node 'other' has no run 'next' (ingest --run names runs)
usage: litsi compare [--node name] [--format table|tsv|csv|json] run-a run-b
