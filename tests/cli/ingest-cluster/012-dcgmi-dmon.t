desc: dcgmi dmon -e 100,155,150,112,203 -d 500 log (header again after 14 ticks): tick k dated --time + k * --interval, N/A skipped, clock event reasons as throttle
needs: sqlite3
run: cd "$DATA/cluster" && litsi ingest --time 2025-12-01T00:00:00Z --interval 500ms dcgmi-dmon.txt && sqlite3 "$LITSI_DB" "select device, t_ns, metric, value from telemetry_view where t_ns in (1764547200000000000, 1764547207500000000) order by 2, 1, 3; select count(distinct t_ns) from telemetry"
exit: 0
--- stdout
dcgmi-dmon.txt: dcgmi-dmon, node default, 2 GPUs, 0 samples, 0 kernels (0 comm), 254 telemetry readings
0|1764547200000000000|clocks_event_reasons|0.0
0|1764547200000000000|gfx_clk_mhz|1980.0
0|1764547200000000000|power_viol_pct|0.0
0|1764547200000000000|power_w|612.455
0|1764547200000000000|temp_hotspot_c|61.0
0|1764547200000000000|thermal_viol_pct|0.0
0|1764547200000000000|throttle_pct|0.0
1|1764547200000000000|clocks_event_reasons|0.0
1|1764547200000000000|gfx_clk_mhz|1755.0
1|1764547200000000000|power_viol_pct|0.0
1|1764547200000000000|power_w|687.955
1|1764547200000000000|temp_hotspot_c|74.0
1|1764547200000000000|thermal_viol_pct|0.0
1|1764547200000000000|throttle_pct|0.0
0|1764547207500000000|clocks_event_reasons|0.0
0|1764547207500000000|gfx_activity_pct|100.0
0|1764547207500000000|gfx_clk_mhz|1980.0
0|1764547207500000000|power_viol_pct|0.0
0|1764547207500000000|power_w|631.205
0|1764547207500000000|temp_hotspot_c|64.0
0|1764547207500000000|thermal_viol_pct|0.0
0|1764547207500000000|throttle_pct|0.0
1|1764547207500000000|clocks_event_reasons|32.0
1|1764547207500000000|gfx_activity_pct|100.0
1|1764547207500000000|gfx_clk_mhz|1755.0
1|1764547207500000000|power_viol_pct|0.0
1|1764547207500000000|power_w|706.705
1|1764547207500000000|temp_hotspot_c|77.0
1|1764547207500000000|thermal_viol_pct|100.0
1|1764547207500000000|throttle_pct|100.0
16
--- stderr
