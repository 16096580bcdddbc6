desc: amd-smi one-shot JSON ({gpu_data: [...]}) dated with --time
needs: sqlite3
run: cd "$DATA/telemetry" && litsi ingest --time 1786553852s amdsmi-metric-oneshot.json && sqlite3 "$LITSI_DB" "select device, t_ns, metric, value from telemetry_view order by 1, 3"
exit: 0
--- stdout
amdsmi-metric-oneshot.json: amd-smi-json, node default, 2 GPUs, 0 samples, 0 kernels (0 comm), 6 telemetry readings
0|1786553852000000000|power_w|238.0
0|1786553852000000000|temp_hotspot_c|37.0
0|1786553852000000000|temp_mem_c|23.0
1|1786553852000000000|power_w|242.0
1|1786553852000000000|temp_hotspot_c|41.0
1|1786553852000000000|temp_mem_c|26.0
--- stderr
