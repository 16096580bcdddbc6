desc: nvidia-smi --query-gpu CSV with units, [N/A], [Not Supported], repeated header, event reasons
needs: sqlite3
# TZ=UTC: 2024/10/30 18:42:33.189 = 1730313753.189 s (python3 calendar.timegm). Reasons 0x4
# (SW power cap) and 0x40 (HW thermal) give 100, 0x0 and 0x1 (idle) give 0.
run: cd "$DATA/telemetry" && litsi ingest --node b200 nvidia-smi-units.csv && sqlite3 "$LITSI_DB" "select device, t_ns, metric, unit, value from telemetry_view where metric in ('power_w', 'temp_mem_c', 'throttle_pct', 'memory_used') order by 2, 1, 3; select device, vendor, product from gpu order by 1"
exit: 0
--- stdout
nvidia-smi-units.csv: nvidia-smi-csv, node b200, 2 GPUs, 0 samples, 0 kernels (0 comm), 50 telemetry readings
0|1730313753189000000|memory_used|MiB|13456.0
0|1730313753189000000|power_w|W|702.15
0|1730313753189000000|temp_mem_c|C|58.0
0|1730313753189000000|throttle_pct|%|0.0
1|1730313753193000000|memory_used|MiB|13456.0
1|1730313753193000000|throttle_pct|%|100.0
0|1730313754190000000|memory_used|MiB|13460.0
0|1730313754190000000|power_w|W|705.4
0|1730313754190000000|temp_mem_c|C|58.0
0|1730313754190000000|throttle_pct|%|0.0
1|1730313754194000000|memory_used|MiB|13460.0
1|1730313754194000000|power_w|W|698.02
1|1730313754194000000|temp_mem_c|C|59.0
1|1730313754194000000|throttle_pct|%|100.0
0|NVIDIA|NVIDIA B200
1|NVIDIA|NVIDIA B200
--- stderr
