desc: rocm-smi --json: string values, hex GPU ID and secondary-die N/A skipped, energy uJ → J
needs: sqlite3
run: cd "$DATA/telemetry" && litsi ingest --time 1700000000s rocm-smi.json && sqlite3 "$LITSI_DB" "select device, metric, unit, value from telemetry_view order by 1, 2"
exit: 0
--- stdout
rocm-smi.json: rocm-smi-json, node default, 2 GPUs, 0 samples, 0 kernels (0 comm), 18 telemetry readings
0|energy_j|J|123.456789
0|gfx_activity_pct|%|0.0
0|gfx_clk_mhz|MHz|1700.0
0|mem_activity_pct|%|0.0
0|mem_clk_mhz|MHz|900.0
0|power_cap_w|W|750.0
0|power_w|W|159.0
0|sclk_clock_level||1.0
0|temp_hotspot_c|C|45.0
0|temp_mem_c|C|38.0
1|gfx_activity_pct|%|12.0
1|gfx_clk_mhz|MHz|1650.0
1|mem_activity_pct|%|3.0
1|mem_clk_mhz|MHz|900.0
1|power_cap_w|W|750.0
1|sclk_clock_level||1.0
1|temp_hotspot_c|C|47.0
1|temp_mem_c|C|39.0
--- stderr
