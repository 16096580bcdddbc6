desc: --persist above 100 is a usage error
setup: litsi ingest $DATA/telemetry/amdsmi-metric-watch.csv
run: litsi lead --persist 120
exit: 2
--- stdout
--- stderr
litsi lead: invalid --persist '120' (percent, 0 to 100)
usage: litsi lead [--node name] [--agg sum|max|last] [--series] [--collectives]
                  [--persist pct] [--epsilon pct] [--comm-pattern regex] [--format fmt]
