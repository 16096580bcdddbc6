desc: a --node name holding a newline stays on one line in TSV and table notes (gnuplot reads the TSV header)
setup: litsi -q ingest --node "$(printf 'n1\n# injected: 1')" $SAMPLES/mi300x-straggler/rank0.json.gz $SAMPLES/mi300x-straggler/rank1.json.gz
run: litsi lead --format tsv | grep '^#' | head -3; litsi lead --format table | head -2
exit: 0
--- stdout
# node: n1\n# injected: 1
# lead
# sample	gpu	lead_ms	lead_sum_ns	straggler
node: n1\n# injected: 1

--- stderr
