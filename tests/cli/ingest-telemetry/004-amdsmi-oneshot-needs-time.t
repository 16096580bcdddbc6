desc: amd-smi one-shot JSON has no timestamp: ingest asks for --time
run: cd "$DATA/telemetry" && litsi ingest amdsmi-metric-oneshot.json
exit: 3
--- stdout
--- stderr
litsi: amdsmi-metric-oneshot.json:3: no 'timestamp' key (amd-smi one-shot output): pass --time to date the readings
