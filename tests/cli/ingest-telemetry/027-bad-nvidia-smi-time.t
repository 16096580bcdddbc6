desc: malformed telemetry nvidia-smi-bad-time.csv is refused with its line
run: cd "$DATA/bad" && litsi ingest nvidia-smi-bad-time.csv
exit: 3
--- stdout
--- stderr
litsi: nvidia-smi-bad-time.csv:3: expected a time like '2024/10/30 18:42:33.189' in column 'timestamp'
