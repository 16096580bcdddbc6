desc: malformed telemetry amdsmi-bad-gpu.json is refused with its line
run: cd "$DATA/bad" && litsi ingest amdsmi-bad-gpu.json
exit: 3
--- stdout
--- stderr
litsi: amdsmi-bad-gpu.json:1: expected a GPU index in key 'gpu' of each amd-smi GPU object
