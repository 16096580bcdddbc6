desc: compare needs two runs the node has
setup: litsi -q synth --layers 1 --samples 1 -o a && litsi -q ingest --run base a/rank0.json
run: litsi compare base; echo "exit $?"; litsi compare base other; echo "exit $?"
exit: 0
--- stdout
exit 2
exit 2
--- stderr
litsi compare: expected two run names
usage: litsi compare [--node name] [--format table|tsv|csv|json] run-a run-b
litsi compare: node 'default' has no run 'other' (ingest --run names runs)
usage: litsi compare [--node name] [--format table|tsv|csv|json] run-a run-b
