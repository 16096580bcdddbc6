desc: malformed telemetry amdsmi-bad-gpu.csv is refused with its line
run: cd "$DATA/bad" && litsi ingest amdsmi-bad-gpu.csv
exit: 3
--- stdout
--- stderr
litsi: amdsmi-bad-gpu.csv:3: expected a GPU index in column 'gpu'
