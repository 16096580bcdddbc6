desc: NaN, Inf and out-of-range telemetry values are dropped as missing; negative values are kept
needs: sqlite3
setup: printf 'timestamp, index, power.draw, temperature.gpu\n2026/09/11 04:19:41.000, 0, nan, 55\n2026/09/11 04:19:42.000, 0, inf, -inf\n2026/09/11 04:19:43.000, 0, 1e400, -1e400\n2026/09/11 04:19:44.000, 0, -5, Infinity\n2026/09/11 04:19:45.000, 0, NaN, -12.5\n' > nv.csv
run: litsi ingest --tz UTC nv.csv && sqlite3 litsi.db 'select m.name, t.t_ns, t.value from telemetry t join metric m on m.id = t.metric_id order by 2, 1'
exit: 0
--- stdout
nv.csv: nvidia-smi-csv, node default, 1 GPU, 0 samples, 0 kernels (0 comm), 3 telemetry readings
temp_hotspot_c|1789100381000000000|55.0
power_w|1789100384000000000|-5.0
temp_hotspot_c|1789100385000000000|-12.5
--- stderr
