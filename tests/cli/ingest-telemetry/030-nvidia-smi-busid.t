desc: nvidia-smi log keyed by pci.bus_id: devices in order of first appearance, the mapping kept as metadata
needs: sqlite3
run: cd "$DATA/telemetry" && litsi ingest --tz UTC nvidia-smi-busid.csv && sqlite3 "$LITSI_DB" "select device, t_ns, metric, value from telemetry_view where metric = 'power_w' order by 2; select key, value from source_meta order by 1"
exit: 0
--- stdout
nvidia-smi-busid.csv: nvidia-smi-csv, node default, 2 GPUs, 0 samples, 0 kernels (0 comm), 8 telemetry readings
0|1796064153189000000|power_w|412.5
1|1796064153193000000|power_w|398.2
0|1796064154190000000|power_w|415.75
1|1796064154194000000|power_w|401.0
device 0|pci.bus_id 00000000:18:00.0
device 1|pci.bus_id 00000000:2A:00.0
--- stderr
