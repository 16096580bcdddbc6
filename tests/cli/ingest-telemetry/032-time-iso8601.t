desc: --time in ISO 8601 (UTC offset) or epoch milliseconds dates readings that carry none
needs: sqlite3
run: cd "$DATA/telemetry" && litsi ingest --time 2026-11-30T19:42:33.5+01:00 rocm-smi.csv && litsi -d other.db ingest --time 1796064153500ms rocm-smi.csv && sqlite3 "$LITSI_DB" "select distinct t_ns from telemetry" && sqlite3 other.db "select distinct t_ns from telemetry"; rm -f other.db
exit: 0
--- stdout
rocm-smi.csv: rocm-smi-csv, node default, 4 GPUs, 0 samples, 0 kernels (0 comm), 67 telemetry readings
rocm-smi.csv: rocm-smi-csv, node default, 4 GPUs, 0 samples, 0 kernels (0 comm), 67 telemetry readings
1796064153500000000
1796064153500000000
--- stderr
