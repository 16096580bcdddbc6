desc: Zeus per-metric files power_3.csv (with header) and temperature_1.csv (without); -1 = failed read
needs: sqlite3
run: cd "$DATA/telemetry" && litsi ingest power_3.csv temperature_1.csv && sqlite3 "$LITSI_DB" "select device, t_ns, metric, unit, value from telemetry_view order by 3, 2"
exit: 0
--- stdout
power_3.csv: zeus-csv, node default, 1 GPU, 0 samples, 0 kernels (0 comm), 3 telemetry readings
temperature_1.csv: zeus-csv, node default, 1 GPU, 0 samples, 0 kernels (0 comm), 2 telemetry readings
ingested 2, already present 0, skipped 0, failed 0
3|1700000000125000000|power_w|W|251.5
3|1700000000325000000|power_w|W|260.25
3|1700000000425000000|power_w|W|262.0
1|1700000000500000000|temp_hotspot_c|C|61.0
1|1700000001500000000|temp_hotspot_c|C|62.0
--- stderr
