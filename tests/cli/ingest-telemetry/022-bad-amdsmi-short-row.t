desc: malformed telemetry amdsmi-short-row.csv is refused with its line
run: cd "$DATA/bad" && litsi ingest amdsmi-short-row.csv
exit: 3
--- stdout
--- stderr
litsi: amdsmi-short-row.csv:3: expected 4 fields as in the header, got 3
