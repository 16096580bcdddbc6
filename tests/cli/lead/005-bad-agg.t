desc: unknown --agg is a usage error
setup: litsi ingest $DATA/telemetry/amdsmi-metric-watch.csv
run: litsi lead --agg mean
exit: 2
--- stdout
--- stderr
litsi lead: invalid --agg 'mean' (expected sum, max or last)
usage: litsi lead [--node name] [--agg sum|max|last] [--series] [--collectives]
                  [--persist pct] [--epsilon pct] [--comm-pattern regex] [--format fmt]
