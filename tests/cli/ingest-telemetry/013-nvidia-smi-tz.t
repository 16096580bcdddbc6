desc: nvidia-smi local times read in the zone given with --tz
needs: sqlite3
# 2026/09/11 04:19:41.982 in UTC+8 = 2026-09-10T20:19:41.982Z = 1789071581.982 s.
run: cd "$DATA/telemetry" && litsi ingest --tz Asia/Shanghai nvidia-smi-nounits.csv && sqlite3 "$LITSI_DB" "select device, t_ns, metric, value from telemetry_view where metric in ('power_w', 'gfx_clk_mhz') order by 2, 1, 3"
exit: 0
--- stdout
nvidia-smi-nounits.csv: nvidia-smi-csv, node default, 2 GPUs, 0 samples, 0 kernels (0 comm), 23 telemetry readings
0|1789071581982000000|gfx_clk_mhz|1980.0
0|1789071581982000000|power_w|412.5
1|1789071581986000000|gfx_clk_mhz|1965.0
0|1789071582990000000|gfx_clk_mhz|1980.0
0|1789071582990000000|power_w|415.75
1|1789071582994000000|gfx_clk_mhz|1950.0
1|1789071582994000000|power_w|420.0
--- stderr
