desc: rocm-smi CSV without a timestamp column and without --time
run: cd "$DATA/telemetry" && litsi ingest rocm-smi.csv
exit: 3
--- stdout
--- stderr
litsi: rocm-smi.csv:4: rocm-smi writes no timestamp: pass --time to date the readings (or add a leading 'timestamp' column)
