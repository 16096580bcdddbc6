desc: rocm-smi CSV with a leading timestamp column added by a logging loop
needs: sqlite3
run: cd "$DATA/telemetry" && litsi ingest rocm-smi-timestamped.csv && sqlite3 "$LITSI_DB" "select device, t_ns, metric, value from telemetry_view order by 2, 1, 3"
exit: 0
--- stdout
rocm-smi-timestamped.csv: rocm-smi-csv, node default, 2 GPUs, 0 samples, 0 kernels (0 comm), 16 telemetry readings
0|1700000000000000000|gfx_activity_pct|100.0
0|1700000000000000000|gfx_clk_mhz|1700.0
0|1700000000000000000|power_w|300.0
0|1700000000000000000|temp_hotspot_c|51.0
1|1700000000000000000|gfx_activity_pct|100.0
1|1700000000000000000|gfx_clk_mhz|1650.0
1|1700000000000000000|power_w|310.0
1|1700000000000000000|temp_hotspot_c|55.0
0|1700000005000000000|gfx_activity_pct|99.0
0|1700000005000000000|gfx_clk_mhz|1700.0
0|1700000005000000000|power_w|302.0
0|1700000005000000000|temp_hotspot_c|53.0
1|1700000005000000000|gfx_activity_pct|100.0
1|1700000005000000000|gfx_clk_mhz|1600.0
1|1700000005000000000|power_w|315.0
1|1700000005000000000|temp_hotspot_c|58.0
--- stderr
