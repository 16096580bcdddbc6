desc: rocm-smi --csv: WARNING preamble, one block per option group, system block skipped
needs: sqlite3
# Hand count per card: temps 3 (edge N/A) + power 2 (card2 current: 'N/A (Secondary die)' → 1)
# + clocks 8 + use 4 = 17; 4 cards = 68 - 1 = 67.
run: cd "$DATA/telemetry" && litsi ingest --node mi300x --time 1700000000s rocm-smi.csv && sqlite3 "$LITSI_DB" "select metric, unit, count(*), sum(value) from telemetry_view group by 1, 2 order by 1"
exit: 0
--- stdout
rocm-smi.csv: rocm-smi-csv, node mi300x, 4 GPUs, 0 samples, 0 kernels (0 comm), 67 telemetry readings
fclk_clock_level||4|0.0
fclk_clock_speed|MHz|4|4800.0
gfx_activity_pct|%|4|387.0
gfx_clk_mhz|MHz|4|6500.0
mclk_clock_level||4|12.0
mem_activity_pct|%|4|163.0
mem_clk_mhz|MHz|4|3600.0
power_cap_w|W|4|3000.0
power_w|W|3|490.0
sclk_clock_level||4|4.0
socclk_clock_level||4|0.0
socclk_clock_speed|MHz|4|4572.0
temp_hotspot_c|C|4|185.0
temp_mem_c|C|4|154.0
temperature_sensor_hbm_0_c|C|4|150.0
vram_total_memory_b|B|4|824566611968.0
vram_total_used_memory_b|B|4|629145600000.0
--- stderr
