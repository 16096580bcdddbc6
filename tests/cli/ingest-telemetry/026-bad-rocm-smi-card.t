desc: malformed telemetry rocm-smi-bad-card.csv is refused with its line
run: cd "$DATA/bad" && litsi ingest --time 1700000000s rocm-smi-bad-card.csv
exit: 3
--- stdout
--- stderr
litsi: rocm-smi-bad-card.csv:3: expected 'card<N>' in column 'device'
