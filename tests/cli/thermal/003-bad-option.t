desc: unknown option
setup: litsi ingest $DATA/telemetry/amdsmi-metric-watch.csv
run: litsi thermal --bogus
exit: 2
--- stdout
--- stderr
litsi thermal: unknown option or missing value '--bogus'
usage: litsi thermal [--node name] [--run name] [--series] [--normalize]
                     [--load-activity pct] [--load-power W] [--min-readings n]
                     [--format fmt]
