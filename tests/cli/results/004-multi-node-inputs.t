desc: a database of two nodes: the report counts each node's own inputs
setup: litsi -q ingest --node a "$SAMPLES/mi300x-straggler"
setup: litsi -q ingest --node b "$SAMPLES/mi300x-balanced/rank0.json.gz" "$SAMPLES/mi300x-balanced/rank1.json.gz"
run: litsi report | grep -E '^(# litsi report|inputs)'
exit: 0
--- stdout
# litsi report: node a
inputs: 9 sources (1 amd-smi-csv, 8 pytorch)
# litsi report: node b
inputs: 2 sources (2 pytorch)
--- stderr
