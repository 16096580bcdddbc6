desc: thermal --run without --node covers the nodes that have the run, and a run no node has is a usage error
setup: litsi -q synth --layers 2 --samples 4 -o a && litsi -q synth --layers 2 --samples 4 --seed 3 -o b && litsi -q ingest --node n1 --run base a/rank*.json a/amd-smi.csv && litsi -q ingest --node n2 --run other b/rank*.json b/amd-smi.csv
run: litsi thermal --run base --format tsv | grep '^# node'; litsi thermal --run other --format tsv | grep '^# node'; litsi thermal --format tsv | grep -c '^# node'; litsi thermal --run none; echo "exit $?"; litsi report --run other | head -1; litsi thermal --node n1 --run other; echo "exit $?"
exit: 0
--- stdout
# node: n1
# node: n2
2
exit 2
# litsi report: node n2 (run other)
exit 2
--- stderr
litsi: no node has a run 'none' (ingest --run names runs)
litsi: node 'n1' has no run 'other' (ingest --run names runs)
