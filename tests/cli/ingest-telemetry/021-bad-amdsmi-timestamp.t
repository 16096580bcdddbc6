desc: malformed telemetry amdsmi-bad-timestamp.csv is refused with its line
run: cd "$DATA/bad" && litsi ingest amdsmi-bad-timestamp.csv
exit: 3
--- stdout
--- stderr
litsi: amdsmi-bad-timestamp.csv:3: expected epoch seconds in column 'timestamp'
