desc: --node with a file of several hosts is refused (exit 3), a one-host file goes to --node
needs: sqlite3
run: cd "$DATA/cluster" && litsi ingest --node rack1 dcgm-query.json && sqlite3 "$LITSI_DB" "select distinct node from telemetry_view" && litsi ingest --node rack2 amd-federate.prom
exit: 3
--- stdout
dcgm-query.json: prometheus-json, node rack1, 2 GPUs, 0 samples, 0 kernels (0 comm), 2 telemetry readings
rack1
--- stderr
litsi: amd-federate.prom:14: several hosts ('mi300-n01', 'mi300-n02') in one file: drop --node so that each host becomes its own node
