desc: malformed telemetry amdsmi-truncated.json is refused with its line
run: cd "$DATA/bad" && litsi ingest amdsmi-truncated.json
exit: 3
--- stdout
--- stderr
litsi: amdsmi-truncated.json:2: expected the end of the JSON value that starts on this line (the file ends inside it)
