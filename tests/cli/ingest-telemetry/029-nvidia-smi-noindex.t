desc: nvidia-smi log of one GPU without an index column (-lms 50): device 0, or --device
needs: sqlite3
run: cd "$DATA/telemetry" && litsi ingest --tz UTC nvidia-smi-noindex.csv && litsi -d other.db ingest --tz UTC --device 3 nvidia-smi-noindex.csv && sqlite3 "$LITSI_DB" "select device, t_ns, metric, value from telemetry_view order by 2" && sqlite3 other.db "select distinct device from telemetry_view"; rm -f other.db
exit: 0
--- stdout
nvidia-smi-noindex.csv: nvidia-smi-csv, node default, 1 GPU, 0 samples, 0 kernels (0 comm), 3 telemetry readings
nvidia-smi-noindex.csv: nvidia-smi-csv, node default, 1 GPU, 0 samples, 0 kernels (0 comm), 3 telemetry readings
0|1796064153189000000|power_w|412.5
0|1796064153239000000|power_w|415.75
0|1796064153290000000|power_w|414.1
3
--- stderr
