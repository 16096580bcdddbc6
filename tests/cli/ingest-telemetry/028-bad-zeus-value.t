desc: malformed telemetry power_0.csv is refused with its line
run: cd "$DATA/bad" && litsi ingest power_0.csv
exit: 3
--- stdout
--- stderr
litsi: power_0.csv:3: expected a number in column 'value'
