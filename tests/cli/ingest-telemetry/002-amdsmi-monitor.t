desc: amd-smi monitor CSV, old (gfx_clock) and new (gfx_clk, xcp, max_power) names, pviol/tviol → throttle_pct
needs: sqlite3
# python3 csv: v24 has 51 numeric cells (timestamp, gpu excluded) + 3 rows with a pviol or tviol
# (throttle_pct = max of the two) = 51; v26: 2 rows x 16 + 2 throttle = 34.
run: cd "$DATA/telemetry" && litsi ingest --node mi300 amdsmi-monitor-v24.csv amdsmi-monitor-v26.csv && sqlite3 "$LITSI_DB" "select source_id, device, t_ns, metric, value from telemetry_view where metric in ('power_w', 'power_cap_w', 'gfx_clk_mhz', 'pviol', 'tviol', 'throttle_pct', 'mem_activity_pct') order by 1, 3, 2, 4"
exit: 0
--- stdout
amdsmi-monitor-v24.csv: amd-smi-csv, node mi300, 2 GPUs, 0 samples, 0 kernels (0 comm), 56 telemetry readings
amdsmi-monitor-v26.csv: amd-smi-csv, node mi300, 2 GPUs, 0 samples, 0 kernels (0 comm), 38 telemetry readings
ingested 2, already present 0, skipped 0, failed 0
1|0|1727100000000000000|gfx_clk_mhz|2100.0
1|0|1727100000000000000|mem_activity_pct|41.0
1|0|1727100000000000000|power_w|352.0
1|0|1727100000000000000|pviol|12.5
1|0|1727100000000000000|throttle_pct|12.5
1|0|1727100000000000000|tviol|0.0
1|1|1727100000000000000|gfx_clk_mhz|2085.0
1|1|1727100000000000000|mem_activity_pct|40.0
1|1|1727100000000000000|power_w|348.0
1|1|1727100000000000000|pviol|3.0
1|1|1727100000000000000|throttle_pct|8.25
1|1|1727100000000000000|tviol|8.25
1|0|1727100001000000000|gfx_clk_mhz|2098.0
1|0|1727100001000000000|mem_activity_pct|42.0
1|0|1727100001000000000|power_w|355.0
1|1|1727100001000000000|gfx_clk_mhz|2080.0
1|1|1727100001000000000|mem_activity_pct|41.0
1|1|1727100001000000000|pviol|4.0
1|1|1727100001000000000|throttle_pct|4.0
2|0|1786553852000000000|gfx_clk_mhz|2380.0
2|0|1786553852000000000|mem_activity_pct|62.0
2|0|1786553852000000000|power_cap_w|1400.0
2|0|1786553852000000000|power_w|612.0
2|0|1786553852000000000|pviol|0.0
2|0|1786553852000000000|throttle_pct|35.0
2|0|1786553852000000000|tviol|35.0
2|1|1786553852000000000|gfx_clk_mhz|2310.0
2|1|1786553852000000000|mem_activity_pct|63.0
2|1|1786553852000000000|power_cap_w|1400.0
2|1|1786553852000000000|power_w|640.0
2|1|1786553852000000000|pviol|20.0
2|1|1786553852000000000|throttle_pct|20.0
2|1|1786553852000000000|tviol|5.0
--- stderr
