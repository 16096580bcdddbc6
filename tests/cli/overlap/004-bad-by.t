desc: an unknown --by value is a usage error
setup: litsi ingest $DATA/telemetry/amdsmi-metric-watch.csv
run: litsi overlap --by stream
exit: 2
--- stdout
--- stderr
litsi overlap: invalid --by 'stream' (expected kernel, operation or layer)
usage: litsi overlap [--node name] [--gpu n] [--sample n] [--summary | --kernels |
                     --by kernel|operation|layer] [--comm-pattern regex] [--format fmt]
