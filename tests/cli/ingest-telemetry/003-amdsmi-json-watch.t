desc: amd-smi metric --json watch output: CTRL+C line, one array per tick, {value, unit} leaves
needs: sqlite3
# Hand count: tick 1 GPU 0: 2 usage + power + 2x3 gfx clocks + 3 mem clocks + hotspot + mem
# + energy + gfx_clk mean = 16; GPU 1: 2 + 1 + 1 + 2 temps + mean = 7; tick 2: 2 x 2 = 4 → 27.
run: cd "$DATA/telemetry" && litsi ingest --node mi355x amdsmi-metric.json && sqlite3 "$LITSI_DB" "select device, t_ns, metric, unit, value from telemetry_view order by 2, 1, 3"
exit: 0
--- stdout
amdsmi-metric.json: amd-smi-json, node mi355x, 2 GPUs, 0 samples, 0 kernels (0 comm), 27 telemetry readings
0|1786553852000000000|energy_j|J|416143212.215
0|1786553852000000000|gfx_0_clk_mhz|MHz|2100.0
0|1786553852000000000|gfx_0_max_clk|MHz|2400.0
0|1786553852000000000|gfx_0_min_clk|MHz|500.0
0|1786553852000000000|gfx_1_clk_mhz|MHz|2110.0
0|1786553852000000000|gfx_1_max_clk|MHz|2400.0
0|1786553852000000000|gfx_1_min_clk|MHz|500.0
0|1786553852000000000|gfx_activity_pct|%|98.0
0|1786553852000000000|gfx_clk_mhz|MHz|2105.0
0|1786553852000000000|mem_0_max_clk|MHz|1300.0
0|1786553852000000000|mem_0_min_clk|MHz|1300.0
0|1786553852000000000|mem_activity_pct|%|40.0
0|1786553852000000000|mem_clk_mhz|MHz|1300.0
0|1786553852000000000|power_w|W|610.0
0|1786553852000000000|temp_hotspot_c|C|71.0
0|1786553852000000000|temp_mem_c|C|55.0
1|1786553852000000000|gfx_0_clk_mhz|MHz|2000.0
1|1786553852000000000|gfx_activity_pct|%|97.0
1|1786553852000000000|gfx_clk_mhz|MHz|2000.0
1|1786553852000000000|mem_activity_pct|%|39.0
1|1786553852000000000|power_w|W|640.0
1|1786553852000000000|temp_hotspot_c|C|74.0
1|1786553852000000000|temp_mem_c|C|57.0
0|1786553853000000000|power_w|W|615.0
0|1786553853000000000|temp_hotspot_c|C|72.0
1|1786553853000000000|power_w|W|642.0
1|1786553853000000000|temp_hotspot_c|C|75.0
--- stderr
