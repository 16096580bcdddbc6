desc: malformed telemetry amdsmi-unterminated.csv is refused with its line
run: cd "$DATA/bad" && litsi ingest amdsmi-unterminated.csv
exit: 3
--- stdout
--- stderr
litsi: amdsmi-unterminated.csv:2: unterminated quoted field
